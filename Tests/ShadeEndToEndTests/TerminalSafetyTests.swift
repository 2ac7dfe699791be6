import Foundation
import ShadeJSON
import Testing

/// Text that could act on a terminal — in a title, a category, a tag, a note, the configuration
/// and a hand-edited week file — through every view, `check` and the error paths: the raw bytes
/// of standard output and standard error never hold it; `--json` and the store keep it exactly.
@Suite struct TerminalSafetyTests {
    /// An OSC that retitles the window, a screen clear, a bell, a C1 CSI and a right-to-left override.
    static let hostileTitle = "\u{1B}]0;pwned\u{07}Pay \u{1B}[2J\u{9B}31m invoice \u{202E}fdp.exe"
    static let shownTitle = "\\e]0;pwned\\x07Pay \\e[2J\\u009b31m invoice \\u202efdp.exe"

    /// The bytes no stream may carry: ESC, BEL, other C0 but line breaks, DEL, C1 (as UTF-8),
    /// bidi overrides and isolates (as UTF-8).
    static func unsafeBytes(in text: String) -> String? {
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() {
            if byte < 0x20 && byte != 0x0A || byte == 0x7F { return "byte \(byte) at \(index)" }
            if byte == 0xC2, index + 1 < bytes.count, (0x80...0x9F).contains(bytes[index + 1]) {
                return "C1 at \(index)"
            }
            if byte == 0xE2, index + 2 < bytes.count {
                let pair = (bytes[index + 1], bytes[index + 2])
                if pair.0 == 0x80 && (0xAA...0xAE).contains(pair.1) || pair.0 == 0x81 && (0xA6...0xA9).contains(pair.1)
                {
                    return "bidi control at \(index)"
                }
            }
        }
        return nil
    }

    private func expectSafe(
        _ result: ShadeProcess.Result, _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(
            Self.unsafeBytes(in: result.stdout) == nil, "stdout of \(what): \(result.stdout.debugDescription)",
            sourceLocation: sourceLocation)
        #expect(
            Self.unsafeBytes(in: result.stderr) == nil, "stderr of \(what): \(result.stderr.debugDescription)",
            sourceLocation: sourceLocation)
    }

    /// A store whose task 1 has the hostile title, a hostile tag, note and category, as a file
    /// from another copy or an import could hold them.
    private func plantedStore() throws -> ShadeProcess {
        let shade = ShadeProcess()
        try shade.run(["add", "mon", "morning", "Placeholder", "+tagword", "cat:catword"])
        try shade.run(["note", "1", "noteword"])
        let week = shade.store + "/weeks/2026/2026-W48.json"
        var text = try String(contentsOfFile: week, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"Placeholder\"", with: jsonLiteral(Self.hostileTitle))
        text = text.replacingOccurrences(of: "\"tagword\"", with: jsonLiteral("tag\u{1B}[5m"))
        text = text.replacingOccurrences(of: "\"catword\"", with: jsonLiteral("cat\u{1B}[8m"))
        text = text.replacingOccurrences(of: "\"noteword\"", with: jsonLiteral("one\ntwo\u{1B}[31m\u{2067}"))
        try text.write(toFile: week, atomically: false, encoding: .utf8)
        return shade
    }

    /// The planted store whose category list names the hostile category too (which the list's
    /// reader refuses: a category name is a lowercase word).
    private func plantedCategoryList() throws -> ShadeProcess {
        let shade = try plantedStore()
        let categories = shade.store + "/categories.json"
        let list = try String(contentsOfFile: categories, encoding: .utf8)
        try list.replacingOccurrences(of: "\"catword\"", with: jsonLiteral("cat\u{1B}[8m"))
            .write(toFile: categories, atomically: false, encoding: .utf8)
        return shade
    }

    private func jsonLiteral(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    @Test func everyViewShowsForeignTextEscaped() throws {
        let shade = try plantedStore()
        for arguments in [
            ["day", "mon"], ["week"], ["ls", "all"], ["ls", "all", "--by", "cat"], ["show", "1"], ["cat"],
            ["find", "pay"],
            ["stats"],
        ] {
            let result = try shade.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.stderr)")
            expectSafe(result, arguments.joined(separator: " "))
        }
        let day = try shade.run(["day", "mon"]).stdout
        #expect(day.contains(Self.shownTitle), "\(day)")
        #expect(day.contains("+tag\\e[5m") && day.contains("@cat\\e[8m"))
        let show = try shade.run(["show", "1"]).stdout
        #expect(show.contains("one\n") && show.contains("two\\e[31m\\u2067"), "\(show)")
        // The piped REPL too, with a standing filter of foreign words in its prompt.
        let piped = try shade.run([], stdin: "filter +tag\u{1B}[5m\nday mon\nls\nshow 1\n")
        expectSafe(piped, "a piped script")
    }

    @Test func jsonAndTheStoreKeepTheExactText() throws {
        let shade = try plantedStore()
        for arguments in [["show", "1", "--json"], ["ls", "all", "--json"], ["day", "mon", "--json"]] {
            let result = try shade.run(arguments)
            expectSafe(result, arguments.joined(separator: " "))
            #expect(result.stdout.contains(Self.hostileTitle) == false)
        }
        let task = try shade.json(["show", "1"]).objectValue
        #expect(task?.string("title") == Self.hostileTitle)
        #expect(task?.string("notes") == "one\ntwo\u{1B}[31m\u{2067}")
        #expect(task?.string("category") == "cat\u{1B}[8m")
        // A change to another field leaves the text as it was.
        try shade.run(["star", "1"])
        #expect(try shade.json(["show", "1"]).objectValue?.string("title") == Self.hostileTitle)
    }

    @Test func checkReportsStoredControlCharactersWithoutChangingThem() throws {
        let shade = try plantedStore()
        let week = shade.store + "/weeks/2026/2026-W48.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: week))
        let result = try shade.run(["check"])
        expectSafe(result, "check")
        for arguments in [["cat"], ["cat", "--json"]] {
            let categories = try plantedCategoryList().run(arguments)
            #expect(categories.status == 1)
            expectSafe(categories, "cat on a category list with a foreign name")
        }
        // The task's category is not in the list: that fails check; its text is only noted.
        #expect(result.status == 1)
        #expect(result.stdout.contains("note: ") && result.stdout.contains("which categories.json does not list"))
        #expect(
            result.stdout.contains("task 1's title holds the control character U+001B (shown as \\e) at character 1"),
            "\(result.stdout)")
        #expect(result.stdout.contains("task 1's notes holds"))
        #expect(result.stdout.contains("task 1's tags holds"))
        let list = try plantedCategoryList().run(["check"])
        expectSafe(list, "check of a category list with a foreign name")
        #expect(list.stdout.contains("'cat\\e[8m' is not a lowercase category name"), "\(list.stdout)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: week)) == before)
        let json = try shade.run(["check", "--json"])
        expectSafe(json, "check --json")
    }

    @Test func errorsEchoForeignWordsEscaped() throws {
        let shade = try plantedStore()
        let evil = "\u{1B}]0;x\u{07}\u{1B}[2J\u{202E}"
        for arguments in [
            ["done", evil], ["day", evil], [evil], ["week", evil], ["ls", evil], ["mv", "1", evil],
            ["add", "x", "cat:" + evil],
            ["add", "Title" + evil], ["edit", "1", "color:" + evil], ["cat", "rm", evil], ["help", evil],
            ["show", evil],
            ["--color", evil], ["ls", "sort:" + evil], ["stats", "--from", evil],
        ] {
            let result = try shade.run(arguments)
            #expect(result.status != 0, "\(arguments.debugDescription)")
            #expect(!result.stderr.isEmpty)
            expectSafe(result, arguments.debugDescription)
        }
        let refused = try shade.run(["add", "Bad\u{1B}title"])
        #expect(refused.stderr.contains("U+001B"), "\(refused.stderr)")
        let script = try shade.run([], stdin: "done \(evil)\n\(evil)\nadd \(evil)x\n")
        expectSafe(script, "a piped script's errors")
    }

    @Test func aBadConfigurationValueAndADamagedFileAreReportedEscaped() throws {
        let shade = try plantedStore()
        try FileManager.default.createDirectory(atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try "{\"slots\": {\"morning\": \"\\u001b[2J\\u202e\"}}".write(
            toFile: shade.root + "/config/shade/config.json", atomically: false, encoding: .utf8)
        let config = try shade.run(["day"])
        #expect(config.status == 1)
        #expect(config.stderr.contains("is '\\e[2J\\u202e', not a time"), "\(config.stderr)")
        expectSafe(config, "a bad configuration value")
        try FileManager.default.removeItem(atPath: shade.root + "/config/shade/config.json")

        let week = shade.store + "/weeks/2026/2026-W48.json"
        var bytes = Array(try Data(contentsOf: URL(fileURLWithPath: week)))
        bytes.insert(contentsOf: Array("\u{1B}[2J\u{07}".utf8), at: 40)
        try Data(bytes).write(to: URL(fileURLWithPath: week))
        for arguments in [["day", "mon"], ["check"], ["week"], ["add", "x"]] {
            let result = try shade.run(arguments)
            #expect(result.status == 1)
            expectSafe(result, "a damaged week file: \(arguments)")
        }
    }

    @Test func typedTitlesWithBidiTextAreKeptAndShownMarked() throws {
        let shade = ShadeProcess()
        let added = try shade.run(["add", "Read \u{202E}txt.exe"])
        #expect(added.status == 0)
        expectSafe(added, "add")
        #expect(added.stdout.contains("Read \\u202etxt.exe"))
        #expect(try shade.json(["show", "1"]).objectValue?.string("title") == "Read \u{202E}txt.exe")
        // Right-to-left text without overrides prints as it is.
        let arabic = try shade.run(["add", "مساء الخير"])
        #expect(arabic.stdout.contains("مساء الخير"))
    }
}
