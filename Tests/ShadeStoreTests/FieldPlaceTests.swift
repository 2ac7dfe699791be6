import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A place in a store file is put into words only for a message, and then as every message
/// named it: each key after a dot, each element's index in brackets, a file's top as nothing.
@Suite struct FieldPlaceTests {
    let kind = StoreFileKind.week(ISOWeek(uncheckedYear: 2026, week: 48))

    @Test func aPlaceIsWrittenOutAsMessagesNameIt() {
        let slot = FieldPlace.member(.member(.member(.text(""), "days"), "2026-11-23"), "morning")
        #expect(slot.text == "days.2026-11-23.morning")
        #expect(FieldPlace.member(.element(slot, 2), "stamps").text == "days.2026-11-23.morning[2].stamps")
        #expect(FieldPlace.member(.text("ids"), "9f1c").text == "ids.9f1c")
        #expect(FieldPlace.text("").text == "")
    }

    /// A week of two Monday tasks, the second's text given by `second`.
    private func week(second: String) -> [UInt8] {
        let stamps = #""stamps": {"made": {"at": "2026-11-23T09:30:00+00:00", "by": ""}, "changed": {}}"#
        let first =
            #"{"uid": "a", "title": "Gym", "status": "open", "tags": [], "created": "2026-11-23T09:30:00+00:00", "modified": "2026-11-23T09:30:00+00:00", "#
            + stamps + "}"
        return Array(
            (#"{"format": 3, "kind": "week", "week": "2026-W48", "days": {"2026-11-23": {"morning": ["#
                + first + ", " + second + "]}}}").utf8)
    }

    private func problem(second: String) throws -> String {
        let error = try #require(throws: StoreError.self) { _ = try kind.decode(week(second: second), file: "w.json") }
        return error.description
    }

    @Test func aProblemInATasksStampsIsNamedByItsWholePlace() throws {
        let task =
            #"{"uid": "b", "title": "Read", "status": "open", "tags": [], "created": "2026-11-23T09:30:00+00:00", "modified": "2026-11-23T09:30:00+00:00", "stamps": "#
        let made = try problem(second: task + #"{"made": {"at": 5, "by": ""}, "changed": {}}}"#)
        #expect(made.contains("days.2026-11-23.morning[1].stamps.made.at"), "\(made)")
        let changed = try problem(
            second: task
                + #"{"made": {"at": "2026-11-23T09:30:00+00:00", "by": ""}, "changed": {"colour": {"at": "x", "by": ""}}}}"#
        )
        #expect(changed.contains("days.2026-11-23.morning[1].stamps.changed.colour"), "\(changed)")
        #expect(changed.contains("is not a field of this record"), "\(changed)")
    }

    @Test func aUIDFiledTwiceIsNamedAtItsSecondPlace() throws {
        let again =
            #"{"uid": "a", "title": "Read", "status": "open", "tags": [], "created": "2026-11-23T09:30:00+00:00", "modified": "2026-11-23T09:30:00+00:00", "stamps": {"made": {"at": "2026-11-23T09:30:00+00:00", "by": ""}, "changed": {}}}"#
        let twice = try problem(second: again)
        #expect(twice.contains("days.2026-11-23.morning[1].uid"), "\(twice)")
        #expect(twice.contains("uid a appears twice"), "\(twice)")
    }
}
