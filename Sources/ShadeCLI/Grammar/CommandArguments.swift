import ShadeCore

/// The words of one command line, sorted by the command's grammar into flags, option values and
/// arguments; commands read their fields from it, as typed values or usage errors (exit 64).
struct CommandArguments: Sendable {
    /// The command as typed (`mv`, `cat rm`), for messages.
    let path: String
    let grammar: CommandGrammar
    var flags: Set<String> = []
    var options: [String: String] = [:]
    /// Every value of each option given, in order (`--key A --key B`); `options` keeps the last.
    var repeatedOptions: [String: [String]] = [:]
    var values: [String: [String]] = [:]

    init(path: String, grammar: CommandGrammar) {
        self.path = path
        self.grammar = grammar
    }

    /// Whether the flag was given.
    func flag(_ name: String) -> Bool {
        precondition(grammar.flags.contains { $0.name == name }, "\(path) has no flag --\(name)")
        return flags.contains(name)
    }

    /// The option's value, when it was given.
    func option(_ name: String) -> String? {
        precondition(
            grammar.options.contains { $0.name == name } || CommandGrammar.globalOptions.contains { $0.name == name },
            "\(path) has no option --\(name)")
        return options[name]
    }

    /// Every value an option was given, in order (none when it was not given).
    func optionValues(_ name: String) -> [String] {
        precondition(grammar.options.contains { $0.name == name }, "\(path) has no option --\(name)")
        return repeatedOptions[name] ?? []
    }

    /// The option's value as a whole number, when it was given.
    func intOption(_ name: String) throws(CommandError) -> Int? {
        guard let text = option(name) else { return nil }
        return try number(text, for: "--\(name)")
    }

    /// The option's value as one of a set of raw values, when it was given.
    func choice<Value: RawRepresentable & CaseIterable>(_ name: String, as type: Value.Type) throws(CommandError)
        -> Value? where Value.RawValue == String
    {
        guard let text = option(name) else { return nil }
        guard let value = Value(rawValue: text) else {
            let names = Value.allCases.map(\.rawValue)
            let list = names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "")
            throw usage("--\(name) takes \(list), not '\(text)'")
        }
        return value
    }

    /// The words of an argument (one for `one`, none or one for `optional`, the rest for the others).
    func words(_ name: String) -> [String] {
        precondition(grammar.arguments.contains { $0.name == name }, "\(path) has no argument \(name)")
        return values[name] ?? []
    }

    /// The word of a `one` argument (the scanner made sure it is there).
    func word(_ name: String) -> String { words(name).first ?? "" }

    /// The word of an `optional` argument, when it was given.
    func optionalWord(_ name: String) -> String? { words(name).first }

    /// A `one` argument as a whole number.
    func int(_ name: String) throws(CommandError) -> Int {
        try number(word(name), argument: name)
    }

    /// An `optional` argument as a whole number, when it was given.
    func optionalInt(_ name: String) throws(CommandError) -> Int? {
        guard let text = optionalWord(name) else { return nil }
        return try number(text, argument: name)
    }

    /// An optional argument that counts how many (`log 3`, `conflicts 5`): 1 or more.
    func optionalCount(_ name: String) throws(CommandError) -> Int? {
        let count = try optionalInt(name)
        if let count, count < 1 { throw usage("\(path) takes a count of 1 or more, not \(count)") }
        return count
    }

    /// A `oneOrMore` argument as whole numbers.
    func ints(_ name: String) throws(CommandError) -> [Int] {
        var result: [Int] = []
        for text in words(name) { result.append(try number(text, argument: name)) }
        return result
    }

    /// A usage error about this command, pointing at its help.
    func usage(_ message: SafeText) -> CommandError {
        .usage(message + "\n  see: help \(path)")
    }

    /// An argument's word as a whole number.
    private func number(_ text: String, argument name: String) throws(CommandError) -> Int {
        guard let value = CommandArguments.wholeNumber(text) else {
            let valueName = grammar.arguments.first { $0.name == name }?.valueName ?? name
            // A goal's id where a task's is expected: say what it is and where it goes.
            if GoalOperations.number(in: text) != nil {
                throw usage(
                    "'\(CommandArguments.quoted(text))' is a goal's id, not a task's; \(path) takes \(valueName) (for goals: goal done|show|edit \(text))"
                )
            }
            throw usage("'\(CommandArguments.quoted(text))' is not a number; \(path) takes \(valueName)")
        }
        return value
    }

    /// An option's value as a whole number.
    private func number(_ text: String, for option: String) throws(CommandError) -> Int {
        guard let value = CommandArguments.wholeNumber(text) else {
            throw usage("\(option) takes a whole number, not '\(CommandArguments.quoted(text))'")
        }
        return value
    }

    /// Decimal digits, with an optional leading minus, that fit an `Int`.
    private static func wholeNumber(_ text: String) -> Int? {
        text.first == "+" ? nil : Int(text)
    }

    /// A word as messages show it (`SafeText.quoted`): at most 40 characters, control characters
    /// made visible.
    static func quoted(_ word: String) -> SafeText { SafeText.quoted(word) }
}
