import ShadeCore
import ShadeHost
import ShadeJSON
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
                try session.printJSON([
                    "ok": .bool(report.problems.isEmpty), "files": .int(Int64(report.files)),
                    "tasks": .int(Int64(report.tasks)), "backup_sets": .int(Int64(report.backupSets)),
                    "problems": .array(
                        report.problems.map { problem in
                            [
                                "file": .string(problem.file), "line": problem.line.map { .int(Int64($0)) } ?? .null,
                                "column": problem.column.map { .int(Int64($0)) } ?? .null,
                                "message": .string(problem.message),
                            ]
                        }),
                    "notes": .array(report.notes.map { .string($0) }),
                ])
            } else {
                for problem in report.problems {
                    var place = problem.file
                    if let line = problem.line, let column = problem.column { place += ":\(line):\(column)" }
                    session.print("\(place): \(problem.message)")
                }
                for note in report.notes { session.print("note: \(note)") }
                let summary = "checked \(report.files) files, \(report.tasks) tasks"
                session.print(
                    report.problems.isEmpty
                        ? "\(summary): no problems"
                        : "\(summary): \(report.problems.count) problem\(report.problems.count == 1 ? "" : "s")")
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

        private func describe(_ set: BackupSet) -> JSONValue {
            [
                "set": .int(Int64(set.number)), "saved": .string(Restore.time(set.seconds)),
                "files": .array(set.files.map { .string($0) }),
            ]
        }

        func execute(in session: Session) throws {
            guard let number = set else {
                let sets = try session.store.backupSets()
                if json {
                    try session.printJSON(["sets": .array(sets.map(describe))])
                    return
                }
                guard !sets.isEmpty else {
                    session.print("no saved copies yet: each change keeps the files it replaces")
                    return
                }
                for set in sets {
                    let files = zip(set.files, set.taskCounts).map { file, count in
                        count.map { "\(file) (\($0) task\($0 == 1 ? "" : "s"))" } ?? file
                    }
                    session.print("\(set.number)  \(Restore.time(set.seconds))  \(files.joined(separator: ", "))")
                }
                session.print("'restore N' brings set N back")
                return
            }
            let restored = try session.store.restore(set: number)
            if json {
                try session.printJSON(describe(restored))
                return
            }
            session.print(
                "restored set \(restored.number) (\(restored.files.joined(separator: ", "))); "
                    + "the files it replaced are the newest set now")
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
