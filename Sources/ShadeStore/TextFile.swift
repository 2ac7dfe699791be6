/// Small file helpers for the command line's own files (configuration, history).
public enum TextFile {
    /// The content of a file, or nil when it does not exist.
    public static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        try FileSystem.read(path)
    }

    /// Creates a directory and its parents, private to the user.
    public static func makePrivateDirectory(_ path: String) throws(StoreError) {
        try FileSystem.makeDirectories(path)
    }
}
