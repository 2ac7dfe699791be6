import ShadeCore
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
                    help:
                        "today, tomorrow, yesterday, mon…sun, next mon, this fri, last sun, in 3 days, in 2 weeks or YYYY-MM-DD.",
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
                // A capacity in minutes needs the estimates, which only the tasks have.
                var tasks: [PlannerTask]?
                if session.standingFilter != nil || context.capacity.hasMinuteLimits {
                    tasks = try session.applyStandingFilter(session.read { state in try state.tasks(in: target) })
                }
                let cells = try tasks.map(WeekCells.init) ?? session.read { state in try state.cells(of: target) }
                let viewDate = session.view.week == target ? session.view.date : nil
                session.print(
                    WeekGrid.render(
                        target, cells: cells, openMinutes: tasks.map(SlotCapacity.openMinutes), viewDate: viewDate,
                        context: context))
            }
        }
    }

    struct List: PlannerCommand {
        static let grammar = ListingArguments.grammar(
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
            words: RestWords.argument("FILTER…", help: "Filters that must all hold.", name: "filters"))
        let listing: ListingArguments
        var json: Bool { listing.json }
        var by: TaskGrouping? { listing.by }
        var filters: [String] { listing.words }

        init(_ arguments: CommandArguments) throws(CommandError) {
            listing = try ListingArguments(arguments)
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
            try listing.print(
                session.query(parsed), text: [], order: order, in: session,
                emptyMessage: filters.isEmpty && session.standingFilter == nil
                    ? "nothing planned in \(session.view.week)" : "no task matches")
        }
    }

    struct Find: PlannerCommand {
        static let grammar = ListingArguments.grammar(
            name: "find",
            abstract: "Find tasks whose title, note, tags or category hold every word (any case, any accents).",
            discussion: """
                Words starting with sort: order the results as in ls; --by groups them.

                Examples:
                  find bank
                  find creme brulee
                  find report sort:-modified --json
                """,
            words: RestWords.argument("TEXT…", help: "What to look for."))
        let listing: ListingArguments

        init(_ arguments: CommandArguments) throws(CommandError) {
            listing = try ListingArguments(arguments)
        }

        /// The words to look for, and the order (`sort:KEY`, else by date).
        func parseWords(resolver: DayResolver) throws -> (text: [String], order: TaskSort) {
            var text: [String] = []
            var order = TaskSort.date
            for word in listing.words {
                do {
                    if let sort = try TaskSort.parse(word) { order = sort } else { text.append(word) }
                } catch { throw CommandError.usage(error.message) }
            }
            guard !text.isEmpty else { throw CommandError.usage("find needs something to look for, e.g. find bank") }
            return (text, order)
        }

        func execute(in session: Session) throws {
            let (text, order) = try parseWords(resolver: session.resolver())
            try listing.print(
                TaskQuery([]), text: text, order: order, in: session,
                emptyMessage: "nothing found for “\(text.joined(separator: " "))”")
        }
    }
}
