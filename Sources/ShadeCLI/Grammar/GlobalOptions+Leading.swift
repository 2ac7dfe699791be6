import ShadeCore
import ShadeRendering

/// The global options given before the command (`shade --store ~/planner --color never day`),
/// scanned by the grammar's `CommandGrammar.globalOptions`: a global option added there is taken
/// here too, as `--NAME VALUE` or `--NAME=VALUE`.
extension GlobalOptions {
    /// The global options at the start of `words`, and the words after them; `flags` are leading
    /// words of the program's own (`--transcript`), taken wherever they stand among the options
    /// and counted. A usage error (exit 64) names an option without a value or with a wrong one.
    static func leading(_ words: [String], flags: Set<String>) throws(CommandError) -> (
        options: GlobalOptions, flags: Set<String>, rest: [String]
    ) {
        var options = GlobalOptions()
        var given: Set<String> = []
        var rest = words[...]
        while let first = rest.first {
            if flags.contains(first) {
                given.insert(first)
                rest = rest.dropFirst()
                continue
            }
            guard first.hasPrefix("--") else { break }
            let body = first.dropFirst(2)
            let name = body.prefix { $0 != "=" }
            guard let option = CommandGrammar.globalOptions.first(where: { $0.name == name }) else { break }
            let value: String
            if name.endIndex < body.endIndex {
                value = String(body[body.index(after: name.endIndex)...])
                rest = rest.dropFirst()
            } else {
                guard rest.count >= 2 else {
                    throw .usage("\(first) needs a value, e.g. \(first) \(option.example ?? option.valueName)")
                }
                value = rest[rest.startIndex + 1]
                rest = rest.dropFirst(2)
            }
            try options.take(option.name, value)
        }
        return (options, given, Array(rest))
    }

    /// Takes one option's value (the last one given wins).
    private mutating func take(_ name: String, _ value: String) throws(CommandError) {
        switch name {
        case "store":
            store = value
        case "color":
            guard let mode = ColorMode(rawValue: value) else {
                throw .usage("--color takes auto, always or never, not '\(CommandArguments.quoted(value))'")
            }
            color = mode
        default:
            preconditionFailure("the global option --\(name) is not read")
        }
    }
}
