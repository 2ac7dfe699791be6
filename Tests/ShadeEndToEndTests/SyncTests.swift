import Foundation
import ShadeJSON
import ShadeTestSupport
import Synchronization
import Testing

/// Copies of one planner around a bare repository (SPEC §11): joining, offline edits, syncs in
/// every order, the same field changed on two copies, a removal against a change both ways, ids
/// local and stable, the same repeat occurrence done twice, no network.
@Suite(.serialized) struct SyncTests {
    private func tasks(_ value: JSONValue) -> [JSONObject] {
        value.objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    @Test func twoCopiesShareAPlannerEditOfflineAndSeeTheSameWeek() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        for words in [["add", "mon", "Gym"], ["add", "tue", "Call", "the", "bank"], ["add", "wed", "Dentist"]] {
            try hub.ok("ana", words)
        }
        let started = try hub.json("ana", ["sync", "init", hub.hub]).objectValue
        #expect(started?["action"]?.stringValue == "created")
        // The three tasks, and Ana as a member of the planner.
        #expect(started?["sent"]?.arrayValue?.count == 4)
        let joined = try hub.json("ben", ["sync", "init", hub.hub]).objectValue
        #expect(joined?["action"]?.stringValue == "joined")
        #expect(joined?["received"]?.arrayValue?.count == 4)
        #expect(try hub.planner("ana") == hub.planner("ben"))
        let anaIDs = try hub.ids("ana")
        let benIDs = try hub.ids("ben")

        // Offline: both change the same title; ben finishes a task, each adds one.
        let gym = try #require(try hub.uid("ana", titled: "Gym"))
        try hub.ok("ana", ["edit", String(anaIDs[gym] ?? 0), "Gym at seven"])
        try hub.ok("ben", ["edit", String(benIDs[gym] ?? 0), "Gym at eight"])
        try hub.ok("ben", ["done", String(benIDs[try #require(try hub.uid("ben", titled: "Call the bank"))] ?? 0)])
        try hub.ok("ana", ["add", "thu", "Read"])
        try hub.ok("ben", ["add", "fri", "Bake"])

        let first = try hub.json("ben", ["sync"]).objectValue
        #expect(first?["received"]?.arrayValue == [])
        #expect(Set(first?["sent"]?.arrayValue?.compactMap(\.stringValue) ?? []).count == 3)
        let second = try hub.json("ana", ["sync"]).objectValue
        #expect(second?["conflicts"]?.intValue == 1)
        // Ben's three changes, and Ben as a member.
        #expect(second?["received"]?.arrayValue?.count == 4)
        let third = try hub.json("ben", ["sync"]).objectValue
        // Ana's new task; the title she lost is Ben's already.
        #expect(third?["received"]?.arrayValue?.count == 1)

        let ana = try hub.planner("ana")
        #expect(ana == (try hub.planner("ben")))
        #expect(ana[gym]?["title"]?.stringValue == "Gym at eight")
        #expect(ana.count == 5)
        #expect(
            ana.values.contains { $0["title"]?.stringValue == "Call the bank" && $0["status"]?.stringValue == "done" })

        // Ids are each copy's own: those shown never change, arrivals get new ones.
        let anaAfter = try hub.ids("ana")
        let benAfter = try hub.ids("ben")
        for (uid, id) in anaIDs { #expect(anaAfter[uid] == id) }
        for (uid, id) in benIDs { #expect(benAfter[uid] == id) }
        #expect(Set(anaAfter.values).count == 5 && Set(benAfter.values).count == 5)
        let read = try #require(try hub.uid("ana", titled: "Read"))
        let bake = try #require(try hub.uid("ana", titled: "Bake"))
        #expect(anaAfter[read] == 4 && anaAfter[bake] == 5)
        #expect(benAfter[bake] == 4 && benAfter[read] == 5)

        // The overwritten title is in the log of the copy that merged.
        let conflicts = try hub.json("ana", ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
        let entry = try #require(conflicts.first?.objectValue)
        #expect(conflicts.count == 1)
        #expect(entry["uid"]?.stringValue == gym && entry["field"]?.stringValue == "title")
        #expect(entry["kept"]?.stringValue == "Gym at eight" && entry["lost"]?.stringValue == "Gym at seven")
        #expect(entry["kept_by"]?.stringValue == "ben" && entry["lost_by"]?.stringValue == "ana")
        #expect((entry["kept_at"]?.stringValue ?? "") > (entry["lost_at"]?.stringValue ?? ""))
        #expect(try hub.json("ben", ["conflicts"]).objectValue?["conflicts"]?.arrayValue == [])
        let text = try hub.ok("ana", ["conflicts"])
        #expect(text.contains("kept “Gym at eight” (ben, ") && text.contains("lost “Gym at seven” (ana, "))

        // git sees nothing left to commit after a command, and keeps this copy's files out.
        for name in ["ana", "ben"] {
            try hub.ok(name, ["ls"])
            #expect(try hub.git(name, ["status", "--porcelain"]).output == "")
            let tracked = try hub.git(name, ["ls-files"]).output.split(separator: "\n")
            #expect(tracked.allSatisfy { !$0.hasPrefix("ids/") && !$0.hasPrefix("undo/") && $0 != "conflicts.json" })
            #expect(tracked.contains(".gitattributes") && tracked.contains("shade.json"))
            #expect(try hub.git(name, ["config", "merge.shade.driver"]).output.contains("merge-driver %O %A %B %P"))
        }
        // Private on every copy: files 0600, folders 0700, the git folder too.
        for path in ["", "/.git", "/weeks/2026", "/weeks/2026/2026-W48.json", "/.gitignore", "/.git/config"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: hub["ben"].store + path)
            let mode = (attributes[.posixPermissions] as? Int ?? 0) & 0o077
            #expect(mode == 0, "\(path) is readable by others")
        }
        #expect(try hub.run("ben", ["check"]).status == 0)
    }

    @Test func aRemovalLosesToALaterChangeAndWinsOverAnEarlierOne() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Water", "the", "plants"])
        try hub.ok("ana", ["add", "tue", "Pay", "rent"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        let plants = try #require(try hub.uid("ana", titled: "Water the plants"))
        let rent = try #require(try hub.uid("ana", titled: "Pay rent"))
        let ana = try hub.ids("ana")
        let ben = try hub.ids("ben")
        // Ana removes the plants first, Ben changes them after: the change wins.
        try hub.ok("ana", ["rm", String(ana[plants] ?? 0)])
        try hub.ok("ben", ["star", String(ben[plants] ?? 0)])
        // Ben changes the rent first, Ana removes it after: the removal wins.
        try hub.ok("ben", ["edit", String(ben[rent] ?? 0), "Pay the rent"])
        try hub.ok("ana", ["rm", String(ana[rent] ?? 0)])
        for name in ["ana", "ben", "ana"] { try hub.ok(name, ["sync"]) }
        for name in ["ana", "ben"] {
            let planner = try hub.planner(name)
            #expect(planner[plants]?["favorite"]?.boolValue == true, "\(name)")
            #expect(planner[rent] == nil, "\(name)")
        }
        // Each overwritten value is named where the merge ran: Ben's sync merged Ana's removals.
        let logged = (try hub.json("ben", ["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? [])
            .compactMap(\.objectValue)
        let removals = logged.filter { $0["field"]?.stringValue == "removed" }
        #expect(removals.contains { $0["uid"]?.stringValue == plants && $0["kept"]?.boolValue == false })
        #expect(removals.contains { $0["uid"]?.stringValue == rent && $0["kept"]?.boolValue == true })
        // And it stays so through further syncs either way.
        for name in ["ben", "ana"] { try hub.ok(name, ["sync"]) }
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func aMovedTaskKeepsItsIdAndAChangeWhereItWasJoinsIt() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Write", "the", "report"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["add", "tue", "Own", "task"])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync"])
        let report = try #require(try hub.uid("ana", titled: "Write the report"))
        let anaID = try #require(try hub.ids("ana")[report])
        let benID = try #require(try hub.ids("ben")[report])
        #expect(anaID != benID)
        // Ana moves it to the next week; Ben renames it where it was.
        try hub.ok("ana", ["mv", String(anaID), "2026-12-02", "evening"])
        try hub.ok("ben", ["edit", String(benID), "Write the final report"])
        for name in ["ana", "ben", "ana"] { try hub.ok(name, ["sync"]) }
        for (name, id) in [("ana", anaID), ("ben", benID)] {
            let all = tasks(try hub.json(name, ["ls", "all"])).filter { $0["uid"]?.stringValue == report }
            #expect(all.count == 1, "\(name) holds the task once")
            #expect(all.first?["date"]?.stringValue == "2026-12-02" && all.first?["slot"]?.stringValue == "evening")
            #expect(all.first?["title"]?.stringValue == "Write the final report")
            #expect(all.first?["id"]?.intValue == Int64(id), "\(name) keeps its id")
            #expect(try hub.run(name, ["check"]).status == 0)
        }
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func theSameRepeatOccurrenceDoneOnTwoCopiesIsOneRecord() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "morning", "Stretch", "every:day"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        func tuesday(_ name: String) throws -> [JSONObject] {
            let slots = try hub.json(name, ["day", "2026-11-24"]).objectValue?["slots"]?.arrayValue ?? []
            return slots.flatMap { tasks($0) }.filter { $0["title"]?.stringValue == "Stretch" }
        }
        let anaTuesday = try #require(try tuesday("ana").first)
        let benTuesday = try #require(try tuesday("ben").first)
        #expect(anaTuesday["uid"] == benTuesday["uid"])
        try hub.ok("ana", ["done", String(anaTuesday["id"]?.intValue ?? 0)])
        try hub.ok("ben", ["done", String(benTuesday["id"]?.intValue ?? 0)])
        for name in ["ana", "ben", "ana"] { try hub.ok(name, ["sync"]) }
        for name in ["ana", "ben"] {
            let stretches = try tuesday(name)
            #expect(stretches.count == 1, "\(name)")
            #expect(stretches.first?["status"]?.stringValue == "done")
            #expect(stretches.first?["id"] == (name == "ana" ? anaTuesday["id"] : benTuesday["id"]))
        }
        #expect(try hub.planner("ana") == hub.planner("ben"))
        // Both marked it done: the same value, nothing overwritten.
        #expect(try hub.json("ana", ["conflicts"]).objectValue?["conflicts"]?.arrayValue == [])
    }

    @Test func withoutANetworkSyncSaysSoAndEverythingElseKeepsWorking() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        let alone = try hub.run("ana", ["sync"])
        #expect(alone.status == 1 && alone.stdout.isEmpty)
        #expect(alone.stderr.contains("not shared yet") && alone.stderr.split(separator: "\n").count == 1)
        try hub.ok("ana", ["sync", "init"])
        let noRemote = try hub.run("ana", ["sync"])
        #expect(noRemote.status == 1 && noRemote.stderr.contains("no remote"))
        #expect(noRemote.stderr.split(separator: "\n").count == 1)
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])

        // The shared repository goes away (a server down, a stick unplugged).
        try FileManager.default.moveItem(atPath: hub.hub, toPath: hub.hub + ".away")
        try hub.ok("ana", ["add", "tue", "Offline", "edit"])
        let failed = try hub.run("ana", ["sync", "--json"])
        #expect(failed.status == 1 && failed.stdout.isEmpty)
        #expect(failed.stderr.hasPrefix("error: could not reach "))
        #expect(failed.stderr.split(separator: "\n").count == 1)
        #expect(try hub.run("ana", ["ls", "all", "--json"]).status == 0)
        try hub.ok("ana", ["add", "wed", "Another"])
        #expect(try hub.run("ana", ["check"]).status == 0)

        // Back again: what was kept goes at the next sync.
        try FileManager.default.moveItem(atPath: hub.hub + ".away", toPath: hub.hub)
        let sent = try hub.json("ana", ["sync"]).objectValue?["sent"]?.arrayValue ?? []
        #expect(sent.count == 2)
        try hub.ok("ben", ["sync"])
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func aRemoteThatCannotBeReachedIsNotKeptByInit() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        let wrong = try hub.run("ana", ["sync", "init", hub.root + "/no-such.git"])
        #expect(wrong.status == 1 && wrong.stdout.isEmpty)
        #expect(wrong.stderr.contains("does not appear to be a git repository"), "\(wrong.stderr)")
        #expect(wrong.stderr.split(separator: "\n").count == 1)
        let right = try hub.json("ana", ["sync", "init", hub.hub]).objectValue
        #expect(right?["remote"]?.stringValue == hub.hub)
        #expect(right?["sent"]?.arrayValue?.isEmpty == false)
    }

    @Test func aPlainGitPullIsSettledByTheNextCommand() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Plan", "the", "trip"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        let trip = try #require(try hub.uid("ben", titled: "Plan the trip"))
        let benID = try #require(try hub.ids("ben")[trip])
        let anaID = try #require(try hub.ids("ana")[trip])
        try hub.ok("ana", ["mv", String(anaID), "2026-12-08"])
        try hub.ok("ana", ["add", "tue", "New", "from", "ana"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["edit", String(benID), "Plan the whole trip"])
        // Ben commits and pulls with git alone: the merge goes through shade's driver.
        #expect(try hub.git("ben", ["commit", "-qam", "by hand"]).status == 0)
        let pulled = try hub.git("ben", ["pull", "-q", "--no-rebase", "origin", "main"])
        #expect(pulled.status == 0, "\(pulled.output)")
        #expect(
            !(try String(contentsOfFile: hub["ben"].store + "/weeks/2026/2026-W48.json", encoding: .utf8)).contains(
                "<<<<"))
        let all = tasks(try hub.json("ben", ["ls", "all"]))
        let moved = all.filter { $0["uid"]?.stringValue == trip }
        #expect(moved.count == 1)
        #expect(moved.first?["id"]?.intValue == Int64(benID))
        #expect(moved.first?["title"]?.stringValue == "Plan the whole trip")
        #expect(moved.first?["date"]?.stringValue == "2026-12-08")
        #expect(all.contains { $0["title"]?.stringValue == "New from ana" && $0["id"]?.intValue == 2 })
        #expect(try hub.run("ben", ["check"]).status == 0)
        try hub.ok("ben", ["sync"])
        try hub.ok("ana", ["sync"])
        #expect(try hub.planner("ana") == hub.planner("ben"))
    }

    @Test func aDamagedFileFromAnotherCopyStopsTheMergeAndNamesIt() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync"])
        // A copy with a broken editor pushes half a week file, by git alone.
        let file = hub["ana"].store + "/weeks/2026/2026-W48.json"
        let whole = try Data(contentsOf: URL(fileURLWithPath: file))
        try whole.prefix(whole.count / 2).write(to: URL(fileURLWithPath: file))
        #expect(try hub.git("ana", ["commit", "-qam", "broken"]).status == 0)
        #expect(try hub.git("ana", ["push", "-q", "origin", "main"]).status == 0)
        try hub.ok("ben", ["add", "mon", "Read"])
        let before = try hub.planner("ben")
        let failed = try hub.run("ben", ["sync"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("weeks/2026/2026-W48.json"), "\(failed.stderr)")
        #expect(try hub.planner("ben") == before)
        #expect(try hub.git("ben", ["status", "--porcelain"]).output == "")
        #expect(try hub.run("ben", ["check"]).status == 0)
    }

    @Test func aTaskRemovedOnAnotherCopyLeavesNoIdBehind() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Gym"])
        try hub.ok("ana", ["add", "mon", "Read"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["rm", "1"])
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        let checked = try hub.run("ben", ["check"])
        #expect(checked.status == 0, "\(checked.stdout)")
        // The id the removed task had is not handed out again.
        #expect(try hub.ok("ben", ["add", "tue", "New"]).contains("added 3"))
        #expect(try hub.run("ben", ["check"]).status == 0)
    }

    @Test func aREPLShowsWhatItsSyncBrought() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "First"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["add", "mon", "Second"])
        try hub.ok("ana", ["sync"])
        let session = try hub.run("ben", [], stdin: "ls all --json\nsync\nls all --json\n")
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.components(separatedBy: "\"First\"").count == 3)
        #expect(session.stdout.components(separatedBy: "\"Second\"").count == 2)
    }
}

/// `shade merge-driver %O %A %B %P`, called as git calls it, on crafted and damaged files.
@Suite struct MergeDriverTests {
    let week = "weeks/2026/2026-W48.json"

    /// Three versions of a week file: Gym as made, renamed at 10:00, starred and renamed at 10:05.
    private func versions() throws -> (shade: ShadeProcess, base: Data, ours: Data, theirs: Data) {
        let shade = ShadeProcess(now: "2026-11-23T09:30")
        try shade.run(["add", "mon", "Gym"])
        try shade.run(["add", "tue", "Read"])
        let base = try #require(shade.storeFile(week))
        try shade.run(["edit", "1", "Gym at seven"], environment: ["SHADE_NOW": "2026-11-23T10:00"])
        let ours = try #require(shade.storeFile(week))
        try shade.run(["undo"], environment: ["SHADE_NOW": "2026-11-23T10:01"])
        try shade.run(["star", "1"], environment: ["SHADE_NOW": "2026-11-23T10:05"])
        try shade.run(["edit", "1", "Gym at eight"], environment: ["SHADE_NOW": "2026-11-23T10:05"])
        try shade.run(["rm", "2"], environment: ["SHADE_NOW": "2026-11-23T10:06"])
        let theirs = try #require(shade.storeFile(week))
        return (shade, base, ours, theirs)
    }

    private func files(_ shade: ShadeProcess, _ base: Data, _ ours: Data, _ theirs: Data) throws -> [String] {
        let paths = ["base", "ours", "theirs"].map { shade.root + "/merge-" + $0 }
        for (path, data) in zip(paths, [base, ours, theirs]) { try data.write(to: URL(fileURLWithPath: path)) }
        return paths
    }

    @Test func itMergesAWeekFieldByFieldAndLogsTheValueLost() throws {
        let (shade, base, ours, theirs) = try versions()
        let paths = try files(shade, base, ours, theirs)
        let result = try shade.run(["merge-driver"] + paths + [week])
        #expect(result.status == 0, "\(result.stderr)")
        let merged = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: paths[1]))))
        let morning =
            merged.objectValue?["days"]?.objectValue?["2026-11-23"]?.objectValue?["morning"]?.arrayValue ?? []
        let gym = try #require(morning.first?.objectValue)
        #expect(gym["title"]?.stringValue == "Gym at eight")
        #expect(gym["favorite"]?.boolValue == true)
        // Read was removed on one side only: gone, with its tombstone kept.
        #expect(merged.objectValue?["days"]?.objectValue?["2026-11-24"] == nil)
        #expect(merged.objectValue?["removed"]?.objectValue?.count == 1)
        let conflicts = try shade.json(["conflicts"]).objectValue?["conflicts"]?.arrayValue ?? []
        #expect(conflicts.count == 1)
        #expect(conflicts.first?.objectValue?["lost"]?.stringValue == "Gym at seven")
        // The merged file is one the store reads: the same file merged again changes nothing.
        let again = try files(shade, base, try Data(contentsOf: URL(fileURLWithPath: paths[1])), theirs)
        #expect(try shade.run(["merge-driver"] + again + [week]).status == 0)
        #expect(
            try Data(contentsOf: URL(fileURLWithPath: again[1])) == Data(contentsOf: URL(fileURLWithPath: paths[1])))
    }

    @Test(arguments: [
        ("theirs cut short", "theirs"), ("ours not JSON", "ours"), ("base of another week", "base"),
    ])
    func aVersionThatDoesNotReadFailsAndLeavesOursAsItWas(_ label: String, _ which: String) throws {
        var (shade, base, ours, theirs) = try versions()
        let damaged: Data
        switch which {
        case "theirs": damaged = theirs.prefix(theirs.count / 2)
        case "ours": damaged = Data("{\"format\": 3, \"kind\": \"week\",\n  <<<<<<< HEAD\n".utf8)
        default: damaged = Data(String(decoding: base, as: UTF8.self).replacingOccurrences(of: "W48", with: "W49").utf8)
        }
        switch which {
        case "theirs": theirs = damaged
        case "ours": ours = damaged
        default: base = damaged
        }
        let paths = try files(shade, base, ours, theirs)
        let result = try shade.run(["merge-driver"] + paths + [week])
        #expect(result.status == 1, "\(label)")
        #expect(
            result.stderr.contains("cannot merge \(week)") && result.stderr.contains("(\(which))"), "\(result.stderr)")
        #expect(result.stderr.contains("line"), "\(label): \(result.stderr)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: paths[1])) == ours)
        #expect(try shade.json(["conflicts"]).objectValue?["conflicts"]?.arrayValue == [])
    }

    @Test func aFileCopiesDoNotShareIsRefused() throws {
        let (shade, base, ours, theirs) = try versions()
        let paths = try files(shade, base, ours, theirs)
        let result = try shade.run(["merge-driver"] + paths + ["ids/0000.json"])
        #expect(result.status == 1 && result.stderr.contains("no file that copies of a planner share"))
    }

    @Test func aCategoryRenamedOnOneCopyAndRecolouredOnTheOtherMerges() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:30")
        try shade.run(["add", "mon", "Gym", "cat:health"])
        let base = try #require(shade.storeFile("categories.json"))
        try shade.run(["cat", "color", "health", "green"], environment: ["SHADE_NOW": "2026-11-23T10:00"])
        let ours = try #require(shade.storeFile("categories.json"))
        try shade.run(["undo"], environment: ["SHADE_NOW": "2026-11-23T10:01"])
        try shade.run(["cat", "add", "school"], environment: ["SHADE_NOW": "2026-11-23T10:02"])
        let theirs = try #require(shade.storeFile("categories.json"))
        let paths = try files(shade, base, ours, theirs)
        let result = try shade.run(["merge-driver"] + paths + ["categories.json"])
        #expect(result.status == 0, "\(result.stderr)")
        let merged = try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: paths[1]))))
        let list = merged.objectValue?["categories"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(list.map { $0["name"]?.stringValue ?? "" } == ["health", "school"])
        #expect(list.first?["color"]?.stringValue == "green")
    }
}

/// Two copies that sync at the same moment: one push wins, the other fetches, merges and sends
/// again (SPEC §11: retried, bounded).
@Suite struct SyncRaceTests {
    @Test func twoCopiesSyncingAtOnceBothGetThrough() throws {
        let hub = try SyncFixture(names: ["ana", "ben"])
        try hub.ok("ana", ["add", "mon", "Start"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ben", ["sync", "init", hub.hub])
        try hub.ok("ana", ["sync"])
        for round in 0..<3 {
            try hub.ok("ana", ["add", "tue", "From", "ana", String(round)])
            try hub.ok("ben", ["add", "wed", "From", "ben", String(round)])
            let results = Mutex<[String: ShadeProcess.Result]>([:])
            let group = DispatchGroup()
            for name in ["ana", "ben"] {
                let copy = hub[name]
                let now = hub.tick()
                DispatchQueue.global().async(group: group) {
                    let result = try? copy.shade.run(["sync"], environment: ["SHADE_NOW": now])
                    results.withLock { $0[name] = result }
                }
            }
            group.wait()
            for name in ["ana", "ben"] {
                let result = results.withLock { $0[name] }
                #expect(result?.status == 0, "\(name): \(result?.stderr ?? "")")
            }
        }
        // Whichever pushed last, one more sync on each brings both to the same planner.
        try hub.ok("ana", ["sync"])
        try hub.ok("ben", ["sync"])
        let planner = try hub.planner("ana")
        #expect(planner.count == 7)
        #expect(planner == (try hub.planner("ben")))
    }
}
