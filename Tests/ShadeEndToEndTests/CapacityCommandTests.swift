import Foundation
import PropertyBased
import ShadeJSON
import Testing

/// `capacity` and `rebalance` end to end: the setting kept in config.json, over-full marks in
/// `day` and `week` (text and JSON), the warning on `add`/`mv`, and rebalance's moves, made as one
/// undo step — over random weeks, never into the past and never back in time.
@Suite struct CapacityCommandTests {
    /// Clearing the last limit (or the last user setting) takes the setting out of config.json:
    /// a null left there was a setting no later command could read. A file that already holds
    /// one reads as if the setting were not there.
    @Test func clearingTheLastSettingLeavesAConfigurationEveryCommandReads() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        let path = shade.root + "/config/shade/config.json"
        #expect(try shade.run(["capacity", "sat", "evening", "2"]).status == 0)
        #expect(try shade.run(["capacity", "sat", "evening", "none"]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("capacity") == false)
        #expect(try shade.run(["day"]).status == 0)
        #expect(try shade.run(["config", "user.email", "ana@example.org"]).status == 0)
        #expect(try shade.run(["config", "--unset", "user.email"]).status == 0)
        #expect(try String(contentsOfFile: path, encoding: .utf8).contains("user") == false)
        #expect(try shade.run(["day"]).status == 0)
        try Data(#"{"capacity": null, "user": null}"#.utf8).write(to: URL(fileURLWithPath: path))
        let day = try shade.run(["day"])
        #expect(day.status == 0, "\(day.stderr)")
        #expect(try shade.run(["capacity"]).stdout.hasPrefix("no slot has a capacity"))
    }

    @Test func capacityIsASettingAndOverFullSlotsAreMarkedAndWarned() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        #expect(try shade.run(["capacity"]).stdout.hasPrefix("no slot has a capacity"))
        #expect(try shade.run(["capacity", "evening", "1"]).stdout == "capacity of evening: 1 open task\n")
        #expect(try shade.run(["capacity", "sat", "evening", "3"]).status == 0)
        let settings = try #require(try shade.json(["capacity"]).objectValue?["capacity"]?.objectValue)
        #expect(settings.int("evening") == 1 && settings["saturday"]?.objectValue?.int("evening") == 3)
        let file = try String(contentsOfFile: shade.root + "/config/shade/config.json", encoding: .utf8)
        #expect(file.contains("\"capacity\""))
        try shade.run(["add", "wed", "evening", "Read"])
        let second = try shade.run(["add", "wed", "evening", "Write"])
        #expect(second.status == 0)
        #expect(second.stdout.contains("warning: the Wed 25 Nov evening is over-full: 2 open, room for 1"))
        // Beside JSON the warning goes to standard error: the output stays one document.
        let third = try shade.run(["add", "sat", "evening", "Film", "--json"])
        #expect(third.status == 0 && third.stderr.isEmpty)
        let moved = try shade.run(["mv", "3", "wed", "evening", "--json"])
        #expect(moved.status == 0 && moved.stderr.contains("warning: the Wed 25 Nov evening is over-full: 3 open"))
        #expect(try moved.json().objectValue?.string("slot") == "evening")
        let day = try #require(try shade.json(["day", "wed"]).objectValue)
        let slots = day["slots"]?.arrayValue?.compactMap(\.objectValue) ?? []
        #expect(slots.map { $0["capacity"] } == [.null, .null, .int(1)])
        #expect(slots.map { $0["over"]?.boolValue } == [false, false, true])
        #expect(try shade.run(["day", "wed"]).stdout.contains("over-full: 3 open, room for 1"))
        let week = try shade.run(["week"]).stdout
        #expect(week.contains("0/3!") && week.contains("1 over-full slot"))
        // A weekday's limit wins over the slot's: Saturday evening holds three.
        let saturday = try #require(try shade.json(["day", "sat"]).objectValue)
        #expect(saturday["slots"]?.arrayValue?.last?.objectValue?.int("capacity") == 3)
        #expect(try shade.run(["capacity", "evening", "none"]).status == 0)
        #expect(try shade.run(["day", "wed"]).stdout.contains("over-full") == false)
    }

    @Test func badCapacityWordsAndABadSettingAreClearErrors() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        let noon = try shade.run(["capacity", "noon", "2"])
        #expect(noon.status == 64 && noon.stderr.contains("'noon' is not a weekday or a slot"))
        let many = try shade.run(["capacity", "evening", "lots"])
        #expect(many.status == 64 && many.stderr.contains("not a capacity"))
        #expect(try shade.run(["capacity", "evening"]).status == 64)
        try FileManager.default.createDirectory(
            atPath: shade.root + "/config/shade", withIntermediateDirectories: true)
        try #"{"capacity": {"evening": -1}}"#.write(
            toFile: shade.root + "/config/shade/config.json", atomically: true, encoding: .utf8)
        let bad = try shade.run(["day"])
        #expect(bad.status == 1 && bad.stderr.contains("capacity.evening must be a whole number"))
    }

    @Test func rebalanceProposesAppliesAsOneStepAndUndoes() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        try shade.run(["capacity", "evening", "1"])
        for title in ["One", "Two", "Three"] { try shade.run(["add", "wed", "evening", title]) }
        let proposal = try shade.run(["rebalance"])
        #expect(proposal.stdout.hasPrefix("2 moves would make 2026-W48 fit:"))
        #expect(try shade.allTasks().allSatisfy { $0.string("date") == "2026-11-25" })
        let applied = try #require(try shade.json(["rebalance", "--apply"]).objectValue)
        let moves = applied["moves"]?.arrayValue?.compactMap(\.objectValue) ?? []
        // The same day first: Wednesday afternoon (no capacity set there) is the nearest slot with room.
        #expect(moves.map { $0.string("date") } == ["2026-11-25", "2026-11-25"])
        #expect(moves.map { $0.string("slot") } == ["afternoon", "afternoon"])
        #expect(applied.int("over_full") == 0 && applied["applied"]?.boolValue == true)
        #expect(
            try shade.run(["rebalance"]).stdout == "2026-W48 fits: no slot holds more open tasks than its capacity\n")
        let undo = try shade.run(["undo"])
        #expect(undo.stdout.hasPrefix("undid “rebalance 2026-W48”"))
        #expect(try shade.allTasks().allSatisfy { $0.string("date") == "2026-11-25" })
    }

    /// Random weeks through the binary: after `rebalance --apply` no task has moved to an earlier
    /// day or into the past, and a slot is over capacity only where no slot ahead had room.
    @Test func rebalanceOverRandomWeeksNeverGoesBackOrIntoThePast() async throws {
        let seeds = Gen.int(in: 0...Int(Int32.max)).array(of: 30)
        await propertyCheck(count: 12, input: seeds) { seeds in
            var rest = seeds[...]
            func next(_ range: ClosedRange<Int>) -> Int { range.lowerBound + (rest.popFirst() ?? 0) % range.count }
            let slots = ["morning", "afternoon", "evening"]
            let clock = "2026-11-\(23 + next(0...6))T\(String(format: "%02d", next(0...23))):30"
            let shade = ShadeProcess(now: clock)
            var script = ""
            for slot in slots where next(0...3) > 0 { script += "capacity \(slot) \(next(0...2))\n" }
            for index in 0..<max(1, next(0...12)) {
                let slot = next(0...2)
                let timed = next(0...3) == 0 ? " at:\(6 * (slot + 1) + next(0...5)):15" : ""
                script += "add 2026-11-\(23 + next(0...6)) \(slots[slot]) Task\(index)\(timed)\n"
            }
            let setup = try? shade.run([], stdin: script)
            #expect(setup?.status == 0, "\(clock)\n\(script)\(setup?.stderr ?? "")")
            let before = (try? shade.allTasks()) ?? []
            let result = try? shade.run(["rebalance", "2026-W48", "--apply", "--json"])
            #expect(result?.status == 0, "\(result?.stderr ?? "")")
            let after = (try? shade.allTasks()) ?? []
            let now = clock.replacingOccurrences(of: "T", with: " ")
            let ends = ["morning": "12:00", "afternoon": "18:00", "evening": "24:00"]
            func place(_ task: JSONObject) -> String {
                "\(task.string("date") ?? "") \(slots.firstIndex(of: task.string("slot") ?? "") ?? 0)"
            }
            for task in after {
                guard let old = before.first(where: { $0.string("uid") == task.string("uid") }) else {
                    Issue.record("task \(task.string("title") ?? "") appeared")
                    continue
                }
                guard place(task) != place(old) else { continue }
                #expect((task.string("date") ?? "") >= (old.string("date") ?? ""), "moved back: \(script)")
                let end = "\(task.string("date") ?? "") \(ends[task.string("slot") ?? ""] ?? "")"
                #expect(end > now, "moved into the past (\(clock)): \(script)")
            }
            // A slot still over-full has no slot ahead with room for an untimed task: another of
            // its day, or one of a later day.
            let week = (try? shade.json(["week", "2026-W48"]).objectValue) ?? JSONObject()
            var cells: [(date: String, slot: Int, over: Bool, room: Bool, ahead: Bool)] = []
            for day in week["days"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
                for (index, slot) in (day["slots"]?.arrayValue?.compactMap(\.objectValue) ?? []).enumerated() {
                    let open = slot.int("open") ?? 0
                    let capacity = slot.int("capacity")
                    let date = day.string("date") ?? ""
                    let end = "\(date) \(ends[slots[index]] ?? "")"
                    cells.append(
                        (date, index, slot["over"]?.boolValue == true, capacity.map { open < $0 } ?? true, end > now))
                }
            }
            for (position, cell) in cells.enumerated() where cell.over && cell.ahead {
                let overTasks = after.filter {
                    $0.string("date") == cell.date && $0.string("slot") == slots[cell.slot]
                        && $0.string("status") == "open"
                }
                if overTasks.contains(where: { $0["time"]?.isNull == true }) {
                    let later = cells.enumerated().filter { other in
                        other.offset != position && (other.offset > position || other.element.date == cell.date)
                            && other.element.room && other.element.ahead
                    }
                    #expect(later.isEmpty, "\(clock) \(cell.date) \(slots[cell.slot]) stays over-full: \(script)")
                }
            }
        }
    }
}
