import Foundation

/// Runs a tool a test needs (tmux, systemd-analyze, xvfb-run) and waits for it.
///
/// Started with `posix_spawn` and reaped with `waitpid`, not with Foundation's `Process`: a
/// server such a tool starts (tmux's, a notification daemon) keeps the descriptors it was given,
/// and `Process`, which learns of an exit through a descriptor its child holds, would wait as long
/// as that server runs. Output (standard output and error together) goes through a file for the
/// same reason; standard input is `/dev/null`.
public enum ExternalCommand {
    public struct Result: Sendable {
        /// The wait status's exit code (or the signal + 128).
        public let status: Int32
        public let output: String
    }

    /// Runs `executable` (an absolute path) with `arguments`, in `environment` (default: this
    /// process's).
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String]? = nil)
        throws -> Result
    {
        let path = NSTemporaryDirectory() + "command-out-" + UUID().uuidString
        defer { try? FileManager.default.removeItem(atPath: path) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        InheritedDescriptors.closeAllButStandardStreams(&actions)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        let envp = environment.map { $0.map { strdup("\($0.key)=\($0.value)") } + [nil] }
        defer { for pointer in envp ?? [] { free(pointer) } }
        var pid = pid_t()
        let started = CleanSpawn.withAttributes { attributes in
            if let envp {
                posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
            } else {
                posix_spawn(&pid, executable, &actions, &attributes, argv, environ)
            }
        }
        guard started == 0 else { throw CocoaError(.executableLoad, userInfo: ["path": executable]) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let code = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(
            status: code, output: String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self))
    }
}
