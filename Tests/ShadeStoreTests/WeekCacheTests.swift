import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeStore

/// What a long-lived session keeps between commands: weeks, id shards and keyed collections, each
/// trusted only while its file is the one read.
@Suite struct WeekCacheTests {
    @Test func aCachedIdShardIsReadAgainOnceAnotherProcessReplacesItsFile() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let session = Store(directory: temp.directory, cache: WeekCache())
        #expect(try session.read { try $0.task(id: 1)?.title } == "Gym")
        #expect(try session.read { try $0.task(id: 2) } == nil)
        // Another process files task 2 (its shard is written anew) in another week.
        try add(temp.store, "2026-12-02", .evening, "Call Ana")
        #expect(try session.read { try $0.task(id: 2)?.title } == "Call Ana")
        #expect(try session.read { try $0.task(id: 1)?.title } == "Gym")
    }

    /// A keyed collection (here the categories) is read from its file once while the file stays
    /// the one read; another process's change replaces the file, and the session reads it again.
    @Test func aCachedCollectionIsReadAgainOnceAnotherProcessReplacesItsFile() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let cache = WeekCache()
        let session = Store(directory: temp.directory, cache: cache)
        // No file: no categories, and nothing kept for a file that is not there.
        #expect(try session.read { try $0.categories() }.isEmpty)
        func put(_ name: String, _ color: TaskColor) throws {
            _ = try temp.store.commit(label: "category \(name)", now: now) { _ in
                [RecordChange(before: nil, after: .keyed(AnyKeyedRecord(Category(name: name, color: color))))]
            }
        }
        try put("school", .blue)
        #expect(try session.read { try $0.categories().map(\.name) } == ["school"])
        let file = temp.directory + "/categories.json"
        let identity = try #require(WeekCache.Identity.of(file))
        #expect(cache.collection(Category.kind, identity: identity)?.records.count == 1)
        // Kept: the same file is not parsed again (a copy of the records is what the session reads).
        #expect(try session.read { try $0.categories().map(\.name) } == ["school"])
        try put("work", .green)
        #expect(WeekCache.Identity.of(file) != identity)
        #expect(try session.read { try $0.categories().map(\.name) } == ["school", "work"])
        // Gone (by hand): none again.
        try FileManager.default.removeItem(atPath: file)
        #expect(try session.read { try $0.categories() }.isEmpty)
    }

    @Test func aSessionsOwnChangesLeaveTheCacheAsTheFilesAre() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let session = Store(directory: temp.directory, cache: WeekCache())
        let week = try #require(ISOWeek(parsing: "2026-W48"))
        _ = try session.read { try $0.tasks(in: week) }
        // Changed in place in the step (its cached copy dropped first), then offered again as written.
        for title in ["Read", "Swim"] {
            _ = try session.commit(label: "add \(title)", now: now) { state in
                [RecordChange(before: nil, after: .task(draft(try state.allocateID(), "2026-11-24", .evening, title)))]
            }
        }
        _ = try session.commit(label: "done 1", now: now) { state in
            try TaskOperations.setStatus(
                .done, ids: [1], in: state, context: OperationContext(now: now, schedule: .standard))
        }
        let fresh = Store(directory: temp.directory)
        let expected = try fresh.read { try $0.tasks(in: week) }
        #expect(try session.read { try $0.tasks(in: week) } == expected)
        #expect(expected.map(\.title) == ["Gym", "Read", "Swim"] && expected[0].status == .done)
        #expect(try session.read { try $0.task(id: 3)?.title } == "Swim")
        #expect(try fresh.check().problems.isEmpty)
    }

    /// A task is found by its id, from the week's keys when the step keeps them and by a scan when
    /// not, through the step's changes: one filed, one changed in place, one removed from the
    /// middle of the week (the tasks after it move up).
    @Test(arguments: [true, false])
    func aTaskIsFoundByItsIdWithOrWithoutTheCache(cached: Bool) throws {
        let temp = TemporaryStore()
        for (day, title) in [("2026-11-23", "Gym"), ("2026-11-24", "Read"), ("2026-11-25", "Swim")] {
            try add(temp.store, day, .evening, title)
        }
        let session = Store(directory: temp.directory, cache: cached ? WeekCache() : nil)
        let week = try #require(ISOWeek(parsing: "2026-W48"))
        _ = try session.read { try $0.tasks(in: week) }
        let titles = try session.write(label: "changes", now: now) { state -> [Int: String] in
            _ = try state.tasks(in: week)
            #expect((state.filedKeys[week] != nil) == cached)
            let call = draft(try state.allocateID(), "2026-11-26", .morning, "Call")
            try state.insert(call)
            #expect(try state.task(id: call.id)?.title == "Call")
            var swim = try #require(try state.task(id: 3))
            swim.title = "Swim far"
            try state.update(swim)
            try state.remove(id: 1)
            #expect(try state.task(id: 1) == nil)
            return Dictionary(
                uniqueKeysWithValues: try (1...5).compactMap { try state.task(id: $0) }.map { ($0.id, $0.title) })
        }
        #expect(titles == [2: "Read", 3: "Swim far", 4: "Call"])
        #expect(try session.read { try $0.task(id: 3)?.title } == "Swim far")
        #expect(try session.read { try $0.task(id: 4)?.title } == "Call")
    }

    /// A task filed under a uid its week holds already (an entry of the change log written before
    /// an upgrade gave a hand-copied task a uid of its own) gets the copy's uid, whether the week's
    /// uids come from the cache or from its tasks; a uid that left the week in the same step is free.
    @Test(arguments: [true, false])
    func aUIDTheWeekHoldsIsFoundWithOrWithoutTheCache(cached: Bool) throws {
        let temp = TemporaryStore()
        let gym = try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-24", .evening, "Read")
        let session = Store(directory: temp.directory, cache: cached ? WeekCache() : nil)
        let week = try #require(ISOWeek(parsing: "2026-W48"))
        _ = try session.read { try $0.tasks(in: week) }
        let filed = try session.write(label: "add copies", now: now) { state -> [PlannerTask] in
            _ = try state.tasks(in: week)
            #expect((state.filedKeys[week] != nil) == cached)
            try state.insert(draft(try state.allocateID(), "2026-11-25", .afternoon, "Gym again").withUID(gym.uid))
            // A uid filed in this step is held from then on.
            try state.insert(draft(try state.allocateID(), "2026-11-25", .evening, "New").withUID("fresh"))
            try state.insert(draft(try state.allocateID(), "2026-11-26", .evening, "New again").withUID("fresh"))
            // Gym leaves and comes back in this step under its own uid: no copy is made of it.
            try state.remove(id: gym.id)
            try state.insert(gym)
            return try state.tasks(in: week)
        }
        let uidOf = Dictionary(uniqueKeysWithValues: filed.map { ($0.title, $0.uid) })
        #expect(filed.count == 5 && Set(filed.map(\.uid)).count == 5)
        #expect(uidOf["Gym"] == gym.uid && uidOf["Gym again"] == gym.uid + "-copy-3")
        #expect(uidOf["New"] == "fresh" && uidOf["New again"] == "fresh-copy-5")
        let written = try Store(directory: temp.directory).read { try $0.tasks(in: week) }
        #expect(written.sorted { $0.id < $1.id } == filed.sorted { $0.id < $1.id })
    }

    /// A change acknowledged by the redo log, then its files written at the pause: with a cache
    /// that keeps weeks as their files hold them (a resident process's), the change edits a copy
    /// and the cached week is the file's until then; with a REPL's, it is made in place on the
    /// session's only copy (nothing copied on the way to the answer). Either way the written week
    /// is cached after the pause.
    @Test(arguments: [true, false])
    func aChangeTheRedoLogAcknowledgesLeavesTheCacheAsItsOwnerAsks(keeping: Bool) throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        let cache = WeekCache(keepsWeeksAsFilesHoldThem: keeping)
        let session = Store(directory: temp.directory, cache: cache, defersFiles: true, author: { "ana" })
        let week = try #require(ISOWeek(parsing: "2026-W48"))
        _ = session.workWhileIdle(recordsSeen: nil)  // makes the redo log
        let before = try session.read { try $0.tasks(in: week) }
        let files = StoreState(paths: StorePaths(root: temp.directory))
        let identity = try #require(files.weekIdentity(week))
        _ = try session.commit(label: "done 1", now: now) { state in
            try TaskOperations.setStatus(
                .done, ids: [1], in: state, context: OperationContext(now: now, schedule: .standard))
        }
        // Acknowledged by its frame: the file is as it was.
        #expect(files.weekIdentity(week) == identity)
        #expect(before.first?.status == .open)
        if keeping {
            // The cached week is still the file's: writing the files starts from it.
            #expect(cache.tasks(week, identity: identity)?.tasks == before)
        } else {
            // The change was made on the session's only copy: the file's version is not offered.
            #expect(cache.tasks(week, identity: identity) == nil)
        }
        _ = session.workWhileIdle(recordsSeen: nil)
        let written = try #require(files.weekIdentity(week))
        #expect(written != identity)
        let expected = try Store(directory: temp.directory).read { try $0.tasks(in: week) }
        #expect(expected.first?.status == .done)
        #expect(cache.tasks(week, identity: written)?.tasks == expected)
        #expect(try temp.store.check().problems.isEmpty)
    }

    @Test func aSessionsNextIdFollowsIdsAnotherProcessHandedOutInANewShard() throws {
        let temp = TemporaryStore()
        let session = Store(directory: temp.directory, cache: WeekCache())
        let addOne: (StoreState) throws -> [RecordChange] = { state in
            [RecordChange(before: nil, after: .task(draft(try state.allocateID(), "2026-11-24", .evening, "Mine")))]
        }
        _ = try session.commit(label: "add Mine", now: now, addOne)
        #expect(FileManager.default.fileExists(atPath: temp.directory + "/ids/0000.json"))
        // Another process hands out ids past the first shard's 1,024 (ids/0001.json is made).
        _ = try temp.store.commit(label: "add many", now: now) { state in
            try (0..<1100).map { index in
                RecordChange(
                    before: nil, after: .task(draft(try state.allocateID(), "2026-11-25", .morning, "Task \(index)")))
            }
        }
        #expect(FileManager.default.fileExists(atPath: temp.directory + "/ids/0001.json"))
        let change = try session.commit(label: "add Mine", now: now, addOne)
        #expect(change.tasks.map(\.id) == [1102])
        #expect(try temp.store.check().problems.isEmpty)
    }
}
