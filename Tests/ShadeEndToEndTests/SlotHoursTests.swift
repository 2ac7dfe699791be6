import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Slot hours per weekday (`config slots.sat.morning 08:00-13:00`) and the minutes a slot really
/// lasts on a day the clocks change (SPEC §16).
@Suite struct SlotHoursTests {
    /// `[slot: "start-end"]` of a day's `--json`.
    static func hours(_ shade: ShadeProcess, _ day: String) throws -> [String] {
        let slots = try shade.json(["day", day]).objectValue?["slots"]?.arrayValue ?? []
        return slots.compactMap { $0.objectValue.map { "\($0.string("start") ?? "")-\($0.string("end") ?? "")" } }
    }

    @Test func aWeekdaysOwnHoursDecideTheSlotOfATimedTaskOnThatDayOnly() throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        let set = try shade.run(["config", "slots.sat.morning", "08:00-13:00"])
        #expect(set.status == 0, "\(set.stderr)")
        #expect(set.stdout.hasPrefix("slots.sat.morning is 08:00-13:00 now"))
        // The afternoon's start moved with the morning's end; the other days are as they were.
        #expect(try Self.hours(shade, "sat") == ["08:00-13:00", "13:00-18:00", "18:00-24:00"])
        #expect(try Self.hours(shade, "sun") == ["06:00-12:00", "12:00-18:00", "18:00-24:00"])
        // 12:30 is Saturday's morning and Sunday's afternoon.
        let saturday = try #require(try shade.json(["add", "sat", "Brunch", "at:12:30"]).objectValue)
        #expect(saturday.string("slot") == "morning")
        let sunday = try #require(try shade.json(["add", "sun", "Brunch", "at:12:30"]).objectValue)
        #expect(sunday.string("slot") == "afternoon")
        // A slot named against the day's hours says the day's hours; mv reads the new day's.
        let wrong = try shade.run(["add", "sat", "afternoon", "Walk", "at:12:30"])
        #expect(wrong.status == 1)
        #expect(wrong.stderr.contains("12:30 is in the morning (08:00–13:00)"), "\(wrong.stderr)")
        let moved = try shade.run(["mv", "2", "sat", "--json"])
        #expect(moved.status == 0, "\(moved.stderr)")
        // Moved to Saturday, its 12:30 falls in Saturday's morning: its time decides.
        let onSaturday = try #require(try shade.json(["show", "2"]).objectValue)
        #expect(onSaturday.string("slot") == "morning" && onSaturday.string("time") == "12:30")
        // The every-day hours move the days without their own; Saturday keeps its own starts.
        #expect(try shade.run(["config", "slots.evening", "19:00-24:00"]).status == 0)
        #expect(try Self.hours(shade, "sat") == ["08:00-13:00", "13:00-19:00", "19:00-24:00"])
        #expect(try Self.hours(shade, "wed") == ["06:00-12:00", "12:00-19:00", "19:00-24:00"])
        let shown = try shade.run(["config", "slots.sat.afternoon", "--json"])
        #expect(try shown.json().objectValue?.string("value") == "13:00-19:00")
        // Unset, Saturday has the every-day hours again.
        #expect(try shade.run(["config", "--unset", "slots.sat"]).status == 0)
        #expect(try Self.hours(shade, "sat") == ["06:00-12:00", "12:00-19:00", "19:00-24:00"])
    }

    @Test(arguments: [
        (["slots.sat.afternoon", "14:00-12:00"], "runs backwards", Int32(1)),
        (["slots.sat.morning", "08:00-19:00"], "leaves a neighbour no time", 1),
        (["slots.sat.afternoon", "05:00-14:00"], "leaves a neighbour no time", 1),
        (["slots.sat.evening", "19:00-23:00"], "the evening runs to 24:00", 1),
        (["slots.sat.morning", "eight-one"], "is not a range of the day", 64),
        (["slots.sat", "08:00-13:00"], "is a day; set one of its slots", 64),
    ])
    func aRangeThatRunsBackwardsOrSwallowsANeighbourIsRefusedAndTheOldHoursKept(
        words: [String], message: String, status: Int32
    ) throws {
        let shade = ShadeProcess(now: "2026-11-23T09:00")
        #expect(try shade.run(["config", "slots.sat.morning", "07:00-11:00"]).status == 0)
        let file = shade.root + "/config/shade/config.json"
        let before = try String(contentsOfFile: file, encoding: .utf8)
        let refused = try shade.run(["config"] + words)
        #expect(refused.status == status, "\(refused.stderr)")
        #expect(refused.stderr.contains(message), "\(refused.stderr)")
        #expect(try String(contentsOfFile: file, encoding: .utf8) == before)
        #expect(try Self.hours(shade, "sat") == ["07:00-11:00", "11:00-18:00", "18:00-24:00"])
    }

    /// Europe/Berlin's clocks go forward at 02:00 on 29 March 2026 and back at 03:00 on 25 October
    /// 2026 (both Sundays): a Sunday morning from 01:00 to 12:00 lasts 10 hours on the first and
    /// 12 on the second, 11 on any other Sunday; the other slots are not touched.
    /// America/Santiago turns its clocks back at midnight (00:00 on 5 April 2026 is 23:00 on the
    /// 4th again): the 4th's evening lasts an hour more.
    @Test func aChangeAtMidnightLengthensTheEveningBeforeIt() throws {
        let shade = ShadeProcess(now: "2026-03-01T09:00")
        shade.environment["TZ"] = "America/Santiago"
        let slots = try shade.json(["day", "2026-04-04"]).objectValue?["slots"]?.arrayValue ?? []
        #expect(slots.compactMap { $0.objectValue?.int("length_minutes") } == [360, 360, 420])
        let next = try shade.json(["day", "2026-04-05"]).objectValue?["slots"]?.arrayValue ?? []
        #expect(next.compactMap { $0.objectValue?.int("length_minutes") } == [360, 360, 360])
    }

    @Test(arguments: [("2026-03-29", 600), ("2026-10-25", 720), ("2026-11-29", 660)])
    func minutesPerSlotOnADSTDay(day: String, morning: Int) throws {
        let shade = ShadeProcess(now: "2026-03-01T09:00")
        shade.environment["TZ"] = "Europe/Berlin"
        #expect(try shade.run(["config", "slots.sun.morning", "01:00-12:00"]).status == 0)
        try shade.run(["add", day, "morning", "Long walk", "est:2h"])
        let slots = try shade.json(["day", day]).objectValue?["slots"]?.arrayValue ?? []
        let lengths = slots.compactMap { $0.objectValue?.int("length_minutes") }
        #expect(lengths == [morning, 360, 360])
        let free = slots.first?.objectValue?.int("minutes_free")
        #expect(free == morning - 120)
        // In UTC the same day has no change of clocks.
        shade.environment["TZ"] = "UTC"
        let utc = try shade.json(["day", day]).objectValue?["slots"]?.arrayValue?.first?.objectValue
        #expect(utc?.int("length_minutes") == 660)
    }
}
