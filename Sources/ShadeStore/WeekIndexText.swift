import ShadeCore
import ShadeJSON

/// A week's id index (`WeekIndexDocument`) read without a json-c tree of its ids: shade's strict
/// check of the whole text (`JSONSyntax`) outlines it, json-c parses the rest (the file with its
/// `ids` written `{}`, checked as `WeekIndexDocument.decode` checks an index), and each id is read
/// from its own text, a whole number as shade writes it. A change to a dense week so builds no
/// tree of its hundreds of ids.
///
/// Nil whenever that would not give what a whole read gives (a text the check refuses, an id not
/// written as a plain whole number, the rest refused by the decoder): the caller then reads the
/// file whole, which reports what is wrong with it, where.
///
/// It keeps the text of the ids, so that a change that hands out ids writes them as that text
/// with the new entries put after the last (`idsText(for:)`), as the writer lays them out.
struct WeekIndexText {
    let bytes: [UInt8]
    let ids: [String: Int]
    /// The `ids` object's text.
    private let span: Range<Int>
    /// Where the last entry's value ends: a new entry goes there.
    private let end: Int
    /// What comes between two entries (the comma and the indent), and between a key and its
    /// value (the colon and its space), as the writer put them; nil with fewer than two entries.
    private let layout: (separator: ArraySlice<UInt8>, colon: ArraySlice<UInt8>)?
    /// The highest id read (0 with none).
    private let highest: Int

    /// Reads `bytes`; `rest` decodes the text it is given (the file with `ids` written `{}`) as
    /// the week's index, and says whether that decoder accepts it.
    init?(bytes: [UInt8], rest: ([UInt8]) -> Bool) {
        // The file, its members, the entries of `ids` (and of `checked`).
        guard let outline = JSONSyntax.outline(bytes, depth: 3), bytes[outline.values[0].span.lowerBound] == 0x7B
        else { return nil }
        guard let object = outline.member(named: "ids", of: 0, in: bytes) else { return nil }
        let span = outline.values[object].span
        guard bytes[span.lowerBound] == UInt8(ascii: "{"), rest(outline.replacing(object, in: bytes, with: "{}"))
        else { return nil }
        let entries = outline.children(of: object)
        var ids = [String: Int](minimumCapacity: entries.count)
        var seen = Set<Int>(minimumCapacity: entries.count)
        for entry in entries {
            // An id from 1 to Int32.max, written as shade writes it: digits, no leading zero. (The
            // check refused a key written twice, and any escape in a key.)
            let value = outline.values[entry]
            guard let key = value.key, let id = WeekIndexText.id(bytes[value.span]), seen.insert(id).inserted
            else { return nil }
            ids[String(decoding: bytes[key], as: UTF8.self)] = id
        }
        self.bytes = bytes
        self.ids = ids
        self.span = span
        highest = ids.values.max() ?? 0
        end = entries.last.map { outline.values[$0].span.upperBound } ?? span.lowerBound + 1
        if entries.count >= 2, let key = outline.values[entries[0]].key, let second = outline.values[entries[1]].key {
            // The first entry's text runs from its key's opening quote; the colon, past its closing one.
            layout = (
                bytes[outline.values[entries[0]].span.upperBound..<(second.lowerBound - 1)],
                bytes[(key.upperBound + 1)..<outline.values[entries[0]].span.lowerBound]
            )
        } else {
            layout = nil
        }
    }

    /// The id a value's text gives, when it is one written as shade writes it.
    private static func id(_ text: ArraySlice<UInt8>) -> Int? {
        guard (1...10).contains(text.count), let first = text.first, first != UInt8(ascii: "0") else { return nil }
        var number = 0
        for byte in text {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            number = number * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return number <= Int(Int32.max) ? number : nil
    }

    /// The text of `ids` as the writer would write it, made from the text read: that text when
    /// `ids` are those read, else as `idsText(adding:)` gives it when `ids` holds every one read.
    /// Nil otherwise (the caller encodes the ids).
    func idsText(for ids: [String: Int]) -> ArraySlice<UInt8>? {
        if ids == self.ids { return bytes[span] }
        guard ids.count > self.ids.count, self.ids.allSatisfy({ ids[$0.key] == $0.value }) else { return nil }
        return idsText(adding: ids.filter { self.ids[$0.key] == nil }.map { ($0.key, $0.value) })
    }

    /// The text of the ids read with `added` (uids it does not hold) after them, as the writer
    /// would write them all: each new entry put after the last, in id order, when each is above
    /// every id read and keyed by a uid that needs no escape. Nil otherwise.
    func idsText(adding added: [(uid: String, id: Int)]) -> ArraySlice<UInt8>? {
        guard !added.isEmpty else { return bytes[span] }
        guard let layout, added.allSatisfy({ $0.id > highest && WeekIndexText.plain($0.uid) }) else { return nil }
        var text: [UInt8] = []
        text.reserveCapacity(span.count + added.count * 64)
        text += bytes[span.lowerBound..<end]
        for (uid, id) in added.sorted(by: { $0.id < $1.id }) {
            text += layout.separator
            text.append(UInt8(ascii: "\""))
            text += uid.utf8
            text.append(UInt8(ascii: "\""))
            text += layout.colon
            text += String(id).utf8
        }
        text += bytes[end..<span.upperBound]
        return text[...]
    }

    /// Whether a uid is written as it is (letters, digits, `-`, `_`, `.`).
    private static func plain(_ uid: String) -> Bool {
        !uid.isEmpty
            && uid.utf8.allSatisfy { byte in
                (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                    || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                    || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
            }
    }
}
