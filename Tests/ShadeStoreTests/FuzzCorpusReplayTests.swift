import Foundation
import ShadeStore
import Testing

/// Replays the store loader's saved fuzz inputs (`Tests/FuzzCorpus/store`, each a kind byte and a
/// file's bytes): what the loader accepts must write back equal. `scripts/fuzz` finds new ones.
@Suite struct FuzzCorpusReplayTests {
    static let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("FuzzCorpus/store")

    @Test func everySavedInputRoundTripsOrIsRefused() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: FuzzCorpusReplayTests.corpus.path)
        var accepted = 0
        for name in names {
            let bytes = [UInt8](try Data(contentsOf: FuzzCorpusReplayTests.corpus.appendingPathComponent(name)))
            let outcome = StoreFileCodec.roundTrip(fuzzInput: bytes)
            if case .mismatch(let why) = outcome { Issue.record("\(name): \(why)") }
            if outcome == .roundTripped { accepted += 1 }
        }
        #expect(names.count >= 7)
        #expect(accepted >= 6, "the demo store's files are accepted")
    }

    @Test func categoriesInAnyOrderRoundTrip() {
        // Found by the fuzzer: a hand-ordered list read back in name order differed.
        let file =
            #"{"format": 2, "kind": "categories", "categories": [{"name": "work", "color": null}, {"name": "bill", "color": "red"}]}"#
        #expect(StoreFileCodec.roundTrip(Array(file.utf8), as: "categories.json") == .roundTripped)
    }
}
