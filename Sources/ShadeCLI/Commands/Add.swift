import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Add: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "add", abstract: "Add a task to a day and slot.",
            discussion: """
                DAY and SLOT default to the day and slot in view (on the command line: today and the \
                current slot). DAY is today, tomorrow, a weekday (of the week in view), next mon, \
                this fri, last sun or YYYY-MM-DD; SLOT is morning, afternoon or evening written out \
                (a title may start with "a" or "e"). With at:TIME and no SLOT, the slot is the one \
                the time falls in; TIME is 9:30, 0930, 930, 9, 9am or 7pm. cat:NAME files it in a \
                category, color:NAME gives it a colour. every:RULE makes it repeat from that day (RULE: \
                day, 3days, weekday, weekend, week, 2weeks, mon,wed,fri, month, 2months, 1st-mon … \
                4th-mon, last-fri, month-end or year; a month without the day is skipped; +14d or +2w: \
                again that long after each is done, the next made when one is done), \
                until:DATE ends it, count:N after N times; each day's occurrence is a task of its own to tick \
                off. remind:WHEN sets a reminder: 15m, 1h, 2h30m or 1d before the task (before its \
                time, or its slot's start when it has none), HH:MM on its day, or slot (when its slot \
                starts), or up to five with commas (remind:1d,15m), each sent once; remind:none \
                leaves out the configured default (see: help remind). to:NAME \
                gives it to someone (see: help members). due:DATE (YYYY-MM-DD or a day word: fri, \
                tomorrow) is its deadline, apart from the day it is planned for: views show it, and \
                planning it after that day warns. est:45m, est:1h30m or est:2h is how long it takes: \
                day and week count the minutes planned in each slot. Everything after -- is title, word for word. \
                The confirmation names the day, the slot and the title, and says when that day or \
                slot is already over.

                Examples:
                  add Call the bank
                  add tue evening Call the bank +errand
                  add next mon Review the budget
                  add fri Dentist at:4:30pm cat:health
                  add Pay rent cat:bill color:red
                  add mon morning Gym every:weekday at:7 remind:15m
                  add thu Dentist at:16:30 remind:1h
                  add Water the plants every:mon,thu until:2027-03-31
                  add fri Book the flights to:ana
                  add tue evening Write the report est:1h30m due:thu
                  add 2026-12-01 morning Quarterly report +work
                  add -- Monday is a title here
                """,

            flags: [.json("Print the new task as JSON.")],
            arguments: [
                .init(
                    "words",
                    valueName:
                        "[DAY] [SLOT] TITLE… [+tag at:TIME cat:NAME remind:WHEN est:TIME due:DAY every:RULE …]",
                    help: "The task.", arity: .rest)
            ])
        let json: Bool
        let words: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            words = arguments.words("words")
        }

        func parseWords(resolver: DayResolver) throws -> TaskWords {
            let parsed = try TaskWords.parse(words, resolver: resolver, slotLetters: false)
            if TaskText.isBlank(parsed.title) {
                throw Add.missingTitle
            }
            return parsed
        }

        /// `add` with nothing to call the task: a usage error that shows how `add` is typed.
        static let missingTitle = CommandError.usage(
            "add needs a title\n  usage: shade \(grammar.usageLine(path: "add")) (see: help add)")

        func execute(in session: Session) throws {
            if let first = words.first, InboxTask.isInboxWord(first), words.count > 1 {
                return try addToInbox(Array(words.dropFirst()), in: session)
            }
            let parsed = try parseWords(resolver: session.resolver())
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            var open: (count: Int, minutes: Int)?
            let change = try session.commit(label: session.undoLabel(["add"] + words), now: now) { state in
                // A repeating task takes no id itself: each occurrence is numbered when first shown.
                let changes = try TaskOperations.add(
                    parsed, defaultDate: session.view.date, defaultSlot: session.view.slot,
                    id: parsed.repeatRule == nil ? try state.allocateID() : 0, uid: uid, in: state,
                    context: session.operationContext(now))
                if let task = changes.last?.after?.task {
                    open = try session.openInSlot(of: task, after: changes, in: state)
                }
                return changes
            }
            let series = change.records.compactMap { $0.after?.keyedRecord?.base as? RepeatSeries }.first
            var first: PlannerTask?
            if let series, let date = series.firstDate {
                first = try session.read { state in
                    try state.tasks(in: date.isoWeek).first { $0.uid == series.occurrenceUID(on: date) }
                }
            }
            guard let task = first ?? change.tasks.last else { return }
            // Told by the step for the task it added (a series' first occurrence is read).
            if first != nil { open = nil }
            if json {
                try session.printTasksJSON([task])
                try session.warnIfOverFull(task, open: open, json: true)
                session.warnIfPastDue(task, json: true)
            } else {
                let repeats: SafeText =
                    series.map { " · ↻ " + SafeText(escaping: $0.phrase) } ?? ""
                session.print(
                    "added \(task.id) · \(session.placement(task)) · \(TaskConfirmation.title(task))" + repeats)
                for alert in ReminderAlert.alerts(of: task, schedule: session.schedule) {
                    let due = alert.due <= LocalDateTime(now) ? " (its moment has passed)" : ""
                    session.print(
                        "  reminder: \(alert.reminder.phrase) · " + RateFormat.shortDay(alert.due.date)
                            + " \(alert.due.time)\(due)")
                }
                for note in notes(on: task, parsed: parsed, now: now, schedule: session.schedule) {
                    session.print("  note: " + note)
                }
                try session.warnIfOverFull(task, open: open, json: false)
                session.warnIfPastDue(task, json: false)
            }
        }

        /// `add someday TITLE…`: a task with no day yet, kept in the inbox.
        func addToInbox(_ rest: [String], in session: Session) throws {
            // No day words here: the title is what follows `someday`, whatever its first word.
            let parsed = try TaskWords.parse(rest, resolver: nil, deadlines: session.resolver())
            if TaskText.isBlank(parsed.title) { throw Add.missingTitle }
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            let change = try session.commit(label: session.undoLabel(["add"] + words), now: now) { state in
                try InboxOperations.add(
                    parsed, id: try state.allocateID(), uid: uid, in: state, context: session.operationContext(now))
            }
            guard let added = change.records.compactMap({ $0.after?.keyedRecord?.base as? InboxTask }).first else {
                return
            }
            if json {
                try session.printJSON(InboxView.task(added, context: try session.renderContext()))
            } else {
                session.print(
                    "added \(added.id) · inbox · " + DisplayWidth.truncate(SafeText(escaping: added.title), to: 60))
            }
        }

        /// What the confirmation adds when the task may not be where its author meant: a day or a
        /// slot already over, or a capitalised day word that may have been the title's first word.
        func notes(on task: PlannerTask, parsed: TaskWords, now: Moment, schedule: SlotSchedule) -> [SafeText] {
            var notes: [SafeText] = []
            if task.date < now.date {
                notes.append(
                    "\(RateFormat.shortDay(task.date)) is past; to plan it ahead: mv \(task.id) DAY [SLOT]")
            } else if task.isOverdue(at: now, schedule: schedule) {
                notes.append("the \(task.slot) of today is over; to plan it later: mv \(task.id) DAY [SLOT]")
            }
            if parsed.dayWords.count == 1, let word = parsed.dayWords.first, word.first?.isUppercase == true {
                notes.append(
                    "'\(word)' was read as the day; for the title \u{201C}\(word) \(parsed.title)\u{201D}: add -- \(word) \(parsed.title)"
                )
            }
            return notes
        }
    }
}
