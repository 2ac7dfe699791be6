import ShadePlatform

/// Where a store's resident process listens, and what a request must share with it to be
/// answered there (see `ResidentHelper`).
///
/// It lives in `$XDG_RUNTIME_DIR/shade/` (the per-user directory a login session provides, private
/// to the user and emptied at logout): one socket and one lock file per store, named by a hash of
/// the store's real path. Without a runtime directory, or with `SHADE_RESIDENT=off`, every command
/// runs on its own.
public struct ResidentAddress: Equatable, Sendable {
    /// The socket the resident process listens on.
    let socket: String
    /// The file the resident process holds locked while it lives: at most one per store.
    let lock: String
    /// The store's real path (symbolic links resolved).
    let store: String

    /// How long a resident process waits for a command before it ends, in seconds: the number
    /// `SHADE_RESIDENT` gives, else ten minutes; nil when it is `off`, `no` or `0`.
    public static func idleSeconds(_ environment: ShadeEnvironment) -> Int? {
        guard let value = environment["SHADE_RESIDENT"] else { return 600 }
        if let seconds = Int(value) { return seconds > 0 ? seconds : nil }
        return ["off", "no", "false", "never"].contains(value.lowercased()) ? nil : 600
    }

    /// The address for the store at `directory`, or nil when there is none: resident processes
    /// are off, there is no private runtime directory, or the store does not exist yet.
    static func of(store directory: String, environment: ShadeEnvironment) -> ResidentAddress? {
        guard idleSeconds(environment) != nil, let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/"),
            let real = realPath(directory)
        else { return nil }
        let folder = runtime + "/shade"
        guard isPrivateDirectory(folder) else { return nil }
        let name = hexDigest(real)
        // A socket's path must fit its address (108 bytes on Linux, the NUL included).
        guard folder.utf8.count + "/0123456789abcdef.socket".utf8.count < 108 else { return nil }
        return ResidentAddress(
            socket: folder + "/" + name + ".socket", lock: folder + "/" + name + ".lock", store: real)
    }

    /// Makes the runtime folder (private to the user) when it is missing; false when it cannot
    /// be made, or exists and is not a directory of the user's that only the user can enter.
    static func makeFolder(_ environment: ShadeEnvironment) -> Bool {
        guard let runtime = environment["XDG_RUNTIME_DIR"], runtime.hasPrefix("/") else { return false }
        let folder = runtime + "/shade"
        if mkdir(folder, 0o700) != 0, errno != EEXIST { return false }
        return isPrivateDirectory(folder)
    }

    private static func isPrivateDirectory(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        return (info.st_mode & S_IFMT) == S_IFDIR && info.st_uid == getuid() && (info.st_mode & 0o077) == 0
    }

    /// `path` with every symbolic link and `.`/`..` resolved, or nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// 16 hex digits of the FNV-1a hash of `text`: a short, stable file name for a store.
    static func hexDigest(_ text: String) -> String {
        let hash = fnv1a(text)
        let digits = Array("0123456789abcdef".utf8)
        var name = [UInt8](repeating: 0, count: 16)
        for index in 0..<16 { name[index] = digits[Int((hash >> (60 - 4 * UInt64(index))) & 0xF)] }
        return String(decoding: name, as: UTF8.self)
    }

    /// FNV-1a, 64 bits.
    static func fnv1a(_ text: String) -> UInt64 {
        var hash = FNV1a()
        hash.add(text.utf8)
        return hash.value
    }

    /// What the environment is, as one number that does not depend on the variables' order: a
    /// request is answered by a resident process only when its environment is the same. The
    /// variables a shell changes by itself from one command to the next (`_`, `PWD`, `OLDPWD`,
    /// `SHLVL`) are left out: the working directory travels with each request.
    static func digest(of environment: ShadeEnvironment) -> UInt64 {
        var total: UInt64 = 0
        for (name, value) in environment.variables where !["_", "PWD", "OLDPWD", "SHLVL"].contains(name) {
            // Summed, so the order does not matter; each hashed with its name so values cannot swap.
            total = total &+ fnv1a(name + "=" + value) &* 0x9E37_79B9_7F4A_7C15
        }
        return total
    }

    /// What this program file is (device, inode, size, modification time): a resident process
    /// answers only the program it was started from, so one left from before an upgrade or a
    /// rebuild never answers for the new one.
    static func programStamp() -> String {
        var info = stat()
        guard stat("/proc/self/exe", &info) == 0 else { return "" }
        return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }
}
