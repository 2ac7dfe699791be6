import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// A change to a week writes the tasks it changed and puts the others back as the file held them:
/// what it writes is byte for byte what writing the whole week gives, for a week shade wrote, and
/// a task someone else laid out keeps its text until it changes.
@Suite struct WeekSourceTests {
    let week = ISOWeek(uncheckedYear: 2026, week: 48)
    let path = "weeks/2026/2026-W48.json"

    /// A week of `count` tasks over its days and slots, titles that JSON escapes among them.
    private func filled(_ temp: TemporaryStore, count: Int) throws {
        try temp.store.write(label: "fill", now: now) { state in
            for index in 0..<count {
                let day = "2026-11-2\(3 + index % 7)"
                let slot = Slot.allCases[index % 3]
                try state.insert(draft(try state.allocateID(), day, slot, "Task \(index) \"q\" \\ / {}[] é 🙂"))
            }
        }
    }

    /// Changes the task `id` of the week as `edit` says, in a change of its own.
    private func change(_ temp: TemporaryStore, id: Int, _ edit: (inout PlannerTask) -> Void) throws {
        try temp.store.write(label: "edit", now: now) { state in
            guard let task = try state.filedTasks(in: week).first(where: { $0.id == id }) else { return }
            var changed = task
            edit(&changed)
            try state.apply([RecordChange(before: .task(task), after: .task(changed))])
        }
    }

    /// The text of the task `uid` in a week file.
    private func taskText(_ uid: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
        // A task's depth in the file: the file, `days`, the day (`dayDepth`), then the day's own.
        let depth = WeekSource.dayDepth + WeekSource.taskDepthInDay - 1
        return JSONParser.objectSpans(in: bytes, depth: depth).map { bytes[$0] }.first { text in
            String(decoding: text, as: UTF8.self).contains("\"uid\": \"\(uid)\"")
        }
    }

    /// The week's file as writing all of it anew gives it, from the tasks and removals it holds.
    private func wholeRewrite(_ temp: TemporaryStore) throws -> [UInt8] {
        let bytes = try #require(temp.bytes(path))
        guard case .week(let content) = try StoreFileKind.week(week).decode(bytes, file: path) else { return [] }
        return try JSONWriter.bytes(WeekDocument.encode(week: week, tasks: content.tasks, removed: content.removed))
    }

    @Test func aChangeToOneTaskWritesWhatAWholeRewriteWould() throws {
        let temp = TemporaryStore()
        try filled(temp, count: 40)
        let before = try #require(temp.bytes(path))
        // Done, retitled, moved to another day, removed, and one added: each a change of its own.
        try change(temp, id: 5) { $0.status = .done }
        try change(temp, id: 9) { $0.title = "Task nine, \"renamed\"" }
        try change(temp, id: 11) { $0.date = CivilDate.fixture("2026-11-29") }
        try temp.store.write(label: "remove", now: now) { state in try state.remove(id: 12) }
        try add(temp.store, "2026-11-25", .evening, "New {one}")
        let after = try #require(temp.bytes(path))
        #expect(after != before)
        #expect(after == (try wholeRewrite(temp)))
        // Each change is in the file (a text put back where a task changed would read as before).
        let read = try temp.store.read { try $0.filedTasks(in: week) }
        let byID = Dictionary(uniqueKeysWithValues: read.map { ($0.id, $0) })
        #expect(byID[5]?.status == .done)
        #expect(byID[9]?.title == "Task nine, \"renamed\"")
        #expect(byID[11]?.date == CivilDate.fixture("2026-11-29"))
        #expect(byID[12] == nil && byID[6]?.status == .open)
        #expect(read.count == 40 && read.contains { $0.title == "New {one}" })
        // A task no change touched is the text it was, byte for byte.
        let untouched = try #require(byID[20]?.uid)
        #expect(
            taskText(untouched, in: before) != nil && taskText(untouched, in: before) == taskText(untouched, in: after))
    }

    @Test func aTaskLaidOutByHandKeepsItsTextUntilItChanges() throws {
        let temp = TemporaryStore()
        try filled(temp, count: 6)
        // Someone lays out the first task on one line: the same task to every reader.
        let text = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        let uid = try #require(try temp.store.read { try $0.filedTasks(in: week) }.first?.uid)
        let start = try #require(text.range(of: "{\n          \"uid\": \"\(uid)\""))
        let end = try #require(text[start.upperBound...].range(of: "\n        }"))
        let object = String(text[start.lowerBound..<end.upperBound])
        let oneLine = object.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(
            separator: " ")
        temp.write(path, text.replacingOccurrences(of: object, with: oneLine))
        let tasksBefore = try temp.store.read { try $0.filedTasks(in: week) }
        // A change to another task leaves its line as it is.
        try add(temp.store, "2026-11-27", .morning, "Another")
        #expect(String(decoding: try #require(temp.bytes(path)), as: UTF8.self).contains(oneLine))
        let tasksAfter = try temp.store.read { try $0.filedTasks(in: week) }
        #expect(Set(tasksBefore).isSubset(of: Set(tasksAfter)) && tasksAfter.count == tasksBefore.count + 1)
        // Changed, it is written as shade writes every task.
        let id = try #require(try temp.store.read { try $0.filedTasks(in: week) }.first { $0.uid == uid }?.id)
        try change(temp, id: id) { $0.title = "Changed" }
        let written = try #require(temp.bytes(path))
        #expect(!String(decoding: written, as: UTF8.self).contains(oneLine))
        #expect(written == (try wholeRewrite(temp)))
    }

    @Test func aDayLaidOutByHandKeepsItsTextWhileAnotherDayChanges() throws {
        let temp = TemporaryStore()
        try filled(temp, count: 14)
        // Someone writes Tuesday on one line: the same tasks to every reader.
        let text = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        let start = try #require(text.range(of: "\"2026-11-24\": {"))
        let end = try #require(text[start.upperBound...].range(of: "\n    }"))
        let day = String(text[start.lowerBound..<end.upperBound])
        let oneLine = day.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.joined(separator: " ")
        temp.write(path, text.replacingOccurrences(of: day, with: oneLine))
        let tuesday = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) }
        #expect(tuesday.count == 2)
        // A change on Monday and one on Wednesday leave Tuesday's line as it is.
        try add(temp.store, "2026-11-23", .morning, "Monday's new one")
        let wednesday = try #require(try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-25")) }.first)
        try change(temp, id: wednesday.id) { $0.status = .done }
        let written = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        #expect(written.contains(oneLine))
        #expect(try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) } == tuesday)
        // A change to Tuesday writes it as shade writes a day; its other task keeps its one line.
        try change(temp, id: tuesday[0].id) { $0.title = "Tuesday, changed" }
        let after = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        #expect(!after.contains(oneLine) && after.contains("Tuesday, changed"))
        #expect(after.contains("{ \"uid\": \"\(tuesday[1].uid)\""))
        let read = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) }
        #expect(read.map(\.id) == tuesday.map(\.id) && read[1] == tuesday[1])
    }

    @Test func aWeekWithADayKeyThatIsNotADateAsShadeWritesOneIsWrittenTaskByTask() throws {
        // A hand-written key (escaped) does not name a day whose text can be put back whole.
        let temp = TemporaryStore()
        try filled(temp, count: 7)
        let text = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        temp.write(path, text.replacingOccurrences(of: "\"2026-11-24\"", with: "\"2026-11\\u002D24\""))
        let before = try temp.store.read { try $0.filedTasks(in: week) }
        try add(temp.store, "2026-11-23", .morning, "Another")
        let after = try temp.store.read { try $0.filedTasks(in: week) }
        #expect(after.count == before.count + 1 && Set(before).isSubset(of: Set(after)))
        #expect(try #require(temp.bytes(path)) == (try wholeRewrite(temp)))
    }

    @Test func aRemovedTaskWhoseUIDReadsAsADateIsNeverTakenForThatDay() throws {
        // The week's removals are objects at a day's depth, by uid: one named like Tuesday.
        let temp = TemporaryStore()
        try filled(temp, count: 14)
        let id = try temp.store.write(label: "odd", now: now) { state in
            let task = draft(try state.allocateID(), "2026-11-24", .morning, "Odd uid").withUID("2026-11-24")
            try state.insert(task)
            return task.id
        }
        try temp.store.write(label: "remove", now: now) { state in try state.remove(id: id) }
        let text = String(decoding: try #require(temp.bytes(path)), as: UTF8.self)
        #expect(text.contains("\"removed\"") && text.contains("\"2026-11-24\": {\n      \"at\""))
        // Removals written first, by hand: the same week to every reader.
        let moved = movingRemovalsFirst(text)
        let removals = try #require(moved.range(of: "\"removed\": {"))
        #expect(removals.lowerBound < (try #require(moved.range(of: "\"days\": {"))).lowerBound)
        for file in [text, moved] {
            temp.write(path, file)
            let tuesday = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) }
            try add(temp.store, "2026-11-26", .evening, "Thursday's new one")
            #expect(try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) } == tuesday)
            #expect(try #require(temp.bytes(path)) == (try wholeRewrite(temp)))
        }
    }

    @Test func aTaskWhoseUIDReadsAsADateOfTheWeekIsKeptApartFromThatDay() throws {
        // Monday holds a task named like Tuesday; Tuesday holds tasks of its own. A change on
        // Monday alone keeps that task as its text, and Tuesday whole: each where it stands.
        let temp = TemporaryStore()
        try filled(temp, count: 14)
        try temp.store.write(label: "odd", now: now) { state in
            try state.insert(
                draft(try state.allocateID(), "2026-11-23", .morning, "Odd uid").withUID("2026-11-24"))
        }
        let tuesday = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) }
        let monday = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-23")) }
        #expect(tuesday.count == 2 && monday.contains { $0.uid == "2026-11-24" })
        try add(temp.store, "2026-11-23", .evening, "Monday's new one")
        #expect(try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-24")) } == tuesday)
        let after = try temp.store.read { try $0.tasks(on: CivilDate.fixture("2026-11-23")) }
        #expect(Array(after.prefix(monday.count)) == monday && after.count == monday.count + 1)
        #expect(try #require(temp.bytes(path)) == (try wholeRewrite(temp)))
    }

    /// A week file's text with its `removed` member moved before `days`.
    private func movingRemovalsFirst(_ text: String) -> String {
        guard let removed = text.range(of: ",\n  \"removed\": ") else { return text }
        let member = String(text[removed.lowerBound..<text.index(text.endIndex, offsetBy: -2)]).dropFirst()
        let rest = String(text[..<removed.lowerBound]) + "\n}\n"
        return rest.replacingOccurrences(of: "\n  \"days\": ", with: "\n" + member + ",\n  \"days\": ")
    }

    @Test func objectSpansWithinAValueCountDepthFromIt() throws {
        let text = #"{"days": {"a": {"m": [{"uid": "1"}, {"uid": "2"}]}, "b": {"m": [{"uid": "3"}]}}, "z": {}}"#
        let bytes = Array(text.utf8)
        #expect(try JSONParser.parse(bytes) != .null)
        let days = JSONParser.objectSpans(in: bytes, depth: 3)
        #expect(days.count == 2)
        let inA = JSONParser.objectSpans(in: bytes, within: days[0], depth: 3)
        #expect(inA.map { String(decoding: bytes[$0], as: UTF8.self) } == [#"{"uid": "1"}"#, #"{"uid": "2"}"#])
        let inB = JSONParser.objectSpans(in: bytes, within: days[1], depth: 3)
        #expect(inB.map { String(decoding: bytes[$0], as: UTF8.self) } == [#"{"uid": "3"}"#])
        #expect(JSONParser.objectSpans(in: bytes, within: days[1], depth: 1) == [days[1]])
    }

    @Test func objectSpansPassOverStringsWhole() throws {
        let text = #"{"a": [{"s": "} { ] [ \" \\", "b": {}}, {"t": "x"}], "c": {"d": [{"e": 1}]}}"#
        let bytes = Array(text.utf8)
        #expect(try JSONParser.parse(bytes) != .null)
        let spans = JSONParser.objectSpans(in: bytes, depth: 3)
        #expect(
            spans.map { String(decoding: bytes[$0], as: UTF8.self) } == [
                #"{"s": "} { ] [ \" \\", "b": {}}"#, #"{"t": "x"}"#,
            ])
        let deeper = JSONParser.objectSpans(in: bytes, depth: 4)
        #expect(deeper.map { String(decoding: bytes[$0], as: UTF8.self) } == ["{}", #"{"e": 1}"#])
    }

    @Test func theWriterPutsBackTheTextsItIsGivenWhereTheirNamesStand() throws {
        // Small documents (written as one json-c tree) and large ones (member by member) alike.
        for count in [1, 3, 40] {
            let elements: [JSONValue] = (0..<count).map { ["n": .int(Int64($0)), "s": .string("x \($0) é")] }
            let document: JSONValue = ["format": 3, "list": ["inner": .array(elements)], "tail": "end"]
            let whole = try JSONWriter.bytes(document)
            // Each element's own text in the whole document, given back under a name.
            let spans = JSONParser.objectSpans(in: whole, depth: 4)
            #expect(spans.count == count)
            let nonce = "\u{0}test-"
            var named: [JSONValue] = elements
            var texts: [String: ArraySlice<UInt8>] = [:]
            for index in stride(from: 0, to: count, by: 2) {
                named[index] = .string(nonce + String(index))
                texts[nonce + String(index)] = whole[spans[index]]
            }
            let document2: JSONValue = ["format": 3, "list": ["inner": .array(named)], "tail": "end"]
            #expect(try JSONWriter.bytes(document2, verbatim: texts) == whole)
            // A member's value, too.
            let list = try #require(JSONParser.objectSpans(in: whole, depth: 2).first)
            let document3: JSONValue = ["format": 3, "list": .string(nonce + "list"), "tail": "end"]
            #expect(try JSONWriter.bytes(document3, verbatim: [nonce + "list": whole[list]]) == whole)
        }
    }
}
