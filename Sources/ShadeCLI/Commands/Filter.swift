import ShadeCore

extension Shade {
    struct Filter: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "filter", abstract: "In the REPL: a standing filter every view applies until 'filter clear'.",
            discussion: """
                Takes the filters ls takes; the prompt shows the filter in force. 'filter' alone \
                shows it. In a shell, give the filters to ls instead.

                Examples:
                  filter +work
                  filter overdue cat:bill
                  filter clear
                """,
            arguments: [.init("words", valueName: "FILTER…", help: "Filters, or clear.", arity: .rest)])
        let words: [String]

        init(_ arguments: CommandArguments) {
            words = arguments.words("words")
        }

        /// The filters (`filter` alone and `filter clear` take none).
        func parseWords(resolver: DayResolver) throws -> [TaskFilter] {
            guard !words.isEmpty, words.map({ $0.lowercased() }) != ["clear"] else { return [] }
            return try words.map { try List.filter($0, resolver: resolver) }
        }

        func execute(in session: Session) throws {
            guard session.isInteractive else {
                throw CommandError.usage(
                    "filter sets a standing filter in the REPL; in a shell, give the filters to ls")
            }
            if words.isEmpty {
                session.print(
                    session.standingFilter.map { "filter: \($0.words.joined(separator: " "))" } ?? "no filter")
                return
            }
            if words.map({ $0.lowercased() }) == ["clear"] {
                session.standingFilter = nil
                session.print("filter cleared")
                return
            }
            session.standingFilter = (words, session.query(try parseWords(resolver: session.resolver())))
            session.print("filter: \(words.joined(separator: " "))")
        }
    }
}
