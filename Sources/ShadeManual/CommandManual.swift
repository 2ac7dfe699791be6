/// The prose of shade(1) that does not come from the grammar: what shade is, the words every
/// command shares, the reference sections (`CommandManual+….swift`). ShadeCLI's `ManPage` puts
/// it together with each command's usage, written from the grammars.
public enum CommandManual {
    /// What shade is and how it is run: the DESCRIPTION of shade(1).
    public static let description = ManualSection(
        "DESCRIPTION",
        [
            .paragraph(
                """
                shade is a week planner for the terminal. Every day of the week is split into three slots
                (morning, afternoon and evening) and every task lives in one day and slot. Plan a week in
                the line-oriented REPL, or with one-shot commands from a shell or a script; print a day's
                timeline; see how much of each day and week was done.
                """),
            .paragraph(
                """
                shade with no command starts the REPL at today and the current slot. shade COMMAND runs one
                command and exits; what is typed after the REPL's prompt is what could be typed after
                shade in a shell. Standard input that is not a terminal is read as a script: one command
                a line, # starts a comment; shade exits with the first failing line's code.
                """),
            .paragraph(
                """
                Every view and every change takes --json and then prints one JSON document and nothing
                else. A task has a short numeric id, shown in every view, that never changes; goals are
                g1, g2 and so on. Text that did not come from shade itself is shown with its control
                characters escaped.
                """),
        ])
}
