import Foundation

/// Runs scripts/validate-store.py (Python's jsonschema) over store directories.
public enum SchemaValidation {
    /// The validator's report when a file does not validate.
    public struct Failure: Error, CustomStringConvertible {
        public let description: String
    }

    /// The package's root directory.
    public static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
    }

    /// Validates every JSON file in the stores; returns how many files were checked.
    public static func validate(stores: [String]) throws -> Int {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", packageRoot.appendingPathComponent("scripts/validate-store.py").path] + stores
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: output) }
        let valid = output.split(separator: "\n").filter { $0.hasPrefix("valid ") }
        return valid.count
    }
}
