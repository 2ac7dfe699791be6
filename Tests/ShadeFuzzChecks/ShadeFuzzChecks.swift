// ShadeFuzzChecks: the checks the fuzz targets run: test support, not product code.
//
// What belongs here: the check behind each target of `shade-fuzz` (run by `scripts/fuzz`) that is
// not the store's own round trip (`StoreFileCodec.roundTrip`, in ShadeStore): `CommandLineCheck`
// (`commands`), `TerminalSafetyCheck` (`exit`) and `ImportCheck` (`csv`, `ics`, `todotxt`,
// `taskwarrior`, `json`). The replay tests of the saved inputs (`Tests/FuzzCorpus`) call the same
// checks.
//
// The first two reach ShadeCLI's internals (the session, the REPL, the command runner) through
// `@testable import ShadeCLI`, and the terminal check ShadeHost's `Output.capturing` through
// `@testable import ShadeHost`; that needs those targets compiled for testing: SwiftPM's debug
// builds do that, and `scripts/fuzz` passes `-enable-testing` (with `-DSHADE_FUZZING`) to its
// release build. A plain release build (`swift build -c release`: CI's warning check, the
// benchmark's recipe) does not, and builds every target, this one included; so those two files
// compile only under `DEBUG || SHADE_FUZZING`, and a plain release `shade-fuzz` refuses the
// `commands` and `exit` targets.
//
// Must never be a dependency of `shade` or of any target under Sources but `shade-fuzz`.
