import ShadeCore
import ShadeRendering

extension Shade {
    struct Star: TaskMarkCommand {
        static let grammar = TaskSelection.grammar(
            "star", abstract: "Star tasks as the few that matter (filter them with 'ls fav').", examples: ["4", "4 7"])
        static let mark = TaskMark.favorite(true)
        let selection: TaskSelection
    }

    struct Unstar: TaskMarkCommand {
        static let grammar = TaskSelection.grammar("unstar", abstract: "Take the star off tasks.", examples: ["4"])
        static let mark = TaskMark.favorite(false)
        let selection: TaskSelection
    }
}
