/// What a command of its own marks tasks with: a status (`done`, `undone`, `cancel`) or the
/// favourite star (`star`, `unstar`).
public enum TaskMark: Hashable, Sendable {
    /// Done, open again, or cancelled.
    case status(TaskStatus)
    /// Starred (true) or not.
    case favorite(Bool)
}
