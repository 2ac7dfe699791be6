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
        let count = UInt32(body.count)
        return [UInt8(count & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count >> 16 & 0xFF), UInt8(count >> 24)] + body
    }

    /// The length a request's first four bytes announce.
    static func length(of header: [UInt8]) -> Int? {
        guard header.count == 4 else { return nil }
        let value = Int(header[0]) | Int(header[1]) << 8 | Int(header[2]) << 16 | Int(header[3]) << 24
        return value <= largest ? value : nil
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
}
