import ArgumentParser
import CSystemCalls
import ShadeCLI
import ShadeCore
import ShadeHost
import ShadeJSON
import ShadePlatform
import ShadeStore
import ShadeTestSupport

/// Measures shade as a user meets it: whole processes on histories of growing size, the REPL's
/// own latency, piped scripts, and Taskwarrior on the same tasks in the same run.
@main
struct ShadeBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shade-bench",
        abstract: "Benchmark shade on generated histories and against Taskwarrior.",
        discussion: """
            Full run (about 18 minutes, a few GB of disk for the 1,000,000-task store):
              swift build -c release && .build/release/shade-bench --output bench.md
            Smoke run (CI): shade-bench --smoke
            Generated stores are kept in --dir and reused by later runs.
            """)

    @Flag(help: "A small run: 1,000 tasks, one repetition (for CI).") var smoke = false
    @Option(parsing: .upToNextOption, help: "History sizes in tasks.") var sizes: [Int] = [
        1_000, 10_000, 100_000, 1_000_000,
    ]
    @Option(help: "Repetitions per measurement (after one warm-up).") var reps = 7
    @Option(help: "Where generated stores are kept.") var dir = "/tmp/shade-bench"
    @Option(help: "The shade binary (default: the one beside this program).") var shade: String?
    @Option(help: "REPL commands timed per command and size.") var replRuns = 300
    @Flag(help: "Skip Taskwarrior even when it is installed.") var noTaskwarrior = false
    @Option(parsing: .upToNextOption, help: "Sizes (tasks) of the import and export measurements.")
    var interchangeSizes: [Int] = [1_000, 10_000, 100_000, 1_000_000]
    @Flag(help: "Measure import and export only.") var onlyInterchange = false
    @Flag(help: "Measure one-shot changes with no resident process, and `--version`, only.") var onlyOneShot = false
    @Flag(help: "Measure sync beside git pull only.") var onlySync = false
    @Flag(help: "Measure plan beside week only.") var onlyPlan = false
    @Option(help: "Also write the Markdown report to this file.") var output: String?
    @Option(help: .hidden) var child: String?
    @Option(help: .hidden) var childSize: Int?
    @Option(help: .hidden) var childPerWeek: Int?
    @Option(help: .hidden) var childPath: String?

    static let pinnedNow = "2026-11-23T09:30"
    /// The pinned moment as a value (its text is a valid local time).
    static var pinnedMoment: Moment {
        guard let moment = Moment.parsePinned(pinnedNow, utcOffsetSeconds: 0) else {
            fatalError("\(pinnedNow) is a valid local time")
        }
        return moment
    }

    mutating func run() throws {
        if let child { return try runChild(child) }
        if smoke {
            sizes = [1_000]
            interchangeSizes = [1_000]
            reps = 1
            replRuns = 20
        }
        let binary = shade ?? Self.siblingBinary()
        guard access(binary, X_OK) == 0 else { throw BenchError.failed("no shade binary at \(binary); build it first") }
        mkdir(dir, 0o700)
        let now = Self.pinnedMoment
        let generator = HistoryGenerator(now: now)
        let taskwarrior = noTaskwarrior ? nil : TaskwarriorPeer.find()
        var report = BenchReport(sizes: sizes, reps: reps, smoke: smoke, binary: binary)
        if onlyInterchange {
            try timeInterchange(binary: binary, taskwarrior: taskwarrior, generator: generator, into: &report)
            let text =
                report.interchangeMarkdown().joined(separator: "\n") + "\n"
                + report.interchangeTargets().joined(separator: "\n") + "\n"
            print(text)
            if let output { try BenchFiles.write(text, to: output) }
            return
        }

        if onlySync {
            try timeSync(binary: binary, generator: generator, into: &report)
            let text = report.syncMarkdown().joined(separator: "\n") + "\n"
            print(text)
            if let output { try BenchFiles.write(text, to: output) }
            return
        }

        // Every size gets a working copy (measurements add and complete tasks, so every run starts
        // equal), flushed so that no writeback of it lands in a timed fsync.
        var stores: [Int: String] = [:]
        var peers: [Int: TaskwarriorPeer] = [:]
        for size in sizes {
            let pristine = try prepareStore(size: size, perWeek: HistoryGenerator.tasksPerWeek, generator: generator)
            let store = "\(dir)/work-\(size)"
            _ = ProcessTimer.run(["/bin/rm", "-rf", store], environment: [])
            guard ProcessTimer.run(["/bin/cp", "-a", pristine, store], environment: []).status == 0 else {
                throw BenchError.failed("cannot copy \(pristine)")
            }
            try settle(store: store, binary: binary, now: now)
            stores[size] = store
            if let taskwarrior, size <= 100_000, !smoke {
                peers[size] = try preparePeer(size: size, binary: taskwarrior, generator: generator)
            }
        }
        sync()
        log("timing processes at every size, interleaved")
        mkdir("\(dir)/run", 0o700)
        report.processes = try timeProcesses(
            binary: binary, stores: stores, peers: peers, now: now,
            only: onlyOneShot ? BenchReport.oneShotCommands : onlyPlan ? BenchReport.planCommands : nil)
        if onlyOneShot || onlyPlan {
            let text = (onlyPlan ? report.planMarkdown() : report.oneShotMarkdown()).joined(separator: "\n") + "\n"
            print(text)
            if let output { try BenchFiles.write(text, to: output) }
            return
        }
        // The resident processes' own memory, then they are stopped: nothing else is timed with them.
        for size in sizes {
            let pids = residents(of: stores[size, default: ""])
            report.residentPeakMiB[size] = pids.compactMap { peakMiB(of: $0) }.max()
            for pid in pids { kill(pid, SIGTERM) }
        }
        for size in sizes {
            log("timing the REPL at \(size) tasks")
            var repl: [String: (p50: Double, p99: Double)] = [:]
            for line in try runInChild("repl", size: size, path: stores[size, default: ""]).split(separator: "\n") {
                let fields = line.split(separator: "\t")
                if fields.count == 3, let p50 = Double(fields[1]), let p99 = Double(fields[2]) {
                    repl[String(fields[0])] = (p50, p99)
                }
            }
            report.repl[size] = repl
            _ = ProcessTimer.run(["/bin/rm", "-rf", stores[size, default: ""]], environment: [])
        }
        let denseSize = smoke ? 1_000 : 10_000
        let dense = try prepareStore(
            size: denseSize, perWeek: denseSize, generator: generator, name: "dense-\(denseSize)")
        for command in [["day"], ["week"]] {
            let runs = (0...reps).map { _ in
                ProcessTimer.run([binary] + command, environment: environment(store: dense))
            }
            try check(runs, command)
            report.dense.append((command.joined(separator: " "), Statistics.median(runs.dropFirst().map(\.seconds))))
        }
        report.denseSize = denseSize
        report.denseParse = try timeJSONCParse(of: "\(dense)/weeks/2026/2026-W48.json")
        log("timing weeks of repeating and plain tasks")
        report.repeats = try timeRepeats(binary: binary, start: now.date)
        (report.flush, report.flushAfterSleep) = try timeFdatasync(in: dir)
        report.flushRuns = replRuns
        for lines in smoke ? [100, 200] : [10_000, 20_000] {
            log("timing a script of \(lines) adds")
            report.scripts.append(try timeScript(binary: binary, lines: lines, start: now.date))
        }
        try timeInterchange(binary: binary, taskwarrior: taskwarrior, generator: generator, into: &report)
        try timeSync(binary: binary, generator: generator, into: &report)
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        report.benchPeakMiB = Double(usage.ru_maxrss) / 1024
        let text = report.markdown()
        print(text)
        if let output { try BenchFiles.write(text, to: output) }
    }

    /// `sync` beside `git pull` at every size up to 100,000 tasks (when git is installed).
    func timeSync(binary: String, generator: HistoryGenerator, into report: inout BenchReport) throws {
        guard access("/usr/bin/git", X_OK) == 0 else { return }
        let bench = SyncBench(dir: dir, shade: binary, reps: reps)
        for size in sizes where size <= 100_000 {
            log("timing sync beside git pull at \(size) tasks")
            let pristine = try prepareStore(size: size, perWeek: HistoryGenerator.tasksPerWeek, generator: generator)
            report.sync.append((size, try bench.measure(size: size, pristine: pristine)))
        }
    }

    /// Import and export at every interchange size, beside Taskwarrior.
    func timeInterchange(
        binary: String, taskwarrior: String?, generator: HistoryGenerator, into report: inout BenchReport
    ) throws {
        let bench = InterchangeBench(dir: dir, shade: binary, taskwarrior: taskwarrior, reps: reps)
        for size in interchangeSizes {
            log("timing import and export of \(size) tasks")
            report.interchange.append((size, try bench.measure(size: size, generator: generator)))
        }
    }

    // MARK: Stores

    /// A command's environment. With `resident`, one-shot commands may be handed to the store's
    /// resident process (a runtime folder is given, as a login session gives one); without, each
    /// runs on its own (`SHADE_RESIDENT=off`).
    func environment(store: String, resident: Bool = false) -> [String] {
        [
            "SHADE_STORE=\(store)", "SHADE_NOW=\(Self.pinnedNow)", "NO_COLOR=1", "HOME=\(dir)", "TZ=UTC",
            "XDG_CONFIG_HOME=\(dir)/config", "XDG_STATE_HOME=\(dir)/state", "PATH=/usr/bin:/bin",
            resident ? "XDG_RUNTIME_DIR=\(dir)/run" : "SHADE_RESIDENT=off",
        ]
    }

    /// The resident processes serving `store` (by their command lines).
    func residents(of store: String) -> [pid_t] {
        guard let real = realpath(store, nil) else { return [] }
        defer { free(real) }
        let path = String(cString: real)
        guard let directory = opendir("/proc") else { return [] }
        defer { closedir(directory) }
        var found: [pid_t] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = pid_t(name), let file = fopen("/proc/\(name)/cmdline", "rb") else { continue }
            var bytes = [UInt8](repeating: 0, count: 4096)
            let count = fread(&bytes, 1, bytes.count, file)
            fclose(file)
            let words = bytes[..<count].split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if words.count == 3, words[1] == "--resident", words[2] == path { found.append(pid) }
        }
        return found
    }

    /// Peak resident memory of a process so far (VmHWM), in MiB.
    func peakMiB(of pid: pid_t) -> Double? {
        guard let file = fopen("/proc/\(pid)/status", "rb") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("VmHWM:") {
                return text.split(separator: " ").dropFirst().first.flatMap { Double($0) }.map { $0 / 1024 }
            }
        }
        return nil
    }

    /// Generation, imports and in-process REPL timing run in child processes of this program, so
    /// that this process stays small: a child's peak memory, as the kernel reports it, includes
    /// its parent's at the moment it started.
    func runInChild(_ kind: String, size: Int, perWeek: Int = HistoryGenerator.tasksPerWeek, path: String) throws
        -> String
    {
        let output = "\(dir)/child-output.txt"
        _ = ProcessTimer.run(["/bin/rm", "-f", output], environment: [])
        var arguments = [
            Self.ownPath(), "--child", kind, "--child-size", String(size), "--child-per-week", String(perWeek),
            "--child-path", path, "--dir", dir, "--repl-runs", String(replRuns), "--output", output,
        ]
        if let shade { arguments += ["--shade", shade] }
        let run = ProcessTimer.run(arguments, environment: ["PATH=/usr/bin:/bin", "HOME=\(dir)"], stderr: "-")
        guard run.status == 0 else { throw BenchError.failed("\(kind) for \(size) tasks exited \(run.status)") }
        return (try? BenchFiles.read(output)) ?? ""
    }

    func runChild(_ kind: String) throws {
        let now = Self.pinnedMoment
        let generator = HistoryGenerator(now: now)
        guard let size = childSize, let perWeek = childPerWeek, let path = childPath else {
            throw BenchError.failed("--child needs --child-size, --child-per-week and --child-path")
        }
        switch kind {
        case "generate":
            try generate(size: size, perWeek: perWeek, generator: generator, path: path)
        case "import":
            guard let binary = TaskwarriorPeer.find() else { throw BenchError.failed("task is not installed") }
            try importPeer(TaskwarriorPeer(binary: binary, directory: path), size: size, generator: generator)
        case "repl":
            // The allocator as the `shade` process sets it up (its entry point), so that the
            // REPL's engine runs here as it runs there.
            shade_tune_allocator()
            let results = try timeREPL(store: path, now: now)
            let lines = results.map { "\($0.key)\t\($0.value.p50)\t\($0.value.p99)" }.sorted()
            if let output { try BenchFiles.write(lines.joined(separator: "\n") + "\n", to: output) }
        default:
            throw BenchError.failed("unknown child \(kind)")
        }
    }

    func prepareStore(size: Int, perWeek: Int, generator: HistoryGenerator, name: String? = nil) throws -> String {
        let path = "\(dir)/\(name ?? "store-\(size)")"
        if BenchFiles.exists(path + ".ready") { return path }
        _ = try runInChild("generate", size: size, perWeek: perWeek, path: path)
        return path
    }

    func generate(size: Int, perWeek: Int, generator: HistoryGenerator, path: String) throws {
        log("generating \(size) tasks in \(path)")
        _ = ProcessTimer.run(["/bin/rm", "-rf", path], environment: [])
        let store = Store(directory: path)
        var random = SplitMix64(seed: 7)
        let start = MonotonicClock.seconds
        try generator.forEachBatch(total: size, perWeek: perWeek) { specs in
            try generator.write(specs, to: store, random: &random)
        }
        try generator.writeGoals(to: store)
        log("generated in \(Format.fixed(MonotonicClock.seconds - start, 1)) s")
        try BenchFiles.write("", to: path + ".ready")
    }

    func preparePeer(size: Int, binary: String, generator: HistoryGenerator) throws -> TaskwarriorPeer {
        let peer = TaskwarriorPeer(binary: binary, directory: "\(dir)/taskwarrior-\(size)")
        if !peer.isReady { _ = try runInChild("import", size: size, path: peer.directory) }
        return peer
    }

    func importPeer(_ peer: TaskwarriorPeer, size: Int, generator: HistoryGenerator) throws {
        log("importing \(size) tasks into Taskwarrior")
        _ = ProcessTimer.run(["/bin/rm", "-rf", peer.directory], environment: [])
        try peer.prepare()
        var random = SplitMix64(seed: 11)
        var seconds = 0.0
        try generator.forEachBatch(total: size, perWeek: HistoryGenerator.tasksPerWeek, weeksPerBatch: 100) { specs in
            seconds += try peer.importBatch(specs, random: &random, entry: "20261116T080000Z")
        }
        log("imported in \(Format.fixed(seconds, 1)) s")
        try peer.markReady()
    }

    // MARK: Measurements

    func check(_ runs: [ProcessRun], _ command: [String]) throws {
        if let failed = runs.first(where: { $0.status != 0 }) {
            throw BenchError.failed("\(command.joined(separator: " ")) exited \(failed.status)")
        }
    }

    /// Brings a working copy to where a planner in use is: its last `StoreFormat.backupDepth`
    /// changes' saved copies and its last `StoreFormat.undoDepth` undo entries kept, so that each
    /// change the bench times lets go of the oldest of both, as every change of such a planner
    /// does (a generated store has made one change). One task of the dense week is done and
    /// undone until both are full; the week keeps its tasks.
    func settle(store: String, binary: String, now: Moment) throws {
        guard let id = try openTaskIDs(store: store, now: now).first else { return }
        for _ in 0..<(StoreFormat.undoDepth / 2 + 1) {
            for verb in ["done", "undone"] {
                let command = [verb, String(id)]
                try check([ProcessTimer.run([binary] + command, environment: environment(store: store))], command)
            }
        }
    }

    func openTaskIDs(store: String, now: Moment) throws -> [Int] {
        try Store(directory: store).read { state in
            try state.tasks(in: now.date.isoWeek).filter { $0.status == .open }.map(\.id)
        }
    }

    /// Medians (and peak memory) of whole shade processes. Each repetition runs a command at every
    /// size in turn (and Taskwarrior's equivalent right after shade's), so that the machine's drift
    /// over time falls on all sizes alike rather than on whichever size ran when it was busy.
    /// With `only`, just the rows so named.
    func timeProcesses(
        binary: String, stores: [Int: String], peers: [Int: TaskwarriorPeer], now: Moment, only: Set<String>? = nil
    ) throws -> [Int: [String: Measure]] {
        var openIDs: [Int: [Int]] = [:]
        for (size, store) in stores { openIDs[size] = try openTaskIDs(store: store, now: now) }
        var results: [Int: [String: Measure]] = [:]
        let commands: [(name: String, shade: (Int) -> [String], task: [String]?)] = [
            ("--version", { _ in ["--version"] }, nil),
            // Alone first: no resident process has been started yet to share the machine with them.
            (BenchReport.alone("add"), { _ in ["add", "Bench task"] }, nil),
            (BenchReport.alone("done"), { size in ["done", String(openIDs[size, default: []].removeLast())] }, nil),
            // One task of the week the changes go to, read: the part of a change that reads its week.
            (BenchReport.alone("show"), { size in ["show", String(openIDs[size, default: []].first ?? 1)] }, nil),
            (BenchReport.alone("day"), { _ in ["day"] }, nil),
            ("add", { _ in ["add", "Bench task"] }, ["add", "Bench task", "due:2026-11-23T09:00"]),
            ("done", { size in ["done", String(openIDs[size, default: []].removeLast())] }, ["done"]),
            ("day", { _ in ["day"] }, nil),
            ("week", { _ in ["week"] }, ["due.after:2026-11-22", "due.before:2026-11-30", "list"]),
            ("plan", { _ in ["plan"] }, nil),
            (BenchReport.alone("week"), { _ in ["week"] }, nil),
            (BenchReport.alone("plan"), { _ in ["plan"] }, nil),
            ("stats", { _ in ["stats"] }, nil),
            ("stats --all", { _ in ["stats", "--all"] }, nil),
            ("stats --by month", { _ in ["stats", "--by", "month"] }, nil),
            ("chart year", { _ in ["chart", "year"] }, nil),
            ("report", { _ in ["report", "--html", dir + "/report.html"] }, nil),
            (BenchReport.alone("goals"), { _ in ["goals"] }, nil),
            (BenchReport.alone("goal show"), { _ in ["goal", "show", "g1"] }, nil),
            (BenchReport.alone("history"), { _ in ["history"] }, nil),
        ]
        // Each command's repetitions run together, in the order above; the rows `only` names run
        // interleaved instead (each repetition runs every one of them), so that a neighbour's busy
        // spell on this shared machine falls on the ratio's both sides alike. Interleaved, each
        // repetition runs them in an order of its own (a shuffle, the same from one bench run to
        // the next). In one fixed order, `--version` ran after another `--version` at three sizes
        // of four, and each change after a change: `--version` at 1k, the one run after a `show`,
        // took 0.24 and 0.46 ms longer than at 1M in two runs, and each change's ratio climbed
        // from 1.37–1.41× at 1k to 1.44–1.54× at 1M; shuffled, `--version` was within 0.07 ms at
        // every size and the ratios within 1.40–1.48× (the same binary, runs alternated).
        let groups = only.map { only in [commands.filter { only.contains($0.name) }] } ?? commands.map { [$0] }
        var order = SplitMix64(seed: 0x5EED)
        for group in groups {
            var shadeRuns: [String: [Int: [ProcessRun]]] = [:]
            var taskRuns: [String: [Int: [ProcessRun]]] = [:]
            let runs = group.flatMap { command in sizes.map { (command: command, size: $0) } }
            for _ in 0...reps {
                for (command, size) in group.count > 1 ? runs.shuffled(using: &order) : runs {
                    let arguments = command.shade(size)
                    let run = ProcessTimer.run(
                        [binary] + arguments,
                        environment: environment(
                            store: stores[size, default: ""], resident: !BenchReport.isAlone(command.name)))
                    try check([run], arguments)
                    shadeRuns[command.name, default: [:]][size, default: []].append(run)
                    if let peer = peers[size], var words = command.task {
                        // `task N done` takes a working-set number; any pending one will do.
                        if words == ["done"] { words = ["\(Int.random(in: 1...500))", "done"] }
                        let run = ProcessTimer.run([peer.binary] + words, environment: peer.environment)
                        taskRuns[command.name, default: [:]][size, default: []].append(run)
                    }
                }
            }
            for command in group {
                for size in sizes {
                    // The first run of each is a warm-up; memory is measured on one more run.
                    let env = environment(
                        store: stores[size, default: ""], resident: !BenchReport.isAlone(command.name))
                    let peak = ProcessTimer.peakKiB([binary] + command.shade(size), environment: env, scratch: dir)
                    let runs = shadeRuns[command.name]?[size, default: []].dropFirst() ?? []
                    let peer = taskRuns[command.name]?[size].map { Array($0.dropFirst()) } ?? []
                    results[size, default: [:]][command.name] = Measure(
                        seconds: Statistics.median(runs.map(\.seconds)),
                        peakMiB: Double(peak ?? runs.map(\.peakKiB).max() ?? 0) / 1024,
                        peerSeconds: peer.isEmpty ? nil : Statistics.median(peer.map(\.seconds)))
                }
            }
        }
        return results
    }

    /// The median time json-c alone takes to parse and free a file (one warm-up first).
    func timeJSONCParse(of path: String) throws -> Double {
        guard let file = fopen(path, "rb") else { throw BenchError.failed("cannot read \(path)") }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = fread(&buffer, 1, buffer.count, file)
            if count <= 0 { break }
            bytes += buffer[0..<count]
        }
        fclose(file)
        var samples: [Double] = []
        for index in 0...reps {
            let start = MonotonicClock.seconds
            guard JSONParser.parsesWithJSONCAlone(bytes) else { throw BenchError.failed("json-c refused \(path)") }
            if index > 0 { samples.append(MonotonicClock.seconds - start) }
        }
        return Statistics.median(samples)
    }

    /// p50 and p99 of one bare `fdatasync` of a new 4 KB file just written, in `directory`'s file
    /// system (a new file, as every save writes one): what one flush costs here, on its own after
    /// the REPL, for information — back to back (as the REPL write bar's yardstick is timed, between
    /// the lines it judges), and each after a sleep of `BareFlush.sleep`.
    func timeFdatasync(in directory: String) throws -> (
        backToBack: (p50: Double, p99: Double), afterSleep: (p50: Double, p99: Double)
    ) {
        let backToBack = try timedRuns { _ in try BareFlush.newFile(in: directory) }
        let afterSleep = try timedRuns { _ in
            BareFlush.rest()
            return try BareFlush.newFile(in: directory)
        }
        return (Statistics.tail(backToBack), Statistics.tail(afterSleep))
    }

    /// How many lines of a command that writes run between two runs of the REPL write bar's
    /// yardstick, and how many bare flushes each of those runs times back to back: chunks short
    /// enough that the lines and the flushes they are judged against share the disk's minute
    /// (its p99 moves by more than the bar from one minute to the next), long enough that the
    /// flushes stay back to back.
    static let yardstickChunk = 10

    /// How many runs of each REPL line or bare flush go first, untimed.
    static let warmUps = 5

    /// Whether run `index` of a `timedRuns` loop is timed (not one of its warm-ups).
    static func isTimed(_ index: Int) -> Bool { index >= warmUps }

    /// The seconds `body` returns for each of `replRuns` runs, after `warmUps` runs whose seconds
    /// are dropped; `body` gets the run's index.
    func timedRuns(_ body: (Int) throws -> Double) rethrows -> [Double] {
        try (0..<(Self.warmUps + replRuns)).compactMap { index in
            let seconds = try body(index)
            return Self.isTimed(index) ? seconds : nil
        }
    }

    /// p50 and p99 of commands run in-process by the REPL's own engine, with what the REPL does
    /// while it waits for a line run between them, untimed; for a command that writes, also the
    /// REPL write bar's yardstick, timed in chunks between its lines (`yardstickChunk`), under
    /// `BenchReport.yardstick(command)`.
    ///
    /// For information, the commands that write are then timed again as a person meets them:
    /// each line after a sleep of `BareFlush.sleep` (the REPL's idle work done first), and after
    /// each line, each after the same sleep, one bare flush of each kind (`BareFlush`), which goes
    /// first alternating line by line — so that a write can be compared with flushes of this disk
    /// in the same state and the same seconds. These come back under
    /// `BenchReport.afterSleep(command)` and `BenchReport.bareAfterSleep(command, kind)`.
    func timeREPL(store: String, now: Moment) throws -> [String: (p50: Double, p99: Double)] {
        var variables: [String: String] = [:]
        for entry in environment(store: store) {
            let parts = entry.split(separator: "=", maxSplits: 1)
            variables[String(parts[0])] = String(parts[1])
        }
        let engine = try CommandEngine(environment: ShadeEnvironment(variables: variables))
        let ids = Array(try openTaskIDs(store: store, now: now).prefix(20))
        var results: [String: (p50: Double, p99: Double)] = [:]
        var toggle = 0
        let commands: [(String, () -> String)] = [
            ("day", { "day" }), ("week", { "week" }), ("stats", { "stats" }), ("ls", { "ls" }),
            ("add", { "add REPL task" }),
            (
                "done/undone",
                {
                    toggle += 1
                    let id = ids[toggle % ids.count]
                    return (toggle / ids.count) % 2 == 0 ? "done \(id)" : "undone \(id)"
                }
            ),
        ]
        // A line's time, and of it the time its redo-log frame's flush took (zero for a read).
        func timed(_ text: String) throws -> (seconds: Double, flush: Double) {
            let flushed = Store.frameFlushSeconds
            let start = MonotonicClock.seconds
            let result = engine.run(text)
            let elapsed = MonotonicClock.seconds - start
            let flush = Store.frameFlushSeconds - flushed
            guard result.status == 0 else { throw BenchError.failed("REPL \(text) exited \(result.status)") }
            return (elapsed, flush)
        }
        let writes = Set(BenchReport.replWrites)
        for (name, line) in commands {
            var flushes: [Double] = []
            var work: [Double] = []
            var yardstick: [Double] = []
            let samples = try timedRuns { index in
                let run = try timed(line())
                // What the REPL does while the next line is typed, untimed as there.
                engine.idle()
                if Self.isTimed(index) {
                    flushes.append(run.flush)
                    work.append(run.seconds - run.flush)
                }
                // The bar's yardstick, in the same minutes as the lines it judges: after every
                // `yardstickChunk` lines of a command that writes, as many bare flushes back to back,
                // on their own — the file system flushed first and one flush made untimed, so that
                // none of them pays for what the REPL's idle work left unwritten.
                if writes.contains(name), (index + 1) % Self.yardstickChunk == 0 {
                    try BareFlush.settle(directory: dir)
                    for _ in 0..<Self.yardstickChunk {
                        let seconds = try BareFlush.newFile(in: dir)
                        if Self.isTimed(index) { yardstick.append(seconds) }
                    }
                }
                return run.seconds
            }
            results[name] = Statistics.tail(samples)
            if writes.contains(name) {
                results[BenchReport.frameFlush(name)] = Statistics.tail(flushes)
                results[BenchReport.lineWork(name)] = Statistics.tail(work)
                results[BenchReport.yardstick(name)] = Statistics.tail(yardstick)
            }
        }
        let inPlace = try BareFlush.InPlaceFile(in: dir)
        for (name, line) in commands where writes.contains(name) {
            var bare: [BareFlush.Kind: [Double]] = [:]
            let samples = try timedRuns { index in
                engine.idle()
                BareFlush.rest()
                let elapsed = try timed(line()).seconds
                let kinds: [BareFlush.Kind] = index % 2 == 0 ? [.newFile, .inPlace] : [.inPlace, .newFile]
                for kind in kinds {
                    BareFlush.rest()
                    let seconds = try kind == .newFile ? BareFlush.newFile(in: dir) : inPlace.flush()
                    if Self.isTimed(index) { bare[kind, default: []].append(seconds) }
                }
                return elapsed
            }
            results[BenchReport.afterSleep(name)] = Statistics.tail(samples)
            for (kind, seconds) in bare {
                results[BenchReport.bareAfterSleep(name, kind)] = Statistics.tail(seconds)
            }
        }
        return results
    }

    /// A piped script of `lines` adds on a fresh store, planned forward from today at the
    /// history's density (about 14 a day, 100 a week); checks every add is there afterwards.
    func timeScript(binary: String, lines: Int, start: CivilDate) throws -> (lines: Int, seconds: Double, durable: Bool)
    {
        let store = "\(dir)/script-\(lines)"
        _ = ProcessTimer.run(["/bin/rm", "-rf", store], environment: [])
        let script = "\(dir)/script-\(lines).shade"
        let slots = ["morning", "afternoon", "evening"]
        try BenchFiles.write(
            (0..<lines).map { "add \(start.adding(days: $0 / 14)) \(slots[$0 % 3]) Script task \($0)" }.joined(
                separator: "\n")
                + "\n",
            to: script)
        let run = ProcessTimer.run([binary], environment: environment(store: store), stdin: script)
        try check([run], ["<", script])
        let count = try Store(directory: store).read { state in try state.allTasks().count }
        return (lines, run.seconds, count == lines)
    }

    /// A week of 50 repeat rules against one of 50 plain tasks, and a daily rule ten years on:
    /// each store made through shade's own commands, each view timed as a whole process (median
    /// of `reps` after a warm-up, which also numbers the week's occurrences).
    func timeRepeats(binary: String, start: CivilDate) throws -> [(String, Double)] {
        let rules = ["day", "weekday", "week", "mon,wed,fri", "2weeks", "weekend", "tue,thu"]
        let slots = ["morning", "afternoon", "evening"]
        let monday = start.isoWeek.monday
        let plain = (0..<50).map { "add \(monday.adding(days: $0 % 7)) \(slots[$0 % 3]) Plain task \($0)" }
        let repeating = (0..<50).map {
            "add \(monday.adding(days: $0 % 7)) \(slots[$0 % 3]) Rule \($0) every:\(rules[$0 % rules.count])"
        }
        let tenYears = ["add \(monday) morning Journal every:day"]
        var results: [(String, Double)] = []
        let later = start.isoWeek.adding(weeks: 522)
        for (name, lines, views) in [
            ("50 plain tasks", plain, [["week"], ["day"]]), ("50 repeat rules", repeating, [["week"], ["day"]]),
            (
                "a daily rule, ten years on", tenYears,
                [["week", later.description], ["day", later.monday.description]]
            ),
        ] {
            let store = "\(dir)/repeats-\(name.filter(\.isLetter))"
            _ = ProcessTimer.run(["/bin/rm", "-rf", store], environment: [])
            let script = store + ".shade"
            try BenchFiles.write(lines.joined(separator: "\n") + "\n", to: script)
            try check(
                [ProcessTimer.run([binary], environment: environment(store: store), stdin: script)], ["<", script])
            for command in views {
                let runs = (0...reps).map { _ in
                    ProcessTimer.run([binary] + command, environment: environment(store: store))
                }
                try check(runs, command)
                results.append(
                    ("\(name): `\(command.joined(separator: " "))`", Statistics.median(runs.dropFirst().map(\.seconds)))
                )
            }
        }
        return results
    }

    // MARK: Helpers

    /// This program's absolute path.
    static func ownPath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        return count > 0
            ? String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments[0]
    }

    static func siblingBinary() -> String {
        let own = ownPath()
        guard let slash = own.lastIndex(of: "/") else { return "./shade" }
        return String(own[..<slash]) + "/shade"
    }

    func log(_ text: String) {
        var line = "· " + text + "\n"
        line.withUTF8 { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }
}

/// One command's measurement at one size.
struct Measure {
    let seconds: Double
    let peakMiB: Double
    let peerSeconds: Double?
}
