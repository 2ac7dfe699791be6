import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeStore

/// A read of one day (`tasks(on:)`, what `day` shows) decodes that day's tasks alone, yet gives
/// exactly what a read of the whole week gives for the day, and still refuses a week whose tasks
/// share a uid or whose index gives one id twice.
@Suite struct DayReadTests {
    static let week = CivilDate.fixture("2026-11-23").isoWeek
    static let weekFile = "weeks/2026/2026-W48.json"

    /// A store with tasks on every day of the week, added out of day order.
    private func filledStore() throws -> (TemporaryStore, [PlannerTask]) {
        let temp = TemporaryStore()
        var added: [PlannerTask] = []
        for (index, day) in [3, 0, 6, 1, 5, 2, 4, 0, 3].enumerated() {
            let date = DayReadTests.week.days[day].description
            let slot = Slot.allCases[index % 3]
            added.append(
                try add(temp.store, date, slot, "Task \(index) ☕", time: index.isMultiple(of: 2) ? "0\(index):15" : nil)
            )
        }
        return (temp, added)
    }

    private func edit(_ temp: TemporaryStore, _ relative: String, _ original: String, _ replacement: String) throws {
        let path = temp.directory + "/" + relative
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = text.replacingOccurrences(of: original, with: replacement)
        #expect(edited != text, "the edit did not apply")
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
    }

    @Test func eachDayReadAloneIsWhatTheWholeWeekGivesForIt() throws {
        let (temp, added) = try filledStore()
        let whole = try temp.store.read { try $0.tasks(in: DayReadTests.week) }
        #expect(Set(whole) == Set(added))
        for date in DayReadTests.week.days {
            let day = try temp.store.read { try $0.tasks(on: date) }
            #expect(day == whole.filter { $0.date == date }, "\(date)")
            #expect(day.allSatisfy { $0.id > 0 })
        }
        // A week without a file, and a store that does not exist, have empty days.
        #expect(try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-12-01")) }.isEmpty)
        #expect(try TemporaryStore().store.read { try $0.tasks(on: CivilDate.fixture("2026-11-23")) }.isEmpty)
    }

    @Test func aDayIsReadWithoutDecodingTheOtherDaysTasks() throws {
        let temp = TemporaryStore()
        let monday = try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-24", .evening, "Read")
        // Tuesday's task given a status nobody knows: Monday still reads; Tuesday and the week
        // are refused with the place of the damage.
        let path = temp.directory + "/" + DayReadTests.weekFile
        var text = try String(contentsOfFile: path, encoding: .utf8)
        // The week's last status is Tuesday's (days are filed in date order).
        let last = try #require(text.range(of: #""status": "open""#, options: .backwards))
        text.replaceSubrange(last, with: #""status": "maybe""#)
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        #expect(try temp.store.read { try $0.tasks(on: monday.date) } == [monday])
        for read: (StoreState) throws -> [PlannerTask] in [
            { try $0.tasks(on: CivilDate.fixture("2026-11-24")) }, { try $0.tasks(in: DayReadTests.week) },
        ] {
            let error = try #require(throws: StoreError.self) { try temp.store.read(read) }
            #expect(error.description.contains("'maybe' is not open, done or cancelled"), "\(error)")
            #expect(error.description.contains("days.2026-11-24.evening[0].status"), "\(error)")
        }
    }

    @Test func aUIDFiledTwiceInTheWeekIsRefusedByTheReadOfAnyOfItsDays() throws {
        let temp = TemporaryStore()
        let gym = try add(temp.store, "2026-11-23", .morning, "Gym")
        let read = try add(temp.store, "2026-11-24", .evening, "Read")
        try add(temp.store, "2026-11-26", .afternoon, "Call")
        try edit(temp, DayReadTests.weekFile, #""uid": "\#(read.uid)""#, #""uid": "\#(gym.uid)""#)
        for day in ["2026-11-23", "2026-11-24", "2026-11-26", "2026-11-29"] {
            let error = try #require(throws: StoreError.self) {
                try temp.store.read { try $0.tasks(on: CivilDate.fixture(day)) }
            }
            #expect(error.description.contains("uid \(gym.uid) appears twice"), "\(day): \(error)")
        }
    }

    @Test func anIDTwiceInTheWeeksIndexIsRefusedByADayRead() throws {
        let temp = TemporaryStore()
        try add(temp.store, "2026-11-23", .morning, "Gym")
        try add(temp.store, "2026-11-24", .evening, "Read")
        try add(temp.store, "2026-11-26", .afternoon, "Call")
        try edit(temp, "ids/weeks/2026-W48.json", ": 2", ": 1")
        let error = try #require(throws: StoreError.self) {
            try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-26")) }
        }
        #expect(error.description.contains("id 1 appears twice"), "\(error)")
    }

    @Test func tasksFromAnotherCopyAreNumberedAsAReadOfTheirWeekNumbersThem() throws {
        // The week's file comes from another copy, whose index this copy does not have.
        let (other, _) = try filledStore()
        let temp = TemporaryStore()
        try add(temp.store, "2026-12-01", .morning, "Here before")
        try FileManager.default.createDirectory(
            atPath: temp.directory + "/weeks/2026", withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: other.directory + "/" + DayReadTests.weekFile, toPath: temp.directory + "/" + DayReadTests.weekFile)
        let thursday = CivilDate.fixture("2026-11-26")
        let day = try temp.store.read { try $0.tasks(on: thursday) }
        #expect(!day.isEmpty && day.allSatisfy { $0.id > 1 })
        // The numbers were saved: the week reads with the same ids, every task numbered once.
        let whole = try temp.store.read { try $0.tasks(in: DayReadTests.week) }
        #expect(day == whole.filter { $0.date == thursday })
        #expect(Set(whole.map(\.id)).count == whole.count && !whole.contains { $0.id <= 1 })
    }
}
