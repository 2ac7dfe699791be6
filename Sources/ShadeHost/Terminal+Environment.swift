/// What the terminal can show, by the environment: whether it invites colour, its width for
/// charts, and whether its locale is UTF-8 (else charts draw in plain ASCII).
extension Terminal {
    /// Whether colour is welcome where `--color auto` asks: standard output is a terminal (as
    /// `stdoutIsTerminal` says: `isTerminal(1)`, or true where the REPL draws on its terminal),
    /// `NO_COLOR` is unset and `TERM` is not `dumb`.
    public static func invitesColor(_ environment: ShadeEnvironment, stdoutIsTerminal: Bool) -> Bool {
        stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    /// `COLUMNS` when set to a number, else the terminal's width, else 80.
    public static func columns(_ environment: ShadeEnvironment) -> Int {
        if let columns = environment["COLUMNS"].flatMap(Int.init), columns > 0 { return columns }
        return width() ?? 80
    }

    /// Whether the locale's character set is UTF-8: the first of `LC_ALL`, `LC_CTYPE` and `LANG`
    /// that is set and not empty says (`en_GB.UTF-8`, `C.utf8`); none set is the POSIX locale,
    /// which is ASCII.
    public static func isUTF8(_ environment: ShadeEnvironment) -> Bool {
        for name in ["LC_ALL", "LC_CTYPE", "LANG"] {
            guard let value = environment[name], !value.isEmpty else { continue }
            let lowered = value.lowercased()
            return lowered.contains("utf-8") || lowered.contains("utf8")
        }
        return false
    }
}
