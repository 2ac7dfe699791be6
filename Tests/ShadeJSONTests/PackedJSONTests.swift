import PropertyBased
import Testing

@testable import ShadeJSON

/// Values drawn at random by the property checker's own generator: every kind of value, nested,
/// with text that needs escaping in JSON and text beyond ASCII.
private enum RandomValues {
    /// Any value (failures are reported with their seed, not shrunk).
    static let any = Generator<JSONValue, Shrink.None<JSONValue>>(
        run: { random in value(using: &random) }, shrink: { _ in Shrink.None() })

    /// Text of any of these pieces; a key has no NUL (json-c keeps keys as C strings).
    static func text(key: Bool = false, using random: inout any SeededRandomNumberGenerator) -> String {
        let pieces = ["", "a", "Gym", "\"", "\\", "\n", "\u{1F}", "ü", "☕", "🧘‍♀️", "/", "e\u{301}", " "]
        let all = key ? pieces : pieces + ["\u{0}"]
        return (0..<Int.random(in: 0..<5, using: &random)).map { _ in all.randomElement(using: &random) ?? "" }
            .joined()
    }

    static func value(depth: Int = 0, using random: inout any SeededRandomNumberGenerator) -> JSONValue {
        switch Int.random(in: 0..<(depth > 3 ? 5 : 7), using: &random) {
        case 0: return .null
        case 1: return .bool(Bool.random(using: &random))
        case 2:
            let edges: [Int64] = [0, 1, -1, .max, .min, 300, -129]
            return .int(
                Bool.random(using: &random)
                    ? edges.randomElement(using: &random) ?? 0 : Int64.random(in: .min ... .max, using: &random))
        case 3: return .double([0.5, -2.25, 1e300, 3.0e-12, 7.0].randomElement(using: &random) ?? 0)
        case 4: return .string(text(using: &random))
        case 5:
            return .array(
                (0..<Int.random(in: 0..<5, using: &random)).map { _ in value(depth: depth + 1, using: &random) })
        default:
            var object = JSONObject()
            for index in 0..<Int.random(in: 0..<6, using: &random) {
                object[text(key: true, using: &random) + "\(index)"] = value(depth: depth + 1, using: &random)
            }
            return .object(object)
        }
    }
}

@Suite struct PackedJSONTests {
    /// Packed and read back, any value is the same value, members in the same order; and the
    /// json-c tree built from it reads as the same value as its JSON text parsed.
    @Test func aPackedValueComesBackTheSameAndReadsAsItsText() async {
        await propertyCheck(count: 300, input: RandomValues.any) { value in
            let packed = try PackedJSON.pack(value)
            #expect(try PackedJSON.unpack(packed) == value)
            let built = try JSONDocument(building: value).value.value
            #expect(built == value)
            #expect(built == (try JSONParser.parse(JSONWriter.bytes(value))))
        }
    }

    /// A frame cut short anywhere, or followed by more, is refused (never read as a smaller value).
    @Test func everyCutOfAPackedValueIsRefused() async {
        await propertyCheck(count: 100, input: RandomValues.any, RandomValues.any) { first, second in
            let packed = try PackedJSON.pack(.array([first, second]))
            for end in 0..<packed.count {
                #expect(throws: JSONError.self) { try PackedJSON.unpack(Array(packed[0..<end])) }
            }
            #expect(throws: JSONError.self) { try PackedJSON.unpack(packed + [0]) }
        }
    }

    @Test func damagedBytesAreRefusedWithWhereAndWhy() throws {
        // A tag no value starts with.
        let tag = try #require(unpackError([9]))
        #expect(tag.offset == 0 && tag.reason.contains("byte 9"))
        // A length past the end, refused before anything is made for it.
        let length = try #require(unpackError([6, 0xff, 0xff, 0xff, 0xff, 0x0f]))
        #expect(length.offset == 1 && length.reason.contains("past the end"))
        // Text that is not UTF-8.
        let text = try #require(unpackError([5, 2, 0xc3, 0x28]))
        #expect(text.reason.contains("UTF-8"))
        // A key twice in one object.
        let twice = try #require(unpackError([7, 2, 1, 0x61, 0, 1, 0x61, 0]))
        #expect(twice.offset == 5 && twice.reason.contains("'a' twice"))
        // A key holding NUL, which json-c (keys as C strings) would cut short.
        let nul = try #require(unpackError([7, 1, 3, 0x61, 0, 0x62, 0]))
        #expect(nul.offset == 2 && nul.reason.contains("U+0000"))
        // NaN has no JSON form: not packed, and not read.
        #expect(throws: JSONWriteError.nonFiniteNumber) { try PackedJSON.pack(.double(.nan)) }
        #expect(unpackError([4] + [0, 0, 0, 0, 0, 0, 0xf8, 0x7f]) != nil)
    }

    /// A value packed is refused at exactly the depth its JSON text is refused at.
    @Test func nestingIsRefusedWhereTheTextParserRefusesIt() throws {
        for depth in 28...36 {
            let text = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
            let value = (1..<depth).reduce(JSONValue.array([])) { inner, _ in .array([inner]) }
            let parsed = (try? JSONParser.parse(Array(text.utf8))) != nil
            let unpacked = (try? PackedJSON.unpack(try PackedJSON.pack(value))) != nil
            #expect(parsed == unpacked, "\(depth) levels")
            if depth == 36 { #expect(!unpacked) }
            if depth == 28 { #expect(unpacked) }
        }
    }

    /// The form is fixed: a log an earlier version wrote is read by this one.
    @Test func theFormIsFixed() throws {
        let value: JSONValue = ["k": [nil, true, false, 1, .double(0.5), "é"]]
        #expect(
            try PackedJSON.pack(value) == [
                7, 1, 1, 0x6b, 6, 6, 0, 2, 1, 3, 1, 0, 0, 0, 0, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0xe0, 0x3f, 5, 2, 0xc3,
                0xa9,
            ])
    }

    private func unpackError(_ bytes: [UInt8]) -> JSONError? {
        do {
            _ = try PackedJSON.unpack(bytes)
            return nil
        } catch { return error }
    }
}

@Suite struct JSONWriterLayoutTests {
    /// A container laid out member by member (each member json-c's own tree, put at its depth)
    /// reads exactly as json-c's text of the whole value, in both layouts, whatever the size of
    /// the trees handed to json-c.
    @Test func aValueWrittenATreeAtATimeIsJSONCsTextOfTheWhole() async {
        await propertyCheck(count: 400, input: RandomValues.any) { value in
            for layout in [JSONWriter.Layout.pretty, .compact] {
                let whole = try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: .max)
                for limit in [0, 1, 3, 8] {
                    #expect(try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: limit) == whole)
                }
            }
        }
    }

    /// A long list that repeats its values (as an id shard names one week for many ids) is the
    /// same text as one tree, a double equal to another but written otherwise (-0.0) included.
    @Test func aListRepeatingItsValuesIsTheSameTextAsOneTree() throws {
        var elements: [JSONValue] = []
        for index in 0..<300 {
            elements.append(index % 7 < 5 ? "2026-W48" : index % 7 == 5 ? .null : .int(Int64(index / 50)))
        }
        // Doubles equal but written otherwise; one letter written two ways, equal to Swift's `==`.
        elements += [.double(0.0), .double(-0.0), .double(-0.0), .double(0.0), true, true, "é", "é", "e"]
        elements += (0..<10).map { $0 % 2 == 0 ? "\u{E9}" : "e\u{301}" } + [[], [], [:], [:]]
        let value: JSONValue = ["weeks": .array(elements), "again": .array(elements.reversed())]
        for layout in [JSONWriter.Layout.pretty, .compact] {
            let whole = try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: .max)
            #expect(try JSONWriter.bytes(value, layout: layout) == whole)
            #expect(try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: 0) == whole)
        }
    }

    /// An object of many members (as a week's id index holds one a task), written a run of
    /// members at a time, is the same text as one tree: keys json-c cuts at a NUL, members too
    /// large for a run and empty containers among them.
    @Test func anObjectOfManyMembersIsTheSameTextAsOneTree() throws {
        var members: [(String, JSONValue)] = []
        for index in 0..<300 {
            let value: JSONValue =
                switch index % 9 {
                case 4: .array((0..<70).map { .int(Int64($0)) })
                case 5: [:]
                case 6: ["a": [], "b": .null, "c": "\u{0}x"]
                default: .int(Int64(index))
                }
            members.append((index % 50 == 3 ? "k\u{0}\(index)" : "uid-\(index)-é\"", value))
        }
        var object = JSONObject()
        for (key, value) in members { object.appendUnique(key, value) }
        for value in [JSONValue.object(object), ["ids": .object(object), "tail": [.object(object)]]] {
            for layout in [JSONWriter.Layout.pretty, .compact] {
                let whole = try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: .max)
                #expect(try JSONWriter.bytes(value, layout: layout) == whole)
                for limit in [0, 1, 2, 5] {
                    #expect(try JSONWriter.bytes(value, layout: layout, wholeTreeLimit: limit) == whole)
                }
            }
        }
    }

    /// A store file's shape (a week of many tasks, each with an empty and a full list) comes out
    /// the same, empty containers at every depth included.
    @Test func aWeekShapedValueIsTheSameTextAsOneTree() throws {
        let task: JSONValue = [
            "uid": "a\"b\\c\nd", "title": "☕ Gym 🧘‍♀️", "notes": .null, "tags": [], "stamps": [:],
            "list": ["x", 1, .double(2.5), true, [:], []],
        ]
        let week: JSONValue = [
            "format": 3, "kind": "week",
            "days": ["2026-11-23": ["morning": .array(Array(repeating: task, count: 40)), "evening": []]],
            "empty": [:],
        ]
        for layout in [JSONWriter.Layout.pretty, .compact] {
            #expect(
                try JSONWriter.bytes(week, layout: layout)
                    == JSONWriter.bytes(week, layout: layout, wholeTreeLimit: .max))
        }
    }
}
