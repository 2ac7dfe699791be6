import ShadeTestSupport
import Testing

@testable import ShadeCore

@Suite struct RepeatSeriesTests {
    private let gym = RepeatSeries(
        uid: "gym-series", title: "Gym", slot: .morning, time: TimeOfDay(parsing: "07:00"), tags: ["health"],
        rule: .weekdays, anchor: CivilDate.fixture("2026-11-23"), until: CivilDate.fixture("2026-12-31"),
        created: "2026-11-20T08:00:00+00:00")

    @Test func occurrencesAreOpenTasksOfTheSeriesOnTheDaysTheRuleReaches() {
        let week = CivilDate.fixture("2026-11-23").isoWeek
        let tasks = gym.occurrences(from: week.monday, through: week.days[6])
        #expect(
            tasks.map(\.date.description) == ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27"])
        #expect(
            tasks.allSatisfy { $0.title == "Gym" && $0.slot == .morning && $0.status == .open && $0.tags == ["health"] }
        )
        #expect(tasks.first?.uid == "gym-series@2026-11-23")
        #expect(tasks.first?.time?.description == "07:00")
    }

    @Test func anOccurrenceUIDIsTheSameEverywhereAndReadsBack() throws {
        let date = CivilDate.fixture("2026-11-25")
        #expect(gym.occurrenceUID(on: date) == "gym-series@2026-11-25")
        let parsed = try #require(RepeatSeries.occurrence(of: "gym-series@2026-11-25"))
        #expect(parsed.series == "gym-series" && parsed.date == date)
        #expect(RepeatSeries.occurrence(of: "a-plain-uid") == nil)
    }

    @Test func anExceptionHidesItsDayAndUntilEndsTheSeries() {
        var series = gym
        series.exceptions = [CivilDate.fixture("2026-11-24")]
        let week = CivilDate.fixture("2026-11-23").isoWeek
        #expect(series.dates(from: week.monday, through: week.days[6]).count == 4)
        let lastWeek = CivilDate.fixture("2026-12-28").isoWeek
        #expect(
            series.dates(from: lastWeek.monday, through: lastWeek.days[6]).map(\.description) == [
                "2026-12-28", "2026-12-29", "2026-12-30", "2026-12-31",
            ])
    }

    @Test func theChangeLogShowsEveryFieldOfASeries() {
        let names = gym.fields.map(\.name)
        #expect(Set(names) == RepeatSeries.stampedFields)
        #expect(gym.fields.first { $0.name == "every" }?.value == .text("weekday"))
    }
}
