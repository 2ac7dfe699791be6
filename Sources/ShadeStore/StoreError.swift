import ShadeCore
import ShadeJSON

/// What went wrong with the store; each message says what happened and what to do.
public enum StoreError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A file that does not parse as JSON; it is left untouched.
    case unreadable(file: String, error: JSONError)
    /// A file that parses but does not hold what the format says; `location` is the value's path
    /// (`days.2026-11-23.morning[0].status`), `place` its line and column when known.
    case invalidContent(file: String, location: String, reason: String, place: TextPlace? = nil)
    /// A file written by a newer shade.
    case newerFormat(file: String, found: Int64, supported: Int)
    /// A system call failed; nothing was changed.
    case io(operation: String, path: String, errno: Int32)
    /// A file larger than the store accepts.
    case fileTooLarge(file: String, size: Int, limit: Int)
    /// A system call failed after the commit point: the change is recorded, and the next command
    /// that opens the store finishes it.
    case unfinished(operation: String, path: String, errno: Int32)
    /// `restore` was asked for a set of saved copies that is not there.
    case noSuchBackup(number: Int)
    /// Another process held the lock for too long.
    case locked(path: String, seconds: Int)
    /// A recovery record (`journal/`) naming `path`, which is no file of the store: not one shade
    /// wrote, and never replayed.
    case foreignRecord(file: String, path: String)
    /// Something other than a regular file (`found`: "a symlink", "a FIFO", …) where a store file
    /// belongs: nothing was read or written through it (nothing in a store is followed or trusted
    /// by its name).
    case notRegularFile(path: String, found: String)
    /// Something other than a folder (`found`: "a symlink", …) where a folder of the store belongs:
    /// nothing was read, listed or written through it.
    case notFolder(path: String, found: String)

    /// Runs `body`, giving a problem it finds in `bytes` (a file's content) the line and column of
    /// the value it names.
    static func placing<T>(in bytes: [UInt8], _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do { return try body() } catch {
            guard case .invalidContent(let file, let location, let reason, nil) = error,
                let (line, column) = JSONLocator.position(of: location, in: bytes)
            else { throw error }
            throw .invalidContent(
                file: file, location: location, reason: reason, place: TextPlace(line: line, column: column))
        }
    }

    /// Whether the failure shows a recovery record that is not one shade wrote: it names a path
    /// outside the store's files, or is no regular file.
    var isForeignRecord: Bool {
        switch self {
        case .foreignRecord, .notRegularFile: true
        default: false
        }
    }

    /// Whether the failure came after the commit point (the change is recorded).
    public var isAfterCommitPoint: Bool {
        if case .unfinished = self { return true }
        return false
    }

    /// The same failure, seen after the commit point.
    var afterCommitPoint: StoreError {
        if case .io(let operation, let path, let code) = self {
            return .unfinished(operation: operation, path: path, errno: code)
        }
        return self
    }

    public var description: String { message.text }

    /// The message, two lines at most: what happened and what to do; every path and every
    /// word from a file escaped.
    public var message: SafeText {
        switch self {
        case .unreadable(let file, let error):
            return
                "store file \(file) is damaged at line \(error.line), column \(error.column): \(error.reason)\n\(StoreError.advice(for: file))"
        case .invalidContent(let file, let location, let reason, let place):
            let at = place.map { "line \($0.line), column \($0.column) (\(location))" } ?? location
            return
                "store file \(file) is not a valid shade file at \(at): \(reason)\n\(StoreError.advice(for: file))"
        case .newerFormat(let file, let found, let supported):
            return
                "store file \(file) has format \(found), but this shade reads format \(supported) and older\nupgrade shade to open it; the file was left untouched"
        case .io(let operation, let path, let code):
            return
                "could not \(operation) \(path): \(SystemError.message(for: code))\nnothing was changed; the store holds its previous state"
        case .unfinished(let operation, let path, let code):
            return
                "could not \(operation) \(path): \(SystemError.message(for: code))\nthe change was recorded but is not confirmed on disk; the next shade command finishes it (shade check tells whether the store is whole)"
        case .noSuchBackup(let number):
            return "there is no saved set \(number); 'shade restore' lists the sets there are"
        case .fileTooLarge(let file, let size, let limit):
            return "store file \(file) is \(size) bytes; the limit is \(limit)\nit was left untouched"
        case .locked(let path, let seconds):
            return
                "the store is busy: another shade process has held \(path) for \(seconds) s\ntry again when it has finished"
        case .foreignRecord(let file, let path):
            return
                "recovery record \(file) names \(path), which is no file of a shade store; nothing of it was replayed\nit is not one shade wrote: remove it"
        case .notRegularFile(let path, let found):
            return
                "store file \(path) is not a regular file (\(found)); shade reads only regular files in its store\nnothing was read or written through it: remove it, or put the file itself in its place"
        case .notFolder(let path, let found):
            return
                "store folder \(path) is not a folder (\(found)); shade follows no link inside its store\nnothing was read, listed or written through it: remove it, or put the folder itself in its place"
        }
    }
}

extension StoreError {
    /// What to do about a damaged file. One of `journal/` (a commit record, the redo log and its
    /// marker) holds changes not yet in the planner's own files: no saved copy has it, and
    /// `restore` and `check`, which finish those changes first, cannot run until it is mended.
    static func advice(for file: String) -> SafeText {
        if FileSystem.parentDirectory(of: file).hasSuffix("/journal") {
            return
                "it was left untouched; it holds changes not yet written to the planner's own files, which no saved copy has: repair it by hand (README › The store says what it holds)"
        }
        return
            "it was left untouched; repair it by hand, or bring back a saved copy ('shade restore' lists them; 'shade check' lists every problem)"
    }
}

/// A line and column in a file, from 1 (the column counts characters).
public struct TextPlace: Hashable, Sendable {
    public let line: Int
    public let column: Int
}
