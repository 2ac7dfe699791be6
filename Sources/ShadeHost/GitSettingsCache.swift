import ShadeJSON
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
/// asked every time. The cache is `$XDG_STATE_HOME/shade/git-settings.json`, written without
/// a flush (a lost or torn one is asked again). It keeps the values of several places at once
/// (one entry for each fingerprint, the newest first), so that commands that alternate between
/// planners — each in a directory of its own, so each with a fingerprint of its own — do not
/// each start git because the other planner's command replaced the one entry.
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
        var entries = read()
        var values = JSONObject()
        if let index = entries.firstIndex(where: { $0.fingerprint == fingerprint }) {
            if let known = entries[index].values[key] { return known.stringValue }
            values = entries.remove(at: index).values
        }
        let (value, keep) = ask(key)
        guard keep else { return value }
        values[key] = value.map(JSONValue.string) ?? .null
        entries.insert((fingerprint, values), at: 0)
        let kept = entries.prefix(Self.capacity).map { entry -> JSONValue in
            ["fingerprint": .string(entry.fingerprint), "values": .object(entry.values)]
        }
        if let bytes = try? JSONWriter.bytes(["entries": .array(kept)], layout: .compact) {
            TextFile.replaceCache(path, bytes)
        }
        return value
    }

    /// The entries kept, the newest first; none when the file is missing or not one this writes.
    private func read() -> [(fingerprint: String, values: JSONObject)] {
        guard let bytes = try? TextFile.read(path), let value = try? JSONParser.parse(bytes),
            let entries = value.objectValue?["entries"]?.arrayValue
        else { return [] }
        return entries.compactMap { entry in
            guard let fingerprint = entry.objectValue?["fingerprint"]?.stringValue,
                let values = entry.objectValue?["values"]?.objectValue
            else { return nil }
            return (fingerprint, values)
        }
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
