import ShadeCore
import ShadeRendering
import ShadeTestSupport

/// The values the planning views are pinned with: a week with three goals and their tasks, seen
/// on Wednesday 25 November 2026 at 13:30.
enum PlanFixtures {
    static let now = Moment.fixture("2026-11-25T13:30", utcOffsetSeconds: 0)
    static let plain = RenderContext(style: .plain, now: now, schedule: .standard, width: 80)
    static let coloured = RenderContext(style: Style(enabled: true), now: now, schedule: .standard, width: 80)
    static let created = "2026-11-20T08:00:00+00:00"

    static let report = Goal(
        uid: "goal-report", number: 1, title: "Ship the report", period: .week(CivilDate.fixture("2026-11-23").isoWeek),
        due: CivilDate.fixture("2026-11-27"), carried: 1, participants: ["sam", "ana"], created: created)
    static let grandma = Goal(
        uid: "goal-grandma", number: 2, title: "Call grandma", period: .day(CivilDate.fixture("2026-11-24")),
        status: .done, closedAt: "2026-11-24T20:15:00+00:00", created: created)
    static let reading = Goal(
        uid: "goal-reading", number: 3, title: "読書 every night", period: .day(CivilDate.fixture("2026-11-23")),
        status: .cancelled, closedAt: "2026-11-23T22:00:00+00:00", created: created)
    static let goals = [report, grandma, reading]

    static func task(
        _ id: Int, _ title: String, _ date: String, _ slot: Slot, _ status: TaskStatus = .open, goal: Goal? = nil,
        series: String? = nil
    ) -> PlannerTask {
        PlannerTask(
            id: id, uid: "u\(id)", title: title, date: CivilDate.fixture(date), slot: slot, status: status,
            goal: goal?.uid, created: created, series: series)
    }

    static let draft = task(1, "Draft the summary", "2026-11-24", .morning, .done, goal: report)
    static let figures = task(2, "Check the figures", "2026-11-26", .afternoon, goal: report)
    static let phone = task(3, "Phone her", "2026-11-24", .evening, .done, goal: grandma)
    static let stray = task(4, "Water the plants", "2026-11-23", .evening, .cancelled)
    static let gym = task(5, "Gym", "2026-11-23", .morning, series: "series-gym")
    static let tasks = [draft, figures, phone, stray, gym]
}
