import ShadeCore
import ShadeRendering

/// `done|undone|cancel|star|unstar IDS`: one command a mark, alike but for the mark and its
/// words (as `GoalStatusCommand` is for goals). Marks the tasks in one step (one undo entry),
/// then says what each became and what finishing them finished.
protocol TaskMarkCommand: PlannerCommand {
    /// What the command marks the tasks with.
    static var mark: TaskMark { get }
    init(selection: TaskSelection)
    var selection: TaskSelection { get }
}

extension TaskMarkCommand {
    init(_ arguments: CommandArguments) throws(CommandError) { self.init(selection: try TaskSelection(arguments)) }

    func execute(in session: Session) throws {
        let now = try session.now()
        var marking: TaskMarking?
        let label = session.undoLabel([Self.grammar.name] + selection.ids.map(String.init))
        let change = try session.commit(label: label, now: now) { state in
            let made = try TaskMarking(Self.mark, ids: selection.ids, in: state, context: session.operationContext(now))
            marking = made
            return made.changes
        }
        guard let marking else { return }
        let results = marking.results(committed: change.tasks)
        if selection.json {
            try session.printTasksJSON(results.map(\.task))
            return
        }
        for (task, changed) in results {
            session.print(TaskConfirmation.marked(task, with: Self.mark, changed: changed))
        }
        guard !marking.completion.isEmpty else { return }
        // Only the style is drawn: no goal or colour of the store is read for it.
        let context = try session.renderContext(goals: false)
        for line in TaskConfirmation.completion(marking.completion, context: context) { session.print(line) }
    }
}
