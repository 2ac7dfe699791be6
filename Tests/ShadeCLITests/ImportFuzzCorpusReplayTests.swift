import Foundation
import ShadeFuzzChecks
import Testing

/// Replays the import readers' saved fuzz inputs (`Tests/FuzzCorpus/csv`, `ics`, `todotxt`,
/// `taskwarrior`, `json`): none may trap or break the reader's rules, each format's own export
/// reads back, and a file nested past its format's limit is refused naming the limit.
/// `scripts/fuzz` finds new ones.
@Suite struct ImportFuzzCorpusReplayTests {
    static let corpora = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus")

    /// The outcome of every saved input of a format, by file name.
    static func replay(_ format: String) throws -> [String: ImportCheck.Outcome] {
        let folder = corpora.appendingPathComponent(format)
        var outcomes: [String: ImportCheck.Outcome] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path) {
            let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent(name)))
            outcomes[name] = ImportCheck.read(fuzzInput: bytes, format: format)
        }
        return outcomes
    }

    @Test(arguments: ImportCheck.formats)
    func everySavedInputIsReadOrRefusedByTheRules(_ format: String) throws {
        let outcomes = try Self.replay(format)
        #expect(outcomes.count >= 5, "a handful of saved inputs for \(format)")
        for (name, outcome) in outcomes {
            if case .mismatch(let why) = outcome { Issue.record("\(format)/\(name): \(why)") }
        }
        #expect(outcomes["demo-export"] == .accepted, "shade's own \(format) export reads back")
        let refused = outcomes.values.filter { if case .refused = $0 { true } else { false } }
        #expect(refused.count >= 3, "the tricky inputs of \(format) are refused")
    }

    @Test(
        arguments: [
            ("ics", "deep-valarms", "nests deeper than 64 components (the limit)"),
            ("ics", "deep-x-components", "nests deeper than 64 components (the limit)"),
            ("taskwarrior", "deep-nesting", "nesting deeper than 32 levels (the limit)"),
            ("taskwarrior", "deep-object", "nesting deeper than 32 levels (the limit)"),
            ("json", "deep-nesting", "nesting deeper than 32 levels (the limit)"),
        ])
    func aFileNestedPastItsLimitIsRefusedNamingTheLimit(format: String, name: String, fragment: String) throws {
        let outcome = try #require(try Self.replay(format)[name])
        guard case .refused(let message) = outcome else {
            Issue.record("\(format)/\(name): \(outcome)")
            return
        }
        #expect(message.contains(fragment), "\(message)")
    }

    @Test(
        arguments: [
            ("ics", "year-9999"), ("csv", "year-1899"), ("todotxt", "year-9999"), ("taskwarrior", "year-9999"),
            ("json", "year-9999"),
        ])
    func aDateOutsideTheYearsShadeTakesIsRefused(format: String, name: String) throws {
        let outcome = try #require(try Self.replay(format)[name])
        guard case .refused(let message) = outcome else {
            Issue.record("\(format)/\(name): \(outcome)")
            return
        }
        #expect(message.contains("outside the dates shade takes (1900-01-01 to 9998-12-31)"), "\(message)")
    }
}
