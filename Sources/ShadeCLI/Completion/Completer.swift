import ShadeCore

/// One value Tab may put on the line, and what it is (a task's title, a command's abstract),
/// made safe to show: control characters and bidi controls escaped, cut to a readable length.
struct CompletionCandidate: Hashable, Sendable {
    let value: String
    let description: String

    init(_ value: String, description: String = "") {
        self.value = value
        self.description = description
    }
}

/// Where the values only the store knows come from (the store around the week in view, or a
/// fixed list in tests).
protocol CompletionData {
    /// The values of one kind, each with its description.
    func candidates(_ source: CompletionSource) -> [CompletionCandidate]
}

/// Decides what Tab offers, given the line up to the cursor: commands for the first word, a
/// group's commands, a command's flags and options, an option's values, what each argument
/// takes (days, slots, ids with their titles …), and the values of `cat:`, `+` and `goal:`
/// words. The REPL asks it on every Tab; the shell scripts are generated from the same
/// `CommandCompletion`s and walk a line the same way.
struct Completer {
    let data: any CompletionData
    /// Whether the line is the REPL's: a day, a slot, `next`, `prev` or `quit` may be a line of
    /// its own there.
    var interactive = true

    /// The REPL's words that are no command: navigation and leaving.
    static let navigationWords = ["next", "prev", "quit", "exit"]

    /// The candidates for the word being typed at the end of `line`, in order; their values all
    /// start with that word (in any letter case).
    func candidates(forLine line: String) -> [CompletionCandidate] {
        var words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        let endsWithBlank = line.last.map { $0 == " " || $0 == "\t" } ?? true
        let current = endsWithBlank ? "" : words.removeLast()
        var seen: Set<String> = []
        return offers(after: words, current: current).filter {
            $0.value.lowercased().hasPrefix(current.lowercased()) && seen.insert($0.value).inserted
        }
    }

    /// What may stand where `current` is typed, after `words`.
    private func offers(after words: [String], current: String) -> [CompletionCandidate] {
        var index = 0
        // Global options before the command (in a shell): `--store DIR`, `--color WHEN`.
        while index < words.count, words[index].hasPrefix("--") {
            let name = String(words[index].dropFirst(2))
            index += 1
            if CommandCompletion.leadingSwitches.contains(where: { $0.name == name && $0.value != nil }) {
                guard index < words.count else {
                    return expand(CommandCompletion.leadingSwitches.first { $0.name == name }?.value ?? .nothing)
                }
                index += 1
            }
        }
        guard index < words.count else {
            if current.hasPrefix("-") {
                return CommandCompletion.leadingSwitches.map { CompletionCandidate("--" + $0.name) }
            }
            var candidates = CommandCompletion.commands.map { CompletionCandidate($0.name) }
            if interactive {
                let navigation = CompletionOffer.days + .slots + .words(Self.navigationWords)
                candidates += navigation.words.map { CompletionCandidate($0) }
            }
            return candidates
        }
        // Command names are matched as the parser matches them: exactly.
        var path = words[index]
        index += 1
        if index < words.count, let group = CommandCompletion.groups.first(where: { $0.name == path }),
            group.commands.contains(where: { $0.name == words[index] })
        {
            path += " " + words[index]
            index += 1
        }
        guard let command = CommandCompletion.named(path) else { return [] }
        return offers(of: command, after: words[index...], current: current)
    }

    /// What may stand where `current` is typed, after a command and `words` of its own.
    private func offers(of command: CommandCompletion, after words: ArraySlice<String>, current: String)
        -> [CompletionCandidate]
    {
        var position = 0
        var pendingOption: CommandCompletion.Switch?
        var afterDayPrefix = false
        var optionsEnded = false
        for word in words {
            if pendingOption != nil {
                pendingOption = nil
                continue
            }
            if !optionsEnded, word == "--" {
                optionsEnded = true
                continue
            }
            if !optionsEnded, word.hasPrefix("--") {
                if !word.contains("="), let option = command.option(named: String(word.dropFirst(2))) {
                    pendingOption = option
                }
                continue
            }
            // `next mon`: the day is the second word; the first does not count as one.
            if !afterDayPrefix, CompletionOffer.dayPrefixes.contains(word.lowercased()),
                command.offer(at: position).words.contains(CompletionOffer.dayMarker)
            {
                afterDayPrefix = true
                continue
            }
            afterDayPrefix = false
            position += 1
        }
        let typed = Set(words)
        if let pendingOption { return expand(pendingOption.value ?? .nothing, typed: typed) }
        if !optionsEnded, current.hasPrefix("--"), let equals = current.firstIndex(of: "=") {
            let name = String(current[current.index(current.startIndex, offsetBy: 2)..<equals])
            let prefix = String(current[...equals])
            return expand(command.option(named: name)?.value ?? .nothing, prefix: prefix, typed: typed)
        }
        if !optionsEnded, current.hasPrefix("-") {
            return command.switches.map { CompletionCandidate("--" + $0.name) }
        }
        for (prefix, offer) in CompletionOffer.prefixed where current.lowercased().hasPrefix(prefix) {
            return expand(offer, prefix: String(current.prefix(prefix.count)), typed: typed)
        }
        return expand(afterDayPrefix ? .weekdays : command.offer(at: position), typed: typed)
    }

    /// An offer's words and values, each after `prefix`; a value of the store already on the line
    /// (`typed`: `done 4 7 ` offers neither again) is left out.
    private func expand(_ offer: CompletionOffer, prefix: String = "", typed: Set<String> = []) -> [CompletionCandidate]
    {
        var result = offer.words.map { CompletionCandidate(prefix + $0) }
        for source in offer.sources {
            result += data.candidates(source).map {
                CompletionCandidate(prefix + $0.value, description: $0.description)
            }
            .filter { !typed.contains($0.value) }
        }
        return result
    }
}
