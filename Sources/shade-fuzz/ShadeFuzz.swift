import ShadeFuzzChecks
import ShadePlatform
import ShadeStore

/// The fuzz targets: the store loader (what it accepts must write back equal), the command line
/// parser (no input may trap it), the way out to the terminal (no input may reach it raw), and
/// the reader of each import format (no input may trap it; what it refuses, it refuses with a
/// reason and a line the file has).
///
/// Built with `-sanitize=fuzzer,address -DSHADE_FUZZING` (see `scripts/fuzz`), this is a libFuzzer
/// binary whose target is chosen by `SHADE_FUZZ_TARGET` (`store`, `commands`, `exit`, `csv`, `ics`,
/// `todotxt`, `taskwarrior` or `json`). Built plainly, it replays saved inputs:
/// `shade-fuzz TARGET FILE_OR_DIR…` (a plain release build, where ShadeCLI is not compiled for
/// testing, leaves the `commands` and `exit` checks out: see `Tests/ShadeFuzzChecks`).
enum FuzzTarget: String, CaseIterable {
    /// The store loader's round trip.
    case store
    /// A command line through every parser it meets: words, the command language, task
    /// grammar, filters, days, times.
    case commands
    /// Text in a task, a category, a note, the configuration, a week file and command words,
    /// through every view and error path: nothing of it may reach the terminal raw.
    case exit
    /// `import` of a CSV file.
    case csv
    /// `import` of an iCalendar file.
    case ics
    /// `import` of a todo.txt file.
    case todotxt
    /// `import` of what `task export` prints.
    case taskwarrior
    /// `import` of shade's own JSON.
    case json

    /// The names of every target, as `SHADE_FUZZ_TARGET` and the replay take them.
    static let names = allCases.map(\.rawValue).joined(separator: ", ")

    /// Why this build cannot run the target, or nil when it can: the `commands` and `exit` checks
    /// reach ShadeCLI's internals, which a plain release build keeps closed (see
    /// `Tests/ShadeFuzzChecks`).
    var missingCheck: String? {
        #if DEBUG || SHADE_FUZZING
            nil
        #else
            self == .commands || self == .exit
                ? "the \(rawValue) check is not in a plain release build: replay it from a debug build" : nil
        #endif
    }

    /// Where the `exit` target keeps its planner (one per process).
    private static let scratch: String = {
        let path = "/tmp/shade-fuzz-exit-\(getpid())"
        mkdir(path, 0o700)
        return path
    }()

    /// Runs one input; returns a failure to report, or nil.
    func run(_ bytes: [UInt8]) -> String? {
        switch self {
        case .store:
            if case .mismatch(let why) = StoreFileCodec.roundTrip(fuzzInput: bytes) {
                return "store round trip: \(why)"
            }
        case .commands, .exit:
            #if DEBUG || SHADE_FUZZING
                if self == .commands {
                    CommandLineCheck.parse(fuzzInput: bytes)
                } else if let failure = TerminalSafetyCheck.run(fuzzInput: bytes, directory: FuzzTarget.scratch) {
                    return "terminal safety: \(failure)"
                }
            #else
                return missingCheck
            #endif
        case .csv, .ics, .todotxt, .taskwarrior, .json:
            if case .mismatch(let why) = ImportCheck.read(fuzzInput: bytes, format: rawValue) {
                return "import \(rawValue): \(why)"
            }
        }
        return nil
    }
}

#if SHADE_FUZZING
    nonisolated(unsafe) private var chosenTarget: FuzzTarget?

    /// libFuzzer's driver, for programs that have a `main` of their own (as a SwiftPM executable
    /// does: its entry point is `shade_fuzz_main`).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @_cdecl("shade_fuzz_main")
    public func fuzzMain(
        _ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
    ) -> Int32 {
        var count = argc
        var vector = argv
        return runFuzzerDriver(&count, &vector) { data, size in fuzzOneInput(data, size) }
    }

    private func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        if chosenTarget == nil {
            let name = getenv("SHADE_FUZZ_TARGET").map { String(cString: $0) } ?? ""
            guard let target = FuzzTarget(rawValue: name) else {
                print("set SHADE_FUZZ_TARGET to one of \(FuzzTarget.names)")
                exit(64)
            }
            chosenTarget = target
        }
        let bytes = data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? []
        if let failure = chosenTarget?.run(bytes) { fatalError(failure) }
        return 0
    }
#else
    @main enum ShadeFuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name), arguments.count > 1 else {
                print("usage: shade-fuzz TARGET FILE_OR_DIR… (TARGET: one of \(FuzzTarget.names))")
                exit(64)
            }
            if let why = target.missingCheck {
                print("shade-fuzz: \(why)")
                exit(64)
            }
            var inputs = 0
            var failures = 0
            for path in arguments.dropFirst() {
                for file in files(at: path) {
                    inputs += 1
                    if let failure = target.run(read(file)) {
                        failures += 1
                        print("\(file): \(failure)")
                    }
                }
            }
            print("\(target.rawValue): \(inputs) inputs replayed, \(failures) failures")
            exit(failures == 0 ? 0 : 1)
        }

        static func files(at path: String) -> [String] {
            guard let directory = opendir(path) else { return [path] }
            defer { closedir(directory) }
            var result: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if !name.hasPrefix(".") { result.append(path + "/" + name) }
            }
            return result.sorted()
        }

        static func read(_ path: String) -> [UInt8] {
            guard let file = fopen(path, "rb") else { return [] }
            defer { fclose(file) }
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65536)
            while true {
                let count = fread(&buffer, 1, buffer.count, file)
                if count <= 0 { break }
                bytes += buffer[0..<count]
            }
            return bytes
        }
    }
#endif
