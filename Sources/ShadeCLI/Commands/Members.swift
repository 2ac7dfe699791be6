import ShadeCore
import ShadeRendering
import ShadeStore

extension Shade {
    /// `members`: everyone who has changed the planner.
    struct Members: JSONFlagCommand {
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

        func execute(in session: Session) throws {
            let (changes, members) = try session.read { state in (try state.authorChanges(), try state.members()) }
            let identity = session.identity
            let summaries = MemberOperations.summaries(
                changes: changes, members: members, currentUser: (identity.name, identity.email))
            if json {
                try session.printJSON(MemberList.json(summaries))
            } else if summaries.isEmpty {
                session.print(MemberList.empty)
            } else {
                let style = try session.renderContext(goals: false).style
                session.print(MemberList.render(summaries, you: identity.name, style: style))
            }
        }
    }
}
