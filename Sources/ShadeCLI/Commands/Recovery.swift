import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore
import ShadeSync

extension Shade {
    struct Check: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "check",
            abstract:
                "Verify the whole store: every file parses and holds what it should, ids are unique, the id index agrees with the weeks.",
            discussion:
                "Each problem is printed as FILE:LINE:COLUMN: what is wrong. Exit 0 when there is none, 1 otherwise.\nExamples:\n  check\n  check --json",
            flags: [.json("Print the report as JSON.")])
        let json: Bool

        init(_ arguments: CommandArguments) {
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            var report = try session.store.check()
            report.problems += try SharedPlannerCheck.problems(
                in: session.store.directory, environment: session.environment.variables)
            if json {
                try session.printJSON(StoreCheckView.json(report))
            } else {
                session.print(StoreCheckView.render(report))
            }
            if !report.problems.isEmpty {
                throw CommandError.failed(
                    "the store has \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s"); "
                        + "'shade restore' lists saved copies of replaced files (\(report.backupSets) sets)")
            }
        }
    }

    struct Restore: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "restore", abstract: "List the saved copies of replaced store files, or bring one set back.",
            discussion: """
                Every change keeps the files it replaced; the last \(StoreFormat.backupDepth) changes' are kept.
                Restoring a set brings its files back as one change (what it replaces is kept in turn,
                so a restore can be taken back by restoring the newest set), rebuilds the id index
                and clears the undo journal.
                Examples:
                  restore
                  restore 12
                """,
            flags: [.json("Print the sets (or the one restored) as JSON.")],
            arguments: [
                .init(
                    "set", valueName: "N",
                    help: "The number of the set to bring back; without it, the sets are listed.", arity: .optional)
            ])
        let set: Int?
        let json: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            set = try arguments.optionalInt("set")
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            guard let number = set else {
                let sets = try session.store.backupSets()
                if json {
                    try session.printJSON(BackupSetView.json(sets, saved: Restore.time))
                } else {
                    session.print(sets.isEmpty ? BackupSetView.none : BackupSetView.render(sets, saved: Restore.time))
                }
                return
            }
            let restored = try session.store.restore(set: number)
            if json {
                try session.printJSON(BackupSetView.json(restored, saved: Restore.time))
            } else {
                session.print(BackupSetView.restored(restored))
            }
        }

        /// A local time such as `2026-11-23 09:30:12`.
        static func time(_ seconds: Int) -> String {
            let parts = SystemClock.localFields(epochSeconds: seconds)
            func two(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
            return "\(parts.year)-\(two(parts.month))-\(two(parts.day)) "
                + "\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))"
        }
    }
}
