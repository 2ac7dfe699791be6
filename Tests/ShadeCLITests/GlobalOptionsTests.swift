import ShadeCore
import Testing

@testable import ShadeCLI

/// The global options before the command (`shade --store DIR --color never day`), scanned by the
/// grammar's list of global options.
@Suite struct GlobalOptionsTests {
    @Test func everyGlobalOptionOfTheGrammarIsTakenBeforeTheCommandInBothForms() throws {
        for option in CommandGrammar.globalOptions {
            let value = try #require(option.example, "--\(option.name) has an example value")
            for words in [["--\(option.name)", value, "day"], ["--\(option.name)=\(value)", "day"]] {
                let leading = try GlobalOptions.leading(words, flags: [])
                #expect(leading.rest == ["day"], "\(words)")
            }
        }
    }

    @Test func theLastValueWinsAndTheProgramsFlagsMayStandAmongTheOptions() throws {
        let leading = try GlobalOptions.leading(
            ["--store", "a", "--transcript", "--color=always", "--store=b", "--color", "never", "ls", "--store", "c"],
            flags: ["--transcript"])
        #expect(leading.options.store == "b")
        #expect(leading.options.color == .never)
        #expect(leading.flags == ["--transcript"])
        #expect(leading.rest == ["ls", "--store", "c"])
    }

    @Test func wordsThatAreNoGlobalOptionEndTheScan() throws {
        for words in [["--stor", "x"], ["--colour=never"], ["-s", "x"], ["day", "--store", "x"]] {
            let leading = try GlobalOptions.leading(words, flags: [])
            #expect(leading.rest == words)
            #expect(leading.options.store == nil && leading.options.color == nil)
        }
    }

    @Test(arguments: [
        (["--store"], "--store needs a value, e.g. --store ~/planner"),
        (["--color"], "--color needs a value, e.g. --color never"),
        (["--color", "sometimes", "day"], "--color takes auto, always or never, not 'sometimes'"),
        (["--color=", "day"], "--color takes auto, always or never, not ''"),
        (["--color", "bad", "--store"], "--color takes auto, always or never, not 'bad'"),
    ])
    func aMissingOrWrongValueIsAUsageError(words: [String], message: String) {
        #expect(throws: CommandError.usage(SafeText(verbatim: message))) {
            try GlobalOptions.leading(words, flags: [])
        }
    }
}
