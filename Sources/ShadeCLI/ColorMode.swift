import ShadeHost

/// When to colour the output.
public enum ColorMode: String, CaseIterable, Sendable {
    /// Colour when standard output is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Whether this mode colours, given the environment and the terminal.
    func isEnabled(environment: ShadeEnvironment, stdoutIsTerminal: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: stdoutIsTerminal && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
        }
    }
}
