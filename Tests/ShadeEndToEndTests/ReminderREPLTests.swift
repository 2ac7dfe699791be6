import Foundation
import ShadeTestSupport
import Testing

/// The REPL under a real terminal (tmux): a reminder that comes due while the user is typing is
/// printed above the prompt, and the line being typed is drawn again, as it was, to go on with.
@Suite struct ReminderREPLTests {
    /// Runs tmux on a server of the test's own, and waits for it.
    static func tmux(_ socket: String, _ arguments: [String]) throws -> String {
        try ExternalCommand.run("/usr/bin/tmux", ["-L", socket] + arguments).output
    }

    @Test(.terminalTimeLimit)
    func aReminderThatComesDueIsPrintedAboveThePromptWithoutBreakingTheLineBeingTyped() throws {
        #expect(FileManager.default.isExecutableFile(atPath: "/usr/bin/tmux"), "tmux is needed (scripts/install-deps)")
        let shade = ShadeProcess()
        // The next whole minute of the real clock (UTC, as the session runs), at least 4 s ahead.
        let now = Date().timeIntervalSince1970
        var due = (now / 60).rounded(.down) * 60 + 60
        if due - now < 4 { due += 60 }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute], from: Date(timeIntervalSince1970: due))
        let day = String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
        let time = String(format: "%02d:%02d", parts.hour!, parts.minute!)
        let added = try shade.run(["add", day, "evening", "Dentist ☕", "remind:\(time)"])
        #expect(added.status == 0, "\(added.stderr)")

        let socket = "shade-test-" + UUID().uuidString
        defer { _ = try? Self.tmux(socket, ["kill-server"]) }
        var environment = shade.environment
        environment["SHADE_NOW"] = nil
        environment["TERM"] = "xterm-256color"
        environment["LANG"] = "C.UTF-8"
        let command =
            ["env"] + environment.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } + [ShadeProcess.binary]
        _ = try Self.tmux(socket, ["new-session", "-d", "-s", "repl", "-x", "120", "-y", "30"] + command)
        Thread.sleep(forTimeInterval: 1)
        _ = try Self.tmux(socket, ["send-keys", "-t", "repl", "-l", "add tomorrow Partly typed wörld"])
        let wait = due - Date().timeIntervalSince1970 + 2.5
        if wait > 0 { Thread.sleep(forTimeInterval: wait) }
        // The REPL looks for reminders while idle; on a loaded machine that look may come late,
        // so the screen is read again (for up to 15 s more) until the reminder is on it.
        var screen = try Self.tmux(socket, ["capture-pane", "-p", "-t", "repl"])
        let deadline = Date().addingTimeInterval(15)
        while !screen.contains("reminder: 1 Dentist ☕ · "), Date() < deadline {
            Thread.sleep(forTimeInterval: 0.5)
            screen = try Self.tmux(socket, ["capture-pane", "-p", "-t", "repl"])
        }
        let lines = screen.split(separator: "\n").map(String.init)
        let reminder = try #require(lines.firstIndex { $0.hasPrefix("reminder: 1 Dentist ☕ · ") }, "\(screen)")
        // The prompt follows it, holding the line as typed so far.
        #expect(lines.count > reminder + 1, "\(screen)")
        if lines.count > reminder + 1 {
            #expect(lines[reminder + 1].hasSuffix("› add tomorrow Partly typed wörld"), "\(screen)")
        }
        // Typing goes on where it was.
        _ = try Self.tmux(socket, ["send-keys", "-t", "repl", "-l", " ☕"])
        _ = try Self.tmux(socket, ["send-keys", "-t", "repl", "Enter"])
        Thread.sleep(forTimeInterval: 1)
        let after = try Self.tmux(socket, ["capture-pane", "-p", "-t", "repl"])
        #expect(after.contains("added 2 · "), "\(after)")
        #expect(after.contains("Partly typed wörld ☕"), "\(after)")
    }
}
