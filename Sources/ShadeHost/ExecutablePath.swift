import ShadePlatform

/// The path of the running program.
public enum ExecutablePath {
    /// `/proc/self/exe` read, or nil when it cannot be.
    public static var current: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
