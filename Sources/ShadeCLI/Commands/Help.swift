import ShadeCore
import ShadeStore

extension Shade {
    struct Help: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "help", abstract: "Show the commands, or one command's usage with examples.",
            discussion: "Examples:\n  help\n  help add",
            arguments: [
                .init(
                    "command", valueName: "COMMAND", help: "A command name (cat takes one of its own: help cat rm).",
                    arity: .rest)
            ])
        let command: [String]

        init(_ arguments: CommandArguments) {
            command = arguments.words("command")
        }

        static let overview: SafeText = """
            shade — plan your week in morning, afternoon and evening slots.

            Commands (every view takes --json):
              add [DAY] [SLOT] TITLE… [+tag] [at:HH:MM]   add tue evening Call the bank +errand
              done ID… / undone ID…                       done 4 7
              cancel ID…                                  cancel 5   (kept, out of the rates)
              rm ID…                                      rm 5
              mv ID DAY [SLOT] [at:HH:MM]                 mv 4 fri evening
              edit ID [TITLE…] [+tag] [-tag] [at:HH:MM] [cat:NAME] [color:NAME]
                                                          edit 7 cat:bill +urgent color:red
              star ID… / unstar ID…                       star 4
              note ID TEXT… | --clear                     note 4 Bring the contract
              cat [add|rename|color|rm …]                 cat rm grocery --to errand
              show ID                                     show 4
              day [DAY]                                   day tomorrow
              week [WEEK]                                 week next
              ls [FILTER…] [sort:KEY] [--by status|cat]   ls overdue +work
              find TEXT… [sort:KEY]                       find creme brulee
              filter FILTER… | clear   (REPL)             filter +work overdue
              stats [--weeks N|--from W --to W|--all]     stats --weeks 26
              undo                                        undo
              check                                       check --json   (verify the store)
              restore [N]                                 restore 12     (saved copies)
              help [COMMAND]                              help add

            Days:   today tomorrow yesterday, mon … sun (of the week in view), YYYY-MM-DD
            Slots:  morning (m) 06:00–12:00, afternoon (a) 12:00–18:00, evening (e) 18:00–24:00
            Weeks:  this, next, prev, last, YYYY-Www
            REPL:   a day or a slot alone moves the view; next / prev move a day;
                    day DAY and week WEEK move it too; quit, exit or Ctrl-D leaves.
            Exit codes: 0 done, 1 could not be done, 64 not understood, 75 store busy.
            """

        func execute(in session: Session) throws {
            guard !command.isEmpty else {
                session.print(Help.overview)
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
