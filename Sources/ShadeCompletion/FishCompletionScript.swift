/// The fish completion script (`shade completion fish`): tables written from the grammars, and
/// a function that walks the tokens before the cursor as `Completer` does and prints the
/// candidates, one a line as `VALUE<tab>DESCRIPTION`: commands, a group's commands and flags with
/// what they do, task ids and goals with their titles.
public enum FishCompletionScript {
    /// The script for `table`.
    public static func text(_ table: CompletionTable) -> String {
        var lines = [table.header("fish")]
        lines.append("function __shade_commands")
        for command in table.commands { lines.append("    echo " + described(command.name, command.abstract)) }
        lines.append("end")
        lines.append("")
        lines.append("# The commands of a group, each with what it does.")
        lines.append("function __shade_group --argument-names group")
        lines.append("    switch $group")
        for group in table.groups {
            lines.append("        case \(quoted(group.name))")
            for command in group.commands {
                lines.append("            echo " + described(command.name, command.abstract))
            }
        }
        lines.append("        case '*'")
        lines.append("            return 1")
        lines.append("    end")
        lines.append("end")
        lines.append("")
        lines.append("# The flags and options of a command, each with its help.")
        lines.append("function __shade_switches --argument-names command")
        lines.append("    switch $command")
        for completion in table.completions {
            lines.append("        case \(quoted(completion.name))")
            for flag in completion.switches {
                lines.append("            echo " + described("--" + flag.name, flag.help))
            }
        }
        lines.append("        case '*'")
        for flag in table.leadingSwitches { lines.append("            echo " + described("--" + flag.name, flag.help)) }
        lines.append("    end")
        lines.append("end")
        lines.append("")
        lines.append("# What the value of a command's option may be; fails for a word that is no such option.")
        lines.append("function __shade_option --argument-names command option")
        lines.append("    switch \"$command:$option\"")
        for completion in table.completions {
            for row in completion.optionRows {
                lines.append("        case \(quoted(completion.name + ":--" + row.name))")
                lines.append("            " + printed(row.tokens))
            }
        }
        for row in table.globalOptionRows {
            lines.append("        case '*:--\(row.name)'")
            lines.append("            " + printed(row.tokens))
        }
        lines.append("        case '*'")
        lines.append("            return 1")
        lines.append("    end")
        lines.append("end")
        lines.append("")
        lines.append("# What the word at a position after a command may be (0: the first).")
        lines.append("function __shade_position --argument-names command position")
        lines.append("    switch \"$command:$position\"")
        for completion in table.completions {
            for row in completion.positionRows {
                let key = quoted(completion.name + ":" + (row.position.map(String.init) ?? "*"))
                lines.append("        case \(key)")
                lines.append("            " + printed(row.tokens))
            }
        }
        lines.append("    end")
        lines.append("end")
        lines.append("")
        lines.append(
            "# Values with a prefix anywhere on the line (cat:NAME, +tag, goal:gN …): the prefix, then the tokens.")
        lines.append("function __shade_prefixed --argument-names word")
        lines.append("    switch $word")
        for row in table.prefixRows {
            lines.append("        case \(quoted(row.prefix + "*"))")
            lines.append("            " + printed([row.prefix] + row.tokens))
        }
        lines.append("        case '*'")
        lines.append("            return 1")
        lines.append("    end")
        lines.append("end")
        lines.append("")
        lines.append("set -g __shade_day_prefixes " + table.dayPrefixes.map(quoted).joined(separator: " "))
        lines.append("set -g __shade_weekdays " + table.weekdays.map(quoted).joined(separator: " "))
        lines.append("set -g __shade_day_marker " + quoted(table.dayMarker))
        lines.append(driver)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A text in fish's single quotes (a backslash and a quote inside escaped).
    private static func quoted(_ text: String) -> String {
        "'" + text.replacing("\\", with: "\\\\").replacing("'", with: "\\'") + "'"
    }

    /// A command that prints words one a line (none for no word).
    private static func printed(_ words: [String]) -> String {
        words.isEmpty ? "true" : "printf '%s\\n' " + words.map(quoted).joined(separator: " ")
    }

    /// `NAME<tab>HELP`, as fish reads a candidate with its description.
    private static func described(_ name: String, _ help: String) -> String {
        quoted(name) + "\\t" + quoted(help)
    }

    /// The function fish calls for the candidates: walks the tokens before the cursor, then prints.
    private static let driver = #"""

        # Prints the tokens' values after the prefix $argv[1]: words as they are, @KIND from the
        # store (with descriptions where it gives them), @files and @dirs as fish completes paths.
        function __shade_offer --argument-names prefix
            set -e argv[1]
            set -l cur (commandline -ct)
            set -l rest (string sub -s (math (string length -- "$prefix") + 1) -- "$cur")
            for token in $argv
                switch $token
                    case '@files'
                        for file in (__fish_complete_path "$rest")
                            printf '%s\n' $prefix$file
                        end
                    case '@dirs'
                        for file in (__fish_complete_directories "$rest")
                            printf '%s\n' $prefix$file
                        end
                    case '@*'
                        for line in (shade $__shade_store complete-words (string sub -s 2 -- $token) 2>/dev/null)
                            # A value already on the line (done 4 7) is not offered again.
                            contains -- "$prefix"(string replace -r -- '\t.*' '' $line) $__shade_words
                            or printf '%s\n' $prefix$line
                        end
                    case '*'
                        test -n "$token"; and printf '%s\n' $prefix$token
                end
            end
        end

        function __shade_complete
            set -l words (commandline -opc)
            set -e words[1]
            set -g __shade_words $words
            set -l cur (commandline -ct)
            set -l command ''
            set -l pending ''
            set -l ended ''
            set -l after_day ''
            set -l named ''
            set -l position 0
            set -g __shade_store
            for word in $words
                if test -n "$pending"
                    test "$pending" = --store; and set -g __shade_store --store $word
                    set pending ''
                    continue
                end
                if test -n "$command" -a -z "$ended" -a "$word" = --
                    set ended 1
                    continue
                end
                if test -z "$ended"; and string match -q -- '--*' $word
                    string match -q -- '--store=*' $word; and set -g __shade_store $word
                    if not string match -q -- '*=*' $word; and __shade_option "$command" $word >/dev/null
                        set pending $word
                    end
                    set named ''
                    continue
                end
                if test -z "$command"
                    set command $word
                    set named 1
                    continue
                end
                if test -n "$named"; and contains -- $word (__shade_group $command | string replace -r '\t.*' '')
                    set command "$command $word"
                    set named ''
                    continue
                end
                set named ''
                if test -z "$after_day"; and contains -- $word $__shade_day_prefixes
                    if contains -- $__shade_day_marker (__shade_position $command $position)
                        set after_day 1
                        continue
                    end
                end
                set after_day ''
                set position (math $position + 1)
            end
            set -l prefixed (__shade_prefixed "$cur")
            if test -n "$pending"
                __shade_offer '' (__shade_option $command $pending)
            else if test -z "$command"
                if string match -q -- '-*' "$cur"
                    __shade_switches ''
                else
                    __shade_commands
                end
            else if test -z "$ended"; and string match -q -- '--*=*' "$cur"
                set -l name (string replace -r -- '=.*' '' "$cur")
                if __shade_option $command $name >/dev/null
                    __shade_offer "$name=" (__shade_option $command $name)
                end
            else if test -z "$ended"; and string match -q -- '-*' "$cur"
                __shade_switches $command
            else if test (count $prefixed) -gt 0
                __shade_offer $prefixed
            else if test -n "$after_day"
                __shade_offer '' $__shade_weekdays
            else
                if test $position -eq 0 -a -n "$named"
                    __shade_group $command
                end
                __shade_offer '' (__shade_position $command $position)
            end
        end

        complete -c shade -f -k -a '(__shade_complete)'
        """#
}
