import Foundation
import Testing

/// A REPL at a terminal answers a change once its frame in the redo log is written and flushed.
/// An error at either (`EIO`, a full disk) is reported on that line and the change never comes
/// back: not in the views, not in the change log, not after the session. The session goes on, and
/// its next change is kept.
///
/// The REPL runs at a terminal of its own (`TerminalREPL`, as only a terminal session defers its
/// files) under strace, which fails the frame's call on `journal/redo.log`.
@Suite struct FrameFaultTests {
    /// Runs `lines` in a REPL at a terminal, traced (`pwrite64` and `fdatasync`, with the files
    /// they write) to `log`, with `inject` (a strace `-e inject=` value) when given; returns what
    /// the terminal showed.
    private func terminalSession(_ shade: ShadeProcess, _ lines: [String], log: String, inject: String? = nil)
        throws -> String
    {
        var traced = [SaveTrace.strace, "-f", "-qq", "-y", "-o", log, "-e", "trace=pwrite64,fdatasync"]
        if let inject { traced += ["-e", "inject=\(inject)"] }
        let session = try TerminalREPL(shade, via: traced)
        defer { session.close() }
        session.type(lines.joined(separator: "\n"))
        #expect(session.waitForEnd(), "the session did not end: \(session.shown)")
        return session.shown
    }

    /// The trace's calls of `name`, in order, each line as strace wrote it (with the file it was on).
    private func calls(_ name: String, in log: String) -> [String] {
        ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
            .filter { $0.drop { $0.isNumber }.drop { $0 == " " }.hasPrefix(name + "(") }
    }

    /// A store with one task, made the ordinary way (a session makes its redo log at its first
    /// pause only in a store that exists).
    private func storeWithOneTask() throws -> ShadeProcess {
        let shade = ShadeProcess()
        #expect(try shade.run(["add", "mon", "First"]).status == 0)
        return shade
    }

    @Test func aFrameThatFailsIsReportedAndNeverComesBack() throws {
        guard FileManager.default.isExecutableFile(atPath: SaveTrace.strace) else {
            Issue.record("\(SaveTrace.strace) is not installed")
            return
        }
        // Which call of each kind writes the frame, from a session without a fault.
        let dry = try storeWithOneTask()
        let dryLog = dry.root + "/trace"
        let clean = try terminalSession(dry, ["add mon Gym", "exit"], log: dryLog)
        #expect(clean.contains("added 2"), "a session without a fault: \(clean)")
        var ordinals: [String: Int] = [:]
        for name in ["pwrite64", "fdatasync"] {
            ordinals[name] = calls(name, in: dryLog).firstIndex { $0.contains("journal/redo.log>") }.map { $0 + 1 }
            #expect(ordinals[name] != nil, "the frame made no \(name) on the redo log: \(calls(name, in: dryLog))")
        }
        for (name, error) in [
            ("pwrite64", "EIO"), ("pwrite64", "ENOSPC"), ("fdatasync", "EIO"), ("fdatasync", "ENOSPC"),
        ] {
            guard let ordinal = ordinals[name] else { continue }
            let place = "\(error) at the frame's \(name)"
            let shade = try storeWithOneTask()
            let log = shade.root + "/trace"
            let output = try terminalSession(
                shade, ["add mon Gym", "add mon Read", "exit"], log: log,
                inject: "\(name):error=\(error):when=\(ordinal)")
            let failed = calls(name, in: log).filter { $0.contains("(INJECTED)") }
            #expect(failed.count == 1 && failed.first?.contains("journal/redo.log>") == true, "\(place): \(failed)")
            #expect(output.contains("nothing was changed"), "\(place): the failure was not reported:\n\(output)")
            #expect(!output.contains("· Gym\n"), "\(place): the change was answered:\n\(output)")
            #expect(output.contains("· Read\n"), "\(place): the next change was not made:\n\(output)")
            // After the session, from another process: only what was answered is there.
            let titles = try shade.allTasks().compactMap { $0.string("title") }
            #expect(titles.sorted() == ["First", "Read"], "\(place): \(titles)")
            let labels = try shade.json(["log"]).objectValue?["changes"]?.arrayValue?.compactMap {
                $0.objectValue?.string("label")
            }
            #expect(
                labels?.contains { $0.contains("Gym") } == false, "\(place): the change log holds it: \(labels ?? [])")
            let check = try shade.run(["check"])
            #expect(check.status == 0, "\(place): \(check.stdout)\(check.stderr)")
        }
    }
}
