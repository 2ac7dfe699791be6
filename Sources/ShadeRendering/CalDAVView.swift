import ShadeCore
import ShadeJSON
import ShadeStore

/// How `caldav init`, `caldav status`, `caldav off` and the CalDAV part of `sync` say what they
/// did. A URL is shown as given, with any secret in it hidden by the caller.
public enum CalDAVView {
    /// `caldav init`: linked, and how many tasks the list holds.
    public static func renderLinked(url: String, items: Int) -> SafeText {
        "linked this planner to the task list at \(url) (\(items) task\(items == 1 ? "" : "s") there); sync now syncs with it both ways"
    }

    /// `{"url", "calendar", "user", "items"}` of `caldav init --json`.
    public static func jsonLinked(_ state: CalDAVState, url: String, items: Int) -> JSONValue {
        [
            "url": .string(url), "calendar": .optional(state.calendar), "user": .optional(state.user),
            "items": .int(Int64(items)),
        ]
    }

    /// `caldav status`: the link, the last sync and its error; or that there is none.
    public static func renderStatus(_ state: CalDAVState?, url: String?, style: Style) -> SafeText {
        guard let state, let url else { return "not linked to a task list; caldav init URL links one" }
        var lines: [SafeText] = ["task list:  \(url)"]
        if let calendar = state.calendar { lines.append("calendar:   \(calendar)") }
        if let user = state.user { lines.append("user:       \(user)") }
        lines.append("last sync:  \(state.lastSync ?? "never")")
        if let error = state.lastError { lines.append(style.bold("last error: ") + SafeText(escaping: error)) }
        lines.append("tasks:      \(state.items.count) synced with it")
        return lines.joined(separator: "\n")
    }

    /// `{"url", "calendar", "user", "last_sync", "last_error"}` (every one null when not linked).
    public static func jsonStatus(_ state: CalDAVState?, url: String?) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("url", .optional(url))
        object.appendUnique("calendar", .optional(state?.calendar))
        object.appendUnique("user", .optional(state?.user))
        object.appendUnique("last_sync", .optional(state?.lastSync))
        object.appendUnique("last_error", .optional(state?.lastError))
        return .object(object)
    }

    /// `caldav off`.
    public static func renderUnlinked(url: String?) -> SafeText {
        guard let url else { return "not linked to a task list: nothing to do" }
        return "unlinked this planner from the task list at \(url); the list keeps its tasks"
    }

    /// The line `sync` prints for the task list.
    public static func renderSynced(
        url: String, sent: [StoreFileMerge.RecordDelta], received: [StoreFileMerge.RecordDelta], conflicts: Int,
        skipped: Int = 0, style: Style
    ) -> SafeText {
        var line: SafeText = "synced with the task list at \(url): sent \(count(sent)), received \(count(received))"
        if conflicts > 0 { line += style.bold(" · \(conflicts) conflict\(conflicts == 1 ? "" : "s") (see: conflicts)") }
        var lines = [line]
        if skipped > 0 {
            lines.append(
                "  \(skipped) item\(skipped == 1 ? "" : "s") of the list left alone, here and there: not a task shade takes (a repeating one, or one past the limits of an import)"
            )
        }
        for delta in received.prefix(10) {
            lines.append("  ↓ \(delta.action.pastTense) task “" + SafeText(escaping: delta.title) + "”")
        }
        if received.count > 10 { lines.append("  … and \(received.count - 10) more") }
        return lines.joined(separator: "\n")
    }

    private static func count(_ deltas: [StoreFileMerge.RecordDelta]) -> String {
        "\(deltas.count) change\(deltas.count == 1 ? "" : "s")"
    }
}
