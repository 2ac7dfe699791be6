import Foundation
import Synchronization
import Testing

/// A store's resident process: one-shot commands handed to it print, exit and change the store
/// exactly as they do on their own; it ends when idle with every change in the files; it never
/// answers for another environment or another program; killing it loses no acknowledged change.
@Suite struct ResidentProcessTests {
    /// A planner whose one-shot commands may be handed to a resident process (a runtime folder).
    static func residentPlanner(now: String = "2026-11-23T09:30") -> ShadeProcess {
        let shade = ShadeProcess(now: now)
        let runtime = shade.root + "/run"
        try? FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        shade.environment["XDG_RUNTIME_DIR"] = runtime
        return shade
    }

    /// The pids of the resident processes serving `store` (by their command lines).
    static func residents(of store: String) -> [Int32] {
        let real = (store as NSString).resolvingSymlinksInPath
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry -> Int32? in
            guard let pid = Int32(entry),
                let bytes = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { return nil }
            let words = bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            guard words.count == 3, words[1] == "--resident", words[2] == real || words[2] == store else {
                return nil
            }
            return pid
        }
    }

    static func stopResidents(of store: String) {
        for pid in residents(of: store) { kill(pid, SIGKILL) }
    }

    /// `text` with every uid replaced by the same word.
    static func maskingUIDs(_ text: String) -> String {
        text.replacingOccurrences(
            of: "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}", with: "<uid>",
            options: .regularExpression)
    }

    /// Waits up to `seconds` for `condition`.
    static func wait(seconds: Double, until condition: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition() { return true }
            usleep(20_000)
        }
        return condition()
    }

    @Test func commandsHandedToTheResidentProcessPrintAndExitAsTheyDoAlone() throws {
        let alone = ShadeProcess()
        let resident = Self.residentPlanner()
        defer { Self.stopResidents(of: resident.store) }
        let script: [[String]] = [
            ["add", "Gym", "at:7"], ["add", "tue", "evening", "Café → 読書 📚", "+reading"],
            ["add", "wed", "Plan the week"], ["day"], ["week"], ["ls"], ["ls", "all"], ["show", "2"], ["done", "1"],
            ["done", "99"], ["undone", "1"], ["mv", "3", "thu", "afternoon"], ["edit", "3", "Plan", "next", "week"],
            ["star", "3"], ["unstar", "3"], ["note", "2", "chapter", "three"], ["cancel", "3"], ["rm", "3"], ["undo"],
            ["find", "Gym"], ["stats"], ["chart", "week"], ["history"], ["day", "tue"], ["week", "next"], ["add"],
            ["mv", "2"], ["frobnicate"],
            ["day", "--json"],
        ]
        for (index, words) in script.enumerated() {
            let expected = try alone.run(words)
            let got = try resident.run(words)
            #expect(got.status == expected.status, "\(words)")
            // The two planners' uids differ; nothing else may.
            #expect(Self.maskingUIDs(got.stdout) == Self.maskingUIDs(expected.stdout), "\(words)")
            #expect(got.stderr == expected.stderr, "\(words)")
            if index == 0 {
                // The first command ran on its own and started the resident process.
                #expect(Self.wait(seconds: 10) { !Self.residents(of: resident.store).isEmpty })
                #expect(Self.wait(seconds: 10) { resident.storeFile("journal/redo.log") != nil })
            }
        }
        // The changes were answered by the resident process (only a deferring session makes a
        // redo log), and both stores hold the same tasks.
        #expect(!Self.residents(of: resident.store).isEmpty)
        let residentTasks = try resident.allTasks().map { "\($0.string("title") ?? "") \($0.string("status") ?? "")" }
        let aloneTasks = try alone.allTasks().map { "\($0.string("title") ?? "") \($0.string("status") ?? "")" }
        #expect(residentTasks == aloneTasks)
        #expect(residentTasks.count == 3)
    }

    @Test func itEndsWhenIdleAndLeavesEveryChangeInTheFiles() throws {
        let shade = Self.residentPlanner()
        defer { Self.stopResidents(of: shade.store) }
        shade.environment["SHADE_RESIDENT"] = "2"
        #expect(try shade.run(["add", "First"]).status == 0)
        #expect(Self.wait(seconds: 10) { !Self.residents(of: shade.store).isEmpty })
        #expect(Self.wait(seconds: 10) { shade.storeFile("journal/redo.log") != nil })
        let second = try shade.run(["add", "Second by the resident process"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("added 2"))
        // It ends on its own, its socket gone.
        #expect(Self.wait(seconds: 20) { Self.residents(of: shade.store).isEmpty })
        let folder = shade.root + "/run/shade"
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        #expect(!left.contains { $0.hasSuffix(".socket") }, "\(left)")
        // The week's file itself holds the change (no process had to apply the redo log).
        let week = String(decoding: shade.storeFile("weeks/2026/2026-W48.json") ?? Data(), as: UTF8.self)
        #expect(week.contains("Second by the resident process"))
        shade.environment["SHADE_RESIDENT"] = "off"
        let check = try shade.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }

    @Test func anotherEnvironmentIsNeverAnsweredByTheResidentProcess() throws {
        let shade = Self.residentPlanner()
        defer { Self.stopResidents(of: shade.store) }
        #expect(try shade.run(["add", "Monday morning task"]).status == 0)
        #expect(Self.wait(seconds: 10) { !Self.residents(of: shade.store).isEmpty })
        // The clock pinned elsewhere: the task goes where that clock says, not where the
        // resident process's would.
        let moved = try shade.run(["add", "Tuesday afternoon task"], environment: ["SHADE_NOW": "2026-11-24T15:00"])
        #expect(moved.status == 0)
        #expect(moved.stdout.contains("Tue 24 Nov · afternoon"), "\(moved.stdout)")
        let same = try shade.run(["add", "Monday again"])
        #expect(same.stdout.contains("Mon 23 Nov · morning"), "\(same.stdout)")
    }

    @Test func aReplacedProgramIsNeverAnsweredByTheOldResidentProcess() throws {
        let shade = Self.residentPlanner()
        defer { Self.stopResidents(of: shade.store) }
        let copy = shade.root + "/shade-copy"
        try FileManager.default.copyItem(atPath: ShadeProcess.binary, toPath: copy)
        let run = { (words: [String]) throws -> ShadeProcess.Result in
            // A process another test starts at the moment of the copy may hold the copy open for
            // writing for a moment (ETXTBSY): tried again then.
            for _ in 0..<100 {
                do {
                    return try shade.run(raw: ([copy] + words).map { Array($0.utf8) }, stdin: [], viaExecutable: copy)
                } catch let error as NSError where error.code == Int(ETXTBSY) {
                    usleep(20_000)
                }
            }
            return try shade.run(raw: ([copy] + words).map { Array($0.utf8) }, stdin: [], viaExecutable: copy)
        }
        #expect(try run(["add", "One"]).status == 0)
        // Up and listening (it makes the redo log once it knows what it answers for).
        #expect(Self.wait(seconds: 10) { shade.storeFile("journal/redo.log") != nil })
        let old = Self.residents(of: shade.store)
        // A new build of the program at the same path (another modification time).
        let later = Date().addingTimeInterval(60)
        try FileManager.default.setAttributes([.modificationDate: later], ofItemAtPath: copy)
        let answered = try run(["add", "Two"])
        #expect(answered.status == 0)
        #expect(answered.stdout.contains("added 2"))
        // The old one is gone (it declined and ended); the command ran and started a new one.
        #expect(!old.isEmpty)
        #expect(Self.wait(seconds: 10) { Set(Self.residents(of: shade.store)).isDisjoint(with: old) })
    }

    @Test func killingTheResidentProcessAtAnyMomentLosesNoAcknowledgedChange() throws {
        let shade = Self.residentPlanner()
        defer { Self.stopResidents(of: shade.store) }
        #expect(try shade.run(["add", "start"]).status == 0)
        let store = shade.store
        let stop = Flag()
        let kills = Counter()
        let killer = Thread {
            var generator = SystemRandomNumberGenerator()
            while !stop.isSet {
                usleep(UInt32.random(in: 2_000...25_000, using: &generator))
                for pid in Self.residents(of: store) where kill(pid, SIGKILL) == 0 { kills.add() }
            }
        }
        killer.start()
        var acknowledged: [String] = []
        var failures: [String] = []
        for index in 0..<60 {
            let title = "task \(index)"
            let result = try shade.run(["add", title])
            if result.status == 0 {
                acknowledged.append(title)
            } else {
                failures.append(result.stderr)
            }
        }
        stop.set()
        while killer.isExecuting { usleep(10_000) }
        Self.stopResidents(of: store)
        shade.environment["SHADE_RESIDENT"] = "off"
        let titles = Set(try shade.allTasks().compactMap { $0.string("title") })
        for title in acknowledged { #expect(titles.contains(title), "acknowledged but lost: \(title)") }
        // A command whose resident process was killed while it ran says so and what to look at.
        for message in failures { #expect(message.contains("log 1"), "\(message)") }
        print(
            "resident kill loop: \(kills.value) kills, \(acknowledged.count) adds acknowledged, \(failures.count) ended with their resident process"
        )
        #expect(acknowledged.count >= 30, "\(failures)")
        // Resident processes were killed, again and again, and commands went on being answered.
        #expect(kills.value >= 5)
        let check = try shade.run(["check"])
        #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    }
}

/// A flag one thread raises and another looks at.
final class Flag: Sendable {
    private let value = Mutex(false)
    var isSet: Bool { value.withLock { $0 } }
    func set() { value.withLock { $0 = true } }
}

/// A count one thread raises and another reads.
final class Counter: Sendable {
    private let count = Mutex(0)
    var value: Int { count.withLock { $0 } }
    func add() { count.withLock { $0 += 1 } }
}
