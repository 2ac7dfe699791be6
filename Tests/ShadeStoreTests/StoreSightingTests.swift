import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeStore

/// A long-lived session skips the checks of what a crash left only while no one else has held the
/// store's lock alone since it last did: the lock file's count and watcher tell it.
@Suite struct StoreSightingTests {
    private func lockText(_ temp: TemporaryStore) -> String {
        String(decoding: temp.bytes("lock") ?? [], as: UTF8.self)
    }

    @Test func everyHolderAloneButTheWatcherCountsItself() throws {
        let temp = TemporaryStore()
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        let path = temp.directory + "/lock"
        // A new lock file counts from 0; each holder alone writes the count one higher.
        for expected in UInt64(1)...3 {
            let lock = try FileLock(path: path, mode: .exclusive)
            #expect(lock.countBefore == expected - 1 && lock.count == expected && !lock.isWatcher)
        }
        // Sharing the lock counts nothing.
        _ = try FileLock(path: path, mode: .shared)
        #expect(try FileLock(path: path, mode: .exclusive).countBefore == 3)
        // A session names itself the watcher; its own holds then leave the count as it is.
        let watcher: UInt64 = 0xfeed
        do {
            let lock = try FileLock(path: path, mode: .exclusive, watcher: watcher)
            #expect(lock.count == 5 && !lock.isWatcher && lock.becomeWatcher())
        }
        #expect(lockText(temp).hasPrefix("5 feed"))
        for _ in 0..<2 {
            let lock = try FileLock(path: path, mode: .exclusive, watcher: watcher)
            #expect(lock.isWatcher && lock.countBefore == 5 && lock.count == 5)
        }
        // Anyone else counts itself and leaves the watcher named, who then finds the count moved.
        do {
            let lock = try #require(FileLock(trying: path, mode: .exclusive))
            #expect(lock.countBefore == 5 && lock.count == 6)
        }
        do {
            let shared = try FileLock(path: path, mode: .shared, watcher: watcher)
            try shared.change(to: .exclusive)
            #expect(shared.isWatcher && shared.countBefore == 6)
        }
        // A file of another content starts again, and that hold's count is not relied on.
        try Data("not a count".utf8).write(to: URL(fileURLWithPath: path))
        do {
            let lock = try FileLock(path: path, mode: .exclusive, watcher: watcher)
            #expect(lock.countBefore == nil && lock.count == nil && !lock.isWatcher && !lock.becomeWatcher())
        }
        #expect(try FileLock(path: path, mode: .exclusive).countBefore == 1)
    }

    @Test func theLockFilesLineIsReadAsACountAndAWatcherOrNotAtAll() {
        func parse(_ text: String) -> (UInt64?, UInt64?) {
            let found = FileLock.parse(Array(text.utf8))
            return (found.count, found.watcher)
        }
        #expect(parse("") == (0, nil))
        #expect(parse("17 5b3e" + String(repeating: " ", count: 33) + "\n") == (17, 0x5b3e))
        #expect(parse("17\n") == (17, nil))
        #expect(parse("\t17\r\nFEED") == (17, 0xfeed))
        #expect(parse("18446744073709551615 ffffffffffffffff") == (UInt64.max, UInt64.max))
        // Too large, not digits, a sign: the count is not relied on; a watcher not read is none.
        #expect(parse("18446744073709551616 1") == (nil, nil))
        #expect(parse("not a count") == (nil, nil))
        #expect(parse("+5 1") == (nil, nil))
        #expect(parse("5 feedz") == (5, nil))
        #expect(parse("5 1ffffffffffffffff") == (5, nil))
        #expect(FileLock.parse(nil) == (nil, nil))
    }

    @Test func theChecksAreSkippedOnlyWhileNoOneElseHeldTheLock() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        let watcher = try #require(session.cache?.watcher)
        #expect(lockText(temp).contains(" " + String(watcher, radix: 16)))
        // What a crash leaves in the staging folder is cleared by the checks before a change: a
        // file put there shows whether they ran.
        let stray = temp.directory + "/.staging/stray.tmp"
        let strayFile = URL(fileURLWithPath: stray)
        try Data("left by a crash".utf8).write(to: strayFile)
        _ = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        #expect(FileManager.default.fileExists(atPath: stray))
        _ = session.workWhileIdle(recordsSeen: nil)
        try? FileManager.default.removeItem(atPath: stray)
        try Data("left by a crash".utf8).write(to: strayFile)
        _ = try session.commit(label: "add Read", now: now, addTaskChange("Read"))
        #expect(FileManager.default.fileExists(atPath: stray))
        _ = session.workWhileIdle(recordsSeen: nil)
        // Another process holds the lock alone (and changes nothing): the session checks again.
        try Store(directory: temp.directory).exclusively { _ in }
        try Data("left by a crash".utf8).write(to: strayFile)
        _ = try session.commit(label: "add Call", now: now, addTaskChange("Call"))
        #expect(!FileManager.default.fileExists(atPath: stray))
        // A hand edit of a file recovery reads (the lock untouched) also sends it back to the checks.
        _ = session.workWhileIdle(recordsSeen: nil)
        try Data("left by a crash".utf8).write(to: strayFile)
        let meta = try #require(temp.bytes("shade.json"))
        try Data(meta + [0x0A]).write(to: URL(fileURLWithPath: temp.directory + "/shade.json"))
        _ = try session.commit(label: "add Swim", now: now, addTaskChange("Swim"))
        #expect(!FileManager.default.fileExists(atPath: stray))
        let titles = try Store(directory: temp.directory).read { try $0.allTasks().map(\.title) }
        #expect(Set(titles) == ["First", "Gym", "Read", "Call", "Swim"])
    }

    @Test func anotherSessionsAcknowledgedChangeIsNeverWrittenOver() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let first = replSession(temp.directory)
        let second = replSession(temp.directory)
        _ = second.workWhileIdle(recordsSeen: nil)
        _ = first.workWhileIdle(recordsSeen: nil)
        for round in 1...3 {
            // The first session's change, its files written at its pause: it keeps a sighting.
            _ = try first.commit(label: "add A\(round)", now: now, addTaskChange("A\(round)"))
            _ = first.workWhileIdle(recordsSeen: nil)
            // The second session's change is acknowledged by a frame and left there (no pause).
            _ = try second.commit(label: "add B\(round)", now: now, addTaskChange("B\(round)"))
            #expect(try second.hasPendingRedo)
            // The first session's next change finds the lock held since: it applies that frame
            // first, and its own frame goes after it, never over it.
            _ = try first.commit(label: "add C\(round)", now: now, addTaskChange("C\(round)"))
            _ = first.workWhileIdle(recordsSeen: nil)
            #expect(try !first.hasPendingRedo)
        }
        let log = try Store(directory: temp.directory).read { try $0.changeLog().map(\.change.label) }
        #expect(
            log == ["add First"] + (1...3).flatMap { ["add A\($0)", "add B\($0)", "add C\($0)"] })
        let titles = try Store(directory: temp.directory).read { try $0.allTasks().map(\.title) }
        #expect(titles.count == 10 && Set(titles).count == 10)
    }

    /// A sighting keeps the id the store hands out next as the pause left it, and the session's
    /// next change starts from it; a pause that wrote a change taking the last id of a shard
    /// tells the first of the next shard, and a change by someone else sends the session back to
    /// the shards.
    @Test func theNextIDComesFromTheSightingWhileItHolds() throws {
        let (temp, session, _) = try pausingSession()
        _ = session.workWhileIdle(recordsSeen: nil)
        #expect(try keptSighting(of: session).nextID == 2)
        // The id the sighting tells is the one handed out (looked at, the shards would say 2).
        let sighting = try #require(session.cache?.takeSighting())
        let lastOfShard = StoreFormat.idsPerShard - 1
        session.cache?.keep(
            StoreSighting(
                of: session.paths,
                lock: try FileLock(path: session.paths.lock, mode: .exclusive, watcher: session.cache?.watcher),
                redo: sighting.redo, nextID: lastOfShard))
        var change = try session.commit(label: "add Last", now: now, addTaskChange("Last"))
        #expect(change.records.first?.after?.task?.id == lastOfShard)
        _ = session.workWhileIdle(recordsSeen: nil)
        #expect(try keptSighting(of: session).nextID == StoreFormat.idsPerShard)
        change = try session.commit(label: "add Next", now: now, addTaskChange("Next"))
        #expect(change.records.first?.after?.task?.id == StoreFormat.idsPerShard)
        _ = session.workWhileIdle(recordsSeen: nil)
        #expect(try keptSighting(of: session).nextID == StoreFormat.idsPerShard + 1)
        // Someone else hands out an id: the session's sighting no longer holds.
        let other = try add(temp.store, "2026-11-25", .morning, "Elsewhere")
        #expect(other.id == StoreFormat.idsPerShard + 1)
        change = try session.commit(label: "add Mine", now: now, addTaskChange("Mine"))
        #expect(change.records.first?.after?.task?.id == StoreFormat.idsPerShard + 2)
        _ = session.workWhileIdle(recordsSeen: nil)
        let ids = try Store(directory: temp.directory).read { try $0.allTasks().map(\.id) }
        #expect(ids.sorted() == [1, lastOfShard] + (0...2).map { StoreFormat.idsPerShard + $0 })
    }

    /// A pause that writes a change's files flushes the redo log once after them, so that the
    /// next answer's flush does not write them out first; a pause that checkpoints (one flush of
    /// the whole file system) does so before it writes files, so that it ends on them.
    @Test func aPauseCheckpointsFirstAndFlushesTheRedoLogOnceAfterTheFilesItWrote() throws {
        let (temp, session, journal) = try pausingSession()
        var seen = session.workWhileIdle(recordsSeen: nil)
        var checkpoints = 0
        for index in 1...(CommitJournal.idleCheckpointAt + 2) {
            _ = try session.commit(label: "add \(index)", now: now, addTaskChange("Task \(index)"))
            let recordsBefore = try journal.keptCount()
            seen = session.workWhileIdle(recordsSeen: seen)
            let sighting = try keptSighting(of: session)
            #expect(sighting.redo?.log.flushes.load(ordering: .relaxed) == 1, "pause \(index)")
            // The one record a checkpointing pause leaves is the one its files made after it.
            let records = try journal.keptCount()
            if records != recordsBefore + 1 {
                checkpoints += 1
                #expect(records == 1, "pause \(index)")
            }
        }
        #expect(checkpoints == 1)
        // A pause with nothing to write and nothing to checkpoint flushes nothing.
        let quiet = try keptSighting(of: session)
        _ = session.workWhileIdle(recordsSeen: seen)
        #expect(quiet.redo?.log.flushes.load(ordering: .relaxed) == 1)
        withExtendedLifetime(temp) {}
    }

    /// A pause that is to write a change's files counts the record they will make: a session of
    /// one change, on a store others left one record short of a checkpoint in, checkpoints at
    /// its pause (before the files, whose record is the one left).
    @Test func aPauseCountsTheRecordItsFilesWillMake() throws {
        let (temp, session, journal) = try pausingSession()
        for index in 2..<CommitJournal.idleCheckpointAt {
            try add(temp.store, "2026-11-24", .morning, "Left \(index)")
        }
        let seen = session.workWhileIdle(recordsSeen: nil)
        #expect(try journal.keptCount() == CommitJournal.idleCheckpointAt - 1, "not flushed at the start")
        _ = try session.commit(label: "add One", now: now, addTaskChange("One"))
        _ = session.workWhileIdle(recordsSeen: seen)
        #expect(try !session.hasPendingRedo)
        #expect(try journal.keptCount() == 1)
    }

    /// A session that wrote its files right after each change (a resident helper) and then
    /// checkpoints at a pause flushes its redo log once more after that flush of the whole file
    /// system, so that the next answer does not pay the first flush after it.
    @Test func aPauseThatOnlyCheckpointsFlushesTheRedoLogOnceMore() throws {
        let (temp, session, journal) = try pausingSession()
        var seen = session.workWhileIdle(recordsSeen: nil)
        var index = 0
        while try journal.keptCount() < CommitJournal.idleCheckpointAt {
            index += 1
            _ = try session.commit(label: "add \(index)", now: now, addTaskChange("Task \(index)"))
            session.writeAcknowledgedFiles()
        }
        let log = try #require(try keptSighting(of: session).redo?.log)
        #expect(log.flushes.load(ordering: .relaxed) == 1)
        seen = session.workWhileIdle(recordsSeen: seen)
        #expect(try journal.keptCount() == 0)
        #expect(log.flushes.load(ordering: .relaxed) == 2)
        _ = session.workWhileIdle(recordsSeen: seen)
        #expect(log.flushes.load(ordering: .relaxed) == 2)
        withExtendedLifetime(temp) {}
    }

    /// A REPL session on a store of one task, with its commit journal (and the store's folder,
    /// kept while the caller holds it).
    private func pausingSession() throws -> (TemporaryStore, Store, CommitJournal) {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        return (temp, session, CommitJournal(paths: session.paths))
    }

    /// The sighting a session keeps, looked at and left in place.
    private func keptSighting(of session: Store) throws -> StoreSighting {
        let sighting = try #require(session.cache?.takeSighting())
        session.cache?.keep(sighting)
        return sighting
    }
}
