import ShadeCore

/// A command of the planner's language: built from its words by its grammar, run against a
/// session. One-shot invocations and the REPL both parse with `Shade.parse` and call `execute`.
protocol PlannerCommand: Sendable {
    /// What `parseWords` makes of the command's words.
    associatedtype Words = Void
    /// What the command accepts, and its help.
    static var grammar: CommandGrammar { get }
    /// The command from its scanned words; a usage error when a value is not what it should be.
    init(_ arguments: CommandArguments) throws(CommandError)
    /// Takes apart the words the command reads when it runs (days, slots, times, tags, filters,
    /// orders, colours): all that needs the day in view and nothing from the store. `execute`
    /// starts from it; the command-line fuzz check calls it alone.
    func parseWords(resolver: DayResolver) throws -> Words
    /// Runs the command, queuing its output on the session.
    func execute(in session: Session) throws
    /// Whether a planner git has merged is settled before the command runs (not for what git or
    /// the completion scripts call).
    static var settlesMergedPlanner: Bool { get }
    /// Whether a change the command saves starts a background sync when `sync auto` is on (not
    /// for a sync's own commands, or what git calls).
    static var startsBackgroundSync: Bool { get }
}

extension PlannerCommand {
    static var settlesMergedPlanner: Bool { true }
    static var startsBackgroundSync: Bool { true }
}

extension PlannerCommand where Words == Void {
    /// Commands whose words the grammar has already typed take nothing more apart.
    func parseWords(resolver: DayResolver) {}
}
