import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A week file leaves out each field of a task that holds nothing, and reads a task that writes
/// them all out (as every copy wrote them before) as the same task.
@Suite struct LeanTaskRecordTests {
    let week = ISOWeek(uncheckedYear: 2026, week: 48)
    let kind = StoreFileKind.week(ISOWeek(uncheckedYear: 2026, week: 48))

    var bare: PlannerTask {
        PlannerTask(
            id: 0, uid: "bare", title: "Read", date: CivilDate.fixture("2026-11-23"), slot: .morning,
            created: "2026-11-23T09:30:00+00:00")
    }

    var full: PlannerTask {
        PlannerTask(
            id: 0, uid: "full", title: "Gym", notes: "bring shoes", date: CivilDate.fixture("2026-11-24"),
            slot: .evening, time: TimeOfDay(parsing: "19:30"), status: .done, tags: ["health"], category: "sport",
            color: .green, favorite: true, remind: Reminders(parsing: "1d,15m"), due: CivilDate.fixture("2026-11-25"),
            estimate: 45, created: "2026-11-23T09:30:00+00:00", modified: "2026-11-24T20:00:00+00:00",
            doneAt: "2026-11-24T20:00:00+00:00")
    }

    private func written(_ tasks: [PlannerTask]) throws -> [UInt8] {
        try JSONWriter.bytes(WeekDocument.encode(week: week, tasks: tasks))
    }

    private func read(_ bytes: [UInt8]) throws -> [PlannerTask] {
        guard case .week(let content) = try kind.decode(bytes, file: "2026-W48.json") else { return [] }
        return content.tasks
    }

    /// The keys of the task objects of a week file, in order.
    private func taskKeys(_ bytes: [UInt8]) throws -> [[String]] {
        let days = try JSONParser.parse(bytes).objectValue?["days"]?.objectValue
        return (days?.members ?? []).flatMap { day in
            (day.value.objectValue?.members ?? []).flatMap { slot in
                (slot.value.arrayValue ?? []).map { $0.objectValue?.members.map(\.key) ?? [] }
            }
        }
    }

    @Test func aTaskThatHoldsNothingIsWrittenWithItsRequiredFieldsAlone() throws {
        let bytes = try written([bare, full])
        let keys = try taskKeys(bytes)
        #expect(keys.first == ["uid", "title", "status", "tags", "created", "modified", "stamps"])
        #expect(
            keys.last == [
                "uid", "title", "notes", "time", "status", "tags", "category", "color", "favorite", "remind", "due",
                "estimate", "created", "modified", "done_at", "stamps",
            ])
        #expect(try read(bytes) == [bare, full])
    }

    /// The same bare task with every unset field written out, as copies wrote it before: in
    /// shade's order (read by the fast path) or in another (read by the slow one).
    private func writtenOutWhole(_ lean: String, inShadesOrder: Bool) -> String {
        var text = lean
        for (anchor, fields) in [
            (#""title": "Read","#, #" "notes": null, "time": null,"#),
            inShadesOrder
                ? (
                    #""tags": [\#n          ],"#,
                    #" "category": null, "color": null, "favorite": false, "remind": null,"#
                )
                : (#""title": "Read","#, #" "category": null, "color": null, "favorite": false, "remind": null,"#),
            (#""modified": "2026-11-23T09:30:00+00:00","#, #" "done_at": null,"#),
        ] {
            let before = text
            text = text.replacingOccurrences(of: anchor, with: anchor + fields)
            #expect(text != before, "\(anchor) not found in \(lean)")
        }
        return text
    }

    @Test(arguments: [true, false])
    func aTaskWrittenOutWholeReadsAsTheSameTask(inShadesOrder: Bool) throws {
        let lean = String(decoding: try written([bare]), as: UTF8.self)
        let whole = writtenOutWhole(lean, inShadesOrder: inShadesOrder)
        #expect(try read(Array(whole.utf8)) == [bare])
        // Rewritten, it leaves them out again.
        #expect(try written(try read(Array(whole.utf8))) == Array(lean.utf8))
    }

    @Test func anUnknownKeyIsRefusedWhereverItStands() throws {
        let lean = String(decoding: try written([bare]), as: UTF8.self)
        for (anchor, insert) in [
            (#""uid": "#, #""colour": "red", "#), (#""stamps": "#, #""x": 1, "#),
            (#""status": "#, #""notes ": null, "#),
        ] {
            let text = lean.replacingOccurrences(of: anchor, with: insert + anchor)
            #expect(throws: StoreError.self) { try read(Array(text.utf8)) }
        }
    }
}
