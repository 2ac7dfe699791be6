import ShadeCore
import ShadePlatform
import ShadeTestSupport

/// One measured command of the interchange section: the median wall time of its runs and the
/// largest peak resident memory among them.
struct InterchangeMeasure {
    let seconds: Double
    let peakMiB: Double?
    /// The exit status of a run that failed (then the times are of no use).
    var failed: Int32? = nil
}

/// Import and export of N tasks, shade beside Taskwarrior (`task import`, `task export`) given the
/// same tasks in the same run: a Taskwarrior export file of N tasks (about 100 a week, as the
/// generated histories) and a CSV of the same tasks.
struct InterchangeBench {
    let dir: String
    let shade: String
    let taskwarrior: String?
    let reps: Int

    /// The commands measured, in the order the report lists them.
    static let commands = [
        "shade import (taskwarrior)", "task import", "shade import (csv)", "shade export --format taskwarrior",
        "task export",
    ]

    /// Every command at `size`: `[command: measure]`.
    func measure(size: Int, generator: HistoryGenerator) throws -> [String: InterchangeMeasure] {
        let files = try prepareFiles(size: size, generator: generator)
        // Fewer runs of the large sizes: one import of a million tasks is most of a minute.
        let runs = size >= 1_000_000 ? 1 : size >= 100_000 ? min(reps, 3) : reps
        // Each import goes into a folder of its own, and every run's folders are removed once the
        // size is done: an ext4 file system with no journal (as here) passes over the inodes of
        // recently removed files when it makes new ones (`recently_deleted` in a profile), so a
        // planner removed just before an import slowed the next import's thousands of new files,
        // a cost no one importing into a new planner pays (Taskwarrior's one data file never met it).
        let folders = "\(dir)/interchange-runs"
        remove(folders)
        mkdir(folders, 0o700)
        defer { remove(folders) }
        var result: [String: InterchangeMeasure] = [:]
        var samples: [String: [(Double, Double?)]] = [:]
        var failures: [String: Int32] = [:]
        func record(_ name: String, _ sample: (Double, Double?)) { samples[name, default: []].append(sample) }
        // One warm-up of each, then the runs, each import into an empty planner.
        for run in 0...runs {
            let keep = run > 0 || runs == 1
            var store = "\(folders)/\(run)-taskwarrior"
            let peer = TaskwarriorPeer(binary: taskwarrior ?? "", directory: "\(folders)/\(run)-task")
            // A command that fails is reported as failed, and the others are still measured.
            func measure(_ name: String, _ arguments: [String], _ environment: [String]) {
                switch timed(arguments, environment: environment) {
                case .success(let sample): if keep { record(name, sample) }
                case .failure(let failure): failures[name] = failure.status
                }
            }
            measure(
                "shade import (taskwarrior)", [shade, "import", "--format", "taskwarrior", files.taskwarrior],
                shadeEnvironment(store))
            // An export of a planner whose import failed would time an empty one.
            if failures["shade import (taskwarrior)"] == nil {
                measure(
                    "shade export --format taskwarrior", [shade, "export", "--format", "taskwarrior"],
                    shadeEnvironment(store))
            }
            store = "\(folders)/\(run)-csv"
            measure("shade import (csv)", [shade, "import", "--format", "csv", files.csv], shadeEnvironment(store))
            if taskwarrior != nil {
                try peer.prepare()
                measure("task import", [peer.binary, "import", files.taskwarrior], peer.environment)
                if failures["task import"] == nil {
                    measure("task export", [peer.binary, "export"], peer.environment)
                }
            }
            if runs == 1 && run == 0 { break }
        }
        for (name, values) in samples {
            result[name] = InterchangeMeasure(
                seconds: Statistics.median(values.map(\.0)), peakMiB: values.compactMap(\.1).max())
        }
        for (name, status) in failures {
            result[name] = InterchangeMeasure(seconds: .nan, peakMiB: nil, failed: status)
        }
        return result
    }

    func shadeEnvironment(_ store: String) -> [String] {
        [
            "SHADE_STORE=\(store)", "SHADE_NOW=\(ShadeBench.pinnedNow)", "NO_COLOR=1", "HOME=\(dir)", "TZ=UTC",
            "XDG_CONFIG_HOME=\(dir)/config", "XDG_STATE_HOME=\(dir)/state", "PATH=/usr/bin:/bin",
            "SHADE_RESIDENT=off",
        ]
    }

    /// A run that ended with a status other than 0.
    struct Failure: Error {
        let status: Int32
    }

    /// Runs a command to its end: its wall time, and its peak memory (MiB) through GNU time.
    private func timed(_ arguments: [String], environment: [String]) -> Result<(Double, Double?), Failure> {
        let report = "\(dir)/interchange-peak.txt"
        let wrapped = access("/usr/bin/time", X_OK) == 0 ? ["/usr/bin/time", "-f", "%M", "-o", report] : []
        let run = ProcessTimer.run(
            wrapped + arguments, environment: environment, stderr: "\(dir)/interchange-errors.txt")
        guard run.status == 0 else { return .failure(Failure(status: run.status)) }
        let peak =
            wrapped.isEmpty
            ? nil
            : (try? BenchFiles.read(report)).flatMap {
                Double($0.split(separator: "\n").last.map(String.init) ?? "")
            }
        return .success((run.seconds, peak.map { $0 / 1024 }))
    }

    private func remove(_ path: String) { _ = ProcessTimer.run(["/bin/rm", "-rf", path], environment: []) }

    /// The Taskwarrior export (one task a line, as `task export` writes it with
    /// `json.array=off`, which `task import` and `shade import` both read) and the CSV of `size`
    /// generated tasks, written once and kept in `dir` (a batch of weeks at a time: the bench
    /// never holds them all). A hundred tasks a week, more from 100,000 on, so that every day is
    /// one shade takes (a million at a hundred a week would reach back to 1835).
    func prepareFiles(size: Int, generator: HistoryGenerator) throws -> (taskwarrior: String, csv: String) {
        let taskwarrior = "\(dir)/interchange-\(size).jsonl"
        let csv = "\(dir)/interchange-\(size).csv"
        if BenchFiles.exists(csv + ".ready") { return (taskwarrior, csv) }
        let json = try AppendFile(taskwarrior)
        let table = try AppendFile(csv)
        try table.write("uid,date,slot,time,title,status,tags\n")
        var random = SplitMix64(seed: 13)
        let perWeek = max(HistoryGenerator.tasksPerWeek, size / 1_000)
        try generator.forEachBatch(total: size, perWeek: perWeek, weeksPerBatch: 100) { specs in
            var lines = ""
            var rows = ""
            for spec in specs {
                let uid = UIDGenerator.make(using: &random)
                let time = spec.time ?? SlotBoundaries.standard.start(of: spec.slot)
                let due = TaskwarriorPeer.stamp(spec.date, time)
                let status: (taskwarrior: String, shade: String) =
                    switch spec.status {
                    case .open: ("pending", "open")
                    case .done: ("completed", "done")
                    case .cancelled: ("deleted", "cancelled")
                    }
                var fields = [
                    "\"uuid\":\"\(uid)\"", "\"description\":\"\(spec.title)\"", "\"status\":\"\(status.taskwarrior)\"",
                    "\"entry\":\"20261116T080000Z\"", "\"due\":\"\(due)\"",
                ]
                if spec.status != .open { fields.append("\"end\":\"20261116T080000Z\"") }
                if !spec.tags.isEmpty {
                    fields.append("\"tags\":[\(spec.tags.map { "\"\($0)\"" }.joined(separator: ","))]")
                }
                lines += "{" + fields.joined(separator: ",") + "}\n"
                rows +=
                    "\(uid),\(spec.date),\(spec.slot.rawValue),\(spec.time.map(\.description) ?? ""),\(spec.title),\(status.shade),\(spec.tags.joined(separator: " "))\n"
            }
            try json.write(lines)
            try table.write(rows)
        }
        json.close()
        table.close()
        try BenchFiles.write("", to: csv + ".ready")
        return (taskwarrior, csv)
    }
}
