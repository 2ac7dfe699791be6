import Foundation
import ShadeTestSupport
import Testing

/// The completion scripts in the shells themselves, on a store of their own: each script's syntax,
/// bash's function called as bash calls it, fish's candidates, zsh's listing on a real terminal
/// (tmux), and the hidden command they ask for the store's values.
@Suite struct ShellCompletionTests {
    /// A store of four tasks (the fourth done), two categories, two tags and a goal, with `shade` on
    /// the `PATH` the scripts run it from.
    static func plannedStore() throws -> ShadeProcess {
        let shade = ShadeProcess()
        for words in [
            ["add", "tue", "evening", "Call the bank", "+errand", "cat:bill"],
            ["add", "Buy milk: 2L", "+shop", "cat:home"],
            ["add", "thu", "Gym"], ["add", "wed", "Dentist"], ["done", "4"],
            ["goal", "add", "Ship the report", "for:week"],
        ] {
            let result = try shade.run(words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        try FileManager.default.createDirectory(atPath: shade.root + "/bin", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: shade.root + "/bin/shade", withDestinationPath: ShadeProcess.binary)
        shade.environment["PATH"] = shade.root + "/bin:/usr/bin:/bin"
        return shade
    }

    /// Writes `shade completion SHELL` to a file of the store's directory; returns its path.
    static func script(_ shell: String, of shade: ShadeProcess) throws -> String {
        let result = try shade.run(["completion", shell])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
        let path = shade.root + "/shade." + shell
        try result.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// The path of a shell the tests need, failing the test with what to install when it is missing.
    static func tool(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = ["/usr/bin/", "/bin/"].map { $0 + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
        return try #require(
            path, "\(name) is needed: bash scripts/install-deps --tests", sourceLocation: sourceLocation)
    }

    @Test(arguments: [("bash", ["-n"]), ("zsh", ["-n"]), ("fish", ["--no-execute"])])
    func eachScriptParsesInItsShell(shell: String, check: [String]) throws {
        let shade = try Self.plannedStore()
        let file = try Self.script(shell, of: shade)
        let result = try ExternalCommand.run(try Self.tool(shell), check + [file], environment: shade.environment)
        #expect(result.status == 0 && result.output.isEmpty, "\(shell): \(result.output)")
    }

    /// bash's function, called as bash calls it: `COMP_WORDS` split as bash splits (at `:` and `=`
    /// too), `COMP_CWORD`, `COMP_LINE` and `COMP_POINT`, with bash-completion loaded as on a
    /// user's machine; the reply is what bash would put in place of its last word.
    @Test func bashCompletesCommandsFlagsCategoriesTagsAndOpenIds() throws {
        let shade = try Self.plannedStore()
        let file = try Self.script("bash", of: shade)
        let cases: [(line: String, words: [String], reply: String)] = [
            ("shade d", ["shade", "d"], "done day"),
            ("shade ls --", ["shade", "ls", "--"], "--json --by --store --color --help"),
            ("shade ls --by ", ["shade", "ls", "--by", ""], "status cat"),
            ("shade ls --by=", ["shade", "ls", "--by", "="], "status cat"),
            ("shade ls --by=s", ["shade", "ls", "--by", "=", "s"], "status"),
            ("shade ls cat:", ["shade", "ls", "cat", ":"], "bill home"),
            ("shade ls cat:h", ["shade", "ls", "cat", ":", "h"], "home"),
            ("shade add Milk +", ["shade", "add", "Milk", "+"], "+errand +shop"),
            ("shade add Milk +shop +", ["shade", "add", "Milk", "+shop", "+"], "+errand"),
            ("shade done ", ["shade", "done", ""], "1 2 3"),
            ("shade undone ", ["shade", "undone", ""], "4"),
            ("shade add next ", ["shade", "add", "next", ""], "mon tue wed thu fri sat sun"),
            ("shade add tue ", ["shade", "add", "tue", ""], "morning afternoon evening"),
            ("shade cat ", ["shade", "cat", ""], "ls add rename color rm"),
            ("shade cat rm ", ["shade", "cat", "rm", ""], "bill home"),
            ("shade goal done ", ["shade", "goal", "done", ""], "g1"),
            ("shade export --format ", ["shade", "export", "--format", ""], "json csv ics todotxt taskwarrior"),
            (
                "shade import week.csv --format t", ["shade", "import", "week.csv", "--format", "t"],
                "todotxt taskwarrior"
            ),
            ("shade --store \(shade.store) done 1 ", ["shade", "--store", shade.store, "done", "1", ""], "2 3"),
        ]
        // As an interactive bash sets it: readline replaces only what follows a ':' or '='.
        var lines = [
            "source /usr/share/bash-completion/bash_completion 2>/dev/null", "source \(file)",
            "COMP_WORDBREAKS=$' \\t\\n\"\\'@><=;|&(:'",
        ]
        for (line, words, _) in cases {
            let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
            lines.append(
                "COMP_LINE='\(line)' COMP_POINT=\(line.utf8.count) COMP_WORDS=(\(quoted)) COMP_CWORD=\(words.count - 1)"
            )
            lines.append("COMPREPLY=(); _shade shade; printf '%s\\n' \"${COMPREPLY[*]}\"")
        }
        let result = try ExternalCommand.run(
            try Self.tool("bash"), ["-c", lines.joined(separator: "\n")], environment: shade.environment)
        let replies = result.output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(result.status == 0 && replies.count == cases.count + 1, "\(result.output)")
        for (index, expected) in cases.enumerated() where index < replies.count {
            #expect(replies[index] == expected.reply, "bash: '\(expected.line)'")
        }
    }

    /// fish, asked as its command line asks: the open ids come with their titles.
    @Test func fishListsOpenIdsWithTheirTitles() throws {
        let shade = try Self.plannedStore()
        let file = try Self.script("fish", of: shade)
        let fish = try Self.tool("fish")
        let done = try ExternalCommand.run(
            fish, ["-c", "source \(file); complete -C'shade done '"], environment: shade.environment)
        #expect(done.output == "1\tCall the bank\n2\tBuy milk: 2L\n3\tGym\n", "\(done.output)")
        let categories = try ExternalCommand.run(
            fish, ["-c", "source \(file); complete -C'shade ls cat:'"], environment: shade.environment)
        #expect(categories.output == "cat:bill\ncat:home\n", "\(categories.output)")
        let flags = try ExternalCommand.run(
            fish, ["-c", "source \(file); complete -C'shade ls --b'"], environment: shade.environment)
        #expect(flags.output == "--by\tGroup by status or by cat(egory).\n", "\(flags.output)")
        let more = try ExternalCommand.run(
            fish, ["-c", "source \(file); complete -C'shade done 2 '"], environment: shade.environment)
        #expect(more.output == "1\tCall the bank\n3\tGym\n", "\(more.output)")
    }

    /// zsh on a real terminal: `compinit` finds `_shade` in `$fpath`, and Tab after `shade done `
    /// lists the open ids with their titles, as a user sees them.
    @Test(.terminalTimeLimit) func zshListsOpenIdsWithTheirTitlesOnATerminal() throws {
        let shade = try Self.plannedStore()
        let functions = shade.root + "/zfunc"
        try FileManager.default.createDirectory(atPath: functions, withIntermediateDirectories: true)
        try FileManager.default.moveItem(atPath: try Self.script("zsh", of: shade), toPath: functions + "/_shade")
        let zdot = shade.root + "/zdot"
        try FileManager.default.createDirectory(atPath: zdot, withIntermediateDirectories: true)
        try "fpath=(\(functions) $fpath)\nautoload -Uz compinit && compinit -u -D\nPS1='%% '\n".write(
            toFile: zdot + "/.zshrc", atomically: true, encoding: .utf8)
        var environment = shade.environment
        environment["ZDOTDIR"] = zdot
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let screen = try TmuxScreen(
            ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
                try Self.tool("zsh"), "-i",
            ])
        try screen.type("shade done ")
        try screen.press("Tab")
        let listed = try screen.wait { $0.contains("3  -- Gym") }
        #expect(listed.contains("1  -- Call the bank"), "\(listed)")
        #expect(listed.contains("2  -- Buy milk: 2L"), "\(listed)")
        #expect(!listed.contains("Dentist"), "a done task is offered to done: \(listed)")
        try screen.press("C-u")
        try screen.press("C-l")
        try screen.type("shade done 1 ")
        try screen.press("Tab")
        let rest = try screen.wait { $0.contains("3  -- Gym") }
        #expect(rest.contains("2  -- Buy milk: 2L") && !rest.contains("Call the bank"), "\(rest)")
        try screen.press("C-u")
        try screen.press("C-l")
        try screen.type("shade cat rm ")
        try screen.press("Tab")
        let categories = try screen.wait { $0.contains("bill") }
        #expect(categories.contains("bill  home"), "\(categories)")
        try screen.press("C-u")
        try screen.type("shade ls cat:h")
        try screen.press("Tab")
        let completed = try screen.wait { $0.contains("shade ls cat:home") }
        #expect(completed.contains("% shade ls cat:home"), "\(completed)")
    }

    /// bash on a real terminal, with bash-completion and the script sourced as ~/.bashrc would:
    /// readline puts back what the reply says after `cat:` and `--by=`, and lists the open ids.
    @Test(.terminalTimeLimit) func bashCompletesOnATerminal() throws {
        let shade = try Self.plannedStore()
        let file = try Self.script("bash", of: shade)
        let rc = shade.root + "/bashrc"
        try "source /usr/share/bash-completion/bash_completion\nsource \(file)\nPS1='$ '\n".write(
            toFile: rc, atomically: true, encoding: .utf8)
        var environment = shade.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let screen = try TmuxScreen(
            ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [
                try Self.tool("bash"), "--rcfile", rc, "-i",
            ])
        _ = try screen.wait { $0.contains("$ ") }
        try screen.type("shade ls cat:h")
        try screen.press("Tab")
        try screen.type("--by=s")
        try screen.press("Tab")
        let line = try screen.wait { $0.contains("--by=status") }
        #expect(line.contains("$ shade ls cat:home --by=status"), "\(line)")
        try screen.press("C-u")
        try screen.type("shade done 2 ")
        try screen.press("Tab")
        try screen.press("Tab")
        let listed = try screen.wait { $0.contains("3") && $0.contains("1") }
        #expect(listed.split(separator: "\n").contains { $0.split(separator: " ") == ["1", "3"] }, "\(listed)")
    }

    @Test func theHiddenCommandPrintsValuesAndNeverFailsLoudly() throws {
        let shade = try Self.plannedStore()
        let ids = try shade.run(["complete-words", "open-ids"])
        #expect(ids.status == 0 && ids.stdout == "1\tCall the bank\n2\tBuy milk: 2L\n3\tGym\n" && ids.stderr.isEmpty)
        #expect(try shade.run(["complete-words", "closed-ids"]).stdout == "4\tDentist\n")
        #expect(try shade.run(["complete-words", "categories"]).stdout == "bill\nhome\n")
        #expect(try shade.run(["complete-words", "tags"]).stdout == "errand\nshop\n")
        #expect(try shade.run(["complete-words", "goals"]).stdout == "g1\tShip the report\n")
        // --store, before or after the command, and SHADE_STORE.
        let elsewhere = ["SHADE_STORE": shade.root + "/elsewhere"]
        #expect(try shade.run(["complete-words", "open-ids"], environment: elsewhere).stdout.isEmpty)
        #expect(
            try shade.run(["--store", shade.store, "complete-words", "tags"], environment: elsewhere).stdout
                == "errand\nshop\n")
        #expect(
            try shade.run(["complete-words", "tags", "--store", shade.store], environment: elsewhere).stdout
                == "errand\nshop\n")
        #expect(!FileManager.default.fileExists(atPath: shade.root + "/elsewhere"), "reading made a store")
        // An unknown kind, words too many, a damaged store: nothing, and exit 0.
        for words in [["complete-words", "frobs"], ["complete-words"], ["complete-words", "ids", "extra", "--x"]] {
            let result = try shade.run(words)
            #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty, "\(words): \(result.stderr)")
        }
        try "{ not json".write(toFile: shade.store + "/weeks/2026/2026-W48.json", atomically: true, encoding: .utf8)
        let damaged = try shade.run(["complete-words", "open-ids"])
        #expect(damaged.status == 0 && damaged.stdout.isEmpty && damaged.stderr.isEmpty, "\(damaged.stderr)")
        // Help lists every command of the grammar, and not this one.
        let help = try shade.run(["help"])
        #expect(help.status == 0 && !help.stdout.contains("complete-words"))
    }

    /// A title and a tag from a file (another copy, an import) holding terminal controls: the
    /// title is shown escaped, the tag left out (typed back, its escape would name another tag).
    @Test func storeTextReachesNoShellOrTerminalRaw() throws {
        let shade = try Self.plannedStore()
        let week = shade.store + "/weeks/2026/2026-W48.json"
        var text = try String(contentsOfFile: week, encoding: .utf8)
        text = text.replacingOccurrences(of: "\"Gym\"", with: "\"\\u001b]0;pwned\\u0007Gym\\n\\tnow \\u202e\"")
        text = text.replacingOccurrences(of: "\"shop\"", with: "\"sh\\u001b[2Jop\"")
        try text.write(toFile: week, atomically: false, encoding: .utf8)
        let ids = try shade.run(["complete-words", "open-ids"])
        #expect(ids.stdout.contains("3\t\\e]0;pwned\\x07Gym\\n\\tnow \\u202e\n"), "\(ids.stdout.debugDescription)")
        #expect(!ids.stdout.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(ids.stdout.split(separator: "\n").allSatisfy { $0.filter { $0 == "\t" }.count == 1 })
        #expect(try shade.run(["complete-words", "tags"]).stdout == "errand\n")
    }

    @Test func theManPageTypesetsWithoutAWarningAndReads() throws {
        let shade = ShadeProcess()
        let page = try shade.run(["help", "--man"])
        #expect(page.status == 0 && page.stderr.isEmpty)
        let file = shade.root + "/shade.1"
        try page.stdout.write(toFile: file, atomically: true, encoding: .utf8)
        let groff = try ExternalCommand.run(try Self.tool("groff"), ["-man", "-Tutf8", "-ww", "-z", file])
        #expect(groff.status == 0 && groff.output.isEmpty, "groff warns:\n\(groff.output)")
        let man = try ExternalCommand.run(
            try Self.tool("man"), ["-l", file],
            environment: ["PATH": "/usr/bin:/bin", "HOME": shade.root, "LANG": "C.UTF-8", "MANWIDTH": "80"])
        #expect(man.status == 0, "\(man.output)")
        for text in [
            "shade - plan your week in morning, afternoon and evening slots", "COMMANDS", "shade done <ids>… [--json]",
            "ENVIRONMENT", "SHADE_NOW", "EXIT STATUS", "EX_TEMPFAIL", "mon … sun",
        ] {
            #expect(man.output.contains(text), "man -l lacks \(text)")
        }
    }

    /// scripts/install into a scratch PREFIX, with the binary the tests built (no second build):
    /// each file where its reader looks, written by the installed binary (the three man pages
    /// among them, each found by man), and bash-completion's loader finds the script.
    @Test func installPutsTheBinaryManPageAndCompletionsUnderThePrefix() throws {
        let shade = ShadeProcess()
        let prefix = shade.root + "/prefix"
        let environment = [
            "PATH": "/usr/bin:/bin", "HOME": shade.root, "SHADE_INSTALL_BINARY": ShadeProcess.binary,
            "XDG_CONFIG_HOME": shade.root + "/config",
        ]
        let script = ShadeProcess.packageRoot.appendingPathComponent("scripts/install").path
        let installed = try ExternalCommand.run(try Self.tool("bash"), [script, prefix], environment: environment)
        #expect(installed.status == 0, "\(installed.output)")
        #expect(installed.output.contains("installed \(prefix)/bin/shade\n"))
        #expect(installed.output.contains("\(prefix)/bin is not on PATH"))
        let files = [
            ("share/man/man1/shade.1", ["help", "--man"]),
            ("share/man/man5/shade-store.5", ["help", "--man", "store"]),
            ("share/man/man7/shade-sync.7", ["help", "--man", "sharing"]),
            ("share/bash-completion/completions/shade", ["completion", "bash"]),
            ("share/zsh/site-functions/_shade", ["completion", "zsh"]),
            ("share/fish/vendor_completions.d/shade.fish", ["completion", "fish"]),
        ]
        for (path, words) in files {
            let content = try? String(contentsOfFile: prefix + "/" + path, encoding: .utf8)
            #expect(content == (try shade.run(words).stdout), "\(path)")
        }
        // man finds each page under the prefix by its name and section.
        for (section, name, heading) in [
            ("1", "shade", "SHADE(1)"), ("5", "shade-store", "SHADE-STORE(5)"), ("7", "shade-sync", "SHADE-SYNC(7)"),
        ] {
            let page = try ExternalCommand.run(
                try Self.tool("man"), ["-M", prefix + "/share/man", section, name],
                environment: environment.merging(["LANG": "C.UTF-8", "MANWIDTH": "80"]) { $1 })
            #expect(page.status == 0 && page.output.hasPrefix(heading), "\(name): \(page.output.prefix(200))")
        }
        let version = try ExternalCommand.run(prefix + "/bin/shade", ["--version"], environment: environment)
        #expect(version.output.hasPrefix("shade "))
        let loader = try ExternalCommand.run(
            try Self.tool("bash"),
            ["-c", "source /usr/share/bash-completion/bash_completion; _completion_loader shade; complete -p shade"],
            environment: environment.merging(["XDG_DATA_HOME": prefix + "/share"]) { $1 })
        #expect(loader.output.hasSuffix("complete -F _shade shade\n"), "\(loader.output)")
    }

    /// The REPL's Tab on a real terminal: `done ` then Tab twice lists the open ids with their
    /// titles, one a line; a category completes after `cat:`.
    @Test(.terminalTimeLimit) func theREPLListsOpenIdsWithTheirTitlesOnASecondTab() throws {
        let shade = try Self.plannedStore()
        var environment = shade.environment
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let screen = try TmuxScreen(
            ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [ShadeProcess.binary])
        _ = try screen.wait { $0.contains("› ") }
        try screen.type("done ")
        try screen.press("Tab")
        try screen.press("Tab")
        let listed = try screen.wait { $0.contains("3  Gym") }
        let lines = listed.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(
            lines.contains("1  Call the bank") && lines.contains("2  Buy milk: 2L") && lines.contains("3  Gym"),
            "\(listed)")
        #expect(!listed.contains("Dentist"), "\(listed)")
        try screen.press("C-u")
        try screen.type("ls cat:h")
        try screen.press("Tab")
        let completed = try screen.wait { $0.contains("› ls cat:home") }
        #expect(completed.contains("› ls cat:home"), "\(completed)")
    }
}

/// A program on a terminal of its own (a tmux server for the test alone): typed into, read back.
final class TmuxScreen {
    private let socket = "shade-test-" + UUID().uuidString

    /// Starts `command` on a 120 × 30 terminal.
    init(_ command: [String]) throws {
        _ = try tmux(["new-session", "-d", "-s", "screen", "-x", "120", "-y", "30"] + command)
    }

    deinit { _ = try? tmux(["kill-server"]) }

    /// Types text as it is.
    func type(_ text: String) throws { _ = try tmux(["send-keys", "-t", "screen", "-l", "--", text]) }

    /// Presses a key (`Tab`, `Enter`, `C-u`).
    func press(_ key: String) throws {
        _ = try tmux(["send-keys", "-t", "screen", key])
        Thread.sleep(forTimeInterval: 0.3)
    }

    /// The screen once `ready` holds for it (read again for up to 10 s), else as it is then.
    func wait(_ ready: (String) -> Bool) throws -> String {
        let deadline = Date().addingTimeInterval(10)
        var screen = try tmux(["capture-pane", "-p", "-t", "screen"])
        while !ready(screen), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.2)
            screen = try tmux(["capture-pane", "-p", "-t", "screen"])
        }
        return screen
    }

    private func tmux(_ arguments: [String]) throws -> String {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is needed (scripts/install-deps)")
        return try ExternalCommand.run("/usr/bin/tmux", ["-L", socket] + arguments).output
    }
}
