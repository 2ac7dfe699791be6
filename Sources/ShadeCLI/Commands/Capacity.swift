import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore

extension Shade {
    /// `capacity`: how many open tasks a slot holds before it is over-full.
    struct Capacity: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "capacity", abstract: "Show or set how many open tasks a slot holds before it is over-full.",
            discussion: """
                A slot holding more open tasks than its capacity is marked in day and week, add and \
                mv into it warn (and still do it), and rebalance proposes moves out of it. A capacity \
                in minutes (3h, 90m) counts the estimates (est:) of its open tasks instead. A limit \
                for one weekday wins over the slot's own. 'none' clears a limit. The limits are \
                settings (config.json in the configuration directory), not part of the planner.

                Examples:
                  capacity
                  capacity evening 2
                  capacity evening 3h
                  capacity sat evening 1
                  capacity sat evening none
                  capacity evening none
                """,
            flags: [.json("Print the limits as JSON.")],
            arguments: [RestWords.argument("[WEEKDAY] SLOT N|TIME|none", help: "The slot, and its limit.")])
        let input: RestWords

        init(_ arguments: CommandArguments) { input = RestWords(arguments) }

        /// A setting: the slot, the weekday when one is named, and the limit (nil for none).
        struct Setting: Equatable {
            var weekday: Weekday?
            var slot: Slot
            var limit: Int?
            /// A limit in minutes of the open tasks' estimates (`3h`) instead.
            var minutes: Int?
        }

        func parseWords() throws(CommandError) -> Setting? {
            guard !input.words.isEmpty else { return nil }
            var rest = input.words[...]
            var weekday: Weekday?
            if let first = rest.first, let day = Weekday(name: first) {
                weekday = day
                rest = rest.dropFirst()
            }
            let form = "capacity [WEEKDAY] SLOT N|none, e.g. capacity evening 2 or capacity sat evening 1"
            guard rest.count == 2, let slotWord = rest.first, let limitWord = rest.last else {
                throw .usage("\(form)")
            }
            guard let slot = Slot(name: slotWord) else {
                throw .usage(
                    "'\(CommandArguments.quoted(slotWord))' is not \(weekday == nil ? "a weekday or " : "")a slot; slots are morning, afternoon and evening"
                )
            }
            if limitWord.lowercased() == "none" { return Setting(weekday: weekday, slot: slot, limit: nil) }
            if limitWord.contains(where: \.isLetter), let minutes = Estimate.minutes(limitWord) {
                return Setting(weekday: weekday, slot: slot, limit: nil, minutes: minutes)
            }
            guard limitWord.allSatisfy(\.isASCII), let limit = Int(limitWord), limit >= 0,
                limit <= Configuration.capacityLimit
            else {
                throw .usage(
                    "'\(CommandArguments.quoted(limitWord))' is not a capacity; write a whole number from 0 to \(Configuration.capacityLimit), minutes of estimates such as 3h or 90m, or none"
                )
            }
            return Setting(weekday: weekday, slot: slot, limit: limit)
        }

        func execute(in session: Session) throws {
            if let setting = try parseWords() {
                var capacity = session.capacity
                if let minutes = setting.minutes {
                    capacity.set(minutes: minutes, for: setting.slot, on: setting.weekday)
                } else {
                    capacity.set(setting.limit, for: setting.slot, on: setting.weekday)
                }
                try Configuration.saveCapacity(
                    CapacityView.limits(capacity), directory: session.environment.configDirectory)
                session.capacity = capacity
                if !input.json {
                    session.print(
                        CapacityView.set(
                            setting.limit, minutes: setting.minutes, for: setting.slot, on: setting.weekday))
                    return
                }
            }
            if input.json {
                try session.printJSON(CapacityView.json(session.capacity))
            } else {
                session.print(CapacityView.describe(session.capacity))
            }
        }
    }
}
