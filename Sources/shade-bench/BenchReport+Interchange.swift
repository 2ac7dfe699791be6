/// The interchange section of the report: import and export at each size beside Taskwarrior, the
/// slope of each (time at 10× the size ÷ time at 1×; 10 is linear) and the peak memory.
extension BenchReport {
    func interchangeMarkdown() -> [String] {
        guard !interchange.isEmpty else { return [] }
        var out = ["### Import and export beside Taskwarrior (median seconds; peak MiB)", ""]
        out.append(
            "Each import goes into an empty planner (Taskwarrior: an empty data directory); each export prints the planner just imported. Every command runs alone (`SHADE_RESIDENT=off`); the peak is GNU time's."
        )
        out.append("")
        out += Self.tableHead(
            "command",
            interchange.map { Format.size($0.size) }
                + slopePairs.map { "slope \(Format.size($0.1)) ÷ \(Format.size($0.0))" })
        for command in InterchangeBench.commands where interchange.contains(where: { $0.measures[command] != nil }) {
            var row = "| `\(command)` |"
            for entry in interchange {
                if let status = entry.measures[command]?.failed {
                    row += " failed (exit \(status)) |"
                } else if let measure = entry.measures[command] {
                    let peak = measure.peakMiB.map { " (\(Format.fixed($0, 0)) MiB)" } ?? ""
                    row += " \(Format.fixed(measure.seconds, measure.seconds < 1 ? 3 : 2))\(peak) |"
                } else {
                    row += " — |"
                }
            }
            for pair in slopePairs { row += " \(slope(command, pair).map { Format.fixed($0, 2) } ?? "—") |" }
            out.append(row)
        }
        out.append("")
        return out
    }

    func syncMarkdown() -> [String] {
        guard !sync.isEmpty else { return [] }
        var out = ["### Sync beside git pull (median ms)", ""]
        out.append(
            "A planner of N tasks shared through a bare repository: a shade copy and a plain `git clone` receive the same commits (another copy's 100 `add`s, sent with one `sync`, timed too)."
        )
        out.append("")
        out += Self.tableHead("", sync.map { Format.size($0.size) })
        for row in SyncBench.rows {
            out.append(
                "| \(row) |" + sync.map { " \($0.rows[row].map { Format.ms($0) } ?? "—") |" }.joined())
        }
        out.append("")
        return out
    }

    /// A Markdown table's header and rule: a first column of names, then right-aligned ones.
    static func tableHead(_ first: String, _ columns: [String]) -> [String] {
        [
            "| \(first) |" + columns.map { " \($0) |" }.joined(),
            "| --- |" + String(repeating: " ---: |", count: columns.count),
        ]
    }

    /// Each pair of measured sizes ten times apart.
    var slopePairs: [(Int, Int)] {
        let sizes = interchange.map(\.size)
        return sizes.compactMap { size in sizes.contains(size * 10) ? (size, size * 10) : nil }
    }

    func measure(_ command: String, _ size: Int) -> InterchangeMeasure? {
        interchange.first { $0.size == size }?.measures[command]
    }

    func slope(_ command: String, _ pair: (Int, Int)) -> Double? {
        guard let small = measure(command, pair.0), let large = measure(command, pair.1),
            small.failed == nil, large.failed == nil
        else { return nil }
        return large.seconds / small.seconds
    }

    func interchangeTargets() -> [String] {
        var lines: [String] = []
        // The same goals on a planner a hundred times larger (SPEC §17).
        if let base = sizes.first, let large = sizes.first(where: { $0 == base * 100 }) {
            for command in ["goals", "goal show", "history"].map(BenchReport.alone) {
                guard let a = processes[base]?[command], let b = processes[large]?[command] else { continue }
                let ratio = b.seconds / a.seconds
                lines.append(
                    "- the same goals, `\(command)` at \(Format.size(large)) ÷ \(Format.size(base)): \(Format.ratio(ratio)) (≤ 1.25×) — \(ratio <= 1.25 ? "met" : "**not met**")"
                )
            }
        }
        for size in interchange.map(\.size) where size >= 20_000 {
            if let shade = measure("shade import (taskwarrior)", size), let task = measure("task import", size),
                shade.failed == nil
            {
                let ratio = shade.seconds / task.seconds
                lines.append(
                    "- import of a Taskwarrior export, \(Format.size(size)) tasks: shade ÷ `task import` \(Format.ratio(ratio)) (≤ 1×) — \(ratio <= 1 ? "met" : "**not met**")"
                )
            }
        }
        for pair in slopePairs where pair.0 >= 10_000 {
            for command in InterchangeBench.commands where command.hasPrefix("shade") {
                guard let value = slope(command, pair) else { continue }
                lines.append(
                    "- slope of `\(command)`, \(Format.size(pair.1)) ÷ \(Format.size(pair.0)): \(Format.fixed(value, 2)) (≤ 11.5, 1.15× of linear) — \(value <= 11.5 ? "met" : "**not met**")"
                )
            }
        }
        if let largest = interchange.last, largest.size >= 1_000_000 {
            for command in ["shade import (taskwarrior)", "shade import (csv)", "shade export --format taskwarrior"] {
                guard let peak = largest.measures[command]?.peakMiB else { continue }
                lines.append(
                    "- peak memory of `\(command)`, \(Format.size(largest.size)) tasks: \(Format.fixed(peak, 0)) MiB (≤ 256) — \(peak <= 256 ? "met" : "**not met**")"
                )
            }
        }
        return lines
    }
}
