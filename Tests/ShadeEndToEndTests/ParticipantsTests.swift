import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Participants end to end (SPEC §11): `config user.name|user.email` and their defaults (git's,
/// else the login name), `created_by` and `modified_by` in every task's and goal's JSON,
/// `to:NAME` and the `to:` and `mine` filters, `members`, and `rm` in a shared planner.
@Suite struct ParticipantsTests {
    /// A planner whose login name is `login`, with no git identity (nor git's system settings).
    static func planner(login: String = "ana", now: String = "2026-11-24T09:00") -> ShadeProcess {
        let shade = ShadeProcess(now: now)
        shade.environment["USER"] = login
        shade.environment["GIT_CONFIG_NOSYSTEM"] = "1"
        return shade
    }

    /// Writes git's own settings for the user (`~/.gitconfig`).
    static func gitIdentity(_ shade: ShadeProcess, name: String, email: String) throws {
        try "[user]\n\tname = \(name)\n\temail = \(email)\n".write(
            toFile: shade.root + "/.gitconfig", atomically: true, encoding: .utf8)
    }

    /// Puts first on the planner's PATH a git that writes down each time it is started (its
    /// arguments, a line each) before running the real one; returns those lines as they stand.
    static func recordingGit(_ shade: ShadeProcess) throws -> () -> [String] {
        let bin = shade.root + "/bin"
        let calls = shade.root + "/git-calls"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try InheritedDescriptors.writeExecutable(
            "#!/bin/sh\necho \"$*\" >> '\(calls)'\nexec /usr/bin/git \"$@\"\n", to: bin + "/git")
        shade.environment["PATH"] = bin + ":/usr/bin:/bin"
        return { ((try? String(contentsOfFile: calls, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init) }
    }

    /// The settings file of a planner's user.
    func configFile(_ shade: ShadeProcess) -> String { shade.root + "/config/shade/config.json" }

    // MARK: config

    @Test func byDefaultIAmMyLoginNameWithNoEmail() throws {
        let shade = Self.planner(login: "ana")
        let name = try #require(try shade.json(["config", "user.name"]).objectValue)
        #expect(name.string("value") == "ana" && name.string("from") == "login")
        let email = try #require(try shade.json(["config", "user.email"]).objectValue)
        #expect(email["value"] == .null && email["from"] == .null)
        #expect(try shade.run(["config", "user.name"]).stdout == "ana\n")
        let none = try shade.run(["config", "user.email"])
        #expect(none.status == 0 && none.stdout.isEmpty && none.stderr.contains("user.email is not set"))
        // Nothing was written.
        #expect(!FileManager.default.fileExists(atPath: configFile(shade)))
        #expect(!FileManager.default.fileExists(atPath: shade.store))
    }

    @Test func gitsIdentityComesBeforeTheLoginNameItsWordsJoinedByDots() throws {
        let shade = Self.planner(login: "ana")
        try Self.gitIdentity(shade, name: "Ana Lopez", email: "ana@example.org")
        let settings = try shade.json(["config"]).objectValue?["settings"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(settings.map { $0.string("key") } == ["user.name", "user.email"])
        #expect(settings.map { $0.string("value") } == ["Ana.Lopez", "ana@example.org"])
        #expect(settings.map { $0.string("from") } == ["git", "git"])
        let task = try #require(try shade.json(["add", "Gym"]).objectValue)
        #expect(task.string("created_by") == "Ana.Lopez")
        // A name of one's own wins over git's.
        #expect(try shade.run(["config", "user.name", "ana"]).stdout == "user.name is ana now\n")
        #expect(try shade.json(["add", "Read"]).objectValue?.string("created_by") == "ana")
        // A git name that is no name at all leaves the login name.
        try Self.gitIdentity(shade, name: "Ana (work)", email: "not an address")
        try shade.run(["config", "--unset", "user.name"])
        #expect(try shade.run(["config", "user.name"]).stdout == "ana\n")
        #expect(try shade.json(["config", "user.email"]).objectValue?["value"] == .null)
    }

    @Test func gitIsAskedAgainOnlyWhenWhatItReadsHasChanged() throws {
        let shade = Self.planner(login: "ana")
        try Self.gitIdentity(shade, name: "Ana Lopez", email: "ana@example.org")
        let calls = try Self.recordingGit(shade)
        func started() -> Int { calls().count }
        // Once before the planner exists (git is asked from /), once in it.
        #expect(try shade.json(["add", "Gym"]).objectValue?.string("created_by") == "Ana.Lopez")
        #expect(try shade.json(["add", "Run"]).objectValue?.string("created_by") == "Ana.Lopez")
        let first = started()
        #expect(first == 2)
        #expect(try shade.json(["add", "Read"]).objectValue?.string("created_by") == "Ana.Lopez")
        #expect(try shade.run(["done", "1"]).status == 0)
        #expect(started() == first)
        // A changed setting is seen at once.
        try Self.gitIdentity(shade, name: "Ana Maria", email: "ana@example.org")
        #expect(try shade.json(["add", "Swim"]).objectValue?.string("created_by") == "Ana.Maria")
        #expect(started() == first + 1)
        // So is one of the repository's own, once the planner is in one.
        let git = Process()
        git.executableURL = URL(fileURLWithPath: "/usr/bin/git")
        git.arguments = ["-C", shade.store, "init", "-q"]
        try git.run()
        git.waitUntilExit()
        try String(contentsOfFile: shade.store + "/.git/config", encoding: .utf8).appending(
            "[user]\n\tname = ana.repo\n"
        )
        .write(toFile: shade.store + "/.git/config", atomically: true, encoding: .utf8)
        #expect(try shade.json(["add", "Walk"]).objectValue?.string("created_by") == "ana.repo")
        // A file that includes another could change without this one changing: git is asked each time.
        try "[include]\n\tpath = other\n[user]\n\tname = Ana Lopez\n".write(
            toFile: shade.root + "/.gitconfig", atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: shade.store + "/.git")
        let before = started()
        #expect(try shade.run(["add", "Cook"]).status == 0)
        #expect(try shade.run(["add", "Bake"]).status == 0)
        #expect(started() == before + 2)
    }

    @Test func plannersTakingTurnsEachAskGitOnce() throws {
        let shade = Self.planner(login: "ana")
        try Self.gitIdentity(shade, name: "Ana Lopez", email: "ana@example.org")
        let started = try Self.recordingGit(shade)
        // Three planners, each made by its first add; git is asked from / before each exists.
        let planners = (1...3).map { shade.root + "/planner-\($0)" }
        for planner in planners {
            #expect(try shade.run(["add", "Gym"], environment: ["SHADE_STORE": planner]).status == 0)
        }
        let before = started().count
        // Turn by turn, each planner's first change asks git in its own directory once.
        for _ in 1...3 {
            for planner in planners {
                let added = try shade.run(["add", "Run", "--json"], environment: ["SHADE_STORE": planner])
                #expect(try added.json().objectValue?.string("created_by") == "Ana.Lopez", "\(added.stderr)")
            }
        }
        let asked = started().dropFirst(before)
        #expect(asked.count == planners.count, "\(asked)")
        for planner in planners {
            #expect(asked.filter { $0.contains(planner) }.count == 1, "\(asked)")
        }
    }

    @Test func aMissingGitIsNoGitIdentity() throws {
        let shade = Self.planner(login: "ben")
        let empty = shade.root + "/empty-path"
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let result = try shade.run(["add", "Gym", "--json"], environment: ["PATH": empty])
        #expect(result.status == 0 && result.stderr.isEmpty)
        #expect(try result.json().objectValue?.string("created_by") == "ben")
    }

    @Test func configSetsTheNameAndTheEmailKeepingEveryOtherSetting() throws {
        let shade = Self.planner()
        #expect(try shade.run(["capacity", "evening", "2"]).status == 0)
        #expect(try shade.run(["config", "user.name", "ana.l"]).stdout == "user.name is ana.l now\n")
        let set = try #require(try shade.json(["config", "user.email", "ana@example.org"]).objectValue)
        #expect(set.string("key") == "user.email" && set.string("value") == "ana@example.org")
        #expect(set.string("from") == "config")
        let file = try #require(
            try JSONParser.parse(Array(try Data(contentsOf: URL(fileURLWithPath: configFile(shade))))).objectValue)
        #expect(file["capacity"]?.objectValue?.int("evening") == 2)
        #expect(file["user"]?.objectValue?.string("name") == "ana.l")
        #expect(file["user"]?.objectValue?.string("email") == "ana@example.org")
        let mode = try FileManager.default.attributesOfItem(atPath: configFile(shade))[.posixPermissions] as? Int
        #expect(mode == 0o600)
        // Listing: the user's settings, then the others of the file.
        let listing = try shade.run(["config"]).stdout
        #expect(listing.contains("user.name") && listing.contains("ana.l") && listing.contains("(set)"))
        #expect(listing.contains("capacity.evening") && listing.contains("2"))
        #expect(try shade.run(["config", "capacity.evening"]).stdout == "2\n")
        // Unset: back to the default; the other settings stay.
        #expect(try shade.run(["config", "--unset", "user.email"]).stdout == "user.email is not set now\n")
        #expect(try shade.run(["capacity", "--json"]).stdout.contains("\"evening\": 2"))
        #expect(try shade.run(["config", "user.name"]).stdout == "ana.l\n")
    }

    @Test(arguments: [
        (["config", "user.name", "Ana Lopez"], "'Ana Lopez' is not a name"),
        (["config", "user.name", "Ana", "Lopez"], "user.name is one word"),
        (["config", "user.email", "ana"], "'ana' is not an email address"),
        (["config", "user.nmae", "ana"], "did you mean user.name?"),
        (["config", "slots.morning", "07:00"], "is not a range of the day"),
        (["config", "--unset"], "--unset needs the setting"),
    ])
    func badSettingsAreUsageErrorsAndChangeNothing(words: [String], message: String) throws {
        let shade = Self.planner()
        try FileManager.default.createDirectory(atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try #"{"slots": {"morning": "06:30"}}"#.write(toFile: configFile(shade), atomically: true, encoding: .utf8)
        let before = try String(contentsOfFile: configFile(shade), encoding: .utf8)
        let result = try shade.run(words)
        #expect(result.status == 64, "\(words): \(result.stderr)")
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try String(contentsOfFile: configFile(shade), encoding: .utf8) == before)
    }

    // MARK: created_by and modified_by

    @Test func everyTaskAndGoalSaysWhoMadeItAndWhoChangedItLast() throws {
        let shade = Self.planner(login: "ana")
        try shade.run(["add", "tue", "Gym"])
        try shade.run(["goal", "add", "Fit", "for:week"])
        try shade.run(["config", "user.name", "ben"])
        try shade.run(["done", "1"])
        try shade.run(["goal", "done", "g1"])
        let show = try #require(try shade.json(["show", "1"]).objectValue)
        #expect(show.string("created_by") == "ana" && show.string("modified_by") == "ben")
        let listed = try #require(try shade.allTasks().first)
        #expect(listed.string("created_by") == "ana" && listed.string("modified_by") == "ben")
        let day = try shade.json(["day", "tue"]).objectValue?["slots"]?.arrayValue?.first?.objectValue
        let inDay = try #require(day?["tasks"]?.arrayValue?.first?.objectValue)
        #expect(inDay.string("created_by") == "ana" && inDay.string("modified_by") == "ben")
        let goal = try #require(try shade.json(["goal", "show", "g1"]).objectValue)
        #expect(goal.string("created_by") == "ana" && goal.string("modified_by") == "ben")
        let goals = try shade.json(["goals"]).objectValue?["goals"]?.arrayValue?.first?.objectValue
        #expect(goals?.string("created_by") == "ana")
        // A task of an earlier format knows no author: null.
        let demo = Self.planner()
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent(
                "Tests/ShadeStoreTests/Fixtures/format2-demo-store"
            ).path, toPath: demo.store)
        let old = try #require(try demo.allTasks().first)
        #expect(old["created_by"] == .null && old["modified_by"] == .null)
    }

    // MARK: to:NAME

    @Test func aTaskIsGivenWithToAndTakenBackWithToNone() throws {
        let shade = Self.planner(login: "ana")
        let added = try #require(try shade.json(["add", "tue", "Book", "the", "flights", "to:ben"]).objectValue)
        #expect(added.string("to") == "ben" && added.string("title") == "Book the flights")
        #expect(try shade.run(["ls", "tue"]).stdout.contains("→ben"))
        #expect(try shade.run(["show", "1"]).stdout.contains("→ ben"))
        let plain = try #require(try shade.json(["add", "tue", "Call", "mum"]).objectValue)
        #expect(plain["to"] == .null)
        #expect(try shade.run(["show", "2"]).stdout.contains("→") == false)
        #expect(try shade.json(["edit", "2", "to:cleo"]).objectValue?.string("to") == "cleo")
        #expect(try shade.json(["edit", "2", "to:none"]).objectValue?["to"] == .null)
        #expect(try shade.json(["edit", "1", "to:"]).objectValue?["to"] == .null)
        // Each is one undo step, and the log names the field.
        let log = try shade.json(["log", "1"]).objectValue?["changes"]?.arrayValue?.first?.objectValue
        let fields = log?["records"]?.arrayValue?.first?.objectValue?["fields"]?.arrayValue ?? []
        #expect(fields.first?.objectValue?.string("field") == "to")
        try shade.run(["undo"])
        #expect(try shade.json(["show", "1"]).objectValue?.string("to") == "ben")
        // Its week file holds it; the store stays valid.
        let week = String(decoding: try #require(shade.storeFile("weeks/2026/2026-W48.json")), as: UTF8.self)
        #expect(week.contains(#""to": "ben""#))
        #expect(try shade.run(["check"]).status == 0)
    }

    @Test func badRecipientsAreRefused() throws {
        let shade = Self.planner()
        let bad = try shade.run(["add", "Gym", "to:a/b"])
        #expect(bad.status == 1 && bad.stderr.contains("'to:a/b' names no one"))
        let series = try shade.run(["add", "Gym", "every:day", "to:ben"])
        #expect(series.status == 1 && series.stderr.contains("a repeating task is given to no one as a whole"))
        #expect(try shade.allTasks().isEmpty)
        let filter = try shade.run(["ls", "to:"])
        #expect(filter.status == 64 && filter.stderr.contains("'to:' needs a name"))
    }

    @Test func toAndMineFilterTasks() throws {
        let shade = Self.planner(login: "ana")
        try shade.run(["add", "tue", "Mine", "alone"])  // 1: made by me, given to no one
        try shade.run(["add", "tue", "For", "ben", "to:ben"])  // 2: made by me, given to ben
        try shade.run(["config", "user.name", "ben"])
        try shade.run(["add", "tue", "For", "ana", "to:ana"])  // 3: made by ben, given to me
        try shade.run(["add", "tue", "Bens", "own"])  // 4: ben's
        try shade.run(["config", "--unset", "user.name"])
        #expect(try ids(shade, ["ls", "mine"], user: "ana") == [1, 3])
        #expect(try ids(shade, ["ls", "to:ben"], user: "ana") == [2])
        #expect(try ids(shade, ["ls", "to:none", "tue"], user: "ana") == [1, 4])
        #expect(try ids(shade, ["ls", "mine", "to:ana"], user: "ana") == [3])
        // ben's side of it.
        #expect(try ids(shade, ["ls", "mine"], user: "ben") == [2, 4])
        // The same filters select what export takes.
        let export = try shade.run(["export", "mine", "--format", "csv"])
        #expect(export.stdout.contains("Mine alone") && export.stdout.contains("For ana"))
        #expect(!export.stdout.contains("Bens own"))
    }

    /// The ids of the tasks `ls` lists, run as `user` (the login name).
    private func ids(_ shade: ShadeProcess, _ words: [String], user: String) throws -> [Int] {
        let result = try shade.run(words + ["--json"], environment: ["USER": user])
        return try result.json().objectValue?["tasks"]?.arrayValue?.compactMap { $0.objectValue?.int("id") } ?? []
    }

    @Test(arguments: ["json", "csv", "ics", "todotxt", "taskwarrior"])
    func whoATaskIsGivenToTravelsThroughEveryFormat(format: String) throws {
        let source = Self.planner()
        try source.run(["add", "tue", "Book", "the", "flights", "to:ben"])
        try source.run(["add", "wed", "Call", "mum"])
        let file = source.root + "/export." + format
        #expect(try source.run(["export", "--format", format, "-o", file]).status == 0)
        let target = Self.planner()
        #expect(try target.run(["import", file]).status == 0)
        let given = try target.allTasks().map { ($0.string("title") ?? "", $0["to"]) }
        #expect(given.count == 2)
        #expect(given.first { $0.0 == "Book the flights" }?.1 == .string("ben"))
        #expect(given.first { $0.0 == "Call mum" }?.1 == .null)
        // Taken back in a file: an update of that field.
        try source.run(["edit", "1", "to:none"])
        #expect(try source.run(["export", "--format", format, "-o", file]).status == 0)
        let updated = try target.json(["import", file]).objectValue?["updated"]?.arrayValue ?? []
        #expect(updated.count == 1)
        #expect(try target.allTasks().allSatisfy { $0["to"] == .null })
    }

    // MARK: members

    @Test func membersAreEveryoneWhoChangedThePlannerWithTheirChanges() throws {
        let shade = Self.planner(login: "ana")
        #expect(try shade.json(["members"]).objectValue?["members"] == .array([]))
        #expect(try shade.run(["members"]).stdout == "no one has changed the planner yet\n")
        try shade.run(["config", "user.email", "ana@example.org"])
        try shade.run(["add", "Gym"])  // ana: 1
        try shade.run(["add", "next", "mon", "Read"])  // ana: 2 (another week)
        try shade.run(["cat", "add", "school"])  // ana: 3
        try shade.run(["done", "1"], environment: ["USER": "ben"])  // ben: 1
        try shade.run(["goal", "add", "Fit"], environment: ["USER": "cleo"])  // cleo: 1
        // cleo: 2 (a change at another time; one at the same instant is the same change).
        try shade.run(["goal", "share", "g1", "ana"], environment: ["USER": "cleo", "SHADE_NOW": "2026-11-24T10:00"])
        let members = try shade.json(["members"]).objectValue?["members"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(members.map { $0.string("name") } == ["ana", "ben", "cleo"])
        #expect(members.map { $0.int("changes") } == [3, 1, 2])
        // An address: for me, the one configured; others have registered none.
        #expect(members.map { $0["email"] } == [.string("ana@example.org"), .null, .null])
        let text = try shade.run(["members"]).stdout
        #expect(text.contains("ana@example.org") && text.contains("(you)") && text.contains("3 changes"))
        // Read only: nothing was written.
        #expect(shade.storeFile("members.json") == nil)
    }

    // MARK: rm in a shared planner

    @Test func inASharedPlannerRmOfSomeoneElsesTaskIsRefusedWithAHintToCancel() throws {
        let shade = Self.planner(login: "ana")
        try shade.run(["add", "Anas", "task"])
        try shade.run(["add", "Bens", "task"], environment: ["USER": "ben"])
        // Not shared: anyone removes anything.
        try shade.run(["add", "Spare"], environment: ["USER": "ben"])
        #expect(try shade.run(["rm", "3"]).status == 0)
        try FileManager.default.createDirectory(atPath: shade.store + "/.git", withIntermediateDirectories: true)
        let before = try shade.allTasks()
        let refused = try shade.run(["rm", "1", "2"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("task 2 was made by ben"), "\(refused.stderr)")
        #expect(refused.stderr.contains("cancel 2"))
        #expect(try shade.allTasks() == before, "nothing changed")
        #expect(try shade.run(["cancel", "2"]).status == 0)
        #expect(try shade.run(["rm", "1"]).stdout == "removed 1 · Anas task\n")
        #expect(try shade.run(["rm", "2"], environment: ["USER": "ben"]).status == 0, "its maker removes it")
    }

    @Test func inASharedPlannerReviewDropsOnlyTheReviewersOwnTasks() throws {
        let shade = Self.planner(login: "ana", now: "2026-11-18T09:00")
        try shade.run(["add", "Anas", "task"])
        try shade.run(["add", "Bens", "task"], environment: ["USER": "ben"])
        try FileManager.default.createDirectory(atPath: shade.store + "/.git", withIntermediateDirectories: true)
        // Ben's task: d is refused and asked again, x cancels it; Ana's own: d drops it.
        let result = try shade.run(
            [], stdin: "review 2026-W47\nd\nd\nx\n", environment: ["SHADE_NOW": "2026-11-23T09:00"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("made by ben: in a shared planner only its maker drops it"), "\(result.stdout)")
        #expect(result.stdout.contains("done: 1 cancelled, 1 dropped"), "\(result.stdout)")
        let tasks = try shade.allTasks()
        #expect(tasks.map { $0.string("title") } == ["Bens task"])
        #expect(tasks.first?.string("status") == "cancelled")
    }

    // MARK: goal share

    @Test func goalShareTakesNamesOnlyAndShowsThemInJSON() throws {
        let shade = Self.planner()
        try shade.run(["goal", "add", "Trip"])
        let bad = try shade.run(["goal", "share", "g1", "ben", "a b"])
        #expect(bad.status == 1 && bad.stderr.contains("'a b' is not a name to share with"))
        #expect(try shade.json(["goal", "show", "g1"]).objectValue?["participants"] == .array([]))
        let shared = try #require(try shade.json(["goal", "share", "g1", "ben", "cleo@home"]).objectValue)
        #expect(shared["participants"] == .array([.string("ben"), .string("cleo@home")]))
    }
}
