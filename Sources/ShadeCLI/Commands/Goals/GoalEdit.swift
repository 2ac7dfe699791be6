import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalEdit: GoalCommand {
        static let grammar = Goals.grammar(
            "edit", abstract: "Change a goal's title, day or week, or due date.",
            more: [RestWords.argument("[TITLE…] [for:DAY|WEEK] [due:DATE|none]", help: "What changes.")])
        let selection: GoalSelection

        func execute(in session: Session) throws {
            let (word, words) = (selection.word, selection.words)
            let parsed = try GoalWords.parse(words, resolver: session.resolver())
            guard !words.isEmpty else {
                throw CommandError.usage(
                    "goal edit \(word) needs what to change: a title, for:DAY|WEEK or due:DATE|none")
            }
            try Goals.change(selection, verb: ["edit"] + words, session: session, confirm: GoalView.edited) {
                goal, context in
                try GoalOperations.edit(
                    goal, title: parsed.title.isEmpty ? nil : parsed.title, period: parsed.period, due: parsed.due,
                    context: context)
            }
        }
    }
}
