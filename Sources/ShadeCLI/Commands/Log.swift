import ShadeCore
import ShadeJSON
import ShadeRendering
import ShadeStore

extension Shade {
    struct Log: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "log", abstract: "List the last changes: what each changed, field by field, when and by whom.",
            discussion: """
                Newest first. Each change is one undo step; undo takes back the newest. The log keeps \
                the last \(StoreFormat.undoDepth) changes.

                Examples:
                  log
                  log 3
                  log 20 --json
                """,
            flags: [.json("Print the changes as JSON.")],
            arguments: [.init("count", valueName: "N", help: "How many changes (default 10).", arity: .optional)])
        let json: Bool
        let count: Int?

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            count = try arguments.optionalCount("count")
        }

        func execute(in session: Session) throws {
            let entries = try session.read { state in try state.changeLog(last: count ?? 10) }.reversed()
            if json {
                try session.printJSON(["changes": .array(entries.map { Log.json(number: $0.number, $0.change) })])
                return
            }
            guard !entries.isEmpty else {
                session.print("no changes yet")
                return
            }
            let style = try session.renderContext().style
            for (number, change) in entries {
                let by: SafeText = change.by.isEmpty ? "" : " · \(change.by)"
                session.print(
                    style.bold("#\(number)") + style.dim(" \(Log.shownTime(change.at))") + by + " · \(change.label)")
                for record in change.records { session.print("  " + Log.line(record)) }
            }
        }

        /// `2026-11-23 09:30` of a timestamp.
        static func shownTime(_ timestamp: String) -> String {
            let text = timestamp.replacingOccurrences(of: "T", with: " ")
            return String(text.prefix(16))
        }

        /// `task 29 “Call the bank”: status open → done` · `added category school (blue)`.
        static func line(_ record: RecordChange) -> SafeText {
            let name: SafeText
            switch record.after ?? record.before {
            case .task(let task)?:
                name = "task \(task.id) “" + DisplayWidth.truncate(SafeText(escaping: task.title), to: 40) + "”"
            case .keyed(let keyed)?:
                name =
                    "\(keyed.kind.rawValue) " + DisplayWidth.truncate(SafeText(escaping: keyed.base.shownName), to: 42)
            case nil: name = ""
            }
            switch record.action {
            case .add: return "added " + name
            case .remove: return "removed " + name
            case .change:
                let fields = record.fieldChanges.filter { $0.field != "modified" }.map { change -> SafeText in
                    "\(change.field) " + shown(change.old) + " → " + shown(change.new)
                }
                return name + ": " + fields.joined(separator: ", ")
            }
        }

        private static func shown(_ value: FieldValue) -> SafeText {
            switch value {
            case .none: return "—"
            case .text(let text): return DisplayWidth.truncate(SafeText(escaping: text), to: 40)
            case .flag(let flag): return flag ? "yes" : "no"
            case .list(let items): return items.isEmpty ? "—" : "\(items.joined(separator: " "))"
            }
        }

        static func json(number: Int, _ change: Change) -> JSONValue {
            let records = change.records.map { record -> JSONValue in
                let task = (record.after ?? record.before)?.task
                return [
                    "kind": .string(record.kind.rawValue), "uid": .string(record.key),
                    "id": task.map { .int(Int64($0.id)) } ?? .null, "action": .string(record.action.rawValue),
                    "fields": .array(
                        record.fieldChanges.map { field in
                            ["field": .string(field.field), "old": JSONValue(field.old), "new": JSONValue(field.new)]
                        }),
                ]
            }
            return [
                "number": .int(Int64(number)), "label": .string(change.label), "at": .string(change.at),
                "by": .string(change.by), "records": .array(records),
            ]
        }
    }
}
