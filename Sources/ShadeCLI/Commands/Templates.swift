import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `template`: week templates — keep a typical week, stamp it onto another.
    enum Templates {
        static let group = CommandGroup(
            name: "template",
            abstract: "Keep a week as a named template and stamp it onto another week.",
            discussion: """
                A template keeps each task of a week — title, weekday, slot, time, tags, category, \
                colour, notes, reminder; not its status — and apply adds them, open, to a week \
                (default: the week after the one in view), as one undo step. A task that was a \
                repeating task's occurrence comes back as a repeating task from that day, unless \
                its series still shows that day. Saving under a name that is taken replaces it.

                Examples:
                  template save typical
                  template save typical 2026-W47
                  template apply typical
                  template apply typical 2026-W50
                  template show typical
                  template rm typical
                  templates
                """,
            commands: [
                TemplateList.self, TemplateSave.self, TemplateApply.self, TemplateShow.self, TemplateRemove.self,
            ])

        /// The grammar of `template save|apply NAME [WEEK]`.
        static func weekGrammar(_ name: String, abstract: String, json: String) -> CommandGrammar {
            CommandGrammar(
                name: name, abstract: abstract, flags: [.json(json)], arguments: [.templateName, .templateWeek])
        }

        static func templates(in session: Session) throws -> [WeekTemplate] {
            try session.read { state in
                try state.keyedRecords(of: WeekTemplate.kind).compactMap { $0.base as? WeekTemplate }
            }
        }
    }

    struct TemplateList: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "ls", abstract: "Each template with the week it was saved from and how many tasks it holds.",
            flags: [.json("Print the templates as JSON.")])
        let json: Bool

        func execute(in session: Session) throws {
            let templates = try Templates.templates(in: session)
            if json {
                try session.printJSON(TemplateView.json(templates))
            } else if templates.isEmpty {
                session.print(TemplateView.empty)
            } else {
                session.print(TemplateView.list(templates, style: try session.renderContext().style))
            }
        }
    }

    /// `templates`: the same as `template ls`.
    struct TemplatesList: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "templates", abstract: "List the week templates (as template ls).",
            discussion: "Examples:\n  templates\n  templates --json", flags: [.json("Print the templates as JSON.")])
        let json: Bool

        func execute(in session: Session) throws { try TemplateList(json: json).execute(in: session) }
    }

    struct TemplateSave: TemplateWeekCommand {
        static let grammar = Templates.weekGrammar(
            "save", abstract: "Keep a week's tasks (default: the week in view) as a template.",
            json: "Print the template as JSON.")
        static let weeksAfterView = 0
        let json: Bool
        let name: String
        let week: String?

        func run(on target: ISOWeek, now: Moment, label: String, in session: Session) throws {
            let change = try session.commit(label: label, now: now) { state in
                try TemplateOperations.save(
                    named: name, of: target, tasks: try session.applyStandingFilter(state.tasks(in: target)),
                    in: state, context: session.operationContext(now))
            }
            let made = change.records.compactMap { $0.after?.keyedRecord?.base as? WeekTemplate }.first
            let saved = try made ?? session.read { state in try TemplateOperations.require(name, in: state) }
            if json {
                try session.printJSON(TemplateView.json(saved, entries: true))
            } else {
                let replaced = change.records.contains { $0.action == .change }
                session.print(TemplateView.saved(saved, from: target, replaced: replaced, unchanged: change.isEmpty))
            }
        }
    }

    struct TemplateApply: TemplateWeekCommand {
        static let grammar = Templates.weekGrammar(
            "apply", abstract: "Add a template's tasks, open, to a week (default: the week after the one in view).",
            json: "Print the tasks added as JSON.")
        static let weeksAfterView = 1
        let json: Bool
        let name: String
        let week: String?

        func run(on target: ISOWeek, now: Moment, label: String, in session: Session) throws {
            var random = SystemRandomNumberGenerator()
            var entries = 0
            let change = try session.commit(label: label, now: now) { state in
                let template = try TemplateOperations.require(name, in: state)
                entries = template.entries.count
                return try TemplateOperations.apply(
                    template, to: target, in: state, context: session.operationContext(now),
                    nextID: { try state.allocateID() }, nextUID: { UIDGenerator.make(using: &random) })
            }
            let added = change.records.compactMap { $0.after?.task }
            let series = change.records.compactMap { $0.after?.keyedRecord?.base as? RepeatSeries }
            // The occurrences of the repeating tasks it brought, in the week, with their ids.
            let uids = Set(series.map(\.uid))
            let shown =
                uids.isEmpty
                ? []
                : try session.read { state in try state.tasks(in: target) }.filter {
                    $0.series.map(uids.contains) ?? false
                }
            let tasks = PlannerTask.sortedInTimelineOrder(added + shown)
            if json {
                try session.printJSON(
                    TemplateView.json(
                        applied: name, to: target, tasks: tasks, context: session.renderContext(series: true)))
            } else {
                session.print(
                    TemplateView.applied(
                        name, to: target, count: added.count + series.count,
                        skipped: entries - added.count - series.count, tasks: tasks,
                        context: try session.renderContext()))
            }
        }
    }

    struct TemplateShow: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "show", abstract: "A template's tasks, by weekday and slot.",
            flags: [.json("Print the template as JSON.")],
            arguments: [.templateName])
        let json: Bool
        let name: String

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            name = arguments.word("name")
        }

        func execute(in session: Session) throws {
            let template = try session.read { state in try TemplateOperations.require(name, in: state) }
            if json {
                try session.printJSON(TemplateView.json(template, entries: true))
            } else {
                session.print(TemplateView.render(template, style: try session.renderContext().style))
            }
        }
    }

    struct TemplateRemove: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rm", abstract: "Remove a template (undo brings it back).",
            arguments: [.templateName])
        let name: String

        init(_ arguments: CommandArguments) { name = arguments.word("name") }

        func execute(in session: Session) throws {
            _ = try session.commit(label: session.undoLabel(["template", "rm", name]), now: session.now()) { state in
                try TemplateOperations.remove(name, in: state)
            }
            session.print("removed template \(SafeText(escaping: name))")
        }
    }
}

extension CommandGrammar.Argument {
    /// A template's name.
    fileprivate static let templateName = Self("name", valueName: "NAME", help: "The template's name (one word).")
    /// The week a template is saved from or applied to, when given.
    fileprivate static let templateWeek = Self(
        "week", valueName: "[WEEK]", help: "The week (this, next, prev, last, YYYY-Www).", arity: .optional)
}

/// `template save|apply NAME [WEEK]`: a template's name and a week, read alike.
protocol TemplateWeekCommand: PlannerCommand where Words == ISOWeek {
    /// How many weeks after the one in view the week is when none is given.
    static var weeksAfterView: Int { get }
    var name: String { get }
    var week: String? { get }
    init(json: Bool, name: String, week: String?)
    /// Saves or applies the template: one change to `target`, labelled `label` for undo.
    func run(on target: ISOWeek, now: Moment, label: String, in session: Session) throws
}

extension TemplateWeekCommand {
    init(_ arguments: CommandArguments) {
        self.init(json: arguments.flag("json"), name: arguments.word("name"), week: arguments.words("week").first)
    }

    /// The week named, else the one `weeksAfterView` after the week in view.
    func parseWords(resolver: DayResolver) throws -> ISOWeek {
        try week.map { try resolver.requireWeek($0) } ?? resolver.view.isoWeek.adding(weeks: Self.weeksAfterView)
    }

    func execute(in session: Session) throws {
        let target = try parseWords(resolver: session.resolver())
        let label = session.undoLabel(["template", Self.grammar.name, name] + (week.map { [$0] } ?? []))
        try run(on: target, now: session.now(), label: label, in: session)
    }
}
