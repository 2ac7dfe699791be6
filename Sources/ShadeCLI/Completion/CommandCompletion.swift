import ShadeCore
import ShadeInterchange
import ShadeRendering

/// How one command of the language completes, read from its grammar: its flags and options
/// (with what each option's value may be), and what each word after the command may be.
///
/// The REPL's Tab and the shell completion scripts are both made from these, so that neither
/// drifts from the grammar: a new command, flag or option completes as soon as it is declared.
struct CommandCompletion: Sendable {
    /// The command's words: `["done"]`, `["cat", "add"]`; a group alone (`["cat"]`) stands for
    /// its default command, with the group's commands offered as its first word.
    let path: [String]
    /// One line: what the command does.
    let abstract: String
    /// The flags, each with its help.
    let flags: [Switch]
    /// The options that take a value (the command's own, then `--store` and `--color`).
    let options: [Switch]
    /// What the first, second … word after the command may be; the last offer stands for every
    /// word after it when `repeats`.
    let positions: [CompletionOffer]
    let repeats: Bool

    /// A flag or an option: its name (without `--`), its help, and for an option what its value
    /// may be.
    struct Switch: Sendable {
        let name: String
        let help: String
        let value: CompletionOffer?
    }

    /// Every flag and option, `--help` last.
    var switches: [Switch] { flags + options + [Switch(name: "help", help: "Show this help.", value: nil)] }

    /// The path as typed: `cat add`.
    var name: String { path.joined(separator: " ") }

    /// What the word at `index` (0 for the first word after the command) may be.
    func offer(at index: Int) -> CompletionOffer {
        if index < positions.count { return positions[index] }
        return repeats ? positions.last ?? .nothing : .nothing
    }

    /// The option of this name, when the command has one.
    func option(named name: String) -> Switch? { options.first { $0.name == name } }

    /// Every command's completion: each command, each group's command, and each group alone.
    static let all: [CommandCompletion] = Shade.entries.flatMap { entry -> [CommandCompletion] in
        switch entry {
        case .command(let type):
            return [CommandCompletion(type.grammar, path: [type.grammar.name])]
        case .group(let group):
            let commands = group.commands.map { CommandCompletion($0.grammar, path: [group.name, $0.grammar.name]) }
            guard let first = commands.first else { return [] }
            let names = CompletionOffer.words(group.commands.map { $0.grammar.name })
            // The default command's words, its repeated one written out once more so that the
            // group's commands are offered as the first word only.
            var positions = first.positions
            if first.repeats, let last = positions.last { positions.append(last) }
            positions = [names + (positions.first ?? .nothing)] + positions.dropFirst()
            let alone = CommandCompletion(
                path: [group.name], abstract: group.abstract, flags: first.flags, options: first.options,
                positions: positions, repeats: first.repeats)
            return [alone] + commands
        }
    }

    private static let byName: [String: CommandCompletion] = Dictionary(
        uniqueKeysWithValues: all.map { ($0.name, $0) })

    /// The completion of a command by its words (`cat add`), when there is such a command.
    static func named(_ name: String) -> CommandCompletion? { byName[name] }

    /// The first words of the language, each with what it does.
    static let commands: [(name: String, abstract: String)] = Shade.entries.map { entry in
        switch entry {
        case .command(let type): (type.grammar.name, type.grammar.abstract)
        case .group(let group): (group.name, group.abstract)
        }
    }

    /// A group's commands by the group's name (`cat` → ls, add, rename …).
    static let groups: [(name: String, commands: [(name: String, abstract: String)])] = Shade.entries.compactMap {
        entry in
        guard case .group(let group) = entry else { return nil }
        return (group.name, group.commands.map { ($0.grammar.name, $0.grammar.abstract) })
    }

    /// What may come before the command: the global options, `--help` and `--version`.
    static let leadingSwitches: [Switch] =
        CommandGrammar.globalOptions.map(optionSwitch)
        + [
            Switch(name: "help", help: "Show the commands.", value: nil),
            Switch(name: "version", help: "Print the version.", value: nil),
        ]

    private init(
        path: [String], abstract: String, flags: [Switch], options: [Switch], positions: [CompletionOffer],
        repeats: Bool
    ) {
        self.path = path
        self.abstract = abstract
        self.flags = flags
        self.options = options
        self.positions = positions
        self.repeats = repeats
    }

    private init(_ grammar: CommandGrammar, path: [String]) {
        let name = path.joined(separator: " ")
        self.path = path
        abstract = grammar.abstract
        flags = grammar.flags.map { Switch(name: $0.name, help: $0.help, value: nil) }
        options = (grammar.options + CommandGrammar.globalOptions).map(Self.optionSwitch)
        (positions, repeats) = ArgumentPattern(grammar.arguments, command: name).offers()
    }

    /// An option with what its value may be: a directory, a file, a week, a category, an
    /// interchange format, one of the choices its value name lists (`status|cat`), or anything
    /// (a number).
    private static func optionSwitch(_ option: CommandGrammar.Option) -> Switch {
        let value: CompletionOffer
        switch option.valueName {
        case "DIR": value = CompletionOffer(paths: .directories)
        case "FILE": value = CompletionOffer(paths: .files)
        case "WEEK": value = .weeks
        case "CATEGORY": value = .source(.categories)
        case "FORMAT": value = .words(InterchangeFormat.allCases.map(\.rawValue))
        case _ where option.name == "color": value = .words(ColorMode.allCases.map(\.rawValue))
        default: value = ArgumentPattern.choices(option.valueName) ?? .nothing
        }
        return Switch(name: option.name, help: option.help, value: value)
    }
}

/// The words a command's arguments take, as a little pattern read from each argument's value
/// name (`[DAY] [SLOT] TITLE…`, `[DAY|WEEK] [to DAY [SLOT]]`): a placeholder stands for what it
/// names, a word in lower case for itself, brackets for what may be left out, `…` for what may
/// repeat. The offer at a position is everything the pattern allows there.
private struct ArgumentPattern {
    /// One word of the pattern and what it offers.
    struct Item {
        var offer: CompletionOffer
        var repeats: Bool
    }

    var items: [Item] = []
    /// Where a part that may be left out starts, and where it ends (the index after it).
    var skips: [(from: Int, to: Int)] = []

    init(_ arguments: [CommandGrammar.Argument], command: String) {
        for argument in arguments {
            let start = items.count
            if let offer = Self.known(argument, command: command) {
                items.append(Item(offer: offer, repeats: argument.arity == .oneOrMore))
            } else {
                read(argument.valueName)
            }
            switch argument.arity {
            case .optional, .rest, .day: skips.append((start, items.count))
            case .one, .oneOrMore: break
            }
        }
    }

    /// An argument the store fills: task and goal ids, category and template names, colours.
    private static func known(_ argument: CommandGrammar.Argument, command: String) -> CompletionOffer? {
        switch (argument.name, command) {
        case ("id", _), ("ids", _):
            switch command {
            case "undone": return .source(.closedTasks)
            case "show", "rm": return .source(.tasks)
            default: return .source(.openTasks)
            }
        case ("goal", _):
            switch command {
            case "goal undone": return .source(.closedGoals)
            case "goal show", "goal rm": return .source(.goals)
            default: return .source(.openGoals)
            }
        case ("name", "cat add"): return .nothing
        case ("name", _) where command.hasPrefix("cat "), ("old", "cat rename"): return .source(.categories)
        case ("color", _) where command.hasPrefix("cat "): return .colors
        case ("name", _) where command.hasPrefix("template "): return .source(.templates)
        case ("key", "config"): return .words(Shade.Config.Key.allCases.map(\.rawValue))
        case (_, _) where argument.arity == .day: return .days
        default: return nil
        }
    }

    /// Reads a value name into items, brackets into parts that may be left out.
    private mutating func read(_ valueName: String) {
        var opened: [Int] = []
        for token in valueName.split(separator: " ") {
            var word = Substring(token)
            while word.first == "[" {
                opened.append(items.count)
                word = word.dropFirst()
            }
            var closing = 0
            while word.last == "]" {
                closing += 1
                word = word.dropLast()
            }
            if word != "|", !word.isEmpty {
                let repeats = word.hasSuffix("…")
                items.append(Item(offer: Self.offer(for: repeats ? word.dropLast() : word), repeats: repeats))
            }
            for _ in 0..<closing {
                if let start = opened.popLast() { skips.append((start, items.count)) }
            }
        }
    }

    /// What one word of a pattern offers: `DAY`, `SLOT`, `WEEK`, `WEEKDAY`, `FILTER`, `COMMAND`,
    /// ids, a choice of words (`week|month|year`, `N|none`); nothing for free text, numbers and
    /// `key:VALUE` words (those complete by their prefix).
    private static func offer(for word: Substring) -> CompletionOffer {
        guard !word.contains(":") else { return .nothing }
        return word.split(separator: "|").reduce(CompletionOffer.nothing) { offer, part in
            switch part {
            case "DAY": offer + .days
            case "SLOT": offer + .slots
            case "WEEK": offer + .weeks
            case "WEEKDAY": offer + .weekdays
            case "FILTER": offer + .filters
            case "COMMAND": offer + .words(CommandCompletion.commands.map(\.name))
            case "<id>", "<ids>": offer + .source(.openTasks)
            case "gN": offer + .source(.openGoals)
            case _ where part.allSatisfy({ $0.isLowercase && $0.isASCII }): offer + .words([String(part)])
            default: offer
            }
        }
    }

    /// The choices a value name lists (`status|cat`), when it is nothing but lower-case words.
    static func choices(_ valueName: String) -> CompletionOffer? {
        let parts = valueName.split(separator: "|")
        guard parts.count > 1, parts.allSatisfy({ $0.allSatisfy { $0.isLowercase && $0.isASCII } }) else {
            return nil
        }
        return .words(parts.map(String.init))
    }

    /// The offers at each position, walking every way through the pattern; whether the last
    /// offer stands for every later word.
    func offers() -> ([CompletionOffer], Bool) {
        var reached = closure([0])
        var offers: [CompletionOffer] = []
        var seen: [Set<Int>] = []
        while reached.contains(where: { $0 < items.count }) {
            if let earlier = seen.firstIndex(of: reached) {
                // The same places again: the offers from here repeat (a `…` word).
                let offer = offers[earlier...].reduce(CompletionOffer.nothing, +)
                return Self.trimmed(Array(offers[..<earlier]) + [offer], repeats: !offer.isEmpty)
            }
            seen.append(reached)
            offers.append(reached.filter { $0 < items.count }.sorted().reduce(.nothing) { $0 + items[$1].offer })
            var next: Set<Int> = []
            for index in reached where index < items.count {
                next.insert(index + 1)
                if items[index].repeats { next.insert(index) }
            }
            reached = closure(next)
        }
        return Self.trimmed(offers, repeats: false)
    }

    /// The offers without the empty ones at the end (nothing is offered past them anyway).
    private static func trimmed(_ offers: [CompletionOffer], repeats: Bool) -> ([CompletionOffer], Bool) {
        var offers = offers
        while offers.last?.isEmpty == true { offers.removeLast() }
        // `<ids>…`: one offer, repeated, rather than the same offer twice.
        while repeats, offers.count > 1, offers[offers.count - 1] == offers[offers.count - 2] { offers.removeLast() }
        return (offers, repeats && !offers.isEmpty)
    }

    /// The places reachable from these by leaving out parts that may be left out.
    private func closure(_ start: Set<Int>) -> Set<Int> {
        var result = start
        var changed = true
        while changed {
            changed = false
            for skip in skips where result.contains(skip.from) && !result.contains(skip.to) {
                result.insert(skip.to)
                changed = true
            }
        }
        return result
    }
}
