import ShadeCore
import ShadePlatform
import ShadeTestSupport

/// Taskwarrior (`task`) given the same tasks as shade, in a private data directory, for timing the
/// equivalent commands in the same run.
struct TaskwarriorPeer {
    let binary: String
    let directory: String

    /// The `task` binary on PATH, if installed.
    static func find() -> String? {
        for directory in ["/usr/bin", "/usr/local/bin", "/bin"] where access(directory + "/task", X_OK) == 0 {
            return directory + "/task"
        }
        return nil
    }

    var environment: [String] {
        [
            "TASKRC=\(directory)/taskrc", "TASKDATA=\(directory)/data", "HOME=\(directory)", "PATH=/usr/bin:/bin",
            "TZ=UTC",
        ]
    }

    /// Whether a previous run already imported this history.
    var isReady: Bool { access(directory + "/ready", F_OK) == 0 }

    /// Writes a private taskrc, then imports the specs in batches (Taskwarrior's JSON import).
    func prepare() throws {
        mkdir(directory, 0o700)
        mkdir(directory + "/data", 0o700)
        let rc = """
            data.location=\(directory)/data
            confirmation=off
            verbose=nothing
            color=off
            hooks=off
            detection=off
            news.version=2.6.2

            """
        try BenchFiles.write(rc, to: directory + "/taskrc")
    }

    /// Imports a batch of tasks; returns the seconds it took.
    func importBatch(_ specs: [TaskSpec], random: inout SplitMix64, entry: String) throws -> Double {
        var lines: [String] = []
        lines.reserveCapacity(specs.count)
        for spec in specs {
            let time = spec.time ?? SlotBoundaries.standard.start(of: spec.slot)
            let due = TaskwarriorPeer.stamp(spec.date, time)
            let status: String
            switch spec.status {
            case .open: status = "pending"
            case .done: status = "completed"
            case .cancelled: status = "deleted"
            }
            var fields = [
                "\"uuid\":\"\(UIDGenerator.make(using: &random))\"",
                "\"description\":\"\(spec.title)\"",
                "\"status\":\"\(status)\"",
                "\"entry\":\"\(entry)\"",
                "\"due\":\"\(due)\"",
            ]
            if spec.status != .open { fields.append("\"end\":\"\(entry)\"") }
            if !spec.tags.isEmpty {
                fields.append("\"tags\":[\(spec.tags.map { "\"\($0)\"" }.joined(separator: ","))]")
            }
            lines.append("{" + fields.joined(separator: ",") + "}")
        }
        let file = directory + "/import.json"
        try BenchFiles.write("[\n" + lines.joined(separator: ",\n") + "\n]\n", to: file)
        let run = ProcessTimer.run([binary, "import", file], environment: environment)
        guard run.status == 0 else { throw BenchError.failed("task import exited \(run.status)") }
        return run.seconds
    }

    func markReady() throws { try BenchFiles.write("", to: directory + "/ready") }

    /// `20261123T090000Z`.
    static func stamp(_ date: CivilDate, _ time: TimeOfDay) -> String {
        let text = date.description.replacing("-", with: "")
        let clock = time.description.replacing(":", with: "")
        return "\(text)T\(clock)00Z"
    }
}

/// Small file helpers for the benchmark.
enum BenchFiles {
    static func write(_ text: String, to path: String) throws {
        let file = try AppendFile(path)
        defer { file.close() }
        try file.write(text)
    }

    static func exists(_ path: String) -> Bool { access(path, F_OK) == 0 }

    static func read(_ path: String) throws -> String {
        let fd = open(path, O_RDONLY)
        guard fd >= 0 else { throw BenchError.failed("cannot read \(path)") }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes += chunk[0..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}

enum BenchError: Error, CustomStringConvertible {
    case failed(String)
    var description: String {
        switch self {
        case .failed(let text): text
        }
    }
}

/// A file written a piece at a time.
final class AppendFile {
    private var fd: Int32
    let path: String

    init(_ path: String) throws {
        self.path = path
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        guard fd >= 0 else { throw BenchError.failed("cannot write \(path)") }
    }

    func write(_ text: String) throws {
        var text = text
        try text.withUTF8 { buffer in
            var offset = 0
            while offset < buffer.count {
                let count = Glibc.write(fd, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                guard count > 0 else { throw BenchError.failed("cannot write \(path)") }
                offset += count
            }
        }
    }

    func close() {
        if fd >= 0 { _ = Glibc.close(fd) }
        fd = -1
    }

    deinit { close() }
}
