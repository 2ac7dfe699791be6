import ShadeCore
import ShadeInterchange
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    /// `import`: tasks (and, from shade's own json, everything) from a file, by uid.
    struct Import: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "import",
            abstract: "Take tasks from a json, csv, ics, todotxt or taskwarrior file (- reads standard input).",
            discussion: """
                The format is guessed from the content and the name unless --format names it. A task \
                is known by its uid: one not in the planner is added, one there is updated in the \
                fields the format holds, so importing the same file twice changes nothing the second \
                time. A file with one bad record imports nothing and names the record's line. One undo \
                takes a whole import back. A file is read up to \(ImportLimits.maximumFileSizeText), JSON \
                nested up to \(ImportLimits.maximumJSONDepth) levels, iCalendar up to \
                \(ImportLimits.maximumCalendarDepth) components deep; past a limit it imports nothing \
                and names the limit.

                Examples:
                  import week.csv
                  import --dry-run calendar.ics
                  import --format taskwarrior tasks.json
                """,
            flags: [
                .init(name: "dry-run", help: "Only say what would be added, updated and left."),
                .json("Print the uids added, updated and left as JSON."),
            ],
            options: [
                .init(name: "format", valueName: "FORMAT", help: "json, csv, ics, todotxt or taskwarrior.")
            ],
            arguments: [.init("file", valueName: "FILE", help: "The file to import, or - for standard input.")])
        let file: String
        let format: InterchangeFormat?
        let dryRun: Bool
        let json: Bool

        init(_ arguments: CommandArguments) throws(CommandError) {
            file = arguments.word("file")
            format = try arguments.choice("format", as: InterchangeFormat.self)
            dryRun = arguments.flag("dry-run")
            json = arguments.flag("json")
        }

        func execute(in session: Session) throws {
            let shownFile = SafeText(escaping: file == "-" ? "standard input" : file)
            if file == "-", session.readsLinesFromStandardInput {
                throw CommandError.usage("the REPL reads its lines from standard input; name a file to import")
            }
            let bytes = try UserFile.read(
                file, limit: ImportLimits.maximumFileSize,
                tooLarge: "\(shownFile) was not imported: it is larger than \(ImportLimits.maximumFileSizeText) "
                    + "(\(ImportLimits.maximumFileSize) bytes, the limit)\nnothing was changed")
            let format = self.format ?? InterchangeFormat.guess(fileName: file == "-" ? nil : file, bytes: bytes)
            let now = try session.now()
            let context = InterchangeContext(now: now, schedule: session.schedule)
            let bundle: PlannerBundle
            do { bundle = try format.read(bytes, context: context) } catch {
                throw CommandError.failed(
                    "\(shownFile) (\(format.rawValue)) was not imported: \(SafeText(escaping: error.description))\nnothing was changed"
                )
            }
            var outcome = ImportOperations.Outcome()
            let label = session.undoLabel(["import", file])
            if dryRun {
                outcome = try session.read { state in
                    try Import.merge(bundle, state: state, session: session, now: now, nextID: { 0 })
                }
            } else {
                _ = try session.commit(label: label, now: now) { state in
                    outcome = try Import.merge(
                        bundle, state: state, session: session, now: now, nextID: { try state.allocateID() })
                    return outcome.changes
                }
            }
            if json {
                var object = JSONObject()
                object.appendUnique("added", .array(outcome.added.map(JSONValue.string)))
                object.appendUnique("updated", .array(outcome.updated.map(JSONValue.string)))
                object.appendUnique("left", .array(outcome.left.map(JSONValue.string)))
                if !dryRun {
                    object.appendUnique("format", .string(format.rawValue))
                    object.appendUnique("notes", .array(bundle.notes.map(JSONValue.string)))
                }
                try session.printJSON(.object(object))
                return
            }
            session.print(Import.summary(outcome, bundle: bundle, file: shownFile, format: format, dryRun: dryRun))
        }

        /// Runs the core merge against the planner's records.
        static func merge(
            _ bundle: PlannerBundle, state: StoreState, session: Session, now: Moment, nextID: () throws -> Int
        ) throws -> ImportOperations.Outcome {
            // A task is found by uid wherever it is planned: the whole planner is read once.
            let byUID = Dictionary(try state.allTasks().map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
            do {
                return try ImportOperations.merge(
                    bundle, existing: { byUID[$0] }, records: state, context: session.operationContext(now),
                    nextID: nextID)
            } catch let error as ImportError {
                throw CommandError.failed("nothing was imported: \(SafeText(escaping: error.description))")
            }
        }

        /// `imported week.csv (csv): 12 tasks added, 3 updated, 40 left as they were …`.
        static func summary(
            _ outcome: ImportOperations.Outcome, bundle: PlannerBundle, file: SafeText, format: InterchangeFormat,
            dryRun: Bool
        ) -> SafeText {
            func tasks(_ count: Int) -> String { "\(count) task\(count == 1 ? "" : "s")" }
            var parts = [
                "\(tasks(outcome.added.count)) \(dryRun ? "to add" : "added")",
                "\(outcome.updated.count) \(dryRun ? "to update" : "updated")",
                "\(outcome.left.count) left as they were",
            ]
            let kinds: [(RecordKind, String, String)] = [
                (RepeatSeries.kind, "repeating task", "repeating tasks"), (Goal.kind, "goal", "goals"),
                (Category.kind, "category", "categories"), (WeekTemplate.kind, "template", "templates"),
            ]
            for (kind, one, many) in kinds {
                let added = outcome.recordsAdded[kind] ?? 0
                let updated = outcome.recordsUpdated[kind] ?? 0
                guard added + updated > 0 else { continue }
                let count = added + updated
                parts.append(
                    "\(count) \(count == 1 ? one : many) \(updated == 0 ? "new" : added == 0 ? "updated" : "new or updated")"
                )
            }
            var text: SafeText =
                (dryRun ? "would import " : outcome.isEmpty ? "nothing to import from " : "imported ") + file
                + " (\(format.rawValue)): " + SafeText(escaping: parts.joined(separator: ", "))
            if !dryRun, !outcome.isEmpty { text += "\n'undo' takes the whole import back" }
            for note in bundle.notes { text += "\nnote: " + SafeText(escaping: note) }
            return text
        }
    }
}
