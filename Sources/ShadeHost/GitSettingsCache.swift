import ShadePlatform
import ShadeStore

/// git's `user.name` and `user.email`, kept between runs so that a change does not start git
/// each time (a `git config --get` costs about as much as the rest of an `add`).
///
/// A value kept is used only while everything git would read for it is as it was: the
/// directory git starts in, the environment's `GIT_*` variables, `HOME`, `XDG_CONFIG_HOME` and
/// `PATH`, and the content of every configuration file git reads there — the system's
/// (`/etc/gitconfig` or `GIT_CONFIG_SYSTEM`), the user's (`~/.gitconfig` and
/// `$XDG_CONFIG_HOME/git/config`, or `GIT_CONFIG_GLOBAL`), and the repository's found from that
/// directory up (`config` and `config.worktree`). When a file includes another (`[include]`,
/// `[includeIf]`), or the repository is found through a `.git` file, nothing is kept: git is
/// asked every time. The cache is `$XDG_STATE_HOME/shade/git-settings`, written without a flush
/// (a lost or torn one is asked again). It keeps the values of several places at once (one entry
/// for each fingerprint, the newest first), so that commands that alternate between planners —
/// each in a directory of its own, so each with a fingerprint of its own — do not each start git
/// because the other planner's command replaced the one entry.
///
/// Each line is one value: the fingerprint, the key and the value, a tab between them (no value,
/// no tab: the setting is unset), as git prints a value on one line. A line is found by its
/// fingerprint without parsing the rest, where a JSON file of all the entries cost each change
/// 0.33M instructions to parse (callgrind, a one-shot `add`).
struct GitSettingsCache: Sendable {
    /// How many fingerprints it keeps; an entry written longer ago than that many others is dropped.
    static let capacity = 16

    let path: String
    /// Where git starts, absolute: git walks up from it, parents of the working directory included.
    let directory: String
    let environment: [String: String]

    /// The value of `key`: the kept one while it is current, else `ask(key)`'s, then kept when
    /// `ask` says it may be (git ran and answered).
    func value(_ key: String, ask: (String) -> (value: String?, keep: Bool)) -> String? {
        guard let fingerprint = fingerprint() else { return ask(key).value }
        let bytes = (try? TextFile.read(path)) ?? []
        let lines = bytes.split(separator: Self.newline)
        if let known = Self.value(of: key, under: fingerprint, in: lines) { return known }
        let (value, keep) = ask(key)
        guard keep else { return value }
        // This fingerprint's lines first (the new value first of them), then the others', up to
        // `capacity` fingerprints in all.
        var kept: [[UInt8]] = [Self.line(fingerprint, key, value)]
        var others: [ArraySlice<UInt8>] = []
        var fingerprints: [ArraySlice<UInt8>] = []
        for line in lines {
            guard let (owner, rest) = Self.field(of: line) else { continue }
            if owner.elementsEqual(fingerprint.utf8) {
                // This fingerprint's other keys stay; the one asked is written anew above.
                if !Self.key(of: rest).elementsEqual(key.utf8) { kept.append(Array(line)) }
                continue
            }
            if !fingerprints.contains(where: { $0.elementsEqual(owner) }) {
                guard fingerprints.count < Self.capacity - 1 else { continue }
                fingerprints.append(owner)
            }
            others.append(line)
        }
        var written: [UInt8] = []
        for line in kept { written += line + [Self.newline] }
        for line in others { written += line + [Self.newline] }
        TextFile.replaceCache(path, written)
        return value
    }

    private static let newline = UInt8(ascii: "\n")
    private static let tab = UInt8(ascii: "\t")

    /// The value a line of `lines` keeps for `key` under `fingerprint` (its inner nil: unset), or
    /// nil when none does.
    private static func value(of key: String, under fingerprint: String, in lines: [ArraySlice<UInt8>])
        -> String??
    {
        for line in lines {
            guard let (owner, rest) = field(of: line), owner.elementsEqual(fingerprint.utf8),
                Self.key(of: rest).elementsEqual(key.utf8)
            else { continue }
            return .some(field(of: rest).map { String(decoding: $0.1, as: UTF8.self) })
        }
        return nil
    }

    /// The key of a line's key and value (the line after its fingerprint).
    private static func key(of rest: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        field(of: rest)?.0 ?? rest
    }

    /// The text before a line's first tab, and what follows it; nil when it has none.
    private static func field(of line: ArraySlice<UInt8>) -> (ArraySlice<UInt8>, ArraySlice<UInt8>)? {
        guard let tab = line.firstIndex(of: tab) else { return nil }
        return (line[..<tab], line[(tab + 1)...])
    }

    /// A line of the cache: `fingerprint`, `key` and `value` (none: unset), a tab between them.
    private static func line(_ fingerprint: String, _ key: String, _ value: String?) -> [UInt8] {
        Array(fingerprint.utf8) + [tab] + Array(key.utf8) + (value.map { [tab] + Array($0.utf8) } ?? [])
    }

    /// What git would read, hashed; nil when it cannot be told from files alone.
    func fingerprint() -> String? {
        var hash = FNV1a()
        hash.addPiece("directory=\(directory)")
        for name in environment.keys.sorted()
        where name.hasPrefix("GIT_") || ["HOME", "XDG_CONFIG_HOME", "PATH"].contains(name) {
            hash.addPiece("\(name)=\(environment[name] ?? "")")
        }
        var files: [String] = []
        if environment["GIT_CONFIG_NOSYSTEM"] == nil {
            files.append(environment["GIT_CONFIG_SYSTEM"] ?? "/etc/gitconfig")
        }
        if let global = environment["GIT_CONFIG_GLOBAL"] {
            files.append(global)
        } else if let home = environment["HOME"] {
            files.append((environment["XDG_CONFIG_HOME"] ?? home + "/.config") + "/git/config")
            files.append(home + "/.gitconfig")
        }
        guard let repository = repositoryDirectory() else { return nil }
        if let repository { files += [repository + "/config", repository + "/config.worktree"] }
        for file in files {
            guard let bytes = try? TextFile.read(file) else {
                hash.addPiece("\(file): none")
                continue
            }
            if GitSettingsCache.includesAnother(bytes) { return nil }
            hash.addPiece("\(file): \(bytes.count)")
            hash.addPiece(bytes)
        }
        return hash.hex
    }

    /// The repository git finds from the directory up: `.git` of the nearest folder that has
    /// one (nil inside: none); the outer nil when it cannot be told (a `.git` file, `GIT_DIR`).
    private func repositoryDirectory() -> String?? {
        if environment["GIT_DIR"] != nil { return nil }
        var folder = directory
        while true {
            var info = stat()
            if lstat(folder + "/.git", &info) == 0 {
                return (info.st_mode & S_IFMT) == S_IFDIR ? .some(folder + "/.git") : nil
            }
            guard let slash = folder.lastIndex(of: "/"), folder != "/" else { return .some(nil) }
            folder = slash == folder.startIndex ? "/" : String(folder[..<slash])
        }
    }

    /// Whether a configuration file names another (`[include]` or `[includeIf …]`).
    static func includesAnother(_ bytes: [UInt8]) -> Bool {
        // The word in any letter case, found in the bytes (ASCII letters fold with one bit).
        let word = Array("include".utf8)
        guard bytes.count >= word.count else { return false }
        return (0...(bytes.count - word.count)).contains { start in
            word.indices.allSatisfy { bytes[start + $0] | 0x20 == word[$0] }
        }
    }
}
