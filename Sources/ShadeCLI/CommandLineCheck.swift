import ShadeCore

/// One REPL or script line taken through every parser it would meet (the word splitter, the
/// command language, the task word grammar, filters, sorts, colours, times and days) without
/// running it: the command-line fuzz target's check.
public enum CommandLineCheck {
    private static let resolver = DayResolver(
        today: CivilDate(year: 2026, month: 11, day: 23)!, view: CivilDate(year: 2026, month: 11, day: 25)!)

    /// Whether the command language understood the line as a command. Never traps, whatever the
    /// line holds.
    @discardableResult
    public static func parse(_ line: String) -> Bool {
        guard let words = try? CommandLineWords.split(line), !words.isEmpty else { return false }
        // The words as add, edit and mv read them (days, slots, times, tags, categories, colours)…
        _ = try? TaskWords.parse(Array(words.dropFirst()), resolver: resolver)
        // …as ls and filter read them (filters take days, slots, weeks and ranges too)…
        for word in words {
            _ = try? TaskFilter.parse(word, resolver: resolver)
            _ = try? TaskSort.parse(word)
        }
        // …and as cat add and cat color read a colour.
        if let last = words.last { _ = try? TaskColor.parse(last) }
        guard case .success(.command) = CommandRunner.parse(words) else { return false }
        return true
    }

    /// A fuzz input: its bytes as one line, when they are UTF-8 (the line reader refuses others).
    @discardableResult
    public static func parse(fuzzInput data: [UInt8]) -> Bool {
        guard let line = String(validating: data, as: UTF8.self) else { return false }
        return parse(line)
    }
}
