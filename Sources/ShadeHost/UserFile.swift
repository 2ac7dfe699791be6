import ShadeCore
import ShadePlatform
import ShadeStore

/// A file the user names on the command line, outside the store: the one `import` reads, and
/// the ones `export -o FILE` and `report --html FILE` write (SPEC §14). `-` (standard input or
/// output) is the caller's to handle.
///
/// A file written must be a regular file or not exist yet: a FIFO, a device, a socket or a
/// directory, or a symbolic link to one of them or to nothing, is refused with one line and left
/// as it is. A symbolic link to a regular file is written through: the file it leads to is
/// replaced whole, and the link stays a link.
public enum UserFile {
    /// Writes `text` whole to the file `path` names (a temporary file beside it, flushed, renamed
    /// over it): a failure leaves the file as it was.
    public static func write(_ text: String, to path: String) throws(HostError) {
        do { try write(to: path) { append in try append(Array(text.utf8)) } } catch let error as HostError {
            throw error
        } catch {
            throw .notWritten("\(error)")
        }
    }

    /// Writes the file `path` names a piece at a time, whole or not at all, as `write` writes it:
    /// `body` hands each piece to the function it is given; the file is replaced once `body`
    /// returns. When `body` fails (its error is thrown as it is) or a write does, the file is left
    /// as it was and nothing else remains.
    public static func write<T>(to path: String, _ body: (_ append: ([UInt8]) throws -> Void) throws -> T) throws -> T {
        let target = try writableTarget(path)
        /// A failure of the file itself, said in one line.
        func notWritten(_ error: StoreError) -> HostError {
            .notWritten(error.message.text.split(separator: "\n").first.map(String.init) ?? "")
        }
        do {
            return try TextFile.writeAtomically(target, mode: 0o600) { add in
                try withoutActuallyEscaping(add) { add in
                    do {
                        return try body { piece in
                            do { try add(piece) } catch let error as StoreError { throw notWritten(error) }
                        }
                    } catch {
                        throw BodyFailure(error: error)
                    }
                }
            }
        } catch let failure as BodyFailure {
            throw failure.error
        } catch let error as StoreError {
            throw notWritten(error)
        }
    }

    /// An error of a `write(to:_:)` body's own, carried past the mapping of the file's errors.
    private struct BodyFailure: Error { let error: any Error }

    /// The path to write for `path`: itself when it is a regular file or names nothing yet, the
    /// regular file a symbolic link leads to; any other kind of file is refused.
    public static func writableTarget(_ path: String) throws(HostError) -> String {
        var info = stat()
        guard lstat(path, &info) == 0 else {
            if errno == ENOENT { return path }
            throw refused(path, "cannot be looked up (\(String(cString: strerror(errno))))")
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            return path
        case S_IFLNK:
            guard stat(path, &info) == 0 else { throw refused(path, "is a symbolic link to nothing") }
            guard info.st_mode & S_IFMT == S_IFREG else {
                throw refused(path, "is a symbolic link to \(kind(of: info.st_mode))")
            }
            guard let resolved = realpath(path, nil) else {
                throw refused(path, "is a symbolic link that cannot be followed (\(String(cString: strerror(errno))))")
            }
            defer { free(resolved) }
            return String(cString: resolved)
        default:
            throw refused(path, "is \(kind(of: info.st_mode))")
        }
    }

    /// The whole content of the file `path` names (`-`: standard input), read up to `limit`
    /// bytes; `tooLarge` is what a larger one is refused with.
    public static func read(_ path: String, limit: Int, tooLarge: SafeText) throws(HostError) -> [UInt8] {
        let opened = try open(path, limit: limit, tooLarge: tooLarge)
        defer { closeOpened(opened.fd) }
        return try readRest(opened, path: path, limit: limit, tooLarge: tooLarge)
    }

    /// The file `path` names (`-`: standard input) opened for reading a piece at a time, with its
    /// first bytes (up to 64 KiB, for telling its format) read already; refused as `read` refuses.
    /// The caller closes the descriptor (`closeOpened`).
    public static func open(_ path: String, limit: Int, tooLarge: SafeText) throws(HostError) -> (
        fd: Int32, head: [UInt8]
    ) {
        let fd = path == "-" ? STDIN_FILENO : Glibc.open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw .noSuchFile(path) }
            throw .unreadable(path: path, step: .opened, reason: String(cString: strerror(errno)))
        }
        do throws(HostError) {
            var info = stat()
            guard fstat(fd, &info) == 0 else {
                throw .unreadable(path: path, step: .lookedUp, reason: String(cString: strerror(errno)))
            }
            if info.st_mode & S_IFMT == S_IFDIR { throw .isDirectory(path) }
            if info.st_mode & S_IFMT == S_IFREG, Int(info.st_size) > limit { throw .tooLarge(tooLarge) }
            var head = [UInt8](repeating: 0, count: 1 << 16)
            var filled = 0
            while filled < head.count {
                let count = head.withUnsafeMutableBytes {
                    Glibc.read(fd, $0.baseAddress.map { $0 + filled }, $0.count - filled)
                }
                if count < 0 {
                    if errno == EINTR { continue }
                    throw .unreadable(path: path, step: .read, reason: String(cString: strerror(errno)))
                }
                if count == 0 { break }
                filled += count
            }
            head.removeLast(head.count - filled)
            return (fd, head)
        } catch {
            closeOpened(fd)
            throw error
        }
    }

    /// The whole content of a file `open` opened: its head and the rest, read up to `limit` bytes.
    public static func readRest(_ opened: (fd: Int32, head: [UInt8]), path: String, limit: Int, tooLarge: SafeText)
        throws(HostError) -> [UInt8]
    {
        var bytes = opened.head
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(opened.fd, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw .unreadable(path: path, step: .read, reason: String(cString: strerror(errno)))
            }
            if count == 0 { return bytes }
            // A stream (standard input, a pipe) has no size to check first: it stops one chunk past.
            guard bytes.count + count <= limit else { throw .tooLarge(tooLarge) }
            bytes += chunk[0..<count]
        }
    }

    /// Closes what `open` opened (standard input stays open).
    public static func closeOpened(_ fd: Int32) { if fd != STDIN_FILENO { close(fd) } }

    private static func kind(of mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a FIFO (named pipe)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "not a regular file"
        }
    }

    private static func refused(_ path: String, _ what: String) -> HostError {
        .notARegularFile(path: path, what: what)
    }

    /// The permission bits of the file at `path` (`0o644`), or nil when it cannot be looked up.
    public static func permissions(of path: String) -> UInt32? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return UInt32(info.st_mode & 0o777)
    }
}
