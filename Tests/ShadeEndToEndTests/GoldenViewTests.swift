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
        ("show-json", ["show", "24", "--json"]),
    ]

    @Test(arguments: views.map(\.name))
    func theDemoStoreViewsAreAsRecorded(_ name: String) throws {
        let arguments = try #require(Self.views.first { $0.name == name }).arguments
        let shade = ShadeProcess()
        try FileManager.default.copyItem(
            atPath: ShadeProcess.packageRoot.appendingPathComponent("data/demo-store").path, toPath: shade.store)
        let result = try shade.run(arguments, environment: ["COLUMNS": "100"])
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
