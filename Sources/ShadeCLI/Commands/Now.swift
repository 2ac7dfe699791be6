import ShadeCore
import ShadeRendering

extension Shade {
    struct Now: JSONFlagCommand {
        static let grammar = CommandGrammar(
            name: "now", abstract: "What to do now: the slot the clock is in, its tasks, the next timed task.",
            discussion: """
                Shows the slot the clock is in with its open tasks first, how long it has left, \
                the next open task with a time (today or tomorrow), and what the next slot holds.

                Examples:
                  now
                  now --json
                """,
            flags: [.json("Print it as JSON.")])
        let json: Bool

        func execute(in session: Session) throws {
            let now = try session.now()
            let tomorrow = now.date.adding(days: 1)
            let tasks = try session.applyStandingFilter(
                session.read { state in try state.tasks(from: now.date, through: tomorrow) })
            let agenda = NowAgenda(now: now, schedule: session.schedule, tasks: tasks)
            let context = try session.renderContext(series: json)
            if json {
                try session.printJSON(NowView.json(agenda, context: context))
            } else {
                session.print(NowView.render(agenda, context: context))
            }
        }
    }
}
