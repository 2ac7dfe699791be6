import ShadeCore
import ShadeRendering

/// Task text as confirmations show it: sanitised and cut to a readable length.
enum TerminalTextBridge {
    static func title(_ task: PlannerTask) -> String {
        DisplayWidth.truncate(TerminalText.sanitize(task.title), to: 60)
    }
}
