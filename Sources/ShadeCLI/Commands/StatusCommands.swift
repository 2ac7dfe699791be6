import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Done: TaskMarkCommand {
        static let grammar = TaskSelection.grammar("done", abstract: "Mark tasks done.", examples: ["4", "4 7 9"])
        static let mark = TaskMark.status(.done)
        let selection: TaskSelection
    }

    struct Undone: TaskMarkCommand {
        static let grammar = TaskSelection.grammar("undone", abstract: "Mark tasks open again.", examples: ["4"])
        static let mark = TaskMark.status(.open)
        let selection: TaskSelection
    }

    struct Cancel: TaskMarkCommand {
        static let grammar = TaskSelection.grammar(
            "cancel", abstract: "Cancel tasks: kept on record, out of the rates.", examples: ["4"])
        static let mark = TaskMark.status(.cancelled)
        let selection: TaskSelection
    }
}
