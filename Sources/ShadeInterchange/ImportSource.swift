/// Where the bytes of a file read a record at a time (`InterchangeFormat.stream`) come from.
public enum ImportSource: Sendable {
    /// A file by its path, opened following links, as a file the user names is.
    case file(String)
    /// An open file descriptor (0: standard input), read to its end and left open.
    case descriptor(Int32)
    /// Bytes already read from a descriptor (the head a format was guessed from), then the rest of
    /// that descriptor, left open.
    case prefixed([UInt8], Int32)
    /// Bytes in memory (what the whole-file `InterchangeFormat.read` streams).
    case bytes([UInt8])
}
