/// Fixed-point formatting without Foundation.
enum Format {
    static func fixed(_ value: Double, _ decimals: Int) -> String {
        guard value.isFinite else { return "—" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let rounded = (abs(value) * scale).rounded()
        let whole = Int(rounded / scale)
        var text = (value < 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let fraction = String(Int(rounded) - whole * Int(scale))
            text += "." + String(repeating: "0", count: decimals - fraction.count) + fraction
        }
        return text
    }

    static func ms(_ seconds: Double) -> String { fixed(seconds * 1000, seconds < 0.1 ? 2 : 1) }

    static func size(_ tasks: Int) -> String {
        tasks >= 1_000_000 ? "\(tasks / 1_000_000)M" : tasks >= 1_000 ? "\(tasks / 1_000)k" : String(tasks)
    }

    static func ratio(_ value: Double) -> String { fixed(value, 2) + "×" }
}

/// Collects measurements and prints them as Markdown with each target marked met or not.
struct BenchReport {
    let sizes: [Int]
    let reps: Int
    let smoke: Bool
    let binary: String
    var processes: [Int: [String: Measure]] = [:]
    var repl: [Int: [String: (p50: Double, p99: Double)]] = [:]
    var dense: [(String, Double)] = []
    /// Views of weeks of repeat rules and of plain tasks (median seconds).
    var repeats: [(String, Double)] = []
    var denseSize = 0
    /// json-c alone parsing and freeing the dense week's file (median seconds).
    var denseParse = Double.nan
    /// One bare `fdatasync` of a new 4 KB file in the store's file system, timed on its own after
    /// the REPL, back to back (p50, p99 seconds), for information: the REPL write bar is judged
    /// against the same flushes timed between each command's lines, under `yardstick(command)`.
    var flush: (p50: Double, p99: Double) = (.nan, .nan)
    /// The same, each after a sleep of `BareFlush.sleep`, for information. The ones timed between
    /// the REPL's writes after the same sleep are in `repl`, under `bareAfterSleep(command, kind)`.
    var flushAfterSleep: (p50: Double, p99: Double) = (.nan, .nan)
    /// How many flushes each of those is timed from.
    var flushRuns = 0
    var scripts: [(lines: Int, seconds: Double, durable: Bool)] = []
    var benchPeakMiB = 0.0
    /// Import and export at each size, beside Taskwarrior (`InterchangeBench`).
    var interchange: [(size: Int, measures: [String: InterchangeMeasure])] = []
    /// `sync` beside `git pull` at each size (`SyncBench`).
    var sync: [(size: Int, rows: [String: Double])] = []

    /// The commands the REPL is timed with (`ShadeBench.timeREPL`), and those of them that write.
    static let replCommands = ["day", "week", "stats", "ls", "add", "done/undone"]
    static let replWrites = ["add", "done/undone"]

    /// The key of a command that writes timed with each line after a sleep (the child's output
    /// names it so).
    static func afterSleep(_ command: String) -> String { "\(command) after a sleep" }

    /// The key of what, of a command's back-to-back lines, their redo-log frames' flushes took
    /// (`Store.frameFlushSeconds`), and of what the rest of each line took (its own work).
    static func frameFlush(_ command: String) -> String { "\(command): its frame's flush" }
    static func lineWork(_ command: String) -> String { "\(command): the rest of the line" }

    /// The key of the REPL write bar's yardstick for a command: bare flushes of a new 4 KB file,
    /// back to back, timed in chunks between that command's lines (`ShadeBench.yardstickChunk`).
    static func yardstick(_ command: String) -> String {
        "bare fdatasync (a new file) back to back between the \(command) lines"
    }

    /// The key of the bare flushes of a kind timed, each after a sleep, between those lines.
    static func bareAfterSleep(_ command: String, _ kind: BareFlush.Kind) -> String {
        "bare fdatasync (\(kind.name)) after a sleep between the \(command) lines"
    }

    /// The sleep, as the report names it.
    static var sleep: String { "\(Format.fixed(BareFlush.sleep * 1000, 0)) ms" }

    static let commands = [
        "--version", "add", "done", alone("add"), alone("done"), alone("show"), alone("day"), "day", "week", "plan",
        alone("week"),
        alone("plan"), "stats", "stats --all",
        "stats --by month", "chart year", "report", alone("goals"), alone("goal show"), alone("history"),
    ]

    /// The rows `--only-one-shot` times: a change with no resident process, its floor, and a read
    /// of one task of the same week (what every change of that week reads before it writes).
    static let oneShotCommands: Set<String> = ["--version", alone("add"), alone("done"), alone("show")]

    /// The rows `--only-plan` times: `plan` and `week`, with and without a resident process.
    static let planCommands: Set<String> = ["week", "plan", alone("week"), alone("plan")]

    /// The `plan` rows alone (`--only-plan`): each size's median and its ratio to that size's
    /// `week` run the same way (SPEC §16: `plan` on a long history costs about what a week does).
    func planMarkdown() -> [String] {
        var out = [
            "### plan beside week (median of \(reps) after a warm-up, rows and sizes interleaved, each repetition in a shuffled order; ms)",
            "",
        ]
        out.append("| command |" + sizes.map { " \(Format.size($0)) | ÷ week |" }.joined())
        out.append("| --- |" + sizes.map { _ in " ---: | ---: |" }.joined())
        for (command, peer) in [("plan", "week"), (Self.alone("plan"), Self.alone("week"))] {
            var row = "| `\(command)` |"
            for size in sizes {
                guard let value = processes[size]?[command], let week = processes[size]?[peer] else {
                    row += " — | — |"
                    continue
                }
                row += " \(Format.ms(value.seconds)) | \(Format.ratio(value.seconds / week.seconds)) |"
            }
            out.append(row)
        }
        return out
    }

    /// The one-shot rows alone (`--only-one-shot`): each size's median and its ratio to that
    /// size's `--version`, and the bar (≤ 1.5×).
    func oneShotMarkdown() -> [String] {
        var out = [
            "### One-shot changes, no resident process (median of \(reps) after a warm-up, rows and sizes interleaved, each repetition in a shuffled order; ms)",
            "",
        ]
        out.append("| command |" + sizes.map { " \(Format.size($0)) | ÷ --version |" }.joined())
        out.append("| --- |" + sizes.map { _ in " ---: | ---: |" }.joined())
        for command in BenchReport.commands where BenchReport.oneShotCommands.contains(command) {
            var row = "| `\(command)` |"
            for size in sizes {
                guard let value = processes[size]?[command], let floor = processes[size]?["--version"] else {
                    row += " — | — |"
                    continue
                }
                row += " \(Format.ms(value.seconds)) | \(Format.ratio(value.seconds / floor.seconds)) |"
            }
            out.append(row)
        }
        out.append("")
        for size in sizes {
            guard let floor = processes[size]?["--version"] else { continue }
            for command in ["add", "done"] {
                guard let value = processes[size]?[BenchReport.alone(command)] else { continue }
                let ratio = value.seconds / floor.seconds
                out.append(
                    "- one-shot change, `\(command)` alone at \(Format.size(size)) ÷ `--version`: \(Format.ratio(ratio)) (≤ 1.5×) — \(mark(ratio <= 1.5))"
                )
            }
        }
        return out
    }

    /// The name of a command's row when it runs on its own (`SHADE_RESIDENT=off`): every other
    /// row's commands may be handed to the store's resident process.
    static func alone(_ command: String) -> String { command + ", alone" }

    /// Whether a row's commands run on their own.
    static func isAlone(_ name: String) -> Bool { name.hasSuffix(", alone") }

    /// The peak resident memory of each size's resident process (MiB), when one ran.
    var residentPeakMiB: [Int: Double] = [:]

    func markdown() -> String {
        var out: [String] = []
        out.append("### One-shot commands (median of \(reps) after a warm-up, sizes interleaved run by run; ms)")
        out.append("")
        out.append(
            "Each command may be handed to its store's resident process (a runtime folder is set, as in a login session); a row marked `alone` runs every command on its own (`SHADE_RESIDENT=off`)."
        )
        out.append("")
        var header = "| command |"
        var rule = "| --- |"
        for size in sizes {
            header += " \(Format.size(size)) |"
            rule += " ---: |"
        }
        if let first = sizes.first, let last = sizes.last, first != last {
            header += " \(Format.size(last)) ÷ \(Format.size(first)) |"
            rule += " ---: |"
        }
        if let big = sizes.first(where: { $0 == 100_000 }) ?? sizes.last {
            header += " \(Format.size(big)) ÷ --version |"
            rule += " ---: |"
        }
        out += [header, rule]
        let reference = sizes.first(where: { $0 == 100_000 }) ?? sizes.last ?? 0
        for command in BenchReport.commands {
            var row = "| `\(command)` |"
            for size in sizes { row += " \(processes[size]?[command].map { Format.ms($0.seconds) } ?? "—") |" }
            if let first = sizes.first, let last = sizes.last, first != last,
                let a = processes[first]?[command], let b = processes[last]?[command]
            {
                row += " \(Format.ratio(b.seconds / a.seconds)) |"
            }
            if let floor = processes[reference]?["--version"], let value = processes[reference]?[command] {
                row += " \(Format.ratio(value.seconds / floor.seconds)) |"
            }
            out.append(row)
        }
        out.append("")
        out.append(
            "Peak resident memory of one command (MiB, measured with GNU time, whose own size is what the kernel starts a child's count from; without it, from wait4, where the timing process's \(Format.fixed(benchPeakMiB, 1)) MiB is the floor):"
        )
        out.append("")
        out.append("| command |" + sizes.map { " \(Format.size($0)) |" }.joined())
        out.append("| --- |" + sizes.map { _ in " ---: |" }.joined())
        for command in BenchReport.commands {
            out.append(
                "| `\(command)` |"
                    + sizes.map { " \(processes[$0]?[command].map { Format.fixed($0.peakMiB, 1) } ?? "—") |" }.joined())
        }
        if !residentPeakMiB.isEmpty {
            out.append("")
            out.append(
                "Peak resident memory of the store's resident process after all of the above (MiB): "
                    + sizes.map { "\(Format.size($0)) \(residentPeakMiB[$0].map { Format.fixed($0, 1) } ?? "—")" }
                    .joined(separator: ", ") + ".")
        }
        let peerRows = sizes.flatMap { size in
            ["add", "done", "week"].compactMap { command -> String? in
                guard let measure = processes[size]?[command], let peer = measure.peerSeconds else { return nil }
                let task =
                    command == "week"
                    ? "task due.after:… due.before:… list" : command == "done" ? "task N done" : "task add"
                return
                    "| \(Format.size(size)) | `\(command)` / `\(task)` | \(Format.ms(measure.seconds)) | \(Format.ms(peer)) | \(Format.ratio(peer / measure.seconds)) |"
            }
        }
        if !peerRows.isEmpty {
            out.append("")
            out.append("### Against Taskwarrior 2.6 (same tasks, same run, alternating; median ms)")
            out.append("")
            out.append("| tasks | shade / task | shade | task | task ÷ shade |")
            out.append("| ---: | --- | ---: | ---: | ---: |")
            out += peerRows
        }
        out.append("")
        out.append("### REPL, in-process per command (ms, p50 / p99)")
        out.append("")
        out.append(
            "Each command's lines run back to back, with what the REPL does while it waits for a line (its idle work) run between them, untimed; after every \(ShadeBench.yardstickChunk) lines of a command that writes, \(ShadeBench.yardstickChunk) bare flushes of a new 4 KB file are timed back to back (the file system flushed first and one flush made, untimed), the yardstick its REPL write bar is judged against (the same disk, the same minutes). The rows for information time each line of a command that writes after a \(BenchReport.sleep) sleep (idle work done first), and bare flushes each after the same sleep."
        )
        out.append("")
        out.append("| command |" + sizes.map { " \(Format.size($0)) |" }.joined())
        out.append("| --- |" + sizes.map { _ in " ---: |" }.joined())
        let cells = { (key: String) in
            self.sizes.map { size in
                self.repl[size]?[key].map {
                    " \(Format.fixed($0.p50 * 1000, 3)) / \(Format.fixed($0.p99 * 1000, 3)) |"
                } ?? " — |"
            }.joined()
        }
        for command in BenchReport.replCommands {
            out.append("| `\(command)` |" + cells(command))
        }
        for command in BenchReport.replWrites {
            out.append(
                "| `\(command)`, for information: of those lines, the flush of the redo-log frame that acknowledges each |"
                    + cells(BenchReport.frameFlush(command)))
            out.append(
                "| `\(command)`, for information: of those lines, the rest of each line (its own work) |"
                    + cells(BenchReport.lineWork(command)))
            out.append(
                "| bare `fdatasync` of a new 4 KB file, back to back, \(ShadeBench.yardstickChunk) after every \(ShadeBench.yardstickChunk) of those `\(command)` lines (the bar's yardstick for them) |"
                    + cells(BenchReport.yardstick(command)))
        }
        for command in BenchReport.replWrites {
            out.append(
                "| `\(command)`, for information: each line after a \(BenchReport.sleep) sleep |"
                    + cells(BenchReport.afterSleep(command)))
        }
        for (kind, command) in BareFlush.Kind.allCases.flatMap({ kind in
            BenchReport.replWrites.map { (kind, $0) }
        }) {
            out.append(
                "| bare `fdatasync` of \(kind.file), each after a \(BenchReport.sleep) sleep, between those `\(command)` lines |"
                    + cells(BenchReport.bareAfterSleep(command, kind)))
        }
        let rest = String(repeating: " |", count: max(0, sizes.count - 1))
        out.append(
            "| bare `fdatasync` of a new 4 KB file, \(flushRuns) on their own after the REPL, back to back (for information) | \(Format.fixed(flush.p50 * 1000, 3)) / \(Format.fixed(flush.p99 * 1000, 3)) |"
                + rest)
        out.append(
            "| bare `fdatasync` of a new 4 KB file, \(flushRuns) on their own, each after a \(BenchReport.sleep) sleep | \(Format.fixed(flushAfterSleep.p50 * 1000, 3)) / \(Format.fixed(flushAfterSleep.p99 * 1000, 3)) |"
                + rest)
        out.append("")
        out.append("### Dense week: \(denseSize) tasks in one week (median ms)")
        out.append("")
        out.append("| command | ms |")
        out.append("| --- | ---: |")
        for (command, seconds) in dense { out.append("| `\(command)` | \(Format.ms(seconds)) |") }
        out.append("| json-c alone parsing and freeing the week's file | \(Format.ms(denseParse)) |")
        out.append("")
        out.append("### Repeating tasks (median ms of whole processes)")
        out.append("")
        out.append("| view | ms |")
        out.append("| --- | ---: |")
        for (view, seconds) in repeats { out.append("| \(view) | \(Format.ms(seconds)) |") }
        out.append("")
        out.append("### Piped scripts of adds (one run each, fresh store)")
        out.append("")
        out.append("| lines | seconds | per add (ms) | every add there afterwards |")
        out.append("| ---: | ---: | ---: | --- |")
        for script in scripts {
            out.append(
                "| \(script.lines) | \(Format.fixed(script.seconds, 2)) | \(Format.fixed(script.seconds * 1000 / Double(script.lines), 3)) | \(script.durable ? "yes" : "NO") |"
            )
        }
        out.append("")
        out += interchangeMarkdown()
        out += syncMarkdown()
        out.append("### Targets")
        out.append("")
        out += targets()
        out += interchangeTargets()
        return out.joined(separator: "\n") + "\n"
    }

    private func mark(_ met: Bool) -> String { met ? "met" : "**not met**" }

    func targets() -> [String] {
        var lines: [String] = []
        let base = sizes.first ?? 0
        for size in sizes where size >= 100_000 {
            for command in ["add", "done", "day", "week", "stats"] {
                guard let a = processes[base]?[command], let b = processes[size]?[command] else { continue }
                let ratio = b.seconds / a.seconds
                lines.append(
                    "- history independence, `\(command)` at \(Format.size(size)) ÷ \(Format.size(base)): \(Format.ratio(ratio)) (≤ 1.25×) — \(mark(ratio <= 1.25))"
                )
            }
        }
        for size in sizes where size == base || size >= 100_000 {
            guard let floor = processes[size]?["--version"] else { continue }
            for command in ["add", "done", "day", "week", "stats"] {
                // Reads at 100k; writes at every size measured.
                guard size == 100_000 || ["add", "done"].contains(command), let value = processes[size]?[command]
                else { continue }
                let ratio = value.seconds / floor.seconds
                lines.append(
                    "- near the floor, `\(command)` at \(Format.size(size)) ÷ `--version`: \(Format.ratio(ratio)) (≤ 1.5×) — \(mark(ratio <= 1.5))"
                )
            }
        }
        for size in sizes where size == base || size >= 100_000 {
            guard let floor = processes[size]?["--version"] else { continue }
            for command in ["add", "done", "day"] {
                guard size == 100_000 || command != "day", let value = processes[size]?[BenchReport.alone(command)]
                else { continue }
                let ratio = value.seconds / floor.seconds
                // A change on its own has a bar (SPEC §17); a view alone is for comparison.
                let bar = command == "day" ? "" : " (≤ 1.5×) — \(mark(ratio <= 1.5))"
                lines.append(
                    "- `\(command)` alone (no resident process) at \(Format.size(size)) ÷ `--version`: \(Format.ratio(ratio))\(bar)"
                )
            }
        }
        for size in sizes {
            for command in BenchReport.replWrites {
                let cell = "REPL write p99, `\(command)` at \(Format.size(size)) ÷ a bare fdatasync's p99"
                guard let value = repl[size]?[command], let yardstick = repl[size]?[BenchReport.yardstick(command)],
                    yardstick.p99.isFinite
                else {
                    lines.append("- \(cell): not measured — **not met**")
                    continue
                }
                let ratio = value.p99 / yardstick.p99
                // Beside it, for information: the flushes timed on their own after the REPL; the
                // same writes as a person meets them, each line after a sleep, against flushes
                // after the same sleep — on their own, and between those lines (the same seconds of
                // the disk), of a new file and in place (as a frame is); and what the write takes
                // beyond an in-place flush, at p50.
                var information: [String] = []
                if flush.p99.isFinite {
                    information.append(
                        "÷ the same flushes timed on their own after the REPL: \(Format.fixed(value.p99 * 1000, 3)) ÷ \(Format.fixed(flush.p99 * 1000, 3)) ms = \(Format.ratio(value.p99 / flush.p99))"
                    )
                }
                if let flushed = repl[size]?[BenchReport.frameFlush(command)],
                    let work = repl[size]?[BenchReport.lineWork(command)]
                {
                    information.append(
                        "of those lines, the frame's flush p99 \(Format.fixed(flushed.p99 * 1000, 3)) ms (\(Format.ratio(flushed.p99 / yardstick.p99)) the yardstick's), the rest p99 \(Format.fixed(work.p99 * 1000, 3)) ms"
                    )
                }
                if let slept = repl[size]?[BenchReport.afterSleep(command)] {
                    let alone =
                        flushAfterSleep.p99.isFinite
                        ? "\(Format.fixed(slept.p99 * 1000, 3)) ÷ \(Format.fixed(flushAfterSleep.p99 * 1000, 3)) ms = \(Format.ratio(slept.p99 / flushAfterSleep.p99))"
                        : "not measured"
                    information.append(
                        "each line after a \(BenchReport.sleep) sleep, p99 ÷ that of a new file's flush on its own after the same sleep: \(alone)"
                    )
                    let between = BareFlush.Kind.allCases.compactMap { kind -> String? in
                        repl[size]?[BenchReport.bareAfterSleep(command, kind)].map {
                            "\(kind.name) \(Format.ratio(slept.p99 / $0.p99))"
                        }
                    }
                    if !between.isEmpty {
                        information.append("÷ those timed between its lines: " + between.joined(separator: ", "))
                    }
                    if let inPlace = repl[size]?[BenchReport.bareAfterSleep(command, .inPlace)] {
                        information.append(
                            "p50 beyond an in-place flush's: \(Format.fixed((slept.p50 - inPlace.p50) * 1000, 3)) ms")
                    }
                } else {
                    information.append("each line after a \(BenchReport.sleep) sleep: not measured")
                }
                let beside = "; for information, not judged: " + information.joined(separator: "; ")
                lines.append(
                    "- \(cell) (a new 4 KB file, back to back, timed between those lines): \(Format.fixed(value.p99 * 1000, 3)) ÷ \(Format.fixed(yardstick.p99 * 1000, 3)) ms = \(Format.ratio(ratio)) (≤ 2×) — \(mark(ratio <= 2))\(beside)"
                )
            }
        }
        for (size, bar) in [(100_000, 20.0), (10_000, 5.0)] {
            for command in ["add", "done", "week"] {
                guard let measure = processes[size]?[command], let peer = measure.peerSeconds else { continue }
                let ratio = peer / measure.seconds
                lines.append(
                    "- vs Taskwarrior, `\(command)` at \(Format.size(size)): \(Format.ratio(ratio)) faster (≥ \(Format.fixed(bar, 0))×) — \(mark(ratio >= bar))"
                )
            }
        }
        // A year by month is read from the week-year summaries: it costs what a week does, at any size.
        for size in sizes where size >= 100_000 {
            guard let week = processes[size]?["week"] else { continue }
            for command in ["stats --by month", "chart year"] {
                guard let value = processes[size]?[command] else { continue }
                let ratio = value.seconds / week.seconds
                lines.append(
                    "- a year as cheap as a week, `\(command)` ÷ `week` at \(Format.size(size)): \(Format.ratio(ratio)) (≤ 1.25×) — \(mark(ratio <= 1.25))"
                )
            }
        }
        for (size, limit) in [(100_000, 0.050), (1_000_000, 0.200)] {
            guard let value = processes[size]?["stats --all"] else { continue }
            lines.append(
                "- `stats --all` at \(Format.size(size)): \(Format.ms(value.seconds)) ms (< \(Format.ms(limit)) ms) — \(mark(value.seconds < limit))"
            )
        }
        if let small = processes[base], let large = processes[1_000_000] {
            let worst =
                BenchReport.commands.filter { $0 != "--version" }.compactMap { command -> Double? in
                    guard let a = small[command], let b = large[command], a.peakMiB > 0 else { return nil }
                    return b.peakMiB / a.peakMiB
                }.max() ?? .nan
            lines.append(
                "- memory, worst one-shot peak RSS at 1M ÷ at \(Format.size(base)): \(Format.ratio(worst)) (≤ 1.5×) — \(mark(worst <= 1.5))"
            )
        }
        if let repl = repl[100_000] {
            // The commands as timed back to back only: not the rows for information.
            let worst = BenchReport.replCommands.compactMap { repl[$0]?.p99 }.max() ?? .nan
            lines.append(
                "- REPL p99 at 100k, worst command: \(Format.fixed(worst * 1000, 3)) ms (< 2 ms) — \(mark(worst < 0.002))"
            )
        }
        if scripts.count == 2 {
            let ratio = scripts[1].seconds / scripts[0].seconds
            lines.append(
                "- scripts, \(scripts[1].lines) lines ÷ \(scripts[0].lines) lines: \(Format.ratio(ratio)) (≤ 2.2×) — \(mark(ratio <= 2.2)); every add durable: \(scripts.allSatisfy(\.durable) ? "yes" : "NO")"
            )
        }
        for (command, seconds) in dense {
            lines.append(
                "- dense week of \(denseSize), `\(command)`: \(Format.ms(seconds)) ms (< 100 ms) — \(mark(seconds < 0.1))"
            )
        }
        for view in ["week", "day"] {
            if let rules = repeats.first(where: { $0.0 == "50 repeat rules: `\(view)`" })?.1,
                let plain = repeats.first(where: { $0.0 == "50 plain tasks: `\(view)`" })?.1
            {
                let ratio = rules / plain
                lines.append(
                    "- a week of 50 repeat rules ÷ one of 50 plain tasks, `\(view)`: \(Format.ms(rules)) ÷ \(Format.ms(plain)) ms = \(Format.ratio(ratio)) (≤ 1.1×) — \(mark(ratio <= 1.1))"
                )
            }
        }
        if let day = dense.first(where: { $0.0 == "day" })?.1, denseParse.isFinite {
            let ratio = day / denseParse
            lines.append(
                "- dense week of \(denseSize), `day` ÷ json-c alone parsing its file: \(Format.ms(day)) ÷ \(Format.ms(denseParse)) ms = \(Format.ratio(ratio)) (≤ 2×) — \(mark(ratio <= 2))"
            )
        }
        if let script = scripts.first(where: { $0.lines == 10_000 }) {
            // Format 2 flushed eight times a change: 65.93 s for this script (README, that run).
            let speedup = 65.93 / script.seconds
            lines.append(
                "- a piped script of 10,000 adds: \(Format.fixed(script.seconds, 2)) s, \(Format.ratio(speedup)) faster than 65.93 s (≥ 3×) — \(mark(speedup >= 3))"
            )
        }
        return lines
    }
}
