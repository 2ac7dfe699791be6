import Foundation
import ShadeTestSupport
import Testing

/// `sync install` (SPEC §15): systemd user units that run `sync --quiet` on this store every
/// 5 minutes, written only for a shared planner, enabled when a user systemd runs; and
/// `sync --quiet`, which prints nothing when all went well and still says what went wrong.
@Suite struct SyncInstallTests {
    @Test func installWritesATimerThatSyncsQuietlyAndEnablesItWhenAUserSystemdRuns() throws {
        let hub = try SyncFixture(names: ["ana"])
        let shade = hub["ana"].shade
        try hub.ok("ana", ["add", "mon", "Gym"])
        // Not shared yet: nothing to sync, nothing written.
        let early = try shade.run(["sync", "install"])
        #expect(early.status == 1 && early.stderr.contains("not shared yet"), "\(early.stderr)")
        let units = shade.root + "/config/systemd/user"
        #expect(!FileManager.default.fileExists(atPath: units))

        try hub.ok("ana", ["sync", "init", hub.hub])
        let printed = try shade.run(["sync", "install", "--print"])
        #expect(printed.status == 0, "\(printed.stderr)")
        let binary = URL(fileURLWithPath: ShadeProcess.binary).resolvingSymlinksInPath().path
        #expect(printed.stdout.contains("ExecStart=\"\(binary)\" sync --quiet"), "\(printed.stdout)")
        #expect(printed.stdout.contains("Environment=\"SHADE_STORE=\(shade.store)\""))
        #expect(printed.stdout.contains("OnCalendar=*-*-* *:00/5:00"))
        #expect(printed.stdout.contains("Persistent=true"))
        #expect(!FileManager.default.fileExists(atPath: units))

        // No user systemd: the files are written, and it says how to enable them.
        let written = try shade.run(["sync", "install"])
        #expect(written.status == 0, "\(written.stderr)")
        #expect(written.stdout.contains("no user systemd is running here"))
        let (service, timer) = (units + "/shade-sync.service", units + "/shade-sync.timer")
        #expect(FileManager.default.fileExists(atPath: service) && FileManager.default.fileExists(atPath: timer))
        try UserSystemdStandIn.verify([service, timer], root: shade.root)

        // A user systemd that runs: systemctl is asked to reload and to enable the timer.
        let systemd = try UserSystemdStandIn(root: shade.root)
        let enabled = try shade.run(["sync", "install"], environment: systemd.environment)
        #expect(enabled.status == 0, "\(enabled.stderr)")
        #expect(enabled.stdout.contains("enabled shade-sync.timer: the planner syncs every 5 minutes"))
        #expect(
            try systemd.asked() == "--user daemon-reload\n--user enable --now shade-sync.timer\n")
    }

    @Test func aQuietSyncPrintsNothingWhenAllWentWellAndSaysWhatWentWrong() throws {
        let hub = try SyncFixture(names: ["ana"])
        try hub.ok("ana", ["sync", "init", hub.hub])
        try hub.ok("ana", ["add", "tue", "Swim"])
        let quiet = try hub.run("ana", ["sync", "--quiet"])
        #expect(quiet.status == 0 && quiet.stdout.isEmpty && quiet.stderr.isEmpty, "\(quiet.stdout)\(quiet.stderr)")
        #expect(try hub.git("ana", ["log", "--oneline"]).output.split(separator: "\n").count >= 2)
        // The remote gone: one line on standard error, exit 1, the change kept for the next sync.
        try FileManager.default.moveItem(atPath: hub.hub, toPath: hub.hub + ".away")
        try hub.ok("ana", ["add", "wed", "Read"])
        let failed = try hub.run("ana", ["sync", "--quiet"])
        #expect(failed.status == 1 && failed.stdout.isEmpty && !failed.stderr.isEmpty, "\(failed.stderr)")
    }
}
