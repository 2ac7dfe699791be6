import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `members`: everyone who has changed the planner.
    struct Members: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "members", abstract: "List everyone who has changed the planner, with their changes.",
            discussion: """
                Names come from the planner's records: each change of a task, goal, category, \
                repeating task or template is stamped with who made it (config user.name), and \
                every distinct stamp of a record counts as one change. An email address is the one \
                a member registered with the planner, else, for you, config user.email.

                Examples:
                  members
                  members --json
                """,
            flags: [.json("Print the members as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) { json = arguments.flag("json") }

        func execute(in session: Session) throws {
            let (changes, members) = try session.read { state in (try state.authorChanges(), try state.members()) }
            let identity = session.identity
            let summaries = MemberOperations.summaries(
                changes: changes, members: members, currentUser: (identity.name, identity.email))
            if json {
                let list = summaries.map { member -> JSONValue in
                    [
                        "name": .string(member.name), "email": .optional(member.email),
                        "changes": .int(Int64(member.changes)),
                    ]
                }
                try session.printJSON(["members": .array(list)])
                return
            }
            guard !summaries.isEmpty else {
                session.print("no one has changed the planner yet")
                return
            }
            let style = try session.renderContext(goals: false).style
            let names = summaries.map { SafeText(escaping: $0.name) }
            let emails = summaries.map { SafeText(escaping: $0.email ?? "—") }
            let nameWidth = names.map(DisplayWidth.of).max() ?? 0
            let emailWidth = emails.map(DisplayWidth.of).max() ?? 0
            for (index, member) in summaries.enumerated() {
                let you: SafeText = member.name == identity.name ? style.dim("  (you)") : ""
                session.print(
                    style.bold(DisplayWidth.padRight(names[index], to: nameWidth)) + "  "
                        + DisplayWidth.padRight(emails[index], to: emailWidth) + "  "
                        + DisplayWidth.padLeft("\(member.changes)", to: 5)
                        + " change\(member.changes == 1 ? "" : "s")" + you)
            }
        }
    }
}
