import ShadeTestSupport
import Testing

@testable import ShadeCore
@testable import ShadeRendering

private let now = Moment.fixture("2026-11-23T13:30", utcOffsetSeconds: 0)
private let plain = RenderContext(style: .plain, now: now, schedule: .standard, width: 80)

private func task(
    _ id: Int, _ title: String, _ slot: Slot = .morning, _ status: TaskStatus = .open, time: String? = nil,
    tags: [String] = []
)
    -> PlannerTask
{
    PlannerTask(
        id: id, uid: "u\(id)", title: title, date: CivilDate.fixture("2026-11-23"), slot: slot,
        time: time.flatMap { TimeOfDay(parsing: $0) }, status: status, tags: tags, created: "c")
}

@Suite struct DisplayWidthTests {
    @Test(arguments: [
        ("abc", 3), ("読書", 4), ("☕", 2), ("📚", 2), ("e\u{301}", 1), ("👩‍👩‍👧", 2), ("🇫🇷", 2), ("مساء", 4),
        ("한국어", 6), ("ｆｕｌｌ", 8), ("❤️", 2), ("", 0),
    ])
    func measuresTerminalColumns(text: String, width: Int) {
        #expect(DisplayWidth.of(text) == width)
    }

    @Test func padsAndTruncatesByColumnsNotCharacters() {
        #expect(DisplayWidth.padRight("読書", to: 6) == "読書  ")
        #expect(DisplayWidth.padLeft("☕", to: 4) == "  ☕")
        #expect(DisplayWidth.truncate("読書読書読書", to: 7) == "読書読…")
        #expect(DisplayWidth.of(DisplayWidth.truncate("読書読書読書", to: 7)) <= 7)
        #expect(DisplayWidth.truncate("short", to: 10) == "short")
    }
}

@Suite struct TimelineTests {
    @Test func showsSlotsInOrderWithHoursRatesMarksAndTheCurrentSlot() {
        let day = DayAgenda(
            date: CivilDate.fixture("2026-11-23"),
            tasks: [
                task(1, "Gym", .morning, .done, time: "07:30"), task(2, "Old", .morning, .cancelled),
                task(3, "Email", .morning),
                task(4, "Read", .evening),
            ])
        let text = DayTimeline.render(day, viewSlot: .evening, context: plain).text
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("Mon 23 Nov 2026") && lines[0].contains("2026-W48") && lines[0].contains("33%"))
        #expect(lines[1].contains("morning") && lines[1].contains("06:00–12:00") && lines[1].contains("50%"))
        #expect(lines.contains { $0.contains("✓") && $0.contains("07:30") && $0.contains("Gym") })
        #expect(lines.contains { $0.contains("✗") && $0.contains("Old") })
        #expect(lines.contains { $0.contains("!") && $0.contains("Email") }, "an open morning task is overdue at 13:30")
        #expect(lines.contains { $0.contains("afternoon") && $0.contains("—") && $0.contains("← now") })
        #expect(lines.contains { $0.hasPrefix("›") && $0.contains("evening") })
        #expect(!text.contains("\u{1B}"))
    }

    @Test func titlesAndTagsAlignByDisplayWidth() {
        let day = DayAgenda(
            date: CivilDate.fixture("2026-11-23"),
            tasks: [
                task(1, "読書 📚", tags: ["read"]), task(2, "Gym", tags: ["health"]),
                task(3, "مساء الخير", .evening, tags: ["study"]),
            ])
        let lines = DayTimeline.render(day, viewSlot: nil, context: plain).text.split(separator: "\n").map(String.init)
        let tagColumns = lines.compactMap { line -> Int? in
            guard let plus = line.firstIndex(of: "+") else { return nil }
            return DisplayWidth.of(String(line[..<plus]))
        }
        #expect(tagColumns.count == 3)
        #expect(Set(tagColumns).count == 1)
    }

    @Test func colourIsOnlyWrittenWhenAsked() {
        let day = DayAgenda(date: CivilDate.fixture("2026-11-23"), tasks: [task(1, "Gym", .morning, .done)])
        let coloured = RenderContext(style: Style(enabled: true), now: now, schedule: .standard)
        #expect(DayTimeline.render(day, viewSlot: nil, context: coloured).text.contains("\u{1B}["))
        #expect(!DayTimeline.render(day, viewSlot: nil, context: plain).text.contains("\u{1B}"))
    }
}

@Suite struct WeekGridTests {
    @Test func showsSevenDaysTheirRatesAndThePooledWeekRate() {
        let tasks = [
            task(1, "a", .morning, .done), task(2, "b", .afternoon),
            PlannerTask(
                id: 3, uid: "u3", title: "c", date: CivilDate.fixture("2026-11-25"), slot: .evening, status: .done,
                created: "c"),
        ]
        let lines = WeekGrid.render(
            ISOWeek(parsing: "2026-W48")!, cells: WeekCells(tasks), viewDate: nil, context: plain
        )
        .text.split(separator: "\n").map(String.init)
        #expect(lines.count == 10)
        #expect(lines[0].contains("2026-W48") && lines[0].contains("67%"))
        #expect(
            lines[2].contains("Mon 23 Nov") && lines[2].contains("1/1") && lines[2].contains("0/1")
                && lines[2].contains("50%"))
        #expect(lines[3].contains("Tue 24 Nov") && lines[3].contains("—"))
        #expect(lines[4].contains("100%"))
        #expect(lines[9].contains("week") && lines[9].contains("67%"))
        // Every day row is as wide as every other: the columns line up.
        #expect(Set(lines[2...8].map { DisplayWidth.of(String($0.prefix { $0 != "%" && $0 != "—" })) }).count == 1)
    }
}

@Suite struct SafeTruncationTests {
    @Test func aCutNeverSplitsAnEscape() {
        let text = SafeText(escaping: "abc\u{202E}defgh")
        #expect(text.text == "abc\\u202edefgh")
        #expect(DisplayWidth.truncate(text, to: 6).text == "abc…")
        #expect(DisplayWidth.truncate(text, to: 10).text == "abc\\u202e…")
        #expect(DisplayWidth.truncate(SafeText(escaping: "ab\u{1B}cdef"), to: 4).text == "ab…")
        #expect(DisplayWidth.truncate(SafeText(escaping: "short"), to: 10).text == "short")
    }
}
