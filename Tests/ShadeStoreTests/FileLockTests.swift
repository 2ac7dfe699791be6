import Foundation
import Testing

@testable import ShadeStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's lock is let go when its holder is, whoever else holds a copy of the open file.
@Suite struct FileLockTests {
    /// A child process started in another thread holds a copy of every open file until it runs
    /// its program; a lock let go in that moment must be free at once all the same.
    @Test(arguments: [FileLock.Mode.exclusive, .shared])
    func aLockLetGoIsFreeWhileACopyOfItsFileIsStillOpen(mode: FileLock.Mode) throws {
        let temp = TemporaryStore()
        try FileManager.default.createDirectory(atPath: temp.directory, withIntermediateDirectories: true)
        let path = temp.directory + "/lock"
        var copy: Int32 = -1
        do {
            let lock = try FileLock(path: path, mode: mode)
            copy = dup(lock.fd)
        }
        #expect(copy >= 0)
        defer { close(copy) }
        #expect(FileLock(trying: path, mode: .exclusive) != nil, "the lock was let go")
    }
}
