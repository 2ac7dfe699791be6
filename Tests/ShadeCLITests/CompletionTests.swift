import Foundation
import ShadeCompletion
import ShadeManual
import Testing

@testable import ShadeCLI

/// What Tab offers for a line (the REPL's `Completer`, on a fixed store), how the REPL hands it to
/// libedit, and that the completion scripts hold every command, group command and flag of the
/// grammar.
@Suite struct CompletionTests {
    /// A store of three open tasks, a done one, two categories, tags and two goals.
    struct FixedData: CompletionData {
        func candidates(_ source: CompletionSource) -> [CompletionCandidate] {
            switch source {
            case .openTasks:
                [
                    .init("4", description: "Call the bank"), .init("12", description: "Buy milk"),
                    .init("9", description: "Gym"),
                ]
            case .closedTasks: [.init("7", description: "Dentist")]
            case .tasks:
                [.init("4", description: "Call the bank"), .init("7", description: "Dentist")]
            case .openGoals: [.init("g1", description: "Ship the report")]
            case .closedGoals: [.init("g2", description: "Old goal")]
            case .goals: [.init("g1", description: "Ship the report"), .init("g2", description: "Old goal")]
            case .categories: [.init("bill"), .init("work")]
            case .tags: [.init("errand"), .init("shop")]
            case .templates: [.init("typical")]
            }
        }
    }

    private let completer = Completer(data: FixedData())

    private func values(_ line: String, interactive: Bool = true) -> [String] {
        Completer(data: FixedData(), interactive: interactive).candidates(forLine: line).map(\.value)
    }

    @Test func theFirstWordIsACommandOrInTheREPLANavigationWord() {
        #expect(values("d") == ["done", "day"])
        #expect(values("").contains("completion"))
        #expect(values("").contains("tue") && values("").contains("evening") && values("").contains("quit"))
        #expect(!values("", interactive: false).contains("tue"))
        #expect(!values("").contains("complete-words"), "the hidden command is offered")
        #expect(values("--st", interactive: false) == ["--store"])
    }

    @Test func idsComeWithTheirTitlesOpenOnesForDoneClosedOnesForUndone() {
        let done = completer.candidates(forLine: "done ")
        #expect(done.map(\.value) == ["4", "12", "9"])
        #expect(done.map(\.description) == ["Call the bank", "Buy milk", "Gym"])
        #expect(values("done 4 1") == ["12"])
        #expect(values("done 4 9 ") == ["12"], "ids on the line are not offered again")
        #expect(values("add Milk +shop +") == ["+errand"])
        #expect(values("undone ") == ["7"])
        #expect(values("show ") == ["4", "7"])
        #expect(values("mv ") == ["4", "12", "9"])
        #expect(values("edit 4 ").isEmpty, "after the id, edit takes free words")
    }

    @Test func addTakesADayThenASlotThenTheTitle() {
        let first = values("add ")
        for word in ["today", "tomorrow", "yesterday", "mon", "sun", "next", "this", "last", "morning", "evening"] {
            #expect(first.contains(word), "add lacks \(word)")
        }
        #expect(values("add tue ") == ["morning", "afternoon", "evening"])
        #expect(values("add next ") == ["mon", "tue", "wed", "thu", "fri", "sat", "sun"])
        #expect(values("add next t") == ["tue", "thu"])
        #expect(values("add next mon ") == ["morning", "afternoon", "evening"])
        #expect(values("add tue evening ").isEmpty)
        #expect(values("mv 4 fri ") == ["morning", "afternoon", "evening"])
    }

    @Test func prefixedWordsTakeTheStoresValues() {
        #expect(values("ls cat:") == ["cat:bill", "cat:work"])
        #expect(values("add Buy milk cat:w") == ["cat:work"])
        #expect(values("add Buy milk +") == ["+errand", "+shop"])
        #expect(values("edit 4 +s") == ["+shop"])
        let goals = completer.candidates(forLine: "add Draft goal:")
        #expect(goals.map(\.value) == ["goal:g1"] && goals[0].description == "Ship the report")
        #expect(values("edit 4 color:p") == ["color:purple", "color:pink"])
        #expect(values("ls sort:c") == ["sort:category", "sort:created"])
    }

    @Test func flagsOptionsAndTheirValues() {
        let flags = values("ls --")
        for flag in ["--json", "--by", "--store", "--color", "--help"] { #expect(flags.contains(flag)) }
        #expect(values("ls --by ") == ["status", "cat"])
        #expect(values("ls --by=s") == ["--by=status"])
        #expect(values("stats --by ") == ["day", "week", "month"])
        #expect(values("day --color ") == ["auto", "always", "never"])
        #expect(values("cat rm bill --to ") == ["work"], "the category removed is no place to move to")
        #expect(values("ls --by status ").contains("overdue"), "an option's value is no argument")
        #expect(values("add -- ").contains("today"), "after --, words are arguments")
        #expect(!values("add -- -").contains("--json"))
    }

    @Test func groupsOfferTheirCommandsThenTheCommandsWords() {
        #expect(values("cat ") == ["ls", "add", "rename", "color", "rm"])
        #expect(values("cat rm ") == ["bill", "work"])
        #expect(values("cat add school ").contains("purple"))
        #expect(values("goal d") == ["done"])
        #expect(values("goal done ") == ["g1"])
        #expect(values("goal undone ") == ["g2"])
        #expect(values("goal show ") == ["g1", "g2"])
        #expect(values("template apply ") == ["typical"])
        #expect(values("remind ") == ["due", "ls", "install"])
        #expect(values("goals ") == ["open", "done", "cancelled", "all"])
    }

    @Test func aShellLineMayStartWithTheGlobalOptions() {
        #expect(values("--store /tmp/planner done ", interactive: false) == ["4", "12", "9"])
        #expect(values("--color never --store=/tmp/x cat r", interactive: false) == ["rename", "rm"])
        #expect(values("--color ", interactive: false) == ["auto", "always", "never"])
        #expect(values("help d") == ["done", "day"])
        #expect(values("completion ") == ["bash", "zsh", "fish"])
        #expect(values("frobnicate ").isEmpty)
    }

    @Test func libeditIsGivenTheCommonBeginningThenAlignedLinesOneOnARow() {
        #expect(LineEditor.matches(for: [], width: 80).isEmpty)
        #expect(LineEditor.matches(for: [.init("done")], width: 80) == ["done"])
        #expect(LineEditor.matches(for: [.init("done"), .init("day")], width: 80) == ["d", "done", "day"])
        let matches = LineEditor.matches(
            for: [.init("12", description: "Buy milk ☕"), .init("9", description: "Gym")], width: 80)
        #expect(matches.count == 3 && matches[0] == "")
        #expect(matches[1].hasPrefix("12  Buy milk ☕") && matches[2].hasPrefix(" 9  Gym"))
        // Wider than half the terminal (libedit then puts one on a row), never wider than it.
        for line in matches.dropFirst() { #expect(line.utf8.count > 40 && line.utf8.count <= 77) }
        let long = LineEditor.matches(
            for: [.init("1", description: String(repeating: "é", count: 60)), .init("2", description: "x")], width: 40)
        #expect(long[1].utf8.count <= 37 && long[1].hasSuffix("…"))
    }

    /// Every command, group command, flag and option of the grammar is in each script, and each
    /// script's table of flags names exactly the grammar's: they cannot drift apart.
    @Test(arguments: ["bash", "zsh", "fish"])
    func theScriptsHoldEveryCommandAndFlagOfTheGrammar(shell: String) throws {
        let script: String
        switch shell {
        case "bash": script = BashCompletionScript.text(CompletionScriptTable.table)
        case "zsh": script = ZshCompletionScript.text(CompletionScriptTable.table)
        default: script = FishCompletionScript.text(CompletionScriptTable.table)
        }
        for name in Shade.commandNames { #expect(script.contains("'\(name)"), "\(shell) lacks \(name)") }
        for entry in Shade.entries {
            guard case .group(let group) = entry else { continue }
            for command in group.commands {
                let path = group.name + " " + command.grammar.name
                #expect(script.contains("'\(path)"), "\(shell) lacks \(path)")
            }
        }
        for grammar in Shade.grammars {
            for name in grammar.flags.map(\.name) + grammar.options.map(\.name) {
                #expect(script.contains("--\(name)"), "\(shell) lacks --\(name) of \(grammar.name)")
            }
        }
        for option in CommandGrammar.globalOptions { #expect(script.contains("--\(option.name)")) }
        #expect(script.contains("complete-words"), "\(shell) asks the store nothing")
        #expect(!script.contains("\t"), "a tab would be escaped on its way out")
    }

    @Test func eachCommandsCompletionHasItsGrammarsFlagsAndOptions() {
        for (path, grammar) in commandGrammars {
            let completion = CommandCompletion.named(path)
            #expect(completion != nil, "no completion for \(path)")
            let names = Set(completion?.switches.map(\.name) ?? [])
            let expected = Set(
                grammar.flags.map(\.name) + grammar.options.map(\.name) + CommandGrammar.globalOptions.map(\.name)
                    + ["help"])
            #expect(names == expected, "\(path)")
        }
    }

    @Test func theHiddenCommandRunsButHelpDoesNotListIt() throws {
        guard case .command(let command, _) = try Shade.parse(["complete-words", "open-ids"]) else {
            Issue.record("complete-words is not a command")
            return
        }
        #expect(command is Shade.CompleteWords)
        #expect(!Shade.commandNames.contains("complete-words"))
        #expect(!Shade.Help.overview.text.contains("complete-words"))
        #expect(!ManPage.text.contains("complete\\-words "))
    }
}

/// The manual page: roff's escapes, and a page that holds every command, flag and the sections a
/// reader looks for.
@Suite struct ManPageTests {
    @Test func roffEscapesWhatItWouldReadAsItsOwn() {
        #expect(Roff.line(".hidden") == "\\&.hidden")
        #expect(Roff.line("'quoted") == "\\&'quoted")
        #expect(Roff.line("a.b") == "a.b")
        #expect(Roff.escape("back\\slash") == "back\\eslash")
        #expect(Roff.escape("--json") == "\\-\\-json")
        #expect(Roff.escape("mon … sun") == "mon \\[u2026] sun")
        #expect(Roff.escape("☕") == "\\[u2615]" && Roff.escape("👩") == "\\[u1F469]")
        #expect(Roff.escape("bell\u{07}") == "bell\\ex07")
        #expect(Roff.request(".SH", "EXIT \"STATUS\"") == ".SH \"EXIT \\(dqSTATUS\\(dq\"")
    }

    @Test func thePageHoldsEveryCommandFlagAndSection() {
        let page = ManPage.text
        #expect(page.hasPrefix(".TH \"SHADE\" \"1\""))
        for section in [
            "NAME", "SYNOPSIS", "DESCRIPTION", "OPTIONS", "COMMANDS", "\"DAYS, SLOTS, TIMES AND WEEKS\"", "ENVIRONMENT",
            "FILES", "\"EXIT STATUS\"", "EXAMPLES",
        ] {
            #expect(page.contains("\n.SH \(section)\n"), "no section \(section)")
        }
        for grammar in Shade.grammars {
            for name in grammar.flags.map(\.name) + grammar.options.map(\.name) {
                #expect(page.contains("\\fB" + Roff.escape("--" + name) + "\\fR"), "no --\(name)")
            }
        }
        for entry in Shade.entries {
            switch entry {
            case .command(let type): #expect(page.contains(".SS \"\(Roff.escape(type.grammar.name))\"\n"))
            case .group(let group):
                for command in group.commands {
                    #expect(page.contains(".SS \"\(group.name) \(Roff.escape(command.grammar.name))\"\n"))
                }
            }
        }
        for variable in ["SHADE_STORE", "SHADE_NOW", "NO_COLOR", "COLUMNS", "XDG_DATA_HOME", "XDG_CONFIG_HOME"] {
            #expect(page.contains("\\fB\(variable)\\fR"), "ENVIRONMENT lacks \(variable)")
        }
        for code in ["0", "1", "64", "75"] { #expect(page.contains(".TP\n\\fB\(code)\\fR\n")) }
        // No line a reader would take for a request of its own, no character outside ASCII.
        for line in page.split(separator: "\n") {
            #expect(line.hasPrefix(".") || !line.hasPrefix("'"), "\(line)")
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
        }
    }

    @Test func everyCommandOfTheGrammarHasItsUsageInThePage() {
        let page = ManPage.text
        var paths = 0
        for (path, grammar) in commandGrammars {
            let usage = String(grammar.usageLine(path: path).dropFirst(path.count))
            #expect(page.contains("\n\\fB\(Roff.escape("shade " + path))\\fR\(Roff.escape(usage))\n"), "\(path)")
            paths += 1
        }
        #expect(paths == Shade.grammars.count && paths > 50)
    }

    /// Every page, shade(1) and the topics alike: sections where man looks for them, nothing a
    /// reader would take for a request, nothing outside ASCII.
    @Test(arguments: ["shade", "shade-store", "shade-sync"])
    func everyPageIsRoffAReaderTakesAsWritten(name: String) throws {
        let page = try #require(name == "shade" ? ManPage.page : ManualTopic.page(named: name))
        let roff = page.roff(version: Shade.version)
        #expect(roff.hasPrefix(".TH \"\(Roff.escape(name.uppercased()))\" \"\(page.section)\""))
        #expect(roff.contains("\n.SH NAME\n") && roff.contains("\n.SH \"SEE ALSO\"\n"))
        for line in roff.split(separator: "\n") {
            #expect(line.hasPrefix(".") || !line.hasPrefix("'"), "\(line)")
            #expect(line.allSatisfy { $0.isASCII }, "\(line)")
        }
        // The terminal's text holds every section, in the page's order.
        let text = page.terminalText(columns: CommandHelp.columns).text
        let titles = ["NAME"] + page.sections.map(\.title)
        let found = titles.compactMap { title in
            text.range(of: "\n" + title + "\n")?.lowerBound ?? text.range(of: title + "\n")?.lowerBound
        }
        #expect(found.count == titles.count && found == found.sorted(), "\(page.name)")
    }

    @Test func noTopicIsNamedAsACommandIs() {
        let commands = Set((Shade.entries + Shade.hiddenEntries).map(\.name))
        for topic in ManualTopic.all {
            #expect(commands.isDisjoint(with: topic.names), "\(topic.names)")
            #expect(ManualTopic.page(named: topic.names[0].uppercased())?.name == topic.page.name)
        }
        #expect(ManualTopic.page(named: "sync") == nil)
    }

    @Test func everyExampleOfThePageIsACommand() throws {
        for (example, _) in CommandManual.examples {
            guard case .command = try Shade.parse(CommandLineWords.split(example)) else {
                Issue.record("'\(example)' is not a command")
                continue
            }
        }
    }
}

/// Every command of the language with its path as typed (`cat add`) and its grammar.
let commandGrammars: [(path: String, grammar: CommandGrammar)] = Shade.entries.flatMap { entry in
    switch entry {
    case .command(let type): [(type.grammar.name, type.grammar)]
    case .group(let group): group.commands.map { (group.name + " " + $0.grammar.name, $0.grammar) }
    }
}
