import Foundation
import Testing

/// README's examples run on a copy of `data/demo-store` exactly as printed: the REPL tour (through
/// `shade --transcript`, which shows a session as a terminal does), the shell session, and every
/// example of the command table.
@Suite struct ReadmeExamplesTests {
    static let readme: [String] = {
        let url = ShadeProcess.packageRoot.appendingPathComponent("README.md")
        let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        return text.components(separatedBy: "\n")
    }()

    /// The fenced code blocks of README, each as its lines.
    static var codeBlocks: [[String]] {
        var blocks: [[String]] = []
        var current: [String]?
        for line in readme {
            if line.hasPrefix("```") {
                if let block = current {
                    blocks.append(block)
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Whether a line is a REPL prompt with what was typed after it (`2026-W48 Mon 23 Nov · morning › day`).
    static func promptCommand(_ line: String) -> String? {
        guard line.count > 9, line.prefix(4).allSatisfy(\.isNumber), line.dropFirst(4).hasPrefix("-W"),
            let arrow = line.range(of: " › ")
        else { return nil }
        return String(line[arrow.upperBound...])
    }

    /// A fresh copy of the demo store.
    private func demoCopy() throws -> String {
        let directory = NSTemporaryDirectory() + "shade-readme-" + UUID().uuidString
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent("data/demo-store").path, toPath: directory)
        return directory
    }

    /// Removes a copy of the demo store and the home, configuration and state folders its runs used.
    private func removeDemoCopy(_ store: String) {
        try? FileManager.default.removeItem(atPath: store)
        try? FileManager.default.removeItem(atPath: store + "-env")
    }

    /// Runs shade on a store with standard output and standard error as one stream, as a terminal shows them.
    private func run(_ arguments: [String], stdin: String = "", store: String, now: String = "2026-11-23T09:30") throws
        -> (status: Int32, output: String)
    {
        let root = store + "-env"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let input = root + "/in"
        let output = root + "/out"
        _ = FileManager.default.createFile(atPath: input, contents: Data(stdin.utf8))
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
        process.arguments = arguments
        process.environment = [
            "SHADE_STORE": store, "SHADE_NOW": now, "NO_COLOR": "1", "HOME": root,
            "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state", "PATH": "/usr/bin:/bin",
            "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC", "COLUMNS": "100", "LANG": "C.UTF-8",
        ]
        let sink = FileHandle(forWritingAtPath: output)
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = sink
        process.standardError = sink
        try process.run()
        process.waitUntilExit()
        let text = String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self)
        return (process.terminationStatus, text)
    }

    /// Splits a shell command line into words (single and double quotes group).
    /// The command of a shell line, `$ shade WORDS` or `$ SHADE_NOW=WHEN shade WORDS` (a session
    /// at another moment), with that moment.
    static func shellCommand(_ line: String) -> (now: String?, command: String)? {
        if line.hasPrefix("$ shade ") { return (nil, String(line.dropFirst("$ shade ".count))) }
        let words = line.split(separator: " ", maxSplits: 3).map(String.init)
        guard words.count == 4, words[0] == "$", words[1].hasPrefix("SHADE_NOW="), words[2] == "shade" else {
            return nil
        }
        return (String(words[1].dropFirst("SHADE_NOW=".count)), words[3])
    }

    static func shellWords(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        var inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "'" || character == "\"" {
                quote = character
                inWord = true
            } else if character == " " {
                if inWord { words.append(current) }
                current = ""
                inWord = false
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }

    @Test func theREPLTourRunsAsPrinted() throws {
        let tours = Self.codeBlocks.filter { $0.contains { Self.promptCommand($0) != nil } }
        #expect(!tours.isEmpty)
        for block in tours {
            guard var start = block.firstIndex(where: { Self.promptCommand($0) != nil }) else { continue }
            // A terminal shows a banner a transcript leaves out; what the REPL says on starting
            // comes after it, before the first prompt.
            if let banner = block.firstIndex(where: { $0.hasPrefix("Type help for the commands") }), banner < start {
                start = banner + 1
            }
            var shown = Array(block[start...])
            if let last = shown.last, Self.promptCommand(last) == "^D" { shown.removeLast() }
            let typed = shown.compactMap(Self.promptCommand)
            let store = try demoCopy()
            defer { removeDemoCopy(store) }
            let result = try run(["--transcript"], stdin: typed.joined(separator: "\n") + "\n", store: store)
            let lines = result.output.components(separatedBy: "\n").dropLast()
            #expect(Array(lines) == shown, "README tour differs:\n\(result.output)")
        }
    }

    @Test func theShellSessionsRunAsPrinted() throws {
        let sessions = Self.codeBlocks.filter { $0.contains { Self.shellCommand($0) != nil } }
        #expect(!sessions.isEmpty)
        for block in sessions {
            let store = try demoCopy()
            defer { removeDemoCopy(store) }
            var index = 0
            while index < block.count {
                guard let (now, command) = Self.shellCommand(block[index]) else {
                    index += 1
                    continue
                }
                var expected: [String] = []
                index += 1
                while index < block.count, !block[index].hasPrefix("$ ") {
                    expected.append(block[index])
                    index += 1
                }
                let result = try run(Self.shellWords(command), store: store, now: now ?? "2026-11-23T09:30")
                #expect(
                    Array(result.output.components(separatedBy: "\n").dropLast()) == expected,
                    "$ shade \(command)\n\(result.output)")
            }
        }
    }

    /// Each example of the command table: it runs on the demo store without an error, and a
    /// listing or a search finds something there.
    @Test func everyExampleOfTheCommandTableWorksOnTheDemoStore() throws {
        var examples: [String] = []
        let section = Self.readme.drop { $0 != "## Commands" }.dropFirst().prefix { !$0.hasPrefix("## ") }
        for line in section where line.hasPrefix("| `") {
            // A `\|` inside a cell is part of its text, not a column's end.
            let cells = line.replacingOccurrences(of: "\\|", with: "\u{1}")
                .split(separator: "|", omittingEmptySubsequences: false)
            guard cells.count >= 4 else { continue }
            var cell = Substring(cells[3])
            while let open = cell.firstIndex(of: "`") {
                let after = cell[cell.index(after: open)...]
                guard let close = after.firstIndex(of: "`") else { break }
                examples.append(String(after[..<close]))
                cell = after[after.index(after: close)...]
            }
        }
        #expect(examples.count >= 30, "\(examples)")
        for example in examples {
            let store = try demoCopy()
            defer { removeDemoCopy(store) }
            let words = Self.shellWords(example)
            let result: (status: Int32, output: String)
            if words.first == "filter" {
                result = try run([], stdin: example + "\nls\n", store: store)
            } else {
                result = try run(words, store: store)
            }
            #expect(result.status == 0, "\(example): \(result.output)")
            if ["ls", "find", "filter"].contains(words.first ?? "") {
                #expect(
                    !result.output.contains("no task matches") && !result.output.contains("nothing found")
                        && !result.output.contains("nothing planned") && !result.output.isEmpty,
                    "\(example) finds nothing in the demo store")
            }
        }
    }
}
