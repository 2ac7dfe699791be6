#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The git repository a shared store is: every git command `sync` runs, run as a child process
/// in the store (`git -C STORE …`), never through a shell, never asking on the terminal.
struct GitRepository {
    /// The store directory, which is the repository's work tree.
    let root: String
    /// Who commits: the planner's user.
    let name: String
    let email: String
    /// shade's environment, which git runs in (with `overrides`).
    let environment: [String: String]

    /// What every git command is given besides: no prompt for a password (a sync fails instead),
    /// messages in English (they are passed on), no pager.
    private static let overrides = [
        "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_PAGER": "cat", "GIT_ASKPASS": "", "SSH_ASKPASS": "",
        "GIT_SSH_COMMAND": "ssh -o BatchMode=yes",
    ]
    /// How long one git command may take (a fetch over a slow network), in seconds.
    static let timeLimit = 300

    /// What a git command printed.
    struct Output {
        let succeeded: Bool
        let output: String
        let errors: String
        /// Why it failed, in git's words (its first `fatal:` or `error:` line).
        let reason: String
    }

    /// Whether the store is a repository already (what `sync init` made).
    var exists: Bool { access(root + "/.git", F_OK) == 0 }

    /// Runs `git -C root ARGUMENTS…`.
    func run(_ arguments: [String]) throws(CommandError) -> Output {
        let printed = ProcessLauncher.collect(
            ["git", "-C", root, "-c", "user.name=\(name)", "-c", "user.email=\(email)"] + arguments,
            environment: environment.merging(Self.overrides) { $1 }, limit: Self.timeLimit)
        switch printed.outcome {
        case .notStarted(ENOENT):
            throw .failed("sync needs git, which is not installed (on Debian: apt-get install git)")
        case .notStarted(let code):
            throw .failed("git could not be started: \(String(cString: strerror(code)))")
        case .timedOut:
            throw .failed("git \(arguments.first ?? "") took more than \(Self.timeLimit) seconds and was stopped")
        default:
            return Output(
                succeeded: printed.outcome.succeeded, output: String(decoding: printed.output, as: UTF8.self),
                errors: String(decoding: printed.errors, as: UTF8.self), reason: printed.reason)
        }
    }

    /// Runs a git command that must succeed; its output, else an error naming what failed.
    @discardableResult
    func require(_ arguments: [String], doing what: String) throws(CommandError) -> String {
        let result = try run(arguments)
        guard result.succeeded else {
            throw .failed("could not \(what): \(result.reason)")
        }
        return result.output
    }

    /// The commit a name resolves to (`HEAD`, `origin/main`), or nil when there is none.
    func commit(_ name: String) throws(CommandError) -> String? {
        let result = try run(["rev-parse", "--verify", "--quiet", name + "^{commit}"])
        let text = result.output.trimmingTrailingNewlines
        return result.succeeded && !text.isEmpty ? text : nil
    }

    /// The branch checked out (`main`).
    func branch() throws(CommandError) -> String {
        let text = try require(["symbolic-ref", "--short", "HEAD"], doing: "read the current branch")
        return text.trimmingTrailingNewlines
    }

    /// The URL of the remote `origin`, or nil when there is none.
    func remote() throws(CommandError) -> String? {
        let result = try run(["remote", "get-url", "origin"])
        return result.succeeded ? result.output.trimmingTrailingNewlines : nil
    }

    /// A file as a commit holds it (empty when it holds none).
    func file(_ path: String, at commit: String) throws(CommandError) -> [UInt8] {
        let result = try run(["show", "\(commit):\(path)"])
        return result.succeeded ? Array(result.output.utf8) : []
    }

    /// The files that differ between two commits (the first may be nil: every file of the second).
    func changedFiles(from old: String?, to new: String) throws(CommandError) -> [String] {
        let arguments =
            old.map { ["diff", "--name-only", "--no-renames", "-z", $0, new] }
            ?? ["ls-tree", "-r", "--name-only", "-z", new]
        let output = try require(arguments, doing: "list the files the merge changed")
        return output.split(separator: "\0").map(String.init)
    }

    /// The files staged to commit, as paths.
    func stagedFiles() throws(CommandError) -> [String] {
        let output = try require(["diff", "--cached", "--name-only", "--no-renames", "-z"], doing: "list the changes")
        return output.split(separator: "\0").map(String.init)
    }

    /// The base of a merge: the newest commit both have.
    func mergeBase(_ one: String, _ other: String) throws(CommandError) -> String? {
        let result = try run(["merge-base", one, other])
        return result.succeeded ? result.output.trimmingTrailingNewlines : nil
    }

    /// The parents of a commit.
    func parents(of commit: String) throws(CommandError) -> [String] {
        let output = try require(["rev-list", "--parents", "-n", "1", commit], doing: "read a commit")
        return output.trimmingTrailingNewlines.split(separator: " ").dropFirst().map(String.init)
    }
}

extension String {
    /// The text without the line breaks at its end.
    var trimmingTrailingNewlines: String {
        var text = Substring(self)
        while text.last == "\n" || text.last == "\r" { text = text.dropLast() }
        return String(text)
    }
}
