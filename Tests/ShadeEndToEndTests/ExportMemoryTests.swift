import Foundation
import Testing

/// `export` holds a week at a time, not the planner (SPEC §17): ten times the tasks add little to
/// the peak memory, to a file or to standard output, in shade's JSON and in Taskwarrior's (which
/// gathers a series' occurrences first). Measured as the export process's own peak resident set
/// (`ImportMemoryTests.peak`).
@Suite struct ExportMemoryTests {
    @Test func tenTimesTheTasksAddLittleToThePeakMemory() throws {
        let scratch = ShadeProcess()
        var peaks: [String: [Int]] = [:]
        for count in [6_000, 60_000] {
            // Three a day: 60,000 tasks are 20,000 days, about 2,900 weeks; a weekly series shows
            // an occurrence in each.
            let file = try ImportScaleTests.taskwarrior(count, in: scratch.root)
            let shade = ShadeProcess(now: "2026-11-25T10:00")
            #expect(try shade.run(["import", file]).status == 0)
            #expect(try shade.run(["add", "2026-01-05", "Gym", "every:week"]).status == 0)
            // The first read to show the series' occurrences numbers them and saves the numbers, a
            // week at a time (it held every numbered week, 111 MB at 60,000 tasks); the ids it gave
            // are kept until saved, some 400 bytes a task.
            let first = try ImportMemoryTests.peak(
                ["export", "--format", "csv", "-o", shade.root + "/first.csv"], shade: shade)
            #expect(first.status == 0)
            peaks["the first read after a series is added", default: []].append(first.kilobytes)
            for (name, arguments) in [
                ("taskwarrior to a file", ["export", "--format", "taskwarrior", "-o", shade.root + "/out.json"]),
                ("json to standard output", ["export"]),
            ] {
                let run = try ImportMemoryTests.peak(arguments, shade: shade)
                #expect(run.status == 0, "\(name)")
                peaks[name, default: []].append(run.kilobytes)
            }
        }
        for (name, peak) in peaks.sorted(by: { $0.key < $1.key }) {
            // Holding the planner (as export did before it went a week at a time) peaked at 3.3 GB
            // for a million tasks, some 3 KB a task: 54,000 tasks more would add about 170 MB.
            // Measured here: 0.4 MB more for json, 7 MB for Taskwarrior (the series' 2,900
            // occurrences, gathered first, and the children written with it), 21 MB for the first
            // read (the ids it gave).
            let bound = name.hasPrefix("the first read") ? 32 * 1024 : 16 * 1024
            #expect(peak[1] - peak[0] <= bound, "\(name): 6,000 tasks: \(peak[0]) KiB, 60,000: \(peak[1]) KiB")
            #expect(peak[1] <= 64 * 1024, "\(name): 60,000 tasks: \(peak[1]) KiB")
        }
    }
}
