import Foundation
import Testing

@testable import ShadeStore

/// The system calls one shade command makes from taking the store's exclusive lock to its exit,
/// as strace records them, so that a fault can be injected at each of them in turn.
struct SaveTrace {
    static let strace = "/usr/bin/strace"
    /// The calls a save makes that faults are injected into. The store's own paths are opened
    /// with `openat2` and their entries named in open folders (`renameat`, `unlinkat`, `linkat`,
    /// `mkdirat`); the path-taking calls remain for the files shade writes outside the store.
    static let syscalls = [
        "flock", "openat", "openat2", "read", "write", "pwrite64", "fdatasync", "fsync", "close", "rename",
        "renameat", "renameat2", "unlink", "unlinkat", "link", "linkat", "mkdir", "mkdirat",
    ]

    /// Whether a call opens a file (its result a descriptor).
    static func opens(_ name: String) -> Bool { name == "openat" || name == "openat2" }

    struct Call {
        /// The system call's name.
        let name: String
        /// Which call of that name it is in the whole process (strace's `when=`), from 1.
        let ordinal: Int
        /// strace's line for it.
        let line: String
        /// Whether its failure must fail the command: it reads or writes what the save depends on.
        let critical: Bool
        /// Whether it comes before the commit point or is it (a failure there must leave every file
        /// as it was: the commit record's rename or flush that fails commits nothing).
        let beforeCommitPoint: Bool
    }

    /// The calls from the exclusive lock on.
    let calls: [Call]

    static var available: Bool { FileManager.default.isExecutableFile(atPath: strace) }

    /// Runs `command` once under strace (on a copy of the store, which is thrown away) and
    /// classifies the calls its save makes.
    static func record(_ command: [String], on template: ShadeProcess) throws -> SaveTrace {
        let shade = try template.copy()
        let log = shade.root + "/trace"
        let run = try shade.run(
            raw: ([
                strace, "-f", "-qq", "-o", log, "-e", "trace=" + syscalls.joined(separator: ","), ShadeProcess.binary,
            ]
                + command).map { Array($0.utf8) },
            stdin: [], viaExecutable: strace)
        #expect(run.status == 0, "\(command): \(run.stderr)")
        // shade's own calls: strace counts `when=` per process, and a child (git, asked who the
        // user is before the lock) counts its own.
        let lines = shadesOwn(try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map(String.init))
        var counts: [String: Int] = [:]
        var parsed: [(name: String, ordinal: Int, line: String)] = []
        for line in lines {
            // "1234  openat(AT_FDCWD, ...) = 3"; a resumed half of a call is not a new call.
            let body = line.drop { $0.isNumber }.drop { $0 == " " }
            guard let paren = body.firstIndex(of: "("), !body.hasPrefix("<...") else { continue }
            let name = String(body[..<paren])
            guard syscalls.contains(name) else { continue }
            let ordinal = counts[name, default: 0] + 1
            counts[name] = ordinal
            parsed.append((name, ordinal, String(body)))
        }
        guard let lockIndex = parsed.firstIndex(where: { $0.name == "flock" && $0.line.contains("LOCK_EX") }) else {
            Issue.record("\(command) took no exclusive lock")
            return SaveTrace(calls: [], beforeLock: [:])
        }
        let window = parsed[lockIndex...]
        // The save ends with its last flush (a directory fsync) or the removal of the commit record;
        // a commit by moves (its record of moves renamed in as `commit.json`) with the flush of the
        // store's folder that makes the record durable: the moves after it are the record's to
        // finish, by this command or the next.
        let moves = window.firstIndex { $0.name == "renameat" && $0.line.contains("-moves.tmp") }
        // A change's commit record is a frame of `journal/commit.log` (its write starts with the
        // frame's magic, `SCF2`), made durable by the log's next flush: the commit point.
        let frameWrite = window.firstIndex { $0.name == "pwrite64" && $0.line.contains("\"SCF2") }
        let logFD = frameWrite.map { String(window[$0].line.dropFirst("pwrite64(".count).prefix { $0.isNumber }) }
        let frameFlush = frameWrite.flatMap { write in
            window[write...].firstIndex { $0.name == "fdatasync" && $0.line.hasPrefix("fdatasync(\(logFD ?? ""))") }
        }
        let end =
            moves.flatMap { point in window[point...].firstIndex { $0.name == "fsync" } }
            ?? [
                window.lastIndex {
                    $0.name == "fsync" || (["unlink", "unlinkat"].contains($0.name) && $0.line.contains("commit.json"))
                },
                frameFlush,
            ].compactMap { $0 }.max()
            ?? lockIndex
        // The commit point: the frame's flush, or a commit record file renamed in (from
        // `.staging/…-commit.tmp`, by name in the open staging folder), or the one file of a
        // single-file save.
        let commitPoint =
            frameFlush
            ?? window.firstIndex {
                ($0.name == "rename" && $0.line.contains("/.staging/") && !$0.line.contains("cache"))
                    || ($0.name == "renameat" && $0.line.contains("-commit.tmp"))
            }
            ?? moves ?? end
        var writable: Set<String> = []
        var calls: [Call] = []
        for index in window.indices {
            let call = parsed[index]
            var critical = index <= end
            if SaveTrace.opens(call.name), let fd = call.line.split(separator: "= ").last.map(String.init),
                call.line.contains("O_WRONLY") || call.line.contains("O_RDWR")
            {
                writable.insert(fd)
            }
            if call.name == "pwrite64" {
                // Written in place: the commit log's frames (and its growth), which the save
                // depends on; the lock file's count of holders is not data.
                critical = critical && call.line.hasPrefix("pwrite64(\(logFD ?? "-")")
            }
            if call.line.contains("/.spare") || call.line.contains("\"spare-") {
                // The spare files' calls are best effort: a spare that cannot be listed, taken or
                // kept is a file made anew or removed (`SpareFiles`).
                critical = false
            }
            if call.name == "close" {
                // Closing a file that was only read cannot lose data.
                let fd = String(call.line.dropFirst("close(".count).prefix { $0.isNumber })
                critical = critical && writable.remove(fd) != nil
            }
            calls.append(
                Call(
                    name: call.name, ordinal: call.ordinal, line: call.line, critical: critical,
                    beforeCommitPoint: index <= commitPoint))
        }
        var beforeLock: [String: Int] = [:]
        for call in parsed[..<lockIndex] { beforeLock[call.name, default: 0] += 1 }
        return SaveTrace(calls: calls, beforeLock: beforeLock)
    }

    /// The lines of a trace that shade's own process made (the first line's), not a child's.
    static func shadesOwn<Line: StringProtocol>(_ lines: [Line]) -> [Line] {
        guard let first = lines.first else { return [] }
        let pid = first.prefix { $0.isNumber }
        return lines.filter { $0.prefix { $0.isNumber } == pid }
    }

    /// How many calls of each name come before the exclusive lock: the process's start-up, which
    /// can differ from run to run (the runtime reads `/proc/self/maps`, whose length varies).
    let beforeLock: [String: Int]

    /// Runs `command` under strace with one fault (`error=EIO`, `signal=KILL`) injected at `call`,
    /// on a fresh copy of `template`. The run is repeated when its start-up made a different number
    /// of calls than the recorded one, so that the fault always lands on the intended call.
    func inject(_ fault: String, at call: Call, running command: [String], on template: ShadeProcess) throws -> (
        ShadeProcess, ShadeProcess.Result
    ) {
        let offset = call.ordinal - (beforeLock[call.name] ?? 0)
        var ordinal = call.ordinal
        for _ in 0..<12 {
            let shade = try template.copy()
            let log = shade.root + "/inject-trace"
            let traced = call.name == "flock" ? "flock" : "flock,\(call.name)"
            let run = try shade.run(
                raw: ([
                    SaveTrace.strace, "-f", "-qq", "-o", log, "-e", "trace=" + traced, "-e",
                    "inject=\(call.name):\(fault):when=\(ordinal)", ShadeProcess.binary,
                ] + command).map { Array($0.utf8) },
                stdin: [], viaExecutable: SaveTrace.strace)
            let lines = SaveTrace.shadesOwn(
                (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n") ?? [])
            let body = lines.map { $0.drop { $0.isNumber }.drop { $0 == " " } }
            if let lock = body.firstIndex(where: { $0.hasPrefix("flock(") && $0.contains("LOCK_EX") }) {
                let before = body[..<lock].filter { $0.hasPrefix(call.name + "(") }.count
                if before + offset == ordinal { return (shade, run) }
                ordinal = before + offset
            } else {
                // The fault landed in a start-up that made more such calls than the recorded one.
                ordinal += 1
            }
        }
        Issue.record("could not land \(fault) on \(call.name) #\(call.ordinal): start-up varies too much")
        throw CancellationError()
    }
}

/// One command's save made ready for fault injection: the store it starts from, what a user sees
/// before it and after a clean run, every store file before it, and the calls the save makes.
struct FaultScenario {
    let base: ShadeProcess
    let before: String
    let beforeFiles: [String: Data]
    let after: String
    /// What a user sees once the next command (`expectCleanAfterNextCommand`'s) ran after none.
    let beforeThenNext: String
    let trace: SaveTrace

    /// Nil, with the reason recorded, when strace is not installed.
    static func prepare(_ command: [String]) throws -> FaultScenario? {
        guard SaveTrace.available else {
            Issue.record("strace is not installed (apt-get install strace)")
            return nil
        }
        let base = try ReliabilityFixture.template()
        let reference = try base.copy()
        #expect(try reference.run(command).status == 0)
        let next = try base.copy()
        #expect(try next.run(ReliabilityFixture.nextCommand).status == 0)
        let scenario = FaultScenario(
            base: base, before: try ReliabilityFixture.snapshot(base), beforeFiles: ReliabilityFixture.files(base),
            after: try ReliabilityFixture.snapshot(reference), beforeThenNext: try ReliabilityFixture.snapshot(next),
            trace: try SaveTrace.record(command, on: base))
        #expect(scenario.after != scenario.before)
        return scenario
    }
}

/// A small store that every reliability test starts from, and what a user can see of a store.
enum ReliabilityFixture {
    /// Three tasks on Monday (the third done), so that there is something to lose.
    static func template() throws -> ShadeProcess {
        let shade = ShadeProcess()
        for title in ["Gym", "Read", "Call the bank"] { try shade.run(["add", "mon", title]) }
        try shade.run(["done", "3"])
        return shade
    }

    /// The commands whose saves are tested: a new task, a status change, a move to another week's
    /// day, a removal, an undo, and an import (committed by a record of moves, its weeks staged
    /// durably one at a time).
    static let commands: [[String]] = [
        ["add", "tue", "Crash test"], ["done", "1"], ["mv", "1", "fri", "evening"], ["rm", "2"], ["undo"],
        ["import", importFile],
    ]

    /// A csv of two tasks in two weeks, written once for the import above and removed when the
    /// test process ends (the tests that import it run in parallel, none of them last).
    static let importFile: String = {
        let text =
            "uid,date,slot,title\ncrash-import-1,2026-11-25,evening,Imported\ncrash-import-2,2026-12-02,morning,Next week\n"
        _ = FileManager.default.createFile(atPath: importPath, contents: Data(text.utf8))
        atexit { _ = unlink(ReliabilityFixture.importPath) }
        return importPath
    }()

    private static let importPath = NSTemporaryDirectory() + "/shade-reliability-import-\(getpid()).csv"

    /// Everything a user can see of the store: every task by listing, every id by lookup (which
    /// goes through the id index, not the weeks), and how many changes undo can take back.
    static func snapshot(_ shade: ShadeProcess) throws -> String {
        let script = (["ls all --json"] + (1...6).map { "show \($0) --json" }).joined(separator: "\n") + "\n"
        let run = try shade.run([], stdin: script)
        // A new task's uid is random: everything else of it is pinned.
        var lines = run.stdout.split(separator: "\n").filter { !$0.contains("\"uid\":") }.map(String.init)
        lines.append(run.stderr)
        let undo = (try? FileManager.default.contentsOfDirectory(atPath: shade.store + "/undo")) ?? []
        lines.append("undo entries: \(undo.count)")
        return lines.joined(separator: "\n")
    }

    /// The bytes of every file of the store that holds data (not the lock, staging, caches, the
    /// saved copies of replaced files or the spare files kept to be written again).
    static func files(_ shade: ShadeProcess) -> [String: Data] {
        var result: [String: Data] = [:]
        let root = URL(fileURLWithPath: shade.store)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return result }
        for case let relative as String in walker {
            if relative == "lock" || relative.hasPrefix(".staging") || relative.hasPrefix("summary")
                || relative.hasPrefix("backups") || relative.hasPrefix(".spare")
            {
                continue
            }
            let url = root.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                let bytes = FileManager.default.contents(atPath: url.path)
                result[relative] = relative == "journal/commit.log" ? bytes.map(records(inCommitLog:)) : bytes
            }
        }
        return result
    }

    /// The commit records a commit log holds, as recovery reads them: its epoch, then each whole
    /// frame's record, one after another (from byte 4096, each frame 80 bytes of magic `SCF2`,
    /// length, sequence, epoch, time, boot and a checksum, then its record; or of magic `SCF1` and
    /// an FNV-1a checksum of all of it, as shades before wrote them). A frame whose
    /// write or flush failed is no record, whatever bytes of it are left; where the done mark
    /// stands is not data either.
    static func records(inCommitLog data: Data) -> Data {
        let bytes = [UInt8](data)
        guard bytes.count >= 4096 else { return data }
        func number(_ at: Int, _ size: Int = 8) -> UInt64 {
            bytes[at..<(at + size)].reversed().reduce(0) { $0 << 8 | UInt64($1) }
        }
        let epoch = number(16)
        var result = Array(bytes[16..<24])
        var offset = 4096
        var sequence: UInt64 = 1
        while offset + 80 <= bytes.count {
            let older = bytes[offset..<(offset + 4)].elementsEqual("SCF1".utf8)
            let length = Int(number(offset + 4, 4))
            guard older || bytes[offset..<(offset + 4)].elementsEqual("SCF2".utf8), number(offset + 8) == sequence,
                number(offset + 16) == epoch, length > 0, offset + 80 + length <= bytes.count
            else { break }
            let fixed = bytes[offset..<(offset + 72)]
            let record = Array(bytes[(offset + 80)..<(offset + 80 + length)])
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in older ? fixed + record : Array(fixed) {
                hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            }
            guard (older ? hash : XXHash64.hash(record, seed: hash)) == number(offset + 72) else { break }
            result += bytes[(offset + 80)..<(offset + 80 + length)]
            offset += 80 + length
            sequence += 1
        }
        return Data(result)
    }

    /// The command run after each fault.
    static let nextCommand = ["add", "wed", "After the fault"]

    /// After a failure: the next successful command finishes or clears what was left, and leaves
    /// nothing staged behind.
    static func expectCleanAfterNextCommand(_ shade: ShadeProcess, _ context: String) throws {
        let next = try shade.run(nextCommand)
        #expect(next.status == 0, "\(context): the next command failed: \(next.stderr)")
        let staged = (try? FileManager.default.contentsOfDirectory(atPath: shade.store + "/.staging")) ?? []
        #expect(staged.isEmpty, "\(context): left in staging: \(staged)")
        #expect(!FileManager.default.fileExists(atPath: shade.store + "/commit.json"), "\(context): commit record left")
    }
}

extension ShadeProcess {
    /// A new process environment on a copy of this store.
    func copy() throws -> ShadeProcess {
        let other = ShadeProcess(now: environment["SHADE_NOW"] ?? "2026-11-23T09:30")
        try? FileManager.default.removeItem(atPath: other.store)
        if FileManager.default.fileExists(atPath: store) {
            try FileManager.default.copyItem(atPath: store, toPath: other.store)
        }
        return other
    }
}
