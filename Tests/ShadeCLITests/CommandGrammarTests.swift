import Foundation
import Testing

@testable import ShadeCLI

/// The command language's parse: how words become flags, options and arguments, what is refused
/// and with what message, and that every command's grammar and help agree with its fields.
@Suite struct CommandGrammarTests {
    private func command(_ line: String) throws -> any PlannerCommand {
        let words = try CommandLineWords.split(line)
        guard case .command(let command, _) = try Shade.parse(words) else {
            Issue.record("'\(line)' is not a command")
            throw CommandError.usage("\(line)")
        }
        return command
    }

    private func usageError(_ line: String) throws -> String {
        do {
            _ = try Shade.parse(CommandLineWords.split(line))
        } catch {
            return error.description
        }
        Issue.record("'\(line)' was understood")
        return ""
    }

    /// A name is one entry's: a lookup takes the first entry of a name, so a second of the same
    /// name (a hidden one too) would never be reached.
    @Test func everyNameFindsItsOwnEntry() {
        let all = Shade.entries + Shade.hiddenEntries
        #expect(Set(all.map(\.name)).count == all.count)
        for entry in all { #expect(Shade.entry(named: entry.name)?.name == entry.name) }
        #expect(Shade.entry(named: "nosuchcommand") == nil)
        #expect(Shade.entry(named: "Add") == nil)
    }

    /// Every example in every command's help is understood: each grammar matches the fields its
    /// command reads (a mismatch would stop at a precondition).
    @Test func everyExampleInTheHelpParses() throws {
        var examples = 0
        var texts: [String] = []
        for entry in Shade.entries {
            switch entry {
            case .command(let type): texts.append(type.grammar.discussion)
            case .group(let group): texts += [group.discussion] + group.commands.map { $0.grammar.discussion }
            }
        }
        for text in texts {
            guard let range = text.range(of: "Examples:\n") else { continue }
            for line in text[range.upperBound...].split(separator: "\n") {
                let example = line.trimmingCharacters(in: .whitespaces)
                guard case .command = try Shade.parse(CommandLineWords.split(example)) else {
                    Issue.record("'\(example)' is not a command")
                    continue
                }
                examples += 1
            }
        }
        #expect(examples >= 50)
    }

    @Test func flagsAndOptionsMayComeAnywhereBeforeTheEndOfOptions() throws {
        let list = try #require(try command("ls --json +work --by=status overdue") as? Shade.List)
        #expect(list.json && list.by == .status && list.filters == ["+work", "overdue"])
        let spaced = try #require(try command("ls --by cat") as? Shade.List)
        #expect(spaced.by == .cat && spaced.filters.isEmpty)
        let stats = try #require(try command("stats --to 2026-W53 --weeks 4 --json") as? Shade.Stats)
        #expect(stats.weeks == 4 && stats.to == "2026-W53" && stats.json && !stats.all)
        let show = try #require(try command("show --json 7") as? Shade.Show)
        #expect(show.id == 7 && show.json)
        guard case .command(_, let global) = try Shade.parse(["day", "--store", "/tmp/x", "--color=never"]) else {
            Issue.record("day with global options")
            return
        }
        #expect(global.store == "/tmp/x" && global.color == .never)
    }

    @Test func freeTextKeepsDashWordsAndEverythingAfterTheEndOfOptions() throws {
        let add = try #require(try command("add tue Buy --milk -x -- Monday --json") as? Shade.Add)
        #expect(!add.json)
        #expect(add.words == ["tue", "Buy", "--milk", "-x", "--", "Monday", "--json"])
        let edit = try #require(try command("edit 4 -someday +urgent --json") as? Shade.Edit)
        #expect(edit.id == 4 && edit.json && edit.words == ["-someday", "+urgent"])
        let done = try #require(try command("done 1 -- 2") as? Shade.Done)
        #expect(done.selection.ids == [1, 2])
    }

    @Test func categoryCommandsAreAGroupWithListAsTheDefault() throws {
        #expect(try command("cat") is Shade.CategoryList)
        #expect((try command("cat --json") as? Shade.CategoryList)?.json == true)
        let remove = try #require(try command("cat rm grocery --to errand") as? Shade.CategoryRemove)
        #expect(remove.name == "grocery" && remove.to == "errand")
        let add = try #require(try command("cat add school") as? Shade.CategoryAdd)
        #expect(add.name == "school" && add.color == nil)
    }

    @Test(arguments: [
        ("done", "done needs <ids>…"),
        ("done abc", "'abc' is not a number; done takes <ids>…"),
        ("done 1 x", "'x' is not a number"),
        ("done 99999999999999999999", "is not a number"),
        ("done +4", "'+4' is not a number"),
        ("show 1 2", "'2' is one too many"),
        ("show -1", "show has no option '-1'"),
        ("day --frobnicate", "day has no option '--frobnicate'"),
        ("ls --by", "--by needs a value"),
        ("ls --by=week", "--by takes status or cat, not 'week'"),
        ("done 1 --json=yes", "--json takes no value"),
        ("stats --weeks many", "--weeks takes a whole number, not 'many'"),
        ("stats --weeks 0", "--weeks takes 1 to 10000"),
        ("stats --all --from 2026-W01", "--all takes the whole history"),
        ("day --color purple", "--color takes auto, always or never, not 'purple'"),
        ("cat add", "cat add needs <name>"),
        ("cat color work", "cat color needs <color>"),
        ("cat frob", "cat takes no more words"),
        ("--json", "unknown option '--json'"),
        ("done \u{1B}[2J", "'\\e[2J' is not a number"),
    ])
    func refusedLinesSayWhatWasWrongAndWhereToLook(line: String, message: String) throws {
        let error = try usageError(line)
        #expect(error.contains(message), "\(line): \(error)")
        #expect(error.contains("see: help"), "\(line): \(error)")
        #expect(!error.contains("\u{1B}"))
    }

    @Test func helpRequestsAndTheVersionAreText() throws {
        for (words, expected) in [
            (["--help"], "Commands (every view and every change takes --json"), (["-h"], "Commands"),
            (["--version"], "shade \(Shade.version)"),
            (["mv", "--help"], "USAGE: shade mv <id> [DAY [SLOT] [at:TIME]]"),
            (["add", "Buy", "-h"], "Examples:"), (["cat", "--help"], "COMMANDS:\n  ls (default)"),
            (["cat", "rm", "-h"], "USAGE: shade cat rm <name> [--to CATEGORY]"),
        ] {
            guard case .text(let text) = try Shade.parse(words) else {
                Issue.record("\(words) is not help")
                continue
            }
            #expect(text.text.contains(expected), "\(words): \(text.text)")
        }
        // After --, -h is a word like any other.
        #expect((try command("add -- -h") as? Shade.Add)?.words == ["--", "-h"])
        guard case .unknownCommand("frobnicate") = try Shade.parse(["frobnicate", "--help"]) else {
            Issue.record("an unknown command with --help")
            return
        }
    }

    @Test func theOverviewListsEveryCommandFromTheGrammarsWithinTheColumns() {
        let overview = Shade.Help.overview.text
        for name in Shade.commandNames {
            #expect(overview.contains("\n  " + name + " "), "help lacks \(name)")
        }
        for entry in Shade.entries {
            guard case .command(let type) = entry else { continue }
            let start = type.grammar.abstract.split(separator: " ").prefix(3).joined(separator: " ")
            #expect(overview.contains(start), "help lacks what \(type.grammar.name) does")
        }
        #expect(overview.split(separator: "\n").allSatisfy { $0.count <= CommandHelp.columns })
    }

    @Test func helpListsEveryArgumentAndOptionWrappedToTheColumns() throws {
        let text = try #require(Shade.helpText(for: ["stats"])).text
        for part in [
            "--weeks N", "--from WEEK", "--to WEEK", "--all", "--json", "--store DIR", "--color WHEN", "-h, --help",
        ] {
            #expect(text.contains(part), "stats help lacks \(part)")
        }
        #expect(text.split(separator: "\n").allSatisfy { $0.count <= CommandHelp.columns })
        #expect(Shade.helpText(for: ["cat", "rename"])?.text.contains("<old>") == true)
        #expect(Shade.helpText(for: ["nothing"]) == nil)
        #expect(Shade.helpText(for: ["cat", "nothing"]) == nil)
    }

    @Test func tabCompletesEveryCommandFlagAndOption() {
        struct NoStore: CompletionData {
            func candidates(_ source: CompletionSource) -> [CompletionCandidate] { [] }
        }
        let completer = Completer(data: NoStore())
        for (line, word) in [
            ("", "add"), ("", "cat"), ("cat ", "rename"), ("ls ", "tue"), ("ls --", "--json"), ("ls --", "--by"),
            ("stats --", "--weeks"), ("note 4 --", "--clear"), ("cat rm x --", "--to"), ("day --", "--store"),
            ("day --", "--help"),
        ] {
            #expect(
                completer.candidates(forLine: line).map(\.value).contains(word), "completion of '\(line)' lacks \(word)"
            )
        }
    }
}
