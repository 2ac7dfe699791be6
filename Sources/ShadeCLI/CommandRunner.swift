import ArgumentParser
import ShadeCore
import ShadeStore

/// Parses words with the command tree and runs them on a session, turning every failure into a
/// message on standard error and an exit code. Output is queued on the session for the caller.
struct CommandRunner {
    let session: Session

    /// Parses words with the command tree (once per command: it is not free).
    static func parse(_ words: [String]) -> Result<ParsableCommand, any Error> {
        Result { try Shade.parseAsRoot(words) }
    }

    /// Runs one command; returns its exit code. `context` prefixes messages (`line 3: `);
    /// `parsed` is the result of `parse(words)` when the caller has it already.
    func run(_ words: [String], context: String = "", parsed: Result<ParsableCommand, any Error>? = nil) -> Int32 {
        let code: Int32
        if let help = helpRequest(words) {
            session.print(help)
            return ExitCode.success
        }
        do {
            let parsed = try (parsed ?? CommandRunner.parse(words)).get()
            guard let command = parsed as? PlannerCommand else {
                session.print(Shade.helpMessage(columns: 100))
                return ExitCode.success
            }
            if let store = command.global.store, store != session.store.directory {
                throw CommandError.usage(
                    "--store is chosen when shade starts; this session uses \(session.store.directory)")
            }
            try command.execute(in: session)
            code = ExitCode.success
        } catch {
            code = report(error, words: words, context: context)
        }
        return code
    }

    /// `COMMAND --help` (or `-h`) before any `--`: that command's help, not the root's.
    private func helpRequest(_ words: [String]) -> String? {
        guard let first = words.first,
            let type = Shade.configuration.subcommands.first(where: { $0._commandName == first })
        else { return nil }
        let options = words.prefix { $0 != "--" }
        guard options.contains("--help") || options.contains("-h") else { return nil }
        return Shade.helpMessage(for: type, columns: 100)
    }

    /// Prints an error the way the contract asks (one or two lines) and returns its exit code.
    func report(_ error: any Error, words: [String], context: String) -> Int32 {
        let prefix = context + "error: "
        switch error {
        case let failure as CommandError:
            Output.error(prefix + failure.description + "\n")
            if case .usage = failure { return ExitCode.usage }
            return ExitCode.failure
        case let input as InputError:
            Output.error(prefix + input.message + "\n")
            return ExitCode.failure
        case let store as StoreError:
            Output.error(prefix + store.description + "\n")
            if case .locked = store { return ExitCode.busy }
            return ExitCode.failure
        default:
            let exit = Shade.exitCode(for: error)
            let message = Shade.message(for: error)
            if exit == .success {
                // --help and --version end here.
                session.print(message)
                return ExitCode.success
            }
            Output.error(prefix + usageMessage(message, words: words) + "\n")
            return exit.rawValue == ExitCode.failure ? ExitCode.failure : ExitCode.usage
        }
    }

    /// ArgumentParser's message, made friendlier where the first word is not a command.
    private func usageMessage(_ message: String, words: [String]) -> String {
        guard let first = words.first, !first.hasPrefix("-"), !Shade.commandNames.contains(first) else {
            let command = words.first.map { " " + $0 } ?? ""
            return message.split(separator: "\n").first.map(String.init).map { $0 + "\n  see: help\(command)" }
                ?? message
        }
        if let date = try? session.resolver().date(for: first) {
            return "'\(first)' is a day (\(date)); a day alone moves the view in the REPL — here, use: day \(first)"
        }
        return "unknown command '\(first)'; commands: \(Shade.commandNames.joined(separator: ", "))\n  see: help"
    }
}
