import Foundation
import ShadeHost
import Testing

/// A file a command writes a piece at a time (`export -o FILE`) is replaced whole or not at all.
@Suite struct UserFileWritingTests {
    struct Stop: Error {}

    @Test func aWriterThatFailsOnTheWayLeavesTheFileAsItWasAndNothingBesideIt() throws {
        let folder = NSTemporaryDirectory() + "shade-userfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let target = folder + "/week.csv"
        try Data("old\n".utf8).write(to: URL(fileURLWithPath: target))
        // Past the buffer: some of it reached the temporary file before the failure.
        #expect(throws: Stop.self) {
            try UserFile.write(to: target) { append in
                for _ in 0..<40 { try append([UInt8](repeating: UInt8(ascii: "x"), count: 4096)) }
                throw Stop()
            }
        }
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "old\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["week.csv"])
        let written = try UserFile.write(to: target) { append in
            for piece in ["a,b\r\n", "1,2\r\n"] { try append(Array(piece.utf8)) }
            return 2
        }
        #expect(written == 2)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "a,b\r\n1,2\r\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["week.csv"])
    }

    @Test func aFIFOIsRefusedBeforeAPieceIsWritten() throws {
        let folder = NSTemporaryDirectory() + "shade-userfile-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let fifo = folder + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        var called = false
        #expect(throws: HostError.self) {
            try UserFile.write(to: fifo) { _ in called = true }
        }
        #expect(!called)
    }
}
