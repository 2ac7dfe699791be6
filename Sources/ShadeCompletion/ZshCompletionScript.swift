/// The zsh completion script (`shade completion zsh`): tables written from the grammars, and a
/// `_shade` function that walks the words before the cursor as `Completer` does. Commands, a
/// group's commands and flags come with what they do; task ids and goals with their titles
/// (`_describe`). It works autoloaded from a directory of `$fpath` (as `_shade`) and sourced
/// after `compinit`.
public enum ZshCompletionScript {
    /// The script for `table`.
    public static func text(_ table: CompletionTable) -> String {
        var lines = ["#compdef shade", table.header("zsh")]
        lines.append("compdef _shade shade 2>/dev/null")
        lines.append("")
        lines.append("# The commands, each with what it does.")
        lines.append("_shade_commands=(")
        for command in table.commands { lines.append("  " + described(command.name, command.abstract)) }
        lines.append(")")
        lines.append("")
        lines.append("# The commands of a group, each with what it does.")
        lines.append("_shade_group() {")
        lines.append("  case $1 in")
        for group in table.groups {
            let entries = group.commands.map { described($0.name, $0.abstract) }.joined(separator: " ")
            lines.append("    \(CompletionTable.shellQuoted(group.name))) _shade_d=(\(entries)) ;;")
        }
        lines.append("    *) return 1 ;;")
        lines.append("  esac")
        lines.append("}")
        lines.append("")
        lines.append("# The flags and options of a command, each with its help.")
        lines.append("_shade_switches() {")
        lines.append("  case $1 in")
        for completion in table.completions {
            let entries = completion.switches.map { described("--" + $0.name, $0.help) }
            lines.append(
                "    \(CompletionTable.shellQuoted(completion.name))) _shade_d=(\(entries.joined(separator: " "))) ;;")
        }
        let leading = table.leadingSwitches.map { described("--" + $0.name, $0.help) }
        lines.append("    *) _shade_d=(\(leading.joined(separator: " "))) ;;")
        return table.script(closing: lines, driver: driver)
    }

    /// `'NAME:HELP'` for `_describe`, the name's colons escaped.
    private static func described(_ name: String, _ help: String) -> String {
        CompletionTable.shellQuoted(name.replacing(":", with: "\\:") + ":" + help)
    }

    /// The completion function: walks the words before the cursor, then offers.
    private static let driver = #"""

        # Offers the tokens' values: words as they are, @KIND from the store (with descriptions
        # where it gives them), @files and @dirs as zsh completes paths.
        _shade_offer() {
          local token line value desc
          local -a plain described
          for token in ${=1}; do
            case $token in
              @files) _files ;;
              @dirs) _directories ;;
              @*)
                described=()
                for line in "${(@f)$(shade $_shade_store complete-words ${token#@} 2>/dev/null)}"; do
                  [[ -z $line ]] && continue
                  value=${line%%$'\t'*}
                  # A value already on the line (done 4 7) is not offered again.
                  [[ -n ${(M)${(@)words[1,CURRENT-1]}:#$IPREFIX$value} ]] && continue
                  desc=${line#*$'\t'}
                  [[ $line == *$'\t'* ]] || desc=''
                  if [[ -n $desc ]]; then
                    # _describe reads a backslash as an escape and the first colon as the end of the value.
                    value=${value//\\/\\\\} desc=${desc//\\/\\\\}
                    described+=("${value//:/\\:}:${desc//:/\\:}")
                  else
                    plain+=("$value")
                  fi
                done
                (( ${#described} )) && _describe -V -t ${token#@} ${token#@} described ;;
              *) plain+=("$token") ;;
            esac
          done
          (( ${#plain} )) && compadd -V words -a plain
        }

        _shade() {
          local cur=$PREFIX cmd='' word pending='' ended='' after_day='' named='' position=0 i
          local _shade_r='' _shade_p=''
          local -a _shade_store _shade_d
          for (( i = 2; i < CURRENT; i++ )); do
        \#(ShellWordWalk.body(isGroupCommand: #"[[ -n ${(M)${_shade_d%%:*}:#$word} ]]"#))
          done
          if [[ -n $pending ]]; then
            _shade_option "$cmd" "$pending"
            _shade_offer "$_shade_r"
          elif [[ -z $cmd ]]; then
            if [[ $cur == -* ]]; then
              _shade_switches ''
              _describe -t options option _shade_d
            else
              _describe -t commands 'shade command' _shade_commands
            fi
          elif [[ -z $ended && $cur == --*=* ]]; then
            if _shade_option "$cmd" "${cur%%=*}"; then
              compset -P '*='
              _shade_offer "$_shade_r"
            fi
          elif [[ -z $ended && $cur == -* ]]; then
            _shade_switches "$cmd"
            _describe -t options option _shade_d
          elif _shade_prefixed "$cur"; then
            compset -P "${(b)_shade_p}"
            _shade_offer "$_shade_r"
          elif [[ -n $after_day ]]; then
            _shade_offer "$_shade_weekdays"
          else
            if (( position == 0 )) && [[ -n $named ]] && _shade_group "$cmd"; then
              _describe -t commands "$cmd command" _shade_d
            fi
            _shade_position "$cmd" "$position"
            _shade_offer "$_shade_r"
          fi
        }

        # Autoloaded from $fpath, this file is the body of _shade: run the function it defines.
        if [[ ${funcstack[1]} == _shade ]]; then
          _shade "$@"
        fi
        """#
}
