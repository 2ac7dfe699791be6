import Foundation
import Testing

/// The layout the code promises (README › Code layout): a command parses, calls one operation or
/// service and hands the result to one renderer. Checked on the sources themselves, so that a
/// command that starts a process, reads the platform's C library or builds JSON fails here and
/// not in review.
@Suite struct SourceLayoutTests {
    /// The package's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every Swift file below `folder` (relative to the package root), with its text.
    static func sources(under folder: String) -> [(path: String, text: String)] {
        let base = root.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(path: String, text: String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" {
            let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            files.append((String(url.path.dropFirst(root.path.count + 1)), text))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Words a command file must never hold: the platform's C library and process APIs belong in
    /// ShadeHost, JSON building in ShadeRendering.
    static let forbiddenInCommands = [
        "import ShadePlatform", "import Glibc", "import Darwin", "import Musl", "import Foundation",
        "import FoundationEssentials", "import CSystemCalls", "ProcessLauncher", "posix_spawn", "fork(", "execv",
        "Process(", "getenv(", "JSONObject", "JSONValue", ".object([",
    ]

    @Test func commandFilesNeitherReachThePlatformNorBuildJSON() {
        let commands = Self.sources(under: "Sources/ShadeCLI/Commands")
        #expect(commands.count > 20, "the command files were not found")
        for file in commands {
            for word in Self.forbiddenInCommands where file.text.contains(word) {
                Issue.record("\(file.path) holds \(word)")
            }
        }
    }

    @Test func theCoreImportsNothing() {
        for file in Self.sources(under: "Sources/ShadeCore") {
            let imports = file.text.split(separator: "\n").filter { line in
                line.split(separator: " ").prefix(3).contains("import") && !line.hasPrefix("/")
            }
            #expect(imports.isEmpty, "\(file.path): \(imports)")
        }
    }

    @Test func noSourceFileOutsideTheBenchIsOver400Lines() {
        for file in Self.sources(under: "Sources") where !file.path.hasPrefix("Sources/shade-bench/") {
            let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count - 1
            #expect(lines <= 400, "\(file.path) has \(lines) lines")
        }
    }
}
