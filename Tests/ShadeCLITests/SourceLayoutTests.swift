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
        "Process(", "getenv(", "JSONObject", "JSONValue", ".object(", ".array(", "printJSON([",
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

/// README › Code layout draws the graph of targets that Package.swift declares: every target of
/// the package (tests aside) has a row there naming exactly its dependencies.
@Suite struct CodeLayoutTests {
    /// Each target of Package.swift (test targets aside) with the names of what it depends on.
    static func packageGraph() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: SourceLayoutTests.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var graph: [String: Set<String>] = [:]
        let kinds = [".target(", ".executableTarget(", ".systemLibrary("]
        var rest = Substring(text)
        while let start = kinds.compactMap({ rest.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) {
            rest = rest[start.upperBound...]
            let end =
                rest.range(of: "\n        .")?.lowerBound ?? rest.range(of: "\n    ]")?.lowerBound ?? rest.endIndex
            let call = rest[..<end]
            guard let name = Self.quoted(call.drop { $0 != "\"" }).first else { continue }
            var dependencies: Set<String> = []
            if let list = call.range(of: "dependencies: [") {
                var inside = call[list.upperBound...]
                inside = inside[..<(inside.firstIndex(of: "]") ?? inside.endIndex)]
                let withoutPackages = inside.replacing(/package: "[^"]*"/, with: "")
                dependencies = Set(Self.quoted(Substring(withoutPackages)))
            }
            graph[name] = dependencies
        }
        return graph
    }

    /// The rows of README › Code layout's table: the targets of a row and the names they depend on.
    static func readmeGraph() throws -> [String: Set<String>] {
        let text = try String(contentsOf: SourceLayoutTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        guard let section = text.range(of: "## Code layout") else { return [:] }
        var graph: [String: Set<String>] = [:]
        for line in text[section.upperBound...].split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            for name in Self.ticked(Substring(cells[1])) {
                graph[name] = Set(Self.ticked(Substring(cells[cells.count - 2])))
            }
        }
        return graph
    }

    /// The texts in double quotes.
    static func quoted(_ text: Substring) -> [String] {
        text.split(separator: "\"", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    /// The texts in backticks.
    static func ticked(_ text: Substring) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }
            .map { String($0.element) }
    }

    @Test func readmeDrawsTheGraphPackageSwiftDeclares() throws {
        let package = try Self.packageGraph()
        let readme = try Self.readmeGraph()
        #expect(package.count > 15, "Package.swift's targets were not found: \(package)")
        for (name, dependencies) in package.sorted(by: { $0.key < $1.key }) {
            #expect(readme[name] == dependencies, "\(name): Package.swift says \(dependencies.sorted())")
        }
        for name in readme.keys where package[name] == nil {
            Issue.record("README names \(name), which Package.swift does not declare")
        }
    }
}
