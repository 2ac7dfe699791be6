import ShadePlatform

/// Text for `errno` values.
enum SystemError {
    /// `strerror` of a code, e.g. "No space left on device".
    static func message(for code: Int32) -> String {
        guard let text = strerror(code) else { return "error \(code)" }
        return String(cString: text)
    }
}
