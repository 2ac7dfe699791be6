import Foundation
import ShadeJSON
import ShadeTestSupport
import Testing

/// A Radicale CalDAV server started on a free loopback port with a throwaway user and an empty
/// task list, a shade store linked to nothing yet, and the phone: Python's `caldav` client, as a
/// phone's task app talks to the server.
final class CalDAVFixture: @unchecked Sendable {
    let root: String
    let port: Int
    let user = "ana"
    let password = "pw-\(UUID().uuidString.prefix(8))"
    let shade = ShadeProcess()
    private var server: pid_t?

    /// The task list's collection URL.
    var listURL: String { "http://127.0.0.1:\(port)/\(user)/tasks/" }
    var serverURL: String { "http://127.0.0.1:\(port)/" }

    init() throws {
        root = NSTemporaryDirectory() + "shade-caldav-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        port = try Self.freePort()
        try "\(user):\(password)\n".write(toFile: root + "/users", atomically: true, encoding: .utf8)
        let config = """
            [server]
            hosts = 127.0.0.1:\(port)
            [auth]
            type = htpasswd
            htpasswd_filename = \(root)/users
            htpasswd_encryption = plain
            [storage]
            filesystem_folder = \(root)/collections
            [logging]
            level = warning
            """
        try config.write(toFile: root + "/config", atomically: true, encoding: .utf8)
        shade.environment["SHADE_CALDAV_PASSWORD"] = password
        try start()
        try phone(
            """
            principal.make_calendar(name="Tasks", cal_id="tasks", supported_calendar_component_set=["VTODO"])
            """)
    }

    deinit {
        stop()
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Starts the server (through a shell that leaves it running, its output on /dev/null) and
    /// waits until it answers.
    func start() throws {
        let started = try ExternalCommand.run(
            "/bin/sh",
            ["-c", "python3 -m radicale --config '\(root)/config' </dev/null >/dev/null 2>&1 & echo $!"])
        server = Int32(started.output.trimmingCharacters(in: .whitespacesAndNewlines))
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline {
            if Self.answers(port) { return }
            Thread.sleep(forTimeInterval: 0.1)
        }
        Issue.record("Radicale did not start on port \(port): \(started.output)")
    }

    /// Stops the server (the list stays on disk for the next start) and waits until the port is
    /// free.
    func stop() {
        guard let server else { return }
        kill(server, SIGTERM)
        self.server = nil
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, Self.answers(port) { Thread.sleep(forTimeInterval: 0.05) }
    }

    /// Runs shade with the store's clock at `now`.
    @discardableResult
    func run(_ arguments: [String], at now: String) throws -> ShadeProcess.Result {
        try shade.run(arguments, environment: ["SHADE_NOW": now])
    }

    /// Runs a command that must succeed.
    @discardableResult
    func ok(_ arguments: [String], at now: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let result = try run(arguments, at: now)
        #expect(result.status == 0, "\(arguments): \(result.stderr)", sourceLocation: sourceLocation)
        return result.stdout
    }

    /// The store's tasks by title.
    func tasks(at now: String) throws -> [String: JSONObject] {
        let value = try JSONParser.parse(Array(try ok(["ls", "all", "--json"], at: now).utf8))
        var result: [String: JSONObject] = [:]
        for task in value.objectValue?["tasks"]?.arrayValue?.compactMap(\.objectValue) ?? [] {
            if let title = task["title"]?.stringValue { result[title] = task }
        }
        return result
    }

    /// Links the planner to the task list at 08:01 on Monday 23 November and syncs a minute later:
    /// the start of most tests.
    func linkAndSync(sourceLocation: SourceLocation = #_sourceLocation) throws {
        try ok(["caldav", "init", listURL, "--user", user], at: "2026-11-23T08:01", sourceLocation: sourceLocation)
        try ok(["sync"], at: "2026-11-23T08:02", sourceLocation: sourceLocation)
    }

    /// Runs Python with the `caldav` client signed in (`client`, `principal`, `tasks`: the list,
    /// once made) before `body`; returns what it printed.
    @discardableResult
    func phone(_ body: String) throws -> String {
        let script = """
            import caldav, datetime, sys
            client = caldav.DAVClient(url="\(serverURL)", username="\(user)", password="\(password)")
            principal = client.principal()
            def todos():
                return principal.calendar(cal_id="tasks").todos(include_completed=True)
            def find(summary):
                for todo in todos():
                    if str(todo.icalendar_component.get("summary")) == summary:
                        return todo
                raise SystemExit("no todo " + summary)
            \(body)
            """
        let file = root + "/phone-\(UUID().uuidString).py"
        try script.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try ExternalCommand.run("/usr/bin/env", ["python3", file])
        #expect(result.status == 0, "the phone failed: \(result.output)")
        return result.output
    }

    /// A free TCP port on the loopback.
    private static func freePort() throws -> Int {
        let made = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(made) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(made, pointer, length) == 0 && getsockname(made, pointer, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRINUSE) }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Whether something accepts connections on a loopback port.
    private static func answers(_ port: Int) -> Bool {
        let made = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(made) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = UInt16(port).bigEndian
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(made, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
            }
        }
    }
}
