import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// `summary/places.json`, the cache `plan` reads its history from: what it writes reads back the
/// same, and a count that is not `PLACE:DONE/COUNTED` (a hand edit) is refused, not half read.
@Suite struct PlaceSummaryTests {
    @Test func aWeeksPlacesReadBackAsTheyWereCounted() throws {
        let monday = CivilDate.fixture("2026-11-23")
        func task(_ id: Int, day: Int, _ slot: Slot, _ tags: [String], _ status: TaskStatus) -> PlannerTask {
            PlannerTask(
                id: id, uid: "u\(id)", title: "T", date: monday.adding(days: day), slot: slot, status: status,
                tags: tags, category: id.isMultiple(of: 2) ? "work" : nil, created: "2026-11-20T08:00:00+00:00")
        }
        let places = PlaceHistory([
            task(1, day: 0, .morning, ["desk"], .done), task(2, day: 0, .morning, ["desk"], .open),
            task(3, day: 5, .afternoon, ["garden", "desk"], .done), task(4, day: 6, .evening, [], .cancelled),
        ])
        let week = monday.isoWeek
        let entries = [
            week: PlaceSummaryDocument.Entry(stamp: FileStamp(size: 10, modifiedNanoseconds: 20), places: places)
        ]
        let bytes = try JSONWriter.bytes(PlaceSummaryDocument.encode(entries), layout: .compact)
        let read = try PlaceSummaryDocument.decode(try JSONDocument(parsing: bytes).value, file: "places.json")
        #expect(read == entries)
        #expect(places.count(for: ["tag:desk"], at: 0) == PlaceHistory.Count(done: 1, counted: 2))
        #expect(places.count(for: ["tag:desk", "tag:garden"], at: 16) == PlaceHistory.Count(done: 2, counted: 2))
        #expect(places.count(for: ["cat:work"], at: 0) == PlaceHistory.Count(done: 0, counted: 1))
    }

    @Test(arguments: ["", "21:0/1", "2:2/1", "2:0/0", "2:0/1 ", "2:0", "2:0/1x", "-1:0/1", "2:0/99999999999"])
    func aCountThatIsNotPlaceDoneCountedIsRefused(_ text: String) {
        #expect(PlaceSummaryDocument.counts(text) == nil, "\(text)")
    }
}
