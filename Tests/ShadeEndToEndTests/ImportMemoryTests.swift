import Foundation
import Glibc
import Testing

/// A large import holds a week at a time, not the file (SPEC §17): ten times the tasks add little
/// to the peak memory (the buffer of tasks set aside, a few bytes a task for its uid and id). Measured as the import process's own peak resident set (`wait4`), so that
/// no other test's processes count.
@Suite struct ImportMemoryTests {
    /// The peak resident set, in KiB, of `shade ARGUMENTS…` on `shade`'s store, and its exit status.
    static func peak(_ arguments: [String], shade: ShadeProcess) throws -> (kilobytes: Int, status: Int32) {
        let argv = ([ShadeProcess.binary] + arguments).map { strdup($0) } + [nil]
        let envp = shade.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, ShadeProcess.binary, &actions, nil, argv, envp)
        try #require(spawned == 0, "shade could not be started (\(spawned))")
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0, errno == EINTR {}
        return (usage.ru_maxrss, (status >> 8) & 0xff)
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
