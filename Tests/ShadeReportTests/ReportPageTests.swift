import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeReport

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Suite struct ReportPageTests {
    @Test func userTextBecomesTextInElementsAndAttributesAlike() {
        #expect(MarkupText.escaped("<script>alert(1)</script>") == "&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(MarkupText.escaped("AT&T &lt; \"q\" 'a'") == "AT&amp;T &amp;lt; &quot;q&quot; &#39;a&#39;")
        #expect(MarkupText.escaped("\u{1B}[31mred\u{7}") == "\\e[31mred\\x07")
        #expect(MarkupText.escaped("\u{202E}evil") == "\\u202eevil")
        #expect(MarkupText.escaped("日本語 🥾") == "日本語 🥾")
    }

    /// A report of two weeks, one empty, with a goal whose title is markup.
    private func report() throws -> ProgressReport {
        let w47 = try #require(ISOWeek(parsing: "2026-W47"))
        let w48 = try #require(ISOWeek(parsing: "2026-W48"))
        let tasks = [
            makeTask(1, "2026-11-16", .done, goal: "g"), makeTask(2, "2026-11-17", .open, goal: "g"),
            makeTask(3, "2026-11-18", .cancelled),
        ]
        var accumulator = HistoryStats.Accumulator()
        accumulator.add(w47, WeekCells(tasks))
        let goal = Goal(
            uid: "g", number: 1, title: "<b>bold</b> & \"more\"", period: .week(w47),
            created: "2026-11-16T08:00:00+00:00")
        return ProgressReport(
            stats: accumulator.stats(from: w47, through: w48), cells: [w47: WeekCells(tasks)],
            months: [
                PeriodStats.Line(period: .month(try #require(CalendarMonth(parsing: "2026-11"))), tally: Tally(tasks))
            ],
            goals: [goal], goalTasks: tasks, streak: Streak(current: 0, best: 1), today: CivilDate.fixture("2026-11-23")
        )
    }

    private func makeTask(_ id: Int, _ date: String, _ status: TaskStatus, goal: String? = nil) -> PlannerTask {
        var task = PlannerTask(
            id: id, uid: "u\(id)", title: "t\(id)", date: CivilDate.fixture(date), slot: .morning, status: status,
            created: "2026-11-16T08:00:00+00:00")
        task.goal = goal
        return task
    }

    @Test func thePageIsWellFormedXMLWithFiveChartsEachWithATextAlternative() throws {
        let html = ReportPage.html(try report())
        let parser = XMLParser(data: Data(html.utf8))
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(html.components(separatedBy: "<svg").count - 1 == 5)
        #expect(html.components(separatedBy: "<desc").count - 1 == 5)
        #expect(html.contains("&lt;b&gt;bold&lt;/b&gt; &amp; &quot;more&quot;"))
        #expect(!html.contains("<b>"))
        // The week with tasks has its rate written in its cell; the empty one a dash.
        #expect(html.contains(">50%</text>") && html.contains(">—</text>"))
        #expect(html.contains("<title>2026-W47 · 1 of 2 done · 50% · 1 cancelled</title>"))
        #expect(html.contains("<title>2026-W48 · nothing planned</title>"))
    }

    @Test func theHeatScaleHasAStepForEachFifthAndNoneForNoRate() {
        #expect(ReportFormat.heatClass(nil) == "heat-none")
        #expect(ReportFormat.heatClass(0) == "heat-0")
        #expect(ReportFormat.heatClass(0.2) == "heat-1")
        #expect(ReportFormat.heatClass(0.79) == "heat-3")
        #expect(ReportFormat.heatClass(1) == "heat-4")
    }
}
