import ShadeCore
import ShadePlatform

/// Where each file of a store lives.
///
/// ```
/// STORE/shade.json                  format version and the next id
/// STORE/weeks/2026/2026-W48.json    the tasks of one ISO week, keyed by day and slot
/// STORE/summary/2026.json           each week of week-year 2026 summed up, for statistics
/// STORE/ids/0000.json               which week each id of 0–1023 lives in (this copy's own)
/// STORE/ids/weeks/2026-W48.json     the ids of one week's tasks, by uid (this copy's own)
/// STORE/undo/0000000042.json        the change log: one recent change each, to take back
/// STORE/categories.json             the categories and their colours
/// STORE/journal/commit.log          the commit records of recent changes, until a checkpoint
/// STORE/journal/0000000007-BOOT.done the commit record of a recent change too large for the log
/// STORE/journal/redo.log            changes the REPL acknowledged before writing their files
/// STORE/journal/redo-applied.json   how far the files have taken that log
/// STORE/lock                        the lock every reader and writer takes
/// STORE/reminders.lock              the lock of `remind --due` runs, one at a time
/// STORE/reminders.json              this copy's record of the reminders it settled
/// ```
///
/// A command touches only the week it shows or changes and one id shard, so it costs what a
/// week costs, not what the whole history costs.
struct StorePaths: Sendable {
    /// The store directory, every link on the way to it resolved (`resolvedRoot`): the paths built
    /// from it hold no link but one found inside the store, which `LinkFreePath` refuses.
    let root: String

    /// The paths of the store at `directory` (the user's, which may be or pass through a link).
    init(root directory: String) {
        self.root = StorePaths.resolvedRoot(directory)
    }

    /// `directory` with every link the user made on the way to it resolved (`realpath`): a store
    /// may live wherever a link of the user's points. A directory not made yet is its nearest
    /// existing ancestor, resolved, followed by the rest of its path (a link to a folder not made
    /// yet, where it points). A path that cannot be resolved (no permission to look) is kept as
    /// it is.
    static func resolvedRoot(_ directory: String, links: Int = 0) -> String {
        if let resolved = realpath(directory, nil) {
            defer { free(resolved) }
            return String(cString: resolved)
        }
        guard errno == ENOENT else { return directory }
        let parent = FileSystem.parentDirectory(of: directory)
        guard parent != directory else { return directory }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let length = readlink(directory, &buffer, buffer.count - 1)
        if length > 0, links < 40 {
            let target = String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return resolvedRoot(target.hasPrefix("/") ? target : parent + "/" + target, links: links + 1)
        }
        let name = directory.lastIndex(of: "/").map { String(directory[directory.index(after: $0)...]) } ?? directory
        let base = resolvedRoot(parent, links: links)
        switch name {
        case "", ".": return base
        case "..": return FileSystem.parentDirectory(of: base)
        default: return (base == "/" ? "" : base) + "/" + name
        }
    }

    var meta: String { root + "/shade.json" }
    var lock: String { root + "/lock" }
    /// The lock `remind --due` runs take one at a time (never held with the store's for long).
    var remindersLock: String { root + "/reminders.lock" }
    var undoDirectory: String { root + "/undo" }
    var staging: String { root + "/.staging" }
    /// Files and folders a change let go of, kept to be written again (`SpareFiles`).
    var spares: String { root + "/.spare" }
    /// Where an earlier shade kept its one pending commit record.
    var commitRecord: String { root + "/commit.json" }
    /// Where such a record that named no store file is set aside (`AtomicCommit.recover`).
    var refusedCommitRecord: String { root + "/commit.refused" }
    var journal: String { root + "/journal" }
    /// Changes a long-lived session acknowledged before their files were written (`RedoLog`).
    var redoLog: String { root + "/journal/redo.log" }
    var commitLog: String { root + "/journal/commit.log" }
    var weeksDirectory: String { root + "/weeks" }
    var idsDirectory: String { root + "/ids" }

    /// The week file, relative to the root: `weeks/2026/2026-W48.json`.
    func weekFile(_ week: ISOWeek) -> String { StoreFileKind.week(week).relativePath }

    /// The summary file of a week-year, relative to the root: `summary/2026.json`.
    func summaryFile(_ year: Int) -> String { StoreFileKind.summary(year).relativePath }

    /// The id index of a week, relative to the root: `ids/weeks/2026-W48.json`.
    func weekIndexFile(_ week: ISOWeek) -> String { StoreFileKind.weekIndex(week).relativePath }

    /// Where the whole store is kept, as it was, before an upgrade from `format`:
    /// `backups/format-2`.
    func upgradeBackup(from format: Int) -> String { backups + "/format-\(format)" }

    /// The id shard file, relative to the root: `ids/0000.json` for ids 0–1023.
    func idShardFile(_ shard: Int) -> String { StoreFileKind.idShard(shard).relativePath }

    /// An absolute path for a path relative to the root.
    func absolute(_ relativePath: String) -> String { root + "/" + relativePath }

    /// A path relative to the root for an absolute one under it.
    func relative(_ absolutePath: String) -> String { String(absolutePath.dropFirst(root.count + 1)) }

    /// The change log entry of a change, relative to the root: `undo/0000000042.json`.
    func changeLogFile(_ sequence: Int) -> String { StoreFileKind.undo(sequence).relativePath }

    /// A commit record, absolute: `journal/0000000007-BOOT.json` (pending).
    func journalRecord(_ sequence: Int, boot: String) -> String {
        journal + "/" + StorePaths.padded(sequence, 10) + "-" + boot + ".json"
    }

    /// Where the saved copies of replaced files are kept.
    var backups: String { root + "/backups" }

    /// One set of saved copies, absolute: `backups/0000000012`.
    func backupSet(_ number: Int) -> String { backups + "/" + StorePaths.padded(number, 10) }

    /// The directories under the root that hold no store file of the registry (`StoreFileKind`).
    static let workDirectories: Set<String> = ["backups", "journal", ".staging", ".spare"]

    /// A number left-padded with zeros to `width` digits.
    static func padded(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}

/// The store format this build reads and writes.
public enum StoreFormat {
    /// The format version written into every file. Version 2 added a task's category, colour and
    /// favourite star. Version 3 added field stamps and made uids the identity in week files
    /// (ids moved to a per-copy index). Files of earlier versions are read as they are and
    /// upgraded when next written, after the whole store is kept as it was.
    public static let version = 3
    /// How many ids one id shard maps.
    static let idsPerShard = 1024
    /// How many changes `undo` can take back.
    public static let undoDepth = 50
    /// How many changes' replaced files are kept for `restore`.
    public static let backupDepth = 10
}
