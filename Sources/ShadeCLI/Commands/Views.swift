import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    struct Show: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "show", abstract: "Show every field of one task.", discussion: "Examples:\n  show 4\n  show 4 --json",
            flags: [.json("Print the task as JSON.")],
            arguments: [.id])
        let json: Bool
        let id: Int

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            id = try arguments.int("id")
        }

        func execute(in session: Session) throws {
            let (task, context) = try session.read { state in
                (try state.requireTask(id), try session.renderContext(series: true, in: state))
            }
            if json {
                try session.printJSON(ViewJSON.task(task, context: context))
            } else {
                session.print(TaskDetail.render(task, context: context))
            }
        }
    }

    struct Day: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "day", abstract: "Print a day's timeline: slots in order, tasks in time order, rates.",
            discussion: """
                Without DAY, the day in view. In the REPL, day DAY also moves the view to that day.
                Marks: ○ open, ! overdue, ✓ done, ✗ cancelled.

                Examples:
                  day
                  day tomorrow
                  day next mon
                  day fri --json
                """,
            flags: [.json("Print the day as JSON.")],
            arguments: [
                .init(
                    "day", valueName: "DAY",
                    help: "today, tomorrow, yesterday, mon…sun, next mon, this fri, last sun or YYYY-MM-DD.",
                    arity: .day)
            ])
        let json: Bool
        let day: [String]

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            day = arguments.words("day")
        }

        /// The day asked for, when one is.
        func parseWords(resolver: DayResolver) throws -> CivilDate? {
            day.isEmpty ? nil : try resolver.requireDate(words: day)
        }

        func execute(in session: Session) throws {
            let date = try parseWords(resolver: session.resolver()) ?? session.view.date
            if session.isInteractive { session.view.date = date }
            try Day.print(date, only: nil, json: json, in: session)
        }

        /// Prints a day's timeline (or one slot of it) with the standing filter applied.
        static func print(_ date: CivilDate, only: Slot?, json: Bool, in session: Session) throws {
            let (read, context) = try session.read { state in
                (try state.tasks(on: date), try session.renderContext(series: json, in: state))
            }
            let agenda = DayAgenda(date: date, tasks: try session.applyStandingFilter(read))
            if json {
                try session.printJSON(ViewJSON.day(agenda, context: context))
            } else {
                let viewSlot = session.isInteractive && date == session.view.date ? session.view.slot : nil
                session.print(DayTimeline.render(agenda, viewSlot: viewSlot, only: only, context: context))
            }
        }
    }

    struct Week: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "week", abstract: "Print the week at a glance: 7 days × 3 slots, each day's rate, the week's rate.",
            discussion: """
                WEEK is this (the week of today), next or prev/last (from the week in view), or \
                YYYY-Www. Cells show done/planned (cancelled tasks count in no rate). In the REPL, \
                week WEEK also moves the view to that week, keeping the weekday and slot.

                Examples:
                  week
                  week next
                  week 2026-W53 --json
                """,
            flags: [.json("Print the week as JSON.")],
            arguments: [.init("week", valueName: "WEEK", help: "this, next, prev, last or YYYY-Www.", arity: .optional)]
        )
        let json: Bool
        let week: String?

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
            week = arguments.optionalWord("week")
        }

        /// The week asked for, when one is.
        func parseWords(resolver: DayResolver) throws -> ISOWeek? {
            try week.map { word throws in try resolver.requireWeek(word) }
        }

        func execute(in session: Session) throws {
            let target = try parseWords(resolver: session.resolver()) ?? session.view.week
            if session.isInteractive, target != session.view.week { session.view.move(to: target) }
            if json {
                let (read, context) = try session.read { state in
                    (try state.tasks(in: target), try session.renderContext(series: true, in: state))
                }
                let tasks = try session.applyStandingFilter(read)
                try session.printJSON(ViewJSON.week(WeekAgenda(week: target, tasks: tasks), context: context))
            } else {
                // The grid shows no task: no goals or series to read.
                let context = try session.renderContext(goals: false)
                // The grid needs only the tallies, which the week's summary has.
                let cells =
                    session.standingFilter == nil
                    ? try session.read { state in try state.cells(of: target) }
                    : WeekCells(
                        try session.applyStandingFilter(session.read { state in try state.tasks(in: target) }))
                let viewDate = session.view.week == target ? session.view.date : nil
                session.print(WeekGrid.render(target, cells: cells, viewDate: viewDate, context: context))
            }
        }
    }

    struct List: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls", abstract: "List tasks: the week in view, or every task matching all filters.",
            discussion: """
                Without a filter, ls lists every task of the week in view (in a shell, this week), \
                in date order. Filters: a day (tue, today, 2026-11-24), a slot (evening), FIRST..LAST, YYYY-Www, \
                thisweek, +tag, -tag, cat:NAME, to:NAME (given to NAME; to:none to no one), mine \
                (given to you, or made by you and given to no one), fav, open, done (completed), \
                cancelled, overdue, upcoming, all. Order with sort:date (the default: date, slot, time), sort:title, \
                sort:category, sort:created, sort:modified or sort:fav; sort:-KEY reverses. \
                --by status groups into in progress, completed and cancelled; --by cat by category.

                Examples:
                  ls
                  ls tue evening
                  ls next mon
                  ls overdue
                  ls fav cat:work -someday
                  ls mine open
                  ls to:ana thisweek
                  ls thisweek --by status
                  ls all sort:-modified --json
                """,
            flags: [.json("Print the tasks as JSON.")],
            options: [.init(name: "by", valueName: "status|cat", help: "Group by status or by cat(egory).")],
            arguments: [.init("filters", valueName: "FILTER…", help: "Filters that must all hold.", arity: .rest)])
        let json: Bool
        let by: TaskGrouping?
        let filters: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            by = try arguments.choice("by", as: TaskGrouping.self)
            filters = arguments.words("filters")
        }

        /// The filters, and the order (`sort:KEY`, else by date).
        func parseWords(resolver: DayResolver) throws -> (filters: [TaskFilter], order: TaskSort) {
            try List.parse(filters, resolver: resolver)
        }

        /// Filter words (and `sort:KEY`) as `ls` reads them; `export` reads its filters the same way.
        static func parse(_ filters: [String], resolver: DayResolver) throws -> (filters: [TaskFilter], order: TaskSort)
        {
            var parsed: [TaskFilter] = []
            var order = TaskSort.date
            var index = filters.startIndex
            while index < filters.endIndex {
                let word = filters[index]
                index += 1
                // `next mon`, `this fri`: two words, one day.
                if let (date, count) = resolver.leadingDate(in: filters[(index - 1)...]), count == 2 {
                    parsed.append(.date(date))
                    index += 1
                    continue
                }
                let sort: TaskSort?
                do { sort = try TaskSort.parse(word) } catch { throw CommandError.usage(error.message) }
                if let sort { order = sort } else { parsed.append(try filter(word, resolver: resolver)) }
            }
            return (parsed, order)
        }

        /// One filter word as every command that takes filters reads it (`ls`, `export`,
        /// `filter`): a date that is none could not be done, as `day` says of it; any other word
        /// the filters do not take is a usage error.
        static func filter(_ word: String, resolver: DayResolver) throws -> TaskFilter {
            do { return try TaskFilter.parse(word, resolver: resolver) } catch {
                if TaskFilter.isWrittenAsDate(word) { throw error }
                throw CommandError.usage(error.message)
            }
        }

        func execute(in session: Session) throws {
            let resolver = try session.resolver()
            var (parsed, order) = try parseWords(resolver: resolver)
            // Without a filter, "my tasks": the week in view.
            if parsed.isEmpty, !filters.contains(where: { $0.lowercased().hasPrefix("sort:") }) {
                parsed = [.week(session.view.week)]
            }
            try TaskListing(query: session.query(parsed), words: [], order: order, grouping: by, json: json)
                .print(
                    in: session,
                    emptyMessage: filters.isEmpty && session.standingFilter == nil
                        ? "nothing planned in \(session.view.week)" : "no task matches")
        }
    }

    struct Find: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "find",
            abstract: "Find tasks whose title, note, tags or category hold every word (any case, any accents).",
            discussion: """
                Words starting with sort: order the results as in ls; --by groups them.

                Examples:
                  find bank
                  find creme brulee
                  find report sort:-modified --json
                """,
            flags: [.json("Print the tasks as JSON.")],
            options: [.init(name: "by", valueName: "status|cat", help: "Group by status or by cat(egory).")],
            arguments: [.init("words", valueName: "TEXT…", help: "What to look for.", arity: .rest)])
        let json: Bool
        let by: TaskGrouping?
        let words: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            by = try arguments.choice("by", as: TaskGrouping.self)
            words = arguments.words("words")
        }

        /// The words to look for, and the order (`sort:KEY`, else by date).
        func parseWords(resolver: DayResolver) throws -> (text: [String], order: TaskSort) {
            var text: [String] = []
            var order = TaskSort.date
            for word in words {
                do {
                    if let sort = try TaskSort.parse(word) { order = sort } else { text.append(word) }
                } catch { throw CommandError.usage(error.message) }
            }
            guard !text.isEmpty else { throw CommandError.usage("find needs something to look for, e.g. find bank") }
            return (text, order)
        }

        func execute(in session: Session) throws {
            let (text, order) = try parseWords(resolver: session.resolver())
            try TaskListing(query: TaskQuery([]), words: text, order: order, grouping: by, json: json)
                .print(in: session, emptyMessage: "nothing found for “\(text.joined(separator: " "))”")
        }
    }
}

/// How `ls --by` groups tasks.
enum TaskGrouping: String, CaseIterable, Sendable {
    case status, cat
}

/// Reads, filters, orders, groups and prints tasks for `ls` and `find`.
struct TaskListing {
    let query: TaskQuery
    let words: [String]
    let order: TaskSort
    let grouping: TaskGrouping?
    let json: Bool

    func print(in session: Session, emptyMessage: SafeText) throws {
        let now = try session.now()
        let (matching, context) = try session.read { state -> ([PlannerTask], RenderContext) in
            let candidates: [PlannerTask]
            if let bounds = query.dateBounds {
                candidates = try state.tasks(from: bounds.first, through: bounds.last)
            } else {
                candidates = try state.allTasks()
            }
            let standing = session.standingFilter?.query ?? TaskQuery([])
            let matching = candidates.filter {
                query.matches($0, now: now, schedule: session.schedule)
                    && standing.matches($0, now: now, schedule: session.schedule)
                    && (words.isEmpty || TextFolding.matches($0, words: words))
            }
            return (matching, try session.renderContext(series: json, in: state))
        }
        let tasks = order.sorted(matching)
        let groups = grouping.map { TaskGroup.make($0, tasks) }
        if json {
            var list = ViewJSON.list(tasks, context: context)
            if let groups, var object = list.objectValue {
                object.appendUnique("groups", .array(groups.map(\.json)))
                list = .object(object)
            }
            try session.printJSON(list)
        } else if tasks.isEmpty {
            session.print(emptyMessage)
        } else if let groups {
            let layout = TaskLines(measuring: tasks, placement: true, indent: 2, context: context)
            var lines: [SafeText] = []
            for group in groups {
                lines.append(
                    context.style.bold("\(group.name)") + context.style.dim(" · " + group.summary(of: tasks.count)))
                lines += group.tasks.map(layout.line)
            }
            session.print(lines.joined(separator: "\n"))
        } else {
            session.print(TaskLines.render(tasks, placement: true, indent: 0, context: context).joined(separator: "\n"))
        }
    }
}

/// One section of a grouped list, with its count, its share of the list and its completion rate.
struct TaskGroup {
    let name: String
    let tasks: [PlannerTask]

    static func make(_ grouping: TaskGrouping, _ tasks: [PlannerTask]) -> [TaskGroup] {
        switch grouping {
        case .status:
            return [("in progress", TaskStatus.open), ("completed", .done), ("cancelled", .cancelled)].compactMap {
                name, status in
                let members = tasks.filter { $0.status == status }
                return members.isEmpty ? nil : TaskGroup(name: name, tasks: members)
            }
        case .cat:
            let names = Set(tasks.compactMap(\.category)).sorted()
            var groups = names.map { name in TaskGroup(name: name, tasks: tasks.filter { $0.category == name }) }
            let none = tasks.filter { $0.category == nil }
            if !none.isEmpty { groups.append(TaskGroup(name: "no category", tasks: none)) }
            return groups
        }
    }

    var tally: Tally { Tally(tasks) }

    /// `5 of 10 · 50% of the list · 40% done`.
    func summary(of total: Int) -> SafeText {
        let share = total == 0 ? 0 : Double(tasks.count) / Double(total)
        return "\(tasks.count) of \(total) (" + RateFormat.percent(share) + ") · " + RateFormat.percent(tally.rate)
            + " done"
    }

    var json: JSONValue {
        [
            "name": .string(name), "count": .int(Int64(tasks.count)),
            "rate": tally.rate.map(JSONValue.double) ?? .null, "ids": .array(tasks.map { .int(Int64($0.id)) }),
        ]
    }
}
