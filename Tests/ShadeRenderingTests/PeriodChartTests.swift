import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeRendering

@Suite struct PeriodChartTests {
    /// November 2026 by week with tasks in two weeks, a goal, and two empty weeks.
    private func november() throws -> PeriodStats {
        let month = try #require(CalendarMonth(parsing: "2026-11"))
        var accumulator = try #require(PeriodStats.Accumulator(period: .month(month), unit: .week))
        var cells = WeekCells()
        for _ in 0..<17 { cells.add(.done, weekday: .monday, slot: .morning) }
        for _ in 0..<2 { cells.add(.open, weekday: .friday, slot: .evening) }
        cells.add(.cancelled, weekday: .sunday, slot: .afternoon)
        accumulator.add(try #require(ISOWeek(parsing: "2026-W47")), cells)
        var later = WeekCells()
        later.add(.done, weekday: .monday, slot: .morning)
        for _ in 0..<5 { later.add(.open, weekday: .tuesday, slot: .evening) }
        accumulator.add(try #require(ISOWeek(parsing: "2026-W48")), later)
        return accumulator.stats()
    }

    private func lines(_ text: SafeText) -> [String] {
        text.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
    }

    @Test(arguments: [40, 80, 200])
    func everyLineFitsTheWidthAndTheBarsGrowWithIt(width: Int) throws {
        let stats = try november()
        let layout = PeriodChart.layout(stats, width: width)
        #expect(layout.rowWidth <= width)
        for glyphs in [PeriodChart.Glyphs.unicode, .ascii] {
            let text = PeriodChart.render(stats, width: width, glyphs: glyphs, style: .plain)
            let shown = lines(text)
            #expect(shown.count == 2 + stats.lines.count + 1)
            for line in shown { #expect(DisplayWidth.of(line) <= width, "\(width): \(line)") }
            #expect(shown.contains { $0.hasPrefix("W47 16 Nov") && $0.contains("17/20") && $0.contains("89%") })
        }
        switch width {
        case 40:
            #expect(layout.rateBar == 0)
            #expect(layout.countBar > 0)
        case 80:
            #expect(layout.rateBar > 0)
            #expect(layout.countBar > layout.rateBar)
        default:
            #expect(layout.rateBar == 24)
            #expect(layout.countBar > 100)
        }
    }

    @Test func colourNeverPushesALinePastTheWidth() throws {
        let text = PeriodChart.render(try november(), width: 80, glyphs: .unicode, style: Style(enabled: true))
        #expect(text.text.contains("\u{1B}[32m"))
        for line in lines(text) { #expect(DisplayWidth.of(Style.uncoloured(SafeText(verbatim: line))) <= 80) }
    }

    @Test func barsAreAsLongAsThePlannedTasksAndSolidForTheDoneOnes() {
        let parts = PeriodChart.segments(Tally(done: 17, open: 2, cancelled: 1), width: 40, scale: 20)
        #expect(parts.done == 34)
        #expect(parts.open == 4)
        #expect(parts.cancelled == 2)
        // One task in a chart of a hundred still shows.
        #expect(PeriodChart.segments(Tally(done: 0, open: 1, cancelled: 0), width: 10, scale: 100).open == 1)
        #expect(PeriodChart.segments(Tally(), width: 10, scale: 100) == (0, 0, 0))
        #expect(PeriodChart.rateCells(0.5, width: 10, glyphs: .unicode) == "█████")
        #expect(PeriodChart.rateCells(0.33, width: 10, glyphs: .unicode) == "███▎")
        #expect(PeriodChart.rateCells(nil, width: 10, glyphs: .unicode) == "")
        #expect(PeriodChart.rateCells(0.33, width: 10, glyphs: .ascii) == "###")
    }

    @Test func anEmptyPeriodShowsItsPartsWithoutBarsOrRates() throws {
        let december = try #require(CalendarMonth(parsing: "2026-12"))
        let stats = try #require(PeriodStats.Accumulator(period: .month(december), unit: .week)).stats()
        let shown = lines(PeriodChart.render(stats, width: 80, glyphs: .unicode, style: .plain))
        #expect(shown.count == 2 + 5 + 1)
        #expect(shown[2].hasPrefix("W49 30 Nov"))
        #expect(shown[6].hasPrefix("W53 28 Dec"), "December 2026 has a week 53")
        for line in shown.dropFirst(2) {
            #expect(line.hasSuffix("·     —"), "\(line)")
            #expect(!line.contains("█"))
        }
    }

    @Test func asciiChartsAreAllASCII() throws {
        for width in [20, 40, 80] {
            let text = PeriodChart.render(try november(), width: width, glyphs: .ascii, style: .plain).text
            let ascii = text.unicodeScalars.allSatisfy { $0.isASCII }
            #expect(ascii, "\(width): \(text)")
            for line in lines(SafeText(verbatim: text)) { #expect(line.count <= width) }
        }
    }

    @Test func aTooNarrowTerminalStillGetsLinesThatFit() throws {
        for width in [8, 16, 24] {
            for line in lines(
                PeriodChart.render(try november(), width: width, glyphs: .unicode, style: Style(enabled: true)))
            {
                #expect(DisplayWidth.of(Style.uncoloured(SafeText(verbatim: line))) <= width, "\(width): \(line)")
            }
        }
    }
}
