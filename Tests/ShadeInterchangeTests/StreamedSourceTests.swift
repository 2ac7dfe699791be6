import Foundation
import ShadeCore
import ShadePlatform
import Testing

@testable import ShadeInterchange

/// Where a streamed file comes from: a path (links followed), a descriptor (left open), bytes,
/// or the head already read from a descriptor and then the rest of it; and the size limit, which
/// a regular file meets before it is read and a stream one chunk past it.
@Suite struct StreamedSourceTests {
    typealias F = StreamFixtures

    /// A new empty folder for a test's files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("shade-stream-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test(arguments: [InterchangeFormat.csv, .todotxt, .taskwarrior])
    func aFileALinkADescriptorAndBytesStreamAlike(_ format: InterchangeFormat) throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let bytes: [UInt8]
        switch format {
        case .csv: bytes = F.csv(3_000)
        case .todotxt: bytes = F.todoTxt(3_000)
        default: bytes = F.taskwarriorArray(3_000, layout: .severalALine)
        }
        #expect(bytes.count > 200_000)
        let file = folder.appendingPathComponent("tasks")
        try Data(bytes).write(to: file)
        let link = folder.appendingPathComponent("link")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: file)
        let whole = try format.read(bytes, context: F.context)
        for source: ImportSource in [.file(file.path), .file(link.path), .bytes(bytes)] {
            let same = StreamedReadingTests.same(try F.gathered(format, source, chunkSize: 4096), whole)
            #expect(same, "\(source)")
        }
        let descriptor = open(file.path, O_RDONLY)
        defer { close(descriptor) }
        let same = StreamedReadingTests.same(try F.gathered(format, .descriptor(descriptor)), whole)
        #expect(same)
        #expect(fcntl(descriptor, F_GETFD) != -1, "the descriptor is left open")
    }

    @Test func theHeadOfADescriptorGuessesTheFormatAndTheRestStreams() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        for (bytes, format) in [(F.csv(500), InterchangeFormat.csv), (F.taskwarriorLines(500), .taskwarrior)] {
            let file = folder.appendingPathComponent("tasks")
            try Data(bytes).write(to: file)
            #expect(try InterchangeFormat.head(of: .file(file.path)) == Array(bytes.prefix(4096)))
            #expect(try InterchangeFormat.head(of: .bytes(bytes)) == Array(bytes.prefix(4096)))
            let descriptor = open(file.path, O_RDONLY)
            defer { close(descriptor) }
            #expect(throws: ImportError.self) { try InterchangeFormat.head(of: .descriptor(descriptor)) }
            // What a caller does with standard input: read a head, guess, stream the head and the rest.
            var head = [UInt8](repeating: 0, count: 1000)
            let count = head.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            head = Array(head.prefix(count))
            #expect(try InterchangeFormat.head(of: .prefixed(head, descriptor)) == head)
            #expect(InterchangeFormat.guess(fileName: nil, bytes: head) == format)
            let whole = try format.read(bytes, context: F.context)
            let same = StreamedReadingTests.same(try F.gathered(format, .prefixed(head, descriptor)), whole)
            #expect(same, "\(format)")
        }
    }

    @Test func aFileThatCannotBeOpenedIsAnError() {
        let error = F.failure { try F.gathered(.csv, .file("/nonexistent/shade-tasks.csv")) }
        #expect(error?.hasPrefix("/nonexistent/shade-tasks.csv cannot be opened") == true, "\(error ?? "")")
        #expect(F.failure { try F.gathered(.csv, .file("/")) } == "the file is a directory")
        #expect(throws: ImportError.self) { try InterchangeFormat.head(of: .file("/")) }
        #expect(throws: ImportError.self) { try InterchangeFormat.head(of: .file("/nonexistent/shade-tasks.csv")) }
    }

    @Test func aRegularFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("large.csv")
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data("title,date\n".utf8)))
        #expect(truncate(file.path, off_t(ImportLimits.maximumFileSize + 1)) == 0, "a sparse file")
        let expected = "the file is 1073741825 bytes, larger than 1 GiB (1073741824 bytes, the limit)"
        var records = 0
        for format in [InterchangeFormat.csv, .todotxt, .taskwarrior] {
            #expect(F.failure { try F.gathered(format, .file(file.path)) } == expected)
            let descriptor = open(file.path, O_RDONLY)
            defer { close(descriptor) }
            let failure = F.failure {
                _ = try format.stream(from: .descriptor(descriptor), context: F.context) { _ in records += 1 }
                return PlannerBundle()
            }
            #expect(failure == expected)
        }
        #expect(records == 0)
    }

    @Test func aStreamOverTheLimitIsRefusedAChunkPastIt() throws {
        // A pipe has no size to look at first: the bytes are counted as they come.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/head")
        process.arguments = ["-c", String(ImportLimits.maximumFileSize + 1), "/dev/zero"]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        defer { process.waitUntilExit() }
        let chunks = try ImportChunks(.descriptor(pipe.fileHandleForReading.fileDescriptor))
        var read = 0
        var largest = 0
        let failure = F.failure {
            while let chunk = try chunks.next() {
                read += chunk.count
                largest = max(largest, chunk.count)
            }
            return PlannerBundle()
        }
        #expect(
            failure?.hasSuffix("bytes, larger than 1 GiB (1073741824 bytes, the limit)") == true, "\(failure ?? "")")
        #expect(
            failure?.hasPrefix("the file is 1073741825 bytes") == true, "the pipe ended with the byte past the limit")
        #expect(read <= ImportLimits.maximumFileSize, "no chunk past the limit is handed out")
        #expect(largest <= ImportChunks.defaultSize)
    }
}
