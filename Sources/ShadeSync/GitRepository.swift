import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// The git repository a shared store is: every git command `sync` runs, run as a child process
/// in the store (`git -C STORE …`), never through a shell, never asking on the terminal, and
/// with every setting that could run a program or follow a link turned off for the command
/// (whatever a repository's own config says).
struct GitRepository {
    /// The store directory, which is the repository's work tree.
    let root: String
    /// Who commits: the planner's user.
    var name: String
    var email: String
    /// shade's environment, which git runs in (with `overrides`).
    let environment: [String: String]
    /// The remote's URL, when known: its secrets are hidden in every message git prints.
    var remoteURL: String?

    /// What every git command is given besides: no prompt for a password (a sync fails instead),
    /// messages in English (they are passed on), no pager.
    private static let overrides = [
        "GIT_TERMINAL_PROMPT": "0", "LC_ALL": "C", "GIT_PAGER": "cat", "GIT_ASKPASS": "", "SSH_ASKPASS": "",
        "GIT_SSH_COMMAND": "ssh -o BatchMode=yes",
    ]
    /// Settings given on every command line (they win over any config file): no hooks, no file
    /// system monitor, no submodules, links checked out as plain files, no `ext::` transport.
    private static let hardening = [
        "-c", "core.hooksPath=/dev/null", "-c", "core.fsmonitor=false", "-c", "core.symlinks=false",
        "-c", "submodule.recurse=false", "-c", "fetch.recurseSubmodules=false", "-c", "protocol.ext.allow=never",
        "-c", "core.protectNTFS=true", "-c", "core.protectHFS=true", "-c", "merge.renames=false",
        "-c", "diff.renames=false",
    ]
    /// How long one git command may take (a fetch over a slow network), in seconds.
    static let timeLimit = 300
    /// How long one git command of this sync may take: `timeLimit`, unless the sync is one the
    /// background runs (whose failure must show soon).
    var timeLimit = GitRepository.timeLimit

    /// What a git command printed.
    struct Output {
        let succeeded: Bool
        /// Whether git exited with status 1 (for `git config`: nothing is set).
        let exitedWithOne: Bool
        /// The output as the bytes git wrote (a file's content exactly, invalid UTF-8 included).
        let bytes: [UInt8]
        /// What git printed on standard error, secrets hidden.
        let errors: String
        /// What git printed and the secrets to hide in it, for `reason`.
        fileprivate let printed: ProcessLauncher.Printed
        fileprivate let remoteURL: String?

        /// The output as text. Read when asked for: the output of `cat-file --batch` is every
        /// file that arrived, which is read as bytes.
        var output: String { String(decoding: bytes, as: UTF8.self) }

        /// Why it failed, in git's words (its first `fatal:` or `error:` line), secrets hidden.
        /// Found when asked for: a run that succeeded is never searched for one.
        var reason: String { RemoteAddress.redacting(printed.reason, secretsOf: remoteURL) }
    }

    /// Whether the store is a repository already (what `sync init` made).
    var exists: Bool { access(root + "/.git", F_OK) == 0 }

    /// Runs `git -C root ARGUMENTS…`, its standard input the file `input` (else none); as the
    /// planner's user unless `asUser` is false (then git's own `user.*` settings show through).
    func run(_ arguments: [String], input: String? = nil, asUser: Bool = true) throws(SyncError) -> Output {
        let user = asUser ? ["-c", "user.name=\(name)", "-c", "user.email=\(email)"] : []
        let printed = ProcessLauncher.collect(
            ["git", "-C", root] + user + Self.hardening + arguments,
            environment: environment.merging(Self.overrides) { $1 }, limit: timeLimit, input: input)
        switch printed.outcome {
        case .notStarted(ENOENT):
            throw .failed("sync needs git, which is not installed (on Debian: apt-get install git)")
        case .notStarted(let code):
            throw .failed("git could not be started: \(String(cString: strerror(code)))")
        case .timedOut:
            throw .failed("git \(arguments.first ?? "") took more than \(timeLimit) seconds and was stopped")
        default:
            return Output(
                succeeded: printed.outcome.succeeded, exitedWithOne: printed.outcome == .exited(1),
                bytes: printed.output,
                errors: RemoteAddress.redacting(String(decoding: printed.errors, as: UTF8.self), secretsOf: remoteURL),
                printed: printed, remoteURL: remoteURL)
        }
    }

    /// Runs a git command that must succeed; its output, else an error naming what failed.
    @discardableResult
    func require(_ arguments: [String], doing what: String) throws(SyncError) -> String {
        let result = try run(arguments)
        guard result.succeeded else {
            throw .failed("could not \(what): \(result.reason)")
        }
        return result.output
    }

    /// The commit a name resolves to (`HEAD`, `origin/main`), or nil when there is none.
    func commit(_ name: String) throws(SyncError) -> String? {
        let result = try run(["rev-parse", "--verify", "--quiet", name + "^{commit}"])
        let text = result.output.trimmingTrailingNewlines
        return result.succeeded && !text.isEmpty ? text : nil
    }

    /// The URL of the remote `origin`, or nil when there is none.
    func remote() throws(SyncError) -> String? {
        let result = try run(["remote", "get-url", "origin"])
        return result.succeeded ? result.output.trimmingTrailingNewlines : nil
    }

    /// A file as a commit holds it (empty when it holds none).
    func file(_ path: String, at commit: String) throws(SyncError) -> [UInt8] {
        let result = try run(["show", "\(commit):\(path)"])
        return result.succeeded ? result.bytes : []
    }

    /// Blobs by their object ids (or `COMMIT:PATH` names), in that order, all from one
    /// `git cat-file --batch`; a name that names nothing is an error, or an empty file when
    /// `missingIsEmpty`.
    func blobs(_ objects: [String], missingIsEmpty: Bool = false) throws(SyncError) -> [[UInt8]] {
        guard !objects.isEmpty else { return [] }
        let list = root + "/.git/shade-objects-\(getpid())"
        do throws(StoreError) {
            try TextFile.writeAtomically(list, objects.map { $0 + "\n" }.joined())
        } catch {
            throw .failed("could not list the files that arrived: \(error.message)")
        }
        defer { unlink(list) }
        let result = try run(["cat-file", "--batch"], input: list)
        guard result.succeeded else { throw .failed("could not read the files that arrived: \(result.reason)") }
        // Each: "OBJECT TYPE SIZE\n", SIZE bytes, "\n".
        var blobs: [[UInt8]] = []
        var at = result.bytes.startIndex
        let bytes = result.bytes
        for _ in objects {
            guard let end = bytes[at...].firstIndex(of: UInt8(ascii: "\n")) else { break }
            let header = String(decoding: bytes[at..<end], as: UTF8.self).split(separator: " ")
            if missingIsEmpty, header.last == "missing" {
                blobs.append([])
                at = end + 1
                continue
            }
            guard header.count == 3, header[1] == "blob", let size = Int(header[2]), end + 1 + size <= bytes.count
            else {
                throw .failed("could not read the files that arrived: git answered \(header.joined(separator: " "))")
            }
            blobs.append(Array(bytes[(end + 1)..<(end + 1 + size)]))
            at = end + 1 + size + 1
        }
        guard blobs.count == objects.count else { throw .failed("could not read the files that arrived") }
        return blobs
    }

    /// One entry of a tree, as `git ls-tree -r -t -l` lists it.
    struct TreeEntry: Equatable {
        /// `100644`, `100755`, `120000` (a symbolic link), `160000` (a submodule), `040000`.
        let mode: String
        /// `blob`, `tree` or `commit`.
        let type: String
        let object: String
        /// The size of a blob (nil for anything else).
        let size: Int?
        let path: String
    }

    /// Every entry of a commit's tree, folders included, without checking anything out.
    func tree(_ commit: String) throws(SyncError) -> [TreeEntry] {
        let output = try require(
            ["ls-tree", "-r", "-t", "-l", "--full-tree", "-z", commit], doing: "list what arrived")
        return output.split(separator: "\0").compactMap { line in
            guard let tab = line.firstIndex(of: "\t") else { return nil }
            let fields = line[..<tab].split(separator: " ", omittingEmptySubsequences: true)
            guard fields.count == 4 else { return nil }
            return TreeEntry(
                mode: String(fields[0]), type: String(fields[1]), object: String(fields[2]), size: Int(fields[3]),
                path: String(line[line.index(after: tab)...]))
        }
    }

    /// The files that differ between two commits (the first may be nil: every file of the second).
    func changedFiles(from old: String?, to new: String) throws(SyncError) -> [String] {
        let arguments =
            old.map { ["diff", "--name-only", "--no-renames", "-z", $0, new] }
            ?? ["ls-tree", "-r", "--name-only", "-z", new]
        let output = try require(arguments, doing: "list the files the merge changed")
        return output.split(separator: "\0").map(String.init)
    }

    /// The files staged to commit, as paths.
    func stagedFiles() throws(SyncError) -> [String] {
        let output = try require(["diff", "--cached", "--name-only", "--no-renames", "-z"], doing: "list the changes")
        return output.split(separator: "\0").map(String.init)
    }

    /// Every path the index holds, with its mode.
    func indexEntries() throws(SyncError) -> [(mode: String, path: String)] {
        let output = try require(["ls-files", "-s", "-z"], doing: "list what git tracks")
        return output.split(separator: "\0").compactMap { line -> (mode: String, path: String)? in
            guard let tab = line.firstIndex(of: "\t"), let space = line.firstIndex(of: " ") else { return nil }
            return (String(line[..<space]), String(line[tab...].dropFirst()))
        }
    }

    /// The base of a merge: the newest commit both have.
    func mergeBase(_ one: String, _ other: String) throws(SyncError) -> String? {
        let result = try run(["merge-base", one, other])
        return result.succeeded ? result.output.trimmingTrailingNewlines : nil
    }

    /// The parents of a commit.
    func parents(of commit: String) throws(SyncError) -> [String] {
        let output = try require(["rev-list", "--parents", "-n", "1", commit], doing: "read a commit")
        return output.trimmingTrailingNewlines.split(separator: " ").dropFirst().map(String.init)
    }

    /// Who committed the last change to `path` up to `commit` (for naming a sender).
    func author(of path: String, upTo commit: String, nameOnly: Bool = false) -> String? {
        let format = nameOnly ? "--format=%an" : "--format=%an <%ae>"
        guard let result = try? run(["log", "-1", format, commit, "--", path]), result.succeeded
        else { return nil }
        let text = result.output.trimmingTrailingNewlines
        return text.isEmpty ? nil : text
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
