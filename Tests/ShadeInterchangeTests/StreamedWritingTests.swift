import ShadeCore
import Testing

@testable import ShadeInterchange

/// An export written a week at a time (`InterchangeWriter`, as `export` writes it) is byte for
/// byte the bundle written whole, in every format, with and without filters: the tasks of each
/// week handed over in any order, the series first, the records last.
@Suite struct StreamedWritingTests {
    static let context = StreamFixtures.context
    static let start = CivilDate.fixtureDate("2026-10-26")
    static let stamp = "2026-10-20T08:00:00+00:00"

    /// A planner of `weeks` weeks: five tasks a day (every status, slot and field, titles in many
    /// scripts, notes of two lines), two goals, two categories, and four series — one daily with a
    /// done, a cancelled and an open occurrence of its own, one weekly with occurrences shown,
    /// and two Taskwarrior has no recurrence for.
    static func planner(weeks: Int) -> PlannerBundle {
        var tasks: [PlannerTask] = []
        var random = 0x5EED as UInt64
        func next(_ bound: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(bound))
        }
        for index in 0..<(weeks * 7 * 5) {
            let date = start.adding(days: index / 5)
            let slot = Slot.allCases[index % Slot.allCases.count]
            let status: TaskStatus = [.open, .done, .cancelled, .open, .done][index % 5]
            tasks.append(
                PlannerTask(
                    id: 1000 + next(90_000), uid: "task-\(index)",
                    title: StreamFixtures.titles[index % StreamFixtures.titles.count] + " #\(index)",
                    notes: index % 7 == 2 ? "first line\nsecond, \"quoted\"" : nil, date: date, slot: slot,
                    time: index % 3 == 0 ? TimeOfDay(hour: 8 + index % 10, minute: index % 60) : nil, status: status,
                    tags: index % 3 == 0 ? ["home", "é-tag"] : [], category: ["work", "maison", nil][index % 3],
                    color: index % 11 == 4 ? .teal : nil, favorite: index % 9 == 4,
                    remind: index % 13 == 5 ? Reminders(.before(minutes: 15)) : nil, carried: index % 17 == 3 ? 2 : 0,
                    goal: index % 10 == 1 ? ["goal-a", "goal-b"][index % 2] : nil,
                    to: index % 19 == 6 ? "ana" : nil, created: stamp, modified: stamp,
                    doneAt: status == .done ? "2026-11-01T20:00:00+00:00" : nil))
        }
        let daily = RepeatSeries(
            uid: "gym", title: "Gym ✓", slot: .morning, time: TimeOfDay(hour: 7, minute: 0), category: "health",
            rule: .daily, anchor: start.adding(days: 7), until: start.adding(days: 7 * weeks - 10),
            exceptions: [start.adding(days: 9), start.adding(days: 11), start.adding(days: 14)], created: stamp)
        for (offset, status) in [(9, TaskStatus.done), (11, .cancelled), (14, .open)] {
            var occurrence = daily.occurrence(on: start.adding(days: offset))
            occurrence.id = 100 + offset
            occurrence.status = status
            if status == .done { occurrence.doneAt = stamp }
            tasks.append(occurrence)
        }
        let weekly = RepeatSeries(
            uid: "call", title: "Call home, \"mum\"", slot: .evening, tags: ["home"], rule: .weekly(interval: 1),
            anchor: start.adding(days: 1), created: stamp)
        for week in 0..<weeks {
            var shown = weekly.occurrence(on: start.adding(days: 1 + 7 * week))
            shown.id = 500 + week
            tasks.append(shown)
        }
        let series = [
            daily, weekly,
            RepeatSeries(
                uid: "chores", title: "Chores", slot: .morning, category: "maison", rule: .weekends,
                anchor: start.adding(days: 5), created: stamp),
            RepeatSeries(
                uid: "water", title: "Water the plants 🌱", slot: .evening, rule: .onWeekdays([.monday, .thursday]),
                anchor: start, until: start.adding(days: 40), created: stamp),
        ]
        let goals = [
            Goal(uid: "goal-a", title: "Ship it", period: .week(start.isoWeek), created: stamp),
            Goal(uid: "goal-b", title: "Read more", period: .day(start.adding(days: 3)), created: stamp),
        ]
        let categories = [Category(name: "work", color: .red), Category(name: "maison"), Category(name: "health")]
        return PlannerBundle(
            tasks: tasks,
            records: series.map(AnyKeyedRecord.init) + goals.map(AnyKeyedRecord.init)
                + categories.map(AnyKeyedRecord.init))
    }

    /// The bundle written a week at a time, each week's tasks shuffled; the pieces handed over.
    static func streamed(_ bundle: PlannerBundle, _ format: InterchangeFormat) throws -> (
        pieces: [[UInt8]], notes: [String]
    ) {
        var pieces: [[UInt8]] = []
        let writer = InterchangeWriter(format, context: context) { pieces.append($0) }
        let occurrences = writer.needsOccurrences(of: bundle.series) ? bundle.tasks.filter { $0.series != nil } : []
        try writer.begin(series: bundle.series, occurrences: occurrences)
        let weeks = Dictionary(grouping: bundle.tasks, by: \.date.isoWeek)
        for week in weeks.keys.sorted() { try writer.write(weeks[week, default: []].shuffled()) }
        let notes = try writer.finish(records: bundle.records)
        return (pieces, notes)
    }

    static let filters: [[TaskFilter]] = [
        [], [.week(start.adding(days: 14).isoWeek)], [.tag("home")], [.status(.open)], [.status(.done)],
        [.category("work")], [.range(start.adding(days: 3), start.adding(days: 20)), .status(.open)],
    ]

    @Test(arguments: InterchangeFormat.allCases)
    func aWeekAtATimeWritesTheBytesOfTheWholeBundle(_ format: InterchangeFormat) throws {
        let planner = Self.planner(weeks: 6)
        for filters in Self.filters {
            let selection = ExportSelection(
                query: TaskQuery(filters), standing: nil, now: Self.context.now, schedule: .standard)
            let bundle = selection.bundle(
                candidates: planner.tasks, series: planner.series, goals: planner.goals,
                categories: planner.categories, templates: [], members: [])
            let whole = try format.write(bundle, context: Self.context)
            let streamed = try Self.streamed(bundle, format)
            #expect(
                String(decoding: streamed.pieces.joined(), as: UTF8.self) == whole.text,
                "\(format) \(filters): the streamed export differs")
            #expect(streamed.notes == whole.notes)
            if filters.isEmpty { #expect(streamed.pieces.count > 6, "\(format): written a week at a time") }
        }
    }

    /// Each piece ends where a record (a line, a VTODO, a JSON object) ends: after its line
    /// break, or before the separator that starts the next piece.
    @Test func eachPieceEndsAtARecordsEnd() throws {
        let bundle = Self.planner(weeks: 3)
        let starts: [InterchangeFormat: [String]] = [
            .csv: ["\r\n"], .taskwarrior: [",\n", "{", "\n]"], .json: [",\n", "\n"],
        ]
        for format in InterchangeFormat.allCases {
            let pieces = try Self.streamed(bundle, format).pieces.map { String(decoding: $0, as: UTF8.self) }
            for (before, piece) in zip(pieces, pieces.dropFirst()) {
                let atEnd =
                    starts[format].map { $0.contains { piece.hasPrefix($0) } }
                    ?? (before.utf8.last == UInt8(ascii: "\n"))
                #expect(atEnd, "\(format): a piece ends inside a record: \(before.suffix(20)) | \(piece.prefix(20))")
            }
        }
    }

    @Test func aBatchBeforeTheOneWrittenIsRefused() throws {
        let bundle = Self.planner(weeks: 2)
        let writer = InterchangeWriter(.csv, context: Self.context) { _ in }
        try writer.begin(series: [])
        try writer.write(bundle.tasks.filter { $0.date >= Self.start.adding(days: 7) })
        #expect(throws: ImportError.self) {
            try writer.write(bundle.tasks.filter { $0.date < Self.start.adding(days: 7) })
        }
    }
}

extension CivilDate {
    static func fixtureDate(_ text: String) -> CivilDate { CivilDate(iso: text) ?? CivilDate(daysSinceEpoch: 0) }
}
