import Foundation
import ShadeTestSupport
import Testing

/// A sync with nothing to do costs what it has to do, not what the planner holds (SPEC §17): on a
/// planner of twice the tasks, shade's own instructions (callgrind, git's processes not counted)
/// grow by far less than twice.
@Suite struct SyncScaleTests {
    @Test func aSyncWithNothingToDoCostsTheSameOnAPlannerTwiceAsLarge() throws {
        let (valgrind, binary, scratch) = try ImportScaleTests.tools()
        var costs: [Int] = []
        for count in [1500, 3000] {
            let hub = try SyncFixture(names: ["ana"])
            let shade = hub["ana"].shade
            let file = try ImportScaleTests.taskwarrior(count, in: scratch.root)
            try hub.ok("ana", ["import", file])
            try hub.ok("ana", ["sync", "init", hub.hub])
            try hub.ok("ana", ["sync"])
            costs.append(try ImportScaleTests.instructions(["sync"], shade: shade, binary: binary, valgrind: valgrind))
        }
        // Reading every week to commit nothing would be about twice; what a sync with nothing to
        // do reads is the same at both sizes.
        #expect(
            Double(costs[1]) <= 1.25 * Double(costs[0]), "1,500 tasks: \(costs[0]), 3,000: \(costs[1]) instructions")
    }
}
