import CSystemCalls
import ShadePlatform

/// One command handed to a store's resident process: what it must match there, and the
/// command's arguments as the shell gave them. Its standard input, output, error and working
/// directory travel beside it as file descriptors.
///
/// On the socket: a 4-byte little-endian length, then NUL-terminated fields — the protocol
/// name, the program stamp, the environment's digest, the store directory as the command
/// names it, the argument count, and each argument's bytes.
struct ResidentRequest: Equatable {
    static let protocolName = "shade-resident 1"
    /// The largest request read (arguments of a shell command line fit well inside).
    static let largest = 4 << 20

    /// `ResidentAddress.programStamp()` of the program that sends it.
    var program: String
    /// `ResidentAddress.digest(of:)` of its environment.
    var environment: UInt64
    /// The store directory as the command names it (its real path is the resident's).
    var store: String
    /// The arguments after the program name, as raw bytes.
    var arguments: [[UInt8]]

    /// The request as sent: the length, then the fields.
    func encoded() -> [UInt8] {
        var body: [UInt8] = []
        for field in [Self.protocolName, program, String(environment, radix: 16), store, String(arguments.count)] {
            body += field.utf8
            body.append(0)
        }
        for argument in arguments {
            body += argument
            body.append(0)
        }
        return Self.littleEndian(UInt32(body.count)) + body
    }

    /// The length a request's first four bytes announce.
    static func length(of header: [UInt8]) -> Int? {
        guard header.count == 4 else { return nil }
        let value = Int(number(fromLittleEndian: header))
        return value <= largest ? value : nil
    }

    /// Four bytes, least significant first: a request's length, a command's exit code.
    static func littleEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }

    /// The number four bytes hold, least significant first.
    static func number(fromLittleEndian bytes: [UInt8]) -> UInt32 {
        UInt32(bytes[0]) | UInt32(bytes[1]) << 8 | UInt32(bytes[2]) << 16 | UInt32(bytes[3]) << 24
    }

    /// A request from its fields (the bytes after the length); nil when they are not one (another
    /// protocol, or cut short).
    init?(body: [UInt8]) {
        var fields = body.split(separator: 0, omittingEmptySubsequences: false)
        // Every field ends with a NUL, so the split leaves one empty piece after the last.
        guard fields.count >= 6, fields.removeLast().isEmpty else { return nil }
        let text = { (index: Int) in String(decoding: fields[index], as: UTF8.self) }
        guard text(0) == Self.protocolName, let digest = UInt64(text(2), radix: 16), let count = Int(text(4)),
            count == fields.count - 5
        else { return nil }
        self.init(program: text(1), environment: digest, store: text(3), arguments: fields[5...].map { Array($0) })
    }

    init(program: String, environment: UInt64, store: String, arguments: [[UInt8]]) {
        self.program = program
        self.environment = environment
        self.store = store
        self.arguments = arguments
    }

    /// The one-byte signals after a request: the resident process answers `accepted` or
    /// `declined`; after `accepted` the command says `go` (or gives up waiting and runs the
    /// command itself, and then the resident process runs nothing); the exit code follows.
    enum Signal: UInt8 {
        /// The resident process can run the command.
        case accepted = 0x41  // "A"
        /// It does not run this command (another program, environment or store): run it here.
        case declined = 0x44  // "D"
        /// The command is still waiting: run it.
        case go = 0x47  // "G"
    }

    /// Sends all of `bytes` (the descriptors with the first part).
    static func send(_ bytes: [UInt8], with fds: [Int32], on socket: Int32) -> Bool {
        var offset = 0
        var attached = fds
        while offset < bytes.count {
            let sent = bytes.withUnsafeBytes { buffer in
                shade_send_with_fds(
                    socket, buffer.baseAddress.map { $0 + offset }, buffer.count - offset, attached,
                    Int32(attached.count))
            }
            guard sent > 0 else { return false }
            offset += sent
            attached = []
        }
        return true
    }

    /// Reads exactly `count` bytes, waiting at most `timeout` milliseconds for each part (-1: as
    /// long as it takes); nil at the end of the stream, on an error, or on time running out.
    static func receive(_ count: Int, from socket: Int32, timeout: Int32) -> [UInt8]? {
        var bytes = [UInt8](repeating: 0, count: count)
        var offset = 0
        while offset < count {
            var request = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&request, 1, timeout)
            if ready < 0, errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let got = bytes.withUnsafeMutableBytes { read(socket, $0.baseAddress.map { $0 + offset }, count - offset) }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { return nil }
            offset += got
        }
        return bytes
    }
}
