import Foundation
import ShadeCore
import ShadeJSON
import Testing

/// The planning views pinned byte for byte in `Golden/plan/`, so that a change of layout shows in
/// review. `SHADE_RECORD_GOLDEN=1 swift test --filter ShadeRenderingTests` writes them anew.
enum PlanGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Golden/plan")

    /// Checks a text view against `Golden/plan/NAME.txt` (or records it).
    static func check(_ name: String, _ text: SafeText, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(name, text.text, sourceLocation: sourceLocation)
    }

    /// Checks a JSON document, as `--json` writes it, against `Golden/plan/NAME.json`.
    static func check(_ name: String, _ value: JSONValue, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(name, try JSONWriter.string(value), ext: "json", sourceLocation: sourceLocation)
    }

    /// Lines, each ending in a line break.
    static func check(_ name: String, _ lines: [SafeText], sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(name, lines.map { $0.text + "\n" }.joined(), sourceLocation: sourceLocation)
    }

    private static func check(
        _ name: String, _ text: String, ext: String = "txt", sourceLocation: SourceLocation
    ) throws {
        let file = directory.appendingPathComponent(name + "." + ext)
        if ProcessInfo.processInfo.environment["SHADE_RECORD_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(
            text == recorded, "\(name) differs from Golden/plan/\(file.lastPathComponent):\n\(text)",
            sourceLocation: sourceLocation)
    }
}
