import ShadeCore
import ShadeJSON
import ShadeStore

/// The user's settings, from `$XDG_CONFIG_HOME/shade/config.json`: theirs, never part of the
/// planner.
///
/// ```json
/// {"slots": {"morning": "06:00", "afternoon": "12:00", "evening": "18:00"},
///  "user": {"name": "ana", "email": "ana@example.org"}, "reminders": {"default": "15m"},
///  "capacity": {"morning": 3, "saturday": {"evening": 1}}, "sync": {"keep_removals_days": 90}}
/// ```
///
/// A setting that is not what it should be is refused with a `HostError` naming the file, what
/// was wrong and what would be right; no file is no settings, and a `capacity` or `user` of
/// null (as earlier versions wrote one cleared) is that setting unset.
public struct Configuration: Sendable {
    /// The slot boundaries (`slots`), the standard ones when not set.
    public var schedule = SlotSchedule.standard
    /// Who changes are by (`user.name`), when set.
    public var userName: String?
    /// The user's email address (`user.email`), when set.
    public var userEmail: String?
    /// The reminder a new task gets when `add` names none (`reminders.default`).
    public var defaultReminder: Reminders?
    /// How many open tasks a slot holds before it is over-full (`capacity`).
    public var capacity = SlotCapacity()
    /// How many days a removal is kept in a shared planner's files before a sync may drop it,
    /// once every member has synced past it (`sync.keep_removals_days`, SPEC §15).
    public var keepRemovalsDays = 90
    /// The file holding the CalDAV password (`caldav.password_file`), when named.
    public var caldavPasswordFile: String?

    /// The settings file in a configuration directory.
    public static func path(in directory: String) -> String { directory + "/config.json" }

    /// The settings of the file in `directory` (the defaults when there is none), every one
    /// checked.
    public static func load(directory: String) throws(HostError) -> Configuration {
        let path = path(in: directory)
        var configuration = Configuration()
        guard var object = try settings(at: path) else { return configuration }
        // Earlier versions wrote a cleared capacity or user as null: it reads as not set.
        for key in ["capacity", "user"] where object[key] == .null { object[key] = JSONValue?.none }
        let known = ["slots", "user", "reminders", "capacity", "sync", "caldav"]
        for key in object.keys where !known.contains(key) {
            throw .badSetting(
                path: path, problem: "unknown setting '\(key)'; known settings: \(known.joined(separator: ", "))")
        }
        if let capacity = object["capacity"] {
            configuration.capacity = try Self.capacity(from: capacity, path: path)
        }
        if let reminders = object["reminders"] {
            guard let members = reminders.objectValue, members.keys.allSatisfy({ $0 == "default" }),
                let text = members["default"]?.stringValue
            else {
                throw .badSetting(path: path, problem: "reminders must be an object such as {\"default\": \"15m\"}")
            }
            if text.lowercased() != "none" {
                guard let reminder = Reminders(parsing: text) else {
                    throw .badSetting(
                        path: path,
                        problem:
                            "reminders.default is '\(SafeText.quoted(text))', not a reminder such as \"15m\", \"1h\", \"07:45\" or \"slot\""
                    )
                }
                configuration.defaultReminder = reminder
            }
        }
        if let user = object["user"] {
            let shape: SafeText = "user must be an object such as {\"name\": \"ana\", \"email\": \"ana@example.org\"}"
            guard let members = user.objectValue, members.keys.allSatisfy({ $0 == "name" || $0 == "email" }) else {
                throw .badSetting(path: path, problem: shape)
            }
            if let value = members["name"] {
                guard let name = value.stringValue, !name.isEmpty, name.count <= 100 else {
                    throw .badSetting(path: path, problem: "user.name must be a name such as \"ana\"")
                }
                configuration.userName = name
            }
            if let value = members["email"] {
                guard let email = value.stringValue, (try? MemberOperations.validateEmail(email)) != nil else {
                    throw .badSetting(path: path, problem: "user.email must be an address such as \"ana@example.org\"")
                }
                configuration.userEmail = email
            }
        }
        if let slots = object["slots"] {
            configuration.schedule = try schedule(from: slots, path: path)
        }
        if let sync = object["sync"] {
            let shape: SafeText = "sync must be an object such as {\"keep_removals_days\": 90}"
            guard let members = sync.objectValue, members.keys.allSatisfy({ $0 == "keep_removals_days" }) else {
                throw .badSetting(path: path, problem: shape)
            }
            if let value = members["keep_removals_days"] {
                guard let days = value.intValue, (1...36_500).contains(days) else {
                    throw .badSetting(
                        path: path, problem: "sync.keep_removals_days must be a number of days, 1 or more")
                }
                configuration.keepRemovalsDays = Int(days)
            }
        }
        if let caldav = object["caldav"] {
            guard let members = caldav.objectValue, members.keys.allSatisfy({ $0 == "password_file" }),
                let file = members["password_file"]?.stringValue, file.hasPrefix("/") || file.hasPrefix("~/")
            else {
                throw .badSetting(
                    path: path,
                    problem: "caldav must be an object such as {\"password_file\": \"/home/ana/.caldav-password\"}")
            }
            configuration.caldavPasswordFile = file
        }
        return configuration
    }

    /// Reads the `slots` member of the settings: the standard boundaries with the starts it names
    /// for every day (`"morning": "06:00"`), then each weekday's own (`"sat": {"morning": "08:00"}`),
    /// which take the every-day starts they do not name.
    static func schedule(from slots: JSONValue, path: String) throws(HostError) -> SlotSchedule {
        guard let members = slots.objectValue else {
            throw .badSetting(path: path, problem: "slots must be an object such as {\"morning\": \"06:00\"}")
        }
        var everyDay = Slot.allCases.map { SlotBoundaries.standard.start(of: $0) }
        var own: [Weekday: [Slot: TimeOfDay]] = [:]
        for (key, member) in members {
            if let weekday = Weekday(name: key) {
                guard let starts = member.objectValue else {
                    throw .badSetting(
                        path: path, problem: "slots.\(key) must be an object such as {\"morning\": \"08:00\"}")
                }
                for (name, value) in starts {
                    own[weekday, default: [:]][try slot(name, in: "slots.\(key).", path: path)] = try start(
                        value, key: "slots.\(key).\(name)", path: path)
                }
            } else {
                everyDay[try slot(key, in: "slots.", path: path).index] = try start(
                    member, key: "slots.\(key)", path: path)
            }
        }
        let boundaries: SlotBoundaries
        do { boundaries = try SlotBoundaries(morning: everyDay[0], afternoon: everyDay[1], evening: everyDay[2]) } catch
        {
            throw .badSetting(path: path, problem: error.message)
        }
        var weekdays: [Weekday: SlotBoundaries] = [:]
        for (weekday, starts) in own {
            let day = Slot.allCases.map { starts[$0] ?? everyDay[$0.index] }
            do { weekdays[weekday] = try SlotBoundaries(morning: day[0], afternoon: day[1], evening: day[2]) } catch {
                throw .badSetting(path: path, problem: "slots.\(weekday.shortName): " + error.message)
            }
        }
        return SlotSchedule(everyDay: boundaries, weekdays: weekdays)
    }

    /// The slot a key of `slots` names.
    private static func slot(_ key: String, in prefix: String, path: String) throws(HostError) -> Slot {
        guard let slot = Slot(rawValue: key) else {
            throw .badSetting(
                path: path,
                problem: "\(prefix)\(key) is not a slot; use morning, afternoon or evening"
                    + (prefix == "slots." ? ", or a weekday (mon … sun) for that day's own" : ""))
        }
        return slot
    }

    /// The start a member of `slots` gives.
    private static func start(_ member: JSONValue, key: String, path: String) throws(HostError) -> TimeOfDay {
        guard let text = member.stringValue else {
            throw .badSetting(path: path, problem: "\(key) must be a time such as \"06:00\"")
        }
        guard let time = TimeOfDay(parsing: text) else {
            throw .badSetting(path: path, problem: "\(key) is '\(SafeText.quoted(text))', not a time such as \"06:00\"")
        }
        return time
    }

    /// The settings object of a file, or nil when there is no file.
    static func settings(at path: String) throws(HostError) -> JSONObject? {
        let bytes: [UInt8]
        do {
            guard let read = try TextFile.read(path) else { return nil }
            bytes = read
        } catch { throw .settingsFile(error.message) }
        let value: JSONValue
        do { value = try JSONParser.parse(bytes) } catch { throw .settingsNotJSON(path: path, error) }
        guard let object = value.objectValue else { throw .settingsNotAnObject(path: path) }
        return object
    }
}
