import ShadeTestSupport
import Testing

@testable import ShadeJSON

/// `JSONSyntax.accepts`: shade's own check of a text json-c then parses only in part. What it
/// accepts, the parser must accept (it is never less strict); what it refuses is parsed whole.
@Suite struct JSONSyntaxTests {
    private func accepts(_ text: String) -> Bool { JSONSyntax.accepts(Array(text.utf8)) }

    private func parserAccepts(_ bytes: [UInt8]) -> Bool { (try? JSONParser.parse(bytes)) != nil }

    /// A week file as shade writes one, with text that has escapes, non-ASCII and every kind of value.
    static let sample = """
        {
            "format": 3,
            "kind": "week",
            "week": "2026-W48",
            "days": {
                "2026-11-23": {
                    "morning": [
                        {"uid": "a-1", "title": "Gym \\"early\\" \\\\ \\u00e9 ☕ 読書", "status": "open", "tags": [],
                         "estimate": 45, "ratio": -0.5e-3, "done": false, "note": null, "flag": true}
                    ],
                    "afternoon": [],
                    "evening": [{"uid": "b-2", "title": "Read\\n\\t/\\/", "status": "done", "tags": ["x", "y"]}]
                },
                "2026-11-24": {"morning": [], "afternoon": [{}], "evening": [[1, [2, {"a": [3]}]], 0, -0, 1E+2]}
            }
        }
        """

    @Test func acceptsWhatTheParserAccepts() {
        #expect(accepts(JSONSyntaxTests.sample))
        #expect(parserAccepts(Array(JSONSyntaxTests.sample.utf8)))
        for text in ["{}", "[]", " [ ] ", "0", "-1.5e10", "\"\"", "true", "null", "{\"a\":{\"b\":[]}}", "[1,2,3]\n"] {
            #expect(accepts(text), "\(text)")
            #expect(parserAccepts(Array(text.utf8)), "\(text)")
        }
    }

    @Test func refusesWhatTheParserRefusesAndWhatItCannotBeSureOf() {
        let refused = [
            "", " ", "{", "}", "[1,]", "{\"a\":1,}", "{\"a\"}", "{\"a\" 1}", "{a:1}", "['a']", "[01]", "[1.]",
            "[.5]", "[1e]", "[+1]", "[-]", "[NaN]", "[Infinity]", "[tru]", "[True]", "[nul]", "[1 2]",
            "{\"a\":1 \"b\":2}", "[\"\u{1}\"]", "[\"a\nb\"]", "[\"\\x\"]", "[\"\\u12\"]", "[\"\\ud800\"]",
            "[\"\\u0000\"]", "{} {}", "[] x", "\u{FEFF}{}", "[1e400]", "[123456789012345678901]",
            "{\"a\":1,\"a\":2}", "{\"\\u0061\":1}", "/* */ {}", "[1] // x",
            String(repeating: "[", count: 40) + String(repeating: "]", count: 40),
        ]
        for text in refused { #expect(!accepts(text), "\(text.debugDescription)") }
        // Bytes no string literal holds: invalid UTF-8, an overlong form, a NUL.
        for bytes: [UInt8] in [[0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x5B, 0x31, 0x00, 0x5D]] {
            #expect(!JSONSyntax.accepts(bytes), "\(bytes)")
        }
    }

    /// Many texts made from a week file by changing a byte, taking one out, putting one in, or
    /// cutting the text short: each the check accepts, the parser accepts too.
    @Test func neverAcceptsWhatTheParserRefuses() {
        var random = SplitMix64(seed: 0x5EED_0F_DA75)
        let base = Array(JSONSyntaxTests.sample.utf8)
        let alphabet = Array("{}[]\",:\\ \n\t0123456789-+.eEtrufalsn/xu\u{1}".utf8) + [0x80, 0xC3, 0xA9, 0xFF, 0x00]
        var accepted = 0
        for _ in 0..<20_000 {
            var bytes = base
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<4, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random)!
                case 1: bytes.remove(at: at)
                case 2: bytes.insert(alphabet.randomElement(using: &random)!, at: at)
                default: bytes.removeSubrange(at...)
                }
                if bytes.isEmpty { break }
            }
            guard JSONSyntax.accepts(bytes) else { continue }
            accepted += 1
            #expect(parserAccepts(bytes), "\(String(decoding: bytes, as: UTF8.self))")
        }
        // Some changes keep the text JSON (a digit for a digit, a blank taken out).
        #expect(accepted > 500)
    }

    @Test func theOutlineFindsTheValuesDownToItsDepthBySpan() throws {
        let bytes = Array(JSONSyntaxTests.sample.utf8)
        let outline = try #require(JSONSyntax.outline(bytes, depth: 5))
        func text(_ span: Range<Int>?) -> String? { span.map { String(decoding: bytes[$0], as: UTF8.self) } }
        #expect(outline.values[0].span == 0..<bytes.count && outline.values[0].depth == 1)
        let members = outline.children(of: 0)
        #expect(members.map { text(outline.values[$0].key) } == ["format", "kind", "week", "days"])
        #expect(text(outline.values[members[2]].span) == "\"2026-W48\"")
        #expect(text(outline.values[members[0]].span) == "3")
        #expect(outline.firstChild(of: 0) == members[0])
        let days = outline.children(of: members[3])
        #expect(days.map { text(outline.values[$0].key) } == ["2026-11-23", "2026-11-24"])
        // Each span is a value the parser reads on its own.
        for day in days { #expect(parserAccepts(Array(bytes[outline.values[day].span]))) }
        let tuesday = outline.children(of: days[1])
        #expect(tuesday.map { outline.values[$0].depth } == [4, 4, 4])
        let evening = outline.children(of: tuesday[2])
        #expect(evening.map { text(outline.values[$0].span) } == ["[1, [2, {\"a\": [3]}]]", "0", "-0", "1E+2"])
        #expect(evening.map { outline.values[$0].key } == [nil, nil, nil, nil])
        // Below the depth asked for, nothing is outlined.
        #expect(outline.children(of: evening[0]).isEmpty)
        #expect(outline.values.allSatisfy { $0.depth <= 5 })
        #expect(outline.children(of: tuesday[0]).isEmpty)
        #expect(outline.children(of: outline.children(of: tuesday[1])[0]).isEmpty)
        let monday = outline.children(of: days[0])
        let gym = outline.children(of: outline.children(of: monday[0])[0])
        #expect(gym.isEmpty)
        let deeper = try #require(JSONSyntax.outline(bytes, depth: 6))
        #expect(deeper.values.count > outline.values.count)
    }

    /// An object of more keys than are compared one by one (`JSONSyntax.largestObject`), as a
    /// dense week's id index is: accepted whole, a key written twice refused wherever it is, and
    /// an object inside it or after it checked as its own.
    @Test func aLargeObjectIsCheckedByTheHashesOfItsKeys() {
        func object(_ keys: [String], inner: String = "1") -> String {
            "{" + keys.map { "\"\($0)\": \(inner)" }.joined(separator: ", ") + "}"
        }
        let keys = (0..<300).map { "9f1c-\($0)-a07e" }
        #expect(accepts(object(keys)))
        #expect(parserAccepts(Array(object(keys).utf8)))
        for repeated in [1, 63, 64, 65, 299] {
            let twice = keys + [keys[repeated]]
            #expect(!accepts(object(twice)), "\(repeated)")
            #expect(!parserAccepts(Array(object(twice).utf8)))
        }
        // Objects of many keys inside one another, and the same keys again in a sibling.
        let nested = object(Array(keys.prefix(100)), inner: object(Array(keys.suffix(80))))
        #expect(accepts(nested))
        #expect(accepts("[" + object(keys) + ", " + object(keys) + "]"))
        #expect(!accepts("[" + object(keys) + ", " + object(keys + ["9f1c-7-a07e"]) + "]"))
        #expect(!accepts(object(Array(keys.prefix(100)), inner: object(Array(keys.prefix(70)) + ["9f1c-3-a07e"]))))
    }
}
