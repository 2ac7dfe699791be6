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
}
