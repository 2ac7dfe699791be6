import ShadeCore
import ShadeJSON
import ShadeStore

/// The `capacity` setting: `{"morning": 3, "evening": "3h", "saturday": {"evening": 1}}` — a
/// limit per slot, and per weekday and slot, in open tasks or in minutes of their estimates.
extension Configuration {
    /// The largest limit a slot may have.
    public static let capacityLimit = 999

    /// Reads the `capacity` member of the settings.
    static func capacity(from value: JSONValue, path: String) throws(HostError) -> SlotCapacity {
        let shape: SafeText = "capacity must be an object such as {\"morning\": 3, \"saturday\": {\"evening\": 1}}"
        guard let members = value.objectValue else { throw .badSetting(path: path, problem: shape) }
        var capacity = SlotCapacity()
        func set(_ value: JSONValue, _ name: String, _ slot: Slot, _ weekday: Weekday?) throws(HostError) {
            if let text = value.stringValue, let minutes = Estimate.minutes(text) {
                capacity.set(minutes: minutes, for: slot, on: weekday)
                return
            }
            guard let number = value.intValue, (0...Int64(capacityLimit)).contains(number) else {
                throw .badSetting(
                    path: path,
                    problem:
                        "capacity.\(name) must be a whole number from 0 to \(capacityLimit), or minutes such as \"3h\" or \"90m\""
                )
            }
            capacity.set(Int(number), for: slot, on: weekday)
        }
        for (key, member) in members {
            if let slot = Slot(rawValue: key) {
                try set(member, key, slot, nil)
            } else if let weekday = Weekday(name: key), weekday.name == key {
                guard let slots = member.objectValue else { throw .badSetting(path: path, problem: shape) }
                for (slotKey, slotMember) in slots {
                    guard let slot = Slot(rawValue: slotKey) else {
                        throw .badSetting(
                            path: path,
                            problem: "capacity.\(key).\(slotKey) is not a slot; use morning, afternoon or evening")
                    }
                    try set(slotMember, "\(key).\(slotKey)", slot, weekday)
                }
            } else {
                throw .badSetting(
                    path: path,
                    problem:
                        "capacity.\(key) is neither a slot (morning, afternoon, evening) nor a weekday (monday … sunday)"
                )
            }
        }
        return capacity
    }

    /// Writes the `capacity` setting into the settings file of a directory, keeping every other
    /// setting as it is: `limits` as the setting holds them (`CapacityView.limits` words a
    /// `SlotCapacity` so), an empty object taking the setting out. The file is replaced
    /// atomically (a crash leaves the old settings or the new ones).
    public static func saveCapacity(_ limits: JSONValue, directory: String) throws(HostError) {
        try update(directory: directory, mode: nil) { object in
            // No limit left: the setting goes (a JSON null would be a setting no load accepts).
            object["capacity"] = limits.objectValue?.count == 0 ? JSONValue?.none : limits
        }
    }

    /// Changes the settings file of a directory as `body` says, keeping every other setting as
    /// it is; the file is replaced atomically (a crash leaves the old settings or the new ones),
    /// with `mode`, else the mode it had (0644 for a new one).
    static func update(directory: String, mode wanted: UInt32?, _ body: (inout JSONObject) -> Void)
        throws(HostError)
    {
        let path = path(in: directory)
        var object = try settings(at: path) ?? JSONObject()
        body(&object)
        let text: String
        do { text = try JSONWriter.string(.object(object)) } catch { throw .settingsNotWritten(path: path) }
        do {
            try TextFile.makePrivateDirectory(directory)
            let mode = wanted ?? UserFile.permissions(of: path) ?? 0o644
            try TextFile.writeAtomically(path, text.hasSuffix("\n") ? text : text + "\n", mode: mode)
        } catch { throw .settingsFile(error.message) }
    }
}
