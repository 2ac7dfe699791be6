/// The language as a shell's completion sees it, in words a shell can hold: what each script is
/// written from. ShadeCLI fills it from the commands' grammars; an offer is a list of tokens,
/// each a word offered as it is, `@KIND` for the values `shade complete-words KIND` prints,
/// `@files` or `@dirs` for the shell's own path completion.
public struct CompletionTable: Sendable {
    /// A command or a group's command, and what it does.
    public struct Command: Sendable {
        public let name: String
        public let abstract: String

        /// A command of this name and abstract.
        public init(name: String, abstract: String) {
            self.name = name
            self.abstract = abstract
        }
    }

    /// A group and its commands.
    public struct Group: Sendable {
        public let name: String
        public let commands: [Command]

        /// A group of these commands.
        public init(name: String, commands: [Command]) {
            self.name = name
            self.commands = commands
        }
    }

    /// A flag or option (without its `--`) and its help.
    public struct Switch: Sendable {
        public let name: String
        public let help: String

        /// A switch of this name and help.
        public init(name: String, help: String) {
            self.name = name
            self.help = help
        }
    }

    /// What one command (a group alone too) offers: its switches, the tokens of each position
    /// (nil: every position from there on) and of each of its own options' values.
    public struct Completion: Sendable {
        /// The command as typed: `cat add`.
        public let name: String
        public let switches: [Switch]
        public let positionRows: [(position: Int?, tokens: [String])]
        public let optionRows: [(name: String, tokens: [String])]

        /// A command's completion.
        public init(
            name: String, switches: [Switch], positionRows: [(position: Int?, tokens: [String])],
            optionRows: [(name: String, tokens: [String])]
        ) {
            self.name = name
            self.switches = switches
            self.positionRows = positionRows
            self.optionRows = optionRows
        }
    }

    /// The version the scripts' first lines name.
    public var version: String
    /// The first words of the language, with what each does.
    public var commands: [Command]
    /// Each group with its commands.
    public var groups: [Group]
    /// Every command's completion (groups alone too), in the order help lists them.
    public var completions: [Completion]
    /// What may come before the command.
    public var leadingSwitches: [Switch]
    /// The options every command takes, before or after it, with the tokens of the value.
    public var globalOptionRows: [(name: String, tokens: [String])]
    /// The words that carry a value after a prefix anywhere, with the tokens of the value.
    public var prefixRows: [(prefix: String, tokens: [String])]
    /// The words after which a day word stands for a weekday (`next mon`).
    public var dayPrefixes: [String]
    /// The weekdays offered after them.
    public var weekdays: [String]
    /// A word every day offer holds, by which a script tells that a day is offered.
    public var dayMarker: String

    /// A table of these parts.
    public init(
        version: String, commands: [Command], groups: [Group], completions: [Completion], leadingSwitches: [Switch],
        globalOptionRows: [(name: String, tokens: [String])], prefixRows: [(prefix: String, tokens: [String])],
        dayPrefixes: [String], weekdays: [String], dayMarker: String
    ) {
        self.version = version
        self.commands = commands
        self.groups = groups
        self.completions = completions
        self.leadingSwitches = leadingSwitches
        self.globalOptionRows = globalOptionRows
        self.prefixRows = prefixRows
        self.dayPrefixes = dayPrefixes
        self.weekdays = weekdays
        self.dayMarker = dayMarker
    }
}
