import ShadeCore
import ShadeRendering
import ShadeStore

/// Sets the status of several tasks in one step (one undo entry).
private func setStatus(_ status: TaskStatus, _ selection: TaskSelection, verb: String, session: Session) throws {
    let (ids, json) = (selection.ids, selection.json)
    let now = try session.now()
    var selected: [PlannerTask] = []
    var milestone: CompletionMilestone?
    var finishedGoals: [Goal] = []
    let change = try session.commit(label: session.undoLabel([verb] + ids.map(String.init)), now: now) { state in
        selected = try state.requireTasks(ids)
        let changes = TaskOperations.setStatus(status, of: selected, context: session.operationContext(now))
        if status == .done {
            // The weeks as they are before the change, to tell whether it finished a slot, a day
            // or a week (read here, before the change is made in them in place).
            let weeks = try Set(selected.map(\.week)).sorted().map { week throws(StoreError) in
                try state.tasks(in: week)
            }
            milestone = CompletionMilestone.reached(by: changes, weeks: weeks)
            // The goals it finished, told from the same step: once the change is made, a read
            // would parse again the week it changed (which a REPL's pause writes, not before).
            let goals = GoalCompletion.candidates(of: changes)
            if !goals.isEmpty {
                finishedGoals = GoalCompletion.finished(
                    by: changes, goals: try state.goals(), before: try state.tasks(ofGoals: goals))
            }
        }
        return changes
    }
    let results = selected.map { task -> (task: PlannerTask, changed: Bool) in
        change.tasks.first { $0.uid == task.uid }.map { ($0, true) } ?? (task, false)
    }
    if json {
        try session.printTasksJSON(results.map(\.task))
        return
    }
    let past: String
    switch status {
    case .done: past = "done"
    case .open: past = "open"
    case .cancelled: past = "cancelled"
    }
    for result in results {
        if result.changed {
            session.print(
                "\(verb == "undone" ? "reopened" : past) \(result.task.id) · \(session.shownTitle(result.task))")
        } else {
            session.print("\(result.task.id) was already \(past) · \(session.shownTitle(result.task))")
        }
    }
    if let milestone {
        // Only the style is drawn: no goal or colour of the store is read for it.
        session.print(MilestoneText.render(milestone, context: try session.renderContext(goals: false)))
    }
    Shade.Goals.noteFinished(finishedGoals, session: session)
}

extension Shade {
    struct Done: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "done", abstract: "Mark tasks done.", discussion: "Examples:\n  done 4\n  done 4 7 9")
        let selection: TaskSelection

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
        }

        func execute(in session: Session) throws {
            try setStatus(.done, selection, verb: "done", session: session)
        }
    }

    struct Undone: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "undone", abstract: "Mark tasks open again.", discussion: "Examples:\n  undone 4")
        let selection: TaskSelection

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
        }

        func execute(in session: Session) throws {
            try setStatus(.open, selection, verb: "undone", session: session)
        }
    }

    struct Cancel: PlannerCommand {
        static let grammar = TaskSelection.grammar(
            "cancel", abstract: "Cancel tasks: kept on record, out of the rates.", discussion: "Examples:\n  cancel 4")
        let selection: TaskSelection

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
        }

        func execute(in session: Session) throws {
            try setStatus(.cancelled, selection, verb: "cancel", session: session)
        }
    }

    struct Remove: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rm", abstract: "Delete tasks for good (undo brings them back).",
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
            flags: [
                .json("Print the removed tasks as JSON."),
                .init(name: "series", help: "End each task's repeat series from its day on."),
            ],
            arguments: [.ids])
        let selection: TaskSelection
        let series: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            selection = try TaskSelection(arguments)
            series = arguments.flag("series")
        }

        func execute(in session: Session) throws {
            var selected: [PlannerTask] = []
            let now = try session.now()
            let words = ["rm"] + selection.ids.map(String.init) + (series ? ["--series"] : [])
            let removal = try session.removal()
            _ = try session.commit(label: session.undoLabel(words), now: now) { state in
                selected = try state.requireTasks(selection.ids)
                guard series else { return try TaskOperations.remove(ids: selection.ids, in: state, removal: removal) }
                try TaskOperations.requireRemovable(selected, removal)
                return try OccurrenceOperations.endSeries(
                    ids: selection.ids, in: state, context: session.operationContext(now))
            }
            if selection.json {
                try session.printTasksJSON(selected)
                return
            }
            for task in selected {
                if series {
                    session.print(
                        "ended the series of \(task.id) · \(session.shownTitle(task)): nothing more from "
                            + RateFormat.shortDay(RepeatSeries.occurrence(of: task.uid)?.date ?? task.date) + " on")
                } else if task.series != nil {
                    session.print(
                        "removed \(task.id) · \(session.shownTitle(task)) · " + RateFormat.shortDay(task.date)
                            + " only; the series goes on")
                } else {
                    session.print("removed \(task.id) · \(session.shownTitle(task))")
                }
            }
        }
    }
}
