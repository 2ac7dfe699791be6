import Foundation
import ShadeJSON
import Testing

/// Kills the writer with SIGKILL at the n-th call of each system call a save makes (strace's
/// fault injection), for every n until the command completes, and checks after each kill that
/// the store loads and the change is either wholly there or wholly absent.
@Suite(.serialized) struct CrashPointTests {
    static let strace = "/usr/bin/strace"
    static let syscalls = ["openat", "write", "fdatasync", "fsync", "close", "rename", "unlink", "flock"]

    /// Everything a user can see of the store: every task by listing, every id by lookup (which
    /// goes through the id index, not the weeks), and how many changes undo can take back.
    private func snapshot(_ shade: ShadeProcess) throws -> String {
        var lines: [String] = []
        for task in try shade.allTasks() {
            lines.append(
                [
                    String(task.int("id")!), task.string("status")!, task.string("date")!, task.string("slot")!,
                    task.string("title")!,
                ]
                .joined(separator: " "))
        }
        let lookups = try shade.run([], stdin: (1...6).map { "show \($0) --json" }.joined(separator: "\n") + "\n")
        // A new task's uid is random: everything else of it is pinned.
        lines.append(lookups.stdout.split(separator: "\n").filter { !$0.contains("\"uid\":") }.joined(separator: "\n"))
        lines.append(lookups.stderr)
        let undo = (try? FileManager.default.contentsOfDirectory(atPath: shade.store + "/undo")) ?? []
        lines.append("undo entries: \(undo.count)")
        return lines.joined(separator: "\n")
    }

    /// A store with a few tasks and undo entries, copied fresh for every run.
    private func template() throws -> ShadeProcess {
        let shade = ShadeProcess()
        for title in ["Gym", "Read", "Call the bank"] { try shade.run(["add", "mon", title]) }
        try shade.run(["done", "3"])
        return shade
    }

    @Test(arguments: [
        ["add", "tue", "Crash test"], ["done", "1"], ["mv", "1", "fri", "evening"], ["rm", "2"], ["undo"],
    ])
    func everyCrashPointLeavesTheOldOrTheNewStateWhole(command: [String]) throws {
        guard FileManager.default.isExecutableFile(atPath: CrashPointTests.strace) else {
            Issue.record("strace is not installed (apt-get install strace)")
            return
        }
        let base = try template()
        let before = try snapshot(base)
        // The state a completed command leaves.
        let reference = ShadeProcess()
        try? FileManager.default.removeItem(atPath: reference.store)
        try FileManager.default.copyItem(atPath: base.store, toPath: reference.store)
        #expect(try reference.run(command).status == 0)
        let after = try snapshot(reference)
        #expect(after != before)

        var kills = 0
        for syscall in CrashPointTests.syscalls {
            var n = 1
            while n <= 400 {
                let shade = ShadeProcess()
                try? FileManager.default.removeItem(atPath: shade.store)
                try FileManager.default.copyItem(atPath: base.store, toPath: shade.store)
                let run = try shade.run(
                    raw: ([
                        CrashPointTests.strace, "-f", "-o", "/dev/null", "-e",
                        "inject=\(syscall):signal=KILL:when=\(n)", ShadeProcess.binary,
                    ] + command)
                    .map { Array($0.utf8) },
                    stdin: [], viaExecutable: CrashPointTests.strace)
                let killed = run.status != 0
                let state = try snapshot(shade)
                #expect(state == before || state == after, "\(command) killed at \(syscall) #\(n): a partial change")
                if !killed {
                    #expect(state == after, "\(command) completed but its change is missing")
                    break
                }
                kills += 1
                // The next successful command leaves nothing staged behind.
                #expect(try shade.run(["add", "wed", "After the crash"]).status == 0)
                let staged = (try? FileManager.default.contentsOfDirectory(atPath: shade.store + "/.staging")) ?? []
                #expect(staged.isEmpty && !FileManager.default.fileExists(atPath: shade.store + "/commit.json"))
                n += 1
            }
        }
        #expect(kills > 20, "the writer was killed at \(kills) crash points")
        print("crash points: \(command.joined(separator: " ")): killed at \(kills) calls, 0 partial states")
    }
}
