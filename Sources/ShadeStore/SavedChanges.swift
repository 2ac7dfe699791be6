import Synchronization

/// How many changes this process saved to a store (a write that changed the planner, an undo, a
/// batch, a large change), whatever store and however they were saved: what a command's caller
/// compares before and after it to know whether the command changed the planner (a change saved
/// starts a background sync when `sync auto` is on).
public enum SavedChanges {
    private static let saved = Atomic<Int>(0)

    /// The changes saved so far.
    public static var count: Int { saved.load(ordering: .relaxed) }

    /// Counts one change saved.
    static func record() { saved.add(1, ordering: .relaxed) }
}
