import Testing

@testable import ShadeJSON

private func parse(_ text: String) throws(JSONError) -> JSONValue {
    try JSONParser.parse(Array(text.utf8))
}

private func error(_ bytes: [UInt8]) -> JSONError? {
    do {
        _ = try JSONParser.parse(bytes)
        return nil
    } catch { return error }
}

private func error(_ text: String) -> JSONError? { error(Array(text.utf8)) }

@Suite struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let value = try parse(#"{"a": [1, -2, 0.5, true, false, null, "x"], "b": {"c": "ü☕"}}"#)
        #expect(value == ["a": [1, -2, .double(0.5), true, false, nil, "x"], "b": ["c": "ü☕"]])
    }

    @Test func keepsKeyOrder() throws {
        #expect(try parse(#"{"z": 1, "a": 2, "m": 3}"#).objectValue?.keys == ["z", "a", "m"])
    }

    @Test func keepsEscapedNulInsideStrings() throws {
        #expect(try parse(#"["a\u0000b"]"#) == ["a\u{0}b"])
    }

    @Test func reportsLineAndColumnOfAMissingComma() throws {
        let found = try #require(error("{\n  \"a\": 1\n  \"b\": 2\n}"))
        #expect(found.line == 3)
        #expect(found.column == 3)
        #expect(found.reason.contains("','"))
    }

    @Test func reportsATruncatedDocumentAtItsEnd() throws {
        let found = try #require(error("{\n  \"a\": [1, 2"))
        #expect(found.line == 2)
        #expect(found.reason.contains("incomplete"))
    }

    @Test(arguments: [
        (#"{"a": 1, "a": 2}"#, "duplicate key \"a\""),
        (#"{"tasks": [1], "x": {"tasks": 2, "tasks": 3}}"#, "duplicate key \"tasks\""),
        (#"{"a": NaN}"#, "'NaN' is not valid JSON"),
        (#"{"a": Infinity}"#, "'Infinity' is not valid JSON"),
        (#"{"a": -Infinity}"#, "not valid JSON"),
        (#"{"id": 99999999999999999999}"#, "does not fit in 64 bits"),
        (#"{"id": -99999999999999999999}"#, "does not fit in 64 bits"),
        (#"{"x": 1e999}"#, "too large"),
        (#"{"a": 1} x"#, "unexpected"),
        (#"{"a": 1,}"#, "unexpected"),
        ("", "empty"),
        ("   \n", "empty"),
    ])
    func rejectsWhatStrictJSONForbids(text: String, reason: String) throws {
        let found = try #require(error(text))
        #expect(found.reason.contains(reason), "\(found)")
    }

    @Test func aDocumentThatEndsInsideABareValueIsWholeAndOneCutShortIsNot() throws {
        // json-c reads a bare number or word to what follows it: the end of the text must end it.
        #expect(try parse("123") == 123)
        #expect(try parse("-0.5") == .double(-0.5))
        #expect(try parse("true") == true)
        #expect(try parse("null") == nil)
        #expect(try parse("7\n") == 7)
        for (text, column) in [("tru", 4), (#"{"a": 1"#, 8), (#""abc"#, 5), ("[1, 2", 6)] {
            let found = try #require(error(text), "\(text)")
            #expect(found.reason.contains("incomplete"), "\(text): \(found)")
            #expect((found.line, found.column) == (1, column), "\(text): \(found)")
        }
    }

    @Test func indentsOfEveryWidthAreSkippedAndWhatFollowsThemIsStillChecked() throws {
        // Runs of spaces are passed eight at a time: a duplicate key, a NaN or a bad word right
        // after an indent of any width is still found, at its column.
        for width in 0...20 {
            let indent = String(repeating: " ", count: width)
            let duplicate = try #require(error("{\n\(indent)\"a\": 1,\n\(indent)\"a\": 2\n}"))
            #expect(duplicate.reason.contains("duplicate key \"a\""), "\(width): \(duplicate)")
            #expect((duplicate.line, duplicate.column) == (3, width + 1), "\(width): \(duplicate)")
            let nan = try #require(error("{\"a\":\n\(indent)NaN}"))
            #expect(nan.reason.contains("NaN") && nan.line == 2 && nan.column == width + 1, "\(width): \(nan)")
            #expect(
                try parse("{\"a\":\(indent)[\(indent)1,\(indent)\"\(indent)\"]\(indent)}") == [
                    "a": [1, .string(indent)]
                ])
        }
    }

    @Test func rejectsDuplicateKeysWrittenWithDifferentEscapes() throws {
        let found = try #require(error(#"{"a": 1, "\u0061": 2}"#))
        #expect(found.reason.contains("duplicate"))
    }

    @Test func findsADuplicateKeyInAnObjectOfManyKeys() throws {
        // Past 32 keys an object's key hashes are kept in a table of their own; the duplicate is
        // still named.
        let members = (0..<100).map { "\"k\($0)\": \($0)" } + ["\"k7\": 0"]
        let found = try #require(error("{\"outer\": {" + members.joined(separator: ", ") + "}}"))
        #expect(found.reason.contains("duplicate key \"k7\""))
        // Equal keys in different objects, nested or side by side, are no duplicate.
        let nested = #"{"a": {"a": {"a": 1}, "b": [{"a": 1}, {"a": 2}]}, "b": {"a": 1}}"#
        #expect(error(nested) == nil)
        let wide = "{" + (0..<100).map { "\"k\($0)\": {\"k\($0)\": 1}" }.joined(separator: ", ") + "}"
        #expect(error(wide) == nil)
    }

    @Test func rejectsAByteOrderMark() throws {
        let found = try #require(error([0xEF, 0xBB, 0xBF] + Array("{}".utf8)))
        #expect(found.reason.contains("byte order mark"))
    }

    @Test func rejectsNulBytesWithTheirPlace() throws {
        let found = try #require(error(Array("{\"a\":\n 1}".utf8) + [0]))
        #expect(found.reason.contains("NUL"))
        #expect((found.line, found.column) == (2, 4))
    }

    @Test(arguments: [[0xC0, 0x80], [0xFF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82]])
    func rejectsInvalidAndOverlongUTF8(_ bad: [UInt8]) throws {
        let found = try #require(error(Array("[\"ab".utf8) + bad + Array("\"]".utf8)))
        #expect(found.reason.contains("UTF-8"))
        #expect(found.column == 5)
    }

    @Test func boundsNesting() throws {
        let deep = String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
        let found = try #require(error(deep))
        #expect(found.reason.contains("nesting"))
        #expect(try JSONParser.parse(Array(deep.utf8), maximumDepth: 200) != .null)
    }

    @Test func countsColumnsInCharactersNotBytes() throws {
        let found = try #require(error("{\"é☕\": x}"))
        #expect(found.line == 1)
        #expect(found.column == 8)
    }
}

@Suite struct JSONWriterTests {
    @Test func writesPrettyStableTextThatParsesBack() throws {
        let value: JSONValue = ["b": 1, "a": ["x", nil, true, .double(0.25)], "t": "Crème / 読書 \u{0} \"q\""]
        let text = try JSONWriter.string(value)
        #expect(text.hasPrefix("{\n  \"b\": 1,\n  \"a\": [\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(text.contains("Crème / 読書"))
        #expect(try JSONParser.parse(Array(text.utf8)) == value)
        #expect(try JSONWriter.string(value) == text)
    }

    @Test func writesCompactText() throws {
        #expect(try JSONWriter.string(["a": [1, 2]], layout: .compact) == #"{"a":[1,2]}"#)
    }

    @Test func writesShortestRoundTripDoubles() throws {
        #expect(try JSONWriter.string(.double(2.0 / 3.0), layout: .compact) == "0.6666666666666666")
        #expect(try JSONWriter.string(.double(0.5), layout: .compact) == "0.5")
    }

    @Test func refusesNonFiniteNumbers() {
        #expect(throws: JSONWriteError.nonFiniteNumber) { try JSONWriter.bytes(["x": .double(.nan)]) }
        #expect(throws: JSONWriteError.nonFiniteNumber) { try JSONWriter.bytes([.double(.infinity)]) }
    }

    @Test func roundTripsLargeIntegersExactly() throws {
        let value: JSONValue = [.int(Int64.max), .int(Int64.min)]
        #expect(try JSONParser.parse(JSONWriter.bytes(value)) == value)
    }
}
