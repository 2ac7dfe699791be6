import ShadePlatform

/// The byte work of a log of frames written in place (`RedoLog`, `CommitLog`): opening its file,
/// little-endian integers, a checksum that tells a whole frame from a torn one, and reads and
/// writes at an offset that go on until every byte is through.
enum FrameBytes {
    /// FNV-1a (64 bits) of `header` then `payload`: enough to tell a whole frame from a torn one.
    static func checksum(_ header: ArraySlice<UInt8>, _ payload: [UInt8]) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in header {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        for byte in payload {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    static func load(_ bytes: [UInt8], at offset: Int) -> UInt64 {
        var value: UInt64 = 0
        for index in (0..<8).reversed() { value = value << 8 | UInt64(bytes[offset + index]) }
        return value
    }

    static func load32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for index in (0..<4).reversed() { value = value << 8 | UInt32(bytes[offset + index]) }
        return value
    }

    static func store(_ value: UInt64, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<8 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
    }

    static func store32(_ value: UInt32, into bytes: inout [UInt8], at offset: Int) {
        for index in 0..<4 { bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * UInt32(index))) }
    }

    /// Opens the log file at `path` (`flags`: `O_RDONLY` or `O_RDWR`), a regular file, no link
    /// followed: its descriptor and size, or nil when there is none.
    static func openLog(_ path: String, _ flags: Int32) throws(StoreError) -> (fd: Int32, size: Int)? {
        let fd = LinkFreePath.open(path, flags)
        if fd < 0 {
            if errno == ENOENT { return nil }
            throw FileSystem.refusal(of: path, operation: "open", errno: errno)
        }
        var info = stat()
        guard fstat(fd, &info) == 0 else {
            let code = errno
            close(fd)
            throw .io(operation: "stat", path: path, errno: code)
        }
        guard info.st_mode & S_IFMT == S_IFREG else {
            close(fd)
            throw .notRegularFile(path: path, found: LinkFreePath.describe(info.st_mode & S_IFMT))
        }
        return (fd, Int(info.st_size))
    }

    /// Reads `buffer.count` bytes at `offset`; false at end of file or on an error.
    static func readFully(_ fd: Int32, _ buffer: inout [UInt8], at offset: Int) -> Bool {
        var filled = 0
        while filled < buffer.count {
            let count = buffer.withUnsafeMutableBytes { bytes in
                pread(fd, bytes.baseAddress.map { $0 + filled }, bytes.count - filled, off_t(offset + filled))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return false }
            filled += count
        }
        return true
    }

    /// Writes all of `bytes` at `offset` (`path` names the file in an error).
    static func writeFully(_ fd: Int32, _ bytes: [UInt8], at offset: Int, path: String) throws(StoreError) {
        try writeFully(fd, bytes[...], at: offset, path: path)
    }

    /// Writes all of `bytes` at `offset` (`path` names the file in an error).
    static func writeFully(_ fd: Int32, _ bytes: ArraySlice<UInt8>, at offset: Int, path: String) throws(StoreError) {
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { buffer in
                pwrite(fd, buffer.baseAddress.map { $0 + written }, buffer.count - written, off_t(offset + written))
            }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .io(operation: "write", path: path, errno: count < 0 ? errno : EIO) }
            written += count
        }
    }
}
