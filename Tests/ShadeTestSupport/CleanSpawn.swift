import CSystemCalls
import Foundation

/// The spawn attributes of every program a test starts: no signal blocked and each at its
/// default, whatever the spawning thread blocks. The test runner's threads block SIGTERM and
/// SIGHUP; a tmux server that inherited that mask outlived its test, `kill-server` and all.
public enum CleanSpawn {
    /// The flag with which the child starts a session of its own (POSIX_SPAWN_SETSID).
    public static let newSession = shade_spawn_setsid_flag()

    /// Runs `body` with such attributes (and `flags` besides: `newSession`).
    public static func withAttributes<T>(flags: Int16 = 0, _ body: (inout posix_spawnattr_t) -> T) -> T {
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        shade_spawnattr_reset_signals(&attributes, flags)
        return body(&attributes)
    }
}
