import Foundation
import ShadeJSON
import Testing

/// `stats --by` and `chart` through the binary: the periods' figures, the chart agreeing with
/// them, the width and locale it is drawn for, and bad words.
@Suite struct ChartCommandTests {
    private func periods(_ value: JSONValue) -> [JSONObject] {
        value.objectValue?["periods"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    /// A store with tasks across a month end, week 53 and a new year, and goals.
    private func history() throws -> ShadeProcess {
        let shade = ShadeProcess(now: "2027-01-06T10:00")
        let script = """
            add 2026-11-30 morning Gym
            add 2026-12-01 evening Read
            add 2026-12-28 afternoon Wrap up the year
            add 2026-12-31 evening New Year's Eve dinner
            add 2027-01-01 morning Walk
            add 2027-01-03 evening Plan the week
            done 1 3 4 5
            cancel 6
            goal add Close the year for:2026-W53
            goal done g1
            goal add A good start for:2027-01-02
            """
        let result = try shade.run([], stdin: script)
        #expect(result.status == 0, "\(result.stderr)")
        return shade
    }

    @Test func statsByMonthCountsEachDayInItsMonthAndGoalsWhereTheirWeeksThursdayIs() throws {
        let shade = try history()
        let year = try shade.json(["stats", "--by", "month", "2026"])
        #expect(year.objectValue?.string("by") == "month")
        #expect(year.objectValue?.string("period") == "2026")
        let months = periods(year)
        #expect(months.map { $0.string("period") ?? "" } == (1...12).map { String(format: "2026-%02d", $0) })
        let november = months[10]
        #expect(november.int("planned") == 1 && november.int("done") == 1 && november["rate"]?.doubleValue == 1)
        let december = months[11]
        #expect(december.int("planned") == 3 && december.int("done") == 2 && december.int("open") == 1)
        #expect(december["rate"]?.doubleValue == 2.0 / 3.0)
        #expect(december.int("goals") == 1 && december.int("goals_done") == 1)
        #expect(months[0]["rate"] == .null, "an empty month has no rate")
        #expect(months[0].int("planned") == 0)
        let next = periods(try shade.json(["stats", "--by", "month", "2027"]))[0]
        #expect(next.int("planned") == 2 && next.int("cancelled") == 1 && next.int("done") == 1)
        #expect(next.int("goals") == 1 && next.int("goals_done") == 0)
        for key in ["period", "planned", "done", "cancelled", "rate", "goals", "goals_done"] {
            #expect(next[key] != nil, "\(key)")
        }
    }

    @Test func statsByWeekGivesAMonthsWeeksWholeWeek53Included() throws {
        let shade = try history()
        let december = try shade.json(["stats", "--by", "week", "2026-12"])
        let weeks = periods(december)
        #expect(
            weeks.map { $0.string("period") ?? "" } == ["2026-W49", "2026-W50", "2026-W51", "2026-W52", "2026-W53"])
        #expect(weeks[0].int("planned") == 2, "30 Nov is in 2026-W49, December's first week")
        #expect(weeks[4].int("planned") == 4 && weeks[4].int("done") == 3 && weeks[4].int("cancelled") == 1)
        #expect(weeks[4].string("start") == "2026-12-28" && weeks[4].string("end") == "2027-01-03")
        let total = december.objectValue?["total"]?.objectValue
        #expect(total?.int("planned") == 6 && total?.string("end") == "2027-01-03")
        // The view's month by default; this, last and next as for weeks.
        #expect(periods(try shade.json(["stats", "--by", "week"])).first?.string("period") == "2027-W01")
        #expect(periods(try shade.json(["stats", "--by", "week", "last"])).last?.string("period") == "2026-W53")
        let days = periods(try shade.json(["stats", "--by", "day", "2026-W53"]))
        #expect(days.map { $0.int("planned") ?? -1 } == [1, 0, 0, 1, 1, 0, 1])
    }

    @Test func badPeriodsAndMixedOptionsAreRefusedWithWhatToWrite() throws {
        let shade = try history()
        let cases: [([String], Int32, String)] = [
            (["stats", "2026"], 64, "needs --by"),
            (["stats", "--by", "year"], 64, "--by takes day, week or month"),
            (["stats", "--by", "week", "2026"], 1, "not a month"),
            (["stats", "--by", "month", "2026-11"], 1, "not a year"),
            (["stats", "--by", "day", "2026-W54"], 1, "has weeks W01 to W53"),
            (["stats", "--by", "month", "--weeks", "3"], 64, "leave out"),
            (["chart", "quarter", "2026"], 64, "not a kind of chart"),
            (["chart", "month", "2026"], 1, "not a month"),
            (["chart", "soon"], 1, "not a week"),
        ]
        for (arguments, status, message) in cases {
            let result = try shade.run(arguments)
            #expect(result.status == status, "\(arguments): \(result.stderr)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
            #expect(result.stdout.isEmpty)
        }
    }

    /// Every row of a chart says `done/planned` and the rate: they are those of `stats --by`.
    @Test(arguments: [("week", "day", "2026-W53"), ("month", "week", "2026-12"), ("year", "month", "2026")])
    func everyFigureOfAChartIsThatOfStats(kind: String, unit: String, period: String) throws {
        let shade = try history()
        let chart = try shade.run(["chart", kind, period], environment: ["COLUMNS": "100", "LANG": "C.UTF-8"])
        #expect(chart.status == 0, "\(chart.stderr)")
        let rows = chart.stdout.split(separator: "\n").dropFirst(2).map(String.init)
        let lines = periods(try shade.json(["stats", "--by", unit, period]))
        #expect(try shade.json(["chart", kind, period]) == (try shade.json(["stats", "--by", unit, period])))
        #expect(rows.count == lines.count + 1)
        for (row, line) in zip(rows, lines) {
            let planned = line.int("planned") ?? -1
            let figures = planned == 0 ? "·" : "\(line.int("done") ?? -1)/\(planned)"
            let rate = line["rate"]?.doubleValue.map { "\(Int(($0 * 100).rounded()))%" } ?? "—"
            let words = row.split(separator: " ").map(String.init)
            #expect(words.contains(figures) && words.contains(rate), "\(row) against \(line)")
        }
    }

    @Test func aChartFitsColumnsAndDrawsInASCIIOutsideUTF8() throws {
        let shade = try history()
        for width in [40, 80, 200] {
            let chart = try shade.run(
                ["chart", "year", "2026"], environment: ["COLUMNS": "\(width)", "LANG": "C.UTF-8"])
            for line in chart.stdout.split(separator: "\n") { #expect(line.count <= width, "\(width): \(line)") }
            #expect(chart.stdout.contains("█"))
        }
        let ascii = try shade.run(["chart", "2026-12"], environment: ["COLUMNS": "80", "LANG": "C"])
        #expect(ascii.stdout.unicodeScalars.allSatisfy { $0.isASCII }, "\(ascii.stdout)")
        #expect(ascii.stdout.contains("#") && ascii.stdout.contains("W53 28 Dec"))
        // A period alone says its kind; colour only where it is allowed.
        let month = try shade.run(["chart", "2026-12", "--color", "always"], environment: ["LANG": "en_GB.UTF-8"])
        #expect(month.stdout.hasPrefix("\u{1B}[1mDecember 2026"))
        #expect(!(try shade.run(["chart", "2026-12"])).stdout.contains("\u{1B}"))
    }

    @Test func chartRunsInAPipedScriptAndTheREPLSeesTheViewsWeek() throws {
        let shade = try history()
        let result = try shade.run(
            [], stdin: "week 2026-W53\nchart\nchart year\n", environment: ["COLUMNS": "80", "LANG": "C.UTF-8"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2026-W53 · 28 Dec – 3 Jan 2027 · planned and done by day"))
        #expect(result.stdout.contains("2026 · planned and done by month"))
    }
}
