import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// Every repeat rule against an oracle: Python's `dateutil.rrule` (RFC 5545 recurrence), over ten
/// years from anchors chosen for their edges — a 31st, 29 February, a Sunday of ISO week 53, the
/// days of a DST change (a rule counts days, so a clock change moves nothing).
@Suite struct RepeatRuleTests {
    /// The rule words and the rrule each must equal (`{anchor}` is the anchor's weekday).
    static let rules: [(word: String, rrule: String)] = [
        ("day", "rrule(DAILY, dtstart=a, until=u)"),
        ("weekday", "rrule(WEEKLY, byweekday=(MO,TU,WE,TH,FR), dtstart=a, until=u)"),
        ("weekend", "rrule(WEEKLY, byweekday=(SA,SU), dtstart=a, until=u)"),
        ("week", "rrule(WEEKLY, dtstart=a, until=u)"),
        ("2weeks", "rrule(WEEKLY, interval=2, dtstart=a, until=u)"),
        ("3weeks", "rrule(WEEKLY, interval=3, dtstart=a, until=u)"),
        ("mon,wed,fri", "rrule(WEEKLY, byweekday=(MO,WE,FR), dtstart=a, until=u)"),
        ("sun", "rrule(WEEKLY, byweekday=(SU,), dtstart=a, until=u)"),
        ("month", "rrule(MONTHLY, dtstart=a, until=u)"),
        ("year", "rrule(YEARLY, dtstart=a, until=u)"),
        ("3days", "rrule(DAILY, interval=3, dtstart=a, until=u)"),
        ("10days", "rrule(DAILY, interval=10, dtstart=a, until=u)"),
        ("2months", "rrule(MONTHLY, interval=2, dtstart=a, until=u)"),
        ("3months", "rrule(MONTHLY, interval=3, dtstart=a, until=u)"),
        ("1st-mon", "rrule(MONTHLY, byweekday=MO(+1), dtstart=a, until=u)"),
        ("2nd-fri", "rrule(MONTHLY, byweekday=FR(+2), dtstart=a, until=u)"),
        ("3rd-wed", "rrule(MONTHLY, byweekday=WE(+3), dtstart=a, until=u)"),
        ("4th-sun", "rrule(MONTHLY, byweekday=SU(+4), dtstart=a, until=u)"),
        ("last-fri", "rrule(MONTHLY, byweekday=FR(-1), dtstart=a, until=u)"),
        ("last-sat", "rrule(MONTHLY, byweekday=SA(-1), dtstart=a, until=u)"),
        ("month-end", "rrule(MONTHLY, bymonthday=-1, dtstart=a, until=u)"),
    ]
    /// Anchors: a 31st (months without one are skipped), 29 February of a leap year, the 30th
    /// before a February, the Sunday of ISO week 53 of 2026, the days Europe changes its clocks in
    /// 2026, an ordinary Wednesday.
    static let anchors = [
        "2024-01-31", "2024-02-29", "2025-01-30", "2027-01-03", "2026-03-29", "2026-10-25", "2026-11-25",
    ]

    /// The oracle's dates for every rule and anchor, ten years on: `[[word, anchor, [dates]]]`.
    static func oracle() throws -> [String: [String]] {
        var script = """
            import json, sys
            from datetime import date, datetime, timedelta
            from dateutil.rrule import rrule, DAILY, WEEKLY, MONTHLY, YEARLY, MO, TU, WE, TH, FR, SA, SU
            out = {}
            for anchor in \(anchors):
                a = datetime.fromisoformat(anchor)
                u = datetime(a.year + 10, a.month, min(a.day, 28))

            """
        for rule in rules {
            script += "    out['\(rule.word) ' + anchor] = [d.date().isoformat() for d in \(rule.rrule)]\n"
        }
        script += "json.dump(out, sys.stdout)\n"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw OracleMissing() }
        return try JSONDecoder().decode([String: [String]].self, from: data)
    }

    struct OracleMissing: Error {}

    @Test func everyRuleGivesTheOraclesDatesOverTenYears() throws {
        let expected: [String: [String]]
        do { expected = try Self.oracle() } catch {
            Issue.record("python3 with dateutil is needed (scripts/install-deps installs it)")
            return
        }
        var compared = 0
        for rule in Self.rules {
            let parsed = try #require(RepeatRule(parsing: rule.word))
            #expect(parsed.description == rule.word)
            for text in Self.anchors {
                let anchor = CivilDate.fixture(text)
                let until = try #require(
                    CivilDate(year: anchor.year + 10, month: anchor.month, day: min(anchor.day, 28)))
                let oracle = try #require(expected["\(rule.word) \(text)"])
                // All at once, and week by week as views ask: the same dates.
                let whole = parsed.dates(anchor: anchor, until: until, from: anchor, through: until).map(\.description)
                #expect(whole == oracle, "\(rule.word) from \(text)")
                var weekly: [String] = []
                var week = anchor.isoWeek
                while week.monday <= until {
                    weekly += parsed.dates(anchor: anchor, until: until, from: week.monday, through: week.days[6])
                        .map(\.description)
                    week = week.adding(weeks: 1)
                }
                #expect(weekly == oracle, "\(rule.word) from \(text), week by week")
                compared += oracle.count
            }
        }
        #expect(compared > 50_000)
    }

    /// `count:N` against the oracle's `count=N`: every rule and anchor, a few counts (a month
    /// without the anchor's day is no occurrence, so it does not count).
    @Test func aCountEndsEveryRuleWhereTheOracleDoes() throws {
        let counts = [1, 7, 60, 400]
        var script = """
            import json, sys
            from datetime import datetime
            from dateutil.rrule import rrule, DAILY, WEEKLY, MONTHLY, YEARLY, MO, TU, WE, TH, FR, SA, SU
            out = {}
            for anchor in \(Self.anchors):
                a = datetime.fromisoformat(anchor)
                for n in \(counts):

            """
        for rule in Self.rules {
            let counted = rule.rrule.replacingOccurrences(of: "until=u", with: "count=n")
            script +=
                "        out['\(rule.word) ' + anchor + ' ' + str(n)] = [d.date().isoformat() for d in \(counted)]\n"
        }
        script += "json.dump(out, sys.stdout)\n"
        let python = try ExternalCommand.run("/usr/bin/env", ["python3", "-c", script])
        guard python.status == 0,
            let expected = try? JSONDecoder().decode(
                [String: [String]].self, from: Data(python.output.utf8))
        else {
            Issue.record("python3 with dateutil is needed (scripts/install-deps installs it)")
            return
        }
        for rule in Self.rules {
            let parsed = try #require(RepeatRule(parsing: rule.word))
            for text in Self.anchors {
                let anchor = CivilDate.fixture(text)
                for count in counts {
                    let series = RepeatSeries(
                        uid: "s", title: "t", slot: .morning, rule: parsed, anchor: anchor, count: count, created: "c")
                    let dates = series.dates(from: anchor, through: CivilDate.supported.upperBound).map(\.description)
                    #expect(
                        dates == expected["\(rule.word) \(text) \(count)"], "\(rule.word) from \(text), count \(count)")
                    // A day taken out still counts, as RFC 5545's EXDATE does.
                    var skipped = series
                    skipped.exceptions = [CivilDate.fixture(dates.first ?? text)]
                    #expect(
                        skipped.dates(from: anchor, through: CivilDate.supported.upperBound).count == dates.count - 1)
                }
            }
        }
        // With until: the earlier end.
        let weekly = RepeatSeries(
            uid: "s", title: "t", slot: .morning, rule: .weekly(interval: 1), anchor: .fixture("2026-11-23"),
            until: .fixture("2026-12-07"), count: 10, created: "c")
        #expect(weekly.end == .fixture("2026-12-07"))
        #expect(weekly.phrase == "every week until 2026-12-07, 10 times")
    }

    @Test func rulesReadAsTheSpecWritesThem() {
        #expect(RepeatRule(parsing: "weekday") == .weekdays)
        #expect(RepeatRule(parsing: "Weekend") == .weekends)
        #expect(RepeatRule(parsing: "2weeks") == .weekly(interval: 2))
        #expect(RepeatRule(parsing: "week") == .weekly(interval: 1))
        #expect(RepeatRule(parsing: "fri,mon") == .onWeekdays([.monday, .friday]))
        #expect(RepeatRule(parsing: "fri,mon")?.description == "mon,fri")
        #expect(RepeatRule(parsing: "3days") == .everyDays(interval: 3))
        #expect(RepeatRule(parsing: "1days") == .daily && RepeatRule(parsing: "1months") == .monthly)
        #expect(RepeatRule(parsing: "2Months") == .everyMonths(interval: 2))
        #expect(RepeatRule(parsing: "2nd-friday") == .nthWeekday(ordinal: 2, .friday))
        #expect(RepeatRule(parsing: "2nd-friday")?.description == "2nd-fri")
        #expect(RepeatRule(parsing: "last-sun") == .nthWeekday(ordinal: -1, .sunday))
        #expect(RepeatRule(parsing: "month-end") == .monthEnd)
        for bad in [
            "", "0weeks", "53weeks", "mon,,fri", "mon,mon", "fortnight", "weeks", "-1weeks", "mon;fri", "0days",
            "367days", "+3days", "3 days", "0months", "25months", "5th-mon", "last-", "1st-xyz", "first-mon", "days",
        ] {
            #expect(RepeatRule(parsing: bad) == nil, "\(bad)")
        }
    }

    @Test func aSeriesThatRunsTenYearsCostsWhatTheWeekAskedForHolds() {
        let rule = RepeatRule.daily
        let anchor = CivilDate.fixture("2026-01-01")
        let week = CivilDate.fixture("2035-06-04").isoWeek
        let dates = rule.dates(anchor: anchor, until: nil, from: week.monday, through: week.days[6])
        #expect(dates.count == 7)
        #expect(rule.occurs(on: CivilDate.fixture("2035-06-05"), anchor: anchor, until: nil))
        #expect(!rule.occurs(on: CivilDate.fixture("2025-12-31"), anchor: anchor, until: nil))
        #expect(
            !rule.occurs(on: CivilDate.fixture("2026-02-01"), anchor: anchor, until: CivilDate.fixture("2026-01-31")))
    }
}
