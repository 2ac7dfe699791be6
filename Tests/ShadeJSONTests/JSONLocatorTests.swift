import Testing

@testable import ShadeJSON

@Suite struct JSONLocatorTests {
    /// Texts whose elements hide brackets, commas, quotes and line breaks in strings and nesting.
    static let texts = [
        "[]",
        "  [ 1 ]",
        "[\n{\"a\": \"]\\\"[,\"},\n  [1, [2,\n3]], \"x\\ny\",\n\n null ,true,\n-1.5e3]",
        "\n\n[{\"title\": \"ü☕ \\\\\"},\n{\"t\": {\"u\": [\"]\"]}}\n,\n\"last\"\n]\n",
    ]

    @Test(arguments: texts) func elementLinesAgreeWithAskingForEachElement(text: String) throws {
        let bytes = Array(text.utf8)
        let count = try #require(try JSONParser.parse(bytes).arrayValue).count
        let expected = (0..<count).map { JSONLocator.position(of: "[\($0)]", in: bytes)?.line ?? 0 }
        #expect(JSONLocator.elementLines(in: bytes) == expected)
        #expect(expected.count == count)
    }

    @Test func elementLinesOfTheTasksOfAnExport() {
        let text =
            "[\n" + (0..<500).map { "{\"uuid\": \"\($0)\", \"description\": \"a, [b]\"}" }.joined(separator: ",\n")
            + "\n]"
        #expect(JSONLocator.elementLines(in: Array(text.utf8)) == Array(2...501))
    }

    @Test func aTextThatIsNoArrayHasNoElements() {
        #expect(JSONLocator.elementLines(in: Array("{\"a\": [1]}".utf8)).isEmpty)
        #expect(JSONLocator.elementLines(in: Array("  ".utf8)).isEmpty)
    }
}
