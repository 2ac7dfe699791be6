import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Remove: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "rm", abstract: "Delete tasks for good (undo brings them back).",
            discussion: """
                On an occurrence of a repeating task, rm takes out that one day; with --series it \
                ends the series from that day on (days already done stay on record). In a shared \
                planner (one sync shares), a task someone else made is not removed: cancel keeps it \
                on record, out of the rates, for others may rely on it.

                Examples:
                  rm 4
                  rm 4 5
                  rm 12 --series
                """,
            json: "Print the removed tasks as JSON.",
            flags: [.init(name: "series", help: "End each task's repeat series from its day on.")])
        let selection: TaskSelection
        let series: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
            series = arguments.flag("series")
        }

        func execute(in session: Session) throws {
            var selected: [PlannerTask] = []
            var inbox: [InboxTask] = []
            let now = try session.now()
            let words = ["rm"] + selection.ids.map(String.init) + (series ? ["--series"] : [])
            let removal = try session.removal()
            _ = try session.commit(label: session.undoLabel(words), now: now) { state in
                // Inbox tasks go as any task does (a series has none there).
                var ids: [Int] = []
                for id in selection.ids {
                    if !series, try state.task(id: id) == nil, let task = try state.inboxTask(id: id) {
                        if !inbox.contains(where: { $0.id == id }) { inbox.append(task) }
                    } else {
                        ids.append(id)
                    }
                }
                let fromInbox = try InboxOperations.remove(inbox, removal: removal)
                guard !ids.isEmpty else { return fromInbox }
                selected = try state.requireTasks(ids)
                guard series else {
                    return fromInbox + (try TaskOperations.remove(ids: ids, in: state, removal: removal))
                }
                try TaskOperations.requireRemovable(selected, removal)
                return try OccurrenceOperations.endSeries(ids: ids, in: state, context: session.operationContext(now))
            }
            if selection.json {
                if inbox.isEmpty {
                    try session.printTasksJSON(selected)
                } else {
                    let context = try session.renderContext()
                    try session.printJSON(InboxView.json(tasks: selected, inbox: inbox, context: context))
                }
                return
            }
            for task in selected { session.print(TaskConfirmation.removed(task, series: series)) }
            for task in inbox {
                session.print(
                    "removed \(task.id) · inbox · " + DisplayWidth.truncate(SafeText(escaping: task.title), to: 60))
            }
        }
    }
}
