import ShadeCore
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

    struct CategoryList: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "ls", abstract: "Each category with its colour and its tasks' counts and rate (whole history).",
            flags: [.json("Print the categories as JSON.")])
        let json: Bool

        func execute(in session: Session) throws {
            let (categories, tallies) = try session.read { state -> ([Category], [String: Tally]) in
                let categories = try state.categories()
                return (categories, categories.isEmpty ? [:] : try state.categoryTallies())
            }
            if json {
                try session.printJSON(CategoryTable.json(categories, tallies: tallies))
            } else if categories.isEmpty {
                session.print(CategoryTable.empty)
            } else {
                session.print(CategoryTable.render(categories, tallies: tallies, context: try session.renderContext()))
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
            let color = try parseWords(resolver: session.resolver())
            let label = session.undoLabel(["cat", "add", name] + (self.color.map { [$0] } ?? []))
            let change = try session.commit(label: label, now: session.now()) { state in
                try CategoryOperations.create(name, color: color, in: state)
            }
            guard let added = change.records.last?.after?.category else { return }
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
            let now = try session.now()
            let change = try session.commit(label: session.undoLabel(["cat", "rename", old, new]), now: now) {
                state in
                try CategoryOperations.rename(old, to: new, in: state, context: session.operationContext(now))
            }
            let count = change.tasks.count
            let names = change.records.compactMap { $0.before?.category?.name }
            let renamed = change.records.compactMap { $0.after?.category?.name }
            session.print(
                "renamed the category \(names.first ?? old) to \(renamed.first ?? new) (\(count) task\(count == 1 ? "" : "s"))"
            )
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
            let color = try parseWords(resolver: session.resolver())
            let change = try session.commit(
                label: session.undoLabel(["cat", "color", name, self.color]), now: session.now()
            ) {
                state in try CategoryOperations.recolor(name, to: color, in: state)
            }
            let shown = change.records.last?.after?.category?.name ?? name.lowercased()
            session.print("the category \(shown) is \(color.rawValue) now")
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
            let now = try session.now()
            let label = session.undoLabel(["cat", "rm", name] + (to.map { ["--to", $0] } ?? []))
            let change = try session.commit(label: label, now: now) { state in
                try CategoryOperations.remove(name, movingTo: to, in: state, context: session.operationContext(now))
            }
            let count = change.tasks.count
            let removed = change.records.first { $0.after == nil }?.before?.category?.name ?? name
            let target = change.tasks.first?.category ?? to?.lowercased()
            session.print(
                "removed the category \(removed); \(count) task\(count == 1 ? "" : "s") "
                    + (to != nil ? "moved to \(target ?? "")" : "left without a category"))
        }
    }
}
