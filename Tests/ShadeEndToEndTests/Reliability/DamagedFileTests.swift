import Foundation
import ShadeTestSupport
import Testing

/// Damages real store files (every truncation point, random byte flips, the mistakes people make
/// when editing by hand) and checks that shade never crashes, names the file with a line and
/// column where there is one, and never writes over the damaged file.
///
/// Reproduce: `swift test --filter DamagedFileTests` (`SHADE_FLIP_SEED=N` replays other flips).
@Suite struct DamagedFileTests {
    static let week = "weeks/2026/2026-W48.json"

    /// What every damaged file must get: exit 1 (never a crash), one message naming the file, a
    /// place in it, and the file left exactly as it was.
    private func expectRefused(
        _ shade: ShadeProcess, _ relative: String, _ damaged: Data, _ command: [String], _ context: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> ShadeProcess.Result {
        let result = try shade.run(command)
        #expect(
            result.status == 1, "\(context): exit \(result.status): \(result.stderr)", sourceLocation: sourceLocation)
        #expect(
            result.stderr.contains(shade.store + "/" + relative), "\(context): \(result.stderr)",
            sourceLocation: sourceLocation)
        #expect(
            shade.storeFile(relative) == damaged, "\(context): the damaged file was rewritten",
            sourceLocation: sourceLocation)
        return result
    }

    @Test(arguments: [week, "ids/0000.json", "shade.json"])
    func everyTruncationPointIsRefusedWithItsPlaceAndLeftByteForByte(relative: String) throws {
        let started = Date()
        let shade = try ReliabilityFixture.template()
        let path = shade.store + "/" + relative
        let original = try #require(shade.storeFile(relative))
        // Cutting only the final newline leaves a whole document, which is no damage.
        let whole = original.count - original.reversed().prefix { $0 == 0x0A || $0 == 0x20 }.count
        for cut in 0..<whole {
            let truncated = original.prefix(cut)
            try truncated.write(to: URL(fileURLWithPath: path))
            let result = try expectRefused(shade, relative, truncated, ["add", "mon", "More"], "cut at \(cut)")
            #expect(
                result.stderr.contains("line ") && result.stderr.contains("column "), "cut at \(cut): \(result.stderr)")
        }
        try original.write(to: URL(fileURLWithPath: path))
        #expect(try shade.allTasks().count == 3, "the repaired file reads again")
        print(
            "damaged files: \(relative): \(whole) truncation points refused, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    @Test func aThousandRandomByteFlipsNeverCrashAndNeverRewriteADamagedFile() throws {
        let started = Date()
        let seed = ProcessInfo.processInfo.environment["SHADE_FLIP_SEED"].flatMap(UInt64.init) ?? 20_261_122
        var random = SplitMix64(seed: seed)
        let template = try ReliabilityFixture.template()
        let original = try #require(template.storeFile(DamagedFileTests.week))
        let shade = try template.copy()
        let path = shade.store + "/" + DamagedFileTests.week
        var refused = 0
        var accepted = 0
        for flip in 0..<1000 {
            var damaged = original
            let offset = Int(random.next() % UInt64(original.count))
            var byte = UInt8(truncatingIfNeeded: random.next())
            if byte == damaged[offset] { byte ^= 0x01 }
            damaged[offset] = byte
            try damaged.write(to: URL(fileURLWithPath: path))
            let context = "flip \(flip) (seed \(seed)): byte \(offset) → \(byte)"
            let result = try shade.run(["add", "mon", "More"])
            #expect(result.status == 0 || result.status == 1, "\(context): exit \(result.status): \(result.stderr)")
            if result.status == 0 {
                // Still a valid file (a changed letter of a title, say): the store must load whole.
                accepted += 1
                #expect(try shade.run(["ls", "all"]).status == 0, "\(context)")
                try? FileManager.default.removeItem(atPath: shade.store)
                try FileManager.default.copyItem(atPath: template.store, toPath: shade.store)
            } else {
                refused += 1
                #expect(result.stderr.contains(path), "\(context): \(result.stderr)")
                #expect(shade.storeFile(DamagedFileTests.week) == damaged, "\(context): the damaged file was rewritten")
            }
        }
        #expect(refused > 500)
        print(
            "damaged files: 1000 byte flips (seed \(seed)): \(refused) refused, \(accepted) still valid and accepted, 0 crashes, "
                + String(format: "%.1f s", Date().timeIntervalSince(started)))
    }

    /// Mistakes of hand editing, each with the words the message must hold and whether it has a
    /// line and column.
    static let handEdits: [(name: String, edit: @Sendable (String) -> String, message: String, placed: Bool)] = [
        (
            "missing comma", { $0.replacingOccurrences(of: #""title": "Gym","#, with: #""title": "Gym""#) },
            "object value separator ',' expected", true
        ),
        (
            "duplicate key",
            { $0.replacingOccurrences(of: #""kind": "week","#, with: #""kind": "week", "kind": "week","#) },
            "duplicate key \"kind\"", true
        ),
        (
            "a task list pasted twice",
            { text in
                // The morning's tasks pasted into the afternoon as well.
                guard let morning = text.range(of: #""morning": ["#),
                    let afternoon = text.range(of: #""afternoon": ["#)
                else { return text }
                var tasks = text[morning.upperBound..<afternoon.lowerBound]
                while let last = tasks.last, last == " " || last == "\n" || last == "," || last == "]" {
                    tasks.removeLast()
                }
                let empty = text[afternoon.upperBound...].prefix { $0 != "]" }
                return text.replacingCharacters(
                    in: afternoon.lowerBound..<text.index(afternoon.upperBound, offsetBy: empty.count + 1),
                    with: #""afternoon": ["# + tasks + "]")
            }, "appears twice", true
        ),
        (
            "a number that overflows",
            { $0.replacingOccurrences(of: #""format": 3,"#, with: #""format": 123456789012345678901234567890,"#) },
            "does not fit in 64 bits", true
        ),
        ("NaN", { $0.replacingOccurrences(of: #""format": 3,"#, with: #""format": NaN,"#) }, "NaN", true),
        ("a byte order mark", { "\u{FEFF}" + $0 }, "byte order mark", true),
        ("a NUL byte", { $0.replacingOccurrences(of: "Gym", with: "G\u{0}ym") }, "NUL", true),
        (
            "a newer format", { $0.replacingOccurrences(of: #""format": 3"#, with: #""format": 99"#) }, "format 99",
            false
        ),
        (
            "a format that is not a number", { $0.replacingOccurrences(of: #""format": 3"#, with: #""format": "3""#) },
            "format", true
        ),
        ("an unknown slot", { $0.replacingOccurrences(of: #""evening": ["#, with: #""night": ["#) }, "night", true),
        ("two tasks with one uid", DamagedFileTests.secondUIDMadeFirst, "appears twice", true),
        (
            "a status nobody knows", { $0.replacingOccurrences(of: #""status": "open""#, with: #""status": "opne""#) },
            "is not open, done or cancelled", true
        ),
        (
            "a day of another week", { $0.replacingOccurrences(of: "2026-11-23", with: "2026-12-23") }, "2026-12-23",
            true
        ),
    ]

    /// The week file with its second task's uid made the first's.
    static func secondUIDMadeFirst(_ text: String) -> String {
        let uids = text.matches(of: /"uid": "([^"]*)"/).map { String($0.output.1) }
        guard uids.count >= 2 else { return text }
        return text.replacingOccurrences(of: #""uid": "\#(uids[1])""#, with: #""uid": "\#(uids[0])""#)
    }

    @Test func aDamagedTaskOfOneDayLeavesTheOtherDaysReadableAndIsNamedByEverythingThatReadsIt() throws {
        let shade = try ReliabilityFixture.template().copy()
        try shade.run(["add", "tue", "evening", "Read a chapter"])
        var text = String(decoding: try #require(shade.storeFile(DamagedFileTests.week)), as: UTF8.self)
        // The week's last status is Tuesday's (days are filed in date order).
        let last = try #require(text.range(of: #""status": "open""#, options: .backwards))
        text.replaceSubrange(last, with: #""status": "opne""#)
        let damaged = Data(text.utf8)
        try damaged.write(to: URL(fileURLWithPath: shade.store + "/" + DamagedFileTests.week))
        // Monday, which `day` reads alone, is shown as it is.
        let monday = try shade.run(["day", "mon"])
        #expect(monday.status == 0 && monday.stdout.contains("Gym"), "\(monday.stdout)\(monday.stderr)")
        // Tuesday, the week, a change to the week and `check` name the damage and its place.
        for command in [["day", "tue"], ["week", "--json"], ["add", "wed", "Another"], ["check"]] {
            let result = try shade.run(command)
            #expect(result.status == 1, "\(command): exit \(result.status)")
            let said = result.stdout + result.stderr
            #expect(
                said.contains(DamagedFileTests.week) && said.contains("'opne' is not open, done or cancelled"),
                "\(command): \(said)")
        }
        #expect(shade.storeFile(DamagedFileTests.week) == damaged, "the damaged file was rewritten")
    }

    @Test func handEditMistakesAreAnsweredWithTheirPlaceAndLeftByteForByte() throws {
        let template = try ReliabilityFixture.template()
        let original = try #require(template.storeFile(DamagedFileTests.week))
        let text = String(decoding: original, as: UTF8.self)
        for mistake in DamagedFileTests.handEdits {
            let shade = try template.copy()
            let edited = mistake.edit(text)
            #expect(edited != text, "\(mistake.name): the edit did not apply")
            let damaged = Data(edited.utf8)
            try damaged.write(to: URL(fileURLWithPath: shade.store + "/" + DamagedFileTests.week))
            for command in [["add", "mon", "Another"], ["day", "mon"], ["done", "1"]] {
                let result = try expectRefused(shade, DamagedFileTests.week, damaged, command, mistake.name)
                #expect(result.stderr.contains(mistake.message), "\(mistake.name): \(result.stderr)")
                if mistake.placed {
                    #expect(
                        result.stderr.contains("line ") && result.stderr.contains(", column "),
                        "\(mistake.name): \(result.stderr)")
                }
            }
        }
        // Invalid UTF-8 cannot be written through a String.
        let shade = try template.copy()
        var damaged = original
        damaged[damaged.range(of: Data("Gym".utf8))!.lowerBound] = 0xFF
        try damaged.write(to: URL(fileURLWithPath: shade.store + "/" + DamagedFileTests.week))
        let result = try expectRefused(
            shade, DamagedFileTests.week, damaged, ["add", "mon", "Another"], "invalid UTF-8")
        #expect(result.stderr.contains("UTF-8") && result.stderr.contains("line "), "\(result.stderr)")
    }
}
