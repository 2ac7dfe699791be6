import Testing

@testable import ShadeCLI

/// How a REPL or script line splits into words.
@Suite struct CommandLineWordsTests {
    @Test(arguments: [
        ("add Buy milk", ["add", "Buy", "milk"]),
        ("  add\tBuy   milk  ", ["add", "Buy", "milk"]),
        ("add 'Evening walk' with Ana", ["add", "Evening walk", "with", "Ana"]),
        ("add \"say \\\"hi\\\"\" now", ["add", "say \"hi\"", "now"]),
        ("add 'no \\ escape'", ["add", "no \\ escape"]),
        ("add Mum's birthday", ["add", "Mum's", "birthday"]),
        ("add a\\ b", ["add", "a b"]),
        ("add ''", ["add", ""]),
        ("add trailing\\", ["add", "trailing\\"]),
        ("add 読書 📚 \\本 'Crème brûlée' 👩‍👩‍👧", ["add", "読書", "📚", "本", "Crème brûlée", "👩‍👩‍👧"]),
        ("add مساء\tالخير", ["add", "مساء", "الخير"]),
    ])
    func splitsLikeAShell(line: String, words: [String]) throws {
        #expect(try CommandLineWords.split(line) == words)
    }

    @Test func anUnclosedQuoteIsAUsageError() {
        #expect(throws: CommandError.usage("a ' quote is not closed; close it or escape it with \\")) {
            try CommandLineWords.split("add 'open")
        }
        #expect(throws: CommandError.self) { try CommandLineWords.split("add \"open \\\"") }
    }
}
