import ShadePlatform
import ShadeStore

/// One run of a whole process: wall time and the child's peak resident memory.
struct ProcessRun {
    let status: Int32
    let seconds: Double
    let peakKiB: Int
}

/// Starts processes with posix_spawn and waits with wait4, to time them and read their rusage.
enum ProcessTimer {
    /// Runs `arguments` with `environment` (`NAME=value`), standard input from `stdin` (or
    /// /dev/null), standard output and error to /dev/null (or errors to the file `stderr`, or to
    /// this process's own standard error with "-").
    static func run(_ arguments: [String], environment: [String], stdin: String? = nil, stderr: String? = nil)
        -> ProcessRun
    {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin ?? "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        // "-" keeps this process's standard error.
        if stderr != "-" {
            posix_spawn_file_actions_addopen(&actions, 2, stderr ?? "/dev/null", O_WRONLY | O_CREAT | O_APPEND, 0o600)
        }
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        let start = MonotonicClock.seconds
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, argv, envp)
        guard spawned == 0 else { return ProcessRun(status: -1, seconds: 0, peakKiB: 0) }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && errno == EINTR {}
        let seconds = MonotonicClock.seconds - start
        let exited = (status & 0x7F) == 0
        return ProcessRun(
            status: exited ? (status >> 8) & 0xFF : 128 + (status & 0x7F), seconds: seconds, peakKiB: usage.ru_maxrss)
    }
}

extension ProcessTimer {
    /// The peak resident memory (KiB) of one run, measured by GNU time when installed: the kernel
    /// counts a child's peak from its parent's size at start, and `time` is a small parent.
    static func peakKiB(_ arguments: [String], environment: [String], scratch: String) -> Int? {
        guard access("/usr/bin/time", X_OK) == 0 else { return nil }
        let report = scratch + "/peak.txt"
        let run = ProcessTimer.run(["/usr/bin/time", "-f", "%M", "-o", report] + arguments, environment: environment)
        guard run.status == 0, let text = try? BenchFiles.read(report) else { return nil }
        return Int(text.split(separator: "\n").last.map(String.init) ?? "")
    }
}

/// Medians and percentiles.
enum Statistics {
    static func median(_ values: [Double]) -> Double { percentile(values, 50) }

    /// The p50 and the p99 of `values`, as the REPL's and the flushes' rows print them.
    static func tail(_ values: [Double]) -> (p50: Double, p99: Double) {
        (percentile(values, 50), percentile(values, 99))
    }

    static func percentile(_ values: [Double], _ p: Double) -> Double {
        guard !values.isEmpty else { return .nan }
        let sorted = values.sorted()
        let rank = p / 100 * Double(sorted.count - 1)
        let low = Int(rank.rounded(.down))
        let high = min(sorted.count - 1, low + 1)
        return sorted[low] + (sorted[high] - sorted[low]) * (rank - Double(low))
    }
}
