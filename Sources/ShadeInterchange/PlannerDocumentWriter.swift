import ShadeCore
import ShadeJSON
import ShadeStore

/// shade's own document (`PlannerDocument`) written a task at a time, byte for byte as json-c
/// writes the whole document: the document without its tasks is written by json-c, and each task
/// (written by json-c on its own) is placed in its `tasks` array, indented as json-c indents an
/// element there. JSON strings hold no raw line break, so every line break of a task's text
/// starts one of its lines, and indenting after each one moves the whole object.
struct PlannerDocumentWriter: FormatWriter {
    /// Two spaces a level: the `tasks` array's elements are two levels in.
    static let elementIndent = Array("    ".utf8)
    /// The document's start, through the `[` that opens `tasks` (its first array).
    private var start: [UInt8] = []
    /// Tasks written so far (the first has no comma before it).
    private var count = 0

    mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8] {
        start = try Self.parts(of: PlannerBundle()).start
        return start
    }

    mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8] {
        var bytes: [UInt8] = []
        for task in tasks {
            bytes += Array((count == 0 ? "\n" : ",\n").utf8) + Self.elementIndent
            var element = try JSONWriter.bytes(PlannerDocument.encode(task), layout: .pretty)
            if element.last == UInt8(ascii: "\n") { element.removeLast() }
            for byte in element {
                bytes.append(byte)
                if byte == UInt8(ascii: "\n") { bytes += Self.elementIndent }
            }
            count += 1
        }
        return bytes
    }

    mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String]) {
        let parts = try Self.parts(of: PlannerBundle(records: records))
        guard parts.start == start else { throw ImportError("json-c began the document in two ways") }
        // The whole document is followed by a line break of its own.
        return (parts.rest + [UInt8(ascii: "\n")], [])
    }

    /// A document of no tasks, parted after the `[` that opens its `tasks`: json-c closes an empty
    /// array on a line of its own, as it closes one that has elements, so what follows the `[` is
    /// the end of any document of those records.
    private static func parts(of bundle: PlannerBundle) throws -> (start: [UInt8], rest: [UInt8]) {
        let bytes = try JSONWriter.bytes(PlannerDocument.encode(bundle), layout: .pretty)
        guard let open = bytes.firstIndex(of: UInt8(ascii: "[")) else {
            throw ImportError("json-c wrote a document with no tasks array")
        }
        return (Array(bytes[...open]), Array(bytes[(open + 1)...]))
    }
}
