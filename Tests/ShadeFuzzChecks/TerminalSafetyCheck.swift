// Only where ShadeCLI is compiled for testing (see ShadeFuzzChecks.swift).
#if DEBUG || SHADE_FUZZING
    import ShadeCore
    import ShadePlatform
    import ShadeStore

    @testable import ShadeCLI
    @testable import ShadeHost

    /// Foreign text through every view and every error path: a task, a category, a note, tags, a
    /// configuration value and a week file made of it, and command words made of it, with each
    /// view, `check`, and the commands that echo a word back. Nothing it holds may reach standard
    /// output or standard error raw. The terminal-safety fuzz target's check.
    public enum TerminalSafetyCheck {
        /// Runs the input's text through the planner in `directory` (emptied first); returns what
        /// reached a stream raw, or nil when everything that was written is safe.
        public static func run(fuzzInput bytes: [UInt8], directory: String) -> String? {
            // Whatever the bytes, as text (a file or another copy could hold any of it).
            let text = String(decoding: bytes.prefix(2048), as: UTF8.self)
            let root = directory + "/safety"
            removeTree(root)
            let environment = ShadeEnvironment(variables: [
                "SHADE_STORE": root + "/store", "SHADE_NOW": "2026-11-25T13:00", "XDG_CONFIG_HOME": root + "/config",
                "XDG_STATE_HOME": root + "/state", "HOME": root, "NO_COLOR": "1",
            ])
            let captured = Output.capturing {
                guard
                    let session = try? ShadeMain.makeSession(
                        environment: environment, store: nil, color: .never, interactive: true)
                else { return }
                plant(text, in: session)
                let word = text.isEmpty ? "x" : text
                // A word as the REPL splits it: quoted, so that blanks stay inside.
                let quoted = "'" + word.replacing("'", with: "") + "'"
                let lines = [
                    "day", "week", "ls all", "ls all --by cat", "show 1", "show 1 --json", "cat", "check", "stats",
                    "find \(quoted)", "filter \(quoted)", "day", "filter clear", "done \(quoted)", "day \(quoted)",
                    "week \(quoted)", quoted, "add \(quoted)", "add tue \(quoted) +\(quoted)", "edit 1 \(quoted)",
                    "mv 1 \(quoted)", "ls \(quoted)", "cat rm \(quoted)", "cat add \(quoted)", "help \(quoted)",
                    "note 1 \(quoted)", "show 1", "ls all", "undo", word,
                ]
                for line in lines {
                    _ = REPL.handle(line, session: session, context: "", showArrivals: true)
                    Output.out(session.pendingOutput)
                    Output.out(REPL.prompt(for: session))
                    session.pendingOutput = SafeText()
                }
                // A damaged week file and a bad configuration value, each reported with its content.
                let weekFile = root + "/store/weeks/2026/2026-W48.json"
                if write(Array(text.utf8), to: weekFile) {
                    _ = REPL.handle("day", session: session, context: "", showArrivals: true)
                    _ = REPL.handle("check", session: session, context: "", showArrivals: true)
                    Output.out(session.pendingOutput)
                }
                let config = "{\"slots\": {\"morning\": " + jsonString(text) + "}}"
                if write(Array(config.utf8), to: root + "/config/shade/config.json") {
                    do {
                        _ = try ShadeMain.makeSession(
                            environment: environment, store: nil, color: .never, interactive: true)
                    } catch {
                        _ = CommandRunner(session: session).report(error, words: [], context: "")
                    }
                }
            }
            for (name, stream) in [("standard output", captured.out), ("standard error", captured.error)] {
                if let scalar = stream.unicodeScalars.first(where: {
                    TextEscaping.isUnsafe($0, keepingLineBreaks: true)
                }) {
                    return "\(TextEscaping.codePoint(scalar)) reached \(name) raw"
                }
            }
            return nil
        }

        /// A task, its category, tags and note made of the text, written as a file from another
        /// copy would hold them (past the checks typed input meets).
        private static func plant(_ text: String, in session: Session) {
            let tag = String(text.unicodeScalars.filter { !$0.properties.isWhitespace }.map(Character.init).prefix(100))
            guard let now = try? session.now() else { return }
            _ = try? session.store.write(label: "plant", now: now) { state in
                let category = text.isEmpty ? "x" : String(text.prefix(40))
                try state.put(AnyKeyedRecord(Category(name: category, color: .red)))
                try state.insert(
                    PlannerTask(
                        id: try state.allocateID(), uid: text, title: text.isEmpty ? "x" : text, notes: text,
                        date: now.date, slot: .morning, tags: tag.isEmpty ? [] : [tag],
                        category: category, created: text))
            }
        }

        /// Writes a file, making its directories; whether it worked.
        private static func write(_ bytes: [UInt8], to path: String) -> Bool {
            var directory = ""
            for part in path.split(separator: "/").dropLast() {
                directory += "/" + part
                mkdir(directory, 0o700)
            }
            let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            guard fd >= 0 else { return false }
            defer { close(fd) }
            return bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) } == bytes.count
        }

        /// Removes a directory and everything under it, as far as it can.
        private static func removeTree(_ path: String) {
            guard let directory = opendir(path) else {
                unlink(path)
                return
            }
            var names: [String] = []
            while let entry = readdir(directory) {
                let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                    String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
            rmdir(path)
        }

        /// The text as a JSON string literal.
        private static func jsonString(_ text: String) -> String {
            var result = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": result += "\\\""
                case "\\": result += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result + "\""
        }
    }
#endif
