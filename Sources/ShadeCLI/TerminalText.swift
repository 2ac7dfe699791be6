import ShadeCore
import ShadeHost

/// What the terminal can show, from the environment: its width for charts, and whether its
/// locale is UTF-8 (else charts draw in plain ASCII).
enum TerminalText {
    /// `COLUMNS` when set to a number, else the terminal's width, else 80.
    static func width(_ environment: ShadeEnvironment) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return Output.terminalWidth() ?? 80
    }

    /// Whether the locale's character set is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and `LANG`
    /// that is set and not empty says (`en_GB.UTF-8`, `C.utf8`); none set is the POSIX locale,
    /// which is ASCII.
    static func isUTF8(_ environment: ShadeEnvironment) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lowered = value.lowercased()
            return lowered.contains("utf-8") || lowered.contains("utf8")
        }
        return false
    }
}
