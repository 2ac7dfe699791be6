import ShadeCompletion

/// The table every completion script is written from (`CompletionTable`), filled from the
/// commands' grammars: an offer becomes a list of tokens.
///
/// Each script walks the line as `Completer` does — options before the command, the command (and
/// a group's command), then each word, an option taking the next, `next`/`this`/`last` before a
/// weekday — and looks up what the place it reached offers here.
enum CompletionScriptTable {
    /// The table of the whole language.
    static var table: CompletionTable {
        CompletionTable(
            version: Shade.version,
            commands: commands.map { CompletionTable.Command(name: $0.name, abstract: $0.abstract) },
            groups: groups.map { group in
                CompletionTable.Group(
                    name: group.name, commands: group.commands.map { .init(name: $0.name, abstract: $0.abstract) })
            },
            completions: completions.map { completion in
                CompletionTable.Completion(
                    name: completion.name, switches: completion.switches.map { .init(name: $0.name, help: $0.help) },
                    positionRows: positionRows(of: completion), optionRows: optionRows(of: completion))
            },
            leadingSwitches: leadingSwitches.map { .init(name: $0.name, help: $0.help) },
            globalOptionRows: globalOptionRows, prefixRows: prefixRows, dayPrefixes: dayPrefixes,
            weekdays: weekdays, dayMarker: dayMarker)
    }

    /// The first words of the language, with what each does.
    static var commands: [(name: String, abstract: String)] { CommandCompletion.commands }

    /// Each group with its commands and what each does.
    static var groups: [(name: String, commands: [(name: String, abstract: String)])] {
        CommandCompletion.groups
    }

    /// Every command's completion (groups alone too), in the order help lists them.
    static var completions: [CommandCompletion] { CommandCompletion.all }

    /// What may come before the command.
    static var leadingSwitches: [CommandCompletion.Switch] { CommandCompletion.leadingSwitches }

    /// The tokens of an offer.
    static func tokens(_ offer: CompletionOffer) -> [String] {
        var tokens = offer.words
        tokens += offer.sources.map { "@" + $0.rawValue }
        switch offer.paths {
        case .files: tokens.append("@files")
        case .directories: tokens.append("@dirs")
        case nil: break
        }
        return tokens
    }

    /// One row of a command's positions: the command, the position (nil: every position from
    /// there on, the repeated word), and the tokens offered. A group alone leaves its commands
    /// out of its first position: each script offers those with their abstracts.
    static func positionRows(of completion: CommandCompletion) -> [(position: Int?, tokens: [String])] {
        let groupCommands = groups.first { [$0.name] == completion.path }?.commands.map(\.name) ?? []
        var rows: [(position: Int?, tokens: [String])] = []
        for (index, offer) in completion.positions.enumerated() {
            let tokens = tokens(offer).filter { index > 0 || !groupCommands.contains($0) }
            let repeated = completion.repeats && index == completion.positions.count - 1
            if !tokens.isEmpty || repeated { rows.append((repeated ? nil : index, tokens)) }
        }
        return rows
    }

    /// A command's own options that take a value, with the tokens of the value (`--store` and
    /// `--color` are in `globalOptionRows`).
    static func optionRows(of completion: CommandCompletion) -> [(name: String, tokens: [String])] {
        let global = Set(leadingSwitches.map(\.name))
        return completion.options.filter { !global.contains($0.name) }.map { ($0.name, tokens($0.value ?? .nothing)) }
    }

    /// The options every command takes, before or after it, with the tokens of the value.
    static var globalOptionRows: [(name: String, tokens: [String])] {
        leadingSwitches.compactMap { option in option.value.map { (option.name, tokens($0)) } }
    }

    /// The words that carry a value after a prefix anywhere, with the tokens of the value.
    static var prefixRows: [(prefix: String, tokens: [String])] {
        CompletionOffer.prefixed.map { ($0.prefix, tokens($0.offer)) }
    }

    /// The words after which a day word stands for a weekday (`next mon`), and the weekdays.
    static var dayPrefixes: [String] { CompletionOffer.dayPrefixes }
    static var weekdays: [String] { CompletionOffer.weekdays.words }

    /// A word every day offer holds, by which a script tells that a day is offered.
    static var dayMarker: String { CompletionOffer.dayMarker }
}
