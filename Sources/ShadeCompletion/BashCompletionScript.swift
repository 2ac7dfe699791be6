/// The bash completion script (`shade completion bash`): tables written from the grammars, and a
/// function that walks the line up to the cursor as `Completer` does. It needs no library
/// (bash-completion's loader finds it, but it calls nothing of bash-completion's), reads the line
/// from `COMP_LINE` and `COMP_POINT` (so that `cat:` and `--by=` are one word whatever
/// `COMP_WORDBREAKS` holds), and replies with values quoted for the shell, less what readline
/// keeps of the word before its last `:` or `=` break. bash shows no descriptions: task ids come
/// without their titles.
public enum BashCompletionScript {
    /// The script for `table`.
    public static func text(_ table: CompletionTable) -> String {
        var lines = [table.header("bash")]
        lines.append("_shade_commands=" + CompletionTable.shellQuoted(table.commands.map(\.name)))
        lines.append("")
        lines.append("# The commands of a group.")
        lines.append("_shade_group() {")
        lines.append("  case $1 in")
        for group in table.groups {
            lines.append(
                "    \(CompletionTable.shellQuoted(group.name))) _shade_r=\(CompletionTable.shellQuoted(group.commands.map(\.name))) ;;"
            )
        }
        lines.append("    *) return 1 ;;")
        lines.append("  esac")
        lines.append("}")
        lines.append("")
        lines.append("# The flags and options of a command.")
        lines.append("_shade_switches() {")
        lines.append("  case $1 in")
        for completion in table.completions {
            let names = completion.switches.map { "--" + $0.name }
            lines.append(
                "    \(CompletionTable.shellQuoted(completion.name))) _shade_r=\(CompletionTable.shellQuoted(names)) ;;"
            )
        }
        lines.append(
            "    *) _shade_r=" + CompletionTable.shellQuoted(table.leadingSwitches.map { "--" + $0.name }) + " ;;")
        return table.script(closing: lines, driver: driver)
    }

    /// The function bash calls: walks the words before the cursor, then replies.
    private static let driver = #"""

        # Adds the tokens' values that start with $2 to COMPREPLY, each after the prefix $1 (the
        # words before the cursor are _shade's).
        _shade_reply() {
          local prefix=$1 cur=$2 token value strip=''
          local -a tokens candidates=() paths=()
          read -r -a tokens <<< "$3"
          for token in "${tokens[@]}"; do
            case $token in
              @files|@dirs)
                compopt -o filenames 2>/dev/null
                if [[ $token == @dirs ]]; then
                  mapfile -t paths < <(compgen -d -- "${cur#"$prefix"}")
                else
                  mapfile -t paths < <(compgen -f -- "${cur#"$prefix"}")
                fi
                for value in "${paths[@]}"; do candidates+=("$prefix$value"); done ;;
              @*)
                while IFS=$'\t' read -r value _; do
                  # A value already on the line (done 4 7) is not offered again.
                  [[ -n $value && " ${words[*]} " != *" $prefix$value "* ]] && candidates+=("$prefix$value")
                done < <(shade "${_shade_store[@]}" complete-words "${token#@}" 2>/dev/null) ;;
              *) candidates+=("$prefix$token") ;;
            esac
          done
          # readline replaces only the text after the word's last ':' or '=' when COMP_WORDBREAKS
          # holds them (as it does by default): the replies leave out what comes before.
          local tail=$cur
          [[ $COMP_WORDBREAKS == *:* ]] && tail=${tail##*:}
          [[ $COMP_WORDBREAKS == *=* ]] && tail=${tail##*=}
          strip=${cur%"$tail"}
          for value in "${candidates[@]}"; do
            [[ $value == "$cur"* ]] || continue
            value=${value#"$strip"}
            printf -v value '%q' "$value"
            COMPREPLY+=("$value")
          done
        }

        _shade() {
          COMPREPLY=()
          local line=${COMP_LINE:0:COMP_POINT} cur='' cmd='' word pending='' ended='' after_day=''
          local named='' position=0 _shade_r='' _shade_p=''
          local -a words _shade_store=()
          read -r -a words <<< "$line"
          if [[ -n $line && $line != *[[:blank:]] && ${#words[@]} -gt 0 ]]; then
            cur=${words[${#words[@]}-1]}
            unset 'words[${#words[@]}-1]'
          fi
          local i
          for (( i = 1; i < ${#words[@]}; i++ )); do
        \#(ShellWordWalk.body(isGroupCommand: #"[[ " $_shade_r " == *" $word "* ]]"#))
          done
          if [[ -n $pending ]]; then
            _shade_option "$cmd" "$pending"
            _shade_reply '' "$cur" "$_shade_r"
          elif [[ -z $cmd ]]; then
            if [[ $cur == -* ]]; then
              _shade_switches ''
              _shade_reply '' "$cur" "$_shade_r"
            else
              _shade_reply '' "$cur" "$_shade_commands"
            fi
          elif [[ -z $ended && $cur == --*=* ]]; then
            _shade_option "$cmd" "${cur%%=*}" && _shade_reply "${cur%%=*}=" "$cur" "$_shade_r"
          elif [[ -z $ended && $cur == -* ]]; then
            _shade_switches "$cmd"
            _shade_reply '' "$cur" "$_shade_r"
          elif _shade_prefixed "$cur"; then
            _shade_reply "$_shade_p" "$cur" "$_shade_r"
          elif [[ -n $after_day ]]; then
            _shade_reply '' "$cur" "$_shade_weekdays"
          else
            if (( position == 0 )) && [[ -n $named ]] && _shade_group "$cmd"; then
              _shade_reply '' "$cur" "$_shade_r"
            fi
            _shade_position "$cmd" "$position"
            _shade_reply '' "$cur" "$_shade_r"
          fi
        }

        complete -F _shade shade
        """#
}
