import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Edit: PlannerCommand {
        static let grammar = TaskInput.grammar(
            "edit", abstract: "Change a task's title, time, tags, category, colour, reminder or recipient.",
            discussion: """
                Words become the new title; +tag adds a tag and -tag takes one off, at:TIME sets the \
                time (within the task's slot) and at:none clears it, cat:NAME sets the category \
                (cat:none clears it), color:NAME sets the task's own colour (color:none clears it; \
                the palette: red, orange, yellow, green, teal, blue, purple, pink, grey), remind:WHEN \
                sets its reminder (remind:none takes it off; see: help add), to:NAME gives it to \
                someone (to:none to no one), due:DATE sets its deadline (due:none clears it), \
                est:45m its estimate (est:none clears it). Everything after -- is title, word for word.

                On an occurrence of a repeating task, edit changes that day alone; with --series it \
                changes that day and every later one. every:RULE makes a task repeat from its day \
                (on an occurrence: changes the rule, from the series' first day), every:none makes \
                an occurrence the series' last day, until:DATE sets the last day, count:N the number of times; these go alone.

                Examples:
                  edit 4 Call the bank about the card
                  edit 7 cat:bill +urgent -someday at:19:30 color:red "New title"
                  edit 4 at:none cat:none
                  edit 9 remind:1h
                  edit 9 to:ana
                  edit 9 due:fri est:1h30m
                  edit 12 --series at:7:30 Gym with Ana
                  edit 4 every:week until:2027-06-30
                """,
            flag: .init(name: "series", help: "On an occurrence: change it and every later one."),
            words: "[TITLE… +tag -tag at:TIME cat:NAME remind:WHEN est:TIME due:DAY …] | every:RULE …",
            help: "What to change.")
        let input: TaskInput
        let series: Bool
        var id: Int { input.id }
        var json: Bool { input.json }
        var words: [String] { input.words }

        init(_ arguments: CommandArguments) throws(CommandError) {
            (input, series) = (try TaskInput(arguments), arguments.flag("series"))
        }

        /// The fields to change, and whether `at:none` clears the time.
        func parseWords(resolver: DayResolver) throws -> (fields: TaskWords, clearTime: Bool) {
            guard !words.isEmpty else {
                throw CommandError.usage(
                    "edit needs something to change: edit \(id) New title, e.g. edit \(id) Call the bank")
            }
            var clearTime = false
            var rest = words
            if let index = rest.firstIndex(where: { $0.lowercased() == "at:none" }) {
                clearTime = true
                rest.remove(at: index)
            }
            // No day or slot words here: a title may well start with "Monday".
            return (try TaskWords.parse(rest, resolver: nil, deadlines: resolver), clearTime)
        }

        func execute(in session: Session) throws {
            let (fields, clearTime) = try parseWords(resolver: session.resolver())
            let now = try session.now()
            let repeats = fields.repeatRule != nil || fields.clearsRepeat || fields.until != nil || fields.count != nil
            let other =
                !fields.title.isEmpty || !fields.tags.isEmpty || !fields.removedTags.isEmpty || fields.category != nil
                || fields.color != nil || fields.clearsColor || fields.time != nil || clearTime || fields.remind != nil
                || fields.clearsRemind || fields.to != nil || fields.due != nil || fields.clearsDue
                || fields.estimate != nil || fields.clearsEstimate
            if repeats, other || series {
                throw CommandError.usage(
                    "every: and until: go alone (count: too): edit \(id) every:RULE [until:DATE] [count:N], then edit the rest (see: help edit)"
                )
            }
            let label = ["edit", String(id)] + words + (series ? ["--series"] : [])
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            var inInbox = false
            let change = try session.commit(label: session.undoLabel(label), now: now) { state in
                let context = session.operationContext(now)
                // An inbox task is looked for only when no planned task has the id.
                if try state.task(id: id) == nil, let task = try state.inboxTask(id: id) {
                    inInbox = true
                    return try editInInbox(task, fields, clearTime: clearTime, in: state, context: context)
                }
                _ = try state.requireTask(id)
                if repeats {
                    return try OccurrenceOperations.setRepeat(
                        id: id, rule: fields.repeatRule, until: fields.until, count: fields.count, uid: uid, in: state,
                        context: context)
                }
                return series
                    ? try OccurrenceOperations.editSeries(
                        id: id, fields, clearTime: clearTime, in: state, context: context)
                    : try TaskOperations.edit(id: id, fields, clearTime: clearTime, in: state, context: context)
            }
            if inInbox { return try confirmInInbox(change, in: session) }
            // As it is now: the change's own record of it, unless the change was to its series (an
            // occurrence edited through its series, or a task made to repeat, is then read again).
            // A read after the change would parse its week again in the REPL, which changed it in
            // place and writes it at its next pause.
            let edited: PlannerTask
            if !repeats, !series, let changed = change.tasks.last(where: { $0.id == id }) {
                edited = changed
            } else {
                guard let read = try session.read({ try $0.task(id: id) }) else { return }
                edited = read
            }
            if json {
                try session.printTasksJSON([edited])
            } else {
                session.print(TaskConfirmation.edited(edited))
            }
            if fields.due != nil { session.warnIfPastDue(edited, json: json) }
        }

        /// `edit` of an inbox task: what it is (a time, a reminder or a repeat needs a day).
        func editInInbox(
            _ task: InboxTask, _ fields: TaskWords, clearTime: Bool, in state: StoreState, context: OperationContext
        ) throws -> [RecordChange] {
            if series {
                throw CommandError.usage("task \(id) is in the inbox and repeats on no day; leave out --series")
            }
            return try InboxOperations.edit(task, fields, clearTime: clearTime, in: state, context: context)
        }

        /// The confirmation of an inbox task's edit.
        func confirmInInbox(_ change: Change, in session: Session) throws {
            var edited = change.records.compactMap { $0.after?.keyedRecord?.base as? InboxTask }.last
            if edited == nil { edited = try session.read { try $0.inboxTask(id: id) } }
            guard let edited else { return }
            if json {
                try session.printJSON(InboxView.task(edited.numbered(id), context: try session.renderContext()))
            } else {
                session.print(
                    "edited \(id) · inbox · " + DisplayWidth.truncate(SafeText(escaping: edited.title), to: 60))
            }
        }
    }
}
