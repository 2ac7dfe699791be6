import Foundation
import Testing

/// A change in a planner in use frees no file whose blocks may be on the disk, nor a folder
/// (SPEC §17, the one-shot change's cost: on ext4 each costs 0.15 to 0.4 ms): what it lets go of —
/// its oldest saved copies and their folder, the old id shard, an undo entry beyond the last 50 —
/// is moved to `.spare/` and written over by a later change. Checked on a settled store by the
/// inodes under it (every one there before the change is there after it) and with strace (no
/// folder removed, what was let go of renamed into `.spare/`).
@Suite struct SpareFileTraceTests {
    /// Every inode under `root` (files and folders, links not followed).
    private static func inodes(under root: String) -> Set<UInt64> {
        var found: Set<UInt64> = []
        var info = stat()
        if lstat(root, &info) == 0 { found.insert(UInt64(info.st_ino)) }
        for relative in (FileManager.default.enumerator(atPath: root)?.allObjects as? [String]) ?? [] {
            if lstat(root + "/" + relative, &info) == 0 { found.insert(UInt64(info.st_ino)) }
        }
        return found
    }

    /// Settled by marks: the undo entries let go of are a `done`'s and an `undone`'s. Settled by
    /// adds: each `add`'s own change log entry is a few bytes shorter than theirs, so it is written
    /// over a spare that ends in the same block (before, none was taken and the full pool removed
    /// an entry at each `add`).
    @Test(arguments: ["marks", "adds"]) func aChangeInAPlannerInUseFreesNoFileNorFolder(settledBy: String) throws {
        guard SaveTrace.available else {
            Issue.record("strace is not installed")
            return
        }
        let shade = ShadeProcess()
        #expect(try shade.run(["add", "mon", "Gym"]).status == 0)
        // Settled as a planner in use: ten sets of saved copies and fifty undo entries kept.
        for round in 0..<52 {
            let run = try shade.run([round % 2 == 0 ? "done" : "undone", "1"])
            #expect(run.status == 0, "\(run.stderr)")
        }
        if settledBy == "adds" {
            // Past the fifty undo entries kept: every one let go of from here on is an `add`'s.
            for round in 0..<60 {
                let run = try shade.run(["add", "wed", "Errand \(round)"])
                #expect(run.status == 0, "\(run.stderr)")
            }
        }
        let before = Self.inodes(under: shade.store)
        let log = shade.root + "/spare-trace"
        let command = [
            SaveTrace.strace, "-f", "-qq", "-e", "trace=unlink,unlinkat,rmdir,rename,renameat,renameat2", "-o", log,
            ShadeProcess.binary, "add", "tue", "Traced",
        ]
        let run = try shade.run(raw: command.map { Array($0.utf8) }, stdin: [], viaExecutable: SaveTrace.strace)
        #expect(run.status == 0, "\(run.stderr)")
        let freed = before.subtracting(Self.inodes(under: shade.store))
        #expect(freed.isEmpty, "\(freed.count) files or folders freed")
        let calls = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map {
            String($0.drop { $0.isNumber }.drop { $0 == " " })
        }
        #expect(!calls.contains { $0.contains("AT_REMOVEDIR") || $0.hasPrefix("rmdir") }, "\(calls)")
        // Kept: the oldest set's week and folder (its index is the live one, still named), the
        // old id shard and the undo entry beyond 50.
        let kept = calls.filter { $0.hasPrefix("rename") && $0.contains("\"spare-") && $0.contains("= 0") }
        #expect(kept.count >= 4, "\(calls)")
        // The store reads whole.
        #expect(try shade.run(["check"]).stdout.contains("no problems"))
        let traced = settledBy == "adds" ? "62" : "2"
        #expect(try shade.run(["show", traced]).stdout.contains("Traced"))
    }
}
