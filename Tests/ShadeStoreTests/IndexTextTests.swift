import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// An id shard and a week's id index read from their text (`IDShardText`, `WeekIndexText`): what
/// they read is what json-c's whole read decodes, what they write after handing out ids is byte
/// for byte what the writer writes, and a text not written as shade writes it is left to the
/// whole read (nil).
@Suite struct IndexTextTests {
    let file = "/store/ids/0009.json"
    let week = ISOWeek(uncheckedYear: 2026, week: 48)

    private func shardBytes(_ shard: Int, _ weeks: [ISOWeek?]) throws -> [UInt8] {
        try StoreText.bytes(IDShardDocument.encode(shard: shard, weeks: weeks), file: file)
    }

    /// The whole read's entries, or nil when it refuses the text.
    private func wholeShard(_ bytes: [UInt8], _ shard: Int) -> [ISOWeek?]? {
        guard let document = try? JSONDocument(parsing: bytes) else { return nil }
        return try? IDShardDocument.decode(document.value, file: file, shard: shard)
    }

    private func shardText(_ bytes: [UInt8], _ shard: Int) -> IDShardText? {
        IDShardText(bytes: bytes, shard: shard) { header in wholeShard(header, shard) != nil }
    }

    private func weeks(_ count: Int, nullEvery: Int = 7) -> [ISOWeek?] {
        (0..<count).map { index in
            index % nullEvery == 3 ? nil : ISOWeek(uncheckedYear: 2026, week: 1 + index / 40)
        }
    }

    @Test(arguments: [1, 2, 3, 50, 1023])
    func aShardReadsAsTheWholeReadAndGrowsAsTheWriterWrites(count: Int) throws {
        let entries = weeks(count)
        let bytes = try shardBytes(9, entries)
        let text = try #require(shardText(bytes, 9))
        #expect(text.entries == entries)
        #expect(text.entries == wholeShard(bytes, 9))
        // Ids handed out: entries added at the end, a null among them.
        let grown = entries + [week, nil, week].prefix(1024 - count)
        let written = try #require(text.appending(grown))
        #expect(written == (try shardBytes(9, grown)))
        #expect(wholeShard(written, 9) == grown)
        // Anything but entries added at the end is for the writer.
        var changed = grown
        changed[0] = changed[0] == nil ? week : nil
        #expect(text.appending(changed) == nil)
        #expect(text.appending(Array(entries.dropLast())) == nil)
    }

    @Test func aShardNotWrittenAsShadeWritesOneIsLeftToTheWholeRead() throws {
        let good = String(decoding: try shardBytes(9, weeks(5)), as: UTF8.self)
        let texts = [
            // An entry that is not a week's name or null, a name with an escape, a week that is
            // not one, a name not written as shade writes it.
            good.replacingOccurrences(of: "null", with: "0"),
            good.replacingOccurrences(of: "null", with: "[]"),
            good.replacingOccurrences(of: "null", with: "\"2026-W\\u0034\""),
            good.replacingOccurrences(of: "2026-W01", with: "2026-W99"),
            good.replacingOccurrences(of: "2026-W01", with: "2026-w01"),
            // A header the decoder refuses, a second `weeks`, no entries, text past the end.
            good.replacingOccurrences(of: "\"first\": 9216", with: "\"first\": 9217"),
            good.replacingOccurrences(of: "\"kind\": \"ids\"", with: "\"kind\": \"week\""),
            good.replacingOccurrences(of: "\"first\"", with: "\"weeks\": [], \"first\""),
            good.replacingOccurrences(of: "\"format\"", with: "\"extra\": 1, \"format\""),
            String(good[..<good.firstIndex(of: "[")!]) + "[]\n}\n",
            good + "x",
        ]
        for text in texts {
            #expect(text != good)
            #expect(shardText(Array(text.utf8), 9) == nil, "\(text)")
        }
        // Id 0 is never handed out.
        #expect(shardText(try shardBytes(0, [week]), 0) == nil)
        #expect(shardText(try shardBytes(0, [nil, week]), 0)?.entries == [nil, week])
    }

    private func indexBytes(_ ids: [String: Int], checked: [CivilDate: UInt64] = [:]) throws -> [UInt8] {
        try StoreText.bytes(WeekIndexDocument.encode(week: week, ids: ids, checked: checked), file: file)
    }

    private func indexText(_ bytes: [UInt8]) -> WeekIndexText? {
        WeekIndexText(bytes: bytes) { rest in
            (try? JSONDocument(parsing: rest)).map { document in
                (try? WeekIndexDocument.decode(document.value, file: file, expected: week)) != nil
            } ?? false
        }
    }

    private func uids(_ count: Int, from first: Int = 0) -> [String: Int] {
        Dictionary(
            uniqueKeysWithValues: (first..<(first + count)).map { ("uid-\($0)-\(UInt64($0) &* 0x9E37)", 100 + $0) })
    }

    @Test(arguments: [2, 3, 64, 65, 300])
    func anIndexReadsAsTheWholeReadAndGrowsAsTheWriterWrites(count: Int) throws {
        let ids = uids(count)
        let checked: [CivilDate: UInt64] = [CivilDate(year: 2026, month: 11, day: 24)!: 0x1234]
        let bytes = try indexBytes(ids, checked: checked)
        let text = try #require(indexText(bytes))
        #expect(text.ids == ids)
        let whole = try JSONDocument(parsing: bytes)
        #expect(text.ids == (try WeekIndexDocument.decode(whole.value, file: file, expected: week)))
        // The ids as read are their text; ids handed out are put after the last.
        let same = try #require(text.idsText(for: ids))
        #expect(Array(same) == Array(try indexBytes(ids)[try #require(Self.idsSpan(in: try indexBytes(ids)))]))
        let grown = ids.merging(uids(3, from: count + 10)) { first, _ in first }
        let written = try #require(text.idsText(for: grown))
        let expected = try indexBytes(grown)
        #expect(Array(written) == Array(expected[try #require(Self.idsSpan(in: expected))]))
        // Ids that are not the ones read with new ones after them are for the writer.
        var renumbered = grown
        renumbered[ids.keys.first!] = 99
        #expect(text.idsText(for: renumbered) == nil)
        #expect(text.idsText(for: ids.merging(["uid-low": 1]) { first, _ in first }) == nil)
        #expect(text.idsText(for: ids.merging(["uid \"quoted\"": 9000]) { first, _ in first }) == nil)
        #expect(text.idsText(for: ids.filter { $0.value != 100 }) == nil)
    }

    /// The `ids` object's text in an index the writer wrote.
    private static func idsSpan(in bytes: [UInt8]) -> Range<Int>? {
        guard let start = bytes.firstIndex(of: UInt8(ascii: "{")),
            let open = bytes[(start + 1)...].firstIndex(of: UInt8(ascii: "{")),
            let close = bytes[open...].firstIndex(of: UInt8(ascii: "}"))
        else { return nil }
        return open..<(close + 1)
    }

    @Test func anIndexNotWrittenAsShadeWritesOneIsLeftToTheWholeRead() throws {
        let good = String(decoding: try indexBytes(uids(3)), as: UTF8.self)
        let texts = [
            good.replacingOccurrences(of: ": 100", with: ": 0100"),
            good.replacingOccurrences(of: ": 100", with: ": -100"),
            good.replacingOccurrences(of: ": 100", with: ": 100.0"),
            good.replacingOccurrences(of: ": 100", with: ": \"100\""),
            good.replacingOccurrences(of: ": 100", with: ": 9999999999"),
            good.replacingOccurrences(of: ": 100", with: ": 101"),
            good.replacingOccurrences(of: "2026-W48\"", with: "2026-W49\""),
            good.replacingOccurrences(of: "\"ids\"", with: "\"idz\""),
            good + "x",
        ]
        for text in texts {
            #expect(text != good)
            #expect(indexText(Array(text.utf8)) == nil, "\(text)")
        }
    }
}
