import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Undo: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "undo",
            abstract: "Take back the last change (the last \(StoreFormat.undoDepth) are kept, across runs).",
            discussion: "Examples:\n  undo",
            flags: [.json("Print what was taken back as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            let entry = try session.store.undo(now: session.now())
            if json {
                let context = try session.renderContext(series: true)
                let restored = entry?.records.compactMap { $0.before?.task } ?? []
                let removed = entry?.records.filter { $0.before == nil }.compactMap { $0.after?.task } ?? []
                try session.printJSON([
                    "undone": .optional(entry?.label),
                    "restored": .array(restored.map { ViewJSON.task($0, context: context) }),
                    "removed": .array(removed.map { ViewJSON.task($0, context: context) }),
                ])
                return
            }
            guard let entry else {
                session.print("nothing to undo")
                return
            }
            session.print("undid “\(entry.label)” (" + ChangeText.touched(entry) + ")")
        }
    }
}
