import Foundation
import ShadeTestSupport
import Testing

/// What the install tests (`remind install`, `sync install`) put in systemd's place: a user
/// systemd that runs (its socket in a runtime folder) and a `systemctl` on `PATH` that notes
/// what it is asked; and systemd's own check of the unit files written, where it is installed.
struct UserSystemdStandIn {
    /// The variables a command runs with to find this systemd.
    let environment: [String: String]
    private let log: String

    init(root: String) throws {
        let bin = root + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        log = root + "/systemctl.log"
        try InheritedDescriptors.writeExecutable("#!/bin/sh\necho \"$*\" >> '\(log)'\n", to: bin + "/systemctl")
        let runtime = root + "/run-user"
        try FileManager.default.createDirectory(atPath: runtime + "/systemd", withIntermediateDirectories: true)
        _ = FileManager.default.createFile(atPath: runtime + "/systemd/private", contents: nil)
        environment = ["PATH": bin + ":/usr/bin:/bin", "XDG_RUNTIME_DIR": runtime]
    }

    /// What systemctl was asked, a line a call.
    func asked() throws -> String { try String(contentsOfFile: log, encoding: .utf8) }

    /// `systemd-analyze --user verify` of `units`, failing on anything it says (skipped where
    /// systemd-analyze is not installed).
    static func verify(_ units: [String], root: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/systemd-analyze") else { return }
        let runtime = root + "/runtime"
        try FileManager.default.createDirectory(
            atPath: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let verify = try ExternalCommand.run(
            "/usr/bin/systemd-analyze", ["--user", "verify"] + units,
            environment: [
                "XDG_RUNTIME_DIR": runtime, "HOME": root, "XDG_CONFIG_HOME": root + "/config", "PATH": "/usr/bin:/bin",
            ])
        #expect(verify.status == 0, "\(verify.output)", sourceLocation: sourceLocation)
        #expect(verify.output.isEmpty, "\(verify.output)", sourceLocation: sourceLocation)
    }
}
