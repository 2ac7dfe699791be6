import ShadeCore

/// How rates and tallies read in text views.
public enum RateFormat {
    /// `50%`, or `—` when there is no rate.
    public static func percent(_ rate: Double?) -> SafeText {
        guard let rate else { return "—" }
        return "\(Int((rate * 100).rounded()))%"
    }

    /// A bar of `width` cells filled in proportion to the rate; dots when there is no rate.
    public static func bar(_ rate: Double?, width: Int = 10) -> SafeText {
        guard let rate else { return SafeText(escaping: String(repeating: "·", count: width)) }
        let filled = Int((rate * Double(width)).rounded())
        return SafeText(escaping: String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled))
    }

    /// `3 done · 2 open · 1 cancelled` (cancelled only when there are some).
    public static func counts(_ tally: Tally) -> SafeText {
        var parts: [SafeText] = ["\(tally.done) done", "\(tally.open) open"]
        if tally.cancelled > 0 { parts.append("\(tally.cancelled) cancelled") }
        return parts.joined(separator: " · ")
    }

    /// `done/counted` for a grid cell, or `·` when the cell counts nothing.
    public static func cell(_ tally: Tally) -> SafeText {
        let counted = tally.done + tally.open
        return counted == 0 ? (tally.cancelled > 0 ? "✗" : "·") : "\(tally.done)/\(counted)"
    }

    /// `Mon 23 Nov`.
    public static func shortDate(_ date: CivilDate) -> SafeText {
        "\(date.weekday.label) \(date.day < 10 ? " " : "")\(date.day) \(date.monthAbbreviation)"
    }

    /// `23 Nov`, the day padded to two columns.
    public static func dayMonth(_ date: CivilDate) -> SafeText {
        "\(date.day < 10 ? " " : "")\(date.day) \(date.monthAbbreviation)"
    }

    /// `Mon 3 Nov`, unpadded, for a sentence.
    public static func shortDay(_ date: CivilDate) -> SafeText { "\(date.shortLabel)" }

    /// `Mon 23 Nov 2026`.
    public static func longDate(_ date: CivilDate) -> SafeText {
        "\(date.weekday.label) \(date.day) \(date.monthAbbreviation) \(date.year)"
    }
}
