import ShadeCore
import ShadeManual

extension Shade {
    struct Help: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "help", abstract: "Show the commands, one command's usage with examples, or a manual.",
            discussion: """
                The manuals besides the commands: help store (the store's files, formats and \
                durability, shade-store(5)) and help sharing (sharing a planner through git, the \
                merge and what is trusted, shade-sync(7)); each shows the text of its manual page.

                Examples:
                  help
                  help add
                  help store
                  help --man
                  help --man sharing
                """,
            flags: [
                .init(
                    name: "man",
                    help: "Print the manual page shade(1), or a manual's own page, as roff (read it with man -l -).")
            ],
            arguments: [
                .init(
                    "command", valueName: "COMMAND",
                    help: "A command name (cat takes one of its own: help cat rm), or a manual: store, sharing.",
                    arity: .rest)
            ])
        let command: [String]
        let man: Bool

        init(_ arguments: CommandArguments) {
            command = arguments.words("command")
            man = arguments.flag("man")
        }

        func execute(in session: Session) throws {
            let topic = command.count == 1 ? ManualTopic.page(named: command[0]) : nil
            if man {
                // Shade's own words, passed through the escaping all the same: roff holds no
                // control character but line breaks.
                session.print(
                    SafeText(escaping: topic?.roff(version: Shade.version) ?? ManPage.text, keepingLineBreaks: true))
                return
            }
            guard !command.isEmpty else {
                session.print(Help.overview)
                return
            }
            if let topic {
                session.print(topic.terminalText(columns: CommandHelp.columns))
                return
            }
            guard let text = Shade.helpText(for: command) else {
                let shown = CommandArguments.quoted(command.joined(separator: " "))
                throw CommandError.usage(
                    "there is no command '\(shown)'; commands: \(Shade.commandNames.joined(separator: ", "))")
            }
            session.print(text)
        }
    }
}
