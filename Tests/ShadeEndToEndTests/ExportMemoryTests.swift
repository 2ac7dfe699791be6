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
            // The first read that shows the series' occurrences numbers them and saves the numbers
            // (a cost of that read, whatever the command, not of export's).
            #expect(try shade.run(["export", "--format", "csv", "-o", shade.root + "/first.csv"]).status == 0)
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
            // occurrences, gathered first, and the children written with it).
            #expect(peak[1] - peak[0] <= 16 * 1024, "\(name): 6,000 tasks: \(peak[0]) KiB, 60,000: \(peak[1]) KiB")
            #expect(peak[1] <= 64 * 1024, "\(name): 60,000 tasks: \(peak[1]) KiB")
        }
    }
}
