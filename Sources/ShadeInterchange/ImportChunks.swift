import ShadeCore
import ShadePlatform

/// A source's bytes, a chunk at a time: never more than one chunk of it held here, and never more
/// than `ImportLimits.maximumFileSize` bytes in all (a regular file is measured before it is read;
/// a stream, such as standard input, is refused one chunk past the limit).
final class ImportChunks {
    /// The size of a chunk read from a file or a descriptor (1 MiB).
    static let defaultSize = 1 << 20

    private let size: Int
    private var descriptor: Int32 = -1
    private var ownsDescriptor = false
    /// Bytes to hand out before any read: the source's own (`.bytes`, `.prefixed`), or chunks given back.
    private var waiting: [ArraySlice<UInt8>] = []
    private var total = 0

    init(_ source: ImportSource, chunkSize: Int = defaultSize) throws(ImportError) {
        size = max(1, chunkSize)
        switch source {
        case .bytes(let bytes):
            try ImportLimits.checkSize(bytes.count)
            var start = 0
            while start < bytes.count {
                waiting.append(bytes[start..<min(start + size, bytes.count)])
                start += size
            }
        case .prefixed(let head, let fd):
            descriptor = fd
            if !head.isEmpty { waiting.append(head[...]) }
            try checkRegularFileSize(offset: head.count)
        case .descriptor(let fd):
            descriptor = fd
            try checkRegularFileSize(offset: 0)
        case .file(let path):
            let fd = open(path, O_RDONLY | O_CLOEXEC)
            guard fd >= 0 else { throw ImportError("\(path) cannot be opened: \(Self.lastError)") }
            descriptor = fd
            ownsDescriptor = true
            try checkRegularFileSize(offset: 0)
        }
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    private static var lastError: String { String(cString: strerror(errno)) }

    /// Refuses a regular file larger than the limit before reading it (a directory, too).
    private func checkRegularFileSize(offset: Int) throws(ImportError) {
        var info = stat()
        guard fstat(descriptor, &info) == 0 else {
            throw ImportError("the file cannot be looked up: \(Self.lastError)")
        }
        if info.st_mode & S_IFMT == S_IFDIR { throw ImportError("the file is a directory") }
        if info.st_mode & S_IFMT == S_IFREG {
            let position = Int(lseek(descriptor, 0, SEEK_CUR))
            try ImportLimits.checkSize(Int(info.st_size) - max(position, 0) + offset)
        }
    }

    /// The next chunk, or nil at the end of the source.
    func next() throws(ImportError) -> ArraySlice<UInt8>? {
        if !waiting.isEmpty { return try counted(waiting.removeFirst()) }
        guard descriptor >= 0 else { return nil }
        var chunk = [UInt8](repeating: 0, count: size)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw ImportError("the file cannot be read: \(Self.lastError)")
            }
            if count == 0 { return nil }
            return try counted(chunk[0..<count])
        }
    }

    /// Hands `chunk` out again before anything else (what a reader looked at to choose its way).
    func giveBack(_ chunk: ArraySlice<UInt8>) {
        total -= chunk.count
        waiting.insert(chunk, at: 0)
    }

    private func counted(_ chunk: ArraySlice<UInt8>) throws(ImportError) -> ArraySlice<UInt8> {
        total += chunk.count
        try ImportLimits.checkSize(total)
        return chunk
    }
}
