/// When to colour the output: the value of `--color`. Which `auto` comes to is the host's to
/// say (`Terminal.invitesColor`); a view is handed the `Style` this makes.
public enum ColorMode: String, CaseIterable, Sendable {
    /// Colour when standard output is a terminal, `NO_COLOR` is unset and `TERM` is not `dumb`.
    case auto
    /// Always colour.
    case always
    /// Never colour.
    case never

    /// Whether this mode colours, given whether the terminal invites colour (what `auto` follows).
    public func isEnabled(terminalInvitesColor: Bool) -> Bool {
        switch self {
        case .always: true
        case .never: false
        case .auto: terminalInvitesColor
        }
    }
}
