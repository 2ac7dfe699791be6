import ShadeCore

/// One REPL or script line taken through every parser it meets on its way to running, without
/// running it: the word splitter, the command language, then the parser of the words the
/// command reads when it runs (task words for add, edit and mv, filters and sorts for ls, find
/// and filter, a day, a week, a colour). The command-line fuzz target's check.
public enum CommandLineCheck {
    private static let resolver = DayResolver(
        today: CivilDate(year: 2026, month: 11, day: 23)!, view: CivilDate(year: 2026, month: 11, day: 25)!)

    /// Whether the command language understood the line as a command. Never traps, whatever the
    /// line holds.
    @discardableResult
    public static func parse(_ line: String) -> Bool {
        guard let words = try? CommandLineWords.split(line), !words.isEmpty,
            case .success(.command(let command, _)) = CommandRunner.parse(words)
        else { return false }
        switch command {
        case let add as Shade.Add: _ = try? TaskWords.parse(add.words, resolver: resolver)
        case let edit as Shade.Edit: _ = try? TaskWords.parse(edit.words, resolver: nil)
        case let move as Shade.Move:
            _ = try? move.words.first.map(resolver.requireDate)
            for word in move.words.dropFirst() where word.lowercased().hasPrefix("at:") {
                _ = try? TaskWords.parseTime(String(word.dropFirst(3)))
            }
        case let list as Shade.List: filters(list.filters)
        case let find as Shade.Find: filters(find.words)
        case let filter as Shade.Filter: filters(filter.words)
        case let day as Shade.Day: _ = try? day.day.map(resolver.requireDate)
        case let week as Shade.Week: _ = try? week.week.map(resolver.requireWeek)
        case let stats as Shade.Stats: _ = try? [stats.from, stats.to].compactMap { $0 }.map(resolver.requireWeek)
        case let category as Shade.CategoryAdd: _ = try? category.color.map(TaskColor.parse)
        case let category as Shade.CategoryColor: _ = try? TaskColor.parse(category.color)
        default: break
        }
        return true
    }

    /// Words as ls, find and filter read them: an order, or a filter.
    private static func filters(_ words: [String]) {
        for word in words where (try? TaskSort.parse(word)) == nil {
            _ = try? TaskFilter.parse(word, resolver: resolver)
        }
    }

    /// A fuzz input: its bytes as one line, when they are UTF-8 (the line reader refuses others).
    @discardableResult
    public static func parse(fuzzInput data: [UInt8]) -> Bool {
        guard let line = String(validating: data, as: UTF8.self) else { return false }
        return parse(line)
    }
}
