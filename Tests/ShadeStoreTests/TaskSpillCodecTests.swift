import Testing

@testable import ShadeCore
@testable import ShadeStore

/// A task set aside by a large import comes back as it went, every field, and bytes that are
/// not what was set aside are refused rather than read as a task.
@Suite struct TaskSpillCodecTests {
    static let full = PlannerTask(
        id: 41, uid: "5e1c0f0e-1a1b-4c2d-9e8f-0a1b2c3d4e5f@2026-11-24", title: "Gym ☕ \"quoted\"\nnext line",
        notes: "a note, with 🧘‍♀️", date: CivilDate(year: 2026, month: 11, day: 24) ?? CivilDate(daysSinceEpoch: 0),
        slot: .evening, time: TimeOfDay(hour: 18, minute: 45), status: .done, tags: ["health", "ü", ""],
        category: "Sport", color: .green, favorite: true, remind: Reminders(.before(minutes: 90)), carried: 3,
        planned: CivilDate(year: 2026, month: 11, day: 20), goal: "g-uid", to: "ben@home",
        created: "2026-11-20T08:00:00+01:00", modified: "2026-11-24T19:00:00+01:00",
        doneAt: "2026-11-24T19:00:00+01:00",
        stamps: FieldStamps(
            made: FieldStamp(at: "2026-11-20T08:00:00+01:00", by: "ana"),
            changed: [
                "status": FieldStamp(at: "2026-11-24T19:00:00+01:00", by: "ben"), "title": FieldStamp(at: "x", by: ""),
            ]),
        series: "5e1c0f0e-1a1b-4c2d-9e8f-0a1b2c3d4e5f")

    static let bare = PlannerTask(
        id: 0, uid: "u", title: "", date: CivilDate(daysSinceEpoch: -800), slot: .morning, created: "c")

    @Test func everyFieldComesBack() throws {
        var bytes: [UInt8] = []
        let reminders: [Reminders?] = [
            Reminders(.before(minutes: 90)),
            Reminders([.at(TimeOfDay(hour: 7, minute: 5) ?? .midnight), .before(minutes: 1440)]),
            Reminders(.slotStart), nil,
        ]
        var tasks: [PlannerTask] = []
        for (index, remind) in reminders.enumerated() {
            var task = index % 2 == 0 ? Self.full : Self.bare
            task.remind = remind
            tasks.append(task)
            TaskSpillCodec.append(task, sequence: index * 1_000_000, line: index + 7, to: &bytes)
        }
        let entries = try TaskSpillCodec.entries(bytes, file: "spill")
        #expect(entries.map(\.sequence) == [0, 1_000_000, 2_000_000, 3_000_000])
        #expect(entries.map(\.line) == [7, 8, 9, 10])
        for (entry, task) in zip(entries, tasks) {
            var expected = task
            expected.id = 0
            #expect(entry.task == expected)
        }
    }

    @Test func bytesNotSetAsideAreRefused() {
        var bytes: [UInt8] = []
        TaskSpillCodec.append(Self.full, sequence: 1, line: 2, to: &bytes)
        // Every cut of the entry, and the entry with a byte more or a flag that is not one.
        for cut in [1, 8, 9, 40, bytes.count - 1] {
            #expect(throws: StoreError.self) { try TaskSpillCodec.entries(Array(bytes.prefix(cut)), file: "spill") }
        }
        #expect(throws: StoreError.self) { try TaskSpillCodec.entries(bytes + [0], file: "spill") }
        var length = bytes
        length[0] &+= 1
        #expect(throws: StoreError.self) { try TaskSpillCodec.entries(length, file: "spill") }
        // A length or a count past any end (the largest there is) is refused, not added up.
        var huge = bytes
        for index in 0..<8 { huge[index] = index == 7 ? 0x7F : 0xFF }
        #expect(throws: StoreError.self) { try TaskSpillCodec.entries(huge, file: "spill") }
        var text = bytes
        for index in 24..<32 { text[index] = index == 31 ? 0x7F : 0xFF }
        #expect(throws: StoreError.self) { try TaskSpillCodec.entries(text, file: "spill") }
    }
}
