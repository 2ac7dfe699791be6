import Foundation
import ShadeCore
import ShadeJSON
import Testing

/// Views pinned byte for byte in `Golden/` (`<view>-<case>.txt`), so that a change of layout
/// shows in review. `SHADE_RECORD_GOLDEN=1 swift test --filter ShadeRenderingTests` writes them
/// anew.
enum RecordedText {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// A week written in a test, known to be valid.
    static func week(_ text: String) -> ISOWeek {
        guard let week = ISOWeek(parsing: text) else { preconditionFailure("\(text) is not a week") }
        return week
    }

    /// Checks a text view against its recorded file.
    static func check(_ text: SafeText, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(text.text, name, sourceLocation: sourceLocation)
    }

    /// Checks a JSON document, written as `--json` prints it, against its recorded file.
    static func check(_ json: JSONValue, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try check(try JSONWriter.string(json), name, sourceLocation: sourceLocation)
    }

    private static func check(_ text: String, _ name: String, sourceLocation: SourceLocation) throws {
        let file = directory.appendingPathComponent(name + ".txt")
        if ProcessInfo.processInfo.environment["SHADE_RECORD_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: file)
            return
        }
        let recorded = try String(contentsOf: file, encoding: .utf8)
        #expect(text == recorded, "\(name) differs from Golden/\(name).txt:\n\(text)", sourceLocation: sourceLocation)
    }
}
