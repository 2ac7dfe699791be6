import ShadeCore
import ShadeJSON

/// An id shard's file read without a json-c tree of its entries: shade's strict check of the
/// whole text (`JSONSyntax`) outlines it, json-c parses its header (the file with its `weeks`
/// written `[]`, checked as `IDShardDocument.decode` checks a shard), and each entry is read
/// from its own text, `null` or a week's name as shade writes it. A change that looks up one id,
/// or hands out the next, in a shard of 1024 so decodes no tree of 1024 values.
///
/// Nil whenever that would not give what a whole read gives (a text the check refuses, an entry
/// not written as shade writes it, a header the decoder refuses): the caller then reads the file
/// whole, which reports what is wrong with it, where.
///
/// It keeps where the entries end, so that a step that only hands out ids (entries added at the
/// end) writes the file as the text it was with the new entries put after the last
/// (`appending`), as the writer would lay them out, rather than writing 1024 entries again.
struct IDShardText {
    let bytes: [UInt8]
    let entries: [ISOWeek?]
    /// Where the last entry's text ends: a new entry goes there.
    private let end: Int
    /// What comes between two entries: the comma and the indent the writer put.
    private let separator: ArraySlice<UInt8>

    /// Reads `bytes`, the file of shard `shard`; `header` decodes the text it is given (the file
    /// with its entries left out) as a shard's, and says whether that decoder accepts it.
    init?(bytes: [UInt8], shard: Int, header: ([UInt8]) -> Bool) {
        // The file and its members.
        guard let outline = JSONSyntax.outline(bytes, depth: 2), bytes[outline.values[0].span.lowerBound] == 0x7B
        else { return nil }
        guard let list = outline.member(named: "weeks", of: 0, in: bytes) else { return nil }
        let span = outline.values[list].span
        guard bytes[span.lowerBound] == UInt8(ascii: "["), header(outline.replacing(list, in: bytes, with: "[]")),
            let read = IDShardText.entries(in: bytes, list: span)
        else { return nil }
        // Id 0 is never handed out: its entry is null (the whole read says so, if not).
        if shard == 0, let first = read.entries.first, first != nil { return nil }
        self.bytes = bytes
        entries = read.entries
        end = read.end
        separator = read.separator
    }

    /// The entries of the list at `list` in a text the check accepted (so each entry is JSON),
    /// each `null` or a week's name as shade writes it (`"2026-W48"`, no escape); where the last
    /// ends, and the text between the first two (or a comma and the first's indent). Nil for any
    /// other entry, for none, or for more than a shard holds.
    private static func entries(in bytes: [UInt8], list: Range<Int>) -> (
        entries: [ISOWeek?], end: Int, separator: ArraySlice<UInt8>
    )? {
        bytes.withUnsafeBufferPointer { text -> ([ISOWeek?], Int, ArraySlice<UInt8>)? in
            guard let base = text.baseAddress else { return nil }
            var entries: [ISOWeek?] = []
            entries.reserveCapacity(StoreFormat.idsPerShard)
            // The name read last (its eight bytes) and its week: ids in a row mostly name one week.
            var known: (name: UInt64, week: ISOWeek)?
            var index = list.lowerBound + 1
            var firstEnd = 0
            var secondStart = 0
            var end = 0
            func blanks() {
                while index < list.upperBound, [0x20, 0x0A, 0x0D, 0x09].contains(text[index]) { index += 1 }
            }
            while true {
                blanks()
                guard entries.count < StoreFormat.idsPerShard, index + 4 <= list.upperBound else { return nil }
                if entries.count == 1 { secondStart = index }
                if text[index] == UInt8(ascii: "n") {
                    // `null`, as the check accepted a word here.
                    entries.append(nil)
                    index += 4
                } else {
                    guard text[index] == UInt8(ascii: "\""), index + 10 <= list.upperBound,
                        text[index + 9] == UInt8(ascii: "\"")
                    else { return nil }
                    let name = UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt64.self)
                    if let known, known.name == name {
                        entries.append(known.week)
                    } else {
                        let characters = UnsafeBufferPointer(rebasing: text[(index + 1)..<(index + 9)])
                        guard !characters.contains(UInt8(ascii: "\\")),
                            let week = ISOWeek(parsing: String(decoding: characters, as: UTF8.self)),
                            week.description.utf8.elementsEqual(characters)
                        else { return nil }
                        entries.append(week)
                        known = (name, week)
                    }
                    index += 10
                }
                end = index
                if entries.count == 1 { firstEnd = index }
                blanks()
                guard index < list.upperBound else { return nil }
                if text[index] == UInt8(ascii: "]") { break }
                guard text[index] == UInt8(ascii: ",") else { return nil }
                index += 1
            }
            let separator =
                entries.count >= 2
                ? bytes[firstEnd..<secondStart]
                : [UInt8(ascii: ",")] + bytes[(list.lowerBound + 1)..<(firstEnd - (entries[0] == nil ? 4 : 10))]
            guard separator.first == UInt8(ascii: ",") else { return nil }
            return (entries, end, separator)
        }
    }

    /// The file's text with the entries of `entries` after those it holds put after its last, when
    /// `entries` begins with those it holds; else nil (the caller encodes the shard).
    func appending(_ entries: [ISOWeek?]) -> [UInt8]? {
        guard entries.count >= self.entries.count, entries[..<self.entries.count].elementsEqual(self.entries) else {
            return nil
        }
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count + (entries.count - self.entries.count) * (separator.count + 10))
        text += bytes[..<end]
        for entry in entries[self.entries.count...] {
            text += separator
            if let entry {
                text.append(UInt8(ascii: "\""))
                text += entry.description.utf8
                text.append(UInt8(ascii: "\""))
            } else {
                text += "null".utf8
            }
        }
        text += bytes[end...]
        return text
    }
}
