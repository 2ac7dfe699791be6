import ShadeCore
import ShadeJSON
import ShadeStore

/// How `sync status` shows how this copy's sync stands.
public enum SyncStatusView {
    /// A few lines: the remote, auto on or off, the last sync, the last error, what waits.
    public static func render(remote: String?, state: SyncState, pending: Int, style: Style) -> SafeText {
        var lines: [SafeText] = []
        if let remote {
            lines.append("remote:     \(remote)")
        } else {
            lines.append("remote:     none (not shared; 'sync init' shares the planner)")
        }
        lines.append("auto:       \(state.auto ? "on (a saved change syncs in the background)" : "off")")
        lines.append("last sync:  \(state.lastSync ?? "never")")
        if let error = state.lastError {
            lines.append(style.bold("last error: ") + SafeText(escaping: error))
        }
        lines.append("pending:    \(pending) change\(pending == 1 ? "" : "s") made here, not sent yet")
        return lines.joined(separator: "\n")
    }

    /// `{"remote", "auto", "last_sync", "last_error", "pending"}`.
    public static func json(remote: String?, state: SyncState, pending: Int) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("remote", .optional(remote))
        object.appendUnique("auto", .bool(state.auto))
        object.appendUnique("last_sync", .optional(state.lastSync))
        object.appendUnique("last_error", .optional(state.lastError))
        object.appendUnique("pending", .int(Int64(pending)))
        return .object(object)
    }

    /// What `sync auto on|off` says.
    public static func renderAuto(_ on: Bool) -> SafeText {
        on
            ? "auto sync is on: each change saved here is synced in the background (see: sync status)"
            : "auto sync is off: the planner syncs when you run sync (or sync install's timer does)"
    }
}
