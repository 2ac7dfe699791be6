import ShadeCore
import ShadeRendering

/// How the page writes figures.
enum ReportFormat {
    /// `55%`, or `no rate`.
    static func percent(_ rate: Double?) -> String { rate == nil ? "no rate" : RateFormat.percent(rate).text }

    /// `17 of 19 done · 89%`, or `nothing planned`.
    static func summary(_ tally: Tally) -> String {
        let counted = tally.done + tally.open
        guard counted > 0 else {
            return tally.cancelled > 0 ? "\(tally.cancelled) cancelled, no rate" : "nothing planned"
        }
        var text = "\(tally.done) of \(counted) done · \(percent(tally.rate))"
        if tally.cancelled > 0 { text += " · \(tally.cancelled) cancelled" }
        return text
    }

    /// `89% · 17/19`, or `—`.
    static func short(_ tally: Tally) -> String {
        let counted = tally.done + tally.open
        return counted == 0 ? "—" : "\(percent(tally.rate)) · \(tally.done)/\(counted)"
    }

    /// The CSS class of a rate on the heat scale: `heat-none`, `heat-0` … `heat-4`.
    static func heatClass(_ rate: Double?) -> String {
        guard let rate else { return "heat-none" }
        return "heat-\(min(4, Int(rate * 5)))"
    }

    /// `Mon 16 Nov 2026`.
    static func day(_ date: CivilDate) -> String { RateFormat.longDate(date).text }

    /// `16 Nov`.
    static func dayMonth(_ date: CivilDate) -> String { "\(date.day) \(date.monthAbbreviation)" }
}
