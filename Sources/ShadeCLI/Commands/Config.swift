import ShadeCore
import ShadeHost
import ShadeRendering

extension Shade {
    /// `config`: who the user of this copy is (`user.name`, `user.email`), and the settings file.
    struct Config: PlannerCommand {
        static let grammar = CommandGrammar(
            name: "config", abstract: "Show or set who you are (user.name, user.email) and the slots' hours.",
            discussion: """
                Your name is the author of every change you make (created_by and modified_by in \
                --json, the log), what mine means in ls, and how others give you tasks (to:NAME); \
                it is one word. By default it is git's user.name (its words joined by dots), else \
                your login name; your email address is git's user.email, else none. config KEY \
                prints a setting (its default when it is not set) and config alone lists them, \
                each with where it comes from, and the other settings of the file. The settings \
                are yours, in config.json in the configuration directory: never part of the planner. \
                config slots.morning 06:00-12:00 sets a slot's hours for every day and \
                config slots.sat.morning 08:00-13:00 for one weekday: the slots keep their order and \
                meet, so a slot's neighbours move with it (Saturday's afternoon then starts at \
                13:00) and the evening ends at 24:00; a range that runs backwards or leaves a \
                neighbour no time is refused and the old hours kept. A task's time decides its \
                slot by its own day's hours. config --unset slots.sat gives Saturday the every-day \
                hours again.

                Examples:
                  config
                  config user.name ana
                  config user.email ana@example.org
                  config user.name
                  config --unset user.email
                  config slots.sat.morning 08:00-13:00
                  config slots.evening 19:00-24:00
                """,
            flags: [
                .json("Print the settings as JSON."),
                .init(name: "unset", help: "Take the setting out of the file: back to its default."),
            ],
            arguments: [
                .init(
                    "key", valueName: "[user.name|user.email|slots.[DAY.]SLOT]", help: "The setting.",
                    arity: .optional),
                .init(
                    "value", valueName: "[VALUE]",
                    help: "Its new value: a name of one word, an email address, or a slot's hours (08:00-13:00).",
                    arity: .rest),
            ])

        /// The settings `config` sets.
        enum Key: String, CaseIterable {
            case name = "user.name"
            case email = "user.email"
        }

        let json: Bool
        let unset: Bool
        let key: String?
        let value: [String]

        init(_ arguments: CommandArguments) throws(CommandError) {
            json = arguments.flag("json")
            unset = arguments.flag("unset")
            key = arguments.optionalWord("key")
            value = arguments.words("value")
            if unset, key == nil { throw arguments.usage("--unset needs the setting: config --unset user.email") }
            if unset, !value.isEmpty {
                throw arguments.usage("--unset takes the setting alone: config --unset \(key ?? "")")
            }
        }

        func execute(in session: Session) throws {
            let directory = session.environment.configDirectory
            guard let word = key else {
                try list(session, directory: directory)
                return
            }
            if let slotKey = Configuration.SlotKey(word) {
                try slots(slotKey, session: session, directory: directory)
                return
            }
            guard let key = Key(rawValue: word.lowercased()) else {
                try showFileSetting(word, session: session, directory: directory)
                return
            }
            var changed = false
            if unset {
                try Config.save(key, nil, session: session, directory: directory)
                changed = true
            } else if !value.isEmpty {
                try Config.save(key, try Config.checked(key, value), session: session, directory: directory)
                changed = true
            }
            let setting = Config.setting(key, of: session.identity)
            if json {
                try session.printJSON(ConfigView.json(setting))
            } else if changed {
                session.print(ConfigView.changed(setting))
            } else if setting.isSet {
                session.print(ConfigView.shown(setting.value))
            } else {
                Output.error("note: \(key.rawValue) is not set; config \(key.rawValue) VALUE sets it\n")
            }
        }

        /// The value of `config KEY VALUE`, checked: one word, a name or an address.
        static func checked(_ key: Key, _ words: [String]) throws(CommandError) -> String {
            let example = key == .name ? "config user.name ana" : "config user.email ana@example.org"
            guard words.count == 1, let word = words.first else {
                throw .usage(
                    "\(key.rawValue) is one word\(key == .name ? " (a name has no spaces: Ana.Lopez)" : ""), e.g. \(example)\n  see: help config"
                )
            }
            do throws(InputError) {
                return key == .name ? try TaskText.validateParticipant(word) : try MemberOperations.validateEmail(word)
            } catch {
                let what =
                    key == .name
                    ? "a name: one word of letters, digits, -, _, . or @ (at most 100)" : "an email address"
                throw .usage("'\(CommandArguments.quoted(word))' is not \(what); e.g. \(example)\n  see: help config")
            }
        }

        /// Writes (or takes out, for nil) a setting of the file, and takes it from now on.
        static func save(_ key: Key, _ value: String?, session: Session, directory: String) throws {
            try Configuration.setUser(key == .name ? "name" : "email", to: value, directory: directory)
            switch key {
            case .name: session.identity.configure(name: value)
            case .email: session.identity.configure(email: value)
            }
        }

        /// A setting of the user as `config` shows it: its value and where it comes from.
        static func setting(_ key: Key, of identity: UserIdentity) -> ConfigView.Setting {
            let setting = key == .name ? identity.nameSetting : identity.emailSetting
            let source: ConfigView.Setting.Source?
            switch setting.source {
            case .config: source = .config
            case .git: source = .git
            case .login: source = .login
            case .none: source = nil
            }
            return ConfigView.Setting(key: key.rawValue, value: setting.value, source: source)
        }

        /// `config`: user.name and user.email, then the other settings of the file.
        private func list(_ session: Session, directory: String) throws {
            let others = try Configuration.flattenedSettings(in: directory).filter { !$0.key.hasPrefix("user.") }.map {
                ConfigView.Setting(key: $0.key, fileValue: $0.value)
            }
            let user = Key.allCases.map { Config.setting($0, of: session.identity) }
            if json {
                try session.printJSON(ConfigView.json(user: user, others: others))
            } else {
                session.print(ConfigView.list(user: user, others: others))
            }
        }

        /// `config slots.morning`: a setting of the file other than the user's, read only.
        private func showFileSetting(_ word: String, session: Session, directory: String) throws {
            let settings = try Configuration.flattenedSettings(in: directory)
            let known = Key.allCases.map(\.rawValue)
            guard let found = settings.first(where: { $0.key == word }) else {
                let hint = NearestWord.nearest(to: word, in: known + settings.map(\.key)).map {
                    " (did you mean \($0)?)"
                }
                throw CommandError.usage(
                    "'\(CommandArguments.quoted(word))' is no setting\(hint ?? ""); config sets \(known.joined(separator: ", ")) and slots.[DAY.]SLOT, and config alone lists the settings\n  see: help config"
                )
            }
            guard value.isEmpty, !unset else {
                throw CommandError.usage(
                    "config sets \(known.joined(separator: ", ")) and slots.[DAY.]SLOT only; \(CommandArguments.quoted(word)) is set by its own command or in \(Configuration.path(in: directory))"
                )
            }
            let setting = ConfigView.Setting(key: found.key, fileValue: found.value)
            if json {
                try session.printJSON(ConfigView.json(setting))
            } else {
                session.print(ConfigView.shown(setting.value))
            }
        }
    }
}
