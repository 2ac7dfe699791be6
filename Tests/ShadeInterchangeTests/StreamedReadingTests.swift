import Foundation
import ShadeCore
import Testing

@testable import ShadeInterchange

/// Reading csv, todo.txt and Taskwarrior a record at a time (`InterchangeFormat.stream`) gives what
/// reading the whole file gives, whatever the size of the chunks it is read in, and says what is
/// wrong with a bad file at the same line.
@Suite struct StreamedReadingTests {
    typealias F = StreamFixtures

    /// Whether two bundles hold the same tasks, series, notes and fields.
    static func same(_ one: PlannerBundle, _ other: PlannerBundle) -> Bool {
        one.tasks == other.tasks && one.records == other.records && one.notes == other.notes
            && one.taskFields == other.taskFields
    }

    static let streamedFormats: [InterchangeFormat] = [.csv, .todotxt, .taskwarrior]

    @Test func onlyCsvTodoTxtAndTaskwarriorAreStreamed() {
        #expect(InterchangeFormat.allCases.filter(\.isStreamed) == [.csv, .todotxt, .taskwarrior])
        #expect(throws: ImportError.self) {
            try InterchangeFormat.json.stream(from: .bytes([]), context: F.context) { _ in }
        }
    }

    @Test(arguments: streamedFormats)
    func everySavedInputStreamsAsTheWholeFileReads(_ format: InterchangeFormat) throws {
        for (name, bytes) in try F.corpus(format.rawValue) {
            let whole = Result { try format.read(bytes, context: F.context) }
            for size in [1, 7, ImportChunks.defaultSize] {
                switch whole {
                case .success(let bundle):
                    let streamed = try F.streamed(format, bytes, chunkSize: size)
                    let same = Self.same(streamed, bundle)
                    #expect(same, "\(format)/\(name) in chunks of \(size)")
                case .failure(let error):
                    #expect(
                        F.failure { try F.streamed(format, bytes, chunkSize: size) } == "\(error)",
                        "\(format)/\(name) in chunks of \(size)")
                }
            }
        }
    }

    static let generated: [(InterchangeFormat, [UInt8])] =
        [
            (.taskwarrior, F.taskwarriorLines(400)), (.csv, F.csv(400)), (.todotxt, F.todoTxt(400)),
        ] + F.ArrayLayout.allCases.map { (.taskwarrior, F.taskwarriorArray(400, layout: $0)) }

    /// Chunks of 1 to 13 bytes cut records, line breaks (CR LF too), and characters of two to
    /// four bytes anywhere.
    @Test(arguments: 0..<7)
    func aGeneratedFileStreamsAsTheWholeFileReadsInChunksOfAnySize(_ which: Int) throws {
        let (format, bytes) = Self.generated[which]
        let whole = try format.read(bytes, context: F.context)
        #expect(whole.tasks.count > 200)
        for size in Array(1...13) + [4096, ImportChunks.defaultSize] {
            let streamed = try F.streamed(format, bytes, chunkSize: size)
            let same = Self.same(streamed, whole)
            #expect(same, "\(format) #\(which) in chunks of \(size)")
        }
    }

    @Test func aTaskwarriorArrayReadsAsItsLinesInEveryLayout() throws {
        let lines = try InterchangeFormat.taskwarrior.read(F.taskwarriorLines(300), context: F.context)
        #expect(lines.series.count == 6)
        #expect(lines.tasks.contains { $0.series != nil })
        #expect(lines.notes.count == 3, "waiting, annotations, semiannual: \(lines.notes)")
        for layout in F.ArrayLayout.allCases {
            let bytes = F.taskwarriorArray(300, layout: layout)
            let same = Self.same(try F.streamed(.taskwarrior, bytes, chunkSize: 5), lines)
            #expect(same, "\(layout)")
        }
    }

    @Test func aChildBeforeItsRecurringParentIsResolvedAtTheEnd() throws {
        let objects = F.taskwarriorObjects(10)
        let reordered = [objects[8], objects[9], objects[7]] + objects.prefix(7) + objects.dropFirst(10)
        let bytes = Array(reordered.joined(separator: "\n").utf8)
        var parents: [String?] = []
        let summary = try InterchangeFormat.taskwarrior.stream(from: .bytes(bytes), context: F.context) {
            if case .task(_, _, let parent) = $0 { parents.append(parent) }
        }
        #expect(parents.prefix(2).allSatisfy { $0 == "00000000-0000-4000-8000-000000000007" })
        let whole = try InterchangeFormat.taskwarrior.read(bytes, context: F.context)
        let same = Self.same(try F.streamed(.taskwarrior, bytes), whole)
        #expect(same)
        #expect(whole.tasks.filter { $0.series != nil }.count == 1, "the done child is an occurrence; the other drops")
        #expect(summary.notes.last?.hasPrefix("recur:semiannual has no shade rule") == true)
    }

    // MARK: What is wrong, where

    @Test func aBadTaskwarriorRecordDeepInALargeStreamIsNamedByItsLine() throws {
        var objects = F.taskwarriorObjects(30_000)
        objects[17_320] = #"{"uuid":"x","description":"late","due":"soon"}"#
        let bytes = Array(objects.joined(separator: "\n").utf8)
        #expect(bytes.count > 3 * ImportChunks.defaultSize)
        let expected = "line 17321: due 'soon' is not a date (20261201T083000Z)"
        var seen = 0
        #expect(F.failure { try InterchangeFormat.taskwarrior.read(bytes, context: F.context) } == expected)
        let streamed = F.failure {
            _ = try InterchangeFormat.taskwarrior.stream(from: .bytes(bytes), context: F.context) { _ in seen += 1 }
            return PlannerBundle()
        }
        #expect(streamed == expected)
        #expect(seen > 17_000, "the records before it were handed out as they were read")
        // In an array spread over lines, the element's first line; a syntax error, its line and column.
        let array = Array(("[\n" + objects.joined(separator: ",\n") + "\n]").utf8)
        #expect(
            F.failure { try F.streamed(.taskwarrior, array, chunkSize: 4093) }
                == "line 17322: due 'soon' is not a date (20261201T083000Z)")
        var broken = objects
        broken[20_000] = #"{"uuid":"y","description" "no colon"}"#
        broken[17_320] = objects[17_319]
        let syntax = Array(("[\n" + broken.joined(separator: ",\n") + "\n]").utf8)
        let message = "line 20002, column 27: not JSON: object property name separator ':' expected"
        #expect(F.failure { try InterchangeFormat.taskwarrior.read(syntax, context: F.context) } == message)
        #expect(F.failure { try F.streamed(.taskwarrior, syntax, chunkSize: 4093) } == message)
    }

    @Test func aBadCsvRowAfterRowsWithLineBreaksIsNamedByItsLine() throws {
        let good = F.csv(3_000)
        var text = String(decoding: good, as: UTF8.self)
        text += "late,2026-02-30,,,Late,,,,,\r\n"
        let line = good.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        #expect(line > 4_000, "rows with line breaks in quoted fields")
        let expected = "line \(line): '2026-02-30' is not a date (YYYY-MM-DD)"
        let bytes = Array(text.utf8)
        #expect(F.failure { try InterchangeFormat.csv.read(bytes, context: F.context) } == expected)
        #expect(F.failure { try F.streamed(.csv, bytes, chunkSize: 4093) } == expected)
        #expect(F.failure { try F.streamed(.csv, bytes) } == expected)
    }

    @Test func aBadTodoTxtLineIsNamedByItsLine() throws {
        let good = F.todoTxt(2_000)
        let line = good.count(where: { $0 == UInt8(ascii: "\n") }) + 1
        let bytes = good + Array("late due:2026-02-30\n".utf8)
        let expected = "line \(line): '2026-02-30' is not a date (YYYY-MM-DD)"
        #expect(F.failure { try InterchangeFormat.todotxt.read(bytes, context: F.context) } == expected)
        #expect(F.failure { try F.streamed(.todotxt, bytes, chunkSize: 7) } == expected)
    }

    /// A line that is not UTF-8 is named, wherever the chunks are cut (a bad byte last in one).
    @Test(arguments: streamedFormats)
    func aLineThatIsNotUTF8IsNamed(_ format: InterchangeFormat) throws {
        let good: [UInt8]
        switch format {
        case .csv: good = F.csv(50)
        case .todotxt: good = F.todoTxt(50)
        default: good = F.taskwarriorLines(50)
        }
        let lineStarts = [0] + good.indices.filter { good[$0] == UInt8(ascii: "\n") }.map { $0 + 1 }
        let cut = lineStarts[40]
        for bad: [UInt8] in [[0xFF], [0xC3, 0x28], [0xE2, 0x82], [0xED, 0xA0, 0x80], [0xF0, 0x9F, 0x8E]] {
            // Into the first word with an `a` from line 41 on (inside a quoted field for csv).
            let place = good[cut...].firstIndex(of: UInt8(ascii: "a")) ?? cut
            var bytes = good
            bytes.insert(contentsOf: bad, at: place)
            let line = good[..<place].count(where: { $0 == UInt8(ascii: "\n") }) + 1
            #expect(line >= 41)
            let expected = "line \(line): the file is not UTF-8 text"
            #expect(F.failure { try format.read(bytes, context: F.context) } == expected)
            for size in [1, 2, 3, 7, place % 97 + 1, ImportChunks.defaultSize] {
                #expect(F.failure { try F.streamed(format, bytes, chunkSize: size) } == expected, "\(bad), \(size)")
            }
        }
        // The last byte of the file, cut short.
        let bytes = good + [0xE2]
        let last = "line \(lineStarts.count): the file is not UTF-8 text"
        #expect(F.failure { try F.streamed(format, bytes, chunkSize: 7) } == last)
        #expect(F.failure { try format.read(bytes, context: F.context) } == last)
    }

    @Test func aStreamNamesTheFirstBadLineInFileOrder() throws {
        // The whole-file read names a line that is not UTF-8 before any record, as it always did;
        // a stream cannot look ahead, and names what it meets first.
        let bytes = Array("fine due:2026-11-20\nbad due:2026-02-30\n".utf8) + [0xFF] + Array("\n".utf8)
        #expect(
            F.failure { try InterchangeFormat.todotxt.read(bytes, context: F.context) }
                == "line 3: the file is not UTF-8 text")
        #expect(F.failure { try F.streamed(.todotxt, bytes) } == "line 2: '2026-02-30' is not a date (YYYY-MM-DD)")
    }

    /// What is wrong with the array itself is said as parsing it whole says it.
    @Test(arguments: [
        "[", "[{}", "[{},", "[{} {}]", "[{},]", "[,{}]", "[{}]x", "[{}] ]", "[{}]\u{A0}", "[{},\n  x]", "[1] [",
        String(repeating: "[", count: 33) + String(repeating: "]", count: 33), "[123", "[\"a]", "[{\"a\":[1}]",
        "[{\"a\":1,\"a\":2}]", "[NaN]", "[]]", "\u{A0}[{}]", "[{\"é\":1,\"b\" 2}]", "[tru]", "[\n{}\n", "[\"x\"]",
    ])
    func aBrokenArrayIsRefusedAsParsingItWholeRefusesIt(_ text: String) throws {
        let task = #"{"uuid":"a1","description":"x","status":"pending","entry":"20261116T080000Z"}"#
        let bytes = Array(text.replacingOccurrences(of: "{}", with: task).utf8)
        let whole = try #require(F.failure { try InterchangeFormat.taskwarrior.read(bytes, context: F.context) })
        for size in [1, 3, ImportChunks.defaultSize] {
            #expect(F.failure { try F.streamed(.taskwarrior, bytes, chunkSize: size) } == whole, "\(size)")
        }
    }

    @Test func aBodyErrorIsRethrown() throws {
        struct Stop: Error {}
        var count = 0
        #expect(throws: Stop.self) {
            try InterchangeFormat.todotxt.stream(from: .bytes(F.todoTxt(20)), context: F.context) { _ in
                count += 1
                if count == 3 { throw Stop() }
            }
        }
        #expect(count == 3)
    }
}
