import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Undo: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "undo",
            abstract: "Take back the last change (the last \(StoreFormat.undoDepth) are kept, across runs).",
            discussion: "Examples:\n  undo",
            flags: [.json("Print what was taken back as JSON.")])
        let json: Bool

        func execute(in session: Session) throws {
            let entry = try session.store.undo(now: session.now())
            if json {
                try session.printJSON(UndoView.json(entry, context: session.renderContext(series: true)))
            } else {
                session.print(UndoView.render(entry))
            }
        }
    }
}
