import ArgumentParser
import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Show: PlannerCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show every field of one task.", discussion: "Examples:\n  show 4\n  show 4 --json")
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print the task as JSON.") var json = false
        @Argument(help: "The id of the task.") var id: Int

        func execute(in session: Session) throws {
            let task = try session.store.read { state in try session.requireTask(id, in: state) }
            let context = try session.renderContext()
            if json {
                try session.printJSON(ViewJSON.task(task, context: context))
            } else {
                session.print(TaskDetail.render(task, context: context))
            }
        }
    }

    struct Day: PlannerCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print a day's timeline: slots in order, tasks in time order, rates.",
            discussion: """
                Without DAY, the day in view. In the REPL, day DAY also moves the view to that day.
                Marks: ○ open, ! overdue, ✓ done, ✗ cancelled.

                Examples:
                  day
                  day tomorrow
                  day fri --json
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print the day as JSON.") var json = false
        @Argument(help: ArgumentHelp("today, tomorrow, yesterday, mon…sun or YYYY-MM-DD.", valueName: "DAY"))
        var day: String?

        func execute(in session: Session) throws {
            let date = try day.map { word throws in try session.resolver().requireDate(word) } ?? session.view.date
            if session.isInteractive { session.view.date = date }
            let tasks = try session.store.read { state in try state.tasks(in: date.isoWeek) }
            let agenda = DayAgenda(date: date, tasks: tasks)
            let context = try session.renderContext()
            if json {
                try session.printJSON(ViewJSON.day(agenda, context: context))
            } else {
                let viewSlot = session.isInteractive && date == session.view.date ? session.view.slot : nil
                session.print(DayTimeline.render(agenda, viewSlot: viewSlot, context: context))
            }
        }
    }

    struct Week: PlannerCommand {
        static let configuration = CommandConfiguration(
            abstract: "Print the week at a glance: 7 days × 3 slots, each day's rate, the week's rate.",
            discussion: """
                WEEK is this (the week of today), next or prev/last (from the week in view), or \
                YYYY-Www. Cells show done/planned (cancelled tasks count in no rate). In the REPL, \
                week WEEK also moves the view to that week, keeping the weekday and slot.

                Examples:
                  week
                  week next
                  week 2026-W53 --json
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print the week as JSON.") var json = false
        @Argument(help: ArgumentHelp("this, next, prev, last or YYYY-Www.", valueName: "WEEK"))
        var week: String?

        func execute(in session: Session) throws {
            let target = try week.map { word throws in try session.resolver().requireWeek(word) } ?? session.view.week
            if session.isInteractive, target != session.view.week { session.view.move(to: target) }
            let context = try session.renderContext()
            if json {
                let tasks = try session.store.read { state in try state.tasks(in: target) }
                try session.printJSON(ViewJSON.week(WeekAgenda(week: target, tasks: tasks), context: context))
            } else {
                // The grid needs only the tallies, which the week's summary has.
                let cells = try session.store.read { state in try state.cells(of: target) }
                let viewDate = session.view.week == target ? session.view.date : nil
                session.print(WeekGrid.render(target, cells: cells, viewDate: viewDate, context: context))
            }
        }
    }

    struct List: PlannerCommand {
        static let configuration = CommandConfiguration(
            commandName: "ls", abstract: "List tasks: the slot in view, or every task matching all filters.",
            discussion: """
                Filters: a day (tue, today, 2026-11-24), a slot (evening), FIRST..LAST, YYYY-Www, \
                thisweek, +tag, -tag, cat:NAME, fav, open, done (completed), cancelled, overdue, \
                upcoming, all. Tasks come in date, slot and time order.

                Examples:
                  ls
                  ls tue evening
                  ls overdue
                  ls fav cat:work -someday
                  ls 2026-11-23..2026-11-29 +work --json
                  ls all
                """)
        @OptionGroup var global: GlobalOptions
        @Flag(name: .long, help: "Print the tasks as JSON.") var json = false
        @Argument(parsing: .allUnrecognized, help: ArgumentHelp("Filters that must all hold.", valueName: "FILTER"))
        var filters: [String] = []

        func execute(in session: Session) throws {
            let resolver = try session.resolver()
            var parsed: [TaskFilter] = []
            for word in filters {
                do { parsed.append(try TaskFilter.parse(word, resolver: resolver)) } catch {
                    throw CommandError.usage(error.message)
                }
            }
            if parsed.isEmpty { parsed = [.date(session.view.date), .slot(session.view.slot)] }
            let query = TaskQuery(parsed)
            let now = try session.now()
            var tasks = try session.store.read { state -> [PlannerTask] in
                let candidates: [PlannerTask]
                if let bounds = query.dateBounds {
                    candidates = try state.tasks(from: bounds.first, through: bounds.last)
                } else {
                    candidates = try state.allTasks()
                }
                return candidates.filter { query.matches($0, now: now, schedule: session.schedule) }
            }
            tasks = PlannerTask.sortedInTimelineOrder(tasks)
            let context = try session.renderContext()
            if json {
                try session.printJSON(ViewJSON.list(tasks, context: context))
            } else if tasks.isEmpty {
                session.print(filters.isEmpty ? "nothing planned this \(session.view.slot)" : "no task matches")
            } else {
                session.print(
                    TaskLines.render(tasks, placement: true, indent: 0, context: context).joined(separator: "\n"))
            }
        }
    }
}
