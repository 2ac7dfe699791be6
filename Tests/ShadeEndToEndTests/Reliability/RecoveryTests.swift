import Foundation
import ShadeJSON
import Testing

/// `shade check` finds each problem with its place; `shade restore` lists the saved copies of
/// replaced files and brings a set back; a damaged store's error says how.
///
/// Reproduce: `swift test --filter RecoveryTests`.
@Suite struct RecoveryTests {
    static let week = "weeks/2026/2026-W48.json"

    private func report(_ shade: ShadeProcess) throws -> (status: Int32, json: JSONObject) {
        let run = try shade.run(["check", "--json"])
        return (run.status, try #require(try run.json().objectValue))
    }

    @Test func aHealthyStoreChecksClean() throws {
        let shade = try ReliabilityFixture.template()
        let (status, json) = try report(shade)
        #expect(status == 0)
        #expect(json["ok"] == .bool(true))
        #expect(json["tasks"]?.intValue == 3)
        #expect(json["problems"]?.arrayValue?.isEmpty == true)
        #expect(try shade.run(["check"]).stdout.contains("3 tasks: no problems"))
    }

    @Test func checkPlacesEachProblemAndADamagedStoreSaysHowToRecover() throws {
        let shade = try ReliabilityFixture.template()
        let path = shade.store + "/" + RecoveryTests.week
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let edited = DamagedFileTests.secondUIDMadeFirst(text)
        try edited.write(toFile: path, atomically: false, encoding: .utf8)
        // The place of the second task's uid, which now repeats the first's.
        let lines = edited.split(separator: "\n", omittingEmptySubsequences: false)
        let uidLines = lines.indices.filter { lines[$0].contains(#""uid": "#) }
        let line = try #require(uidLines.dropFirst().first) + 1
        let column = try #require(lines[line - 1].range(of: #""uid""#)).upperBound.utf16Offset(in: lines[line - 1]) + 3
        let (status, json) = try report(shade)
        #expect(status == 1)
        let problems = json["problems"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(problems.count == 1)
        #expect(problems.first?.string("file") == path)
        #expect(problems.first?.int("line") == line && problems.first?.int("column") == column, "\(problems)")
        #expect(problems.first?.string("message")?.contains("appears twice") == true)
        let day = try shade.run(["day", "mon"])
        #expect(day.status == 1)
        #expect(day.stderr.contains("'shade restore' lists them"), "\(day.stderr)")
        let plain = try shade.run(["check"])
        #expect(plain.stdout.contains("\(path):\(line):\(column): "), "\(plain.stdout)")
    }

    @Test func anUnreadableCategoryListIsOneProblemNotOneATask() throws {
        let shade = try ReliabilityFixture.template()
        for words in [
            ["cat", "add", "work"], ["add", "tue", "Call the bank", "cat:work"], ["add", "wed", "Plan", "cat:work"],
        ] {
            #expect(try shade.run(words).status == 0, "\(words)")
        }
        let path = shade.store + "/categories.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.contains(#""format": 3"#))
        try text.replacingOccurrences(of: #""format": 3"#, with: #""format": 4"#)
            .write(toFile: path, atomically: false, encoding: .utf8)
        let (status, json) = try report(shade)
        #expect(status == 1)
        // The file's own problem, not also each task whose category it can no longer vouch for.
        let problems = json["problems"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.string("file") == path)
        #expect(problems.first?.string("message")?.contains("newer") == true, "\(problems)")
    }

    @Test func checkFindsAnIndexThatDisagreesWithTheWeeks() throws {
        let shade = try ReliabilityFixture.template()
        let path = shade.store + "/ids/0000.json"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // Task 2 listed in another week: the id index and the weeks disagree both ways.
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let second = try #require(lines.indices.filter { lines[$0].contains("2026-W48") }.dropFirst().first)
        lines[second] = lines[second].replacingOccurrences(of: "2026-W48", with: "2026-W49")
        try lines.joined(separator: "\n").write(toFile: path, atomically: false, encoding: .utf8)
        let (status, json) = try report(shade)
        #expect(status == 1)
        let messages = (json["problems"]?.arrayValue ?? []).compactMap { $0.objectValue?.string("message") }
        #expect(messages.contains("the index puts task 2 in 2026-W49, but it is in 2026-W48"), "\(messages)")
        #expect(messages.contains("task 2 is missing from the id index (ids/)"), "\(messages)")
    }

    @Test func restoreBringsBackTheFilesAChangeReplaced() throws {
        let shade = try ReliabilityFixture.template()
        #expect(try shade.run(["edit", "1", "Gym at 7"]).status == 0)
        let goodBeforeEdit = try #require(
            try shade.json(["restore"]).objectValue?["sets"]?.arrayValue?.first?.objectValue)
        #expect(goodBeforeEdit.int("set") == 4)
        // A bad hand edit, written in place.
        let path = shade.store + "/" + RecoveryTests.week
        try Data("{\"format\": 3, \"kind\": \"week\",".utf8).write(to: URL(fileURLWithPath: path))
        #expect(try shade.run(["ls", "all"]).status == 1)
        // The newest set holds the week as it was before the edit.
        let restored = try shade.run(["restore", "4"])
        #expect(restored.status == 0, "\(restored.stderr)")
        let titles = try shade.allTasks().compactMap { $0.string("title") }
        #expect(titles == ["Gym", "Read", "Call the bank"])
        #expect(try report(shade).status == 0)
        // What the restore replaced (the damaged file) is the newest set now; bringing it back
        // is refused with its place, and nothing changes.
        let sets = try shade.json(["restore"]).objectValue?["sets"]?.arrayValue ?? []
        #expect(sets.first?.objectValue?.int("set") == 5)
        let refused = try shade.run(["restore", "5"])
        #expect(refused.status == 1)
        #expect(
            refused.stderr.contains(
                "backups/0000000005/" + RecoveryTests.week.replacingOccurrences(of: "/", with: "~"))
                && refused.stderr.contains("line 1"))
        #expect(try shade.allTasks().count == 3)
        // Ids stay sound: the next task gets a new id.
        #expect(try shade.run(["add", "wed", "Next"]).stdout.hasPrefix("added 4 "))
        #expect(try shade.run(["restore", "99"]).stderr.contains("there is no saved set 99"))
    }

    @Test func onlyTheLastTenChangesKeepTheirCopies() throws {
        let shade = ShadeProcess()
        for index in 1...14 { try shade.run(["add", "mon", "Task \(index)"]) }
        let sets = try shade.json(["restore"]).objectValue?["sets"]?.arrayValue?.compactMap(\.objectValue) ?? []
        // The first add replaced nothing; the next 13 each kept a set, of which 10 remain.
        #expect(sets.compactMap { $0.int("set") } == Array((4...13).reversed()))
        #expect(try FileManager.default.contentsOfDirectory(atPath: shade.store + "/backups").count == 10)
    }
}
