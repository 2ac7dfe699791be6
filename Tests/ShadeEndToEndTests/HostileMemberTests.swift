import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// A hostile member of a shared planner (SPEC §14): a plain `git` clone of the shared remote,
/// pushing by hand whatever git can carry. Each test pushes one attack and checks what the
/// victim sees: `sync` names the path and exits 1, nothing outside the store is read or
/// written, nothing the attacker wrote runs, the victim's local work is all there, every other
/// command keeps working, and once the push is reverted the next sync goes through and the
/// copies converge.
@Suite(.serialized) struct HostileMemberTests {
    /// What one attack pushes, by plain git in the attacker's clone.
    enum Push: String, CaseIterable, Sendable, CustomTestStringConvertible {
        case symlinkedWeekFile, symlinkedWeekFolder, weekLinkedToStandardInput, gitlink, unknownPath
        case executableWeek, journalRecord, idsFile, undoFile, backupsFile, damagedWeek, overDeepWeek
        case newerFormat, invalidUTF8Week, weekOfAnotherWeek, hugeValueWeek, removedWeek
        case inboxIdsFile, inboxOutOfBounds

        var testDescription: String { rawValue }

        /// The path `sync` must name.
        var path: String {
            switch self {
            case .symlinkedWeekFile, .weekLinkedToStandardInput, .executableWeek, .damagedWeek, .overDeepWeek,
                .invalidUTF8Week, .weekOfAnotherWeek, .hugeValueWeek:
                "weeks/2026/2026-W49.json"
            case .symlinkedWeekFolder: "weeks/2027"
            case .removedWeek: "weeks/2026/2026-W48.json"
            case .gitlink: "weeks/2026/module"
            case .unknownPath: "notes/run.sh"
            case .journalRecord: "journal/0000000001-0123456789abcdef0123456789abcdef.json"
            case .idsFile: "ids/0000.json"
            case .undoFile: "undo/0000000099.json"
            case .backupsFile: "backups/0000000001/shade.json"
            case .newerFormat: "shade.json"
            case .inboxIdsFile: "ids/inbox.json"
            case .inboxOutOfBounds: "inbox.json"
            }
        }

        /// Makes the attack in the attacker's clone (not yet committed).
        func make(in clone: Attacker, outside: String) throws {
            let week = "weeks/2026/2026-W49.json"
            switch self {
            case .symlinkedWeekFile: try clone.link(week, to: outside + "/private.txt")
            case .symlinkedWeekFolder: try clone.link("weeks/2027", to: outside)
            case .weekLinkedToStandardInput: try clone.link(week, to: "/dev/stdin")
            case .gitlink:
                let head = try clone.git(["rev-parse", "HEAD"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
                try clone.require(["update-index", "--add", "--cacheinfo", "160000,\(head),weeks/2026/module"])
            case .unknownPath: try clone.write("notes/run.sh", "#!/bin/sh\ntouch \(outside)/ran\n")
            case .executableWeek:
                try clone.write(week, Self.week("2026-W49", days: "{}"))
                chmod(clone.root + "/" + week, 0o755)
            case .journalRecord:
                // A recovery record that would write the victim's .git/config with a command in it.
                let config = "[core]\\n\\tfsmonitor = touch \(outside)/ran\\n"
                try clone.write(path, "{\"files\": [{\"to\": \".git/config\", \"content\": \"\(config)\"}]}\n")
            case .idsFile: try clone.write(path, "{\"format\": 3, \"kind\": \"ids\", \"shard\": 0, \"weeks\": []}\n")
            case .undoFile: try clone.write(path, "{}\n")
            case .backupsFile: try clone.write(path, "{\"format\": 3, \"kind\": \"store\"}\n")
            case .damagedWeek:
                try clone.write(week, "{\"format\": 3, \"kind\": \"week\", \"week\": \"2026-W49\", \"tas")
            case .overDeepWeek:
                try clone.write(
                    week,
                    Self.week(
                        "2026-W49", days: String(repeating: "[", count: 5000) + String(repeating: "]", count: 5000)))
            case .newerFormat: try clone.write("shade.json", "{\"format\": 99, \"kind\": \"store\"}\n")
            case .invalidUTF8Week:
                var bytes = Array(Self.week("2026-W49", days: "{}").utf8)
                bytes.insert(contentsOf: [0xC0, 0x80], at: bytes.count - 3)
                try Data(bytes).write(to: URL(fileURLWithPath: clone.root + "/" + week))
            case .weekOfAnotherWeek: try clone.write(week, Self.week("2026-W50", days: "{}"))
            case .inboxIdsFile:
                // This copy's own numbers of its inbox: never taken from a push.
                try clone.write(path, "{\"format\": 3, \"kind\": \"inbox-ids\", \"ids\": {\"x\": 1}}\n")
            case .inboxOutOfBounds:
                // An inbox task that takes a trillion minutes.
                let task =
                    "{\"uid\": \"u9\", \"title\": \"t\", \"notes\": null, \"tags\": [], \"category\": null, \"color\": null, \"favorite\": false, \"goal\": null, \"to\": null, \"due\": null, \"estimate\": 1000000000000, \"created\": \"2026-11-23T09:00:00+00:00\", \"modified\": \"2026-11-23T09:00:00+00:00\", \"stamps\": {\"made\": {\"at\": \"2026-11-23T09:00:00+00:00\", \"by\": \"mallory\"}}}"
                try clone.write(path, "{\"format\": 3, \"kind\": \"inbox\", \"inbox\": [\(task)]}\n")
            case .removedWeek:
                // Every task of the shared week goes, with no tombstone to say so.
                try clone.require(["rm", "-q", "weeks/2026/2026-W48.json"])
            case .hugeValueWeek:
                // A status of 100,000 letters, which the refusal must not print whole.
                let task =
                    "{\"uid\": \"u1\", \"title\": \"t\", \"status\": \"\(String(repeating: "z", count: 100_000))\"}"
                try clone.write(
                    week,
                    Self.week(
                        "2026-W49",
                        days: "{\"2026-11-30\": {\"morning\": [\(task)], \"afternoon\": [], \"evening\": []}}"))
            }
        }

        static func week(_ name: String, days: String) -> String {
            "{\"format\": 3, \"kind\": \"week\", \"week\": \"\(name)\", \"days\": \(days)}\n"
        }
    }

    /// The victim (ana), an honest member (ben) and the attacker's clone, sharing a planner; ana
    /// has a task the others have, and one she has not sent yet.
    private func sharedPlanner() throws -> (hub: SyncFixture, attacker: Attacker, outside: String) {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        let outside = hub.root + "/outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Data("the victim's secret\n".utf8).write(to: URL(fileURLWithPath: outside + "/private.txt"))
        let attacker = try Attacker(hub: hub)
        try hub.ok("ana", ["add", "tue", "Unsent", "work"])
        return (hub, attacker, outside)
    }

    @Test(arguments: Push.allCases) func aHostilePushIsRefusedAndTheVictimKeepsWorking(_ push: Push) throws {
        let (hub, attacker, outside) = try sharedPlanner()
        try push.make(in: attacker, outside: outside)
        // A gitlink is in the index alone: staging the work tree would take it out again.
        try attacker.commitAndPush("an attack: \(push.rawValue)", staging: push != .gitlink)
        let before = try hub.planner("ana")
        let victimsFile = FileManager.default.contents(atPath: hub["ana"].store + "/" + push.path)
        let outsideBefore = try FileManager.default.contentsOfDirectory(atPath: outside).sorted()

        let failed = try hub.run("ana", ["sync"])
        #expect(failed.status == 1, "\(failed.stdout)")
        #expect(failed.stderr.contains(push.path), "\(failed.stderr)")
        #expect(failed.stderr.contains("mallory"), "the sender is named: \(failed.stderr)")
        #expect(failed.stderr.split(separator: "\n").count <= 2, "\(failed.stderr)")
        #expect(failed.stderr.utf8.count < 1_000, "\(failed.stderr.prefix(2_000))")
        // Nothing of it reached the working tree; the victim's work is all there.
        #expect(FileManager.default.contents(atPath: hub["ana"].store + "/" + push.path) == victimsFile)
        #expect(try hub.planner("ana") == before)
        #expect(before.values.contains { $0["title"]?.stringValue == "Unsent work" })
        for words in [["day", "mon"], ["week"], ["check"], ["ls", "all"], ["add", "wed", "Later"]] {
            let result = try hub.run("ana", words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        // Nothing outside the store was read, written or run.
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == outsideBefore)
        #expect(!FileManager.default.fileExists(atPath: outside + "/ran"))
        let config = try String(contentsOfFile: hub["ana"].store + "/.git/config", encoding: .utf8)
        #expect(!config.contains("fsmonitor"))
        // A second try says the same: fetching still works, nothing was half taken.
        #expect(try hub.run("ana", ["sync"]).status == 1)

        // The attacker's push is reverted; the next sync goes through and the copies converge.
        try attacker.revert()
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        let ana = try hub.planner("ana")
        #expect(ana == (try hub.planner("ben")))
        #expect(Set(ana.values.compactMap { $0["title"]?.stringValue }) == ["Gym", "Unsent work", "Later"])
        #expect(try !hub.pushedHistory().contains("the victim's secret"))
        #expect(!FileManager.default.fileExists(atPath: outside + "/ran"))
    }

    @Test func aNewMemberJoiningAHostileRemoteTakesNothingOfIt() throws {
        let (hub, attacker, outside) = try sharedPlanner()
        try Push.journalRecord.make(in: attacker, outside: outside)
        try Push.symlinkedWeekFolder.make(in: attacker, outside: outside)
        try attacker.commitAndPush("a trap for whoever joins")
        let newcomer = ShadeProcess()
        let joined = try newcomer.run(["sync", "init", hub.hub])
        #expect(joined.status == 1)
        #expect(joined.stderr.contains("refused what the remote holds"), "\(joined.stderr)")
        #expect(!FileManager.default.fileExists(atPath: newcomer.store + "/journal"))
        #expect(!FileManager.default.fileExists(atPath: newcomer.store + "/weeks/2027"))
        #expect(!FileManager.default.fileExists(atPath: outside + "/ran"))
        let config = try String(contentsOfFile: newcomer.store + "/.git/config", encoding: .utf8)
        #expect(!config.contains("fsmonitor") && !config.contains("[remote"))
        #expect(try newcomer.run(["week"]).status == 0)
        // Once the remote is mended, joining works.
        try attacker.revert()
        let again = try newcomer.run(["sync", "init", hub.hub])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try newcomer.allTasks().contains { $0["title"]?.stringValue == "Gym" })
    }

    @Test func aTagNamedLikeTheSharedBranchIsNeverTakenForIt() throws {
        let (hub, attacker, _) = try sharedPlanner()
        // A tag `origin/main` on an old commit, then the shared branch moves on without it.
        try attacker.require(["tag", "origin/main", "HEAD"])
        try attacker.require(["push", "-q", "origin", "refs/tags/origin/main"])
        try hub.ok("ben", ["add", "fri", "Bake"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ana") == hub.planner("ben"))
        #expect(try hub.uid("ana", titled: "Bake") != nil)
        // A newcomer joins the branch, not the tag.
        let newcomer = ShadeProcess()
        let joined = try newcomer.run(["sync", "init", hub.hub])
        #expect(joined.status == 0, "\(joined.stderr)")
        #expect(try newcomer.allTasks().contains { $0["title"]?.stringValue == "Bake" })
    }

    @Test func aPlainGitPullNeverWritesOverTheCopysOwnFiles() throws {
        let (hub, attacker, outside) = try sharedPlanner()
        let own = ["ids/0000.json", "undo/0000000001.json"]
        let before = own.map { FileManager.default.contents(atPath: hub["ana"].store + "/" + $0) }
        #expect(before.allSatisfy { $0 != nil })
        try attacker.write("ids/0000.json", "{\"format\": 3, \"kind\": \"ids\", \"shard\": 0, \"weeks\": []}\n")
        try attacker.write("undo/0000000001.json", "{}\n")
        try attacker.link("journal", to: outside)
        try attacker.write("notes/run.sh", "#!/bin/sh\n")
        try attacker.commitAndPush("overwrite their ids")
        // Ana pulls with plain git, past shade's gate.
        let pulled = try hub.git("ana", ["pull", "-q", "--no-rebase", "origin", "main"])
        #expect(pulled.status == 0, "\(pulled.output)")
        #expect(own.map { FileManager.default.contents(atPath: hub["ana"].store + "/" + $0) } == before)
        #expect(!FileManager.default.fileExists(atPath: hub["ana"].store + "/notes"))
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: hub["ana"].store + "/journal", isDirectory: &isDirectory))
        #expect(isDirectory.boolValue)
        for words in [["day", "mon"], ["add", "wed", "Swim"]] {
            let result = try hub.run("ana", words)
            #expect(result.status == 0, "\(words): \(result.stderr)")
        }
        // check names what git now tracks that is no planner file.
        let checked = try hub.run("ana", ["check"])
        #expect(checked.status == 1)
        for path in own + ["journal", "notes/run.sh"] {
            #expect(checked.stdout.contains(hub["ana"].store + "/" + path + ": git tracks"), "\(checked.stdout)")
        }
        // sync refuses what the remote holds; once it is reverted, all is as it should be.
        #expect(try hub.run("ana", ["sync"]).status == 1)
        try attacker.revert()
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ana") == hub.planner("ben"))
        #expect(try hub.run("ana", ["check"]).status == 0)
        #expect(FileManager.default.contents(atPath: hub["ana"].store + "/ids/0000.json") != nil)
        let tracked = try ExternalCommand.run("/usr/bin/git", ["-C", hub.hub, "ls-tree", "-r", "--name-only", "main"])
        #expect(!tracked.output.contains("ids/") && !tracked.output.contains("undo/"), "\(tracked.output)")
    }

    @Test func aFileOverTheSizeLimitIsRefusedBeforeItIsRead() throws {
        let (hub, attacker, _) = try sharedPlanner()
        let path = attacker.root + "/weeks/2026/2026-W49.json"
        try FileManager.default.createDirectory(
            atPath: attacker.root + "/weeks/2026", withIntermediateDirectories: true)
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.truncate(atOffset: 256 * 1024 * 1024 + 1)
        try handle.close()
        try attacker.commitAndPush("a huge week")
        let failed = try hub.run("ana", ["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("weeks/2026/2026-W49.json"), "\(failed.stderr)")
        #expect(failed.stderr.contains("over the limit of 268435456 bytes"), "\(failed.stderr)")
        try attacker.revert()
        try hub.ok("ana", ["sync"])
    }

    @Test func aHostileGitignoreNeverMakesTheVictimCommitItsOwnFiles() throws {
        let (hub, attacker, _) = try sharedPlanner()
        try attacker.write(".gitignore", "!*\n!/ids/\n!/undo/\n!/backups/\n!/journal/\n!/lock\n")
        try attacker.commitAndPush("track everything")
        // The victim changes things, so that its change log, ids and backups are all there.
        try hub.ok("ana", ["edit", "1", "Gym at seven"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ana", ["add", "wed", "Swim"])
        try hub.ok("ana", ["sync"])
        let tracked = try ExternalCommand.run("/usr/bin/git", ["-C", hub.hub, "ls-tree", "-r", "--name-only", "main"])
        let paths = tracked.output.split(separator: "\n").map(String.init)
        #expect(!paths.isEmpty)
        for path in paths {
            #expect(
                path == "shade.json" || path.hasPrefix("weeks/") || path == ".gitignore" || path == ".gitattributes"
                    || (path.hasSuffix(".json") && !path.contains("/")), "\(path) was sent")
        }
        // The rules are shade's own again, and git sees nothing to commit.
        let rules = try String(contentsOfFile: hub["ana"].store + "/.gitignore", encoding: .utf8)
        #expect(!rules.contains("!/ids/"))
        #expect(try hub.git("ana", ["status", "--porcelain"]).output == "")
    }

    @Test func aHostileGitattributesCannotTakeTheMergeAwayFromShade() throws {
        let (hub, attacker, _) = try sharedPlanner()
        // Both change the week of Gym: the attacker with text merges forced on every file.
        try attacker.write(".gitattributes", "* merge=text -merge\n*.json merge=binary\n")
        try attacker.commitAndPush("merge as text")
        try hub.ok("ben", ["sync"])
        try hub.ok("ben", ["add", "mon", "Bake"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["add", "mon", "Read"])
        try hub.ok("ana", ["sync"])
        let week = try String(contentsOfFile: hub["ana"].store + "/weeks/2026/2026-W48.json", encoding: .utf8)
        #expect(!week.contains("<<<<<<<"))
        #expect(
            Set(try hub.planner("ana").values.compactMap { $0["title"]?.stringValue }).isSuperset(of: [
                "Gym", "Bake", "Read",
            ]))
        let attributes = try String(contentsOfFile: hub["ana"].store + "/.git/info/attributes", encoding: .utf8)
        #expect(attributes.contains("*.json merge=shade"))
    }

    @Test func stampsFromTheFarFutureCountAsTheirArrivalAndLoseToALaterChange() throws {
        let (hub, attacker, _) = try sharedPlanner()
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        // Ana renames Gym, not yet sent; the attacker renames it too, stamped in year 9999.
        try hub.ok("ana", ["edit", "1", "Gym with Ana"])
        try attacker.editMorning(of: "2026-11-23", in: "weeks/2026/2026-W48.json") { morning in
            var task = morning[0]
            var stamps = task["stamps"] as? [String: Any] ?? [:]
            var changed = stamps["changed"] as? [String: Any] ?? [:]
            changed["title"] = ["at": "9999-01-01T00:00:00+00:00", "by": "mallory"]
            stamps["changed"] = changed
            task["stamps"] = stamps
            task["title"] = "Mallory was here"
            morning[0] = task
        }
        try attacker.commitAndPush("forever")
        // Ben changed nothing of that week: it arrives whole, its stamp counted as its arrival.
        try hub.ok("ben", ["sync"])
        let arrived = try String(contentsOfFile: hub["ben"].store + "/weeks/2026/2026-W48.json", encoding: .utf8)
        #expect(arrived.contains("Mallory was here") && !arrived.contains("9999-"))
        try hub.ok("ana", ["sync"])
        // The conflict log names both values; the stamp kept is the arrival's, not year 9999.
        let conflicts = try hub.json("ana", ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
        let entry = try #require(conflicts.first?.objectValue)
        #expect(entry["uid"]?.stringValue == gym)
        let values = Set([entry["kept"]?.stringValue, entry["lost"]?.stringValue].compactMap { $0 })
        #expect(values == ["Mallory was here", "Gym with Ana"])
        #expect(entry["kept_at"]?.stringValue?.hasPrefix("9999") == false, "\(entry)")
        let merged = try String(contentsOfFile: hub["ana"].store + "/weeks/2026/2026-W48.json", encoding: .utf8)
        #expect(!merged.contains("9999-"))
        // A later change by an honest member wins, as any later change does.
        try hub.ok("ben", ["edit", "1", "Gym at eight"])
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana")[gym]?["title"]?.stringValue == "Gym at eight")
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func checkNamesWhatGitTracksThatIsNoPlannerFile() throws {
        let (hub, _, outside) = try sharedPlanner()
        #expect(try hub.run("ana", ["check"]).status == 0)
        // By hand, past shade: a file of the copy's own and a link, committed with plain git.
        try FileManager.default.createSymbolicLink(
            atPath: hub["ana"].store + "/linked.txt", withDestinationPath: outside + "/private.txt")
        #expect(try hub.git("ana", ["add", "-f", "--sparse", "ids/0000.json", "linked.txt"]).status == 0)
        #expect(try hub.git("ana", ["commit", "-qm", "by hand"]).status == 0)
        let checked = try hub.run("ana", ["check", "--json"])
        #expect(checked.status == 1)
        let problems = try JSONParser.parse(Array(checked.stdout.utf8)).objectValue?["problems"]?.arrayValue ?? []
        let files = problems.compactMap { $0.objectValue?["file"]?.stringValue }
        #expect(files.contains(hub["ana"].store + "/ids/0000.json"), "\(files)")
        #expect(files.contains(hub["ana"].store + "/linked.txt"), "\(files)")
    }

    @Test func aLinkPutInTheStoreByHandIsNeverCommitted() throws {
        let (hub, _, outside) = try sharedPlanner()
        try FileManager.default.createSymbolicLink(
            atPath: hub["ana"].store + "/goals.json", withDestinationPath: outside + "/private.txt")
        let failed = try hub.run("ana", ["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("goals.json is not a plain file"), "\(failed.stderr)")
        #expect(try !hub.pushedHistory().contains("the victim's secret"))
        try FileManager.default.removeItem(atPath: hub["ana"].store + "/goals.json")
        try hub.ok("ana", ["sync"])
    }

    @Test func controlCharactersThatArriveAreKeptAndNotedNotAProblem() throws {
        let (hub, attacker, _) = try sharedPlanner()
        let file = attacker.root + "/weeks/2026/2026-W48.json"
        let week = try String(contentsOfFile: file, encoding: .utf8)
        try Data(week.replacingOccurrences(of: "\"title\": \"Gym\"", with: "\"title\": \"Gym\\u001b[31m\"").utf8)
            .write(to: URL(fileURLWithPath: file))
        try attacker.commitAndPush("a title with an escape")
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana").values.contains { $0["title"]?.stringValue == "Gym\u{1B}[31m" })
        let checked = try hub.run("ana", ["check"])
        #expect(checked.status == 0, "\(checked.stdout)")
        #expect(checked.stdout.contains("note: ") && checked.stdout.contains("(shown as \\e)"), "\(checked.stdout)")
        #expect(!checked.stdout.contains("\u{1B}"))
    }

    @Test func logShowsEveryChangeAnotherCopyMadeAndWhoMadeIt() throws {
        let (hub, attacker, _) = try sharedPlanner()
        try hub.ok("ben", ["cancel", "1"])
        try hub.ok("ben", ["add", "wed", "Bake"])
        try hub.ok("ben", ["sync"])
        // The attacker takes Gym out of the week's file by hand: no tombstone says who did.
        try attacker.require(["pull", "-q", "--no-rebase", "origin", "main"])
        try attacker.editMorning(of: "2026-11-23", in: "weeks/2026/2026-W48.json") { $0 = [] }
        try attacker.commitAndPush("gone")
        try hub.ok("ana", ["sync"])
        let changes = try hub.json("ana", ["log"]).objectValue?["changes"]?.arrayValue?.compactMap(\.objectValue) ?? []
        func records(by name: String) -> [(action: String, title: String)] {
            changes.filter { $0["by"]?.stringValue == name && $0["label"]?.stringValue == "received by sync" }
                .flatMap { $0["records"]?.arrayValue ?? [] }.compactMap(\.objectValue).map { record in
                    let fields = record["fields"]?.arrayValue?.compactMap(\.objectValue) ?? []
                    let title = fields.first { $0["field"]?.stringValue == "title" }
                    return (
                        record["action"]?.stringValue ?? "",
                        (title?["new"]?.stringValue ?? title?["old"]?.stringValue) ?? ""
                    )
                }
        }
        #expect(records(by: "ben").contains { $0.action == "add" && $0.title == "Bake" }, "\(changes)")
        #expect(records(by: "mallory").contains { $0.action == "remove" && $0.title == "Gym" }, "\(changes)")
        let text = try hub.ok("ana", ["log"])
        #expect(text.contains("· mallory · received by sync") && text.contains("· ben · received by sync"), "\(text)")
        // undo takes back Ana's own newest change, never what the others did.
        let undone = try hub.ok("ana", ["undo"])
        #expect(!undone.contains("received by sync"), "\(undone)")
        let titles = Set(try hub.planner("ana").values.compactMap { $0["title"]?.stringValue })
        #expect(titles.contains("Bake") && !titles.contains("Gym"), "\(titles)")
    }

    @Test func aPasswordInTheRemoteIsNeverPrinted() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        // Nothing listens on port 9 of the loopback: the fetch fails at once.
        for remote in ["https://ana:s3cretPass@127.0.0.1:9/planner.git", "https://ghp_T0KENvalue@127.0.0.1:9/p.git"] {
            let failed = try hub.run("ana", ["sync", "init", remote])
            #expect(failed.status == 1)
            #expect(failed.stderr.contains("***"), "\(failed.stderr)")
            #expect(!failed.stderr.contains("s3cretPass") && !failed.stderr.contains("T0KENvalue"), "\(failed.stderr)")
            #expect(!failed.stdout.contains("s3cretPass") && !failed.stdout.contains("T0KENvalue"))
        }
    }
}

/// The hostile member's own clone of the shared remote: plain git, no shade.
struct Attacker {
    let root: String

    init(hub: SyncFixture) throws {
        root = hub.root + "/attacker"
        let cloned = try ExternalCommand.run("/usr/bin/git", ["clone", "-q", hub.hub, root])
        #expect(cloned.status == 0, "\(cloned.output)")
    }

    func git(_ arguments: [String]) throws -> ExternalCommand.Result {
        try ExternalCommand.run(
            "/usr/bin/git", ["-C", root, "-c", "user.name=mallory", "-c", "user.email=mallory@example.org"] + arguments)
    }

    func require(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
        let result = try git(arguments)
        #expect(result.status == 0, "git \(arguments): \(result.output)", sourceLocation: sourceLocation)
    }

    func write(_ path: String, _ text: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func link(_ path: String, to target: String) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: target)
    }

    /// Rewrites the morning tasks of `day` in the week file at `path`, as plain JSON.
    func editMorning(of day: String, in path: String, _ edit: (inout [[String: Any]]) throws -> Void) throws {
        let url = URL(fileURLWithPath: root + "/" + path)
        var week = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
        var days = try #require(week["days"] as? [String: Any])
        var slots = try #require(days[day] as? [String: Any])
        var morning = slots["morning"] as? [[String: Any]] ?? []
        try edit(&morning)
        slots["morning"] = morning
        days[day] = slots
        week["days"] = days
        try JSONSerialization.data(withJSONObject: week, options: [.prettyPrinted, .sortedKeys]).write(to: url)
    }

    /// Commits everything, ignored files too, and pushes.
    func commitAndPush(_ message: String, staging: Bool = true) throws {
        if staging { try require(["add", "-A", "-f", "."]) }
        try require(["commit", "-q", "-m", message])
        try require(["push", "-q", "origin", "HEAD:main"])
    }

    /// Takes the last commit back with a new one, and pushes.
    func revert() throws {
        try require(["pull", "-q", "--no-rebase", "origin", "main"])
        try require(["revert", "--no-edit", "HEAD"])
        try require(["push", "-q", "origin", "HEAD:main"])
    }
}

extension SyncFixture {
    /// Everything the shared remote's history holds, as text.
    func pushedHistory() throws -> String {
        try ExternalCommand.run("/usr/bin/git", ["-C", hub, "log", "-p", "--all"]).output
    }
}
