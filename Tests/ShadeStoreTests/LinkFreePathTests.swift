import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeJSON
@testable import ShadeStore

/// The one way a store path is opened (`LinkFreePath`), both with `openat2` and by walking the
/// folders one by one, and what the store's file operations make of what it refuses.
@Suite struct LinkFreePathTests {
    /// A folder `inside/a/b` holding `file.json`, and `outside/` holding `secret`, in a fresh
    /// temporary directory (resolved, so that the paths hold no link of the system's own).
    final class Tree {
        let root: String
        var inside: String { root + "/inside" }
        var outside: String { root + "/outside" }

        init() throws {
            let made = NSTemporaryDirectory() + "shade-link-test-" + UUID().uuidString
            try FileManager.default.createDirectory(atPath: made + "/inside/a/b", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: made + "/outside", withIntermediateDirectories: true)
            root = StorePaths.resolvedRoot(made)
            try "{}".write(toFile: inside + "/a/b/file.json", atomically: false, encoding: .utf8)
            try "secret".write(toFile: outside + "/secret", atomically: false, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        func link(_ relative: String, to target: String) throws {
            try FileManager.default.createSymbolicLink(atPath: inside + "/" + relative, withDestinationPath: target)
        }
    }

    /// Opens as the store does, with `openat2` or by walking: the descriptor (closed here) or -1,
    /// and `errno` as the open left it.
    private static func open(_ path: String, _ flags: Int32, mode: mode_t = 0, walking: Bool) -> (
        fd: Int32, errno: Int32
    ) {
        let fd = walking ? LinkFreePath.walk(path, flags, mode: mode) : LinkFreePath.open(path, flags, mode: mode)
        let code = errno
        if fd >= 0 { close(fd) }
        return (fd >= 0 ? 0 : -1, fd >= 0 ? 0 : code)
    }

    @Test(arguments: [false, true])
    func aPathOfFoldersAndARegularFileOpens(walking: Bool) throws {
        let tree = try Tree()
        #expect(Self.open(tree.inside + "/a/b/file.json", O_RDONLY, walking: walking).fd == 0)
        #expect(Self.open(tree.inside + "/a/b", O_RDONLY | O_DIRECTORY, walking: walking).fd == 0)
        #expect(Self.open(tree.inside + "/a/b/none.json", O_RDONLY, walking: walking) == (-1, ENOENT))
    }

    @Test(arguments: [false, true])
    func aLinkAsTheLastComponentIsRefused(walking: Bool) throws {
        let tree = try Tree()
        try tree.link("a/b/linked.json", to: tree.outside + "/secret")
        #expect(Self.open(tree.inside + "/a/b/linked.json", O_RDONLY, walking: walking) == (-1, ELOOP))
        // Nor is a file made through a dangling link.
        try tree.link("a/b/dangling.json", to: tree.outside + "/made")
        #expect(Self.open(tree.inside + "/a/b/dangling.json", O_WRONLY | O_CREAT, walking: walking).fd == -1)
        #expect(!FileManager.default.fileExists(atPath: tree.outside + "/made"))
    }

    @Test(arguments: [false, true])
    func aLinkedFolderOnTheWayIsRefused(walking: Bool) throws {
        let tree = try Tree()
        try tree.link("a/linked", to: tree.outside)
        #expect(Self.open(tree.inside + "/a/linked/secret", O_RDONLY, walking: walking) == (-1, ELOOP))
        #expect(
            Self.open(tree.inside + "/a/linked/new.json", O_WRONLY | O_CREAT, mode: 0o600, walking: walking).fd == -1)
        #expect(!FileManager.default.fileExists(atPath: tree.outside + "/new.json"))
        // A file where a folder belongs stops the way too.
        #expect(Self.open(tree.inside + "/a/b/file.json/x", O_RDONLY, walking: walking) == (-1, ENOTDIR))
    }

    @Test func theFirstRefusedComponentIsNamedWithWhatItIs() throws {
        let tree = try Tree()
        try tree.link("a/linked", to: tree.outside)
        try tree.link("a/b/linked.json", to: "/dev/zero")
        let folder = try #require(LinkFreePath.firstRefused(in: tree.inside + "/a/linked/secret"))
        #expect(folder.path == tree.inside + "/a/linked" && folder.found == "a symlink" && folder.folder)
        let file = try #require(LinkFreePath.firstRefused(in: tree.inside + "/a/b/linked.json"))
        #expect(file.path == tree.inside + "/a/b/linked.json" && file.found == "a symlink" && !file.folder)
        #expect(LinkFreePath.firstRefused(in: tree.inside + "/a/b/file.json") == nil)
        #expect(LinkFreePath.firstRefused(in: tree.inside + "/a/b", folder: true) == nil)
        let notFolder = try #require(LinkFreePath.firstRefused(in: tree.inside + "/a/b/file.json", folder: true))
        #expect(notFolder.found == "a regular file" && notFolder.folder)
    }

    @Test func aReadOfAFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let tree = try Tree()
        let path = tree.inside + "/a/b/fifo.json"
        #expect(mkfifo(path, 0o600) == 0)
        #expect(throws: StoreError.notRegularFile(path: path, found: "a FIFO")) { try FileSystem.read(path) }
    }

    @Test func theStoresFileOperationsRefuseALinkAndNameIt() throws {
        let tree = try Tree()
        try tree.link("a/linked", to: tree.outside)
        try tree.link("a/b/linked.json", to: tree.outside + "/secret")
        let linkedFolder = StoreError.notFolder(path: tree.inside + "/a/linked", found: "a symlink")
        let linkedFile = StoreError.notRegularFile(path: tree.inside + "/a/b/linked.json", found: "a symlink")
        #expect(throws: linkedFile) { try FileSystem.read(tree.inside + "/a/b/linked.json") }
        #expect(throws: linkedFolder) { try FileSystem.read(tree.inside + "/a/linked/secret") }
        #expect(throws: linkedFolder) { try FileSystem.list(tree.inside + "/a/linked") }
        #expect(throws: linkedFolder) { try FileSystem.makeDirectories(tree.inside + "/a/linked/more") }
        #expect(throws: linkedFolder) { try FileSystem.remove(tree.inside + "/a/linked/secret") }
        #expect(throws: linkedFolder) {
            try FileSystem.writeAtomically(
                tree.inside + "/a/linked/secret", Array("x".utf8), via: tree.inside + "/a/linked/tmp", mode: 0o600)
        }
        // A rename never replaces a link (nor writes through it): the link stays as it was.
        try "new".write(toFile: tree.inside + "/a/b/staged", atomically: false, encoding: .utf8)
        #expect(throws: linkedFile) {
            try FileSystem.replace(tree.inside + "/a/b/staged", with: tree.inside + "/a/b/linked.json")
        }
        #expect(throws: linkedFile) {
            try FileSystem.rename(tree.inside + "/a/b/staged", to: tree.inside + "/a/b/linked.json")
        }
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: tree.inside + "/a/b/linked.json") == tree.outside
                + "/secret")
        #expect(try String(contentsOfFile: tree.outside + "/secret", encoding: .utf8) == "secret")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.outside) == ["secret"])
        // The user's own files, outside any store, are reached as any program reaches them.
        #expect(try TextFile.read(tree.inside + "/a/b/linked.json") == Array("secret".utf8))
    }

    @Test func aFolderOpenedForACommitStaysTheOneOpened() throws {
        let tree = try Tree()
        let folders = LinkFreePath.Folders()
        try "new".write(toFile: tree.inside + "/a/b/staged", atomically: false, encoding: .utf8)
        _ = try #require(folders.parent(of: tree.inside + "/a/b/file.json"))
        // The folder is swapped for a link after it was opened: the rename still lands inside.
        try FileManager.default.moveItem(atPath: tree.inside + "/a/b", toPath: tree.inside + "/a/kept")
        try tree.link("a/b", to: tree.outside)
        _ = folders.parent(of: tree.inside + "/a/b/staged")
        try FileSystem.replace(tree.inside + "/a/b/staged", with: tree.inside + "/a/b/file.json", in: folders)
        #expect(try String(contentsOfFile: tree.inside + "/a/kept/file.json", encoding: .utf8) == "new")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tree.outside) == ["secret"])
    }

    @Test func aStoreRootIsResolvedThroughTheUsersLinksEvenBeforeItIsMade() throws {
        let tree = try Tree()
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/data", withDestinationPath: tree.inside + "/a")
        #expect(StorePaths(root: tree.root + "/data/b").root == tree.inside + "/a/b")
        #expect(StorePaths(root: tree.root + "/data/new/shade").root == tree.inside + "/a/new/shade")
        #expect(StorePaths(root: tree.root + "/data/new/../b/").root == tree.inside + "/a/b")
        // A link the user made to a folder not made yet leads where it points.
        try FileManager.default.createSymbolicLink(atPath: tree.root + "/later", withDestinationPath: "outside/shade")
        #expect(StorePaths(root: tree.root + "/later").root == tree.outside + "/shade")
        let store = Store(directory: tree.root + "/data/new/shade")
        try add(store, "2026-11-23", .morning, "Gym")
        #expect(FileManager.default.fileExists(atPath: tree.inside + "/a/new/shade/weeks/2026/2026-W48.json"))
        #expect(try store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title) == ["Gym"])
    }
}
