import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    struct Carry: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "carry", abstract: "Move unfinished tasks on to today (or to a day and slot you name).",
            discussion: """
                Without a day: every open task of the last \(CarryOperations.lookBackWeeks + 1) weeks \
                whose slot has ended goes to the current slot today; a task keeps its time only when \
                that still lies ahead. With a day or a week: that day's or week's open tasks; with \
                'to DAY [SLOT]' they go there (keeping their own slot unless one is named). Work is \
                only ever carried forward. A carried task keeps its id; its count of carries goes up \
                and the day it was first planned for is kept (show ID). One undo takes a carry back.

                Examples:
                  carry
                  carry --dry-run
                  carry yesterday
                  carry fri to next mon
                  carry last to mon morning
                """,
            flags: [
                .init(name: "dry-run", help: "Only list what would move."),
                .json("Print the tasks carried (as they are after) as JSON."),
            ],
            arguments: [RestWords.argument("[DAY|WEEK] [to DAY [SLOT]]", help: "What to carry, and where.")])
        let dryRun: Bool
        let input: RestWords

        init(_ arguments: CommandArguments) {
            (dryRun, input) = (arguments.flag("dry-run"), RestWords(arguments))
        }

        func parseWords(resolver: DayResolver) throws -> (
            source: CarryOperations.Source, target: CarryOperations.Target
        ) {
            var rest = input.words[...]
            var source = CarryOperations.Source.overdue
            if let first = rest.first, first.lowercased() != "to" {
                if let (date, count) = resolver.leadingDate(in: rest) {
                    source = .day(date)
                    rest = rest.dropFirst(count)
                } else if let week = resolver.week(for: first) {
                    source = .week(week)
                    rest = rest.dropFirst()
                } else {
                    // A word written as a week that names none (2026-W99) is told why.
                    if first.uppercased().contains("-W") { _ = try resolver.requireWeek(first) }
                    throw CommandError.usage(
                        "carry takes a day or a week, then 'to DAY [SLOT]'; '\(CommandArguments.quoted(first))' is neither (e.g. carry yesterday, carry last to tomorrow)"
                    )
                }
            }
            var target = CarryOperations.Target()
            if let word = rest.first {
                guard word.lowercased() == "to" else {
                    throw CommandError.usage(
                        "after what to carry comes 'to DAY [SLOT]', not '\(CommandArguments.quoted(word))'")
                }
                rest = rest.dropFirst()
                guard let (date, count) = resolver.leadingDate(in: rest) else {
                    if let word = rest.first { _ = try resolver.requireDate(word) }
                    throw CommandError.usage(
                        "'to' needs a day: carry … to DAY [SLOT], e.g. carry yesterday to tomorrow")
                }
                target.date = date
                rest = rest.dropFirst(count)
                if let word = rest.first {
                    guard let slot = Slot(name: word) else {
                        throw CommandError.usage(
                            "'\(CommandArguments.quoted(word))' is not a slot; slots are morning, afternoon and evening"
                        )
                    }
                    target.slot = slot
                    rest = rest.dropFirst()
                }
                if let extra = rest.first {
                    throw CommandError.usage(
                        "carry … to DAY [SLOT] ends there; '\(CommandArguments.quoted(extra))' is extra")
                }
            }
            return (source, target)
        }

        /// The overdue tasks `carry` without a day takes (what the REPL counts when it starts).
        static func overdue(in state: StoreState, session: Session, context: OperationContext) throws
            -> [PlannerTask]
        {
            var tasks: [PlannerTask] = []
            for week in CarryOperations.weeksLookedAt(today: context.now.date) { tasks += try state.tasks(in: week) }
            return CarryOperations.overdue(try session.applyStandingFilter(tasks), context: context)
        }

        func execute(in session: Session) throws {
            let (source, target) = try parseWords(resolver: session.resolver())
            let now = try session.now()
            let context = session.operationContext(now)
            try CarryOperations.validate(target, context: context)
            func candidates(_ state: StoreState) throws -> [PlannerTask] {
                switch source {
                case .overdue: return try Carry.overdue(in: state, session: session, context: context)
                case .day(let date):
                    return PlannerTask.sortedInTimelineOrder(
                        try session.applyStandingFilter(state.tasks(from: date, through: date)))
                case .week(let week):
                    return PlannerTask.sortedInTimelineOrder(try session.applyStandingFilter(state.tasks(in: week)))
                }
            }
            // Goals are carried one by one (goal carry gN): carry offers those whose time ran out,
            // read in the same step as the tasks.
            var unmet: [Goal] = []
            func carry(_ state: StoreState) throws -> [RecordChange] {
                unmet = GoalOperations.unmet(try state.goals(), today: now.date)
                return try CarryOperations.carry(try candidates(state), to: target, context: context)
            }
            let changes: [RecordChange]
            if dryRun {
                changes = try session.read(carry)
            } else {
                changes = try session.commit(label: session.undoLabel(["carry"] + input.words), now: now, carry).records
            }
            // Every task the carry changed, as it is after (an occurrence of a repeating task is a
            // record of its own from then on).
            let carried = changes.compactMap { $0.after?.task }
            if input.json {
                let render = try session.renderContext(series: true)
                try session.printJSON(ViewJSON.carry(carried, dryRun: dryRun, unmet: unmet, context: render))
                return
            }
            if carried.isEmpty {
                session.print(CarryView.nothing(from: source))
            } else {
                let render = try session.renderContext()
                session.print(CarryView.carried(carried, dryRun: dryRun, words: input.words, context: render))
            }
            if let offer = CarryView.unmetOffer(unmet) { session.print(offer) }
        }
    }
}
