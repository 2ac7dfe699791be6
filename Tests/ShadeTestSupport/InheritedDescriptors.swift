import CSystemCalls
import Foundation

/// Keeps the test process's open files out of the programs its tests start.
///
/// Tests run on parallel threads of one process, and some files they open are not close-on-exec
/// (Foundation's temporary file behind an atomic write is one). A child started while such a file
/// is open keeps it for its whole life, and a script that any process holds open for writing
/// cannot be run (`ETXTBSY`): a notification script written by one test then fails to start
/// because a `shade` or a tmux server started by another test still holds it.
public enum InheritedDescriptors {
    /// Adds to `actions`, after what they already do, the closing of every descriptor above
    /// standard error in the child.
    public static func closeAllButStandardStreams(_ actions: inout posix_spawn_file_actions_t) {
        let code = shade_spawn_close_from(&actions, 3)
        precondition(code == 0, "posix_spawn_file_actions_addclosefrom_np: \(String(cString: strerror(code)))")
    }

    /// Writes `text` to `path` as an executable script (mode 0755), through a close-on-exec
    /// temporary file renamed into place, so that no child started meanwhile holds it open.
    public static func writeExecutable(_ text: String, to path: String) throws {
        let temporary = path + ".writing-" + UUID().uuidString
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o755)
        guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
        close(fd)
        guard written == bytes.count, rename(temporary, path) == 0 else {
            unlink(temporary)
            throw POSIXError(.EIO)
        }
    }
}
