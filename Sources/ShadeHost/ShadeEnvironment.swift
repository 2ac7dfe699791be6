import ShadePlatform

/// The process environment shade reads, captured once at start-up.
public struct ShadeEnvironment: Sendable {
    /// All variables by name.
    public let variables: [String: String]

    /// Reads the current process environment.
    public static func current() -> ShadeEnvironment {
        var result: [String: String] = [:]
        var pointer = environ
        while let entry = pointer.pointee {
            // NAME=VALUE, split at the first `=` byte.
            if let equals = strchr(entry, Int32(UInt8(ascii: "="))) {
                let nameLength = entry.distance(to: equals)
                let name = entry.withMemoryRebound(to: UInt8.self, capacity: nameLength) {
                    String(decoding: UnsafeBufferPointer(start: $0, count: nameLength), as: UTF8.self)
                }
                result[name] = String(cString: equals + 1)
            }
            pointer += 1
        }
        return ShadeEnvironment(variables: result)
    }

    /// Creates an environment from explicit variables (for tests).
    public init(variables: [String: String]) { self.variables = variables }

    /// A variable's value when it is set and not empty.
    public subscript(name: String) -> String? {
        guard let value = variables[name], !value.isEmpty else { return nil }
        return value
    }

    private var home: String { self["HOME"] ?? "." }

    /// `$XDG_DATA_HOME/shade`, else `~/.local/share/shade`.
    public var defaultStore: String { (self["XDG_DATA_HOME"] ?? home + "/.local/share") + "/shade" }
    /// The store a command uses: the one `--store` chose, else `$SHADE_STORE`, else the default.
    public func storeDirectory(chosen option: String?) -> String {
        option ?? self["SHADE_STORE"] ?? defaultStore
    }

    /// `$XDG_CONFIG_HOME/shade`, else `~/.config/shade`.
    public var configDirectory: String { (self["XDG_CONFIG_HOME"] ?? home + "/.config") + "/shade" }
    /// The login name: `$USER`, else `$LOGNAME`, else the password database's, else "me".
    public var loginName: String {
        if let name = self["USER"] ?? self["LOGNAME"] { return name }
        if let entry = getpwuid(getuid()), let name = entry.pointee.pw_name { return String(cString: name) }
        return "me"
    }

    /// `$XDG_STATE_HOME/shade`, else `~/.local/state/shade`.
    public var stateDirectory: String { (self["XDG_STATE_HOME"] ?? home + "/.local/state") + "/shade" }

    /// `path` made absolute against the working directory.
    public static func absolute(_ path: String) -> String {
        guard !path.hasPrefix("/") else { return path }
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return directory + "/" + (path.hasPrefix("./") ? String(path.dropFirst(2)) : path)
    }
}
