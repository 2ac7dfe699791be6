import Foundation
import Testing

/// Kills the writer with SIGKILL at each call of each system call its save makes (strace's fault
/// injection), from the exclusive lock until the command completes, and checks after each kill
/// that the store loads and the change is either wholly there or wholly absent.
///
/// Reproduce: `swift test --filter CrashPointTests`.
@Suite struct CrashPointTests {
    @Test(arguments: ReliabilityFixture.commands)
    func everyCrashPointLeavesTheOldOrTheNewStateWhole(command: [String]) throws {
        let started = Date()
        guard let scenario = try FaultScenario.prepare(command) else { return }
        let (base, before, after, trace) = (scenario.base, scenario.before, scenario.after, scenario.trace)

        var kills = 0
        for call in trace.calls {
            let (shade, run) = try trace.inject("signal=KILL", at: call, running: command, on: base)
            let place = "\(command.joined(separator: " ")) killed at \(call.name) #\(call.ordinal) (\(call.line))"
            #expect(run.status != 0, "\(place): not killed")
            kills += 1
            let state = try ReliabilityFixture.snapshot(shade)
            #expect(state == before || state == after, "\(place): a partial change")
            if run.stdout.contains(command[0] == "undo" ? "undid" : command[0]) {
                #expect(state == after, "\(place): acknowledged but missing")
            }
            try ReliabilityFixture.expectCleanAfterNextCommand(shade, place)
        }
        #expect(kills > 20, "the writer was killed at \(kills) crash points")
        print(
            "crash points: \(command.joined(separator: " ")): \(kills) kills, each checked for a whole old or new state, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }
}
