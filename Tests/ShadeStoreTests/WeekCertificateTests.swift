import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// The certificate a one-shot change keeps of the week file it wrote (`WeekCertificate`): what
/// the next change finds of the other days by it is what the outline of the whole text finds,
/// and it stands for the file only while the file is as written.
@Suite struct WeekCertificateTests {
    let week = CivilDate.fixture("2026-11-23").isoWeek
    let weekFile = "weeks/2026/2026-W48.json"
    let indexFile = "ids/weeks/2026-W48.json"

    @Test func itsTextReadsBackAndNothingElseReads() throws {
        let certificate = WeekCertificate(
            key: 0xFF, hash: 0x0123_4567_89AB_CDEF,
            days: [
                .init(
                    date: week.days[0], span: 58..<2911,
                    tasks: [
                        .init(id: 12, slot: .morning, isOpen: true),
                        .init(id: 1_000_000, slot: .evening, isOpen: false),
                    ]),
                .init(date: week.days[2], span: 2925..<3400, tasks: []),
                .init(date: week.days[6], span: 3401..<9000, tasks: [.init(id: 7, slot: .afternoon, isOpen: true)]),
            ])
        let text = certificate.text
        #expect(
            text
                == "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+ e1000000-;2026-11-25 2925 3400;2026-11-29 3401 9000 a7+"
        )
        #expect(WeekCertificate(text: text, week: week) == certificate)
        #expect(
            WeekCertificate(text: "00000000000000ff-0123456789abcdef", week: week)
                == WeekCertificate(key: 0xFF, hash: 0x0123_4567_89AB_CDEF, days: []))
        let refused = [
            "", "0123456789abcdef", "00000000000000ff-0123456789abcde", "00000000000000ff-0123456789ABCDEF",
            "00000000000000ff 0123456789abcdef", "00000000000000ff-0123456789abcdef;",
            "00000000000000ff-0123456789abcdef;2026-11-30 1 2",  // a day of another week
            "00000000000000ff-0123456789abcdef;2026-11-23 5 2",  // a span that ends before it starts
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9;2026-11-24 8 12",  // spans that overlap
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9;2026-11-23 10 12",  // a day twice
            "00000000000000ff-0123456789abcdef;2026-11-23 01 9", "00000000000000ff-0123456789abcdef;2026-11-23 1 9 m0+",
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9 x3+",
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9 m3",
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9 m3+ ",
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9 m99999999999+",
            "00000000000000ff-0123456789abcdef;2026-11-23 1 9 m3?", "00000000000000ff-0123456789abcdef;2026-11-23 1 9x",
            "00000000000000ff-0123456789abcdef;2026-02-30 1 9",
        ]
        for text in refused { #expect(WeekCertificate(text: text, week: week) == nil, "\(text)") }
        // Each task of a day may say where it lies from the day's start: all of them or none, in
        // order, within the day.
        let placed = "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20:400 e7-@430:380;2026-11-24 2925 3400"
        let read = try #require(WeekCertificate(text: placed, week: week))
        #expect(read.days[0].tasks.map(\.span) == [20..<420, 430..<810])
        #expect(read.text == placed)
        let misplaced = [
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20:400 e7-",  // one without
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+ e7-@430:380",  // one without, first
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20:400 e7-@300:380",  // overlapping
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20:2900",  // past its day
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20:1",  // shorter than {}
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@20",
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@:4",
            "00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@020:400",
        ]
        for text in misplaced { #expect(WeekCertificate(text: text, week: week) == nil, "\(text)") }
    }

    /// A week with tasks on six days, open and done, in every slot, written by one-shot changes.
    private func certifiedStore() throws -> (TemporaryStore, [PlannerTask]) {
        let temp = TemporaryStore()
        var added: [PlannerTask] = []
        for (index, day) in [0, 1, 2, 4, 5, 6, 0, 1, 0].enumerated() {
            added.append(try add(temp.store, week.days[day].description, Slot.allCases[index % 3], "Task \(index) ☕"))
        }
        for task in added.prefix(4) {
            _ = try temp.store.commit(label: "done", now: now) { state in
                let read = try #require(try state.task(id: task.id))
                var marked = read
                marked.status = .done
                return [RecordChange(before: .task(read), after: .task(marked))]
            }
        }
        return (temp, added)
    }

    private func certificate(_ temp: TemporaryStore) throws -> WeekCertificate? {
        WeekIndexDocument.certificate(
            try JSONDocument(parsing: try #require(temp.bytes(indexFile))).value, expected: week)
    }

    private func index(_ temp: TemporaryStore) throws -> (ids: [String: Int], checked: [CivilDate: UInt64]) {
        let document = try JSONDocument(parsing: try #require(temp.bytes(indexFile)))
        return (
            try WeekIndexDocument.decode(document.value, file: indexFile, expected: week),
            WeekIndexDocument.checked(document.value, expected: week)
        )
    }

    @Test func whatItSaysOfTheOtherDaysIsWhatTheWholeTextSays() throws {
        let (temp, added) = try certifiedStore()
        let bytes = try #require(temp.bytes(weekFile))
        let certificate = try #require(try certificate(temp))
        #expect(certificate.standsFor(bytes))
        // Keyed: the same text under another key has another hash.
        #expect(DayTextHash.hash(ofFile: bytes[...], key: certificate.key &+ 1) != certificate.hash)
        #expect(certificate.days.map(\.date) == [0, 1, 2, 4, 5, 6].map { week.days[$0] })
        #expect(certificate.days.allSatisfy { bytes[$0.span.lowerBound] == UInt8(ascii: "{") })
        // Each day's tasks say where they lie: the day read is carried from there, unlooked at.
        #expect(certificate.days.allSatisfy { day in day.tasks.allSatisfy { $0.span != nil } })
        let (ids, checked) = try index(temp)
        var wanted: [WeekDayText.Wanted] = week.days.map { .day($0) }
        wanted += added.map { task in .uid(ids.first { $0.value == task.id }?.key ?? "") }
        for wanting in wanted {
            let whole = try #require(WeekDayText(bytes: bytes, week: week, wanting: wanting))
            let certified = try #require(
                WeekDayText(
                    bytes: bytes, week: week, wanting: wanting, certificate: certificate, ids: ids, checked: checked))
            #expect(certified.day == whole.day)
            #expect(certified.daySpans == whole.daySpans)
            // Of the day read, json-c is given the task the change names alone (none for a day
            // named): the day's other tasks are carried as their text.
            #expect(certified.carriesTasks && !whole.carriesTasks)
            let read = { (text: WeekDayText) throws -> [PlannerTask] in
                try WeekDocument.decode(
                    try JSONDocument(parsing: text.skeleton).value, file: self.weekFile, expected: self.week,
                    only: text.day
                ).tasks
            }
            var named: String?
            if case .uid(let uid) = wanting { named = uid }
            #expect(try read(certified) == read(whole).filter { $0.uid == named })
            let places = { (text: WeekDayText) in text.dayTasks.map { "\($0.uid) \($0.slot) \($0.span) \($0.isOpen)" } }
            #expect(places(certified) == places(whole))
            #expect(certified.otherUIDs == whole.otherUIDs)
            #expect(certified.taskSpans == whole.taskSpans)
            #expect(Set(certified.openElsewhere) == Set(whole.openElsewhere))
            #expect(certified.openElsewhere.count == whole.openElsewhere.count)
            #expect(certified.otherDayHashes == whole.otherDayHashes)
            let describe = { (text: WeekDayText) in
                text.otherTasks.map { day in
                    "\(day.date) " + day.tasks.map { "\($0.uid) \($0.slot) \($0.isOpen)" }.joined(separator: ",")
                }
            }
            #expect(describe(certified) == describe(whole))
        }
    }

    /// What a certificate says is sealed with the file's text under its key: the index is this
    /// copy's own, but a certificate edited there (a task's place cut short, which would carry half
    /// a task into the next file, or a task left out) stands for nothing, and the next change reads
    /// the week as before and writes it whole.
    @Test func aCertificateEditedByHandStandsForNothing() throws {
        let (temp, _) = try certifiedStore()
        let bytes = try #require(temp.bytes(weekFile))
        let certificate = try #require(try certificate(temp))
        #expect(certificate.standsFor(bytes))
        let monday = try #require(certificate.days.first { $0.date == week.days[0] })
        let first = try #require(monday.tasks.first?.span)
        var shorter = monday.tasks
        shorter[0].span = first.lowerBound..<(first.upperBound - 10)
        var fewer = monday.tasks
        fewer.removeLast()
        for tasks in [shorter, fewer] {
            let edited = WeekCertificate(
                key: certificate.key, hash: certificate.hash,
                days: certificate.days.map {
                    $0.date == monday.date ? .init(date: $0.date, span: $0.span, tasks: tasks) : $0
                })
            #expect(!edited.standsFor(bytes))
            // Written into the index by hand, it leaves the next change's file whole.
            let copy = TemporaryStore()
            try FileManager.default.copyItem(atPath: temp.directory, toPath: copy.directory)
            let index = copy.directory + "/" + indexFile
            let text = try String(contentsOfFile: index, encoding: .utf8)
            try text.replacingOccurrences(of: certificate.text, with: edited.text).write(
                toFile: index, atomically: true, encoding: .utf8)
            let open = try #require(
                try copy.store.read { try $0.tasks(in: week) }.first { $0.status == .open && $0.date == monday.date })
            _ = try copy.store.commit(label: "done", now: now) { state in
                let read = try #require(try state.task(id: open.id))
                var marked = read
                marked.status = .done
                return [RecordChange(before: .task(read), after: .task(marked))]
            }
            let tasks = try copy.store.read { try $0.tasks(in: week) }
            #expect(tasks.count == (try temp.store.read { try $0.tasks(in: week) }.count))
            #expect(tasks.first { $0.id == open.id }?.status == .done)
        }
    }

    @Test func itStandsForTheFileOnlyWhileTheFileIsAsWritten() throws {
        let (temp, added) = try certifiedStore()
        var bytes = try #require(temp.bytes(weekFile))
        let certificate = try #require(try certificate(temp))
        let (ids, checked) = try index(temp)
        let certified = {
            WeekDayText(
                bytes: bytes, week: self.week, wanting: .day(self.week.days[0]), certificate: certificate, ids: ids,
                checked: checked)
        }
        #expect(certified() != nil)
        // A letter of another day's title changed, the same length: the file is not as written.
        let friday = try #require(certificate.days.first { $0.date == week.days[4] })
        let letter = try #require(bytes[friday.span].firstRange(of: Array("Task".utf8))).lowerBound
        bytes[letter] = UInt8(ascii: "t")
        #expect(certified() == nil)
        bytes[letter] = UInt8(ascii: "T")
        #expect(certified() != nil)
        // An index that does not hold together with it (a task's id it does not give): not used.
        let other = try #require(added.first { $0.date == week.days[5] })
        let missing = ids.filter { $0.value != other.id }
        #expect(
            WeekDayText(
                bytes: bytes, week: week, wanting: .day(week.days[0]), certificate: certificate, ids: missing,
                checked: checked) == nil)
        // A file grown by a byte at its end.
        bytes.append(UInt8(ascii: "\n"))
        #expect(certified() == nil)
        // A change through the whole read (a store that reads weeks whole) writes no certificate.
        try temp.store.write(label: "add", now: now) { state in
            try state.insert(draft(try state.allocateID(), week.days[3].description, .morning, "Thursday's"))
        }
        #expect(try self.certificate(temp) == nil)
    }
}
