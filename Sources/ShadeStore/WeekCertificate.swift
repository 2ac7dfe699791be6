import ShadeCore

/// What a one-shot change knows of the week file it wrote, kept in the week's id index
/// (`WeekIndexDocument`, the `file` entry of `checked`): the hash of the file's whole text, and
/// day by day, in the file's order, where the day's object lies and each of its tasks — its id
/// (the index gives its uid), its slot, and whether it is open. The next change to one of the
/// week's days then reads that day alone without a look at the other six (`WeekDayText`): what it
/// would have found in them is here.
///
/// It stands for the file only while the file's text has that hash: a file changed in any way —
/// by a sync, another program, an edit by hand — is read as before. The hash is keyed: each
/// certificate draws a random key, kept beside the hash in the index, which never leaves this
/// copy. A member of a shared planner, who knows every byte of the week file this copy wrote
/// (git carries it) and how the hash mixes them, so cannot make a file of their own that the
/// certificate would stand for, and have this copy take its days' places in that file from it.
///
/// Each task may also say where its object lies, from the start of its day's (a day's tasks all
/// do or none does): the day read then needs no look at its text to carry its other tasks
/// (`WeekDayText`).
///
/// As text: `KEY-HASH;DATE START END TASK…;…`, each task its slot's initial, its id and `+`
/// when open, `-` when not, then `@OFFSET:LENGTH` when it says where it lies:
/// `00000000000000ff-0123456789abcdef;2026-11-23 58 2911 m12+@30:402 m13-@440:380;2026-11-24 2925 3400`.
struct WeekCertificate: Equatable {
    struct Task: Equatable {
        let id: Int
        let slot: Slot
        let isOpen: Bool
        /// Where its object lies, from the start of its day's object.
        var span: Range<Int>? = nil
    }

    struct Day: Equatable {
        let date: CivilDate
        /// The day's object in the file, `{` through `}`.
        let span: Range<Int>
        let tasks: [Task]
    }

    /// The key of the hash, and the hash under it of the file's text and of what the certificate
    /// says of it (`sealed`).
    let key: UInt64
    let hash: UInt64
    /// The file's days, in its order.
    let days: [Day]
    /// The days as the certificate's text gives them (`text(of:)`: made once, or as read).
    private let daysText: [UInt8]

    init(key: UInt64, hash: UInt64, days: [Day]) {
        self.init(key: key, hash: hash, days: days, daysText: WeekCertificate.text(of: days))
    }

    private init(key: UInt64, hash: UInt64, days: [Day], daysText: [UInt8]) {
        (self.key, self.hash, self.days, self.daysText) = (key, hash, days, daysText)
    }

    /// The certificate of the file `bytes`, whose days are `days`, under a key drawn for it.
    init(of bytes: [UInt8], days: [Day]) {
        let key = UInt64.random(in: .min ... .max)
        let daysText = WeekCertificate.text(of: days)
        self.init(
            key: key, hash: WeekCertificate.sealed(bytes, daysText: daysText, key: key), days: days, daysText: daysText)
    }

    /// Whether the certificate stands for the file `bytes`: its text, and what the certificate says
    /// of it, have the certificate's hash.
    func standsFor(_ bytes: [UInt8]) -> Bool { WeekCertificate.sealed(bytes, daysText: daysText, key: key) == hash }

    /// The hash of the file `bytes` under `key`, itself keyed by the hash of the days as the
    /// certificate writes them (`daysText`): the places it gives are carried into the next file
    /// unread, so a certificate edited by hand (a day's or a task's place moved, a task left out)
    /// stands for nothing, as a file edited does.
    private static func sealed(_ bytes: [UInt8], daysText: [UInt8], key: UInt64) -> UInt64 {
        let said = DayTextHash.hash(ofFile: daysText[...], key: key)
        return DayTextHash.hash(ofFile: bytes[...], key: key ^ said)
    }

    /// A certificate as the index holds it, of a file of `week`; nil unless every part reads as
    /// one (days of the week, each once, their spans in order and apart, ids from 1 up).
    init?(text: String, week: ISOWeek) {
        var text = text
        let parsed = text.withUTF8 { bytes -> (UInt64, UInt64, [Day], daysText: [UInt8])? in
            var reader = Reader(bytes: bytes)
            guard let key = reader.hash(), reader.take(UInt8(ascii: "-")), let hash = reader.hash() else { return nil }
            let daysStart = reader.index
            var days: [Day] = []
            var end = 0
            while reader.take(UInt8(ascii: ";")) {
                guard let date = reader.date(), date.isoWeek == week, !days.contains(where: { $0.date == date }),
                    reader.take(UInt8(ascii: " ")), let start = reader.number(), reader.take(UInt8(ascii: " ")),
                    let stop = reader.number(), start >= end, start < stop
                else { return nil }
                var tasks: [Task] = []
                var taskEnd = 0
                // Whether the day's tasks say where they lie, as its first says (nil before it).
                var placesGiven: Bool?
                while reader.take(UInt8(ascii: " ")) {
                    let slot: Slot
                    switch reader.next() {
                    case UInt8(ascii: "m"): slot = .morning
                    case UInt8(ascii: "a"): slot = .afternoon
                    case UInt8(ascii: "e"): slot = .evening
                    default: return nil
                    }
                    guard let id = reader.number(), id > 0 else { return nil }
                    let isOpen: Bool
                    switch reader.next() {
                    case UInt8(ascii: "+"): isOpen = true
                    case UInt8(ascii: "-"): isOpen = false
                    default: return nil
                    }
                    var task = Task(id: id, slot: slot, isOpen: isOpen)
                    // Where it lies: within its day, after the task before, a day's tasks all
                    // saying so or none.
                    let placed = reader.take(UInt8(ascii: "@"))
                    guard placed == (placesGiven ?? placed) else { return nil }
                    placesGiven = placed
                    if placed {
                        guard let offset = reader.number(), reader.take(UInt8(ascii: ":")),
                            let length = reader.number(), offset >= taskEnd, length >= 2,
                            offset + length <= stop - start
                        else { return nil }
                        task.span = offset..<(offset + length)
                        taskEnd = offset + length
                    }
                    tasks.append(task)
                }
                days.append(Day(date: date, span: start..<stop, tasks: tasks))
                end = stop
            }
            // The days' text as read: every number and separator was read as the text writes them.
            return reader.atEnd ? (key, hash, days, Array(bytes[daysStart...])) : nil
        }
        guard let parsed else { return nil }
        self.init(key: parsed.0, hash: parsed.1, days: parsed.2, daysText: parsed.daysText)
    }

    /// The certificate as the index holds it.
    var text: String {
        String(
            decoding: Array(DayTextHash.text(of: key).utf8) + [UInt8(ascii: "-")]
                + Array(DayTextHash.text(of: hash).utf8) + daysText, as: UTF8.self)
    }

    /// The days as the certificate's text gives them: `;DATE START END TASK…` for each.
    private static func text(of days: [Day]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(days.reduce(0) { $0 + 32 + $1.tasks.count * 20 })
        func append(_ number: Int) {
            var unit = 1
            while unit <= number / 10 { unit *= 10 }
            var rest = number
            while unit > 0 {
                bytes.append(UInt8(ascii: "0") + UInt8(rest / unit))
                rest %= unit
                unit /= 10
            }
        }
        for day in days {
            bytes.append(UInt8(ascii: ";"))
            bytes += day.date.description.utf8
            bytes.append(UInt8(ascii: " "))
            append(day.span.lowerBound)
            bytes.append(UInt8(ascii: " "))
            append(day.span.upperBound)
            for task in day.tasks {
                bytes.append(UInt8(ascii: " "))
                bytes.append(task.slot.rawValue.utf8.first ?? UInt8(ascii: "m"))
                append(task.id)
                bytes.append(task.isOpen ? UInt8(ascii: "+") : UInt8(ascii: "-"))
                if let span = task.span {
                    bytes.append(UInt8(ascii: "@"))
                    append(span.lowerBound)
                    bytes.append(UInt8(ascii: ":"))
                    append(span.count)
                }
            }
        }
        return bytes
    }

    /// A certificate's text read byte by byte.
    private struct Reader {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        var atEnd: Bool { index == bytes.count }

        /// The next byte (0 at the end), taken.
        mutating func next() -> UInt8 {
            guard index < bytes.count else { return 0 }
            index += 1
            return bytes[index - 1]
        }

        /// Takes `byte` when it comes next.
        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// Sixteen lowercase hexadecimal digits.
        mutating func hash() -> UInt64? {
            guard index + 16 <= bytes.count else { return nil }
            var value: UInt64 = 0
            for _ in 0..<16 {
                let byte = next()
                switch byte {
                case UInt8(ascii: "0")...UInt8(ascii: "9"): value = value << 4 | UInt64(byte - UInt8(ascii: "0"))
                case UInt8(ascii: "a")...UInt8(ascii: "f"): value = value << 4 | UInt64(byte - UInt8(ascii: "a") + 10)
                default: return nil
                }
            }
            return value
        }

        /// A whole number: decimal digits, no leading zero, within 32 bits.
        mutating func number() -> Int? {
            let start = index
            var value = 0
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                value = value * 10 + Int(bytes[index] - UInt8(ascii: "0"))
                index += 1
                guard value <= Int(Int32.max) else { return nil }
            }
            let count = index - start
            guard count > 0, count == 1 || bytes[start] != UInt8(ascii: "0") else { return nil }
            return value
        }

        /// A date as `2026-11-23`, one that is.
        mutating func date() -> CivilDate? {
            guard index + 10 <= bytes.count,
                let date = CivilDate(
                    iso: String(decoding: UnsafeBufferPointer(rebasing: bytes[index..<(index + 10)]), as: UTF8.self)),
                date.description.utf8.elementsEqual(bytes[index..<(index + 10)])
            else { return nil }
            index += 10
            return date
        }
    }
}
