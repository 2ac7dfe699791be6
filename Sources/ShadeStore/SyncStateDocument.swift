import ShadeCore
import ShadeJSON
import ShadePlatform

/// How this copy's sync stands (SPEC §15): whether it syncs on its own, when a sync last went
/// through, what the last one that failed said, and how far the change log was sent.
public struct SyncState: Equatable, Sendable {
    /// Whether a change saved here starts a sync in the background (`sync auto on`).
    public var auto = false
    /// When a sync last went through (a timestamp of the clock), nil before the first.
    public var lastSync: String?
    /// What the last sync said when it failed, nil when the last one went through.
    public var lastError: String?
    /// The newest change-log entry (its sequence number) the last sync that went through sent.
    public var sentThrough = 0
    /// How many syncs in a row failed: what the background's back-off waits by.
    public var failures = 0
    /// The day tombstones were last looked at for compaction (once a day at most).
    public var compactedOn: String?

    public init() {}

    /// How long the background waits before it tries again after `failures` failed syncs in a
    /// row, in seconds: 30 s doubled each time, at most 15 minutes.
    public static func retryDelay(after failures: Int) -> Int {
        guard failures > 0 else { return 0 }
        return min(30 << min(failures - 1, 10), 15 * 60)
    }
}

/// This copy's sync state: `sync.json`, never shared.
///
/// ```json
/// {"format": 3, "kind": "sync", "auto": true, "last_sync": "2026-11-24T18:05:00+00:00",
///  "last_error": null, "sent_through": 41, "failures": 0, "compacted_on": "2026-11-24"}
/// ```
enum SyncStateDocument {
    private static let keys = JSONKeyList([
        "format", "kind", "auto", "last_sync", "last_error", "sent_through", "failures", "compacted_on",
    ])

    static func encode(_ state: SyncState) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("format", .int(Int64(StoreFormat.version)))
        object.appendUnique("kind", "sync")
        object.appendUnique("auto", .bool(state.auto))
        object.appendUnique("last_sync", .optional(state.lastSync))
        object.appendUnique("last_error", .optional(state.lastError))
        object.appendUnique("sent_through", .int(Int64(state.sentThrough)))
        object.appendUnique("failures", .int(Int64(state.failures)))
        object.appendUnique("compacted_on", .optional(state.compactedOn))
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> SyncState {
        let reader = try FieldReader(value, file: file, location: "", keys: keys)
        _ = try reader.checkHeader(kind: "sync")
        var state = SyncState()
        let auto = try reader.value("auto")
        guard let flag = auto.boolValue else {
            throw reader.fail("auto", "expected true or false, found \(auto.kindDescription)")
        }
        state.auto = flag
        state.lastSync = try reader.optionalString("last_sync")
        state.lastError = try reader.optionalString("last_error")
        state.sentThrough = Int(try reader.int("sent_through", in: 0...Int64(Int32.max)))
        state.failures = Int(try reader.int("failures", in: 0...1_000_000))
        state.compactedOn = try reader.optionalString("compacted_on")
        return state
    }
}

extension SyncState {
    /// The sync state of the store at `directory` (the defaults when it has none).
    public static func read(in directory: String) throws(StoreError) -> SyncState {
        let file = StorePaths(root: directory).absolute(StoreFileKind.syncState.relativePath)
        guard let bytes = try FileSystem.read(file),
            case .syncState(let state) = try StoreFileKind.syncState.decode(bytes, file: file)
        else { return SyncState() }
        return state
    }

    /// Changes the sync state of the store at `directory` under a lock of its own (`sync.lock`:
    /// a sync holds the store's while it records how it went); returns it as written.
    @discardableResult
    public static func update(in directory: String, _ change: (inout SyncState) -> Void) throws(StoreError)
        -> SyncState
    {
        let paths = StorePaths(root: directory)
        let lock = try FileLock(path: paths.absolute("sync.lock"), mode: .exclusive)
        return try withExtendedLifetime(lock) { () throws(StoreError) -> SyncState in
            var state = try read(in: directory)
            change(&state)
            let bytes: [UInt8]
            do { bytes = try JSONWriter.bytes(SyncStateDocument.encode(state)) } catch {
                throw .invalidContent(file: directory, location: "(writing)", reason: "a value could not be written")
            }
            let file = paths.absolute(StoreFileKind.syncState.relativePath)
            try FileSystem.writeAtomically(file, bytes, via: file + ".tmp-\(getpid())", mode: 0o600)
            return state
        }
    }
}
