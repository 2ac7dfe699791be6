import ArgumentParser
import ShadeCore

/// One REPL or script line taken through every parser it would meet (the word splitter, the
/// command tree, the task word grammar, filters, sorts, colours, times and days) without running
/// it: the command-line fuzz target's check.
public enum CommandLineCheck {
    /// Whether the command tree understood the line. Never traps, whatever the line holds.
    @discardableResult
    public static func parse(_ line: String) -> Bool {
        guard let words = parseWords(line) else { return false }
        guard case .success = CommandRunner.parse(words) else { return false }
        return true
    }

    /// The line's words, taken through shade's own parsers but not the command tree (whose
    /// swift-argument-parser pass costs a millisecond or two under the sanitizers, and so gets a
    /// fuzz target of its own); nil when the words do not split.
    public static func parseWords(_ line: String) -> [String]? {
        guard let words = try? CommandLineWords.split(line), !words.isEmpty else { return nil }
        let resolver = DayResolver(
            today: CivilDate(year: 2026, month: 11, day: 23)!, view: CivilDate(year: 2026, month: 11, day: 25)!)
        _ = try? TaskWords.parse(Array(words.dropFirst()), resolver: resolver)
        for word in words {
            _ = try? TaskFilter.parse(word, resolver: resolver)
            _ = try? TaskSort.parse(word)
            _ = try? TaskColor.parse(word)
            _ = try? TaskWords.parseTime(word)
            _ = resolver.date(for: word)
        }
        return words
    }

    /// A fuzz input: its bytes as one line, when they are UTF-8 (the line reader refuses others),
    /// through the command tree too when `commandTree`.
    @discardableResult
    public static func parse(fuzzInput data: [UInt8], commandTree: Bool) -> Bool {
        guard let line = String(validating: data, as: UTF8.self) else { return false }
        return commandTree ? parse(line) : parseWords(line) != nil
    }
}
