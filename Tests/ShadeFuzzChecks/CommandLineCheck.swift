// Only where ShadeCLI is compiled for testing (see ShadeFuzzChecks.swift).
#if DEBUG || SHADE_FUZZING
    import ShadeCore

    @testable import ShadeCLI

    /// One REPL or script line taken through every parser it meets on its way to running, without
    /// running it: the word splitter, the command language, then the command's own `parseWords`
    /// (task words for add, edit and mv, filters and orders for ls, find and filter, a day, a week,
    /// a colour) — the very code `execute` starts from. The command-line fuzz target's check.
    public enum CommandLineCheck {
        private static let resolver = DayResolver(
            today: CivilDate(daysSinceEpoch: 20_780), view: CivilDate(daysSinceEpoch: 20_782))

        /// Whether the command language understood the line as a command. Never traps, whatever the
        /// line holds.
        @discardableResult
        public static func parse(_ line: String) -> Bool {
            guard let words = try? CommandLineWords.split(line), !words.isEmpty,
                case .line(.command(let command, _)) = CommandRunner.parse(words)
            else { return false }
            _ = try? command.parseWords(resolver: resolver)
            return true
        }

        /// A fuzz input: its bytes as one line, when they are UTF-8 (the line reader refuses others).
        @discardableResult
        public static func parse(fuzzInput data: [UInt8]) -> Bool {
            guard let line = String(validating: data, as: UTF8.self) else { return false }
            return parse(line)
        }
    }
#endif
