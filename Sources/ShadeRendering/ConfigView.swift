import ShadeCore
import ShadeJSON

/// The views of `config`: the user's settings with where each comes from, the other settings of
/// the file, and one setting alone.
public enum ConfigView {
    /// One setting as `config` shows it: its dotted key, its value, and where the value comes from.
    public struct Setting: Sendable {
        /// Where a value comes from.
        public enum Source: String, Sendable {
            /// The settings file (`config user.name ana`, or any other setting of the file).
            case config
            /// git's own setting.
            case git
            /// The login name.
            case login
        }

        /// The dotted key (`user.name`, `slots.morning`).
        public let key: String
        /// The value: a string for the user's settings, any JSON for the file's others; null
        /// when there is none.
        public let value: JSONValue
        /// Where the value comes from; nil when there is none.
        public let source: Source?

        /// A setting of the user (`user.name`, `user.email`): nil value and source when it is not set.
        public init(key: String, value: String?, source: Source?) {
            self.key = key
            self.value = value.map(JSONValue.string) ?? .null
            self.source = source
        }

        /// A setting of the file other than the user's.
        public init(key: String, fileValue: JSONValue) {
            self.key = key
            value = fileValue
            source = .config
        }

        /// Whether the setting has a value.
        public var isSet: Bool {
            if case .null = value { return false }
            return true
        }
    }

    /// `config`: the user's settings, each with where it comes from, then the file's others.
    public static func list(user: [Setting], others: [Setting]) -> SafeText {
        let width = max(12, others.map { $0.key.count }.max() ?? 0) + 2
        var lines: [SafeText] = user.map { setting in
            let from: SafeText
            switch setting.source {
            case .config: from = "(set)"
            case .git: from = "(git's \(setting.key))"
            case .login: from = "(login name)"
            case nil: from = "(not set)"
            }
            let value = SafeText(escaping: setting.value.stringValue ?? "—")
            return DisplayWidth.padRight("\(setting.key)", to: width) + DisplayWidth.padRight(value, to: 24) + " "
                + from
        }
        lines += others.map { DisplayWidth.padRight("\($0.key)", to: width) + shown($0.value) }
        return lines.joined(separator: "\n")
    }

    /// `ana (git's user.name)`, `not set`: a user's setting, as a confirmation names it.
    public static func describe(_ setting: Setting) -> SafeText {
        let value = SafeText(escaping: setting.value.stringValue ?? "")
        switch setting.source {
        case .config: return value
        case .git: return value + " (git's \(setting.key))"
        case .login: return value + " (the login name)"
        case nil: return "not set"
        }
    }

    /// `user.email is ana@example.org now`: a user's setting just set or taken out.
    public static func changed(_ setting: Setting) -> SafeText {
        "\(setting.key) is " + describe(setting) + " now"
    }

    /// A setting's value as text: a string as it is, anything else as compact JSON.
    public static func shown(_ value: JSONValue) -> SafeText {
        if let text = value.stringValue { return SafeText(escaping: text) }
        return SafeText(escaping: (try? JSONWriter.string(value, layout: .compact)) ?? "")
    }

    /// `{"key": "user.name", "value": "ana", "from": "config"}` (`from`: config, git, login, or
    /// null when there is no value).
    public static func json(_ setting: Setting) -> JSONValue {
        ["key": .string(setting.key), "value": setting.value, "from": .optional(setting.source?.rawValue)]
    }

    /// `{"settings": [...]}`: the user's settings, then the file's others.
    public static func json(user: [Setting], others: [Setting]) -> JSONValue {
        ["settings": .array((user + others).map(json))]
    }
}
