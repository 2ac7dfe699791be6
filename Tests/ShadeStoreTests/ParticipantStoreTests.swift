import Foundation
import ShadeTestSupport
import Synchronization
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// Participants in the store: a task's `to` and a member's record go to their files and come
/// back, are stamped and undone like every field; who changed what is read from every record;
/// the author is found out only for a change; a planner is shared when it is a git repository.
@Suite struct ParticipantStoreTests {
    private func week(_ temp: TemporaryStore) throws -> String {
        String(decoding: try #require(temp.bytes("weeks/2026/2026-W48.json")), as: UTF8.self)
    }

    @Test func aTasksRecipientGoesToItsWeekFileAndComesBackAndAFileWithoutOneReadsAsNoOne() throws {
        let temp = TemporaryStore()
        let store = Store(directory: temp.directory, author: "ana")
        try add(store, "2026-11-23", .morning, "Kept")
        let plain = try week(temp)
        #expect(!plain.contains(#""to""#), "a task given to no one is written as before")
        let change = try store.commit(label: "edit 1 to:ben", now: now) { state in
            try TaskOperations.edit(
                id: 1, try TaskWords.parse(["to:ben"], resolver: nil), clearTime: false, in: state,
                context: OperationContext(now: now, schedule: .standard))
        }
        #expect(change.records.first?.fieldChanges.first?.field == "to")
        let text = try week(temp)
        #expect(text.contains(#""goal""#) == false && text.contains(#""to": "ben""#))
        // In the field order: after the goal's place, before created.
        let to = try #require(text.range(of: #""to": "ben""#))
        let created = try #require(text.range(of: #""created""#))
        #expect(to.lowerBound < created.lowerBound)
        let read = try Store(directory: temp.directory).read { try $0.task(id: 1) }
        #expect(read?.to == "ben")
        #expect(read?.stamps.stamp(of: "to").by == "ana" && read?.modifiedBy == "ana")
        // Undo gives the task back as it was, and its file as it was.
        _ = try store.undo(now: now)
        #expect(try Store(directory: temp.directory).read { try $0.task(id: 1) }?.to == nil)
        #expect(try week(temp) == plain)
        #expect(try SchemaValidation.validate(stores: [temp.directory]) > 0)
    }

    @Test func aWeekFileWithAnUnknownRecipientIsRefused() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Kept")
        let text = try week(temp).replacingOccurrences(of: #""created""#, with: #""to": "a b", "created""#)
        temp.write("weeks/2026/2026-W48.json", text)
        #expect(throws: StoreError.self) { try Store(directory: temp.directory).read { try $0.task(id: 1) } }
    }

    @Test func aMemberIsAKeyedRecordOfItsOwnCollectionUndoneLikeAnyOther() throws {
        let temp = TemporaryStore()
        let store = Store(directory: temp.directory, author: "ana")
        let register = { (email: String?) in
            try store.commit(label: "register", now: now) { state in
                try MemberOperations.register(name: "ana", email: email, in: state)
            }
        }
        #expect(try register("ana@example.org").records.count == 1)
        #expect(try register("ana@example.org").isEmpty, "registered already: no change")
        let file = String(decoding: try #require(temp.bytes("members.json")), as: UTF8.self)
        #expect(file.contains(#""kind": "members""#) && file.contains(#""email": "ana@example.org""#))
        let members = try Store(directory: temp.directory).read { try $0.members() }
        #expect(members.map(\.name) == ["ana"] && members.first?.stamps.made.by == "ana")
        #expect(try register("ana@work.example").records.first?.fieldChanges.map(\.field) == ["email"])
        #expect(try SchemaValidation.validate(stores: [temp.directory]) > 0)
        _ = try store.undo(now: now)
        #expect(try store.read { try $0.members() }.first?.email == "ana@example.org")
        _ = try store.undo(now: now)
        #expect(try store.read { try $0.members() }.isEmpty)
    }

    @Test func theStampsOfEveryRecordAreReadWithTheirAuthors() throws {
        let temp = TemporaryStore()
        let ana = Store(directory: temp.directory, author: "ana")
        for (date, title) in [("2026-11-23", "Gym"), ("2026-12-07", "Read")] {
            _ = try ana.commit(label: "add \(title)", now: now) { state in
                [.added(.task(draft(try state.allocateID(), date, .morning, title)))]
            }
        }
        _ = try Store(directory: temp.directory, author: "ben").commit(label: "cat add school", now: now) { state in
            try CategoryOperations.create("school", color: nil, in: state)
        }
        _ = try Store(directory: temp.directory, author: "cleo").commit(label: "register", now: now) { state in
            try MemberOperations.register(name: "cleo", email: nil, in: state)
        }
        #expect(
            try temp.store.read { try $0.authorChanges() } == ["ana": 2, "ben": 1, "cleo": 1],
            "one stamp, two records: two changes")
        // The same counts again from the summaries the first look wrote.
        #expect(try temp.store.read { try $0.authorChanges() } == ["ana": 2, "ben": 1, "cleo": 1])
    }

    @Test func theAuthorIsFoundOutOnlyForAChangeThatChangesSomething() throws {
        let temp = TemporaryStore()
        let asked = Mutex(0)
        let store = Store(directory: temp.directory) {
            asked.withLock { $0 += 1 }
            return "ana"
        }
        try store.read { _ in }
        _ = try store.commit(label: "nothing", now: now) { _ in [] }
        #expect(asked.withLock { $0 } == 0)
        let change = try store.commit(label: "register", now: now) { state in
            try MemberOperations.register(name: "ana", email: nil, in: state)
        }
        #expect(change.by == "ana" && asked.withLock { $0 } > 0)
    }

    @Test func aPlannerIsSharedWhenItsStoreIsAGitRepository() throws {
        let temp = TemporaryStore()
        #expect(try temp.store.isShared == false, "no store yet")
        try add(temp.store, "2026-11-23", .morning, "Gym")
        #expect(try temp.store.isShared == false)
        try FileManager.default.createDirectory(atPath: temp.directory + "/.git", withIntermediateDirectories: true)
        #expect(try temp.store.isShared)
    }
}
