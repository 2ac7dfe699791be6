import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore

/// The program: one-shot commands, the REPL on a terminal, scripts from a pipe.
public enum ShadeMain {
    /// Runs shade with raw arguments (without the program name); returns the exit code.
    public static func run(arguments rawArguments: [[UInt8]], environment: ShadeEnvironment) -> Int32 {
        if rawArguments.count == 2, rawArguments[0] == Array("--resident".utf8) {
            return ResidentHelper.serve(
                store: String(decoding: rawArguments[1], as: UTF8.self), environment: environment)
        }
        return run(arguments: rawArguments, environment: environment, residentCache: nil)
    }

    /// Runs shade with raw arguments; with `residentCache`, as a store's resident process runs a
    /// command handed to it (`ResidentHelper`): on its own, in a session that keeps weeks in that
    /// cache and answers a change once its redo-log frame is flushed.
    static func run(arguments rawArguments: [[UInt8]], environment: ShadeEnvironment, residentCache: WeekCache?)
        -> Int32
    {
        var arguments: [String] = []
        for (index, raw) in rawArguments.enumerated() {
            guard let text = String(validating: raw, as: UTF8.self) else {
                Output.error("error: argument \(index + 1) is not valid UTF-8; shade reads UTF-8 text only\n")
                return ExitCode.usage
            }
            arguments.append(text)
        }
        // Options that choose the store and colour may come before the command.
        let leading: (options: GlobalOptions, flags: Set<String>, rest: [String])
        do { leading = try GlobalOptions.leading(arguments, flags: ["--transcript"]) } catch {
            Output.error("error: " + error.message + "\n")
            return ExitCode.usage
        }
        arguments = leading.rest
        let storeOption = leading.options.store
        let colorOption = leading.options.color
        let transcript = leading.flags.contains("--transcript")
        if transcript {
            guard arguments.isEmpty else {
                Output.error("error: --transcript reads the commands from standard input; give no command after it\n")
                return ExitCode.usage
            }
            // As on a terminal's screen, errors stand among the lines they belong to.
            Terminal.sendErrorsToOutput()
            return runInteractive(environment: environment, store: storeOption, color: colorOption, mode: .transcript)
        }
        if arguments.isEmpty {
            return runInteractive(
                environment: environment, store: storeOption, color: colorOption,
                mode: Terminal.isTerminal(0) ? .terminal : .script)
        }
        if let residentCache {
            return runOnce(
                arguments, environment: environment, store: storeOption, color: colorOption, cache: residentCache)
        }
        switch ResidentClient.handOver(
            raw: rawArguments, words: arguments, store: storeOption, environment: environment)
        {
        case .answered(let code): return code
        case .runHere(let startsHelper):
            let code = runOnce(arguments, environment: environment, store: storeOption, color: colorOption, cache: nil)
            if startsHelper {
                ResidentClient.startHelper(
                    store: environment.storeDirectory(chosen: storeOption),
                    environment: environment)
            }
            return code
        }
    }

    private static func runOnce(
        _ words: [String], environment: ShadeEnvironment, store: String?, color: ColorMode?, cache: WeekCache?
    ) -> Int32 {
        // Parse first: the command may carry --store and --color of its own.
        var store = store
        var color = color
        let parsed = CommandRunner.parse(words)
        if case .line(.command(_, let global)) = parsed {
            store = global.store ?? store
            color = global.color ?? color
        }
        let session: Session
        do {
            session = try makeSession(
                environment: environment, store: store, color: color, interactive: false, cache: cache,
                defersFiles: cache != nil)
        } catch {
            Output.error("error: \(error.description)\n")
            return ExitCode.failure
        }
        // A one-shot command that asks (review) reads its answers from standard input.
        let input = ScriptReader(fd: 0)
        session.answers = { [session] question in
            Output.out(session.pendingOutput)
            session.pendingOutput = ""
            if Terminal.isTerminal(0) { Output.out(question) }
            if case .line(let line) = input.next(prompt: "") { return line }
            return nil
        }
        let code = CommandRunner(session: session).run(words, parsed: parsed)
        Output.out(session.pendingOutput)
        return code
    }

    private static func runInteractive(
        environment: ShadeEnvironment, store: String?, color: ColorMode?, mode: REPL.Mode
    ) -> Int32 {
        let session: Session
        do {
            session = try makeSession(
                environment: environment, store: store, color: color, interactive: true, defersFiles: mode == .terminal)
        } catch {
            Output.error("error: \(error.description)\n")
            return ExitCode.failure
        }
        if mode == .terminal {
            Terminal.ensureUTF8Locale()
            let editor = LineEditor(
                historyDirectory: environment.stateDirectory, complete: REPL.completions(for: session))
            let watch = ReminderWatch(session: session)
            editor.idleMessage = { watch.look() }
            editor.clearsLines = environment["TERM"] != "dumb"
            return REPL(session: session, source: editor, mode: .terminal).run()
        }
        return REPL(session: session, source: ScriptReader(fd: 0), mode: mode).run()
    }

    /// The session a command or a REPL runs in; with `defersFiles` (a REPL at a terminal, a
    /// resident process), a change is answered once its redo-log frame is flushed
    /// (`Store.defersFiles`). Weeks are kept between commands in `cache` (a resident process's),
    /// else in a cache of its own when the session is interactive.
    static func makeSession(
        environment: ShadeEnvironment, store: String?, color: ColorMode?, interactive: Bool,
        cache: WeekCache? = nil, defersFiles: Bool = false
    ) throws(CommandError) -> Session {
        let configuration: Configuration
        do { configuration = try Configuration.load(directory: environment.configDirectory) } catch {
            throw CommandError(error)
        }
        let now: Moment
        do { now = try SystemClock.now(environment: environment) } catch { throw CommandError(error) }
        let directory = environment.storeDirectory(chosen: store)
        // Who changes are by is found out when the first change needs it, not before.
        let identity = UserIdentity(
            name: configuration.userName, email: configuration.userEmail,
            git: UserIdentity.gitSettings(storeDirectory: directory, environment: environment),
            loginName: { environment.loginName })
        return Session(
            environment: environment,
            store: Store(
                directory: directory, cache: cache ?? (interactive ? WeekCache() : nil), defersFiles: defersFiles,
                author: { identity.name }),
            identity: identity,
            schedule: configuration.schedule.with(
                ZoneClockChanges.changes(in: now.date.year - 1...now.date.year + 2)),
            now: now,
            isInteractive: interactive, colorMode: color ?? .auto,
            clockOverride: environment["SHADE_NOW"] != nil ? now : nil, defaultReminder: configuration.defaultReminder,
            capacity: configuration.capacity, keepRemovalsDays: configuration.keepRemovalsDays,
            caldavPasswordFile: configuration.caldavPasswordFile)
    }
}
