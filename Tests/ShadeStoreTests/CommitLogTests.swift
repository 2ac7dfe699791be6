import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A change's commit record is one frame of `journal/commit.log`, flushed once: replayed past the
/// done mark after a crash, every frame after a restart, never a torn frame or one of an earlier
/// epoch, and a frame naming a path outside the store is set aside.
@Suite struct CommitLogTests {
    private let otherBoot = "0123456789abcdef0123456789abcdef"
    private let week = CivilDate.fixture("2026-11-23").isoWeek

    private func journal(_ temp: TemporaryStore) -> CommitJournal { CommitJournal(paths: temp.store.paths) }

    private func log(_ temp: TemporaryStore) throws -> CommitLog {
        try #require(try journal(temp).openLog(writable: true))
    }

    /// Adds "Gym" then "Read" (in `slot`), then leaves the store as if killed after the second
    /// frame was flushed and before its week was renamed into place: the done mark back at the
    /// first frame, the week as the first change left it (and older than the frame).
    private func secondFramePending(_ temp: TemporaryStore, _ slot: Slot) throws {
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let week = try #require(temp.bytes("weeks/2026/2026-W48.json"))
        try add(temp.store, "2026-11-23", slot, "Read")
        let log = try log(temp)
        log.markDone(try #require(log.frames(after: .start).first).mark)
        let file = temp.directory + "/weeks/2026/2026-W48.json"
        try Data(week).write(to: URL(fileURLWithPath: file))
        try FileManager.default.setAttributes(
            [.modificationDate: Date(timeIntervalSince1970: 1_000)], ofItemAtPath: file)
    }

    private func titles(_ temp: TemporaryStore) throws -> [String] {
        try temp.store.read { try $0.tasks(in: week) }.map(\.title)
    }

    /// Writes the store's log again as a restart finds it: the same records, every frame of
    /// another boot, all marked done. Returns how many frames it holds.
    @discardableResult
    private func asAfterARestart(_ temp: TemporaryStore) throws -> Int {
        let payloads = try log(temp).frames(after: .start).map(\.payload)
        try FileManager.default.removeItem(atPath: temp.store.paths.commitLog)
        try CommitLog.create(at: temp.store.paths.commitLog, via: temp.directory + "/.staging/log.tmp")
        let fresh = try log(temp)
        var mark = CommitLog.Mark.start
        for payload in payloads { mark = try fresh.append(payload, after: mark, boot: otherBoot) }
        fresh.markDone(mark)
        return payloads.count
    }

    @Test func aChangeIsOneFrameOfTheLogAndNoFileOfItsOwn() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-24", .evening, "Read")
        let log = try log(temp)
        #expect(log.done.sequence == 2)
        let frames = log.frames(after: .start)
        #expect(frames.count == 2 && frames.allSatisfy { $0.boot == CommitJournal.boot })
        #expect(try journal(temp).records().isEmpty)
        #expect(try journal(temp).keptCount() == 2)
        // Each frame is the change's record: the week file as it now is, among the others.
        let last = try CommitJournal.files(in: try #require(frames.last).payload, file: "frame")
        let weekFile = try #require(last.first { $0.relativePath == "weeks/2026/2026-W48.json" })
        #expect(weekFile.bytes == temp.bytes("weeks/2026/2026-W48.json"))
        #expect(try !AtomicCommit(paths: temp.store.paths).hasPendingCommit)
        // Made small: a store of a few tasks keeps a small log.
        #expect(fileSize(temp.store.paths.commitLog) == CommitLog.initialSize)
    }

    private func fileSize(_ path: String) -> Int? {
        (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
    }

    /// As if killed after the frame was flushed and before the week was renamed into place.
    @Test func aFramePastTheDoneMarkIsReplayedByTheNextReader() throws {
        let temp = TemporaryStore()
        try secondFramePending(temp, .morning)
        #expect(try AtomicCommit(paths: temp.store.paths).hasPendingCommit)
        #expect(try titles(temp) == ["Gym", "Read"])
        #expect(try self.log(temp).done.sequence == 2)
        #expect(try !AtomicCommit(paths: temp.store.paths).hasPendingCommit)
    }

    /// The week file a change wrote is lost, as an unflushed file may be in a power loss: the next
    /// command replays every frame of the earlier boot, flushes the store and starts the log again.
    @Test func everyFrameOfAnotherBootIsReplayedAndTheLogStartsAgain() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-23", .evening, "Read")
        #expect(try asAfterARestart(temp) == 2)
        try Data().write(to: URL(fileURLWithPath: temp.directory + "/weeks/2026/2026-W48.json"))
        #expect(try AtomicCommit(paths: temp.store.paths).hasPendingCommit)
        let replayed = try titles(temp)
        #expect(replayed == ["Gym", "Read"])
        let log = try log(temp)
        #expect(log.epoch == 2 && log.done == .start && log.firstBoot == nil)
        #expect(try journal(temp).keptCount() == 0)
        #expect(try temp.store.check().problems.isEmpty)
        // The next change is the first frame of the new epoch.
        try add(temp.store, "2026-11-24", .morning, "Walk")
        #expect(try self.log(temp).done.sequence == 1)
    }

    /// A file changed after the frame was written (by hand, say) is newer than the frame: a replay
    /// after a restart leaves it as it is.
    @Test func aReplayKeepsAFileEditedAfterItsFrame() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try asAfterARestart(temp)
        Thread.sleep(forTimeInterval: 0.02)
        let file = temp.directory + "/weeks/2026/2026-W48.json"
        let edited = try String(contentsOfFile: file, encoding: .utf8).replacingOccurrences(
            of: "\"Gym\"", with: "\"Swim\"")
        try edited.write(toFile: file, atomically: false, encoding: .utf8)
        #expect(try titles(temp) == ["Swim"])
    }

    @Test func aFrameNamingAPathOutsideTheStoreIsSetAsideAndNeverReplayed() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let week = try #require(temp.bytes("weeks/2026/2026-W48.json"))
        let paths = temp.store.paths
        let record = try AtomicCommit(paths: paths).recordBytes(for: [
            .init(target: paths.absolute("weeks/2026/2026-W48.json"), staged: nil, bytes: Array("{}".utf8)),
            .init(target: paths.absolute(".git/config"), staged: nil, bytes: Array("[core]".utf8)),
        ])
        let log = try log(temp)
        _ = try log.append(record, after: log.done)
        #expect(try titles(temp) == ["Gym"])
        #expect(temp.bytes("weeks/2026/2026-W48.json") == week)
        #expect(temp.bytes(".git/config") == nil)
        let frame = try #require(log.frames(after: .start).last)
        let refused = "journal/log-\(frame.written)-2.refused"
        #expect(temp.bytes(refused) == record)
        #expect(try temp.store.check().problems.map(\.file) == [temp.directory + "/" + refused])
        try add(temp.store, "2026-11-23", .evening, "Read")
        #expect(try titles(temp) == ["Gym", "Read"])
    }

    @Test func aTornFrameAndAFrameOfAnEarlierEpochAreNeverRead() throws {
        let temp = TemporaryStore()
        for title in ["Gym", "Read", "Walk"] { try add(temp.store, "2026-11-23", .morning, title) }
        let log = try log(temp)
        let frames = log.frames(after: .start)
        #expect(frames.count == 3)
        // One byte of the second frame's record changed: reading stops before it.
        let handle = try #require(FileHandle(forUpdatingAtPath: temp.store.paths.commitLog))
        try handle.seek(toOffset: UInt64(frames[0].mark.end + CommitLog.frameHeaderSize + 10))
        try handle.write(contentsOf: Data([0x21]))
        try handle.close()
        #expect(log.frames(after: .start).count == 1)
        #expect(log.frame(after: frames[0].mark) == nil)
        // After a reset the old frames' bytes are still there, of the earlier epoch: none is read.
        let reset = try log.reset()
        #expect(reset.epoch == log.epoch + 1)
        #expect(reset.frames(after: .start).isEmpty && reset.firstBoot == nil && reset.done == .start)
    }

    /// A frame an earlier shade wrote (magic `SCF1`, checked by the FNV-1a of all of it) is still
    /// read and replayed; a frame of this shade whose fixed part is torn (one byte of its boot
    /// changed) is not, although its record is whole.
    @Test func aFrameOfAnEarlierShadeIsReplayedAndATornFixedPartIsNot() throws {
        for older in [true, false] {
            let temp = TemporaryStore()
            try secondFramePending(temp, .evening)
            let first = try #require(try log(temp).frames(after: .start).first)
            let offset = UInt64(first.mark.end)
            let handle = try #require(FileHandle(forUpdatingAtPath: temp.store.paths.commitLog))
            try handle.seek(toOffset: offset)
            var fixed = [UInt8](try #require(try handle.read(upToCount: CommitLog.frameHeaderSize)))
            #expect(fixed[0..<4].elementsEqual("SCF2".utf8))
            if older {
                let payload = [UInt8](try #require(try handle.read(upToCount: Int(FrameBytes.load32(fixed, at: 4)))))
                fixed.replaceSubrange(0..<4, with: "SCF1".utf8)
                FrameBytes.store(FrameBytes.checksum(fixed[0..<72], payload), into: &fixed, at: 72)
            } else {
                fixed[40] ^= 0x01
            }
            try handle.seek(toOffset: offset)
            try handle.write(contentsOf: Data(fixed))
            try handle.close()
            #expect(try titles(temp) == (older ? ["Gym", "Read"] : ["Gym"]), "older: \(older)")
        }
    }

    /// A change that does not fit in what is left of the log grows it, up to its largest size, and
    /// then checkpoints it first (its files made
    /// durable, the log started again); one larger than the whole log is a record file of its own,
    /// written after the log's frames are made durable, so that it is never newer than a frame.
    @Test func aFullLogStartsAgainAndALargerRecordIsAFileOfItsOwn() throws {
        let temp = TemporaryStore()
        let paths = temp.store.paths
        let commit = AtomicCommit(paths: paths)
        let large = [UInt8](repeating: UInt8(ascii: "a"), count: 1_500_000)
        for round in 0..<3 {
            try commit.write([("weeks/2026/2026-W48.json", large + [UInt8(round)])])
        }
        // The log grew (doubling) to hold two frames of 1.5 MB; the third started it again.
        #expect(fileSize(paths.commitLog) == CommitLog.largestSize)
        var log = try log(temp)
        #expect(log.epoch == 2 && log.done.sequence == 1)
        #expect(temp.bytes("weeks/2026/2026-W48.json") == large + [2])
        let huge = [UInt8](repeating: UInt8(ascii: "b"), count: CommitLog.largestSize)
        try commit.write([("weeks/2026/2026-W49.json", huge)])
        log = try self.log(temp)
        #expect(log.epoch == 3 && log.done == .start)
        #expect(try journal(temp).records().map(\.done) == [true])
        #expect(temp.bytes("weeks/2026/2026-W49.json") == huge)
        try commit.write([("weeks/2026/2026-W50.json", Array("{}".utf8))])
        #expect(try self.log(temp).done.sequence == 1)
    }

    /// A commit by moves (a large import) flushes the file system before its record: the frames
    /// kept are durable in their files then, and the log starts again before the record goes, so
    /// that no frame is ever replayed over the files the moves put in place.
    @Test func aCommitByMovesStartsTheLogAgain() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-23", .evening, "Read")
        let before = try log(temp)
        #expect(before.done.sequence == 2)
        let commit = AtomicCommit(paths: temp.store.paths)
        let staged = try commit.stageForMoves("weeks/2026/2026-W49.json", Array("{}".utf8))
        try commit.commit([staged])
        let after = try log(temp)
        #expect(after.epoch == before.epoch + 1 && !after.hasFrames)
        #expect(temp.bytes("weeks/2026/2026-W49.json") == Array("{}".utf8))
        #expect(temp.bytes("commit.json") == nil)
    }

    /// A record of moves left pending alongside a frame not done (no store shade leaves holds both,
    /// but a crash and a hand can): the store opens, the moves are finished and the frame replayed.
    @Test func aRecordOfMovesAndAFrameLeftPendingTogetherNeverStopTheStore() throws {
        let temp = TemporaryStore()
        try secondFramePending(temp, .evening)
        temp.write(".staging/9-0.tmp", "{}")
        temp.write(
            "commit.json",
            #"{"format": 3, "kind": "commit", "moves": [{"from": ".staging/9-0.tmp", "to": "weeks/2026/2026-W50.json"}]}"#
        )
        #expect(try titles(temp) == ["Gym", "Read"])
        #expect(temp.bytes("weeks/2026/2026-W50.json") == Array("{}".utf8))
        #expect(temp.bytes("commit.json") == nil)
        #expect(try !AtomicCommit(paths: temp.store.paths).hasPendingCommit)
    }

    @Test func aDamagedLogStopsTheStoreAndNamesIt() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        temp.write("journal/commit.log", "not a log")
        do {
            _ = try titles(temp)
            Issue.record("a damaged log was read")
        } catch let error as StoreError {
            guard case .invalidContent(let file, let location, _, _) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(file == temp.store.paths.commitLog && location == "header")
        }
    }
}
