import ShadeCore
import ShadeJSON
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
            arguments: [
                .init("words", valueName: "[DAY|WEEK] [to DAY [SLOT]]", help: "What to carry, and where.", arity: .rest)
            ])
        let dryRun: Bool
        let json: Bool
        let words: [String]

        init(_ arguments: CommandArguments) {
            dryRun = arguments.flag("dry-run")
            json = arguments.flag("json")
            words = arguments.words("words")
        }

        /// What to carry from.
        enum Source: Equatable {
            /// The overdue tasks of the last weeks.
            case overdue
            case day(CivilDate)
            case week(ISOWeek)
        }

        func parseWords(resolver: DayResolver) throws -> (source: Source, target: CarryOperations.Target) {
            var rest = words[...]
            var source = Source.overdue
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
                changes = try session.commit(label: session.undoLabel(["carry"] + words), now: now, carry).records
            }
            // Every task the carry changed, as it is after (an occurrence of a repeating task is a
            // record of its own from then on).
            let carried = changes.compactMap { $0.after?.task }
            if json {
                let render = try session.renderContext(series: true)
                try session.printJSON([
                    "dry_run": .bool(dryRun), "carried": .array(carried.map { ViewJSON.task($0, context: render) }),
                    "unmet_goals": .array(unmet.map { .string($0.label) }),
                ])
                return
            }
            let offer: SafeText? =
                unmet.isEmpty
                ? nil
                : "unmet goal\(unmet.count == 1 ? "" : "s"): "
                    + unmet.map {
                        "\($0.label) · \(SafeText(escaping: $0.title)) (\(Shade.Goals.periodText($0.period)))"
                    }
                    .joined(separator: ", ") + "\n  goal carry \(unmet[0].label) carries one to today"
            guard !carried.isEmpty else {
                session.print("nothing to carry: " + nothingMessage(source))
                if let offer { session.print(offer) }
                return
            }
            let render = try session.renderContext()
            let count = carried.count == 1 ? "1 task" : "\(carried.count) tasks"
            var text: SafeText = dryRun ? "would carry \(count):\n" : "carried \(count):\n"
            let lines = TaskLines.render(carried, placement: true, indent: 2, context: render)
            text += lines.joined(separator: "\n") + "\n"
            if dryRun { text += "(carry" + (words.isEmpty ? "" : " \(words.joined(separator: " "))") + " moves them)" }
            session.print(text)
            if let offer { session.print(offer) }
        }

        private func nothingMessage(_ source: Source) -> SafeText {
            switch source {
            case .overdue:
                "no open task of the last \(CarryOperations.lookBackWeeks + 1) weeks has its slot ended"
            case .day(let date): "no open task of \(date.shortLabel) moves forward"
            case .week(let week): "no open task of \(week) moves forward"
            }
        }
    }
}
