import Foundation
import ShadeFuzzChecks
import Testing

/// Replays the command-line parser's saved fuzz inputs (`Tests/FuzzCorpus/commands`): none may
/// trap, and the demo week's lines are understood. `scripts/fuzz` finds new ones.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus/commands")

    @Test func everySavedLineParsesWithoutTrapping() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpusReplayTests.corpus.path)
        var understood = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: FuzzCorpusReplayTests.corpus.appendingPathComponent(name)))
            if CommandLineCheck.parse(fuzzInput: bytes) { understood += 1 }
        }
        #expect(names.count >= 60)
        #expect(understood >= 55, "\(understood) of \(names.count) understood")
    }
}
