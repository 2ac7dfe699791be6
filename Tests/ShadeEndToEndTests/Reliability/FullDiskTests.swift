import Foundation
import Testing

/// Puts the store on a tiny filesystem of its own (a tmpfs in a private mount namespace, made
/// with `unshare -rm`), fills it so that 0, 1, 2, … pages are free, and runs each save there: a
/// save that does not fit fails with a clear message and exit 1 and leaves every file byte for
/// byte; one that fits is whole.
///
/// Reproduce: `swift test --filter FullDiskTests`.
@Suite struct FullDiskTests {
    static let freePages = Array(0...6)

    @Test func aFullDiskFailsCleanlyAndKeepsTheOldDataByteForByte() throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare") else {
            Issue.record("unshare is not installed (util-linux)")
            return
        }
        let started = Date()
        let base = try ReliabilityFixture.template()
        let before = try ReliabilityFixture.snapshot(base)
        let beforeFiles = ReliabilityFixture.files(base)
        let out = base.root + "/full-disk"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        var cases: [(command: [String], pages: Int, name: String)] = []
        for command in ReliabilityFixture.commands {
            for pages in FullDiskTests.freePages { cases.append((command, pages, "case-\(cases.count)")) }
        }
        // One shell in a private mount namespace runs every case on a fresh 256 KiB tmpfs and
        // copies what each left out of the namespace for the checks below.
        var script = """
            set -u
            mnt=$(mktemp -d)

            """
        for item in cases {
            let words = item.command.map { "'\($0)'" }.joined(separator: " ")
            script += """
                mount -t tmpfs -o size=256k,mode=0700 shade-full "$mnt"
                cp -a '\(base.store)' "$mnt/store"
                dd if=/dev/zero of="$mnt/filler" bs=4096 2>/dev/null
                truncate -s -\(item.pages * 4096) "$mnt/filler"
                SHADE_STORE="$mnt/store" '\(ShadeProcess.binary)' \(words) >'\(out)/\(item.name).out' 2>'\(out)/\(item.name).err'
                echo $? >'\(out)/\(item.name).status'
                cp -a "$mnt/store" '\(out)/\(item.name)'
                umount "$mnt"

                """
        }
        let runner = ShadeProcess()
        try script.write(toFile: runner.root + "/full-disk.sh", atomically: true, encoding: .utf8)
        let run = try runner.run(
            raw: ["/usr/bin/unshare", "-rm", "/bin/bash", runner.root + "/full-disk.sh"].map { Array($0.utf8) },
            stdin: [], environment: base.environment, viaExecutable: "/usr/bin/unshare")
        #expect(run.status == 0, "the namespace script failed: \(run.stderr)")

        var failed = 0
        var fitted = 0
        for item in cases {
            let context = "\(item.command.joined(separator: " ")) with \(item.pages) free pages"
            let status =
                Int32(
                    (try? String(contentsOfFile: "\(out)/\(item.name).status", encoding: .utf8))?
                        .trimmingCharacters(in: .whitespacesAndNewlines) ?? "") ?? -1
            let stdout = (try? String(contentsOfFile: "\(out)/\(item.name).out", encoding: .utf8)) ?? ""
            let stderr = (try? String(contentsOfFile: "\(out)/\(item.name).err", encoding: .utf8)) ?? ""
            let left = try base.copy()
            try? FileManager.default.removeItem(atPath: left.store)
            try FileManager.default.copyItem(atPath: "\(out)/\(item.name)", toPath: left.store)
            #expect(status == 0 || status == 1, "\(context): exit \(status): \(stderr)")
            if status == 1 {
                failed += 1
                #expect(stderr.contains("No space left on device"), "\(context): \(stderr)")
                #expect(stdout.isEmpty, "\(context): printed \(stdout)")
                #expect(ReliabilityFixture.files(left) == beforeFiles, "\(context): a store file changed")
                #expect(try ReliabilityFixture.snapshot(left) == before, "\(context)")
            } else if status == 0 {
                fitted += 1
                let reference = try base.copy()
                try reference.run(item.command)
                #expect(try ReliabilityFixture.snapshot(left) == ReliabilityFixture.snapshot(reference), "\(context)")
            }
        }
        #expect(failed >= ReliabilityFixture.commands.count, "the disk was never full enough")
        #expect(fitted >= ReliabilityFixture.commands.count, "the disk never had room enough")
        print(
            "full disk: \(cases.count) saves on a full tmpfs: \(failed) refused with the old data whole, \(fitted) fitted, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }
}
