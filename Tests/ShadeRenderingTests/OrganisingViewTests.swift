import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeTestSupport
import Testing

@testable import ShadeCore

private let now = Moment.fixture("2026-11-23T09:30")
private let plain = RenderContext(style: .plain, now: now, schedule: .standard, width: 80)
private let colour = Style(enabled: true)

private let categories = [
    Category(name: "errand", color: .orange), Category(name: "health"), Category(name: "work", color: .blue),
    Category(name: "読書", color: .pink),
]
private let tallies: [String: Tally] = [
    "errand": Tally(done: 3, open: 1, cancelled: 0), "work": Tally(done: 5, open: 4, cancelled: 2),
    "読書": Tally(done: 0, open: 0, cancelled: 1),
]

private let template = WeekTemplate(
    name: "typical", source: RecordedText.week("2026-W47"),
    entries: [
        .init(
            weekday: .monday,
            fields: .init(
                title: "Gym", slot: .morning, time: TimeOfDay(parsing: "07:00"), tags: ["health"],
                remind: Reminders(parsing: "15m")),
            every: RepeatRule(parsing: "weekday"), series: "s1"),
        .init(weekday: .tuesday, fields: .init(title: "Call the bank", slot: .evening, category: "errand")),
        .init(
            weekday: .friday,
            fields: .init(
                title: "Plan next week", notes: "with coffee", slot: .afternoon, tags: ["plan", "review"],
                color: .green, favorite: true)),
    ], created: "2026-11-22T10:00:00", modified: "2026-11-22T11:00:00")
private let small = WeekTemplate(
    name: "light week ✨", source: RecordedText.week("2026-W40"), entries: [template.entries[1]],
    created: "2026-10-02T10:00:00")

private func task(_ id: Int, _ title: String, _ day: String, _ slot: Slot, time: String? = nil) -> PlannerTask {
    PlannerTask(
        id: id, uid: "u\(id)", title: title, date: .fixture(day), slot: slot,
        time: time.flatMap { TimeOfDay(parsing: $0) },
        created: "c")
}

@Suite struct CategoryTableTests {
    @Test func eachCategoryShowsItsColourRateAndCounts() throws {
        try RecordedText.check(CategoryTable.render(categories, tallies: tallies, context: plain), "categories")
        let coloured = RenderContext(style: colour, now: now, schedule: .standard)
        try RecordedText.check(
            CategoryTable.render(categories, tallies: tallies, context: coloured), "categories-color")
        try RecordedText.check(CategoryTable.json(categories, tallies: tallies), "categories-json")
    }
}

@Suite struct TemplateViewTests {
    @Test func theListGivesEachTemplatesTasksAndSourceWeek() throws {
        try RecordedText.check(TemplateView.list([template, small], style: colour), "template-list")
        try RecordedText.check(TemplateView.json([template, small]), "template-list-json")
    }

    @Test func aTemplateShowsItsTasksByWeekdayAndSlot() throws {
        try RecordedText.check(TemplateView.render(template, style: .plain), "template-show")
        try RecordedText.check(TemplateView.render(template, style: colour), "template-show-color")
        try RecordedText.check(TemplateView.json(template, entries: true), "template-show-json")
    }

    @Test func savingSaysWhetherItReplacedOrChangedNothing() {
        let week = RecordedText.week("2026-W48")
        #expect(
            TemplateView.saved(template, from: week, replaced: false, unchanged: false)
                == "saved template typical · 3 tasks from 2026-W48")
        #expect(
            TemplateView.saved(small, from: week, replaced: true, unchanged: true)
                == "replaced template light week ✨ · 1 task from 2026-W48 (unchanged)")
    }

    @Test func applyingListsTheTasksItBrought() throws {
        let week = RecordedText.week("2026-W49")
        let tasks = [
            task(40, "Gym", "2026-11-30", .morning, time: "07:00"), task(41, "Call the bank", "2026-12-01", .evening),
        ]
        try RecordedText.check(
            TemplateView.applied("typical", to: week, count: 2, skipped: 1, tasks: tasks, context: plain),
            "template-applied")
        try RecordedText.check(
            TemplateView.json(applied: "typical", to: week, tasks: tasks, context: plain), "template-applied-json")
        #expect(
            TemplateView.applied("typical", to: week, count: 0, skipped: 0, tasks: [], context: plain)
                == "applied template typical to 2026-W49 · 0 tasks")
    }
}

@Suite struct ConfigViewTests {
    private let user = [
        ConfigView.Setting(key: "user.name", value: "ana", source: .git),
        ConfigView.Setting(key: "user.email", value: nil, source: nil),
    ]
    private let others = [
        ConfigView.Setting(key: "slots.morning", fileValue: "06:30"),
        ConfigView.Setting(key: "capacity.evening", fileValue: 2),
        ConfigView.Setting(key: "reminders.default", fileValue: ["15m", true]),
    ]

    @Test func theListGivesEachSettingAndWhereItComesFrom() throws {
        try RecordedText.check(ConfigView.list(user: user, others: others), "config-list")
        try RecordedText.check(ConfigView.json(user: user, others: others), "config-list-json")
        let login = ConfigView.Setting(key: "user.name", value: "root", source: .login)
        let set = ConfigView.Setting(key: "user.email", value: "ana@example.org", source: .config)
        try RecordedText.check(ConfigView.list(user: [login, set], others: []), "config-list-short")
    }

    @Test func aChangedSettingSaysWhereItsValueComesFrom() {
        #expect(ConfigView.changed(user[0]) == "user.name is ana (git's user.name) now")
        #expect(ConfigView.changed(user[1]) == "user.email is not set now")
        #expect(
            ConfigView.changed(ConfigView.Setting(key: "user.name", value: "root", source: .login))
                == "user.name is root (the login name) now")
        #expect(
            ConfigView.changed(ConfigView.Setting(key: "user.name", value: "ana", source: .config))
                == "user.name is ana now")
    }

    @Test func oneSettingAsJSONSaysWhereItComesFromOrNull() throws {
        #expect(
            try JSONWriter.string(ConfigView.json(user[1]), layout: .compact)
                == #"{"key":"user.email","value":null,"from":null}"#)
        #expect(
            try JSONWriter.string(ConfigView.json(others[1]), layout: .compact)
                == #"{"key":"capacity.evening","value":2,"from":"config"}"#)
        #expect(ConfigView.shown(others[2].value) == #"["15m",true]"#)
        #expect(!user[1].isSet && user[0].isSet)
    }
}

@Suite struct RebalanceViewTests {
    private let week = RecordedText.week("2026-W49")
    private var moves: [Rebalance.Move] {
        [
            Rebalance.Move(
                task: task(303, "Read 30 pages of “Dune”", "2026-11-30", .evening), date: .fixture("2026-12-01"),
                slot: .morning),
            Rebalance.Move(
                task: task(309, "مساء الخير — Arabic lesson", "2026-12-02", .evening, time: "19:00"),
                date: .fixture("2026-12-03"), slot: .evening),
        ]
    }

    @Test func proposedMovesSayHowToMakeThem() throws {
        try RecordedText.check(
            RebalanceView.render(moves, week: week, applied: false, stillOver: 1, hasCapacity: true, typedWeek: "next"),
            "rebalance-proposed")
        try RecordedText.check(
            RebalanceView.render(
                Array(moves.prefix(1)), week: week, applied: true, stillOver: 2, hasCapacity: true, typedWeek: nil),
            "rebalance-applied")
        try RecordedText.check(
            RebalanceView.json(moves, week: week, applied: false, stillOver: 1, context: plain), "rebalance-json")
    }

    @Test func withoutMovesItSaysWhy() {
        #expect(
            RebalanceView.render([], week: week, applied: false, stillOver: 0, hasCapacity: false, typedWeek: nil)
                == "no slot has a capacity; capacity SLOT N sets one (e.g. capacity evening 2)")
        #expect(
            RebalanceView.render([], week: week, applied: true, stillOver: 1, hasCapacity: true, typedWeek: nil)
                == "2026-W49: 1 over-full slot, but no later slot of the week has room")
        #expect(
            RebalanceView.render([], week: week, applied: false, stillOver: 0, hasCapacity: true, typedWeek: nil)
                == "2026-W49 fits: no slot holds more open tasks than its capacity")
    }
}
