import ShadeCore
import ShadeStore

/// Why sharing the planner could not be done. Every message says what happened and what the
/// user's copy is left as; a path or a reason that came from another copy is escaped.
public enum SyncError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The sync (or a step of it) could not be done.
    case failed(SafeText)
    /// What another copy sent was refused by the gate before any of it reached this copy.
    case refused(path: String, reason: SafeText, sender: String?)

    /// The message, escaped for the terminal.
    public var message: SafeText {
        switch self {
        case .failed(let text): text
        case .refused(let path, let reason, let sender):
            "refused what the remote holds: \(Self.shortened(path))"
                + (sender.map { " (sent by \(Self.shortened($0)))" as SafeText } ?? "") + " \(reason)"
                + "; nothing of it was merged, your planner and your changes are as they were"
                + "\n  whoever sent it can remove it with plain git; the next sync then goes through"
        }
    }

    public var description: String { message.text }

    /// The planner has nothing to sync with: no git remote, no task list.
    public static let nothingToSyncWith = SyncError.failed(
        "this planner is not shared yet, so there is nothing to sync; 'sync init' shares it, 'sync init REMOTE' joins one, 'caldav init URL' links a task list"
    )

    /// What a sync that failed says of it, as its state keeps it (`last_error`).
    static func describing(_ error: any Error) -> String {
        switch error {
        case let failure as SyncError: failure.message.text
        case let failure as StoreError: failure.message.text
        default: String(describing: error)
        }
    }

    /// A name that came from another copy, cut so that a message stays two lines.
    static func shortened(_ text: String, to limit: Int = 160) -> String {
        text.count > limit ? String(text.prefix(limit)) + "…" : text
    }
}
