import ShadeCore
import ShadeRendering

extension Shade {
    struct GoalShare: GoalCommand {
        static let grammar = Goals.grammar(
            "share", abstract: "Share a goal with people (-NAME takes one off).",
            more: [RestWords.argument("NAME…", help: "Who shares it.", name: "names")])
        let selection: GoalSelection

        func execute(in session: Session) throws {
            let (word, names) = (selection.word, selection.words)
            guard !names.isEmpty else {
                throw CommandError.usage("goal share \(word) needs a name, e.g. goal share \(word) sam")
            }
            try Goals.change(selection, verb: ["share"] + names, session: session, confirm: GoalView.shared) {
                goal, context in
                try GoalOperations.share(goal, names: names, context: context)
            }
        }
    }
}
