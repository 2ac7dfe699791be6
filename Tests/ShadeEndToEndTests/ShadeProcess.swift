import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Runs the built `shade` binary on a private temporary store with a pinned clock.
final class ShadeProcess: @unchecked Sendable {
    struct Result {
        let status: Int32
        let stdout: String
        let stderr: String

        /// The output parsed as JSON (fails the test when it is not).
        func json(sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
            try JSONParser.parse(Array(stdout.utf8))
        }
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// `$SHADE_BIN`, else `.build/debug/shade` of this package.
    static var binary: String {
        ProcessInfo.processInfo.environment["SHADE_BIN"]
            ?? packageRoot.appendingPathComponent(".build/debug/shade").path
    }

    let root: String
    var store: String { root + "/store" }
    var environment: [String: String]

    init(now: String = "2026-11-23T09:30") {
        root = NSTemporaryDirectory() + "shade-e2e-" + UUID().uuidString
        try? FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        environment = [
            "SHADE_STORE": root + "/store", "SHADE_NOW": now, "NO_COLOR": "1", "HOME": root,
            "XDG_CONFIG_HOME": root + "/config", "XDG_STATE_HOME": root + "/state", "PATH": "/usr/bin:/bin",
            "SWIFT_BACKTRACE": "enable=no", "TZ": "UTC",
        ]
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    /// Runs shade with arguments (given as raw bytes when they must not be UTF-8) and standard input.
    @discardableResult
    func run(_ arguments: [String], stdin: String = "", environment extra: [String: String] = [:]) throws -> Result {
        try run(raw: arguments.map { Array($0.utf8) }, stdin: Array(stdin.utf8), environment: extra)
    }

    func run(
        raw arguments: [[UInt8]], stdin: [UInt8], environment extra: [String: String] = [:],
        viaExecutable: String? = nil
    ) throws -> Result {
        let id = UUID().uuidString
        let input = root + "/in-" + id
        let output = root + "/out-" + id
        let errors = root + "/err-" + id
        _ = FileManager.default.createFile(atPath: input, contents: Data(stdin))
        _ = FileManager.default.createFile(atPath: output, contents: nil)
        _ = FileManager.default.createFile(atPath: errors, contents: nil)
        defer { for path in [input, output, errors] { try? FileManager.default.removeItem(atPath: path) } }
        // Started and waited for with posix_spawn and waitpid: Foundation's Process now and then
        // misses a child's exit when many run at once, and waits for ever.
        // Through another program (strace), the arguments name it first; else shade is named.
        let status = try ShadeProcess.spawn(
            viaExecutable ?? ShadeProcess.binary,
            arguments: viaExecutable == nil ? [Array(ShadeProcess.binary.utf8)] + arguments : arguments,
            environment: environment.merging(extra) { $1 }, stdin: input, stdout: output, stderr: errors)
        return Result(
            status: status,
            stdout: String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self))
    }

    /// Runs `path` with `arguments` (the first is its name, as in `argv`) and the three files as its standard
    /// input, output and error; returns its exit status, or the signal that ended it.
    static func spawn(
        _ path: String, arguments: [[UInt8]], environment: [String: String], stdin: String, stdout: String,
        stderr: String
    ) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdin, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, stdout, O_WRONLY | O_TRUNC, 0)
        posix_spawn_file_actions_addopen(&actions, 2, stderr, O_WRONLY | O_TRUNC, 0)
        InheritedDescriptors.closeAllButStandardStreams(&actions)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { bytes in
            let pointer = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
            for (index, byte) in bytes.enumerated() { pointer[index] = CChar(bitPattern: byte) }
            pointer[bytes.count] = 0
            return pointer
        }
        let envp = environment.map { strdup("\($0.key)=\($0.value)") }
        defer {
            for pointer in argv { pointer?.deallocate() }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = CleanSpawn.withAttributes { posix_spawn(&pid, path, &actions, &$0, argv + [nil], envp + [nil]) }
        guard code == 0 else {
            throw NSError(domain: NSPOSIXErrorDomain, code: Int(code), userInfo: [NSFilePathErrorKey: path])
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(errno)) }
        }
        let signal = status & 0x7f
        return signal == 0 ? (status >> 8) & 0xff : signal
    }

    /// Runs a command with `--json` and returns the parsed output, requiring exit 0.
    func json(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> JSONValue {
        let result = try run(arguments + ["--json"])
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return try result.json()
    }

    /// Every task in the store, as `ls all --json` gives them.
    func allTasks() throws -> [JSONObject] {
        try json(["ls", "all"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
    }

    /// The bytes of a store file.
    func storeFile(_ relative: String) -> Data? {
        FileManager.default.contents(atPath: store + "/" + relative)
    }
}

extension JSONObject {
    func string(_ key: String) -> String? { self[key]?.stringValue }
    func int(_ key: String) -> Int? { self[key]?.intValue.map(Int.init) }
}
