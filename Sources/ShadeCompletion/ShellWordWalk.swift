/// The walk over the words before the cursor that the bash and zsh scripts share, in the shell
/// language both read: options before the command (`--store` kept for `complete-words`), `--`,
/// the command and a group's command, `next`/`this`/`last` before a weekday, and the count of
/// positional words. Only the test of whether a word is one of a group's commands differs: bash
/// keeps a group's commands in a list, zsh in `name:description` pairs.
enum ShellWordWalk {
    /// The body of the loop over `words`, indented for the scripts' driver functions;
    /// `isGroupCommand` is the shell test that `$word` is one of `$cmd`'s commands.
    static func body(isGroupCommand: String) -> String {
        let lines = [
            "word=${words[i]}",
            "if [[ -n $pending ]]; then",
            "  [[ $pending == --store ]] && _shade_store=(--store \"$word\")",
            "  pending=''",
            "  continue",
            "fi",
            "if [[ -n $cmd && -z $ended && $word == -- ]]; then",
            "  ended=1",
            "  continue",
            "fi",
            "if [[ -z $ended && $word == --* ]]; then",
            "  [[ $word == --store=* ]] && _shade_store=(\"$word\")",
            "  [[ $word != *=* ]] && _shade_option \"$cmd\" \"$word\" && pending=$word",
            "  named=''",
            "  continue",
            "fi",
            "if [[ -z $cmd ]]; then",
            "  cmd=$word named=1",
            "  continue",
            "fi",
            "if [[ -n $named ]] && _shade_group \"$cmd\" && \(isGroupCommand); then",
            "  cmd=\"$cmd $word\" named=''",
            "  continue",
            "fi",
            "named=''",
            "if [[ -z $after_day && \" $_shade_day_prefixes \" == *\" $word \"* ]]; then",
            "  _shade_position \"$cmd\" \"$position\"",
            "  if [[ \" $_shade_r \" == *\" $_shade_day_marker \"* ]]; then",
            "    after_day=1",
            "    continue",
            "  fi",
            "fi",
            "after_day=''",
            "(( position++ ))",
        ]
        return lines.map { "    " + $0 }.joined(separator: "\n")
    }
}
