import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Week templates: what a template keeps of a week, and what applying it adds.
@Suite struct TemplateTests {
    static let week = CivilDate.fixture("2026-11-23").isoWeek
    static let context = OperationContext(
        now: Moment(
            date: .fixture("2026-11-29"), time: TimeOfDay(uncheckedMinutes: 19 * 60),
            timestamp: "2026-11-29T19:00:00+00:00"), schedule: .standard)

    static let gym = RepeatSeries(
        uid: "s1", title: "Gym", slot: .morning, time: TimeOfDay(parsing: "07:00"), rule: .weekdays,
        anchor: .fixture("2026-11-23"), until: .fixture("2026-11-29"), created: "2026-11-20T08:00:00+00:00")

    static var tasks: [PlannerTask] {
        [
            PlannerTask(
                id: 1, uid: "u1", title: "Report", notes: "draft first", date: .fixture("2026-11-24"), slot: .afternoon,
                time: TimeOfDay(parsing: "14:00"), status: .done, tags: ["work"], category: "job", color: .red,
                favorite: true, remind: Reminders(parsing: "15m"), carried: 2, planned: .fixture("2026-11-20"),
                created: "2026-11-20T08:00:00+00:00", doneAt: "2026-11-24T15:00:00+00:00"),
            PlannerTask(
                id: 2, uid: "u2", title: "Call", date: .fixture("2026-11-23"), slot: .evening, status: .cancelled,
                created: "2026-11-20T08:00:00+00:00"),
        ] + gym.occurrences(from: week.monday, through: week.sunday)
    }

    @Test func aTemplateKeepsEveryFieldButTheStatusAndARepeatOnce() throws {
        let records = PlannerSnapshot(tasks: [], categories: [])
        var withSeries = records
        withSeries.keyed[RepeatSeries.kind] = ["s1": AnyKeyedRecord(Self.gym)]
        let changes = try TemplateOperations.save(
            named: "typical", of: Self.week, tasks: Self.tasks, in: withSeries, context: Self.context)
        let template = try #require(changes.first?.after?.keyedRecord?.base as? WeekTemplate)
        // Monday: Call and Gym (kept once, with its rule); Tuesday: Report.
        #expect(template.entries.map(\.fields.title) == ["Gym", "Call", "Report"])
        #expect(template.entries.map(\.weekday) == [.monday, .monday, .tuesday])
        #expect(template.entries[0].every == .weekdays && template.entries[0].series == "s1")
        let report = template.entries[2].fields
        #expect(report.notes == "draft first" && report.time?.description == "14:00" && report.tags == ["work"])
        #expect(
            report.category == "job" && report.color == .red && report.favorite && report.remind?.description == "15m")
    }

    @Test func applyingAddsOpenTasksAndBringsARepeatBackFromItsDay() throws {
        var records = PlannerSnapshot(tasks: [], categories: [])
        records.keyed[RepeatSeries.kind] = ["s1": AnyKeyedRecord(Self.gym)]
        let template = try #require(
            try TemplateOperations.save(
                named: "typical", of: Self.week, tasks: Self.tasks, in: records, context: Self.context
            ).first?.after?.keyedRecord?.base as? WeekTemplate)
        var ids = 10
        var uids = 0
        let next = Self.week.adding(weeks: 1)
        let changes = try TemplateOperations.apply(
            template, to: next, in: records, context: Self.context,
            nextID: {
                ids += 1
                return ids
            },
            nextUID: {
                uids += 1
                return "new\(uids)"
            })
        let tasks = changes.compactMap { $0.after?.task }
        #expect(tasks.map(\.title) == ["Call", "Report"])
        #expect(tasks.allSatisfy { $0.status == .open && $0.doneAt == nil && $0.carried == 0 && $0.planned == nil })
        #expect(tasks.map(\.date) == [.fixture("2026-11-30"), .fixture("2026-12-01")])
        #expect(tasks.map(\.id) == [11, 12])
        // The series ended with the week saved: Gym comes back as a repeating task of its own.
        let series = changes.compactMap { $0.after?.keyedRecord?.base as? RepeatSeries }
        let monday = CivilDate.fixture("2026-11-30")
        #expect(series.count == 1)
        #expect(series.first?.rule == RepeatRule.weekdays)
        #expect(series.first?.anchor == monday)
        // The category Report names is made again.
        #expect(changes.compactMap { $0.after?.category?.name } == ["job"])
        // Where the series still runs, it brings Gym itself.
        var running = records
        var longer = Self.gym
        longer.until = nil
        running.keyed[RepeatSeries.kind] = ["s1": AnyKeyedRecord(longer)]
        let again = try TemplateOperations.apply(
            template, to: next, in: running, context: Self.context, nextID: { 1 }, nextUID: { "x" })
        let brought = again.compactMap { $0.after?.keyedRecord?.base as? RepeatSeries }
        #expect(brought.isEmpty)
    }

    @Test func namesAreOneWord() {
        #expect((try? TemplateOperations.validateName("typical-week_2")) == "typical-week_2")
        #expect((try? TemplateOperations.validateName("Semaine_été")) == "Semaine_été")
        for bad in ["", "two words", "a/b", String(repeating: "x", count: 41), "tab\there"] {
            #expect(throws: InputError.self) { try TemplateOperations.validateName(bad) }
        }
    }
}
