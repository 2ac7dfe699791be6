import Testing

@testable import ShadeJSON

/// `isWrittenAsTheSameText(as:)`: two values a list may write once and repeat are the same bytes,
/// not merely equal as Swift compares strings.
@Suite struct WrittenTextTests {
    @Test func stringsAreTheSameTextOnlyByteForByte() {
        #expect(JSONValue.string("2026-W48").isWrittenAsTheSameText(as: .string("2026-W48")))
        #expect(JSONValue.string("").isWrittenAsTheSameText(as: .string("")))
        // Swift's == takes these for one string; json-c writes them as different bytes.
        #expect("\u{E9}" == "e\u{301}")
        #expect(!JSONValue.string("\u{E9}").isWrittenAsTheSameText(as: .string("e\u{301}")))
        #expect(!JSONValue.string("2026-W48").isWrittenAsTheSameText(as: .string("2026-W49")))
        #expect(!JSONValue.string("2026-W4").isWrittenAsTheSameText(as: .string("2026-W48")))
        #expect(!JSONValue.string("a\u{0}b").isWrittenAsTheSameText(as: .string("a\u{0}c")))
        #expect(!JSONValue.string("1").isWrittenAsTheSameText(as: .int(1)))
    }

    @Test func aListOfRepeatedStringsIsWrittenAsJSONCWritesEachOne() throws {
        // Longer than json-c writes as one tree, so that each element is written after the one before.
        let names: [JSONValue] =
            Array(repeating: "2026-W48", count: JSONWriter.wholeTreeLimit) + [
                "e\u{301}", "\u{E9}", "\u{E9}", .null, "2026-W48",
            ]
        let written = try JSONWriter.bytes(["weeks": .array(names)])
        let read = try JSONParser.parse(written)
        let elements = read.objectValue?["weeks"]?.arrayValue ?? []
        #expect(elements.count == names.count)
        // Compared as bytes here, not by the comparison under test.
        for (element, name) in zip(elements, names) {
            switch (element, name) {
            case (.string(let read), .string(let wrote)): #expect(Array(read.utf8) == Array(wrote.utf8), "\(read)")
            default: #expect(element == name)
            }
        }
    }

    /// A text put back verbatim is told where it went, in a member's value and in a list, and the
    /// text is the one written without being told.
    @Test func whereEachTextPutBackWentIsTold() throws {
        let names = ["\u{0}1-day", "\u{0}2-day", "\u{0}3-item"]
        let texts: [String: ArraySlice<UInt8>] = [
            names[0]: Array("{\n      \"a\": [1, 2]\n    }".utf8)[...], names[1]: Array("{}".utf8)[...],
            names[2]: Array("\"kept ☕\"".utf8)[...],
        ]
        let value: JSONValue = [
            "format": 3, "days": ["2026-11-23": .string(names[0]), "2026-11-24": .string(names[1])],
            "list": [1, .string(names[2]), "x"],
        ]
        var placed: [String: Range<Int>] = [:]
        let bytes = try JSONWriter.bytes(value, verbatim: texts, placed: &placed)
        #expect(bytes == (try JSONWriter.bytes(value, verbatim: texts)))
        #expect(Set(placed.keys) == Set(names))
        for name in names { #expect(placed[name].map { bytes[$0] } == texts[name]) }
    }
}
