import ShadeCore
import ShadeJSON

/// A week file as a step read it: its text, and the tasks it was read as, by uid.
///
/// When the step writes the week again, a task it has not changed (equal in every field to the
/// task the file was read as) is put back as the text the file gave it rather than written anew
/// (`JSONWriter.bytes(_:verbatim:)`): a change to a week of many tasks writes the tasks it changed.
/// A week shade wrote reads back the same either way; a task someone else wrote keeps their
/// layout until it changes.
struct WeekSource {
    let bytes: [UInt8]
    /// The tasks the file was read as, in its order.
    let tasks: [PlannerTask]

    /// How many weeks' texts a step keeps: the few a change writes (a large change reads many
    /// weeks, and writes them a few at a time).
    static let kept = 4

    /// The depth of a task's object in a week file: the file, `days`, a day, a slot's list, the task.
    static let taskDepth = 5

    /// The text of every task of the file whose first member is its uid, by that uid.
    private func texts() -> [String: Range<Int>] {
        var texts: [String: Range<Int>] = [:]
        for span in JSONParser.objectSpans(in: bytes, depth: WeekSource.taskDepth) {
            if let uid = leadingUID(in: span) { texts[uid] = span }
        }
        return texts
    }

    /// The uid an object's text names first (`{ "uid": "…"`), when it does so with no escape.
    private func leadingUID(in span: Range<Int>) -> String? {
        var index = span.lowerBound + 1
        func skipBlanks() {
            while index < span.upperBound, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 }
        }
        func expect(_ text: String) -> Bool {
            for byte in text.utf8 {
                guard index < span.upperBound, bytes[index] == byte else { return false }
                index += 1
            }
            return true
        }
        skipBlanks()
        guard expect("\"uid\"") else { return nil }
        skipBlanks()
        guard expect(":") else { return nil }
        skipBlanks()
        guard expect("\"") else { return nil }
        let start = index
        while index < span.upperBound, bytes[index] != UInt8(ascii: "\"") {
            guard bytes[index] != UInt8(ascii: "\\") else { return nil }
            index += 1
        }
        guard index < span.upperBound else { return nil }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// For the tasks of `current` that are as the file holds them: a name for each (by uid), to
    /// stand in the week's document in place of the task, and the text each name stands for.
    func unchanged(in current: [PlannerTask]) -> (names: [String: String], texts: [String: ArraySlice<UInt8>]) {
        let spans = texts()
        guard !spans.isEmpty else { return ([:], [:]) }
        let read = Dictionary(tasks.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
        // A name no value read from a file can hold: a NUL, then a nonce of this write.
        let nonce = "\u{0}\(UInt64.random(in: .min ... .max))-"
        var names: [String: String] = [:]
        var texts: [String: ArraySlice<UInt8>] = [:]
        for task in current {
            guard let span = spans[task.uid], read[task.uid] == task else { continue }
            let name = nonce + task.uid
            names[task.uid] = name
            texts[name] = bytes[span]
        }
        return (names, texts)
    }
}
