import Foundation
import ShadeJSON
import Testing

/// Repeating tasks end to end: occurrences computed for the weeks shown, each with its own id and
/// status; an occurrence acted on becomes a record of its own under the same id; `rm` takes one
/// day out, `rm --series` ends the series; undo gives everything back with the same ids.
@Suite struct RepeatTests {
    private func week(_ shade: ShadeProcess, _ week: String = "this") throws -> [JSONObject] {
        let json = try shade.json(["week", week])
        return (json.objectValue?["days"]?.arrayValue ?? []).flatMap { day in
            (day.objectValue?["slots"]?.arrayValue ?? []).flatMap { slot in
                slot.objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
            }
        }
    }

    @Test func aWeekdayRuleFillsEveryWeekAndEachDayHasItsOwnStatus() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        let added = try shade.run(["add", "mon", "morning", "Gym", "every:weekday", "at:7", "+health"])
        #expect(added.stdout == "added 1 · Mon 23 Nov · morning · 07:00 · Gym · ↻ every weekday\n")
        let tasks = try week(shade)
        #expect(tasks.map { $0.int("id") } == [1, 2, 3, 4, 5])
        #expect(
            tasks.compactMap { $0.string("date") } == [
                "2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27",
            ])
        let series = try #require(tasks.first?.string("series"))
        #expect(tasks.allSatisfy { $0.string("uid") == "\(series)@\($0.string("date") ?? "")" })
        // Tuesday's done, Wednesday's still open; the rates count occurrences like any task.
        #expect(try shade.run(["done", "2"]).status == 0)
        let after = try week(shade)
        #expect(after.first { $0.int("id") == 2 }?.string("status") == "done")
        #expect(after.first { $0.int("id") == 3 }?.string("status") == "open")
        #expect(try shade.json(["week"]).objectValue?["rate"] == .double(0.2))
        // Next week has its own five, numbered when first shown; the text views mark them.
        #expect(try week(shade, "next").map { $0.int("id") } == [6, 7, 8, 9, 10])
        #expect(try shade.run(["day", "tue"]).stdout.contains("✓ 2 07:00 Gym  ↻ +health"))
        let show = try #require(try shade.json(["show", "3"]).objectValue)
        #expect(show["repeat"] == ["every": "weekday", "until": nil])
        #expect(show.string("series") == series)
        try shade.run(["add", "fri", "Plain"])
        let plain = try #require(try shade.json(["show", "11"]).objectValue)
        #expect(plain["repeat"] == .null && plain["series"] == .null)
        #expect(try shade.run(["check"]).status == 0)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func rmTakesOneDayOutAndRmSeriesEndsItUndoGivesEverythingBackWithTheSameIDs() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        try shade.run(["add", "mon", "Standup", "every:day", "until:2026-12-06"])
        #expect(try week(shade).count == 7)
        try shade.run(["done", "1"])
        #expect(try shade.run(["rm", "3"]).stdout == "removed 3 · Standup · Wed 25 Nov only; the series goes on\n")
        #expect(try week(shade).map { $0.int("id") } == [1, 2, 4, 5, 6, 7])
        #expect(try week(shade, "next").count == 7)
        let ended = try shade.run(["rm", "5", "--series"])
        #expect(ended.stdout == "ended the series of 5 · Standup: nothing more from Fri 27 Nov on\n")
        #expect(try week(shade).map { $0.int("id") } == [1, 2, 4])
        #expect(try week(shade, "next").isEmpty)
        // The day done stays on record.
        #expect(try week(shade).first?.string("status") == "done")
        for _ in 0..<3 { #expect(try shade.run(["undo"]).status == 0) }
        let back = try week(shade)
        #expect(back.map { $0.int("id") } == [1, 2, 3, 4, 5, 6, 7])
        #expect(back.allSatisfy { $0.string("status") == "open" })
        #expect(try shade.run(["check"]).status == 0)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func twoCopiesThatTickOffTheSameOccurrenceMakeOneRecord() throws {
        let first = ShadeProcess(now: "2026-11-23T06:30")
        try first.run(["add", "mon", "Gym", "every:weekday"])
        let second = ShadeProcess(now: "2026-11-23T06:30")
        // The second copy has the same series (as a sync would bring it), nothing else.
        try FileManager.default.createDirectory(atPath: second.store, withIntermediateDirectories: true)
        for file in ["shade.json", "series.json"] {
            try FileManager.default.copyItem(atPath: first.store + "/" + file, toPath: second.store + "/" + file)
        }
        try second.run(["add", "mon", "Something else first"])
        // Each copy numbers Tuesday's occurrence its own way, and both name it by the same uid.
        let uidInFirst = try week(first).first { $0.string("date") == "2026-11-24" }
        let uidInSecond = try week(second).first { $0.string("date") == "2026-11-24" && $0.string("title") == "Gym" }
        #expect(uidInFirst?.string("uid") != nil)
        #expect(uidInFirst?.string("uid") == uidInSecond?.string("uid"))
        try first.run(["done", "\(uidInFirst?.int("id") ?? 0)"])
        try second.run(["done", "\(uidInSecond?.int("id") ?? 0)"])
        let a = try first.allTasks().filter { $0.string("status") == "done" }.compactMap { $0.string("uid") }
        let b = try second.allTasks().filter { $0.string("status") == "done" }.compactMap { $0.string("uid") }
        #expect(a.count == 1 && a == b)
    }

    @Test func aTenYearDailyRuleCostsWhatTheWeekShownHolds() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        try shade.run(["add", "mon", "Journal", "every:day"])
        #expect(try week(shade, "2036-W10").count == 7)
        // Only the weeks shown were numbered: this one (the confirmation shows its first day) and that one.
        let indexes = try FileManager.default.contentsOfDirectory(atPath: shade.store + "/ids/weeks").sorted()
        #expect(indexes == ["2026-W48.json", "2036-W10.json"])
        #expect(try shade.run(["check"]).status == 0)
    }

    /// The tasks `day` shows for a date, as `id uid title status date` lines.
    private func day(_ shade: ShadeProcess, _ date: String) throws -> [String] {
        let slots = try shade.json(["day", date]).objectValue?["slots"]?.arrayValue ?? []
        return slots.flatMap { $0.objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? [] }.map(line)
    }

    private func line(_ task: JSONObject) -> String {
        ["id", "uid", "title", "status", "date"].map { key in
            task.string(key) ?? task.int(key).map(String.init) ?? "-"
        }.joined(separator: " ")
    }

    @Test func eachDayShowsWhatItsWeekShowsForItWithOccurrencesDoneMovedAndTakenOut() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        try shade.run(["add", "mon", "morning", "Standup", "every:day"])
        try shade.run(["add", "tue", "evening", "Plain"])
        let ids = Dictionary(
            uniqueKeysWithValues: try week(shade).compactMap { task in
                task.string("title") == "Standup" ? task.string("date").map { ($0, task.int("id") ?? 0) } : nil
            })
        // Tuesday's done (filed on its day), Wednesday's moved to Friday (filed on another
        // day), Thursday's taken out.
        #expect(try shade.run(["done", "\(ids["2026-11-24"] ?? 0)"]).status == 0)
        #expect(try shade.run(["mv", "\(ids["2026-11-25"] ?? 0)", "fri", "evening"]).status == 0)
        #expect(try shade.run(["rm", "\(ids["2026-11-26"] ?? 0)"]).status == 0)
        // Moving it made Wednesday an exception of the series; a series from a copy that had
        // not seen the move lacks it: the task filed on Friday still stands for Wednesday's.
        let series = shade.store + "/series.json"
        let text = try String(contentsOfFile: series, encoding: .utf8)
        let without = text.replacing(#/"2026-11-25",\s*/#, with: "")
        #expect(without != text)
        try without.write(toFile: series, atomically: false, encoding: .utf8)
        // Next week's days are shown first by day, which numbers the week's occurrences as a
        // week read does.
        let this = ["2026-11-23", "2026-11-24", "2026-11-25", "2026-11-26", "2026-11-27", "2026-11-28", "2026-11-29"]
        let next = ["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06"]
        let nextDays = try next.map { try day(shade, $0) }
        for (weekWord, dates, days) in [("this", this, nil as [[String]]?), ("next", next, nextDays)] {
            let shown = try week(shade, weekWord)
            for (index, date) in dates.enumerated() {
                let fromWeek = shown.filter { $0.string("date") == date }.map(line)
                #expect(try days?[index] ?? day(shade, date) == fromWeek, "\(date)")
            }
        }
        let wednesday = try day(shade, "2026-11-25")
        let friday = try day(shade, "2026-11-27")
        #expect(wednesday.isEmpty, "\(wednesday)")
        #expect(friday.count == 2 && friday.allSatisfy { $0.contains("Standup") }, "\(friday)")
        #expect(try day(shade, "2026-11-26").isEmpty)
        #expect(try day(shade, "2026-11-24").map { $0.contains("done") } == [true, false])
        #expect(try shade.run(["check"]).status == 0)
    }

    @Test func aMonthlyRuleSkipsMonthsWithoutTheDayAndAYearlyOneWaitsForALeapYear() throws {
        let shade = ShadeProcess(now: "2027-01-31T06:30")
        try shade.run(["add", "2027-01-31", "Pay the rent", "every:month"])
        try shade.run(["add", "2028-02-29", "Leap day", "every:year"])
        let rent = try shade.json(["ls", "2027-01-01..2027-06-30"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(rent.compactMap { $0.objectValue?.string("date") } == ["2027-01-31", "2027-03-31", "2027-05-31"])
        let days = ["2029-02-28", "2032-02-29"].map { day in
            (try? shade.json(["day", day]).objectValue?["slots"]?.arrayValue?.flatMap {
                $0.objectValue?["tasks"]?.arrayValue ?? []
            }.count) ?? -1
        }
        #expect(days == [0, 1])
    }

    @Test func addRefusesARuleThatIsNotOneAndUntilBeforeTheStart() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        let bad = try shade.run(["add", "Gym", "every:fortnight"])
        #expect(bad.status == 1 && bad.stderr.contains("'every:fortnight' is not a repeat rule"))
        let early = try shade.run(["add", "tue", "Gym", "every:day", "until:2026-11-20"])
        #expect(early.status == 1 && early.stderr.contains("comes before the first day"))
        let alone = try shade.run(["add", "Gym", "until:2026-12-20"])
        #expect(alone.status == 1 && alone.stderr.contains("until: ends a repeat"))
        #expect(!FileManager.default.fileExists(atPath: shade.store + "/series.json"))
    }

    @Test func editSeriesChangesThisDayAndLaterOnesUnderTheSameIDs() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        try shade.run(["add", "mon", "morning", "Gym", "every:weekday", "at:7"])
        try shade.run(["done", "2"])
        let edited = try shade.run(["edit", "3", "--series", "at:7:30", "Gym", "with", "Ana"])
        #expect(edited.stdout == "edited 3 · Wed 25 Nov · morning · 07:30 · Gym with Ana\n")
        let titles = try week(shade).map {
            "\($0.int("id") ?? 0) \($0.string("time") ?? "-") \($0.string("title") ?? "")"
        }
        #expect(
            titles == [
                "1 07:00 Gym", "2 07:00 Gym", "3 07:30 Gym with Ana", "4 07:30 Gym with Ana", "5 07:30 Gym with Ana",
            ])
        #expect(try week(shade, "next").allSatisfy { $0.string("title") == "Gym with Ana" })
        // Without --series, one day alone.
        try shade.run(["edit", "4", "Gym, short"])
        #expect(try week(shade).map { $0.string("title") ?? "" }[3...] == ["Gym, short", "Gym with Ana"])
        // From the first day, the whole series (later edits keep what they changed but take this).
        try shade.run(["edit", "1", "--series", "+health"])
        #expect(try week(shade, "next").allSatisfy { $0.arrayValueOfTags == ["health"] })
        for _ in 0..<3 { try shade.run(["undo"]) }
        #expect(try week(shade).map { $0.string("title") ?? "" } == ["Gym", "Gym", "Gym", "Gym", "Gym"])
        #expect(try week(shade).map { $0.int("id") } == [1, 2, 3, 4, 5])
        #expect(try shade.run(["check"]).status == 0)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }

    @Test func editEveryMakesATaskRepeatAndEveryNoneMakesADayTheLast() throws {
        let shade = ShadeProcess(now: "2026-11-23T06:30")
        try shade.run(["add", "tue", "evening", "Call Mum"])
        // The task keeps its id and uid and is the series' first day.
        try shade.run(["edit", "1", "every:week", "until:2026-12-15"])
        let calls = try shade.json(["ls", "2026-11-23..2026-12-31"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(
            calls.compactMap { $0.objectValue?.string("date") } == [
                "2026-11-24", "2026-12-01", "2026-12-08", "2026-12-15",
            ])
        #expect(calls.first?.objectValue?.int("id") == 1)
        #expect(try shade.json(["show", "1"]).objectValue?["repeat"] == ["every": "week", "until": "2026-12-15"])
        // every:none on the second day: it is the last.
        let second = try #require(calls.dropFirst().first?.objectValue?.int("id"))
        try shade.run(["edit", "\(second)", "every:none"])
        let after = try shade.json(["ls", "2026-11-23..2026-12-31"]).objectValue?["tasks"]?.arrayValue ?? []
        #expect(after.compactMap { $0.objectValue?.string("date") } == ["2026-11-24", "2026-12-01"])
        let mixed = try shade.run(["edit", "1", "every:day", "New title"])
        #expect(mixed.status == 64 && mixed.stderr.contains("every: and until: go alone"))
        #expect(try shade.run(["check"]).status == 0)
        #expect(try SchemaCheck.validate(shade.store) > 0)
    }
}

extension JSONObject {
    fileprivate var arrayValueOfTags: [String] { self["tags"]?.arrayValue?.compactMap(\.stringValue) ?? [] }
}
