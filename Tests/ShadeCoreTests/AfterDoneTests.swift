import ShadeTestSupport
import Testing

@testable import ShadeCore

/// After-completion repeats (`every:+14d`, `every:+2w`) against their own definition: the first
/// occurrence on the anchor; each next one N days after the day the one before was done, with the
/// uid `SERIES#n`; one successor a completion; none past `until` or `count`; taken back by
/// `undone` while untouched.
@Suite struct AfterDoneTests {
    static func moment(_ text: String) -> Moment { Moment.fixture(text, utcOffsetSeconds: 3600) }

    static func series(_ rule: String, anchor: String, until: String? = nil, count: Int? = nil) -> RepeatSeries {
        RepeatSeries(
            uid: "mow", title: "Mow the lawn", slot: .afternoon, rule: RepeatRule(parsing: rule) ?? .daily,
            anchor: .fixture(anchor), until: until.map { CivilDate.fixture($0) }, count: count,
            created: "2026-01-01T08:00:00+01:00")
    }

    @Test(arguments: [("+14d", 14), ("+1d", 1), ("+366d", 366), ("+2w", 14), ("+52w", 364), ("+3W", 21)])
    func theRuleReadsDaysOrWeeks(text: String, days: Int) throws {
        let rule = try #require(RepeatRule(parsing: text))
        #expect(rule.daysAfterDone == days)
        #expect(RepeatRule(parsing: rule.description) == rule)
    }

    @Test(arguments: ["+0d", "+367d", "+53w", "+d", "+14", "+14m", "14d+", "+-3d", "++3d", "+1 d"])
    func anythingElseIsNoAfterDoneRule(text: String) {
        #expect(RepeatRule(parsing: text)?.daysAfterDone == nil)
    }

    /// Ten years of completions, each a few days early or late (from a 29 February anchor, across
    /// ISO week 53 of 2026 and every month end): every successor is N days after its completion,
    /// numbered in sequence, and only the anchor is a day the rule itself shows.
    @Test(arguments: ["+14d", "+3w", "+1d"])
    func eachSuccessorIsNDaysAfterTheCompletionForTenYears(rule: String) throws {
        let series = Self.series(rule, anchor: "2024-02-29")
        let days = try #require(series.rule.daysAfterDone)
        #expect(series.dates(from: .fixture("2024-01-01"), through: .fixture("2034-12-31")) == [.fixture("2024-02-29")])
        var task = series.occurrence(on: series.anchor)
        var sequence = 1
        var lateness = [0, 3, -1, 5, 0, 12, -2]
        let end = CivilDate.fixture("2034-02-28")
        while task.date < end {
            let late = lateness.removeFirst()
            lateness.append(late)
            let doneOn = task.date.adding(days: max(late, -days + 1))
            let next = try #require(series.successor(of: task, doneOn: doneOn, at: Self.moment("2026-01-01T09:00")))
            #expect(next.date == doneOn.adding(days: days))
            #expect(next.uid == "mow#\(sequence + 1)")
            #expect(series.sequence(of: next) == sequence + 1)
            #expect(next.series == "mow" && next.slot == .afternoon && next.status == .open)
            #expect(!series.shows(next.date) || next.date == series.anchor)
            task = next
            sequence += 1
        }
        #expect(sequence > 100)
    }

    @Test func noSuccessorPastUntilOrCount() {
        let now = Self.moment("2026-11-23T09:00")
        let capped = Self.series("+7d", anchor: "2026-11-02", count: 2)
        let first = capped.occurrence(on: capped.anchor)
        let second = capped.successor(of: first, doneOn: .fixture("2026-11-02"), at: now)
        #expect(second?.uid == "mow#2")
        #expect(second.flatMap { capped.successor(of: $0, doneOn: .fixture("2026-11-09"), at: now) } == nil)
        let ending = Self.series("+7d", anchor: "2026-11-02", until: "2026-11-10")
        #expect(ending.successor(of: first, doneOn: .fixture("2026-11-04"), at: now) == nil)
        #expect(ending.successor(of: first, doneOn: .fixture("2026-11-03"), at: now)?.date == .fixture("2026-11-10"))
        // A calendar rule makes none.
        let weekly = Self.series("week", anchor: "2026-11-02")
        #expect(
            weekly.successor(of: weekly.occurrence(on: weekly.anchor), doneOn: .fixture("2026-11-02"), at: now) == nil)
    }

    @Test func doneMakesOneSuccessorAndUndoneTakesItBackWhileUntouched() throws {
        let series = Self.series("+14d", anchor: "2026-11-23")
        var first = series.occurrence(on: series.anchor)
        first.id = 1
        let monday = OperationContext(now: Self.moment("2026-11-24T18:00"), schedule: .standard)
        let records = PlannerSnapshot(tasks: [first]).applying([.added(.keyed(series))])
        let done = try TaskMarking(.status(.done), ids: [1], in: records, context: monday)
        let made = done.changes.filter { $0.before == nil }.compactMap { $0.after?.task }
        #expect(made.map(\.uid) == ["mow#2"])
        #expect(made.map(\.date) == [CivilDate.fixture("2026-12-08")])
        // Marked done again (already done): nothing more.
        var second = try #require(made.first)
        second.id = 2
        let after = records.applying(done.changes.filter { $0.before != nil } + [.added(.task(second))])
        let again = try TaskMarking(.status(.done), ids: [1], in: after, context: monday)
        #expect(again.changes.isEmpty)
        // Undone: the successor goes with it.
        let undone = try TaskMarking(.status(.open), ids: [1], in: after, context: monday)
        #expect(undone.changes.contains { $0.before?.task?.uid == "mow#2" && $0.after == nil })
        // Once the successor is touched (moved), undone leaves it.
        var moved = second
        moved.date = CivilDate.fixture("2026-12-09")
        moved.modified = "2026-11-25T08:00:00+01:00"
        let touched = after.applying([.changed(.task(second), to: .task(moved))])
        let kept = try TaskMarking(.status(.open), ids: [1], in: touched, context: monday)
        #expect(!kept.changes.contains { $0.after == nil })
    }
}
