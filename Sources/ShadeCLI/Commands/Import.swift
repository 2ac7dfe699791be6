import ShadeCore
import ShadeHost
import ShadeInterchange
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
            let tooLarge: SafeText =
                "\(shownFile) was not imported: it is larger than \(ImportLimits.maximumFileSizeText) "
                + "(\(ImportLimits.maximumFileSize) bytes, the limit)\nnothing was changed"
            let opened = try UserFile.open(file, limit: ImportLimits.maximumFileSize, tooLarge: tooLarge)
            defer { UserFile.closeOpened(opened.fd) }
            let named = file == "-" ? nil : file
            let guessed = self.format ?? InterchangeFormat.guess(fileName: named, bytes: opened.head)
            let now = try session.now()
            let context = InterchangeContext(now: now, schedule: session.schedule)
            // A csv, todo.txt or Taskwarrior file is read a record at a time and merged a week at a
            // time. (A head naming "shade" may be shade's own json: the whole file tells. A dry run
            // only reads the planner, as a whole: merging a week at a time takes the store's lock
            // and stages files.)
            if guessed.isStreamed, !dryRun, !opened.head.contains(Array("\"shade\"".utf8)) {
                let streamed = StreamedImport(
                    source: .prefixed(opened.head, opened.fd), format: guessed, context: context,
                    operationContext: session.operationContext(now), listing: json)
                // Who the change is by is found out before the store's lock is taken (git is never
                // started while other shade processes wait for the lock), as every commit does.
                _ = session.identity.name
                let result: (tally: ImportTally, notes: [String])
                do {
                    result = try streamed.run(
                        store: session.store, label: session.undoLabel(["import", file]), now: now)
                } catch let error as ImportError {
                    throw CommandError.failed(
                        "\(shownFile) (\(guessed.rawValue)) was not imported: \(SafeText(escaping: error.description))\nnothing was changed"
                    )
                }
                try show(result.tally, notes: result.notes, file: shownFile, format: guessed, in: session)
                return
            }
            let bytes = try UserFile.readRest(
                opened, path: file, limit: ImportLimits.maximumFileSize, tooLarge: tooLarge)
            let format = self.format ?? InterchangeFormat.guess(fileName: named, bytes: bytes)
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
            try show(outcome.tally, notes: bundle.notes, file: shownFile, format: format, in: session)
        }

        /// Prints what the import did (or would do).
        private func show(
            _ tally: ImportTally, notes: [String], file shownFile: SafeText, format: InterchangeFormat,
            in session: Session
        ) throws {
            if json {
                try session.printJSON(ImportSummary.json(tally, notes: notes, format: format.rawValue, dryRun: dryRun))
            } else {
                session.print(
                    ImportSummary.render(tally, notes: notes, file: shownFile, format: format.rawValue, dryRun: dryRun))
            }
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
    }
}
