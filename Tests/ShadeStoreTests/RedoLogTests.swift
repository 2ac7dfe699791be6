import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// The redo log a REPL acknowledges its changes by: frames whole or not at all, each applied to
/// the files exactly once, by whoever opens the store next.
@Suite struct RedoLogTests {
    private func temporaryPath() -> String {
        let directory = NSTemporaryDirectory() + "shade-redo-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// A new, empty log of `epoch` made in `directory`, and where it lies.
    private func newLog(epoch: UInt64, in directory: String) throws -> (path: String, log: RedoLog) {
        let path = directory + "/redo.log"
        try RedoLog.create(at: path, epoch: epoch, via: directory + "/redo.tmp")
        return (path, try #require(try RedoLog.open(path)))
    }

    @Test func framesComeBackInOrderAndATornOneIsNeverRead() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let (path, log) = try newLog(epoch: 3, in: directory)
        #expect(log.epoch == 3 && log.frames(after: nil).isEmpty)
        var position = RedoPosition.start(of: 3)
        for text in ["one", "two", "three"] { position = try log.append(Array(text.utf8), after: position) }
        #expect(log.frames(after: nil).map { String(decoding: $0.payload, as: UTF8.self) } == ["one", "two", "three"])
        let first = try #require(log.frames(after: nil).first)
        let afterFirst = RedoPosition(epoch: 3, sequence: 1, end: first.end)
        #expect(log.frames(after: afterFirst).map(\.sequence) == [2, 3])
        // A frame of an earlier epoch is all applied; one of a later epoch means the log is stale.
        #expect(log.frames(after: RedoPosition.start(of: 2)).count == 3)
        #expect(log.frames(after: RedoPosition.start(of: 4)).isEmpty)
        // One byte of the second frame's payload damaged (a write the crash cut short): reading
        // stops before it, and nothing after it is read either.
        let handle = try #require(FileHandle(forUpdatingAtPath: path))
        try handle.seek(toOffset: UInt64(first.end + RedoLog.frameHeaderSize + 1))
        try handle.write(contentsOf: Data([0x00]))
        try handle.close()
        #expect(try #require(try RedoLog.open(path)).frames(after: nil).map(\.sequence) == [1])
    }

    /// The time a frame's flush took is counted: what `shade-bench` tells apart from the rest of a
    /// REPL answer. Other tests flush frames in parallel, so each frame is told by the counter
    /// growing over it (it never grows without a frame's flush).
    @Test func aFramesFlushIsCountedAsTheTimeAnAnswerWaitedForTheDisk() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let log = try newLog(epoch: 1, in: directory).log
        var position = RedoPosition.start(of: 1)
        for text in ["one", "two"] {
            let before = Store.frameFlushSeconds
            position = try log.append(Array(text.utf8), after: position)
            #expect(Store.frameFlushSeconds > before, "frame \(text)")
        }
    }

    /// A frame's checksum is FNV-1a (64 bits) of its header's first 24 bytes then its payload: a
    /// log an earlier version wrote is read by this one, so the sum must not drift.
    @Test func theChecksumIsFNV1aOfTheHeaderThenThePayload() {
        // Published FNV-1a 64 values: the empty input, "a", and "foobar".
        #expect(FrameBytes.checksum([], []) == 0xcbf2_9ce4_8422_2325)
        #expect(FrameBytes.checksum([], Array("a".utf8)) == 0xaf63_dc4c_8601_ec8c)
        #expect(FrameBytes.checksum(ArraySlice("foo".utf8), Array("bar".utf8)) == 0x8594_4171_f739_67e8)
        #expect(FrameBytes.checksum(ArraySlice("foobar".utf8), []) == 0x8594_4171_f739_67e8)
    }

    @Test func aLogThatIsNotWholeIsRefusedWithItsName() throws {
        let directory = temporaryPath()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/journal", withIntermediateDirectories: true)
        let path = directory + "/journal/redo.log"
        _ = FileManager.default.createFile(atPath: path, contents: Data(repeating: 0, count: 4096))
        let error = #expect(throws: StoreError.self) { _ = try RedoLog.open(path) }
        // No saved copy holds it: the message does not send anyone to restore.
        #expect(error?.description.contains(path) == true && error?.description.contains("restore") == false)
        #expect(try RedoLog.open(directory + "/none.log") == nil)
    }

    @Test func aChangeAcknowledgedByTheLogIsInTheFilesForTheNextProcessExactlyOnce() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Written the ordinary way")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        #expect(FileManager.default.fileExists(atPath: temp.directory + "/journal/redo.log"))
        let weekFile = "weeks/2026/2026-W48.json"
        let before = temp.bytes(weekFile)
        let change = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        #expect(change.tasks.map(\.title) == ["Gym"])
        // Acknowledged, and its files not written: the session stops here (as a crash would).
        #expect(temp.bytes(weekFile) == before)
        #expect(try session.hasPendingRedo)
        // This session's own reads see it, and write nothing.
        #expect(try session.read { try $0.task(id: 2)?.title } == "Gym")
        #expect(
            try session.read { try $0.changeLog().map(\.change.label) } == ["add Written the ordinary way", "add Gym"])
        #expect(try session.check().notes.contains { $0.contains("journal/redo.log") })
        #expect(temp.bytes(weekFile) == before)
        // Any other process applies it before it reads: week file, change-log entry, marker.
        let other = Store(directory: temp.directory)
        #expect(try other.read { try $0.task(id: 2)?.title } == "Gym")
        #expect(temp.bytes(weekFile) != before)
        #expect(try !other.hasPendingRedo)
        let log = try other.read { try $0.changeLog() }
        #expect(log.map(\.change.label) == ["add Written the ordinary way", "add Gym"])
        #expect(log.last?.change.by == "ana")
        // Applied once: opening again, or applying again, changes nothing.
        let applied = temp.bytes(weekFile)
        try other.write(label: nil, now: now) { _ in }
        try other.exclusively { _ in }
        #expect(temp.bytes(weekFile) == applied)
        #expect(try other.read { try $0.changeLog().count } == 2)
        // And it is taken back like any change, from another process.
        #expect(try other.undo(now: now)?.label == "add Gym")
        #expect(try other.read { try $0.task(id: 2) } == nil)
    }

    /// A frame holds its change packed (`PackedJSON`); a frame of JSON text, as logs written
    /// before packing hold, is applied the same way.
    @Test func aFrameOfJSONTextAsEarlierLogsHoldIsAppliedToo() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        let start = try #require(try RedoLog.Tail.read(session.paths)?.next)
        _ = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        let tail = try #require(try RedoLog.Tail.read(session.paths))
        let frame = try #require(tail.waiting.first)
        #expect(tail.waiting.count == 1 && frame.encoding == .packed)
        // The same entry written over it as JSON text.
        let text = try JSONWriter.bytes(try PackedJSON.unpack(frame.payload), layout: .compact)
        _ = try tail.log.append(text, as: .text, after: start)
        let rewritten = try #require(try RedoLog.Tail.read(session.paths)?.waiting)
        #expect(rewritten.map(\.encoding) == [.text])
        let other = Store(directory: temp.directory)
        #expect(try other.read { try $0.allTasks().map(\.title) }.sorted() == ["First", "Gym"])
        #expect(try !other.hasPendingRedo)
        #expect(try other.read { try $0.changeLog().map(\.change.label) } == ["add First", "add Gym"])
    }

    /// A log an earlier shade made (`SHADEREDO1`) is read by it: frames go into it as JSON text
    /// until a pause makes a new log, of packed frames, which that shade refuses loudly rather
    /// than read as ending where its first packed frame is.
    @Test func aLogAnEarlierShadeMadeTakesFramesItReads() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        let path = temp.directory + "/journal/redo.log"
        let made = try #require(try RedoLog.open(path))
        #expect(made.frameEncoding == .packed)
        #expect(try #require(temp.bytes("journal/redo.log")).prefix(10).elementsEqual("SHADEREDO2".utf8))
        try RedoLog.create(at: path, epoch: made.epoch, via: temp.directory + "/redo.tmp", frames: .text)
        _ = session.workWhileIdle(recordsSeen: nil)
        _ = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        let waiting = try #require(try RedoLog.Tail.read(session.paths)?.waiting)
        #expect(waiting.map(\.encoding) == [.text])
        #expect(try JSONParser.parse(try #require(waiting.first).payload).objectValue?["label"] == "add Gym")
        let other = Store(directory: temp.directory)
        #expect(try other.read { try $0.allTasks().map(\.title) }.sorted() == ["First", "Gym"])
    }

    @Test func theSessionWritesItsFilesWhileItWaitsAndRenewsAFullLog() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        for title in ["Gym", "Read", "Call"] {
            _ = try session.commit(label: "add \(title)", now: now, addTaskChange(title))
        }
        // Each change applied the one before it as it opened the store: one waits.
        #expect(try session.pendingRedoChanges(RedoLog.Tail.read(session.paths)).map(\.label) == ["add Call"])
        _ = session.workWhileIdle(recordsSeen: nil)
        #expect(try !session.hasPendingRedo)
        let marker = try #require(try RedoPosition.read(session.paths))
        // Once more than half of the log is applied frames, the pause makes a new log.
        let full = RedoPosition(epoch: marker.epoch, sequence: marker.sequence, end: RedoLog.size / 2 + 1)
        try Data(try full.encoded()).write(to: URL(fileURLWithPath: temp.directory + "/" + RedoPosition.relativePath))
        _ = session.workWhileIdle(recordsSeen: nil)
        let renewed = try #require(try RedoLog.open(temp.directory + "/journal/redo.log"))
        #expect(renewed.epoch == marker.epoch + 1)
        _ = try session.commit(label: "add Swim", now: now, addTaskChange("Swim"))
        #expect(try session.pendingRedoChanges(RedoLog.Tail.read(session.paths)).map(\.label) == ["add Swim"])
        let titles = try Store(directory: temp.directory).read { try $0.allTasks().map(\.title) }
        #expect(Set(titles) == ["First", "Gym", "Read", "Call", "Swim"])
    }

    @Test func changesTheLogCannotReplayExactlyAreWrittenTheOrdinaryWay() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        let session = replSession(temp.directory)
        // No log yet (made at the session's first pause): written the ordinary way.
        _ = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        #expect(try !session.hasPendingRedo)
        _ = session.workWhileIdle(recordsSeen: nil)
        // A category is written at once too when a read of the session needs it listed.
        _ = try session.commit(label: "cat school", now: now) { _ in
            [RecordChange(before: nil, after: .keyed(AnyKeyedRecord(Category(name: "school", color: .blue))))]
        }
        #expect(try session.hasPendingRedo)
        #expect(try session.read { try $0.categories().map(\.name) } == ["school"])
        #expect(try !session.hasPendingRedo, "the read wrote the change first")
        // An undo is written the ordinary way, after what waits.
        _ = try session.commit(label: "add Read", now: now, addTaskChange("Read"))
        #expect(try session.undo(now: now)?.label == "add Read")
        #expect(try !session.hasPendingRedo)
        #expect(
            try Store(directory: temp.directory).read { try $0.allTasks().map(\.title) }.sorted() == ["First", "Gym"])
    }

    /// A read of the session that numbers a task from another copy while a change of its own
    /// waits in the log hands out an id after the one that change took, and saves it so.
    @Test func idsHandedOutByAReadOverTheLogNeverCollide() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        try add(temp.store, "2026-11-30", .morning, "Arrived")
        // The next week's task as another copy would bring it: no id of this copy.
        try FileManager.default.removeItem(atPath: temp.directory + "/ids/weeks/2026-W49.json")
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        let gym = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        #expect(try session.hasPendingRedo)
        let shown = try session.read { state in
            try state.tasks(in: try #require(ISOWeek(parsing: "2026-W49"))).map(\.id)
        }
        let stored = try Store(directory: temp.directory).read { try $0.allTasks() }
        #expect(Set(stored.map(\.title)) == ["First", "Arrived", "Gym"])
        #expect(Set(stored.map(\.id)).count == 3, "every task has an id of its own")
        #expect(stored.first { $0.title == "Gym" }?.id == gym.tasks.first?.id)
        #expect(stored.first { $0.title == "Arrived" }.map { [$0.id] } == shown)
    }
}

/// A session's reads number the tasks that arrived from other copies; an id its own waiting frame
/// handed out is never handed out again, even where that id opened an id shard no file holds yet.
@Suite struct RedoLogNumberingTests {
    @Test func anArrivalNumberedBesideAFrameThatOpenedAShardGetsTheNextIdAndKeepsIt() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "First")
        // Ids 2…1023 were handed out and their tasks removed: the next id, 1024, opens shard 1.
        let week = ISOWeek(parsing: "2026-W48")!
        let shard = IDShardDocument.encode(
            shard: 0, weeks: [nil, week] + Array(repeating: nil, count: StoreFormat.idsPerShard - 2))
        try Data(try JSONWriter.bytes(shard)).write(to: URL(fileURLWithPath: temp.directory + "/ids/0000.json"))
        let session = replSession(temp.directory)
        _ = session.workWhileIdle(recordsSeen: nil)
        let change = try session.commit(label: "add Gym", now: now, addTaskChange("Gym"))
        #expect(change.tasks.map(\.id) == [StoreFormat.idsPerShard])
        #expect(try session.hasPendingRedo)
        // Another copy's task arrives in the same week (a sync wrote the file).
        let file = temp.directory + "/weeks/2026/2026-W48.json"
        let text = try String(contentsOfFile: file, encoding: .utf8)
        let firstUID = try #require(text.range(of: #""uid""#))
        let brace = try #require(text[..<firstUID.lowerBound].lastIndex(of: "{"))
        let arrived =
            #"{"uid": "arrived-1", "title": "From the laptop", "status": "open", "tags": [], "#
            + #""created": "2026-11-22T10:00:00+00:00", "modified": "2026-11-22T10:00:00+00:00", "#
            + #""stamps": {"made": {"at": "2026-11-22T10:00:00+00:00", "by": "ben"}, "changed": {}}}, "#
        try (String(text[..<brace]) + arrived + String(text[brace...])).write(
            toFile: file, atomically: false, encoding: .utf8)
        let shown = try session.read { try $0.tasks(in: week) }.map { ($0.uid, $0.id) }
        let arrival = try #require(shown.first { $0.0 == "arrived-1" }?.1)
        #expect(arrival == StoreFormat.idsPerShard + 1, "the arrival was shown as \(arrival)")
        #expect(Set(shown.map(\.1)).count == shown.count, "an id is shown twice: \(shown)")
        // Once the session has written its frame, every process knows each task by the id shown.
        _ = session.workWhileIdle(recordsSeen: nil)
        let other = Store(directory: temp.directory)
        #expect(try other.read { try $0.task(id: arrival) }?.uid == "arrived-1")
        #expect(try other.read { try $0.task(id: StoreFormat.idsPerShard) }?.title == "Gym")
        #expect(try other.check().problems.isEmpty)
    }
}
