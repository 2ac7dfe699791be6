import Foundation
import Testing

/// Injects an I/O error (`EIO`, and `ENOSPC` where a full disk shows) at each call of each system
/// call a save makes, and checks that shade never reports success for data that did not reach the
/// disk, and that a failure before the commit point leaves every store file byte for byte.
///
/// Reproduce: `swift test --filter IOErrorTests`.
@Suite struct IOErrorTests {
    @Test(arguments: ReliabilityFixture.commands)
    func aFailedCallNeverReportsSuccessAndLeavesTheOldDataWhole(command: [String]) throws {
        let started = Date()
        guard let scenario = try FaultScenario.prepare(command) else { return }
        let (base, before, after, trace) = (scenario.base, scenario.before, scenario.after, scenario.trace)
        let beforeFiles = scenario.beforeFiles

        var cases = 0
        var failed = 0
        for call in trace.calls {
            var errors = ["EIO"]
            if ["write", "fdatasync", "fsync", "openat", "openat2"].contains(call.name) { errors.append("ENOSPC") }
            for error in errors {
                cases += 1
                let (shade, run) = try trace.inject("error=\(error)", at: call, running: command, on: base)
                let place =
                    "\(command.joined(separator: " ")) with \(error) at \(call.name) #\(call.ordinal) (\(call.line))"
                #expect(run.status == 0 || run.status == 1, "\(place): exit \(run.status): \(run.stderr)")
                if call.critical {
                    #expect(run.status == 1, "\(place): the failure was not reported")
                    #expect(run.stdout.isEmpty, "\(place): printed \(run.stdout)")
                    #expect(!run.stderr.isEmpty, "\(place): no message")
                }
                if run.status != 0 { failed += 1 }
                if call.beforeCommitPoint, run.status != 0 {
                    #expect(ReliabilityFixture.files(shade) == beforeFiles, "\(place): a store file changed")
                }
                let state = try ReliabilityFixture.snapshot(shade)
                #expect(state == before || state == after, "\(place): a partial change")
                if call.beforeCommitPoint, run.status != 0 {
                    #expect(state == before, "\(place): reported failed, made")
                }
                if run.status == 0 { #expect(state == after, "\(place): reported success, change missing") }
                try ReliabilityFixture.expectCleanAfterNextCommand(shade, place)
                // A change reported as failed never comes back, not even once the next command
                // has finished what the failure left.
                if run.status != 0, state == before {
                    #expect(try ReliabilityFixture.snapshot(shade) == scenario.beforeThenNext, "\(place): it came back")
                }
            }
        }
        #expect(failed > 10)
        print(
            "I/O errors: \(command.joined(separator: " ")): \(cases) injected errors, \(failed) reported, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }
}
