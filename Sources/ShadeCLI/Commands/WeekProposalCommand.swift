import ShadeCore
import ShadeStore

/// A command that proposes changes to one week (`rebalance`, `plan`): `[WEEK] [--apply] [--json]`,
/// the week in view by default; without `--apply` the proposal is only read, with it the step that
/// reads the week makes the proposal, as one undo step.
protocol WeekProposalCommand: PlannerCommand {
    /// Whether to make the proposal.
    var apply: Bool { get }
    var json: Bool { get }
    /// The week as typed, if it was.
    var week: String? { get }
    init(apply: Bool, json: Bool, week: String?)
}

extension WeekProposalCommand {
    init(_ arguments: CommandArguments) {
        self.init(apply: arguments.flag("apply"), json: arguments.flag("json"), week: arguments.optionalWord("week"))
    }

    /// The grammar of such a command; `made` names what `--apply` makes, `printed` what `--json`
    /// prints.
    static func proposalGrammar(name: String, abstract: String, discussion: String, made: String, printed: String)
        -> CommandGrammar
    {
        CommandGrammar(
            name: name, abstract: abstract, discussion: discussion,
            flags: [
                .init(name: "apply", help: "Make the \(made) (one undo step)."), .json("Print the \(printed) as JSON."),
            ],
            arguments: [.init("week", valueName: "[WEEK]", help: "The week (this, next, YYYY-Www).", arity: .optional)])
    }

    /// The week asked for, else the week in view.
    func targetWeek(in session: Session) throws -> ISOWeek {
        let resolver = try session.resolver()
        return try week.map { word throws -> ISOWeek in try resolver.requireWeek(word) } ?? session.view.date.isoWeek
    }

    /// Runs `propose` once on the store: in a read, or with `--apply` in the step that makes the
    /// changes it returns (recorded for undo under `label`).
    func propose(
        in session: Session, label: [String], now: Moment, _ propose: (StoreState) throws -> [RecordChange]
    ) throws {
        if apply {
            _ = try session.commit(label: session.undoLabel(label), now: now, propose)
        } else {
            _ = try session.read(propose)
        }
    }
}
