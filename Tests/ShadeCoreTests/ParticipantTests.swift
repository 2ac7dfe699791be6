import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Participants (SPEC §11) as pure rules: who made and last changed a record, `to:NAME` on a
/// task, the `to:` and `mine` filters, who may remove a task in a shared planner, members and
/// their changes.
@Suite struct ParticipantTests {
    static let monday = OperationTests.monday
    static let context = OperationTests.context

    static func stamp(_ at: String, _ by: String) -> FieldStamp { FieldStamp(at: "2026-11-\(at):00+00:00", by: by) }

    static func task(_ id: Int, madeBy maker: String, to: String? = nil) -> PlannerTask {
        PlannerTask(
            id: id, uid: "u\(id)", title: "Task \(id)", date: monday, slot: .morning, to: to,
            created: "2026-11-20T08:00:00+00:00", stamps: FieldStamps(made: stamp("20T08:00", maker)))
    }

    // MARK: created_by and modified_by

    @Test func createdByIsTheMakerAndModifiedByTheAuthorOfTheLatestStamp() {
        let stamps = FieldStamps(made: Self.stamp("20T08:00", "ana")).marking(["title"], Self.stamp("22T10:00", "ben"))
            .marking(["status"], Self.stamp("21T09:00", "cleo"))
        #expect(stamps.createdBy == "ana")
        #expect(stamps.modifiedBy == "ben")
        #expect(stamps.latest == Self.stamp("22T10:00", "ben"))
        // Never changed: the maker changed it last.
        #expect(FieldStamps(made: Self.stamp("20T08:00", "ana")).modifiedBy == "ana")
    }

    @Test func anUnknownAuthorIsNil() {
        let earlier = FieldStamps(made: FieldStamp(at: "2026-11-20T08:00:00+00:00", by: ""))
        #expect(earlier.createdBy == nil && earlier.modifiedBy == nil)
        let task = PlannerTask(id: 1, uid: "u1", title: "Old", date: Self.monday, slot: .morning, created: "x")
        #expect(task.createdBy == nil && task.modifiedBy == nil)
    }

    @Test func atOneInstantTheLatestStampIsTheSameOnEveryCopy() {
        // Two changes at one instant: the stamps' own order decides, whatever order they come in.
        let one = FieldStamps(made: Self.stamp("20T08:00", "ana")).marking(["title"], Self.stamp("22T10:00", "ben"))
            .marking(["notes"], Self.stamp("22T10:00", "cleo"))
        let other = FieldStamps(made: Self.stamp("20T08:00", "ana")).marking(["notes"], Self.stamp("22T10:00", "cleo"))
            .marking(["title"], Self.stamp("22T10:00", "ben"))
        #expect(one.modifiedBy == "cleo" && other.modifiedBy == "cleo")
    }

    // MARK: to:NAME

    @Test func toNamesWhoATaskIsGivenToAndItsEmptyFormsGiveItToNoOne() throws {
        #expect(try TaskWords.parse(["Book", "flights", "to:ana"], resolver: nil).to == "ana")
        #expect(try TaskWords.parse(["Book", "flights", "to:ana"], resolver: nil).title == "Book flights")
        for word in ["to:", "to:-", "to:none", "TO:None"] {
            #expect(try TaskWords.parse(["x", word], resolver: nil).to == "", "\(word)")
        }
        #expect(try TaskWords.parse(["x"], resolver: nil).to == nil)
        #expect(try TaskWords.parse(["--", "to:ana"], resolver: nil).title == "to:ana", "after -- it is title")
        for bad in ["to:a/b", "to:ana,ben", "to:\u{7}"] {
            #expect(throws: InputError.self, "\(bad)") { try TaskWords.parse(["x", bad], resolver: nil) }
        }
    }

    @Test func addGivesTheTaskAndARepeatingTaskIsGivenToNoOneAsAWhole() throws {
        let words = try TaskWords.parse(["Book", "flights", "to:ana"], resolver: nil)
        let changes = try TaskOperations.add(
            words, defaultDate: Self.monday, defaultSlot: .morning, id: 4, uid: "u4", in: PlannerSnapshot(),
            context: Self.context)
        #expect(changes.last?.after?.task?.to == "ana")
        let repeating = try TaskWords.parse(["Gym", "every:day", "to:ana"], resolver: nil)
        #expect(throws: InputError.self) {
            try TaskOperations.add(
                repeating, defaultDate: Self.monday, defaultSlot: .morning, id: 5, uid: "u5", in: PlannerSnapshot(),
                context: Self.context)
        }
    }

    @Test func editSetsAndClearsToAsAStampedFieldThatUndoTakesBack() throws {
        let records = PlannerSnapshot(tasks: [Self.task(1, madeBy: "ana")])
        let given = try TaskOperations.edit(
            id: 1, try TaskWords.parse(["to:ben"], resolver: nil), clearTime: false, in: records,
            context: Self.context)
        #expect(given.count == 1)
        #expect(given[0].fieldChanges.map(\.field) == ["to", "modified"])
        #expect(given[0].fieldChanges.first == FieldChange(field: "to", old: .none, new: .text("ben")))
        let stamped = given[0].stamped(Self.stamp("23T09:30", "cleo"))
        #expect(stamped.after?.task?.stamps.stamp(of: "to").by == "cleo")
        #expect(stamped.after?.task?.modifiedBy == "cleo" && stamped.after?.task?.createdBy == "ana")
        let after = records.applying([stamped])
        #expect(after.task(id: 1)?.to == "ben")
        #expect(after.applying(Change(label: "", at: "", by: "", records: [stamped]).inverse) == records)
        let cleared = try TaskOperations.edit(
            id: 1, try TaskWords.parse(["to:none"], resolver: nil), clearTime: false, in: after, context: Self.context)
        #expect(cleared.first?.after?.task?.to == nil)
        // Giving it to whom it is given already changes nothing.
        #expect(
            try TaskOperations.edit(
                id: 1, try TaskWords.parse(["to:ben"], resolver: nil), clearTime: false, in: after,
                context: Self.context
            ).isEmpty)
    }

    @Test func toIsAStampedFieldThatFilesLeaveOutWhileUnset() {
        #expect(PlannerTask.Field.stampedNames.contains("to"))
        #expect(PlannerTask.Field.omittedWhenUnset.contains(.to))
        #expect(Self.task(1, madeBy: "ana", to: "ben").value(of: .to) == .text("ben"))
        #expect(Self.task(1, madeBy: "ana").value(of: .to) == FieldValue.none)
    }

    // MARK: to: and mine

    static let resolver = DayResolver(today: monday, view: monday)

    @Test func toAndMineAreFilters() throws {
        #expect(try TaskFilter.parse("to:ana", resolver: Self.resolver) == .to("ana"))
        #expect(try TaskFilter.parse("to:none", resolver: Self.resolver) == .to(nil))
        #expect(try TaskFilter.parse("mine", resolver: Self.resolver) == .mine)
        #expect(throws: InputError.self) { try TaskFilter.parse("to:", resolver: Self.resolver) }
        #expect(throws: InputError.self) { try TaskFilter.parse("to:a b", resolver: Self.resolver) }
    }

    @Test(
        arguments: [
            // (made by, given to, me, mine?)
            ("ana", nil, "ana", true),  // made by me, given to no one
            ("ana", "ben", "ana", false),  // made by me, given to someone else
            ("ben", "ana", "ana", true),  // given to me
            ("ben", nil, "ana", false),  // someone else's
            ("", nil, "ana", false),  // made by someone unknown
            ("ana", nil, "", false),  // who "me" is is unknown
        ] as [(String, String?, String, Bool)])
    func mineIsGivenToMeOrMadeByMeAndGivenToNoOne(maker: String, to: String?, me: String, mine: Bool) {
        let task = Self.task(1, madeBy: maker, to: to)
        #expect(TaskQuery([.mine], me: me).matches(task, now: Self.context.now, schedule: .standard) == mine)
    }

    @Test func toMatchesTheNameOrNoOne() {
        let given = Self.task(1, madeBy: "ana", to: "ben")
        let kept = Self.task(2, madeBy: "ana")
        let now = Self.context.now
        #expect(TaskFilter.to("ben").matches(given, now: now, schedule: .standard))
        #expect(!TaskFilter.to("ben").matches(kept, now: now, schedule: .standard))
        #expect(TaskFilter.to(nil).matches(kept, now: now, schedule: .standard))
        #expect(!TaskFilter.to("Ben").matches(given, now: now, schedule: .standard), "names are exact")
        #expect(TaskQuery([.mine]).needsMe && !TaskQuery([.to("ben")]).needsMe)
    }

    // MARK: rm in a shared planner

    @Test func inASharedPlannerOnlyATasksMakerRemovesIt() throws {
        let records = PlannerSnapshot(tasks: [
            Self.task(1, madeBy: "ana"), Self.task(2, madeBy: "ben"), Self.task(3, madeBy: ""),
        ])
        let ana = TaskOperations.Removal(author: "ana", shared: true)
        #expect(try TaskOperations.remove(ids: [1], in: records, removal: ana).count == 1)
        #expect(try TaskOperations.remove(ids: [3], in: records, removal: ana).count == 1, "a maker unknown")
        do {
            _ = try TaskOperations.remove(ids: [1, 2], in: records, removal: ana)
            Issue.record("ben's task was removed")
        } catch let error as InputError {
            #expect(error.message.text.contains("task 2 was made by ben"))
            #expect(error.message.text.contains("nothing was removed"))
            #expect(error.message.text.contains("cancel 2"))
        }
        // A planner of one: everything goes.
        #expect(try TaskOperations.remove(ids: [1, 2, 3], in: records).count == 3)
        #expect(
            try TaskOperations.remove(ids: [2], in: records, removal: .init(author: "ana", shared: false)).count == 1)
    }

    @Test func inASharedPlannerAReviewDropsOnlyTheReviewersOwnTasks() throws {
        let ana = TaskOperations.Removal(author: "ana", shared: true)
        let mine = Self.task(1, madeBy: "ana")
        let bens = Self.task(2, madeBy: "ben")
        #expect(try ReviewOperations.changes([(mine, .drop)], context: Self.context, removal: ana).count == 1)
        #expect(throws: InputError.self) {
            try ReviewOperations.changes([(mine, .drop), (bens, .drop)], context: Self.context, removal: ana)
        }
        // Cancelling someone else's task is allowed; a planner of one drops anything.
        #expect(try ReviewOperations.changes([(bens, .cancel)], context: Self.context, removal: ana).count == 1)
        #expect(try ReviewOperations.changes([(bens, .drop)], context: Self.context).count == 1)
    }

    // MARK: members

    @Test func eachDistinctStampOfARecordIsOneChangeByItsAuthor() {
        let first = FieldStamps(made: Self.stamp("20T08:00", "ana"))
            .marking(["title", "notes"], Self.stamp("21T09:00", "ben"))  // one change of two fields
            .marking(["status"], Self.stamp("22T10:00", "ana"))
        let second = FieldStamps(made: Self.stamp("20T08:00", "ana"))  // the same stamp, another record
        let earlier = FieldStamps(made: FieldStamp(at: "", by: ""))  // nobody's
        #expect(MemberOperations.changes(in: [first, second, earlier]) == ["ana": 3, "ben": 1])
    }

    @Test func registeringAddsAMemberOnceAndUpdatesItsEmail() throws {
        let added = try MemberOperations.register(name: "ana", email: "ana@example.org", in: PlannerSnapshot())
        #expect(added == [.added(.keyed(Member(name: "ana", email: "ana@example.org")))])
        let records = PlannerSnapshot().applying(added)
        #expect(try records.members() == [Member(name: "ana", email: "ana@example.org")])
        #expect(try MemberOperations.register(name: "ana", email: "ana@example.org", in: records).isEmpty)
        #expect(try MemberOperations.register(name: "ana", email: nil, in: records).isEmpty, "no email: kept")
        let moved = try MemberOperations.register(name: "ana", email: "ana@work.example", in: records)
        #expect(moved.first?.fieldChanges.map(\.field) == ["email"])
        #expect(throws: InputError.self) { try MemberOperations.register(name: "Ana Lopez", email: nil, in: records) }
        #expect(throws: InputError.self) { try MemberOperations.register(name: "ana", email: "ana", in: records) }
    }

    @Test func membersAreSortedByNameWithTheirEmails() {
        let stamps = [
            FieldStamps(made: Self.stamp("20T08:00", "cleo")), FieldStamps(made: Self.stamp("20T09:00", "ana")),
            FieldStamps(made: Self.stamp("20T10:00", "ben")),
        ]
        let summaries = MemberOperations.summaries(
            stamps: stamps, members: [Member(name: "cleo", email: "cleo@example.org")],
            currentUser: (name: "ana", email: "ana@example.org"))
        #expect(summaries.map(\.name) == ["ana", "ben", "cleo"])
        #expect(summaries.map(\.email) == ["ana@example.org", nil, "cleo@example.org"])
        #expect(summaries.map(\.changes) == [1, 1, 1])
        // What a member registered wins over the current user's configured address.
        let registered = MemberOperations.summaries(
            stamps: stamps, members: [Member(name: "ana", email: "ana@work.example")],
            currentUser: (name: "ana", email: "ana@example.org"))
        #expect(registered.first?.email == "ana@work.example")
    }

    @Test(arguments: ["ana@example.org", "a@b", "first.last+tag@sub.example.co"])
    func addressesThatAreEmails(_ address: String) throws {
        #expect(try MemberOperations.validateEmail(address) == address)
    }

    @Test(arguments: ["", "ana", "@example.org", "ana@", "ana @example.org", "ana@exa\u{7}mple.org"])
    func addressesThatAreNot(_ address: String) {
        #expect(throws: InputError.self) { try MemberOperations.validateEmail(address) }
    }
}
