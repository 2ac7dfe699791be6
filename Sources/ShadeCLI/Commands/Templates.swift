import ShadeCore
import ShadeJSON
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

        static func json(_ template: WeekTemplate, entries: Bool) -> JSONValue {
            var object = JSONObject()
            object.appendUnique("name", .string(template.name))
            object.appendUnique("source", .string(template.source.description))
            object.appendUnique("tasks", .int(Int64(template.entries.count)))
            object.appendUnique("created", .string(template.created))
            object.appendUnique("modified", .string(template.modified))
            if entries {
                object.appendUnique(
                    "entries",
                    .array(
                        template.entries.map { entry in
                            [
                                "weekday": .string(entry.weekday.name), "title": .string(entry.fields.title),
                                "slot": .string(entry.fields.slot.rawValue),
                                "time": .optional(entry.fields.time?.description),
                                "tags": .array(entry.fields.tags.map(JSONValue.string)),
                                "category": .optional(entry.fields.category),
                                "color": .optional(entry.fields.color?.rawValue),
                                "notes": .optional(entry.fields.notes),
                                "favorite": .bool(entry.fields.favorite),
                                "remind": .optional(entry.fields.remind?.description),
                                "every": .optional(entry.every?.description),
                            ]
                        }))
            }
            return .object(object)
        }
    }

    struct TemplateList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls", abstract: "Each template with the week it was saved from and how many tasks it holds.",
            flags: [.json("Print the templates as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) { json = arguments.flag("json") }

        func execute(in session: Session) throws {
            let templates = try Templates.templates(in: session)
            if json {
                try session.printJSON(["templates": .array(templates.map { Templates.json($0, entries: false) })])
                return
            }
            guard !templates.isEmpty else {
                session.print("no templates yet; template save NAME keeps the week in view as one")
                return
            }
            let width = templates.map { DisplayWidth.of(SafeText(escaping: $0.name)) }.max() ?? 0
            let style = try session.renderContext().style
            for template in templates {
                let count = template.entries.count
                session.print(
                    DisplayWidth.padRight(SafeText(escaping: template.name), to: width) + "  "
                        + "\(count) task\(count == 1 ? "" : "s")" + style.dim("  from \(template.source)"))
            }
        }
    }

    /// `templates`: the same as `template ls`.
    struct TemplatesList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "templates", abstract: "List the week templates (as template ls).",
            discussion: "Examples:\n  templates\n  templates --json", flags: [.json("Print the templates as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) { json = arguments.flag("json") }

        func execute(in session: Session) throws { try TemplateList(json: json).execute(in: session) }
    }

    struct TemplateSave: TemplateWeekCommand {
        static let grammar = Templates.weekGrammar(
            "save", abstract: "Keep a week's tasks (default: the week in view) as a template.",
            json: "Print the template as JSON.")
        let json: Bool
        let name: String
        let week: String?

        func parseWords(resolver: DayResolver) throws -> ISOWeek {
            try week.map { try resolver.requireWeek($0) } ?? resolver.view.isoWeek
        }

        func execute(in session: Session) throws {
            let target = try parseWords(resolver: session.resolver())
            let now = try session.now()
            let change = try session.commit(
                label: session.undoLabel(["template", "save", name] + (week.map { [$0] } ?? [])), now: now
            ) { state in
                try TemplateOperations.save(
                    named: name, of: target, tasks: try session.applyStandingFilter(state.tasks(in: target)),
                    in: state, context: session.operationContext(now))
            }
            let made = change.records.compactMap { $0.after?.keyedRecord?.base as? WeekTemplate }.first
            let saved = try made ?? session.read { state in try TemplateOperations.require(name, in: state) }
            if json {
                try session.printJSON(Templates.json(saved, entries: true))
                return
            }
            let replaced = change.records.contains { $0.action == .change }
            let count = saved.entries.count
            session.print(
                "\(replaced ? "replaced" : "saved") template \(SafeText(escaping: saved.name)) · \(count) task\(count == 1 ? "" : "s") from \(target)"
                    + (change.isEmpty ? " (unchanged)" : ""))
        }
    }

    struct TemplateApply: TemplateWeekCommand {
        static let grammar = Templates.weekGrammar(
            "apply", abstract: "Add a template's tasks, open, to a week (default: the week after the one in view).",
            json: "Print the tasks added as JSON.")
        let json: Bool
        let name: String
        let week: String?

        func parseWords(resolver: DayResolver) throws -> ISOWeek {
            try week.map { try resolver.requireWeek($0) } ?? resolver.view.isoWeek.adding(weeks: 1)
        }

        func execute(in session: Session) throws {
            let target = try parseWords(resolver: session.resolver())
            let now = try session.now()
            var random = SystemRandomNumberGenerator()
            var entries = 0
            let change = try session.commit(
                label: session.undoLabel(["template", "apply", name] + (week.map { [$0] } ?? [])), now: now
            ) { state in
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
                let render = try session.renderContext(series: true)
                try session.printJSON(
                    [
                        "template": .string(name), "week": .string(target.description),
                        "tasks": .array(tasks.map { ViewJSON.task($0, context: render) }),
                    ])
                return
            }
            let skipped = entries - added.count - series.count
            var text: SafeText =
                "applied template \(SafeText(escaping: name)) to \(target) · \(added.count + series.count) task\(added.count + series.count == 1 ? "" : "s")"
            if skipped > 0 { text += " (\(skipped) already there by their repeat)" }
            let lines = TaskLines.render(tasks, placement: true, indent: 2, context: try session.renderContext())
            session.print(text + (lines.isEmpty ? "" : ":\n" + lines.joined(separator: "\n")))
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
                try session.printJSON(Templates.json(template, entries: true))
                return
            }
            let style = try session.renderContext().style
            var lines: [SafeText] = [
                style.bold(SafeText(escaping: template.name))
                    + style.dim(" · \(template.entries.count) tasks, saved from \(template.source)")
            ]
            for entry in template.entries {
                var line: SafeText =
                    "  \(entry.weekday.shortName) " + DisplayWidth.padRight("\(entry.fields.slot)", to: 10)
                line += (entry.fields.time.map { "\($0)" } ?? "     ") + " " + SafeText(escaping: entry.fields.title)
                var labels: [SafeText] = []
                if let every = entry.every { labels.append(style.dim("↻ every \(every)")) }
                if !entry.fields.tags.isEmpty {
                    labels.append(style.yellow(entry.fields.tags.map { "+\($0)" }.joined(separator: " ")))
                }
                if let category = entry.fields.category { labels.append(style.cyan("@\(category)")) }
                if let remind = entry.fields.remind { labels.append(style.dim("remind:\(remind)")) }
                if !labels.isEmpty { line += "  " + labels.joined(separator: " ") }
                lines.append(line)
            }
            session.print(lines.joined(separator: "\n"))
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

extension Shade.TemplateList {
    init(json: Bool) { self.json = json }
}

/// `template save|apply NAME [WEEK]`: a template's name and a week, read alike.
protocol TemplateWeekCommand: PlannerCommand {
    init(json: Bool, name: String, week: String?)
}

extension TemplateWeekCommand {
    init(_ arguments: CommandArguments) {
        self.init(json: arguments.flag("json"), name: arguments.word("name"), week: arguments.words("week").first)
    }
}
