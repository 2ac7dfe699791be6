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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: viaExecutable ?? ShadeProcess.binary)
        var arguments = arguments
        if viaExecutable != nil { arguments.removeFirst() }
        // Foundation cannot pass bytes that are not UTF-8; those go through /usr/bin/env -S-free printf trick.
        if arguments.allSatisfy({ String(validating: $0, as: UTF8.self) != nil }) {
            process.arguments = arguments.map { String(decoding: $0, as: UTF8.self) }
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            let hex = arguments.map { $0.map { String(format: "%02x", $0) }.joined() }
            process.arguments =
                [
                    "-c", "import os,sys; b=sys.argv[1]; os.execv(b, [b] + [bytes.fromhex(a) for a in sys.argv[2:]])",
                    ShadeProcess.binary,
                ] + hex
        }
        process.environment = environment.merging(extra) { $1 }
        process.standardInput = FileHandle(forReadingAtPath: input)
        process.standardOutput = FileHandle(forWritingAtPath: output)
        process.standardError = FileHandle(forWritingAtPath: errors)
        try process.run()
        process.waitUntilExit()
        return Result(
            status: process.terminationStatus,
            stdout: String(decoding: FileManager.default.contents(atPath: output) ?? Data(), as: UTF8.self),
            stderr: String(decoding: FileManager.default.contents(atPath: errors) ?? Data(), as: UTF8.self))
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
