import ShadePlatform

/// Small file helpers for the command line's own files (configuration, history, unit files) and
/// the files a user names: reached as any program reaches them, links followed (the store's own
/// files go through `FileSystem`, which follows none).
public enum TextFile {
    /// The content of a file, or nil when it does not exist.
    public static func read(_ path: String) throws(StoreError) -> [UInt8]? {
        try FileSystem.read(path, followingLinks: true)
    }

    /// Creates a directory and its parents, private to the user.
    public static func makePrivateDirectory(_ path: String) throws(StoreError) {
        try FileSystem.makeDirectories(path, followingLinks: true)
    }

    /// Writes a whole file atomically (a temporary file beside it, flushed, renamed over it,
    /// the directory flushed): a crash leaves the old file or the new one, never a part.
    public static func writeAtomically(_ path: String, _ text: String, mode: mode_t = 0o600) throws(StoreError) {
        try FileSystem.writeAtomically(
            path, Array(text.utf8), via: path + ".tmp-\(getpid())", mode: mode, followingLinks: true)
    }

    /// Replaces a file by rename without flushing, ignoring failures: for a cache, which a reader
    /// that finds it lost or torn computes again.
    public static func replaceCache(_ path: String, _ bytes: [UInt8]) {
        FileSystem.replaceUnflushed(path, with: bytes, via: path + ".tmp-\(getpid())", followingLinks: true)
    }
}
