import Foundation
import ShadeTestSupport
import Testing

/// Kills writers with SIGKILL at random moments, a thousand times: the store must load after
/// every kill, and every change shade acknowledged must be there at the end.
///
/// Reproduce: `swift test --filter KillLoopTests` (`SHADE_KILL_SEED=N` replays other moments).
@Suite struct KillLoopTests {
    static let kills = 1000

    @Test func aThousandKillsAtRandomMomentsNeverDamageTheStoreOrLoseAnAcknowledgedChange() throws {
        let started = Date()
        let seed = ProcessInfo.processInfo.environment["SHADE_KILL_SEED"].flatMap(UInt64.init) ?? 20_261_122
        var random = SplitMix64(seed: seed)
        let shade = ShadeProcess()
        // How long one add takes from launch to exit, timed as the kills are, so that they land
        // inside saves.
        var durations: [Double] = []
        for index in 0..<7 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
            process.arguments = ["add", "thu", "warm-up \(index)"]
            process.environment = shade.environment
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            let start = Date()
            try process.run()
            process.waitUntilExit()
            durations.append(Date().timeIntervalSince(start))
        }
        let typical = durations.sorted()[3]
        var addedIDs: [Int] = []
        var acknowledgedAdds: [String] = []
        var acknowledgedDone: Set<Int> = []
        var killed = 0
        var rounds = 0
        var loadChecks = 0
        let deadline = Date().addingTimeInterval(240)
        while killed < KillLoopTests.kills, Date() < deadline {
            rounds += 1
            let title = "kill-loop \(rounds)"
            // Every other round completes a task added earlier, so that updates are killed too.
            let doneID =
                rounds % 2 == 0 && !addedIDs.isEmpty ? addedIDs[Int(random.next() % UInt64(addedIDs.count))] : nil
            let output = Pipe()
            let process = Process()
            process.executableURL = URL(fileURLWithPath: ShadeProcess.binary)
            process.arguments = doneID.map { ["done", String($0)] } ?? ["add", "thu", title]
            process.environment = shade.environment
            process.standardOutput = output
            process.standardError = FileHandle.nullDevice
            try process.run()
            // The save is the last part of a run: most kills land in its second half.
            let delay = (0.3 + Double(random.next() % 1_000_000) / 1_000_000 * 0.9) * typical
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            if process.terminationReason == .uncaughtSignal {
                killed += 1
            } else if process.terminationStatus == 0 {
                if let doneID, printed.hasPrefix("done ") {
                    acknowledgedDone.insert(doneID)
                } else if printed.hasPrefix("added "), let id = Int(printed.dropFirst(6).prefix { $0.isNumber }) {
                    acknowledgedAdds.append(title)
                    addedIDs.append(id)
                }
            }
            // A damaged file stays damaged (nothing writes over one), so a check every few
            // rounds sees every damage a kill could leave.
            if rounds % 20 == 0 {
                loadChecks += 1
                let check = try shade.run(["ls", "all"])
                #expect(check.status == 0, "after round \(rounds) (seed \(seed)): \(check.stderr)")
                if check.status != 0 { break }
            }
        }
        #expect(killed >= KillLoopTests.kills, "only \(killed) kills landed in \(rounds) rounds")
        let tasks = try shade.allTasks()
        let titles = Set(tasks.compactMap { $0.string("title") })
        let lost = acknowledgedAdds.filter { !titles.contains($0) }
        #expect(lost.isEmpty, "acknowledged but lost: \(lost)")
        let done = Set(tasks.filter { $0.string("status") == "done" }.compactMap { $0.int("id") })
        #expect(
            acknowledgedDone.isSubset(of: done), "acknowledged done but open: \(acknowledgedDone.subtracting(done))")
        let ids = tasks.compactMap { $0.int("id") }
        #expect(Set(ids).count == ids.count, "two tasks share an id")
        // The next successful command leaves no staged file behind, and every file validates.
        try ReliabilityFixture.expectCleanAfterNextCommand(shade, "after the kill loop")
        #expect(try SchemaCheck.validate(shade.store) > 0)
        print(
            "kill loop: \(killed) kills in \(rounds) rounds (seed \(seed)), \(acknowledgedAdds.count) acknowledged adds "
                + "and \(acknowledgedDone.count) acknowledged dones, all there; \(loadChecks) load checks, 0 failed; "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }
}
