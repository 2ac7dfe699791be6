import Foundation
import ShadeTestSupport
import Testing

/// Kills a REPL at a terminal with SIGKILL at random moments around a change: before its frame
/// in the redo log is written, while it is, between the frame and the answer, and while the
/// session brings the files up to date after the answer. The store must load after every kill,
/// and every change the session answered must be there at the end.
///
/// Reproduce: `swift test --filter REPLKillLoopTests` (`SHADE_KILL_SEED=N` replays other moments,
/// `SHADE_REPL_KILLS=N` kills N sessions).
@Suite struct REPLKillLoopTests {
    static let kills = ProcessInfo.processInfo.environment["SHADE_REPL_KILLS"].flatMap(Int.init) ?? 200

    /// Where a kill landed, as the terminal showed it.
    enum Moment: String, CaseIterable {
        /// No answer yet: the change was being read, made or written to the redo log.
        case beforeTheAnswer = "before the answer"
        /// Answered, no prompt yet: the files were being brought up to date.
        case whileFilesAreWritten = "after the answer, before the next prompt"
        /// At the next prompt: nothing was being written.
        case atTheNextPrompt = "at the next prompt"
    }

    @Test func killsAroundAnAnsweredChangeNeverLoseItOrDamageTheStore() throws {
        let started = Date()
        let seed = ProcessInfo.processInfo.environment["SHADE_KILL_SEED"].flatMap(UInt64.init) ?? 20_261_125
        var random = SplitMix64(seed: seed)
        let shade = ShadeProcess()
        #expect(try shade.run(["add", "mon", "First"]).status == 0)
        // How long a change takes at this terminal, from the line typed to the next prompt (its
        // answer comes first, then the files are written): the kills are spread over that span.
        var spans: [Double] = []
        var answers: [Double] = []
        for index in 0..<5 {
            let session = try TerminalREPL(shade)
            defer { session.close() }
            guard session.waitForPrompts(1) else {
                Issue.record("no prompt at a terminal: \(session.shown)")
                return
            }
            let typed = Date()
            session.type("add thu warm-up \(index)")
            #expect(session.waitFor { $0.contains("\nadded ") }, "no answer at a terminal: \(session.shown)")
            answers.append(Date().timeIntervalSince(typed))
            #expect(session.waitFor { $0.components(separatedBy: "› ").count > 2 }, "no prompt: \(session.shown)")
            spans.append(Date().timeIntervalSince(typed))
        }
        let typical = spans.sorted()[2]
        let answered = answers.sorted()[2]
        var addedIDs: [Int] = []
        var acknowledgedAdds: [String] = []
        var acknowledgedDone: Set<Int> = []
        var moments: [Moment: Int] = [:]
        var loadChecks = 0
        var unchanged = 0
        for round in 1...Self.kills {
            let title = "repl-kill \(round)"
            // Every other round completes a task added earlier, so that updates are killed too.
            let open = addedIDs.filter { !acknowledgedDone.contains($0) }
            let doneID = round % 2 == 0 && !open.isEmpty ? open[Int(random.next() % UInt64(open.count))] : nil
            let session = try TerminalREPL(shade)
            defer { session.close() }
            guard session.waitForPrompts(1) else {
                Issue.record("round \(round): no prompt at a terminal: \(session.shown)")
                break
            }
            session.type(doneID.map { "done \($0)" } ?? "add thu \(title)")
            usleep(UInt32(Double(random.next() % 1_000_000) / 1_000_000 * 1.5 * typical * 1_000_000))
            session.kill()
            let shown = session.shown
            let answer = shown.split(separator: "\n").first {
                $0.hasPrefix(doneID.map { "done \($0) " } ?? "added ")
            }
            // A done whose answer a kill cut off before was kept: this session had nothing to do.
            let kept = doneID.map { shown.contains("\n\($0) was already done") } ?? false
            if let doneID, kept {
                acknowledgedDone.insert(doneID)
                unchanged += 1
            } else if let answer {
                if let doneID {
                    acknowledgedDone.insert(doneID)
                } else if let id = Int(answer.dropFirst(6).prefix { $0.isNumber }) {
                    acknowledgedAdds.append(title)
                    addedIDs.append(id)
                }
            }
            if !kept {
                let moment: Moment =
                    answer == nil ? .beforeTheAnswer : session.prompts >= 2 ? .atTheNextPrompt : .whileFilesAreWritten
                moments[moment, default: 0] += 1
            }
            // A damaged file stays damaged (nothing writes over one), so a load every few rounds
            // sees every damage a kill could leave.
            if round % 10 == 0 {
                loadChecks += 1
                let check = try shade.run(["ls", "all"])
                #expect(check.status == 0, "after round \(round) (seed \(seed)): \(check.stderr)")
                if check.status != 0 { break }
            }
        }
        // The kills landed on both sides of the answer, and after it while files were written.
        #expect(moments[.beforeTheAnswer, default: 0] > 0, "no kill before an answer: \(moments)")
        #expect(moments[.whileFilesAreWritten, default: 0] > 0, "no kill while files were written: \(moments)")
        let tasks = try shade.allTasks()
        let titles = Set(tasks.compactMap { $0.string("title") })
        let lost = acknowledgedAdds.filter { !titles.contains($0) }
        #expect(lost.isEmpty, "answered but lost: \(lost)")
        let done = Set(tasks.filter { $0.string("status") == "done" }.compactMap { $0.int("id") })
        #expect(acknowledgedDone.isSubset(of: done), "answered done but open: \(acknowledgedDone.subtracting(done))")
        let ids = tasks.compactMap { $0.int("id") }
        #expect(Set(ids).count == ids.count, "two tasks share an id")
        try ReliabilityFixture.expectCleanAfterNextCommand(shade, "after the REPL kill loop")
        let check = try shade.run(["check"])
        #expect(check.status == 0, "check after the REPL kill loop: \(check.stdout)\(check.stderr)")
        #expect(try SchemaCheck.validate(shade.store) > 0)
        let landed = Moment.allCases.map { "\(moments[$0, default: 0]) \($0.rawValue)" }.joined(separator: ", ")
        print(
            "REPL kill loop: \(Self.kills) sessions killed (seed \(seed)): \(landed); "
                + "\(acknowledgedAdds.count) answered adds and \(acknowledgedDone.count) answered dones looked for "
                + "(\(unchanged) dones found made by a session killed before it answered); "
                + "\(loadChecks) load checks, 0 failed; "
                + String(
                    format: "a change was answered in %.1f ms and the next prompt came at %.1f ms; %.1f s",
                    answered * 1000,
                    typical * 1000, Date().timeIntervalSince(started)))
    }
}
