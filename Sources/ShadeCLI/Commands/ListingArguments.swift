import ShadeCore
import ShadeRendering

/// The words `ls` and `find` share — `--json`, `--by status|cat`, and the words that say what to
/// list — and what both do with them: read the tasks, order, group and print them.
struct ListingArguments: Sendable {
    let json: Bool
    let by: TaskGrouping?
    /// The filters or the text, as typed.
    let words: [String]

    init(_ arguments: CommandArguments) throws(CommandError) {
        json = arguments.flag("json")
        by = try arguments.choice("by", as: TaskGrouping.self)
        words = arguments.restWords
    }

    /// The grammar of such a command: its `words` argument (one that takes the rest of the line),
    /// `--json` and `--by`.
    static func grammar(name: String, abstract: String, discussion: String, words: CommandGrammar.Argument)
        -> CommandGrammar
    {
        CommandGrammar(
            name: name, abstract: abstract, discussion: discussion, flags: [.json("Print the tasks as JSON.")],
            options: [.init(name: "by", valueName: "status|cat", help: "Group by status or by cat(egory).")],
            arguments: [words])
    }

    /// Prints the tasks that match `query`, the standing filter and every word of `text`, in
    /// `order` and grouped as asked; `emptyMessage` when none does.
    func print(_ query: TaskQuery, text: [String], order: TaskSort, in session: Session, emptyMessage: SafeText)
        throws
    {
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
                    && (text.isEmpty || TextFolding.matches($0, words: text))
            }
            return (matching, try session.renderContext(series: json, in: state))
        }
        let tasks = order.sorted(matching)
        let groups = by.map { TaskGroup.make($0, tasks) }
        if json {
            try session.printJSON(TaskListing.json(tasks, groups: groups, context: context))
        } else {
            session.print(TaskListing.render(tasks, groups: groups, emptyMessage: emptyMessage, context: context))
        }
    }
}
