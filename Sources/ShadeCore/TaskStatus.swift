/// Where a task stands.
public enum TaskStatus: String, CaseIterable, Sendable {
    /// Still to do.
    case open
    /// Finished.
    case done
    /// Kept on record, out of the rates.
    case cancelled
}
