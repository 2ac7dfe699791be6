import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `cat`: the category commands; `ls` is the default.
    enum Categories {
        static let group = CommandGroup(
            name: "cat",
            abstract: "List, add, rename, recolour or remove categories.",
            discussion: """
                A category is made on the fly by cat:NAME in add or edit, with the next colour of \
                the palette; a task's own colour wins over its category's. Removing a category \
                leaves its tasks uncategorized, or moves them to another with --to. undo takes back \
                what these did to tasks.

                Examples:
                  cat
                  cat add school blue
                  cat rename school uni
                  cat color uni purple
                  cat rm grocery --to errand
                """,
            commands: [
                CategoryList.self, CategoryAdd.self, CategoryRename.self, CategoryColor.self, CategoryRemove.self,
            ])
    }

    struct CategoryList: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "ls", abstract: "Each category with its colour and its tasks' counts and rate (whole history).",
            flags: [.json("Print the categories as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            let (categories, tallies) = try session.store.read { state -> ([Category], [String: Tally]) in
                var tallies: [String: Tally] = [:]
                for task in try state.allTasks() {
                    if let category = task.category { tallies[category, default: Tally()].add(task.status) }
                }
                return (try state.categories(), tallies)
            }
            if json {
                let list = categories.map { category -> JSONValue in
                    let tally = tallies[category.name] ?? Tally()
                    return [
                        "name": .string(category.name), "color": .optional(category.color?.rawValue),
                        "rate": tally.rate.map(JSONValue.double) ?? .null, "done": .int(Int64(tally.done)),
                        "open": .int(Int64(tally.open)), "cancelled": .int(Int64(tally.cancelled)),
                    ]
                }
                try session.printJSON(["categories": .array(list)])
                return
            }
            guard !categories.isEmpty else {
                session.print("no categories yet; add one with cat add NAME, or cat:NAME on a task")
                return
            }
            let context = try session.renderContext()
            let width = categories.map { DisplayWidth.of(SafeText(escaping: $0.name)) }.max() ?? 0
            for category in categories {
                let tally = tallies[category.name] ?? Tally()
                let swatch: SafeText =
                    category.color.map {
                        context.style.color("●", $0) + " " + DisplayWidth.padRight("\($0.rawValue)", to: 6)
                    } ?? "  —     "
                let name = DisplayWidth.padRight(SafeText(escaping: category.name), to: width)
                let rate = DisplayWidth.padLeft(RateFormat.percent(tally.rate), to: 4)
                session.print(name + "  " + swatch + "  " + rate + "  " + context.style.dim(RateFormat.counts(tally)))
            }
        }
    }

    struct CategoryAdd: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "add", abstract: "Add a category, with a colour or the next free one.",
            arguments: [
                .init("name", help: "The name: one word."),
                .init("color", help: "red, orange, yellow, green, teal, blue, purple, pink or grey.", arity: .optional),
            ])
        let name: String
        let color: String?

        init(_ arguments: CommandArguments) {
            name = arguments.word("name")
            color = arguments.optionalWord("color")
        }

        /// The colour, when one is given.
        func parseWords(resolver: DayResolver) throws -> TaskColor? {
            try color.map { text throws in try TaskColor.parse(text) }
        }

        func execute(in session: Session) throws {
            let name = try TaskText.validateCategory(name)
            let color = try parseWords(resolver: session.resolver())
            let added = try session.store.write(label: nil, now: session.now()) { state -> Category in
                var list = try state.categories()
                guard !list.contains(where: { $0.name == name }) else {
                    throw CommandError.failed(
                        "the category '\(name)' exists already; cat color \(name) COLOR recolours it")
                }
                let category = Category(name: name, color: color ?? Category.nextColor(after: list))
                list.append(category)
                try state.setCategories(list)
                return category
            }
            session.print("added the category \(added.name) (\(added.color?.rawValue ?? "no colour"))")
        }
    }

    struct CategoryRename: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rename", abstract: "Rename a category, on every task that has it.",
            arguments: [.init("old", help: "The category."), .init("new", help: "Its new name.")])
        let old: String
        let new: String

        init(_ arguments: CommandArguments) {
            old = arguments.word("old")
            new = arguments.word("new")
        }

        func execute(in session: Session) throws {
            let old = try TaskText.validateCategory(old)
            let new = try TaskText.validateCategory(new)
            let count = try session.store.write(label: "cat rename \(old) \(new)", now: session.now()) { state -> Int in
                var list = try state.categories()
                let index = try position(of: old, in: list)
                guard !list.contains(where: { $0.name == new }) else {
                    throw CommandError.failed(
                        "the category '\(new)' exists already; to merge, use cat rm \(old) --to \(new)")
                }
                list[index] = Category(name: new, color: list[index].color)
                try state.setCategories(list)
                return try recategorize(from: old, to: new, in: state, at: session.now())
            }
            session.print("renamed the category \(old) to \(new) (\(count) task\(count == 1 ? "" : "s"))")
        }
    }

    struct CategoryColor: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "color", abstract: "Give a category another colour.",
            arguments: [
                .init("name", help: "The category."),
                .init("color", help: "red, orange, yellow, green, teal, blue, purple, pink or grey."),
            ])
        let name: String
        let color: String

        init(_ arguments: CommandArguments) {
            name = arguments.word("name")
            color = arguments.word("color")
        }

        /// The colour.
        func parseWords(resolver: DayResolver) throws -> TaskColor {
            try TaskColor.parse(color)
        }

        func execute(in session: Session) throws {
            let name = try TaskText.validateCategory(name)
            let color = try parseWords(resolver: session.resolver())
            try session.store.write(label: nil, now: session.now()) { state in
                var list = try state.categories()
                let index = try position(of: name, in: list)
                list[index].color = color
                try state.setCategories(list)
            }
            session.print("the category \(name) is \(color.rawValue) now")
        }
    }

    struct CategoryRemove: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "rm", abstract: "Remove a category: its tasks stay, uncategorized or moved --to another.",
            options: [.init(name: "to", valueName: "CATEGORY", help: "Move its tasks to this category.")],
            arguments: [.init("name", help: "The category.")])
        let name: String
        let to: String?

        init(_ arguments: CommandArguments) {
            name = arguments.word("name")
            to = arguments.option("to")
        }

        func execute(in session: Session) throws {
            let name = try TaskText.validateCategory(name)
            let target = try to.map { text throws in try TaskText.validateCategory(text) }
            let label = "cat rm \(name)" + (target.map { " --to \($0)" } ?? "")
            let count = try session.store.write(label: label, now: session.now()) { state -> Int in
                var list = try state.categories()
                _ = try position(of: name, in: list)
                if let target, target == name { throw CommandError.failed("--to names the category being removed") }
                list.removeAll { $0.name == name }
                try state.setCategories(list)
                if let target { try state.ensureCategory(target) }
                return try recategorize(from: name, to: target, in: state, at: session.now())
            }
            session.print(
                "removed the category \(name); \(count) task\(count == 1 ? "" : "s") "
                    + (target.map { "moved to \($0)" } ?? "left without a category"))
        }
    }
}

/// Moves every task of one category to another (or to none), across the whole history.
private func recategorize(from old: String, to new: String?, in state: StoreState, at now: Moment) throws -> Int {
    var count = 0
    for week in try state.storedWeeks() {
        for var task in try state.tasks(in: week) where task.category == old {
            task.category = new
            task.modified = now.timestamp
            try state.update(task)
            count += 1
        }
    }
    return count
}

/// Where a category is in the list, or an error that lists the categories there are.
private func position(of name: String, in list: [Category]) throws(CommandError) -> Int {
    if let index = list.firstIndex(where: { $0.name == name }) { return index }
    let known = list.isEmpty ? "there are none yet" : "categories: " + list.map(\.name).joined(separator: ", ")
    throw .failed("there is no category '\(name)'; \(known)")
}
