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
/// A file this copy wrote, as its certificate stands for (`init(bytes:week:wanting:certificate:…)`),
/// has its day read lazily as well: json-c parses the one task the change names (none for a task
/// to add), and the day's other tasks are carried as their text, as the other days are
/// (`carriesTasks`): a `done` in a dense day decodes one task, an `add` none.
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
    /// The tasks of the other days, day by day in the file's order, with their ids when a
    /// certificate gave them, and where each lies from the start of its day when known (what the
    /// certificate of the file written says of them: `WeekCertificate`).
    let otherTasks: [(date: CivilDate, tasks: [OtherTask])]
    typealias OtherTask = (uid: String, id: Int?, slot: Slot, isOpen: Bool, span: Range<Int>?)
    /// The tasks of the day read, in the file's order.
    let dayTasks: [TaskPlace]
    /// Whether the skeleton holds of the day read only the task the change names (none for a
    /// day named): the day's other tasks are carried as their text (`PartialWeek`), not decoded.
    let carriesTasks: Bool

    /// One task of a day's object as the outline finds it.
    typealias TaskPlace = (uid: String, slot: Slot, span: Range<Int>, isOpen: Bool)

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
        func opens(_ value: Int, with byte: Character) -> Bool {
            bytes[outline.values[value].span.lowerBound] == byte.asciiValue
        }
        guard opens(0, with: "{") else { return nil }
        guard let daysValue = outline.member(named: "days", of: 0, in: bytes), opens(daysValue, with: "{")
        else { return nil }
        var spans: [CivilDate: Range<Int>] = [:]
        // Each task's day and text, by uid.
        var placeOfUID: [String: (date: CivilDate, span: Range<Int>)] = [:]
        var open: [OpenTaskPlace] = []
        var all: [(date: CivilDate, tasks: [TaskPlace])] = []
        for dayValue in outline.children(of: daysValue) {
            guard let key = text(outline.values[dayValue].key), let date = CivilDate(iso: key), date.description == key,
                date.isoWeek == week, let tasks = WeekDayText.tasks(of: dayValue, in: outline, bytes: bytes, offset: 0)
            else { return nil }
            spans[date] = outline.values[dayValue].span
            all.append((date, tasks))
            for task in tasks {
                guard placeOfUID.updateValue((date, task.span), forKey: task.uid) == nil else { return nil }
                if task.isOpen { open.append(OpenTaskPlace(uid: task.uid, date: date, slot: task.slot)) }
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
        otherTasks = all.filter { $0.date != day }.map { day in
            let start = spans[day.date]?.lowerBound ?? 0
            return (
                day.date,
                day.tasks.map {
                    ($0.uid, nil, $0.slot, $0.isOpen, ($0.span.lowerBound - start)..<($0.span.upperBound - start))
                }
            )
        }
        dayTasks = all.first { $0.date == day }?.tasks ?? []
        carriesTasks = false
        skeleton = WeekDayText.skeleton(of: bytes, leavingOut: spans, but: day)
    }

    /// The week file `bytes` a certificate stands for (`WeekCertificate`: its hash is the file's),
    /// read as `init(bytes:week:wanting:)` reads it, each other day from what the certificate says
    /// of it (its tasks' uids from the week's index, `ids`; its text's hash from the index's
    /// `checked` days), the day read from its own text alone. Nil when the certificate is not the
    /// file's, or does not hold together with the index, or the day read is not written as shade
    /// writes a day: the caller then reads the file as before.
    init?(
        bytes: [UInt8], week: ISOWeek, wanting: Wanted, certificate: WeekCertificate, ids: [String: Int],
        checked: [CivilDate: UInt64]
    ) {
        guard certificate.standsFor(bytes),
            certificate.days.last.map({ $0.span.upperBound <= bytes.count }) ?? true
        else { return nil }
        let day: CivilDate
        switch wanting {
        case .day(let date): day = date
        case .uid(let uid):
            guard let id = ids[uid], let found = certificate.days.first(where: { $0.tasks.contains { $0.id == id } })
            else { return nil }
            day = found.date
        }
        // The uids of the tasks, by their ids: each id once, each in the index (those of the day
        // read too, when the certificate says where they lie).
        let dayCertified = certificate.days.first { $0.date == day }
        let placesDay = dayCertified.map { !$0.tasks.isEmpty && $0.tasks.allSatisfy { $0.span != nil } } ?? false
        var others = Set<Int>()
        for other in certificate.days where other.date != day || placesDay {
            for task in other.tasks { guard others.insert(task.id).inserted else { return nil } }
        }
        var uidOfID = [Int: String](minimumCapacity: others.count)
        for (uid, id) in ids where others.contains(id) { uidOfID[id] = uid }
        guard uidOfID.count == others.count else { return nil }
        var otherUIDs = Set<String>(minimumCapacity: others.count)
        var open: [OpenTaskPlace] = []
        var otherTasks: [(date: CivilDate, tasks: [OtherTask])] = []
        var hashes: [CivilDate: UInt64] = [:]
        var spans: [CivilDate: Range<Int>] = [:]
        for other in certificate.days {
            guard bytes[other.span.lowerBound] == UInt8(ascii: "{"),
                bytes[other.span.upperBound - 1] == UInt8(ascii: "}")
            else { return nil }
            spans[other.date] = other.span
            guard other.date != day else { continue }
            guard let hash = checked[other.date] else { return nil }
            hashes[other.date] = hash
            var tasks: [OtherTask] = []
            tasks.reserveCapacity(other.tasks.count)
            for task in other.tasks {
                guard let uid = uidOfID[task.id] else { return nil }
                otherUIDs.insert(uid)
                tasks.append((uid, task.id, task.slot, task.isOpen, task.span))
                if task.isOpen { open.append(OpenTaskPlace(uid: uid, date: other.date, slot: task.slot)) }
            }
            otherTasks.append((other.date, tasks))
        }
        // The day read: from where the certificate says its tasks lie (each checked to open with
        // its uid), else from its own text. Its tasks' texts by uid, none another day's.
        var spansOfDay: [String: Range<Int>] = [:]
        var dayTasks: [TaskPlace] = []
        if placesDay, let dayCertified, let span = spans[day] {
            dayTasks.reserveCapacity(dayCertified.tasks.count)
            for task in dayCertified.tasks {
                guard let uid = uidOfID[task.id], let relative = task.span, !otherUIDs.contains(uid) else { return nil }
                let place = (span.lowerBound + relative.lowerBound)..<(span.lowerBound + relative.upperBound)
                guard place.upperBound <= span.upperBound, bytes[place.upperBound - 1] == UInt8(ascii: "}"),
                    WeekSource.leadingUID(in: bytes, within: place).map({ bytes[$0].elementsEqual(uid.utf8) }) == true,
                    spansOfDay.updateValue(place, forKey: uid) == nil
                else { return nil }
                dayTasks.append((uid, task.slot, place, task.isOpen))
            }
        } else if let span = spans[day] {
            let text = Array(bytes[span])
            // The day, a slot's list, a task, a task's member.
            guard let outline = JSONSyntax.outline(text, depth: 4),
                let tasks = WeekDayText.tasks(of: 0, in: outline, bytes: text, offset: span.lowerBound)
            else { return nil }
            for task in tasks {
                guard !otherUIDs.contains(task.uid), spansOfDay.updateValue(task.span, forKey: task.uid) == nil
                else { return nil }
            }
            dayTasks = tasks
        }
        // Of the day, json-c parses the task the change names alone (none for a day named).
        var wanted: [UInt8] = [UInt8(ascii: "{"), UInt8(ascii: "}")]
        if case .uid(let uid) = wanting {
            guard let task = dayTasks.first(where: { $0.uid == uid }) else { return nil }
            wanted =
                Array("{\"\(task.slot.rawValue)\":[".utf8) + bytes[task.span] + [UInt8(ascii: "]"), UInt8(ascii: "}")]
        }
        self.dayTasks = dayTasks
        carriesTasks = true
        self.bytes = bytes
        self.day = day
        daySpans = spans
        self.otherUIDs = otherUIDs
        taskSpans = spansOfDay
        openElsewhere = open
        otherDayHashes = hashes
        self.otherTasks = otherTasks
        skeleton = WeekDayText.skeleton(of: bytes, leavingOut: spans, but: day, writing: wanted)
    }

    /// The tasks of the day whose object is value `dayValue` of `outline` (drawn of `bytes`, which
    /// start at `offset` in the file), with their spans in the file; nil unless each slot is one
    /// by name and a list, and each task an object that names its uid first, with no escape, and
    /// states its status, as shade writes them.
    private static func tasks(of dayValue: Int, in outline: JSONOutline, bytes: [UInt8], offset: Int) -> [TaskPlace]? {
        func named(_ value: Int, _ name: StaticString) -> Bool {
            guard let span = outline.values[value].key, span.count == name.utf8CodeUnitCount else { return false }
            return bytes[span].elementsEqual(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))
        }
        func opens(_ value: Int, with byte: Character) -> Bool {
            bytes[outline.values[value].span.lowerBound] == byte.asciiValue
        }
        guard opens(dayValue, with: "{") else { return nil }
        var tasks: [TaskPlace] = []
        for slotValue in outline.children(of: dayValue) {
            guard let key = outline.values[slotValue].key,
                let slot = Slot(rawValue: String(decoding: bytes[key], as: UTF8.self)), opens(slotValue, with: "[")
            else { return nil }
            for taskValue in outline.children(of: slotValue) {
                guard opens(taskValue, with: "{"), let first = outline.firstChild(of: taskValue), named(first, "uid"),
                    opens(first, with: "\""), !bytes[outline.values[first].span].contains(UInt8(ascii: "\\"))
                else { return nil }
                let span = outline.values[first].span
                let uid = String(decoding: bytes[(span.lowerBound + 1)..<(span.upperBound - 1)], as: UTF8.self)
                // Its status, which a task states.
                var member = outline.nextSibling(of: first)
                while let at = member, !named(at, "status") { member = outline.nextSibling(of: at) }
                guard let status = member else { return nil }
                let task = outline.values[taskValue].span
                tasks.append(
                    (
                        uid, slot, (task.lowerBound + offset)..<(task.upperBound + offset),
                        bytes[outline.values[status].span].elementsEqual("\"open\"".utf8)
                    ))
            }
        }
        return tasks
    }

    /// The text json-c parses of a week read one day alone: the file's text with each other day's
    /// object written `{}`, and the day read's as it is, or written `text` when given.
    private static func skeleton(
        of bytes: [UInt8], leavingOut spans: [CivilDate: Range<Int>], but day: CivilDate, writing text: [UInt8]? = nil
    ) -> [UInt8] {
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity((text?.count ?? spans[day]?.count ?? 0) + 512)
        var copied = 0
        for (date, span) in spans.sorted(by: { $0.value.lowerBound < $1.value.lowerBound }) {
            guard date != day || text != nil else { continue }
            skeleton += bytes[copied..<span.lowerBound]
            skeleton += date == day ? text ?? [] : [UInt8(ascii: "{"), UInt8(ascii: "}")]
            copied = span.upperBound
        }
        skeleton += bytes[copied...]
        return skeleton
    }

    /// The hash of each day's text in a week file shade wrote (`DayTextHash`), its days found as
    /// the writer finds them (`WeekSource`).
    static func dayHashes(of bytes: [UInt8]) -> [CivilDate: UInt64] {
        WeekSource.dayTexts(in: bytes).reduce(into: [:]) { hashes, day in
            hashes[day.key] = DayTextHash.hash(of: bytes[day.value], on: day.key)
        }
    }
}
