import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// Several copies of one planner on this machine — each its own store, XDG folders and user —
/// around a bare git repository in a temporary folder: what the sync tests run.
final class SyncFixture: @unchecked Sendable {
    /// One copy: a `ShadeProcess` with its own store, and its user's name.
    struct Copy {
        let name: String
        let shade: ShadeProcess
        var store: String { shade.store }
    }

    let root: String
    var hub: String { root + "/hub.git" }
    private(set) var copies: [Copy] = []
    /// The shared clock: every command runs one minute after the one before.
    private(set) var minute = 0

    init(names: [String]) throws {
        root = NSTemporaryDirectory() + "shade-sync-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        let made = try ExternalCommand.run("/usr/bin/git", ["init", "-q", "--bare", "-b", "main", hub])
        #expect(made.status == 0, "\(made.output)")
        for name in names {
            let shade = ShadeProcess()
            let config = shade.root + "/config/shade"
            try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
            try Data("{\"user\": {\"name\": \"\(name)\"}}\n".utf8).write(
                to: URL(fileURLWithPath: config + "/config.json"))
            copies.append(Copy(name: name, shade: shade))
        }
    }

    deinit { try? FileManager.default.removeItem(atPath: root) }

    subscript(name: String) -> Copy {
        guard let copy = copies.first(where: { $0.name == name }) else { preconditionFailure("no copy \(name)") }
        return copy
    }

    /// The next minute of the shared clock, as SHADE_NOW takes it.
    func tick() -> String {
        minute += 1
        return String(format: "2026-11-23T%02d:%02d", 10 + minute / 60, minute % 60)
    }

    /// Runs shade on a copy at the next minute.
    @discardableResult
    func run(_ name: String, _ arguments: [String], stdin: String = "") throws -> ShadeProcess.Result {
        try self[name].shade.run(arguments, stdin: stdin, environment: ["SHADE_NOW": tick()])
    }

    /// Runs a command that must succeed and returns its output.
    @discardableResult
    func ok(_ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(name, arguments)
        #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// `--json` output of a command that must succeed.
    func json(_ name: String, _ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws
        -> JSONValue
    {
        let result = try run(name, arguments + ["--json"])
        #expect(result.status == 0, "\(name) \(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return try JSONParser.parse(Array(result.stdout.utf8))
    }

    /// A copy's tasks by uid, each without its local id: what must agree between copies.
    func planner(_ name: String) throws -> [String: JSONObject] {
        let tasks = try json(name, ["ls", "all"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        var result: [String: JSONObject] = [:]
        for task in tasks {
            guard let uid = task["uid"]?.stringValue else { continue }
            result[uid] = JSONObject(task.filter { $0.key != "id" }.map { ($0.key, $0.value) })
        }
        return result
    }

    /// A copy's ids by uid.
    func ids(_ name: String) throws -> [String: Int] {
        let tasks = try json(name, ["ls", "all"]).objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? []
        var result: [String: Int] = [:]
        for task in tasks {
            if let uid = task["uid"]?.stringValue, let id = task["id"]?.intValue { result[uid] = Int(id) }
        }
        return result
    }

    /// The uid of a copy's task with a title.
    func uid(_ name: String, titled title: String) throws -> String? {
        try planner(name).first { $0.value["title"]?.stringValue == title }?.key
    }

    /// The usual start of a test: the first copy adds `tasks` (each the words of an `add`) and
    /// shares the planner through the hub, then every other copy joins it.
    func share(adding tasks: [[String]], sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard let first = copies.first else { return }
        for words in tasks { try ok(first.name, ["add"] + words, sourceLocation: sourceLocation) }
        for copy in copies { try ok(copy.name, ["sync", "init", hub], sourceLocation: sourceLocation) }
    }

    /// Git in a copy's store (`git -C STORE …`).
    func git(_ name: String, _ arguments: [String]) throws -> ExternalCommand.Result {
        try ExternalCommand.run(
            "/usr/bin/git",
            ["-C", self[name].store, "-c", "user.name=\(name)", "-c", "user.email=\(name)@home"] + arguments)
    }
}
