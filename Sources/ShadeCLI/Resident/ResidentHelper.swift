import ShadeCore
import ShadeHost

/// A store's resident process (`shade --resident DIR`): answers the one-shot commands of that store
/// with the weeks it has already read, as the REPL answers its lines, so that a command pays for
/// starting a process and little more.
///
/// A one-shot command starts it (`ResidentClient.startHelper`) and hands it later commands over a
/// Unix socket (`ResidentServer` listens, `ResidentAddress` says where), with the command's
/// standard streams and working directory. Each command runs exactly as it would on its own — a
/// fresh session, the configuration read again, the clock read again — except that its change is
/// answered once its redo-log frame is flushed (as at the REPL; `Store.defersFiles`), and its
/// files are written right after the answer.
enum ResidentHelper {
    /// Serves the store at `store` until idle; the exit status.
    static func serve(store: String, environment: ShadeEnvironment) -> Int32 {
        let ending = ResidentServer.serve(store: store, environment: environment) { arguments, cache in
            ShadeMain.run(arguments: arguments, environment: environment, residentCache: cache)
        }
        switch ending {
        case .served, .servedElsewhere:
            return ExitCode.success
        case .off:
            Output.error("error: --resident: resident processes are off (SHADE_RESIDENT)\n")
            return ExitCode.failure
        case .noAddress:
            Output.error(
                "error: --resident serves an existing store from a private runtime folder: '\(CommandArguments.quoted(store))' does not exist, or XDG_RUNTIME_DIR names no private directory of yours\n"
            )
            return ExitCode.failure
        case .cannotListen:
            return ExitCode.failure
        }
    }
}
