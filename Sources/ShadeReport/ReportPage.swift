@preconcurrency import Plot
import ShadeCore
import ShadeRendering

/// `report --html`: one self-contained page (inline SVG and CSS, no script, nothing fetched) with
/// the weeks' grid of rates, the rate per week, planned and done per month, per slot and per
/// weekday, the goals and the streaks.
public enum ReportPage {
    /// The page's HTML.
    public static func html(_ report: ProgressReport) -> String {
        let range = rangeText(report)
        let page = HTML(
            .lang(.english),
            .head(
                .meta(.charset(.utf8)),
                .meta(.name("viewport"), .content("width=device-width, initial-scale=1")),
                .meta(.name("color-scheme"), .content("light dark")),
                .element(named: "title", text: "shade · report \(range)"),
                .style(ReportStyle.css)
            ),
            .body(
                .main(
                    .h1(.text("Your planner, \(range)")),
                    .p(
                        .class("subtitle"),
                        .text(
                            "\(report.stats.weeks.count) weeks · made by shade for \(ReportFormat.day(report.today))")),
                    cards(report),
                    .section(
                        .h2(.text("The weeks at a glance")),
                        HeatMap.svg(report),
                        legend()
                    ),
                    .section(.h2(.text("Completion rate per week")), RateLine.svg(report)),
                    .section(.h2(.text("Planned and done per month")), MonthBars.svg(report.months)),
                    .div(
                        .class("pair"),
                        .section(
                            .h2(.text("By slot")),
                            RateBars.svg(
                                id: "by-slot", title: "Completion rate by slot",
                                rows: Slot.allCases.map { ($0.rawValue, report.stats.bySlot[$0.index]) })),
                        .section(
                            .h2(.text("By weekday")),
                            RateBars.svg(
                                id: "by-weekday", title: "Completion rate by weekday",
                                rows: Weekday.allCases.map { ($0.label, report.stats.byWeekday[$0.rawValue - 1]) }))
                    ),
                    goals(report),
                    .footer(.text("Made by shade from the planner's own records; every figure is what stats says."))
                )
            )
        )
        return page.render()
    }

    /// `2026-W35 – 2026-W48`.
    public static func rangeText(_ report: ProgressReport) -> String {
        guard let first = report.first, let last = report.last else { return "" }
        return first == last ? "\(first)" : "\(first) – \(last)"
    }

    /// The figures at the top: the rate, the counts, carried tasks, streaks, best slot and weekday.
    static func cards(_ report: ProgressReport) -> BodyNode {
        let total = report.stats.total
        let items: [(String, String)] = [
            (ReportFormat.percent(total.rate), "completion rate"),
            ("\(total.done) / \(total.done + total.open)", "tasks done of those counted"),
            ("\(total.cancelled)", "cancelled"),
            ("\(report.stats.carried)", "carried on to a later week"),
            ("\(report.streak.current)", "days in a row, all done (today's streak)"),
            ("\(report.streak.best)", "best streak (days)"),
            (report.stats.bestSlot?.rawValue ?? "—", "best slot"),
            (report.stats.bestWeekday.map { $0.label } ?? "—", "best weekday"),
        ]
        return .section(
            .class("cards"),
            .group(
                items.map { figure, caption in
                    .div(
                        .class("card"),
                        .span(.class("figure"), .text(figure)),
                        .span(.class("caption"), .text(caption)))
                }))
    }

    /// The heat scale, in words.
    static func legend() -> BodyNode {
        let steps: [(String, String)] = [
            ("heat-none", "no tasks"), ("heat-0", "under 20%"), ("heat-1", "20–39%"), ("heat-2", "40–59%"),
            ("heat-3", "60–79%"), ("heat-4", "80% and more"),
        ]
        return .div(
            .class("legend"),
            .group(
                steps.map { className, text in
                    .span(.span(.class("swatch \(className)")), .text(" \(text)"))
                }))
    }

    /// The goals of the range: title, period, status, rate, tasks done.
    static func goals(_ report: ProgressReport) -> BodyNode {
        guard !report.goals.isEmpty else {
            return .section(.h2(.text("Goals")), .p(.class("empty"), .text("No goal was set for these weeks.")))
        }
        return .section(
            .h2(.text("Goals")),
            .table(
                .thead(
                    .tr(
                        .th(.text("goal")), .th(.text("for")), .th(.text("status")),
                        .th(.class("number"), .text("rate")), .th(.class("number"), .text("tasks done")))),
                .tbody(
                    .group(
                        report.goals.map { line in
                            .tr(
                                .td(
                                    .strong(.text(line.goal.label)), .text(" "),
                                    .raw(MarkupText.escaped(line.goal.title))),
                                .td(.text(line.goal.period.description)),
                                .td(
                                    .span(
                                        .class("status \(line.goal.status.rawValue)"), .text(line.goal.status.rawValue))
                                ),
                                .td(.class("number"), .text(ReportFormat.percent(line.tally.rate))),
                                .td(.class("number"), .text("\(line.tally.done) of \(line.tally.total)")))
                        }))))
    }
}
