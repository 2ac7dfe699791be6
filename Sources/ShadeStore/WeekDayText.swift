import ShadeCore
import ShadeJSON

/// A week file as a change that touches one of its days reads it (`StoreState.readDayAlone`):
/// json-c parses the file's header and that day alone; every other day is checked as JSON by
/// shade's own strict check (`JSONSyntax`), its shape by the outline that check draws (an object
/// of slot lists, each task an object that names its uid first and states its status), and it is
/// written back as the text it is, once the week's index certifies that text (`otherDayHashes`,
/// `StoreState.readDayAlone`). A change to one day of a dense week so builds no json-c tree of the
/// other six, and decodes none of their tasks.
///
/// Nil, for the caller to read the week whole, whenever that would not give the same: a text
/// the check refuses, a day or task not written as shade writes them, a uid twice.
struct WeekDayText {
    let bytes: [UInt8]
    /// The day read.
    let day: CivilDate
    /// What json-c parses: the file with each other day's object written `{}`.
    let skeleton: [UInt8]
    /// Each day's text in the file (the day read's too, when the file has it).
    let daySpans: [CivilDate: Range<Int>]
    /// The uid of each task of the other days.
    let otherUIDs: Set<String>
    /// The text of each task of the day read, by uid (what the writer puts back of a task the
    /// change left as it was, found here rather than by a second scan of the day).
    let taskSpans: [String: Range<Int>]
    /// Where the other days' open tasks lie (what a completion milestone asks of them).
    let openElsewhere: [OpenTaskPlace]
    /// The hash of each other day's text (`DayTextHash`), which the week's index must certify.
    let otherDayHashes: [CivilDate: UInt64]

    /// The day to read: one named, or the one that holds a task (by uid).
    enum Wanted {
        case day(CivilDate)
        case uid(String)
    }

    init?(bytes: [UInt8], week: ISOWeek, wanting: Wanted) {
        // The file, `days`, a day, a slot's list, a task, a task's member.
        guard let outline = JSONSyntax.outline(bytes, depth: 6) else { return nil }
        func text(_ span: Range<Int>?) -> String? {
            span.map { String(decoding: bytes[$0], as: UTF8.self) }
        }
        func named(_ value: Int, _ name: StaticString) -> Bool {
            guard let span = outline.values[value].key, span.count == name.utf8CodeUnitCount else { return false }
            return bytes[span].elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        func opens(_ value: Int, with byte: Character) -> Bool {
            bytes[outline.values[value].span.lowerBound] == byte.asciiValue
        }
        guard opens(0, with: "{") else { return nil }
        let days = outline.children(of: 0).filter { named($0, "days") }
        guard days.count == 1, let daysValue = days.first, opens(daysValue, with: "{") else { return nil }
        var spans: [CivilDate: Range<Int>] = [:]
        // Each task's day and text, by uid.
        var placeOfUID: [String: (date: CivilDate, span: Range<Int>)] = [:]
        var open: [OpenTaskPlace] = []
        for dayValue in outline.children(of: daysValue) {
            guard let key = text(outline.values[dayValue].key), let date = CivilDate(iso: key), date.description == key,
                date.isoWeek == week, opens(dayValue, with: "{")
            else { return nil }
            spans[date] = outline.values[dayValue].span
            for slotValue in outline.children(of: dayValue) {
                guard let key = text(outline.values[slotValue].key), let slot = Slot(rawValue: key),
                    opens(slotValue, with: "[")
                else { return nil }
                for taskValue in outline.children(of: slotValue) {
                    // A task names its uid first, with no escape, as shade writes it.
                    guard opens(taskValue, with: "{"), let first = outline.firstChild(of: taskValue),
                        named(first, "uid"), opens(first, with: "\""),
                        !bytes[outline.values[first].span].contains(UInt8(ascii: "\\"))
                    else { return nil }
                    let span = outline.values[first].span
                    let uid = String(decoding: bytes[(span.lowerBound + 1)..<(span.upperBound - 1)], as: UTF8.self)
                    guard placeOfUID.updateValue((date, outline.values[taskValue].span), forKey: uid) == nil
                    else { return nil }
                    // Its status, which a task states.
                    var member = outline.nextSibling(of: first)
                    while let at = member, !named(at, "status") { member = outline.nextSibling(of: at) }
                    guard let status = member else { return nil }
                    if bytes[outline.values[status].span].elementsEqual("\"open\"".utf8) {
                        open.append(OpenTaskPlace(uid: uid, date: date, slot: slot))
                    }
                }
            }
        }
        let day: CivilDate
        switch wanting {
        case .day(let date): day = date
        case .uid(let uid):
            guard let date = placeOfUID[uid]?.date else { return nil }
            day = date
        }
        self.day = day
        self.bytes = bytes
        daySpans = spans
        var others: Set<String> = []
        others.reserveCapacity(placeOfUID.count)
        var spansOfDay: [String: Range<Int>] = [:]
        for (uid, place) in placeOfUID {
            if place.date != day { others.insert(uid) } else { spansOfDay[uid] = place.span }
        }
        otherUIDs = others
        taskSpans = spansOfDay
        var hashes: [CivilDate: UInt64] = [:]
        for (date, span) in spans where date != day { hashes[date] = DayTextHash.hash(of: bytes[span], on: date) }
        otherDayHashes = hashes
        openElsewhere = open.filter { $0.date != day }
        // The skeleton: the text between the other days' objects, each of those written `{}`.
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity((spans[day]?.count ?? 0) + 512)
        var copied = 0
        for (date, span) in spans.sorted(by: { $0.value.lowerBound < $1.value.lowerBound }) where date != day {
            skeleton += bytes[copied..<span.lowerBound]
            skeleton += [UInt8(ascii: "{"), UInt8(ascii: "}")]
            copied = span.upperBound
        }
        skeleton += bytes[copied...]
        self.skeleton = skeleton
    }

    /// The hash of each day's text in a week file shade wrote (`DayTextHash`), its days found as
    /// the writer finds them (`WeekSource`).
    static func dayHashes(of bytes: [UInt8]) -> [CivilDate: UInt64] {
        WeekSource.dayTexts(in: bytes).reduce(into: [:]) { hashes, day in
            hashes[day.key] = DayTextHash.hash(of: bytes[day.value], on: day.key)
        }
    }
}
