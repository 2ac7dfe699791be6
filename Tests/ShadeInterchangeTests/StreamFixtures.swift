import Foundation
import ShadeCore
import Testing

@testable import ShadeInterchange

/// What the streamed-reading tests share: the clock, files of each format made to measure, and a
/// stream gathered into a bundle as `import` gathers it.
enum StreamFixtures {
    static let context = InterchangeContext(
        now: Moment(
            date: CivilDate(daysSinceEpoch: 20_780), time: TimeOfDay(hour: 9, minute: 30) ?? .midnight,
            utcOffsetSeconds: 0),
        schedule: .standard)

    /// The saved fuzz inputs of a format (`Tests/FuzzCorpus/<format>`), by name.
    static func corpus(_ format: String) throws -> [(name: String, bytes: [UInt8])] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("FuzzCorpus").appendingPathComponent(format)
        return try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted().map { name in
            (name, [UInt8](try Data(contentsOf: folder.appendingPathComponent(name))))
        }
    }

    /// A stream of `bytes` gathered as a bundle: each task resolved by the summary, the series
    /// linked to their occurrences.
    static func streamed(_ format: InterchangeFormat, _ bytes: [UInt8], chunkSize: Int = ImportChunks.defaultSize)
        throws -> PlannerBundle
    {
        try gathered(format, .bytes(bytes), chunkSize: chunkSize)
    }

    /// A stream of `source` gathered as a bundle.
    static func gathered(_ format: InterchangeFormat, _ source: ImportSource, chunkSize: Int = ImportChunks.defaultSize)
        throws -> PlannerBundle
    {
        var tasks: [(PlannerTask, String?)] = []
        var records: [AnyKeyedRecord] = []
        var lastLine = 0
        let summary = try format.stream(from: source, context: context, chunkSize: chunkSize, checksSeries: true) {
            switch $0 {
            case .task(let task, let line, let parent):
                if line < lastLine { Issue.record("line \(line) after \(lastLine): records come in file order") }
                lastLine = line
                tasks.append((task, parent))
            case .series(let series, let line):
                if line < lastLine { Issue.record("line \(line) after \(lastLine): records come in file order") }
                lastLine = line
                records.append(AnyKeyedRecord(series))
            case .inbox(let task, let line):
                if line < lastLine { Issue.record("line \(line) after \(lastLine): records come in file order") }
                lastLine = line
                records.append(AnyKeyedRecord(task))
            }
        }
        var bundle = PlannerBundle(
            tasks: tasks.compactMap { summary.resolve($0.0, parent: $0.1) }, records: records,
            taskFields: summary.taskFields, notes: summary.notes)
        bundle.linkOccurrences()
        return bundle
    }

    /// The error a read or a stream ends with, as `import` shows it; nil when it takes the file.
    static func failure(_ read: () throws -> PlannerBundle) -> String? {
        do {
            _ = try read()
            return nil
        } catch {
            return "\(error)"
        }
    }

    // MARK: Files made to measure

    /// Titles with characters of one, two, three and four bytes.
    static let titles = ["Plan the report", "Café au lait", "日本語の本を読む", "Party 🎉 time", "Naïve \"quotes\", commas"]

    /// A Taskwarrior object (one line of `task export`): statuses, tags, projects, annotations,
    /// wait dates, and every 50th a weekly recurring parent followed by two of its children.
    static func taskwarriorObjects(_ count: Int) -> [String] {
        var objects: [String] = []
        for index in 0..<count {
            let day = String(format: "202611%02d", 1 + index % 28)
            if index % 50 == 7 {
                let parent = "00000000-0000-4000-8000-\(String(format: "%012d", index))"
                objects.append(
                    #"{"uuid":"\#(parent)","description":"Gym","status":"recurring","recur":"weekly","due":"\#(day)T070000Z","entry":"20261101T080000Z"}"#
                )
                // One the series shows already (dropped), one done (an occurrence of its own).
                objects.append(
                    #"{"uuid":"10000000-0000-4000-8000-\#(String(format: "%012d", index))","description":"Gym","status":"pending","parent":"\#(parent)","due":"\#(day)T070000Z","entry":"20261101T080000Z"}"#
                )
                objects.append(
                    #"{"uuid":"20000000-0000-4000-8000-\#(String(format: "%012d", index))","description":"Gym","status":"completed","parent":"\#(parent)","due":"\#(day)T070000Z","entry":"20261101T080000Z","end":"\#(day)T090000Z"}"#
                )
                continue
            }
            let status = ["pending", "completed", "deleted", "waiting", "pending"][index % 5]
            var fields = [
                #""uuid":"c4ca37b7-f8ad-4aff-9424-\#(String(format: "%012d", index))""#,
                #""description":"\#(titles[index % titles.count].replacingOccurrences(of: "\"", with: "\\\"")) #\#(index)""#,
                #""status":"\#(status)""#, #""entry":"20261101T080000Z""#,
                #""due":"\#(day)T\#(index % 2 == 0 ? "083000" : "000000")Z""#,
            ]
            if status == "completed" { fields.append(#""end":"\#(day)T120000Z""#) }
            if index % 3 == 0 { fields.append(#""tags":["home","é-tag"]"#) }
            if index % 4 == 1 { fields.append(#""project":"Home.Garden""#) }
            if index % 7 == 2 { fields.append(#""annotations":[{"entry":"20261101T080000Z","description":"note ✓"}]"#) }
            if index % 11 == 3 { fields.append(#""wait":"20261130T080000Z""#) }
            objects.append("{" + fields.joined(separator: ",") + "}")
        }
        objects.append(#"{"uuid":"q1","description":"Twice a year","status":"recurring","recur":"semiannual"}"#)
        return objects
    }

    /// `task export`'s lines, every third ended CR LF, with a blank line here and there.
    static func taskwarriorLines(_ count: Int) -> [UInt8] {
        Array(
            taskwarriorObjects(count).enumerated().map { $0.element + ($0.offset % 3 == 0 ? "\r\n" : "\n") }
                .joined(separator: "").utf8) + Array("\n  \n".utf8)
    }

    /// The same objects as a JSON array laid out in `layout`.
    static func taskwarriorArray(_ count: Int, layout: ArrayLayout) -> [UInt8] {
        let objects = taskwarriorObjects(count)
        let text: String
        switch layout {
        case .oneALine: text = "[\n" + objects.joined(separator: ",\n") + "\n]\n"
        case .allOnOneLine: text = "[" + objects.joined(separator: ",") + "]"
        case .severalALine:
            text =
                " \r\n[ "
                + objects.enumerated().map { ($0.offset % 3 == 2 ? "\n\t" : " ") + $0.element }
                .joined(separator: " ,") + "\r\n ] \n\n"
        case .spreadOverLines:
            text =
                "[\n"
                + objects.map { $0.replacingOccurrences(of: "\",\"", with: "\",\n    \"") }.joined(separator: "\n,\n")
                + "]"
        }
        return Array(text.utf8)
    }

    enum ArrayLayout: CaseIterable { case oneALine, allOnOneLine, severalALine, spreadOverLines }

    /// A CSV of `count` rows: quoted fields holding commas, quotes and line breaks (LF and CR LF),
    /// repeating rows, blank rows.
    static func csv(_ count: Int) -> [UInt8] {
        var text = "\u{FEFF}uid,date,slot,time,title,status,category,tags,notes,repeat\r\n"
        for index in 0..<count {
            let title = "\"" + titles[index % titles.count].replacingOccurrences(of: "\"", with: "\"\"") + " \(index)\""
            let notes = index % 4 == 0 ? "\"first line\r\nsecond, line\nthird\"" : ""
            let rule = index % 25 == 9 ? "week" : ""
            let status = ["open", "done", "cancelled"][index % 3]
            let day = String(format: "2026-11-%02d", 1 + index % 28)
            text += "u\(index),\(day),evening,,\(title),\(status),@work,+a b,\(notes),\(rule)\r\n"
            if index % 10 == 5 { text += ",,,,,,,,,\n" }
        }
        return Array(text.utf8)
    }

    /// A todo.txt of `count` lines: done, starred, repeating lines, tags and categories, CR LF
    /// and LF, blank lines.
    static func todoTxt(_ count: Int) -> [UInt8] {
        var text = "\u{FEFF}"
        for index in 0..<count {
            let day = String(format: "2026-11-%02d", 1 + index % 28)
            let title = titles[index % titles.count]
            switch index % 4 {
            case 0: text += "x \(day) 2026-11-01 \(title) +done @home due:\(day) uid:t\(index)"
            case 1: text += "(A) 2026-11-01 \(title) +fav due:\(day) slot:evening at:18:30"
            case 2: text += "\(title) every:week due:\(day) uid:s\(index) until:2026-12-31"
            default: text += "  \(title)\t+tab due:\(day) remind:15m  "
            }
            text += index % 2 == 0 ? "\r\n" : "\n"
            if index % 9 == 4 { text += "   \n" }
        }
        return Array(text.utf8)
    }
}
