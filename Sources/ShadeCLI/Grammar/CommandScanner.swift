import ShadeCore

/// Sorts a command's words into flags, options and arguments by its grammar.
///
/// Flags and options may come anywhere before `--`, as `--NAME`, `--NAME VALUE` or
/// `--NAME=VALUE`. A command whose last argument takes the rest keeps every other word in order
/// (`-tag` filters, `--` and the free text after it); any other command refuses an unknown
/// option and takes the words after `--` as arguments.
enum CommandScanner {
    static func scan(_ words: ArraySlice<String>, path: String, grammar: CommandGrammar) throws(CommandError)
        -> CommandArguments
    {
        var result = CommandArguments(path: path, grammar: grammar)
        var positionals: [String] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word == "--" {
                positionals += grammar.takesRest ? words[(index - 1)...] : words[index...]
                break
            }
            if word.hasPrefix("--"), word.count > 2 {
                let body = word.dropFirst(2)
                let name = body.prefix { $0 != "=" }
                let inline = name.endIndex < body.endIndex ? body[body.index(after: name.endIndex)...] : nil
                if grammar.flag(named: name) != nil {
                    if let inline {
                        throw result.usage("--\(name) takes no value, not '\(CommandArguments.quoted(String(inline)))'")
                    }
                    result.flags.insert(String(name))
                    continue
                }
                if let option = grammar.option(named: name) {
                    if let inline {
                        result.options[option.name] = String(inline)
                        result.repeatedOptions[option.name, default: []].append(String(inline))
                    } else if index < words.endIndex {
                        result.options[option.name] = words[index]
                        result.repeatedOptions[option.name, default: []].append(words[index])
                        index += 1
                    } else {
                        throw result.usage("--\(name) needs a value: \(option.valueName)")
                    }
                    continue
                }
            }
            if word.hasPrefix("-"), word.count > 1, !grammar.takesRest {
                throw result.usage("\(path) has no option '\(CommandArguments.quoted(word))'")
            }
            positionals.append(word)
        }
        var remaining = positionals[...]
        for argument in grammar.arguments {
            switch argument.arity {
            case .one:
                guard let first = remaining.popFirst() else { throw missing(argument, in: result) }
                result.values[argument.name] = [first]
            case .optional:
                if let first = remaining.popFirst() { result.values[argument.name] = [first] }
            case .day:
                // `next mon` is one day in two words, `in 3 days` in three.
                guard let first = remaining.popFirst() else { break }
                result.values[argument.name] = [first]
                if DayResolver.weekOffset(first) != nil, let second = remaining.popFirst() {
                    result.values[argument.name]?.append(second)
                } else if first.lowercased() == "in" {
                    result.values[argument.name]? += remaining.prefix(2)
                    remaining = remaining.dropFirst(2)
                }
            case .oneOrMore:
                guard !remaining.isEmpty else { throw missing(argument, in: result) }
                result.values[argument.name] = Array(remaining)
                remaining = []
            case .rest:
                result.values[argument.name] = Array(remaining)
                remaining = []
            }
        }
        if let extra = remaining.first {
            throw result.usage("\(path) takes no more words: '\(CommandArguments.quoted(extra))' is one too many")
        }
        return result
    }

    private static func missing(_ argument: CommandGrammar.Argument, in arguments: CommandArguments) -> CommandError {
        .usage(
            "\(arguments.path) needs \(argument.valueName): \(argument.help.lowercasedFirst)\n  usage: shade \(arguments.grammar.usageLine(path: arguments.path)) (see: help \(arguments.path))"
        )
    }
}

extension String {
    /// The text with its first letter in lower case (`The id` → `the id`).
    var lowercasedFirst: String {
        guard let first else { return self }
        return first.lowercased() + dropFirst()
    }
}
