internal import CSystemCalls
import ShadePlatform
import Synchronization

/// Opens a store path without following a symbolic link in any component of it.
///
/// What is inside a store may have come from anyone who shares it (SPEC §14): a link there — a
/// week file linked to a private file or to `/dev/stdin`, a folder such as `weeks/2027` linked
/// elsewhere — is never followed, for a read, a listing or a write. The store's root is resolved
/// once, when the store is opened (`StorePaths.resolvedRoot`), so that the paths the store builds
/// hold no link the user made (the root itself may be one); a link met on the way is then one
/// inside the store, and the open fails with `ELOOP`.
///
/// One `openat2(RESOLVE_NO_SYMLINKS)` resolves a whole path, at the cost of a plain `open`. Where
/// the kernel has no `openat2` (before Linux 5.6, or a sandbox forbids it), each folder is opened
/// in turn with `O_NOFOLLOW` (`walk`), to the same effect.
enum LinkFreePath {
    /// Set once a call found no `openat2`: every later open walks.
    private static let walks = Atomic<Bool>(false)

    /// `O_PATH`: a folder opened only to name entries in it.
    static let pathOnly = shade_open_path_flag()

    /// Opens `path` with `flags` (`O_NOFOLLOW` added) and `mode`: a descriptor, or -1 with `errno`
    /// set (`ELOOP` when a component is a link, `ENOTDIR` when a folder on the way is a file).
    static func open(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        if !walks.load(ordering: .relaxed) {
            let fd = shade_open_no_symlinks(AT_FDCWD, path, flags | O_NOFOLLOW | O_CLOEXEC, UInt32(mode))
            guard fd < 0, errno == ENOSYS || errno == EPERM else { return fd }
            walks.store(true, ordering: .relaxed)
        }
        return walk(path, flags, mode: mode)
    }

    /// As `open`, by opening each folder of `path` in turn (`pathOnly | O_DIRECTORY | O_NOFOLLOW`)
    /// and the last component in the last folder: what `open` does where there is no `openat2`.
    static func walk(_ path: String, _ flags: Int32, mode: mode_t = 0) -> Int32 {
        let components = path.split(separator: "/")
        guard let last = components.last else { return Glibc.open(path, flags | O_NOFOLLOW | O_CLOEXEC, mode) }
        var directory = Glibc.open(path.hasPrefix("/") ? "/" : ".", pathOnly | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return -1 }
        for component in components.dropLast() {
            let next = openat(directory, String(component), pathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            var code = errno
            if next < 0, code == ENOTDIR, kind(of: String(component), in: directory) == S_IFLNK { code = ELOOP }
            close(directory)
            guard next >= 0 else {
                errno = code
                return -1
            }
            directory = next
        }
        let fd = openat(directory, String(last), flags | O_NOFOLLOW | O_CLOEXEC, mode)
        let code = errno
        close(directory)
        errno = code
        return fd
    }

    /// Folders opened as `open` opens them (`O_PATH`), each once, for calls that name entries in
    /// them (`mkdirat`, `renameat`, `unlinkat`, `linkat`): one set serves the files of a commit,
    /// so that a folder its files share is opened once. Closed when let go. A folder replaced by a
    /// link after it was opened changes nothing: the calls go to the folder that was opened.
    final class Folders {
        private var opened: [String: Int32] = [:]

        init() {}

        deinit {
            let code = errno
            for fd in opened.values { close(fd) }
            errno = code
        }

        /// The folder holding `path`, open, and the last component's name; nil (with `errno`
        /// set) when the folder could not be opened.
        func parent(of path: String) -> (fd: Int32, name: String)? {
            let (parent, name) = LinkFreePath.split(path)
            if let fd = opened[parent] { return (fd, name) }
            let fd = LinkFreePath.open(parent, pathOnly | O_DIRECTORY)
            guard fd >= 0 else { return nil }
            opened[parent] = fd
            return (fd, name)
        }
    }

    /// Runs `body` with the folder holding `path` (from `folders`, else opened for this call) and
    /// the last component's name. Returns `body`'s result, or -1 with `errno` set when the folder
    /// could not be opened.
    static func inParent(of path: String, in folders: Folders? = nil, _ body: (Int32, String) -> Int32) -> Int32 {
        let folders = folders ?? Folders()
        guard let (directory, name) = folders.parent(of: path) else { return -1 }
        return withExtendedLifetime(folders) { body(directory, name) }
    }

    /// As `inParent`, with the folders holding two paths.
    static func inParents(
        of first: String, and second: String, in folders: Folders? = nil,
        _ body: (Int32, String, Int32, String) -> Int32
    ) -> Int32 {
        let folders = folders ?? Folders()
        guard let (firstDirectory, firstName) = folders.parent(of: first),
            let (secondDirectory, secondName) = folders.parent(of: second)
        else { return -1 }
        return withExtendedLifetime(folders) { body(firstDirectory, firstName, secondDirectory, secondName) }
    }

    /// The first component of `path` that a store path may not hold — a link, or anything but a
    /// folder on the way — and what it is ("a symlink", "a FIFO", …); nil when there is none (the
    /// last component, when there, is a regular file, or with `folder` a folder). For an error that
    /// names what was refused, and whether a file or a folder belonged there.
    static func firstRefused(in path: String, folder: Bool = false) -> (path: String, found: String, folder: Bool)? {
        let components = path.split(separator: "/")
        var prefix = path.hasPrefix("/") ? "" : "."
        for (index, component) in components.enumerated() {
            prefix += "/" + component
            let isLast = index == components.count - 1
            var info = stat()
            guard lstat(prefix, &info) == 0 else { return nil }
            let type = info.st_mode & S_IFMT
            let expected = isLast && !folder ? S_IFREG : S_IFDIR
            if type == expected { continue }
            return (prefix, describe(type), expected == S_IFDIR)
        }
        return nil
    }

    /// What a file type (`st_mode & S_IFMT`) is, in words.
    static func describe(_ type: mode_t) -> String {
        switch type {
        case S_IFLNK: "a symlink"
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a folder"
        case S_IFREG: "a regular file"
        default: "of an unknown type"
        }
    }

    /// The type of the entry `name` in an open folder, without following it; 0 when it cannot be
    /// told.
    static func kind(of name: String, in directory: Int32) -> mode_t {
        var info = stat()
        return fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 ? info.st_mode & S_IFMT : 0
    }

    /// The folder part and the last component of a path (`.` for a bare name).
    static func split(_ path: String) -> (parent: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let parent = slash == path.startIndex ? "/" : String(path[..<slash])
        return (parent, String(path[path.index(after: slash)...]))
    }
}
