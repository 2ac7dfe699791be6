import ShadePlatform

/// `sync` beside a plain `git pull` of the same commits: a planner of N tasks shared through a
/// bare repository by a copy that changes it (A), a shade copy that receives (B) and a plain git
/// clone that receives the same commits (C). Measured: a sync with nothing to do, one that sends
/// 100 changes made since the last, and one that receives them, each beside `git pull` doing the
/// same in C.
struct SyncBench {
    let dir: String
    let shade: String
    let reps: Int

    /// The rows of the report, in order.
    static let rows = [
        "sync, nothing to do", "git pull, nothing to do", "sync sending 100 changes", "sync receiving 100 changes",
        "git pull of the same commits",
    ]

    /// Every row at one size, from a copy of the generated store `pristine`: `[row: median seconds]`.
    func measure(size: Int, pristine: String) throws -> [String: Double] {
        let root = "\(dir)/sync-\(size)"
        run(["/bin/rm", "-rf", root])
        mkdir(root, 0o700)
        let (remote, a, b, c) = ("\(root)/remote.git", "\(root)/a", "\(root)/b", "\(root)/c")
        try require(["/usr/bin/git", "init", "-q", "--bare", "-b", "main", remote])
        try require(["/bin/cp", "-a", pristine, a])
        try require([shade, "sync", "init", remote], store: a)
        try require([shade, "sync", "init", remote], store: b)
        try require(["/usr/bin/git", "clone", "-q", remote, c])
        var samples: [String: [Double]] = [:]
        for rep in 0...reps {
            let keep = rep > 0
            let noop = try require([shade, "sync"], store: b)
            let pull = try require(["/usr/bin/git", "-C", c, "pull", "-q"])
            // A hundred changes made and sent by A, then received by B and by C.
            let script = "\(root)/adds.txt"
            try BenchFiles.write(
                (0..<100).map { "add wed Synced change \(rep)-\($0)" }.joined(separator: "\n") + "\n", to: script)
            let added = ProcessTimer.run([shade], environment: environment(store: a), stdin: script)
            guard added.status == 0 else {
                throw BenchError.failed("the adds for the sync bench exited \(added.status)")
            }
            let sent = try require([shade, "sync"], store: a)
            let received = try require([shade, "sync"], store: b)
            let pulled = try require(["/usr/bin/git", "-C", c, "pull", "-q"])
            guard keep else { continue }
            samples[Self.rows[0], default: []].append(noop)
            samples[Self.rows[1], default: []].append(pull)
            samples[Self.rows[2], default: []].append(sent)
            samples[Self.rows[3], default: []].append(received)
            samples[Self.rows[4], default: []].append(pulled)
        }
        run(["/bin/rm", "-rf", root])
        return samples.mapValues(Statistics.median)
    }

    func environment(store: String?) -> [String] {
        var variables = [
            "SHADE_NOW=\(ShadeBench.pinnedNow)", "NO_COLOR=1", "HOME=\(dir)", "TZ=UTC", "XDG_CONFIG_HOME=\(dir)/config",
            "XDG_STATE_HOME=\(dir)/state", "PATH=/usr/bin:/bin", "SHADE_RESIDENT=off", "GIT_AUTHOR_NAME=bench",
            "GIT_AUTHOR_EMAIL=bench@example.org", "GIT_COMMITTER_NAME=bench", "GIT_COMMITTER_EMAIL=bench@example.org",
        ]
        if let store { variables.append("SHADE_STORE=\(store)") }
        return variables
    }

    /// Runs a command to its end; returns its wall time, or throws when it fails.
    @discardableResult
    private func require(_ arguments: [String], store: String? = nil) throws -> Double {
        let result = ProcessTimer.run(
            arguments, environment: environment(store: store), stderr: "\(dir)/sync-errors.txt")
        guard result.status == 0 else {
            throw BenchError.failed("\(arguments.dropFirst().prefix(3).joined(separator: " ")) exited \(result.status)")
        }
        return result.seconds
    }

    private func run(_ arguments: [String]) { _ = ProcessTimer.run(arguments, environment: []) }
}
