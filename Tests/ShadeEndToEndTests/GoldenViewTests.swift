import Foundation
import Testing

/// The text views of the demo store, pinned byte for byte in `Golden/`, so that a change of
/// layout shows in review. `SHADE_RECORD_GOLDEN=1 swift test --filter GoldenViewTests` writes
/// them anew.
@Suite struct GoldenViewTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static let views: [(name: String, arguments: [String])] = [
        ("day", ["day"]), ("day-tue", ["day", "tue"]), ("week", ["week"]), ("week-prev", ["week", "prev"]),
        ("ls", ["ls"]), ("ls-all-by-status", ["ls", "all", "--by", "status"]), ("show", ["show", "24"]),
        ("stats", ["stats"]), ("cat", ["cat"]), ("day-json", ["day", "--json"]),
        ("show-json", ["show", "24", "--json"]), ("stats-by-week", ["stats", "--by", "week"]),
        ("chart-week", ["chart"]), ("chart-month", ["chart", "month"]), ("chart-year", ["chart", "year"]),
        ("chart-month-ascii", ["chart", "month"]),
    ]

    /// Charts are drawn for a UTF-8 terminal 100 columns wide, and one for a plain ASCII one 60 wide.
    static func environment(_ name: String) -> [String: String] {
        switch name {
        case "chart-month-ascii": ["COLUMNS": "60", "LANG": "C"]
        default: ["COLUMNS": "100", "LANG": "C.UTF-8"]
        }
    }

    @Test(arguments: views.map(\.name))
    func theDemoStoreViewsAreAsRecorded(_ name: String) throws {
        let arguments = try #require(Self.views.first { $0.name == name }).arguments
        let shade = ShadeProcess()
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent("data/demo-store").path, toPath: shade.store)
        let result = try shade.run(arguments, environment: Self.environment(name))
        #expect(result.status == 0, "\(result.stderr)")
        let file = Self.directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["SHADE_RECORD_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: Self.directory, withIntermediateDirectories: true)
            try Data(result.stdout.utf8).write(to: file)
            return
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(result.stdout == recorded, "\(name) differs from Golden/\(name).txt:\n\(result.stdout)")
    }
}
