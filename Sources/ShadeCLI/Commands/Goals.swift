import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `goal`: a day's or a week's aim, and a shared checklist.
    enum Goals {
        static let group = CommandGroup(
            name: "goal",
            abstract: "Goals for a day or a week: add, finish, carry and share them.",
            discussion: """
                A goal is an aim for a day or a week (default: the day in view), with an optional \
                due date. Tasks join it with goal:g1 on add or edit (goal:none leaves it); its rate \
                is its tasks' rate. When its last open task is done, shade says so; a goal is done \
                only when you say so. A goal not done by the end of its day or week can be carried \
                to today (or this week). Goal ids are written g1, g2 …, never like a task's.

                Examples:
                  goal add Ship the report for:week due:fri
                  goal add Call grandma for:sun
                  add tue Draft the summary goal:g1
                  goal show g1
                  goal done g1
                  goal carry g2
                  goal share g1 sam ana
                  goals
                """,
            commands: [
                GoalAdd.self, GoalList.self, GoalShow.self, GoalDone.self, GoalUndone.self, GoalCancel.self,
                GoalRemove.self, GoalEdit.self, GoalCarry.self, GoalShare.self,
            ])

        static let id = CommandGrammar.Argument("goal", valueName: "gN", help: "The goal's id (g1, g2 …).")
        /// What `goals` and `goal ls` take.
        static let which = CommandGrammar.Argument(
            "which", valueName: "[open|done|cancelled|all]", help: "Which goals (default: all).", arity: .optional)
        static let listJSON = CommandGrammar.Flag.json("Print the goals as JSON, in the same order.")

        /// The grammar of a command that acts on one goal (`goal done g1`), with `--json` unless
        /// `json` is nil, and further arguments after the id.
        static func grammar(
            _ name: String, abstract: String, json: Bool = true, more: [CommandGrammar.Argument] = []
        ) -> CommandGrammar {
            CommandGrammar(
                name: name, abstract: abstract, flags: json ? [.json("Print the goal as JSON.")] : [],
                arguments: [id] + more)
        }

        /// The goals and their tasks, read in one step.
        static func read(_ session: Session) throws -> (goals: [Goal], tasks: [PlannerTask]) {
            try session.read { state in
                let goals = try state.goals()
                return (goals, try state.tasks(ofGoals: Set(goals.map(\.uid))))
            }
        }

        /// A goal's JSON object, as `goals --json` lists them.
        static func json(_ goal: Goal, tasks: [PlannerTask]) -> JSONValue {
            let own = tasks.filter { $0.goal == goal.uid }
            let tally = Tally(own)
            var object = JSONObject()
            object.appendUnique("id", .string(goal.label))
            object.appendUnique("uid", .string(goal.uid))
            object.appendUnique("title", .string(goal.title))
            object.appendUnique("for", .string(goal.period.description))
            object.appendUnique("due", .optional(goal.due?.description))
            object.appendUnique("status", .string(goal.status.rawValue))
            object.appendUnique("rate", tally.rate.map(JSONValue.double) ?? .null)
            object.appendUnique("done", .int(Int64(tally.done)))
            object.appendUnique("open", .int(Int64(tally.open)))
            object.appendUnique("cancelled", .int(Int64(tally.cancelled)))
            object.appendUnique("tasks", .array(own.map { .int(Int64($0.id)) }))
            object.appendUnique("participants", .array(goal.participants.map(JSONValue.string)))
            object.appendUnique("closed", .optional(goal.closedAt))
            object.appendUnique("carried", .int(Int64(goal.carried)))
            object.appendUnique("created", .string(goal.created))
            object.appendUnique("created_by", .optional(goal.stamps.createdBy))
            object.appendUnique("modified_by", .optional(goal.stamps.modifiedBy))
            return .object(object)
        }

        /// How a goal's period reads: `Tue 24 Nov` or `2026-W48`.
        static func periodText(_ period: GoalPeriod) -> String {
            switch period {
            case .day(let date): date.shortLabel
            case .week(let week): week.description
            }
        }

        /// One line of `goals`.
        static func line(_ goal: Goal, tasks: [PlannerTask], titleWidth: Int, style: Style) -> SafeText {
            let tally = Tally(tasks.filter { $0.goal == goal.uid })
            var line: SafeText =
                "  " + style.bold(DisplayWidth.padRight("\(goal.label)", to: 4)) + " "
                + DisplayWidth.padRight(DisplayWidth.truncate(SafeText(escaping: goal.title), to: 40), to: titleWidth)
            line += "  " + DisplayWidth.padRight("\(periodText(goal.period))", to: 10)
            switch goal.status {
            case .open:
                line += "  " + DisplayWidth.padRight(goal.due.map { "due \($0.shortLabel)" } ?? "", to: 14)
            case .done, .cancelled:
                let when = goal.closedAt.flatMap { CivilDate(iso: $0.prefix(10)) }
                line +=
                    "  " + DisplayWidth.padRight(when.map { "\(goal.status.rawValue) \($0.shortLabel)" } ?? "", to: 14)
            }
            line += "  " + DisplayWidth.padLeft(RateFormat.percent(tally.rate), to: 4)
            line += style.dim("  \(tally.done)/\(tally.total)")
            if goal.carried > 0 { line += style.dim("  ↷\(goal.carried)") }
            if !goal.participants.isEmpty {
                line += style.dim("  with \(goal.participants.joined(separator: ", "))")
            }
            return line
        }

        /// Says so of each open goal whose last open task a change just finished
        /// (`GoalCompletion`: a goal is done only when the user says so).
        static func noteFinished(_ goals: [Goal], session: Session) {
            for goal in goals {
                session.print(
                    "✓ that was the last open task of goal \(goal.label) · \(SafeText(escaping: goal.title)); goal done \(goal.label) marks it done"
                )
            }
        }

        /// Runs a change of one goal and prints its confirmation.
        static func change(
            _ word: String, verb: [String], session: Session, json: Bool,
            _ make: (Goal, OperationContext) throws -> [RecordChange],
            confirm: (Goal) -> SafeText
        ) throws {
            let now = try session.now()
            let context = session.operationContext(now)
            var goal: Goal?
            let label = ["goal", verb.first ?? "", word] + verb.dropFirst()
            let change = try session.commit(label: session.undoLabel(label), now: now) { state in
                let found = try GoalOperations.require(word, in: state)
                goal = found
                return try make(found, context)
            }
            guard let before = goal else { return }
            let after = change.records.compactMap { $0.after?.keyedRecord?.base as? Goal }.first?.numbered(
                before.number)
            let shown = after ?? before
            if json {
                let tasks = try session.read { state in try state.tasks(ofGoals: [shown.uid]) }
                try session.printJSON(Goals.json(shown, tasks: tasks))
                return
            }
            session.print(
                change.records.isEmpty
                    ? "nothing to change: \(shown.label) · \(SafeText(escaping: shown.title))" : confirm(shown))
        }
    }

    struct GoalAdd: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "add", abstract: "Add a goal for a day or a week (default: the day in view).",
            flags: [.json("Print the goal as JSON.")],
            arguments: [
                .init("words", valueName: "TITLE… [for:DAY|WEEK] [due:DATE]", help: "What the goal is.", arity: .rest)
            ])
        let json: Bool
        let words: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            words = arguments.words("words")
        }

        func execute(in session: Session) throws {
            let parsed = try GoalWords.parse(words, resolver: session.resolver())
            guard parsed.title.isEmpty == false else {
                throw CommandError.usage("a goal needs a title, e.g. goal add Ship the report for:week")
            }
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            let uid = UIDGenerator.make(using: &random)
            _ = try session.commit(label: session.undoLabel(["goal", "add"] + words), now: now) { _ in
                try GoalOperations.add(
                    title: parsed.title, period: parsed.period ?? .day(session.view.date), due: parsed.due ?? nil,
                    uid: uid, context: session.operationContext(now))
            }
            // The number the commit gave it; a new goal has no task yet.
            guard let goal = try session.read({ try $0.goals() }).first(where: { $0.uid == uid }) else { return }
            if json {
                try session.printJSON(Goals.json(goal, tasks: []))
                return
            }
            session.print(
                "added goal \(goal.label) · \(Goals.periodText(goal.period))"
                    + (goal.due.map { " · due \($0.shortLabel)" } ?? "") + " · \(SafeText(escaping: goal.title))"
                    + "\n  tasks join it with goal:\(goal.label), e.g. add tue Draft it goal:\(goal.label)")
        }
    }

    /// `goals`: in progress, completed, cancelled.
    struct GoalList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls",
            abstract: "List goals: in progress (soonest due first), completed (latest first), cancelled.",
            flags: [Goals.listJSON], arguments: [Goals.which])
        let json: Bool
        let which: String?

        init(_ arguments: CommandArguments) {
            (json, which) = (arguments.flag("json"), arguments.optionalWord("which"))
        }

        init(json: Bool, which: String?) { (self.json, self.which) = (json, which) }

        func execute(in session: Session) throws {
            let statuses: [GoalStatus]
            switch which?.lowercased() {
            case nil, "all": statuses = GoalStatus.allCases
            case "open": statuses = [.open]
            case "done": statuses = [.done]
            case "cancelled", "canceled": statuses = [.cancelled]
            case let other?:
                throw CommandError.usage(
                    "goals lists open, done, cancelled or all goals, not '\(CommandArguments.quoted(other))'")
            }
            let (goals, tasks) = try Goals.read(session)
            let listed = GoalOperations.listed(goals).filter { statuses.contains($0.status) }
            if json {
                try session.printJSON(["goals": .array(listed.map { Goals.json($0, tasks: tasks) })])
                return
            }
            guard !goals.isEmpty else {
                session.print("no goals yet; goal add TITLE [for:DAY|WEEK] [due:DATE] sets one")
                return
            }
            // The goals and their tasks are read already: only the style is wanted.
            let style = try session.renderContext(goals: false).style
            let width = min(40, listed.map { DisplayWidth.of(SafeText(escaping: $0.title)) }.max() ?? 0)
            var lines: [SafeText] = []
            let headings: [(GoalStatus, SafeText)] = [
                (.open, "in progress"), (.done, "completed"), (.cancelled, "cancelled"),
            ]
            for (status, heading) in headings where statuses.contains(status) {
                lines.append(style.bold(heading))
                let section = listed.filter { $0.status == status }
                if section.isEmpty { lines.append(style.dim("  none")) }
                for goal in section { lines.append(Goals.line(goal, tasks: tasks, titleWidth: width, style: style)) }
            }
            session.print(lines.joined(separator: "\n"))
        }
    }

    /// `goals`: the same as `goal ls`.
    struct GoalsList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "goals", abstract: "List goals in three sections (as goal ls).",
            discussion: "Examples:\n  goals\n  goals open\n  goals --json",
            flags: [Goals.listJSON], arguments: [Goals.which])
        let json: Bool
        let which: String?

        init(_ arguments: CommandArguments) {
            (json, which) = (arguments.flag("json"), arguments.optionalWord("which"))
        }

        func execute(in session: Session) throws { try GoalList(json: json, which: which).execute(in: session) }
    }

    struct GoalShow: PlannerCommand {
        static let grammar = Goals.grammar("show", abstract: "Show a goal with its tasks.")
        let json: Bool
        let word: String

        init(_ arguments: CommandArguments) { (json, word) = (arguments.flag("json"), arguments.word("goal")) }

        func execute(in session: Session) throws {
            let (goal, tasks) = try session.read { state in
                let goal = try GoalOperations.require(word, in: state)
                return (goal, try state.tasks(ofGoals: [goal.uid]))
            }
            if json {
                try session.printJSON(Goals.json(goal, tasks: tasks))
                return
            }
            let context = try session.renderContext()
            let style = context.style
            let tally = Tally(tasks)
            var text: SafeText =
                style.bold("\(goal.label) · \(SafeText(escaping: goal.title))") + "\n"
                + "  for        \(Goals.periodText(goal.period))\n"
            if let due = goal.due { text += "  due        \(due.shortLabel)\n" }
            text += "  status     \(goal.status.rawValue)"
            if let closed = goal.closedAt { text += style.dim(" (\(closed))") }
            text +=
                "\n  rate       " + RateFormat.percent(tally.rate) + "  " + style.dim(RateFormat.counts(tally)) + "\n"
            if goal.carried > 0 { text += "  carried    \(goal.carried)×\n" }
            if !goal.participants.isEmpty { text += "  shared     \(goal.participants.joined(separator: ", "))\n" }
            if tasks.isEmpty {
                text += style.dim("  no tasks yet; add DAY TITLE goal:\(goal.label) adds one") + "\n"
            } else {
                text +=
                    TaskLines.render(
                        PlannerTask.sortedInTimelineOrder(tasks), placement: true, indent: 2, context: context
                    ).joined(separator: "\n") + "\n"
            }
            session.print(text)
        }
    }

    struct GoalDone: GoalStatusCommand {
        static let grammar = Goals.grammar("done", abstract: "Mark a goal done.")
        static let (status, confirmation) = (GoalStatus.done, "done goal")
        let json: Bool
        let word: String
    }

    struct GoalUndone: GoalStatusCommand {
        static let grammar = Goals.grammar("undone", abstract: "Mark a goal open again.")
        static let (status, confirmation) = (GoalStatus.open, "reopened goal")
        let json: Bool
        let word: String
    }

    struct GoalCancel: GoalStatusCommand {
        static let grammar = Goals.grammar("cancel", abstract: "Cancel a goal (kept on record; its tasks stay).")
        static let (status, confirmation) = (GoalStatus.cancelled, "cancelled goal")
        let json: Bool
        let word: String
    }

    struct GoalRemove: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rm", abstract: "Delete a goal (its tasks stay; undo brings it back).", arguments: [Goals.id])
        let word: String

        init(_ arguments: CommandArguments) { word = arguments.word("goal") }

        func execute(in session: Session) throws {
            try Goals.change(word, verb: ["rm"], session: session, json: false) { goal, _ in
                GoalOperations.remove(goal)
            } confirm: {
                "removed goal \($0.label) · \(SafeText(escaping: $0.title)) (its tasks stay)"
            }
        }
    }

    struct GoalEdit: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "edit", abstract: "Change a goal's title, day or week, or due date.",
            flags: [.json("Print the goal as JSON.")],
            arguments: [
                Goals.id,
                .init(
                    "words", valueName: "[TITLE…] [for:DAY|WEEK] [due:DATE|none]", help: "What changes.", arity: .rest),
            ])
        let json: Bool
        let word: String
        let words: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            word = arguments.word("goal")
            words = arguments.words("words")
        }

        func execute(in session: Session) throws {
            let parsed = try GoalWords.parse(words, resolver: session.resolver())
            guard !words.isEmpty else {
                throw CommandError.usage(
                    "goal edit \(word) needs what to change: a title, for:DAY|WEEK or due:DATE|none")
            }
            try Goals.change(word, verb: ["edit"] + words, session: session, json: json) { goal, context in
                try GoalOperations.edit(
                    goal, title: parsed.title.isEmpty ? nil : parsed.title, period: parsed.period, due: parsed.due,
                    context: context)
            } confirm: { goal in
                "edited goal \(goal.label) · \(Goals.periodText(goal.period))"
                    + (goal.due.map { " · due \($0.shortLabel)" } ?? "") + " · \(SafeText(escaping: goal.title))"
            }
        }
    }

    struct GoalCarry: PlannerCommand {
        static let grammar = Goals.grammar(
            "carry", abstract: "Carry an unmet goal on to today (a week's goal to this week).")
        let json: Bool
        let word: String

        init(_ arguments: CommandArguments) { (json, word) = (arguments.flag("json"), arguments.word("goal")) }

        func execute(in session: Session) throws {
            try Goals.change(word, verb: ["carry"], session: session, json: json) { goal, context in
                try GoalOperations.carry(goal, context: context)
            } confirm: { goal in
                "carried goal \(goal.label) to \(Goals.periodText(goal.period)) · \(SafeText(escaping: goal.title))  ↷\(goal.carried)"
            }
        }
    }

    struct GoalShare: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "share", abstract: "Share a goal with people (-NAME takes one off).",
            flags: [.json("Print the goal as JSON.")],
            arguments: [Goals.id, .init("names", valueName: "NAME…", help: "Who shares it.", arity: .rest)])
        let json: Bool
        let word: String
        let names: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            word = arguments.word("goal")
            names = arguments.words("names")
        }

        func execute(in session: Session) throws {
            guard !names.isEmpty else {
                throw CommandError.usage("goal share \(word) needs a name, e.g. goal share \(word) sam")
            }
            try Goals.change(word, verb: ["share"] + names, session: session, json: json) { goal, context in
                try GoalOperations.share(goal, names: names, context: context)
            } confirm: { goal in
                let names = goal.participants.isEmpty ? "nobody" : goal.participants.joined(separator: ", ")
                return "goal \(goal.label) · \(SafeText(escaping: goal.title)) is shared with \(names)"
            }
        }
    }
}

/// `goal done|undone|cancel gN`: one command a status, alike but for the status and its word.
protocol GoalStatusCommand: PlannerCommand {
    static var status: GoalStatus { get }
    /// How the confirmation begins: `done goal`.
    static var confirmation: String { get }
    init(json: Bool, word: String)
    var json: Bool { get }
    var word: String { get }
}

extension GoalStatusCommand {
    init(_ arguments: CommandArguments) { self.init(json: arguments.flag("json"), word: arguments.word("goal")) }

    func execute(in session: Session) throws {
        try Shade.Goals.change(word, verb: [Self.grammar.name], session: session, json: json) { goal, context in
            GoalOperations.setStatus(Self.status, of: goal, context: context)
        } confirm: {
            "\(Self.confirmation) \($0.label) · \(SafeText(escaping: $0.title))"
        }
    }
}
