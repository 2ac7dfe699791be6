import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// A sync costs what it has to do (SPEC §17): with nothing to do it starts at most four git
/// processes (reading the settings, `git status`, the fetch, reading what was fetched), and after
/// changes as many as after one, whatever their number: no git process is started per file.
/// Counted with `strace -f`: the git commands shade starts itself (`git -C STORE …`), not the
/// ones git starts in turn (a fetch's connectivity check, `git maintenance`).
@Suite(.serialized) struct SyncGitProcessTests {
    static let strace = "/usr/bin/strace"

    /// What a copy's sync started: each git command shade ran, by its subcommand.
    private func gitCommands(of name: String, in hub: SyncFixture) throws -> (commands: [String], report: JSONObject) {
        let copy = hub[name]
        let log = copy.shade.root + "/git-trace-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: log) }
        let command = [
            Self.strace, "-f", "-qq", "-s", "4096", "-e", "trace=execve", "-o", log, ShadeProcess.binary, "sync",
            "--json",
        ]
        let run = try copy.shade.run(
            raw: command.map { Array($0.utf8) }, stdin: [], environment: ["SHADE_NOW": hub.tick()],
            viaExecutable: Self.strace)
        #expect(run.status == 0, "\(name) sync: \(run.stderr)")
        let lines = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init)
        // strace worked: it saw shade itself start.
        try #require(lines.contains { $0.contains("execve(\"\(ShadeProcess.binary)\"") && $0.hasSuffix("= 0") })
        return (
            Self.gitCommands(inTrace: lines),
            try #require(try JSONParser.parse(Array(run.stdout.utf8)).objectValue)
        )
    }

    /// The git commands that started (their `execve` returned 0) as shade starts them — `git -C
    /// DIRECTORY …` — each named by its first word after git's options. A call strace shows in two
    /// halves (`<unfinished ...>`, then `<... execve resumed>`) is joined by its process id.
    static func gitCommands(inTrace lines: [String]) -> [String] {
        var pending: [Substring: String] = [:]
        var commands: [String] = []
        for line in lines {
            let pid = line.prefix { $0.isNumber }
            var call = String(line.dropFirst(pid.count).drop { $0 == " " })
            if call.hasSuffix("<unfinished ...>") {
                pending[pid] = call
                continue
            }
            if call.hasPrefix("<... execve resumed>") {
                guard let start = pending.removeValue(forKey: pid) else { continue }
                call = start + call
            }
            guard call.hasPrefix("execve("), call.hasSuffix("= 0"),
                let open = call.firstIndex(of: "["), let close = call.firstIndex(of: "]")
            else { continue }
            let path = call.dropFirst("execve(\"".count).prefix { $0 != "\"" }
            let words = call[call.index(after: open)..<close].split(separator: ", ").map {
                String($0.dropFirst().dropLast())
            }
            guard path.hasSuffix("/git"), words.count > 3, words[0] == "git", words[1] == "-C" else { continue }
            // After `-C DIRECTORY`, the `-c KEY=VALUE` pairs, then the command.
            var index = 3
            while index + 1 < words.count, words[index] == "-c" { index += 2 }
            commands.append(index < words.count ? words[index] : "?")
        }
        return commands
    }

    private func sharedPlanner() throws -> SyncFixture {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        // Ana receives Ben as a member: both copies are where the shared branch is.
        try hub.ok("ana", ["sync"])
        return hub
    }

    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
    func aSyncWithNothingToDoStartsAtMostFourGitProcesses() throws {
        let hub = try sharedPlanner()
        for name in ["ana", "ben", "ana"] {
            let (commands, report) = try gitCommands(of: name, in: hub)
            #expect(report["sent"]?.arrayValue == [] && report["received"]?.arrayValue == [])
            #expect(commands.count <= 4, "\(name): \(commands)")
            #expect(commands.contains("fetch"), "\(name): \(commands)")
        }
    }

    /// Staging, reading the changed files' committed versions (one `git cat-file --batch` for
    /// them all), committing and pushing: four more than nothing to do, for one change or three.
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: strace)))
    func aSyncAfterChangesStartsAsManyGitProcessesForOneChangeAsForSeveral() throws {
        let hub = try sharedPlanner()
        try hub.ok("ana", ["add", "tue", "Call", "the", "bank"])
        let (one, sentOne) = try gitCommands(of: "ana", in: hub)
        #expect(sentOne["sent"]?.arrayValue?.count == 1)
        #expect(one.count <= 8, "\(one)")
        // Three changes in three weeks: three files.
        for day in ["2026-12-02", "2026-12-09", "2026-12-16"] { try hub.ok("ana", ["add", day, "Task", "on", day]) }
        let (three, sentThree) = try gitCommands(of: "ana", in: hub)
        #expect(sentThree["sent"]?.arrayValue?.count == 3)
        #expect(three == one, "\(three) after three changes, \(one) after one")
        let changed = try hub.git("ana", ["show", "--name-only", "--format=", "HEAD"]).output
        #expect(changed.split(separator: "\n").count == 3, "\(changed)")
        // Ben receives them all; then neither has anything to do.
        let received = try hub.json("ben", ["sync"]).objectValue?["received"]?.arrayValue ?? []
        #expect(received.count == 4)
        #expect(try hub.planner("ana") == hub.planner("ben"))
        #expect(try gitCommands(of: "ana", in: hub).commands.count <= 4)
    }

    /// The remote is read with the other settings, as git uses it: a password that a
    /// `url.BASE.insteadOf` rule puts into the URL is hidden as one in the URL itself.
    @Test func aPasswordARewriteRulePutsInTheRemoteIsNeverPrinted() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        // Nothing listens on port 9 of the loopback: the fetch fails at once.
        #expect(
            try hub.git("ana", ["config", "url.https://ana:s3cretPass@127.0.0.1:9/.insteadOf", "hub:"]).status == 0)
        #expect(try hub.git("ana", ["remote", "set-url", "origin", "hub:planner.git"]).status == 0)
        let failed = try hub.run("ana", ["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("https://ana:***@127.0.0.1:9/planner.git"), "\(failed.stderr)")
        #expect(!failed.stderr.contains("s3cretPass") && !failed.stdout.contains("s3cretPass"), "\(failed.stderr)")
    }
}
