import Foundation
import Testing

@testable import ShadeCore
@testable import ShadeStore

/// What a change lets go of is kept in `.spare/` and written over by a later change instead of
/// removed (`SpareFiles`): the saved copies stay what they were, nothing but a file of the
/// store's own with one name is ever written, and the store reads the same.
@Suite struct SpareFilesTests {
    /// Adds `count` tasks to week 48, one change each: the week and its id index are replaced
    /// each time, so each change makes a set of saved copies, and after `Backups.kept` of them
    /// each prunes the oldest.
    private static func addTasks(_ temp: TemporaryStore, _ count: Int, from first: Int = 1) throws {
        for number in first..<(first + count) { try add(temp.store, "2026-11-23", .morning, "Task \(number)") }
    }

    private static func inode(_ path: String) -> UInt64? {
        var info = stat()
        return lstat(path, &info) == 0 ? UInt64(info.st_ino) : nil
    }

    private static func spareInodes(_ temp: TemporaryStore) -> Set<UInt64> {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: temp.directory + "/.spare")) ?? []
        return Set(
            names.filter { !$0.hasPrefix(SpareFiles.folderPrefix) }.compactMap {
                inode(temp.directory + "/.spare/" + $0)
            })
    }

    @Test func aChangeWritesItsFilesOverWhatEarlierChangesLetGoOf() throws {
        let temp = TemporaryStore()
        try Self.addTasks(temp, Backups.kept + 4)
        let spares = Self.spareInodes(temp)
        #expect(!spares.isEmpty, "the pruned sets' files were removed, not kept")
        #expect(spares.count <= SpareFiles.capacity)
        // A spare readable by others (a file of a store copied with its modes) is written private.
        for name in try FileManager.default.contentsOfDirectory(atPath: temp.directory + "/.spare")
        where !name.hasPrefix(SpareFiles.folderPrefix) {
            #expect(chmod(temp.directory + "/.spare/" + name, 0o644) == 0)
        }
        try add(temp.store, "2026-11-23", .morning, "One more")
        // The week file written is one of the spares, written over; the store reads it whole.
        let weekFile = temp.directory + "/weeks/2026/2026-W48.json"
        let week = try #require(Self.inode(weekFile))
        #expect(spares.contains(week), "the week was made anew, not written over a spare")
        var info = stat()
        #expect(lstat(weekFile, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let titles = try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.map(\.title)
        #expect(titles == (1...(Backups.kept + 4)).map { "Task \($0)" } + ["One more"])
        #expect(Self.spareInodes(temp).count <= SpareFiles.capacity)
    }

    @Test func theSavedCopiesStayWhatTheyWereWhileSparesAreWrittenOver() throws {
        let temp = TemporaryStore()
        try Self.addTasks(temp, 3 * Backups.kept)
        // Set k is made by change k + 1 (the first change made the week): it holds k tasks.
        let sets = try temp.store.backupSets()
        #expect(sets.count == Backups.kept)
        for set in sets {
            let counts = zip(set.files, set.taskCounts).filter { $0.0.hasPrefix("weeks/") }.map(\.1)
            #expect(counts == [set.number], "set \(set.number) holds \(counts)")
        }
        // Bringing back the newest set gives the week before the last change.
        let newest = try #require(sets.first)
        _ = try temp.store.restore(set: newest.number)
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.count == newest.number)
    }

    @Test func onlyAFileOfTheStoresOwnWithOneNameIsEverWrittenOver() throws {
        let temp = TemporaryStore()
        try Self.addTasks(temp, 2)
        let outside = temp.directory + "-outside"
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: outside) }
        let secret = outside + "/secret"
        let linked = outside + "/linked"
        try "secret".write(toFile: secret, atomically: false, encoding: .utf8)
        try "linked".write(toFile: linked, atomically: false, encoding: .utf8)
        let spare = temp.directory + "/.spare"
        try FileManager.default.createDirectory(atPath: spare, withIntermediateDirectories: true)
        // A second name of a file outside (small enough to be taken), a link to one, a FIFO, and
        // a folder that is not empty.
        try FileManager.default.linkItem(atPath: secret, toPath: spare + "/hardlink")
        try FileManager.default.createSymbolicLink(atPath: spare + "/symlink", withDestinationPath: linked)
        #expect(mkfifo(spare + "/fifo", 0o600) == 0)
        try FileManager.default.createDirectory(
            atPath: spare + "/spare-folder-planted", withIntermediateDirectories: true)
        try "{}".write(
            toFile: spare + "/spare-folder-planted/weeks~2026~2026-W48.json", atomically: false, encoding: .utf8)
        try Self.addTasks(temp, Backups.kept + 4, from: 3)
        #expect(try String(contentsOfFile: secret, encoding: .utf8) == "secret")
        #expect(try String(contentsOfFile: linked, encoding: .utf8) == "linked")
        let left = try FileManager.default.contentsOfDirectory(atPath: spare)
        for planted in ["hardlink", "symlink", "fifo", "spare-folder-planted"] {
            #expect(!left.contains(planted), "\(planted) is still a spare")
        }
        // No set was made in the planted folder, and every set holds the week as it was.
        for set in try temp.store.backupSets() {
            let counts = zip(set.files, set.taskCounts).filter { $0.0.hasPrefix("weeks/") }.map(\.1)
            #expect(counts == [set.number], "set \(set.number) holds \(counts)")
        }
        #expect(try temp.store.read { try $0.tasks(in: ISOWeek(parsing: "2026-W48")!) }.count == Backups.kept + 6)
    }

    @Test func sparesAreNoStoreFilesAndNoProblem() throws {
        let temp = TemporaryStore()
        try Self.addTasks(temp, Backups.kept + 3)
        #expect(!Self.spareInodes(temp).isEmpty)
        #expect(try StoreFiles(paths: StorePaths(root: temp.directory)).all().allSatisfy { !$0.hasPrefix(".spare") })
        let report = try temp.store.check()
        #expect(report.problems.isEmpty, "\(report.problems)")
    }
}
