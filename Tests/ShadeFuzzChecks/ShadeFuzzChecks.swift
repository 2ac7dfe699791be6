// ShadeFuzzChecks: the checks the fuzz targets run, kept out of the product: test support, not
// product code.
//
// What belongs here: the check behind each target of `shade-fuzz` (run by `scripts/fuzz`) that is
// not the store's own round trip (`StoreFileCodec.roundTrip`, in ShadeStore): `CommandLineCheck`
// (`commands`), `TerminalSafetyCheck` (`exit`) and `ImportCheck` (`csv`, `ics`, `todotxt`,
// `taskwarrior`, `json`). The replay tests of the saved inputs (`Tests/FuzzCorpus`) call the same
// checks.
//
// The first two reach ShadeCLI's internals (the session, the REPL, the command runner) through
// `@testable import ShadeCLI`, and the terminal check ShadeHost's `Output.capturing` through
// `@testable import ShadeHost`: SwiftPM's debug builds compile every target for testing, and
// `scripts/fuzz` passes `-enable-testing` to its release build.
//
// Must never be a dependency of `shade` or of any target under Sources but `shade-fuzz`.
