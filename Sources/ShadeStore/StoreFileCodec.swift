import ShadeJSON

/// One store file's bytes read the way the store reads them, and written back: the check the
/// store loader's fuzz target and its corpus replay make.
public enum StoreFileCodec {
    /// A path of each kind of store file; a fuzz input's first byte picks one.
    public static let kindPaths = StoreFileKind.examples.map(\.relativePath)

    public enum Outcome: Equatable, Sendable {
        /// Refused, with the message a user would see.
        case refused(String)
        /// Accepted; written back, it reads as the same content and writes as the same bytes.
        case roundTripped
        /// Accepted, but what was written back differs (a bug).
        case mismatch(String)
    }

    /// Reads `bytes` as the file at `relativePath` (one of `kindPaths`); when accepted, writes the
    /// content back, reads that again and writes it once more: the contents (as the current
    /// format holds them) and the two writes must be equal.
    public static func roundTrip(_ bytes: [UInt8], as relativePath: String) -> Outcome {
        guard let kind = StoreFileKind(relativePath: relativePath) else { return .refused("not a store file") }
        let file = "/store/" + relativePath
        let content: StoreFileKind.Content
        do { content = try kind.decode(bytes, file: file) } catch { return .refused(error.description) }
        do {
            let written = try JSONWriter.bytes(kind.encode(content))
            let again = try kind.decode(written, file: file)
            guard again == StoreFileKind.inCurrentFormat(content) else {
                return .mismatch("the content read back differs")
            }
            guard try JSONWriter.bytes(kind.encode(again)) == written else {
                return .mismatch("writing the same content twice gave different bytes")
            }
            return .roundTripped
        } catch {
            return .mismatch("what was written back is refused: \(error)")
        }
    }

    /// A fuzz input: the first byte picks the kind of file, the rest are its bytes.
    public static func roundTrip(fuzzInput data: [UInt8]) -> Outcome {
        guard let first = data.first else { return .refused("empty input") }
        return roundTrip(Array(data.dropFirst()), as: kindPaths[Int(first) % kindPaths.count])
    }
}
