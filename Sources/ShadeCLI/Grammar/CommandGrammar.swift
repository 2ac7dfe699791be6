/// What one command of the language accepts — its flags, options and arguments — and the help
/// that describes them. The scanner parses by it and the help text is written from it, so the two
/// cannot disagree.
struct CommandGrammar: Sendable {
    /// The command's name as typed (`mv`, or `rm` under `cat`).
    let name: String
    /// One line: what the command does.
    let abstract: String
    /// More text, ending with examples.
    let discussion: String
    /// Flags (`--json`), besides the help flags every command has.
    let flags: [Flag]
    /// Options that take a value (`--by status`, `--by=status`), besides the global ones.
    let options: [Option]
    /// The arguments, in order: `one` and `optional` ones first, then at most one
    /// `oneOrMore` or `rest`.
    let arguments: [Argument]

    init(
        name: String, abstract: String, discussion: String = "", flags: [Flag] = [], options: [Option] = [],
        arguments: [Argument] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.flags = flags
        self.options = options
        self.arguments = arguments
    }

    /// How the command is typed: `mv <id> DAY [SLOT] [--json]`, after `shade` and its path.
    func usageLine(path: String, flags includingFlags: Bool = true) -> String {
        var usage = [path]
        for argument in arguments {
            switch argument.arity {
            case .one, .oneOrMore: usage.append(argument.valueName)
            case .optional, .rest, .day:
                usage.append(argument.valueName.hasPrefix("[") ? argument.valueName : "[" + argument.valueName + "]")
            }
        }
        if includingFlags { usage += flags.map { "[--\($0.name)]" } }
        usage += options.map { "[--\($0.name) \($0.valueName)]" }
        return usage.joined(separator: " ")
    }

    /// A flag: `--NAME`, true when given.
    struct Flag: Sendable {
        let name: String
        let help: String

        /// `--json`, with what it prints.
        static func json(_ help: String) -> Flag { Flag(name: "json", help: help) }
    }

    /// An option: `--NAME VALUE` or `--NAME=VALUE`; the last one given wins.
    struct Option: Sendable {
        let name: String
        let valueName: String
        let help: String
        /// A value to show when the option is given none (`--store ~/planner`).
        var example: String?
    }

    /// A positional argument.
    struct Argument: Sendable {
        /// How many words an argument takes.
        enum Arity: Sendable {
            /// Exactly one word.
            case one
            /// One word when there is one.
            case optional
            /// A day when there is one: one word, two when the first is this, next or last
            /// (`next mon`), three when it is in (`in 3 days`).
            case day
            /// Every remaining word, at least one; words starting with `-` are options.
            case oneOrMore
            /// Every remaining word, none or more, including words starting with `-` that are not
            /// this command's flags or options, and `--` with everything after it (free text,
            /// filters like `-tag`).
            case rest
        }

        let name: String
        /// How usage shows it: `<id>`, `DAY`, `TITLE…`.
        let valueName: String
        let help: String
        let arity: Arity

        init(_ name: String, valueName: String? = nil, help: String, arity: Arity = .one) {
            self.name = name
            self.valueName = valueName ?? "<\(name)>"
            self.help = help
            self.arity = arity
        }

        /// One task's id.
        static let id = Argument("id", help: "The id of the task.")
        /// One or more tasks' ids.
        static let ids = Argument("ids", valueName: "<ids>…", help: "The ids of the tasks.", arity: .oneOrMore)
    }

    /// The options every command takes: `--store` and `--color`. They may also come before the
    /// command (`shade --store DIR day`), where `GlobalOptions.leading` scans them by this list.
    static let globalOptions: [Option] = [
        Option(
            name: "store", valueName: "DIR",
            help: "The store directory (default: $SHADE_STORE, else $XDG_DATA_HOME/shade).", example: "~/planner"),
        Option(name: "color", valueName: "WHEN", help: "When to colour: auto, always or never.", example: "never"),
    ]

    /// The flag of this name, when the command has one.
    func flag(named name: Substring) -> Flag? { flags.first { $0.name == name } }

    /// The option of this name (the command's own or a global one).
    func option(named name: Substring) -> Option? {
        options.first { $0.name == name } ?? CommandGrammar.globalOptions.first { $0.name == name }
    }

    /// Whether the last argument takes the rest of the line as it is.
    var takesRest: Bool { arguments.last?.arity == .rest }
}
