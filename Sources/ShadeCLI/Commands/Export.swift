import ShadeCore
import ShadeHost
import ShadeInterchange
import ShadeRendering
import ShadeStore

extension Shade {
    /// `export`: the planner, or the tasks a filter selects, in one of the five formats.
    struct Export: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "export",
            abstract: "Write the planner (or the tasks filters select) as json, csv, ics, todotxt or taskwarrior.",
            discussion: """
                Without a filter: every task, repeating task, goal, category and template. Filters are \
                those of ls (thisweek, 2026-W48, cat:work, +tag, open, done, …) and select tasks; the \
                repeating tasks that show a matching occurrence come with them, and the categories and \
                goals they name. json is shade's own and holds everything; the others hold what their \
                format can (a note on standard error says what was left out). The file is written \
                whole or not at all; it must be a regular file or a new one (a link to a regular \
                file writes that file), never a FIFO, a device or a directory; - is standard output.

                Examples:
                  export --format csv -o week.csv thisweek
                  export --format taskwarrior
                  export --format todotxt open
                """,
            options: [
                .init(name: "format", valueName: "FORMAT", help: "json (default), csv, ics, todotxt or taskwarrior."),
                .init(
                    name: "output", valueName: "FILE",
                    help: "The file to write (also -o FILE; default: standard output)."),
            ],
            arguments: [.init("filters", valueName: "FILTER…", help: "Filters that must all hold.", arity: .rest)])
        let format: InterchangeFormat
        let output: String?
        let filters: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            format = try arguments.choice("format", as: InterchangeFormat.self) ?? .json
            var words = arguments.words("filters")
            var output = arguments.option("output")
            // `-o FILE`, as other programs take it (the filters are free words).
            if let index = words.firstIndex(of: "-o") {
                guard index + 1 < words.count else { throw arguments.usage("-o needs a file name: -o week.csv") }
                output = words[index + 1]
                words.removeSubrange(index...(index + 1))
            }
            self.output = output
            filters = words
        }

        func parseWords(resolver: DayResolver) throws -> [TaskFilter] {
            try List.parse(filters, resolver: resolver).filters
        }

        func execute(in session: Session) throws {
            let query = session.query(try parseWords(resolver: session.resolver()))
            let now = try session.now()
            let selection = ExportSelection(
                query: query, standing: session.standingFilter?.query, now: now, schedule: session.schedule)
            let export = StreamedExport(
                selection: selection, format: format,
                context: InterchangeContext(now: now, schedule: session.schedule))
            guard let output, output != "-" else {
                // Set down while the store is read, printed once it is let go of (`OutputSpool`).
                let spool = try OutputSpool(environment: session.environment.variables)
                let outcome = try session.read { state in try export.run(in: state, to: spool.append) }
                let printer = Printer(format: format, session: session)
                try spool.replay(printer.take)
                printer.finish()
                for note in outcome.notes { Output.error("note: " + SafeText(escaping: note) + "\n") }
                return
            }
            let outcome = try UserFile.write(to: output) { append in
                // The writer keeps the sink only while it runs.
                try withoutActuallyEscaping(append) { append in
                    try session.read { state in try export.run(in: state, to: append) }
                }
            }
            for note in outcome.notes { Output.error("note: " + SafeText(escaping: note) + "\n") }
            session.print(
                ExportSummary.render(
                    tasks: outcome.tasks, series: outcome.series, inbox: outcome.inbox, file: output,
                    format: format.rawValue))
        }

        /// The file's text as the terminal is to show it: exact when standard output is a file or
        /// a pipe (it is the export itself); on a terminal, JSON with every unsafe character
        /// escaped the JSON way (the same text), other formats with them shown escaped.
        static func terminalSafe(_ text: String, format: InterchangeFormat) -> SafeText {
            // The line break the output adds after it is the file's last one (a CSV's CR LF keeps its CR).
            var scalars = text.unicodeScalars
            if scalars.last == "\n" { scalars.removeLast() }
            return escaped(String(scalars), format: format)
        }

        /// A piece of the file's text as the terminal is to show it (`terminalSafe`, the last line
        /// break left as it is).
        static func escaped(_ text: String, format: InterchangeFormat) -> SafeText {
            switch format {
            case .json, .taskwarrior: return JSONOutput.terminalSafe(text)
            default:
                return Terminal.isTerminal(1)
                    ? SafeText(escaping: text, keepingLineBreaks: true) : SafeText(verbatim: text)
            }
        }
    }
}
