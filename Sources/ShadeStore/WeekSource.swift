import ShadeCore
import ShadeJSON

/// A week file as a step read it: its text, and the tasks it was read as, by uid.
///
/// When the step writes the week again, what it has not changed is put back as the text the file
/// gave it rather than written anew (`JSONWriter.bytes(_:verbatim:)`): a day whose tasks are all
/// as the file holds them (the same tasks, in the same order) is put back whole, and in a day that
/// changed, each task equal in every field to the task the file was read as. A change to one day of
/// a dense week so encodes the tasks it changed, and scans the text of that day alone for theirs.
/// A week shade wrote reads back the same either way; a day or a task someone else wrote keeps
/// their layout until it changes.
struct WeekSource {
    let bytes: [UInt8]
    /// The tasks the file was read as, in its order.
    let tasks: [PlannerTask]

    /// How many weeks' texts a step keeps: the few a change writes (a large change reads many
    /// weeks, and writes them a few at a time).
    static let kept = 4

    /// The depth of a day's object in a week file: the file, `days`, the day.
    static let dayDepth = 3
    /// The depth of a task's object in a day's text: the day, a slot's list, the task.
    static let taskDepthInDay = 3

    /// What a write puts back as the file's text: a name for each day kept whole (by date) and for
    /// each task kept alone (by uid), to stand in the week's document in their place, and the
    /// text each name stands for.
    struct Kept {
        var days: [CivilDate: String] = [:]
        var tasks: [String: String] = [:]
        var texts: [String: ArraySlice<UInt8>] = [:]
    }

    /// The text of each day the file's `days` holds, by date: each object at `dayDepth` named by a
    /// date written as shade writes one, in the object named `days` (found in one scan).
    func dayTexts() -> [CivilDate: Range<Int>] { Self.dayTexts(in: bytes) }

    /// The text of each day a week file's `days` holds (`dayTexts()`), of any file's bytes.
    static func dayTexts(in bytes: [UInt8]) -> [CivilDate: Range<Int>] {
        var texts: [CivilDate: Range<Int>] = .init(minimumCapacity: 7)
        var days: Int?
        for (span, parent) in JSONParser.objectSpansAndParents(in: bytes, depth: WeekSource.dayDepth) {
            if days == nil, key(before: parent, in: bytes) == "days" { days = parent }
            guard parent == days, let key = key(before: span.lowerBound, in: bytes), let date = CivilDate(iso: key),
                date.description == key
            else { continue }
            texts[date] = span
        }
        return texts
    }

    /// The text of each task of a day's text whose first member is its uid, by that uid.
    private func taskTexts(inDay day: Range<Int>) -> [String: Range<Int>] {
        let spans = JSONParser.objectSpans(in: bytes, within: day, depth: WeekSource.taskDepthInDay)
        var texts: [String: Range<Int>] = .init(minimumCapacity: spans.count)
        for span in spans {
            if let uid = leadingUID(in: span) { texts[uid] = span }
        }
        return texts
    }

    private static let blanks: [UInt8] = [0x20, 0x0A, 0x0D, 0x09]

    /// The key the value opening at `start` is a member under (`"key": {…}`), when it is written
    /// with no escape; nil for an element of an array.
    static func key(before start: Int, in bytes: [UInt8]) -> String? {
        var index = start - 1
        func skipBlanks() {
            while index >= 0, Self.blanks.contains(bytes[index]) { index -= 1 }
        }
        skipBlanks()
        guard index >= 0, bytes[index] == UInt8(ascii: ":") else { return nil }
        index -= 1
        skipBlanks()
        guard index >= 0, bytes[index] == UInt8(ascii: "\"") else { return nil }
        let end = index
        index -= 1
        while index >= 0, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\") else { return nil }
            index -= 1
        }
        // The quote that opens a key follows a brace, a comma or a blank (an escaped one, a backslash).
        guard index >= 1,
            [UInt8(ascii: "{"), UInt8(ascii: ",")].contains(bytes[index - 1]) || Self.blanks.contains(bytes[index - 1])
        else { return nil }
        return String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
    }

    /// The uid an object's text names first (`{ "uid": "…"`), when it does so with no escape.
    private func leadingUID(in span: Range<Int>) -> String? {
        Self.leadingUID(in: bytes, within: span).map { String(decoding: bytes[$0], as: UTF8.self) }
    }

    /// Where the uid lies that the object opening at `span`'s start names first (`{ "uid": "…"`,
    /// blanks allowed between), when it does so with no escape and the uid ends within `span`.
    static func leadingUID(in bytes: [UInt8], within span: Range<Int>) -> Range<Int>? {
        var index = span.lowerBound
        func skipBlanks() {
            while index < span.upperBound, Self.blanks.contains(bytes[index]) { index += 1 }
        }
        func expect(_ text: StaticString) -> Bool {
            let expected = UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
            for byte in expected {
                guard index < span.upperBound, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
        guard expect("{") else { return nil }
        skipBlanks()
        guard expect("\"uid\"") else { return nil }
        skipBlanks()
        guard expect(":") else { return nil }
        skipBlanks()
        guard expect("\"") else { return nil }
        let start = index
        while index < span.upperBound, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < span.upperBound else { return nil }
        return start..<index
    }

    /// What of `current` (the week's tasks as the step leaves them) is as the file holds it: the
    /// days whose tasks are all so, and in the other days the tasks that are. With `daySpans`
    /// (each day's text, found already), the file is not scanned for them; the days `whole` names
    /// are kept whole, as the file holds them, whatever `current` holds (a step that read one day
    /// alone holds none of the others: `StoreState.readDayAlone`). With `taskSpans`, the text of
    /// each task of one day is known already (`WeekDayText`), and that day is not scanned for it.
    func unchanged(
        in current: [PlannerTask], daySpans: [CivilDate: Range<Int>]? = nil, whole: [CivilDate] = [],
        taskSpans known: (day: CivilDate, spans: [String: Range<Int>])? = nil
    ) -> Kept {
        let days = daySpans ?? dayTexts()
        guard !days.isEmpty else { return Kept() }
        // Each day's tasks by their places in the two lists (no task is copied to be compared).
        var read: [CivilDate: [Int]] = .init(minimumCapacity: 7)
        for index in tasks.indices { read[tasks[index].date, default: []].append(index) }
        var now: [CivilDate: [Int]] = .init(minimumCapacity: 7)
        for index in current.indices { now[current[index].date, default: []].append(index) }
        // A name no value read from a file can hold: a NUL, then a nonce of this write; then
        // what it names (a uid may read as a date: a day's name and a task's never meet).
        let nonce = "\u{0}\(UInt64.random(in: .min ... .max))-"
        var kept = Kept()
        kept.texts.reserveCapacity(now.count + whole.count)
        for date in whole {
            guard let day = days[date] else { continue }
            let name = nonce + "day " + date.description
            kept.days[date] = name
            kept.texts[name] = bytes[day]
        }
        for (date, places) in now {
            guard let day = days[date] else { continue }
            let before = read[date] ?? []
            if before.count == places.count, zip(before, places).allSatisfy({ tasks[$0] == current[$1] }) {
                let name = nonce + "day " + date.description
                kept.days[date] = name
                kept.texts[name] = bytes[day]
                continue
            }
            let spans = known?.day == date ? known?.spans ?? [:] : taskTexts(inDay: day)
            guard !spans.isEmpty else { continue }
            var asRead: [String: Int] = .init(minimumCapacity: before.count)
            for index in before where asRead[tasks[index].uid] == nil { asRead[tasks[index].uid] = index }
            for index in places {
                let task = current[index]
                guard let span = spans[task.uid], let readAt = asRead[task.uid], tasks[readAt] == task else { continue }
                let name = nonce + "task " + task.uid
                kept.tasks[task.uid] = name
                kept.texts[name] = bytes[span]
            }
        }
        return kept
    }
}
