import ShadeCore
import ShadeHost
import ShadeStore
import ShadeSync

/// Parses words with the command language and runs them on a session, turning every failure into
/// a message on standard error and an exit code. Output is queued on the session for the caller.
struct CommandRunner {
    let session: Session

    /// Words parsed: what they ask for, or why they cannot be run.
    ///
    /// A type of its own rather than a `Result`: a generic type's metadata is made when a process
    /// first uses it, and `Result`'s asks the runtime to look its error's conformance up among
    /// every conformance the program holds, which every one-shot command would pay again.
    enum Parsed {
        case line(Shade.ParsedLine)
        case failure(CommandError)

        func get() throws(CommandError) -> Shade.ParsedLine {
            switch self {
            case .line(let line): return line
            case .failure(let error): throw error
            }
        }
    }

    /// Parses words into what they ask for.
    static func parse(_ words: [String]) -> Parsed {
        do throws(CommandError) { return .line(try Shade.parse(words)) } catch { return .failure(error) }
    }

    /// Runs one command; returns its exit code. `context` prefixes messages (`line 3: `);
    /// `parsed` is the result of `parse(words)` when the caller has it already.
    func run(_ words: [String], context: String = "", parsed: Parsed? = nil) -> Int32 {
        do {
            switch try (parsed ?? CommandRunner.parse(words)).get() {
            case .text(let text):
                session.print(text)
            case .unknownCommand(let name):
                throw CommandError.usage(unknownCommandMessage(name))
            case .command(let command, let global):
                if let store = global.store, store != session.store.directory {
                    throw CommandError.usage(
                        "--store is chosen when shade starts; this session uses \(session.store.directory)")
                }
                if type(of: command).settlesMergedPlanner, try SharedPlannerWatch.needsSettling(session.store.directory)
                {
                    try Shade.Sync.planner(session).settleMerged()
                }
                let saved = SavedChanges.count
                defer {
                    if type(of: command).startsBackgroundSync, SavedChanges.count != saved {
                        BackgroundSync.start(
                            afterChangeTo: session.store.directory, environment: session.environment.variables)
                    }
                }
                try command.execute(in: session)
            }
            return ExitCode.success
        } catch {
            return report(error, words: words, context: context)
        }
    }

    /// Prints an error the way the contract asks (one or two lines) and returns its exit code.
    func report(_ error: any Error, words: [String], context: String) -> Int32 {
        let prefix: SafeText = "\(context)error: "
        switch error {
        case let failure as CommandError:
            Output.error(prefix + failure.message + "\n")
            if case .usage = failure { return ExitCode.usage }
            return ExitCode.failure
        case let sync as SyncError:
            Output.error(prefix + sync.message + "\n")
            return ExitCode.failure
        case let host as HostError:
            Output.error(prefix + host.message + "\n")
            return ExitCode.failure
        case let input as InputError:
            Output.error(prefix + input.message + "\n")
            if case .usage = input { return ExitCode.usage }
            return ExitCode.failure
        case let store as StoreError:
            Output.error(prefix + store.message + "\n")
            if case .locked = store { return ExitCode.busy }
            return ExitCode.failure
        default:
            Output.error(prefix + "\(String(describing: error))\n")
            return ExitCode.failure
        }
    }

    /// What a first word that is not a command may have meant.
    private func unknownCommandMessage(_ name: String) -> SafeText {
        let shown = CommandArguments.quoted(name)
        if let date = try? session.resolver().date(for: name) {
            return "'\(shown)' is a day (\(date)); a day alone moves the view in the REPL — here, use: day \(shown)"
        }
        let words = Shade.commandNames + (session.isInteractive ? ["next", "prev", "quit", "exit"] : [])
        if let nearest = NearestWord.nearest(to: name, in: words) {
            return "unknown command '\(shown)'; did you mean '\(nearest)'?\n  see: help \(nearest)"
        }
        return "unknown command '\(shown)'; commands: \(Shade.commandNames.joined(separator: ", "))\n  see: help"
    }
}
