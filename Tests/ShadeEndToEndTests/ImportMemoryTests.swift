import Foundation
import ShadeTestSupport
import Testing

/// A large import holds a week at a time, not the file (SPEC §17): ten times the tasks add little
/// to the peak memory (the buffer of tasks set aside, a few bytes a task for its uid and id).
/// Measured as the import process's own peak resident set.
@Suite struct ImportMemoryTests {
    /// The peak resident set, in KiB, of `shade ARGUMENTS…` on `shade`'s store, and its exit status.
    /// A small python process starts it and reads its children's usage: a process started from
    /// this large test process would count the test's memory as its own (Linux keeps the peak of
    /// the memory a process had before it ran shade).
    static func peak(_ arguments: [String], shade: ShadeProcess) throws -> (kilobytes: Int, status: Int32) {
        let script = """
            import resource, subprocess, sys
            run = subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL)
            print(run.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)
            """
        let python = try ShellCompletionTests.tool("python3")
        let run = try ExternalCommand.run(
            python, ["-c", script, ShadeProcess.binary] + arguments, environment: shade.environment)
        let words = run.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        try #require(words.count == 2, "\(run.output)")
        return (words[1], Int32(words[0]))
    }

    @Test func tenTimesTheTasksAddLittleToThePeakMemory() throws {
        let scratch = ShadeProcess()
        var peaks: [Int] = []
        for count in [6_000, 60_000] {
            // Three a day: 60,000 tasks are 20,000 days, about 2,900 weeks.
            let file = try ImportScaleTests.taskwarrior(count, in: scratch.root)
            let shade = ShadeProcess(now: "2026-11-25T10:00")
            let run = try Self.peak(["import", file], shade: shade)
            #expect(run.status == 0)
            peaks.append(run.kilobytes)
        }
        // Holding every task (as the import did before it went a week at a time) grew the peak by
        // about 9 KB a task: 54,000 tasks more would add some 480 MB. Measured here: about 42 MB.
        #expect(peaks[1] - peaks[0] <= 64 * 1024, "6,000 tasks: \(peaks[0]) KiB, 60,000: \(peaks[1]) KiB")
        #expect(peaks[1] <= 128 * 1024, "60,000 tasks: \(peaks[1]) KiB")
    }
}
