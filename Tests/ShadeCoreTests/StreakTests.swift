import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Streaks as SPEC §7 defines them: consecutive days up to today with rate 1; days with no task
/// that counts neither break nor extend one; today counts once complete.
@Suite struct StreakTests {
    /// The streak of days given as (date, done, open, cancelled), counted up to `today`.
    private func streak(today: String, _ days: [(String, Int, Int, Int)]) -> Streak {
        var counter = Streak.Counter(today: CivilDate.fixture(today))
        for (date, done, open, cancelled) in days {
            counter.add(CivilDate.fixture(date), Tally(done: done, open: open, cancelled: cancelled))
        }
        return counter.streak
    }

    @Test func noHistoryIsNoStreak() {
        #expect(streak(today: "2026-11-24", []) == Streak(current: 0, best: 0))
    }

    @Test func completeDaysInARowUpToTodayMakeTheCurrentStreak() {
        let days = [("2026-11-20", 2, 0, 0), ("2026-11-21", 1, 0, 1), ("2026-11-22", 3, 0, 0)]
        #expect(streak(today: "2026-11-22", days) == Streak(current: 3, best: 3))
    }

    @Test func aDayWithNoTaskOrOnlyCancelledOnesNeitherBreaksNorExtends() {
        let days = [("2026-11-18", 1, 0, 0), ("2026-11-20", 0, 0, 2), ("2026-11-22", 1, 0, 0)]
        #expect(streak(today: "2026-11-23", days) == Streak(current: 2, best: 2))
    }

    @Test func aPastDayLeftOpenBreaksTheStreakAndTheBestIsKept() {
        let days = [
            ("2026-11-10", 1, 0, 0), ("2026-11-11", 2, 0, 0), ("2026-11-12", 1, 0, 0), ("2026-11-13", 1, 1, 0),
            ("2026-11-14", 1, 0, 0),
        ]
        #expect(streak(today: "2026-11-15", days) == Streak(current: 1, best: 3))
    }

    @Test func todayCountsOnceCompleteAndBreaksNothingBefore() {
        let before = [("2026-11-22", 1, 0, 0), ("2026-11-23", 1, 0, 0)]
        // Today still has an open task: yesterday's streak stands, today is not in it yet.
        #expect(streak(today: "2026-11-24", before + [("2026-11-24", 2, 1, 0)]) == Streak(current: 2, best: 2))
        #expect(streak(today: "2026-11-24", before + [("2026-11-24", 3, 0, 0)]) == Streak(current: 3, best: 3))
    }

    @Test func daysAfterTodayAreNotCounted() {
        let days = [("2026-11-23", 1, 0, 0), ("2026-11-25", 0, 4, 0), ("2026-11-26", 2, 0, 0)]
        #expect(streak(today: "2026-11-24", days) == Streak(current: 1, best: 1))
    }

    @Test func aStreakRunsAcrossWeek53AndTheNewYear() {
        // 2026 has an ISO week 53 (28 Dec 2026 – 3 Jan 2027).
        var counter = Streak.Counter(today: CivilDate.fixture("2027-01-05"))
        for week in [ISOWeek(year: 2026, week: 53), ISOWeek(year: 2027, week: 1)].compactMap({ $0 }) {
            counter.add(
                week,
                WeekCells(
                    week.days.map { date in
                        PlannerTask(
                            id: 1, uid: "u\(date)", title: "t", date: date, slot: .evening, status: .done, created: "")
                    }))
        }
        // 28 Dec through 5 Jan: nine days; 6 Jan and later are after today.
        #expect(counter.streak == Streak(current: 9, best: 9))
    }

    @Test func countingBackFromTodayGivesTheSameCurrentStreakAsCountingForward() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let today = CivilDate.fixture("2026-11-24")
            let days = (0..<60).map { offset -> (CivilDate, Tally) in
                let kind = Int.random(in: 0..<5, using: &random)
                let tally =
                    kind == 0
                    ? Tally()
                    : kind == 1
                        ? Tally(done: 0, open: 0, cancelled: 1)
                        : kind == 2 ? Tally(done: 1, open: 1, cancelled: 0) : Tally(done: 2, open: 0, cancelled: 0)
                return (today.adding(days: offset - 55), tally)
            }
            var forward = Streak.Counter(today: today)
            for (date, tally) in days { forward.add(date, tally) }
            var backward = Streak.BackwardCounter(today: today)
            for (date, tally) in days.reversed() { backward.add(date, tally) }
            #expect(backward.run == forward.streak.current, "\(days)")
        }
    }
}
