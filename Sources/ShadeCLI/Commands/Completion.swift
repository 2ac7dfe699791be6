import ShadeCompletion
import ShadeCore

extension Shade {
    struct Completion: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "completion", abstract: "Print the shell completion script for bash, zsh or fish.",
            discussion: """
                The script completes commands, their flags and options, days, slots, and reads \
                task ids (with their titles in zsh and fish), goals, categories and tags from the \
                store when Tab is pressed. scripts/install puts it where each shell looks; by hand: \
                bash: source <(shade completion bash) in ~/.bashrc; zsh: shade completion zsh > \
                _shade in a directory of $fpath, before compinit; fish: shade completion fish > \
                ~/.config/fish/completions/shade.fish.

                Examples:
                  completion bash
                  completion zsh
                  completion fish
                """,
            arguments: [.init("shell", valueName: "bash|zsh|fish", help: "The shell.")])
        let shell: String

        init(_ arguments: CommandArguments) {
            shell = arguments.word("shell")
        }

        func execute(in session: Session) throws {
            let script: String
            switch shell.lowercased() {
            case "bash": script = BashCompletionScript.text(CompletionScriptTable.table)
            case "zsh": script = ZshCompletionScript.text(CompletionScriptTable.table)
            case "fish": script = FishCompletionScript.text(CompletionScriptTable.table)
            default:
                throw CommandError.usage(
                    "completion takes bash, zsh or fish, not '\(CommandArguments.quoted(shell))'\n  see: help completion"
                )
            }
            // Shade's own words (no text of the store is in a script), passed through the escaping
            // all the same: the scripts hold no control character but line breaks.
            session.print(SafeText(escaping: script, keepingLineBreaks: true))
        }
    }

    /// What the completion scripts ask when Tab is pressed: the values of one kind from the store
    /// (`open-ids`, `categories` …, see `CompletionSource`), one a line as `VALUE<tab>DESCRIPTION`.
    /// Not listed by help: it is for the scripts. It never fails loudly — an unknown kind or a
    /// store that cannot be read prints nothing — and it changes nothing.
    struct CompleteWords: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "complete-words", abstract: "The values Tab offers from the store (for the completion scripts).",
            arguments: [.init("kind", valueName: "KIND", help: "What to list.", arity: .rest)])
        static let settlesMergedPlanner = false
        let kind: [String]

        init(_ arguments: CommandArguments) {
            kind = arguments.words("kind")
        }

        func execute(in session: Session) {
            guard kind.count == 1, let source = CompletionSource(rawValue: kind[0]) else { return }
            let lines = StoreCompletionData(session: session).candidates(source).map { candidate -> SafeText in
                candidate.description.isEmpty
                    ? "\(candidate.value)\n" : "\(candidate.value)\t\(candidate.description)\n"
            }
            if !lines.isEmpty { session.print(lines.joined()) }
        }
    }
}
