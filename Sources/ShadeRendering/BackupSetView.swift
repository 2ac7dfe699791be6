import ShadeCore
import ShadeJSON
import ShadeStore

/// The view of `restore`: the saved copies of replaced store files, a set a line, and the set
/// brought back; or JSON. `saved` gives a set's time as the user reads it (local time, the
/// caller's clock): a view reads no clock.
public enum BackupSetView {
    /// What `restore` says when no set is saved yet.
    public static let none: SafeText = "no saved copies yet: each change keeps the files it replaces"

    /// `12  2026-11-23 09:30:12  weeks/2026/2026-W48.json (3 tasks), …` a line for each set, then
    /// how to bring one back.
    public static func render(_ sets: [BackupSet], saved: (Int) -> String) -> SafeText {
        var text = SafeText()
        for set in sets {
            let files = zip(set.files, set.taskCounts).map { file, count in
                count.map { "\(file) (\($0) task\($0 == 1 ? "" : "s"))" } ?? file
            }
            text += "\(set.number)  \(saved(set.seconds))  \(files.joined(separator: ", "))\n"
        }
        return text + "'restore N' brings set N back\n"
    }

    /// `restored set 12 (…); the files it replaced are the newest set now`.
    public static func restored(_ set: BackupSet) -> SafeText {
        "restored set \(set.number) (\(set.files.joined(separator: ", "))); "
            + "the files it replaced are the newest set now"
    }

    /// `{"sets": [...]}`, each set as `json(_:saved:)` gives it.
    public static func json(_ sets: [BackupSet], saved: (Int) -> String) -> JSONValue {
        ["sets": .array(sets.map { json($0, saved: saved) })]
    }

    /// `{"set", "saved", "files"}`.
    public static func json(_ set: BackupSet, saved: (Int) -> String) -> JSONValue {
        [
            "set": .int(Int64(set.number)), "saved": .string(saved(set.seconds)),
            "files": .array(set.files.map { .string($0) }),
        ]
    }
}
