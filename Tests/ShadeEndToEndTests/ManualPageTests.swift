import Foundation
import ShadeTestSupport
import Testing

/// The three manual pages as their readers meet them: typeset by groff without a warning, read by
/// man, and shown by `help TOPIC` with the very words of the page.
@Suite struct ManualPageTests {
    /// Each page: the words after `help --man`, and the name man shows in its header.
    static let pages: [(words: [String], title: String)] = [
        ([], "SHADE(1)"), (["store"], "SHADE-STORE(5)"), (["sharing"], "SHADE-SYNC(7)"),
    ]

    /// The roff of a page, written to a file of the test's own directory; returns its path.
    static func page(_ words: [String], of shade: ShadeProcess) throws -> String {
        let result = try shade.run(["help", "--man"] + words)
        #expect(result.status == 0 && result.stderr.isEmpty, "\(words): \(result.stderr)")
        let file = shade.root + "/page-" + (words.first ?? "shade")
        try result.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        return file
    }

    /// A page as `man -l` prints it to a pipe (no formatting), 100 columns wide.
    static func man(_ file: String, home: String) throws -> String {
        let result = try ExternalCommand.run(
            try ShellCompletionTests.tool("man"), ["-l", file],
            environment: ["PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8", "MANWIDTH": "100"])
        #expect(result.status == 0, "\(result.output)")
        return result.output
    }

    /// The words of a text, with the marks a typesetter may put for an ASCII hyphen or quote made
    /// ASCII again.
    static func words(_ text: some StringProtocol) -> [String] {
        let ascii: [Character: Character] = ["\u{2010}": "-", "\u{2212}": "-", "\u{2019}": "'", "\u{2018}": "`"]
        return text.split(whereSeparator: \.isWhitespace).map { String($0.map { ascii[$0] ?? $0 }) }
    }

    /// groff exits 0 even when it warns: any output at all is a failure.
    @Test(arguments: pages.map(\.words))
    func eachPageTypesetsWithoutAWarning(words: [String]) throws {
        let shade = ShadeProcess()
        let file = try Self.page(words, of: shade)
        // On groff's own device (PostScript, whose fonts lack ★ and ✗), on a UTF-8 terminal and
        // on plain ASCII.
        for device in [[], ["-Tutf8"], ["-Tascii"]] {
            let groff = try ExternalCommand.run(
                try ShellCompletionTests.tool("groff"), ["-man"] + device + ["-ww", "-z", file])
            #expect(groff.status == 0 && groff.output.isEmpty, "\(words) \(device): groff warns:\n\(groff.output)")
        }
        let title = try #require(Self.pages.first { $0.words == words }?.title)
        #expect(try Self.man(file, home: shade.root).hasPrefix(title), "\(words)")
    }

    /// `help store` and `help sharing` show the text of their page: the same words in the same
    /// order as man shows them, man's header and footer aside.
    @Test(arguments: ["store", "sharing"])
    func helpTopicShowsTheWordsOfItsPage(topic: String) throws {
        let shade = ShadeProcess()
        let help = try shade.run(["help", topic])
        #expect(help.status == 0 && help.stderr.isEmpty, "\(help.stderr)")
        let lines = try Self.man(try Self.page([topic], of: shade), home: shade.root)
            .split(separator: "\n").filter { !$0.allSatisfy(\.isWhitespace) }
        let page = Self.words(lines.dropFirst().dropLast().joined(separator: "\n"))
        #expect(page.count > 500)
        #expect(Self.words(help.stdout) == page)
        #expect(help.stdout.split(separator: "\n").allSatisfy { $0.count <= 100 })
        // The page's own name works too, in any case, and an unknown topic is still an error.
        let name = topic == "store" ? "shade-store" : "SHADE-SYNC"
        #expect(try shade.run(["help", name]).stdout == help.stdout)
        let unknown = try shade.run(["help", "storage"])
        #expect(unknown.status == 64 && unknown.stderr.hasPrefix("error: there is no command 'storage'"))
    }

    /// A command keeps its help: `help sync` is the sync commands', and `help --man` with a
    /// command's name prints shade(1) as it did.
    @Test func commandsKeepTheirHelpBesideTheTopics() throws {
        let shade = ShadeProcess()
        let sync = try shade.run(["help", "sync"])
        #expect(sync.status == 0 && sync.stdout.hasPrefix("OVERVIEW: ") && !sync.stdout.contains("\nNAME\n"))
        #expect(sync.stdout == (try shade.run(["sync", "--help"])).stdout)
        let page = try shade.run(["help", "--man"]).stdout
        #expect(try shade.run(["help", "--man", "add"]).stdout == page)
        #expect(try shade.run(["help", "--man", "store"]).stdout.hasPrefix(#".TH "SHADE\-STORE" "5""#))
        let overview = try shade.run(["help"]).stdout
        #expect(overview.contains("help store") && overview.contains("help sharing"))
    }
}
