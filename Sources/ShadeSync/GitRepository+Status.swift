import ShadeStore

/// What a sync asks git once, at its start: the repository's settings in one read, and the
/// state of the branch, the index and the work tree in one `git status`.
extension GitRepository {
    /// The settings a sync reads: the remote, the merge driver and git's identity.
    struct Settings: Equatable {
        /// The URL of the remote `origin` as git uses it (its `url.BASE.insteadOf` rewriting
        /// applied, as `git remote get-url` prints it); nil when there is none.
        var remote: String?
        /// `merge.shade.driver`.
        var driver: String?
        /// git's `user.name` and `user.email` (nil when unset), read without shade's own.
        var userName: String?
        var userEmail: String?
    }

    /// The settings, from one `git config --get-regexp` (where a setting has several values,
    /// the last counts, as `git config --get` says; a remote's URL is its first).
    func settings() throws(SyncError) -> Settings {
        let pattern = #"^(remote\.origin\.url|merge\.shade\.driver|user\.name|user\.email|url\..*\.insteadof)$"#
        // Without shade's `-c user.…`: git's own identity is what is asked for.
        let result = try run(["config", "-z", "--get-regexp", pattern], asUser: false)
        // git says that nothing matched by exiting with 1.
        guard result.succeeded || (result.exitedWithOne && result.errors.isEmpty) else {
            throw .failed("could not read the repository's settings: \(result.reason)")
        }
        return Self.settings(fromConfig: result.output)
    }

    /// The settings in `git config -z --get-regexp`'s output (`KEY\nVALUE\0`, or `KEY\0` for a
    /// key without a value).
    static func settings(fromConfig output: String) -> Settings {
        var settings = Settings()
        var urls: [String] = []
        var rewrites: [(base: String, prefix: String)] = []
        for entry in output.split(separator: "\0") {
            let key: Substring
            let value: String?
            if let newline = entry.firstIndex(of: "\n") {
                key = entry[..<newline]
                value = String(entry[entry.index(after: newline)...])
            } else {
                key = entry
                value = nil
            }
            switch key {
            case "remote.origin.url": if let value { urls.append(value) }
            case "merge.shade.driver": settings.driver = value
            case "user.name": settings.userName = value
            case "user.email": settings.userEmail = value
            default:
                if key.hasPrefix("url."), key.hasSuffix(".insteadof"), let value {
                    rewrites.append((String(key.dropFirst(4).dropLast(10)), value))
                }
            }
        }
        settings.remote = urls.first.map { url in
            // The longest prefix that matches wins (the first of equal ones), as git chooses.
            var chosen: (base: String, prefix: String)?
            for rewrite in rewrites
            where url.hasPrefix(rewrite.prefix) && rewrite.prefix.count > (chosen?.prefix.count ?? -1) {
                chosen = rewrite
            }
            guard let chosen else { return url }
            return chosen.base + url.dropFirst(chosen.prefix.count)
        }
        return settings
    }

    /// The branch, the index and the work tree as `git status` reports them.
    struct Status: Equatable {
        /// The commit checked out; nil before the first.
        var head: String?
        /// The branch's upstream (`origin/main`), when it has one.
        var upstream: String?
        /// The paths whose staged version differs from `head`'s (what a commit would hold).
        var staged: [String] = []
        /// The paths whose work-tree version differs from the staged one (changed, removed, or
        /// new and not ignored).
        var changed: [String] = []
        /// Whether a merge left paths unmerged.
        var unmerged = false
    }

    /// The status, from one `git status --porcelain=v2` (every untracked file named, no
    /// renames: a renamed file is a removal and an addition).
    func status() throws(SyncError) -> Status {
        let output = try require(
            [
                "status", "--porcelain=v2", "-z", "--branch", "--no-ahead-behind", "--untracked-files=all",
                "--no-renames",
            ], doing: "list the changes")
        return Self.status(fromPorcelain: output)
    }

    /// The status in `git status --porcelain=v2 -z --branch`'s output.
    static func status(fromPorcelain output: String) -> Status {
        var status = Status()
        var fields = output.split(separator: "\0", omittingEmptySubsequences: false)[...]
        while let entry = fields.popFirst() {
            guard let kind = entry.first else { continue }
            // The number of fields before the path: `1 XY sub mH mI mW hH hI PATH`,
            // `2 … Xscore PATH\0ORIGINAL`, `u XY sub m1 m2 m3 mW h1 h2 h3 PATH`, `? PATH`.
            let before: Int
            switch kind {
            case "#":
                let words = entry.split(separator: " ")
                if words.count == 3, words[1] == "branch.oid" {
                    status.head = words[2] == "(initial)" ? nil : String(words[2])
                }
                if words.count == 3, words[1] == "branch.upstream" { status.upstream = String(words[2]) }
                continue
            case "1": before = 8
            case "2": before = 9
            case "u": before = 10
            case "?": before = 1
            default: continue
            }
            let parts = entry.split(separator: " ", maxSplits: before, omittingEmptySubsequences: false)
            if kind == "2" { _ = fields.popFirst() }
            guard parts.count == before + 1 else { continue }
            let path = String(parts[before])
            if kind == "?" {
                status.changed.append(path)
                continue
            }
            if kind == "u" { status.unmerged = true }
            let codes = Array(parts[1])
            // A path added with `git add -N` (`.A`) counts as staged: only a reset takes it back.
            if codes.count == 2, codes[0] != "." || codes[1] == "A" { status.staged.append(path) }
            if codes.count == 2, codes[1] != "." { status.changed.append(path) }
        }
        return status
    }

    /// The commit `HEAD` names now: read from git's files when it can be (right after a commit
    /// of this process), else asked.
    func currentCommit() throws(SyncError) -> String? {
        if let head = SharedPlannerWatch.headCommit(root),
            head.count == 40 || head.count == 64, head.allSatisfy(\.isHexDigit)
        {
            return head
        }
        return try commit("HEAD")
    }

    /// Each file as `commit` holds it (empty when it holds none), all from one process.
    func files(_ paths: [String], at commit: String) throws(SyncError) -> [[UInt8]] {
        try blobs(paths.map { commit + ":" + $0 }, missingIsEmpty: true)
    }
}
