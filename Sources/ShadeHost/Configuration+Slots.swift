import ShadeCore
import ShadeJSON

/// The slot boundaries as `config` sets them (SPEC §16): `slots.morning 06:00-12:00` for every
/// day, `slots.sat.morning 08:00-13:00` for one weekday, kept in the settings file as starts.
extension Configuration {
    /// A slot setting's name: `slots.SLOT` (every day), `slots.DAY.SLOT`, or `slots.DAY` (to unset).
    public struct SlotKey: Hashable, Sendable, CustomStringConvertible {
        /// The weekday whose own boundaries it names; nil for every day.
        public let weekday: Weekday?
        /// The slot; nil for a weekday's boundaries as a whole.
        public let slot: Slot?

        /// Reads `slots.morning`, `slots.sat.morning`, `slots.saturday.evening` or `slots.sat`.
        public init?(_ text: String) {
            let parts = text.lowercased().split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count >= 2, parts.count <= 3, parts[0] == "slots" else { return nil }
            if parts.count == 3 {
                guard let weekday = Weekday(name: parts[1]), let slot = Slot(rawValue: parts[2]) else { return nil }
                self.weekday = weekday
                self.slot = slot
            } else if let slot = Slot(rawValue: parts[1]) {
                weekday = nil
                self.slot = slot
            } else if let weekday = Weekday(name: parts[1]) {
                self.weekday = weekday
                slot = nil
            } else {
                return nil
            }
        }

        /// `slots.sat.morning`.
        public var description: String {
            (["slots", weekday?.shortName, slot?.rawValue] as [String?]).compactMap { $0 }.joined(separator: ".")
        }
    }

    /// The schedule of the settings file in `directory` (the standard one without a file).
    public static func schedule(directory: String) throws(HostError) -> SlotSchedule {
        let path = path(in: directory)
        guard let slots = try settings(at: path)?["slots"] else { return .standard }
        return try schedule(from: slots, path: path)
    }

    /// Sets `key` (a slot, of every day or of a weekday) to run from `start` to `end`, moving its
    /// neighbours' edges, and returns the schedule it makes. Refused, the file as it was, when the
    /// range runs backwards, swallows a neighbour, or leaves some day's slots out of order.
    public static func setSlot(_ key: SlotKey, from start: TimeOfDay, to end: TimeOfDay, directory: String) throws
        -> SlotSchedule
    {
        guard let slot = key.slot else { throw InputError.usage("\(key) names a day; name its slot: \(key).morning") }
        let path = path(in: directory)
        let current = try schedule(directory: directory)
        let day = key.weekday.map(current.boundaries(of:)) ?? current.everyDay
        let set = try day.setting(slot, from: start, to: end)
        var slots = try settings(at: path)?["slots"]?.objectValue ?? JSONObject()
        var target = key.weekday.map { slots[$0.shortName]?.objectValue ?? JSONObject() } ?? slots
        for name in Slot.allCases where name.index == slot.index || name.index == slot.index + 1 {
            target[name.rawValue] = .string(set.start(of: name).description)
        }
        if let weekday = key.weekday { slots[weekday.shortName] = .object(target) } else { slots = target }
        return try write(slots, path: path, directory: directory)
    }

    /// Takes `key` out of the file: a weekday's start of a slot, or all its own (`slots.sat`), or
    /// the every-day start of a slot (back to the standard one).
    public static func unsetSlot(_ key: SlotKey, directory: String) throws -> SlotSchedule {
        let path = path(in: directory)
        var slots = try settings(at: path)?["slots"]?.objectValue ?? JSONObject()
        if let weekday = key.weekday {
            var own = slots[weekday.shortName]?.objectValue ?? JSONObject()
            if let slot = key.slot { own[slot.rawValue] = nil } else { own = JSONObject() }
            slots[weekday.shortName] = own.count == 0 ? JSONValue?.none : .object(own)
        } else if let slot = key.slot {
            slots[slot.rawValue] = nil
        }
        return try write(slots, path: path, directory: directory)
    }

    /// Checks `slots` as a whole and writes it (the member taken out when empty).
    private static func write(_ slots: JSONObject, path: String, directory: String) throws -> SlotSchedule {
        let schedule: SlotSchedule
        do { schedule = try Configuration.schedule(from: .object(slots), path: path) } catch {
            if case .badSetting(_, let problem) = error { throw InputError.invalid(problem) }
            throw error
        }
        try update(directory: directory, mode: nil) { object in
            object["slots"] = slots.count == 0 ? JSONValue?.none : .object(slots)
        }
        return schedule
    }
}
