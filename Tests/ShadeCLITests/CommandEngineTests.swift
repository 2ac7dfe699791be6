import Foundation
import ShadeHost
import Testing

@testable import ShadeCLI
@testable import ShadeCore
@testable import ShadeStore

@Suite struct CommandEngineTests {
    private func environment(_ root: String) -> ShadeEnvironment {
        ShadeEnvironment(variables: [
            "SHADE_STORE": root + "/store", "SHADE_NOW": "2026-11-23T09:30", "HOME": root,
            "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state",
        ])
    }

    @Test func aLongLivedSessionSeesAnotherProcessChangesAtItsNextCommand() throws {
        let root = NSTemporaryDirectory() + "shade-engine-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try CommandEngine(environment: environment(root))
        #expect(engine.run("add Gym").status == 0)
        #expect(engine.run("day").output.contains("Gym"))
        // Another writer changes the same week behind the session's back.
        let other = Store(directory: root + "/store")
        let now = try #require(Moment.parsePinned("2026-11-23T09:31", utcOffsetSeconds: 0))
        try other.write(label: "elsewhere", now: now) { state in
            var task = try #require(try state.task(id: 1))
            task.title = "Gym, changed elsewhere"
            try state.update(task)
        }
        #expect(engine.run("day").output.contains("Gym, changed elsewhere"))
        #expect(engine.run("done 1").status == 0)
        let stored = try other.read { try $0.task(id: 1) }
        #expect(stored?.title == "Gym, changed elsewhere", "the session did not write over the other change")
        #expect(stored?.status == .done)
    }

    @Test func navigationAndCommandsShareTheEngine() throws {
        let root = NSTemporaryDirectory() + "shade-engine-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try CommandEngine(environment: environment(root))
        #expect(engine.run("tue evening").status == 0)
        let added = engine.run("add --json Call the bank")
        #expect(added.output.contains(#""date": "2026-11-24""#) && added.output.contains(#""slot": "evening""#))
        #expect(engine.run("# a comment").status == 0)
        #expect(engine.run("frobnicate").status == 64)
    }

    /// The REPL answers a change once its redo-log frame is flushed, and writes its files while it
    /// waits for the next line; before that, the commit records are checkpointed (the flush of the
    /// whole file system), once a few are kept; never while another process holds the store.
    @Test func theREPLWritesItsFilesAndCheckpointsWhileItWaitsForALine() throws {
        let root = NSTemporaryDirectory() + "shade-engine-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try CommandEngine(environment: environment(root))
        let store = Store(directory: root + "/store")
        let journal = CommitJournal(paths: store.paths)
        // Records others left are not flushed when a session starts; its first pause makes the log.
        #expect(try CommandEngine(environment: environment(root)).run("add Left by another").status == 0)
        engine.idle()
        #expect(try journal.keptCount() == 1)
        #expect(FileManager.default.fileExists(atPath: root + "/store/journal/redo.log"))
        for index in 1...(CommitJournal.idleCheckpointAt - 2) {
            #expect(engine.run("add Task \(index)").status == 0)
            #expect(try store.hasPendingRedo, "answered before its files are written")
            engine.idle()
            #expect(try !store.hasPendingRedo, "written while the next line is awaited")
        }
        #expect(try journal.keptCount() == CommitJournal.idleCheckpointAt - 1, "too few records to flush yet")
        // Another process holds the store: the session leaves its frame and the records to it,
        // though with the record that frame's files make the checkpoint is due.
        #expect(engine.run("add Task \(CommitJournal.idleCheckpointAt)").status == 0)
        let fd = open(root + "/store/lock", O_RDWR)
        #expect(fd >= 0 && flock(fd, LOCK_SH) == 0)
        engine.idle()
        #expect(try store.hasPendingRedo)
        #expect(try journal.keptCount() == CommitJournal.idleCheckpointAt - 1)
        close(fd)
        engine.idle()
        #expect(try !store.hasPendingRedo)
        // The pause checkpointed first (the record its files were to make counted), then wrote
        // them: their record is the one left.
        #expect(try journal.keptCount() == 1)
        // Every change is in the files themselves.
        let tasks = try store.read { try $0.allTasks() }
        #expect(tasks.count == CommitJournal.idleCheckpointAt)
    }
    /// What a REPL line says after its change (an edited task as it is now, a slot over its
    /// capacity, a goal's last open task done) is told from the step that made the change: the
    /// REPL changes its week in place and writes it at the next pause, so a read after the change
    /// would parse the whole week again before the answer (on a week of hundreds of tasks,
    /// milliseconds). Here the week file is made unreadable behind an unchanged size and time
    /// while each line runs: the session's cache still trusts it, and only a read of the file
    /// itself would fail. It is put back before each pause, which reads it to write the change.
    @Test func aLineSaysWhatItsChangeDidWithoutReadingItsWeekAgain() throws {
        let root = NSTemporaryDirectory() + "shade-engine-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: root) }
        let engine = try CommandEngine(environment: environment(root))
        #expect(engine.run("capacity evening 1").status == 0)
        #expect(engine.run("goal add Ship the report for:week").status == 0)
        #expect(engine.run("add wed evening Draft goal:g1").status == 0)
        #expect(engine.run("add wed morning Call").status == 0)
        engine.idle()
        let paths = StorePaths(root: root + "/store")
        let week = paths.absolute(paths.weekFile(try #require(ISOWeek(year: 2026, week: 48))))
        func unreadable(_ line: String) throws -> (status: Int32, output: String) {
            var info = stat()
            #expect(stat(week, &info) == 0)
            let bytes = try Data(contentsOf: URL(fileURLWithPath: week))
            var times = [info.st_atim, info.st_mtim]
            try Data(repeating: 0x20, count: bytes.count).write(to: URL(fileURLWithPath: week))
            #expect(utimensat(AT_FDCWD, week, &times, 0) == 0)
            let result = engine.run(line)
            try bytes.write(to: URL(fileURLWithPath: week))
            #expect(utimensat(AT_FDCWD, week, &times, 0) == 0)
            engine.idle()
            return result
        }
        let added = try unreadable("add wed evening Figures")
        #expect(added.status == 0)
        #expect(added.output.contains("added 3 · Wed 25 Nov · evening · Figures"))
        #expect(added.output.contains("warning: the Wed 25 Nov evening is over-full: 2 open, room for 1"))
        let edited = try unreadable("edit 2 Call the bank")
        #expect(edited.status == 0)
        #expect(edited.output.contains("edited 2 · Wed 25 Nov · morning · Call the bank"))
        let moved = try unreadable("mv 2 wed evening")
        #expect(moved.status == 0)
        #expect(moved.output.contains("warning: the Wed 25 Nov evening is over-full: 3 open, room for 1"))
        let done = try unreadable("done 1")
        #expect(done.status == 0)
        #expect(done.output.contains("✓ that was the last open task of goal g1 · Ship the report"))
        // Each change was written at the pause after it.
        let tasks = try Store(directory: root + "/store").read { try $0.allTasks() }
        #expect(tasks.map(\.title).sorted() == ["Call the bank", "Draft", "Figures"])
        #expect(tasks.first { $0.id == 2 }?.slot == .evening)
        #expect(tasks.first { $0.id == 1 }?.status == .done)
    }
}
