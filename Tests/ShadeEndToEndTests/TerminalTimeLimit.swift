import Testing

extension Trait where Self == TimeLimitTrait {
    /// The time limit of a test that drives a real terminal (tmux): it fails a test whose terminal
    /// hangs, not one that waited its turn. Swift Testing counts a test's time from when the test
    /// is started, the wait for a thread included, and on two cores busy with the whole suite
    /// (about 15 minutes) that wait alone once passed a minute. So the limit is the length of a
    /// whole run; what the test waits for on the screen is bounded by the test itself.
    static var terminalTimeLimit: Self { .timeLimit(.minutes(30)) }
}
