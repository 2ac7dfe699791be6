import ShadeCore
import ShadeJSON
import ShadeStore

/// The views of `sync` and `sync init`: what was sent and received, and how sharing started.
public enum SyncReportView {
    /// What `sync init` did: made a new shared planner, joined one, or wrote the settings again.
    public enum Start: String, Sendable {
        /// A new shared planner.
        case created
        /// This store joined the one at the remote.
        case joined
        /// It was shared already (its settings written again).
        case configured
    }

    /// `synced with REMOTE: sent 2 changes, received 1 change`, then up to ten received records.
    public static func render(
        remote: String, sent: [StoreFileMerge.RecordDelta], received: [StoreFileMerge.RecordDelta], conflicts: Int,
        style: Style
    ) -> SafeText {
        var lines: [SafeText] = [
            "synced with \(remote): sent \(count(sent)), received \(count(received))"
                + (conflicts > 0
                    ? style.bold(" · \(conflicts) conflict\(conflicts == 1 ? "" : "s") (see: conflicts)") : "")
        ]
        lines += received.prefix(10).map { "  ↓ " + line($0) }
        if received.count > 10 { lines.append("  … and \(received.count - 10) more") }
        return lines.joined(separator: "\n")
    }

    /// `{"sent": [uids], "received": [uids], "conflicts": N}`.
    public static func json(
        sent: [StoreFileMerge.RecordDelta], received: [StoreFileMerge.RecordDelta], conflicts: Int
    ) -> JSONValue {
        ["sent": .array(uids(sent)), "received": .array(uids(received)), "conflicts": .int(Int64(conflicts))]
    }

    /// What `sync init` did, in the store at `place`, with the remote when there is one.
    public static func render(
        _ start: Start, place: String, remote: String?, sent: [StoreFileMerge.RecordDelta],
        received: [StoreFileMerge.RecordDelta]
    ) -> SafeText {
        var lines: [SafeText] = []
        switch start {
        case .joined: lines.append("joined the planner at \(remote ?? ""): received \(count(received))")
        case .configured: lines.append("\(place) is shared already; its settings are written again")
        case .created: lines.append("\(place) is now a shared planner (a git repository)")
        }
        if remote == nil {
            lines.append("  to meet other copies: sync init REMOTE (for instance a bare repository: git init --bare)")
        } else if start != .joined {
            lines.append("  sent \(count(sent)) to \(remote ?? "")")
        }
        return lines.joined(separator: "\n")
    }

    /// `{"action", "remote", "sent", "received"}`.
    public static func json(
        _ start: Start, remote: String?, sent: [StoreFileMerge.RecordDelta], received: [StoreFileMerge.RecordDelta]
    ) -> JSONValue {
        [
            "action": .string(start.rawValue), "remote": .optional(remote), "sent": .array(uids(sent)),
            "received": .array(uids(received)),
        ]
    }

    /// Each uid once, in order.
    static func uids(_ deltas: [StoreFileMerge.RecordDelta]) -> [JSONValue] {
        var seen: Set<String> = []
        return deltas.filter { seen.insert($0.key).inserted }.map { .string($0.key) }
    }

    /// `1 change`, `3 changes`: the records, each counted once.
    static func count(_ deltas: [StoreFileMerge.RecordDelta]) -> String {
        let count = Set(deltas.map(\.key)).count
        return count == 1 ? "1 change" : "\(count) changes"
    }

    /// `added task “Buy milk”`.
    static func line(_ delta: StoreFileMerge.RecordDelta) -> SafeText {
        "\(delta.action.pastTense) \(delta.kind.rawValue) “"
            + DisplayWidth.truncate(SafeText(escaping: delta.title), to: 50)
            + "”"
    }
}
