import Foundation
import ShadeJSON
import Testing

/// `now`, the word a `done` says when it finishes a slot, a day or a week, and streaks, with a
/// pinned clock.
@Suite struct TimeCommandsTests {
    @Test func nowShowsTheSlotTheClockIsInAndWhatComesNext() throws {
        let shade = ShadeProcess(now: "2026-11-24T14:20")
        for line in [
            "add tue afternoon Report", "add tue afternoon Dentist at:15:30", "add tue afternoon Lunch at:13:00",
            "add tue evening Call at:19:00", "add wed morning Run at:7",
        ] {
            #expect(try shade.run(line.split(separator: " ").map(String.init)).status == 0)
        }
        let now = try #require(try shade.json(["now"]).objectValue)
        #expect(now.string("date") == "2026-11-24")
        #expect(now.string("slot") == "afternoon")
        #expect(now.string("slot_end") == "18:00")
        #expect(now.int("minutes_left") == 220)
        let titles = now["tasks"]?.arrayValue?.compactMap { $0.objectValue?.string("title") }
        #expect(titles == ["Lunch", "Dentist", "Report"])
        #expect(now["next"]?.objectValue?.string("title") == "Dentist")
        let text = try shade.run(["now"])
        #expect(text.stdout.hasPrefix("Now · Tue 24 Nov · afternoon 12:00–18:00 · 3h 40m left\n"))
        #expect(text.stdout.contains("Next with a time: 15:30 · 2 Dentist (in 1h 10m)"))
        #expect(text.stdout.contains("Then evening: 1 open · Call"))
        // Late in the evening, the next timed task is tomorrow's.
        let late = try shade.run(["now", "--json"], environment: ["SHADE_NOW": "2026-11-24T22:00"])
        let lateNow = try late.json().objectValue
        #expect(lateNow?["next"]?.objectValue?.string("title") == "Run")
        #expect(lateNow?["next_slot"]?.objectValue?.string("date") == "2026-11-25")
    }

    @Test func aDoneThatFinishesASlotADayOrAWeekSaysSoInOneLine() throws {
        let shade = ShadeProcess(now: "2026-11-24T09:00")
        for line in ["add tue morning Gym", "add tue morning Read", "add tue evening Cook", "add wed morning Run"] {
            try shade.run(line.split(separator: " ").map(String.init))
        }
        #expect(try shade.run(["done", "1"]).stdout == "done 1 · Gym\n")
        #expect(
            try shade.run(["done", "2"]).stdout
                == "done 2 · Read\n✓ that was the last open task of Tue 24 Nov morning: the morning is clear\n")
        #expect(
            try shade.run(["done", "3"]).stdout
                == "done 3 · Cook\n✓ that was the last open task of Tue 24 Nov: the day is done\n")
        let last = try shade.run(["done", "4"]).stdout
        #expect(
            last == "done 4 · Run\n✓ that was the last open task of week 2026-W48: every task of the week is done\n")
        // With --json the output stays one document.
        try shade.run(["undone", "4"])
        #expect(try shade.json(["done", "4"]).objectValue?.string("status") == "done")
    }

    @Test func statsCountsTheCurrentAndBestStreak() throws {
        let shade = ShadeProcess(now: "2026-11-16T08:00")
        // Mon–Wed done, Thu left open, Fri–Sun done; a day with no task between does not count.
        let days = ["2026-11-16", "2026-11-17", "2026-11-18", "2026-11-19", "2026-11-20", "2026-11-22", "2026-11-23"]
        for (index, day) in days.enumerated() {
            try shade.run(["add", day, "Task \(index + 1)"])
            if day != "2026-11-19" { try shade.run(["done", "\(index + 1)"]) }
        }
        try shade.run(["add", "2026-11-24", "Today's task"])
        let stats = try shade.run(["stats", "--json"], environment: ["SHADE_NOW": "2026-11-24T12:00"])
        let streak = try stats.json().objectValue?["streak"]?.objectValue
        #expect(streak?.int("current") == 3)
        #expect(streak?.int("best") == 3)
        // Today done too: it joins the streak.
        try shade.run(["done", "8"])
        let after = try shade.run(["stats"], environment: ["SHADE_NOW": "2026-11-24T20:00"])
        #expect(after.stdout.contains("streak      4 days in a row with every task done (best 4)"))
    }
}
