import Foundation
import ShadeTestSupport
import Testing

@testable import ShadeCore

/// The escaping every foreign string passes on its way to a terminal, class by class.
@Suite struct SafeTextTests {
    @Test(arguments: [
        ("\u{1B}[2J", "\\e[2J"), ("\u{1B}]0;pwned\u{07}", "\\e]0;pwned\\x07"), ("a\u{00}b", "a\\x00b"),
        ("tab\there", "tab\\there"), ("cr\rhere", "cr\\rhere"), ("line\nbreak", "line\\nbreak"),
        ("del\u{7F}", "del\\x7f"), ("csi\u{9B}31m", "csi\\u009b31m"), ("nel\u{85}", "nel\\u0085"),
        ("\u{202E}txt.exe", "\\u202etxt.exe"), ("\u{2066}iso\u{2069}", "\\u2066iso\\u2069"),
        ("lro\u{202D}", "lro\\u202d"), ("ls\u{2028}ps\u{2029}", "ls\\u2028ps\\u2029"),
    ])
    func everyUnsafeClassIsShownEscaped(_ raw: String, _ shown: String) {
        #expect(TextEscaping.escape(raw) == shown)
        let safe: SafeText = "title: \(raw)"
        #expect(safe.text == "title: " + shown)
        #expect(!safe.text.unicodeScalars.contains { TextEscaping.isUnsafe($0) })
    }

    @Test(arguments: [
        "Plain ASCII", "Read 30 pages of “Dune”", "読書 📚", "مساء الخير", "שלום", "👩‍👩‍👧 family",
        "🇫🇷 flag", "e\u{301}", "zero\u{200B}width", "join\u{200D}er", "Ωmega ß",
    ])
    func textThatCannotActOnATerminalIsUntouched(_ text: String) {
        #expect(TextEscaping.escape(text) == text)
        #expect(SafeText(escaping: text).text == text)
    }

    @Test func literalsKeepTheirLineBreaksAndInterpolatedValuesLoseThem() {
        let word = "x\ny"
        let text: SafeText = "first line \(word)\nsecond line \(42)"
        #expect(text.text == "first line x\\ny\nsecond line 42")
        #expect(SafeText(escaping: "a\nb\u{1B}", keepingLineBreaks: true).text == "a\nb\\e")
    }

    @Test func safeTextInsideSafeTextIsNotEscapedTwice() {
        let inner = SafeText(escaping: "\u{1B}")
        let outer: SafeText = "[\(inner)]"
        #expect(outer.text == "[\\e]")
        #expect(([inner, inner] as [SafeText]).joined(separator: "+").text == "\\e+\\e")
    }

    @Test func theFirstUnsafeCharacterIsFoundWithItsPosition() throws {
        let found = try #require(TextEscaping.firstUnsafe(in: "ab😀\u{1B}c"))
        #expect(found.scalar == "\u{1B}" && found.position == 4)
        #expect(TextEscaping.firstUnsafe(in: "a\nb", keepingLineBreaks: true) == nil)
        #expect(TextEscaping.codePoint("\u{202E}") == "U+202E")
    }
}

/// Times as people type them after `at:`.
@Suite struct TypedTimeTests {
    @Test(arguments: [
        ("9", "09:00"), ("09", "09:00"), ("930", "09:30"), ("0930", "09:30"), ("9:30", "09:30"),
        ("09:30", "09:30"), ("1930", "19:30"), ("9am", "09:00"), ("7pm", "19:00"), ("7PM", "19:00"),
        ("9:30pm", "21:30"), ("12am", "00:00"), ("12pm", "12:00"), ("0", "00:00"), ("23:59", "23:59"),
    ])
    func typedTimesAreRead(_ text: String, _ expected: String) {
        #expect(TimeOfDay(typed: text)?.description == expected)
    }

    @Test(arguments: ["24", "2400", "7:5", "960", "13pm", "0pm", "noon", "", "9:30:00", "12345", "-1", "9 am"])
    func otherTextIsNoTime(_ text: String) {
        #expect(TimeOfDay(typed: text) == nil)
    }
}

/// `add` reads like English: full slot names only, `next mon`, `this fri`.
@Suite struct EnglishAddTests {
    // Sunday 29 November 2026 in view.
    let resolver = DayResolver(today: CivilDate.fixture("2026-11-29"), view: CivilDate.fixture("2026-11-29"))

    @Test func singleLettersStartATitleNotASlot() throws {
        let haircut = try TaskWords.parse(["a", "haircut"], resolver: resolver, slotLetters: false)
        #expect(haircut.slot == nil && haircut.title == "a haircut")
        let email = try TaskWords.parse(["tue", "e", "mail"], resolver: resolver, slotLetters: false)
        #expect(email.date?.description == "2026-11-24" && email.slot == nil && email.title == "e mail")
        let full = try TaskWords.parse(["tue", "evening", "Walk"], resolver: resolver, slotLetters: false)
        #expect(full.slot == .evening && full.title == "Walk")
        // mv and navigation keep the letters.
        #expect(try TaskWords.parse(["tue", "e"], resolver: resolver).slot == .evening)
    }

    @Test(arguments: [
        (["next", "monday", "Review"], "2026-11-30", "Review"), (["next", "mon", "Review"], "2026-11-30", "Review"),
        (["this", "mon", "Review"], "2026-11-23", "Review"), (["last", "fri", "Review"], "2026-11-20", "Review"),
        (["Next", "Mon", "Review"], "2026-11-30", "Review"), (["mon", "Review"], "2026-11-23", "Review"),
    ])
    func dayExpressionsOfTwoWords(_ words: [String], _ date: String, _ title: String) throws {
        let parsed = try TaskWords.parse(words, resolver: resolver, slotLetters: false)
        #expect(parsed.date?.description == date)
        #expect(parsed.title == title)
    }

    @Test func nextWithoutAWeekdayIsTitle() throws {
        let parsed = try TaskWords.parse(["next", "steps"], resolver: resolver, slotLetters: false)
        #expect(parsed.date == nil && parsed.title == "next steps")
    }

    @Test func requireDateTakesOneOrTwoWords() throws {
        #expect(try resolver.requireDate(words: ["next", "tue"]).description == "2026-12-01")
        #expect(try resolver.requireDate(words: ["tomorrow"]).description == "2026-11-30")
        #expect(throws: InputError.self) { try resolver.requireDate(words: ["next", "week"]) }
        #expect(throws: InputError.self) { try resolver.requireDate(words: ["mon", "tue"]) }
    }
}

/// The way around the escaping is named, and taken in few places: the type itself, width
/// arithmetic on text already safe, the colour codes, and JSON (escaped by a format of its own).
@Suite struct VerbatimUseTests {
    @Test func onlyTheReviewedFilesWriteTextVerbatim() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources")
        let allowed: Set<String> = [
            "ShadeCore/SafeText.swift", "ShadeRendering/DisplayWidth.swift", "ShadeRendering/Style.swift",
            "ShadeRendering/JSONOutput.swift",
            // Bars and the ASCII form of a chart, made of shade's own glyphs and colour codes.
            "ShadeRendering/PeriodChart.swift",
            // An export sent to a file or a pipe is the file itself, exact; on a terminal it is escaped.
            "ShadeCLI/Commands/Export.swift",
        ]
        var users: Set<String> = []
        let files = FileManager.default.enumerator(atPath: sources.path)
        while let relative = files?.nextObject() as? String {
            guard relative.hasSuffix(".swift") else { continue }
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            if text.contains("SafeText(verbatim:") { users.insert(relative) }
        }
        #expect(!users.isEmpty)
        #expect(users.subtracting(allowed).isEmpty, "new verbatim writers: \(users.subtracting(allowed).sorted())")
    }
}
