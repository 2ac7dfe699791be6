import ShadeCore
import ShadeHost

/// A remote written `gcrypt::URL` (SPEC §15): git-remote-gcrypt keeps only ciphertext there,
/// readable by the members' GnuPG keys. shade writes which keys (`--key`) into the repository's
/// own settings; gcrypt and GnuPG do the rest. No cryptography of shade's own.
enum EncryptedRemote {
    /// Whether a remote's URL goes through git-remote-gcrypt.
    static func isEncrypted(_ url: String) -> Bool { url.hasPrefix("gcrypt::") }

    /// Resolves the keys given for an encrypted remote to their full fingerprints: each a
    /// fingerprint or long key id (16 or 40 hex digits, `0x` allowed) or an email address, known
    /// to GnuPG here (the members' public keys are imported first) as exactly one key that can
    /// encrypt. An address matches a key whose user id holds exactly `<address>`: GnuPG's own
    /// search matches parts of addresses, and gcrypt would take the first of several. A short
    /// key id (8 digits) is refused: one is easily forged.
    static func fingerprints(of keys: [String], environment: [String: String]) throws(SyncError) -> [String] {
        for key in keys {
            guard isKeyName(key) else {
                throw .failed(
                    "'\(key)' is not a GnuPG key: give its fingerprint or long key id (16 or 40 hex digits) or its email address"
                )
            }
        }
        var result: [String] = []
        for key in keys {
            let listed = ProcessLauncher.collect(
                ["gpg", "--batch", "--with-colons", "--list-keys", "--", key], environment: environment)
            switch listed.outcome {
            case .notStarted:
                throw .failed(
                    "an encrypted remote needs GnuPG, which is not installed (on Debian: apt-get install gnupg)")
            case .exited(0):
                break
            default:
                throw .failed("GnuPG has no key '\(key)' here: import every member's public key first (gpg --import)")
            }
            let matches = Self.keys(in: String(decoding: listed.output, as: UTF8.self), matching: key)
            guard matches.count == 1, let match = matches.first else {
                throw .failed(
                    matches.isEmpty
                        ? "GnuPG has no key '\(key)' here: import every member's public key first (gpg --import)"
                        : "'\(key)' matches \(matches.count) keys here: give the fingerprint of the one to use")
            }
            guard match.canEncrypt else {
                throw .failed("the key '\(key)' cannot encrypt (it has no encryption subkey)")
            }
            if !result.contains(match.fingerprint) { result.append(match.fingerprint) }
        }
        return result
    }

    /// The keys `gpg --with-colons --list-keys` lists that `key` names: by fingerprint or key id
    /// (the end of the fingerprint), or by a user id holding exactly `<key>` for an address.
    static func keys(in listing: String, matching key: String) -> [(fingerprint: String, canEncrypt: Bool)] {
        var found: [(fingerprint: String, canEncrypt: Bool, uids: [String])] = []
        var awaitingFingerprint = false
        for line in listing.split(separator: "\n") {
            let fields = line.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
            switch fields.first {
            case "pub":
                let capabilities = fields.count > 11 ? fields[11] : ""
                found.append(("", capabilities.contains("E"), []))
                awaitingFingerprint = true
            case "fpr" where awaitingFingerprint && fields.count > 9:
                found[found.count - 1].fingerprint = fields[9].uppercased()
                awaitingFingerprint = false
            case "uid" where !found.isEmpty && fields.count > 9:
                found[found.count - 1].uids.append(fields[9].lowercased())
            case "sub":
                awaitingFingerprint = false
            default:
                continue
            }
        }
        let hex = (key.hasPrefix("0x") || key.hasPrefix("0X") ? String(key.dropFirst(2)) : key).uppercased()
        let isAddress = key.contains("@")
        return found.filter { candidate in
            isAddress
                ? candidate.uids.contains { $0.contains("<\(key.lowercased())>") }
                : !candidate.fingerprint.isEmpty && candidate.fingerprint.hasSuffix(hex)
        }.map { ($0.fingerprint, $0.canEncrypt) }
    }

    /// Whether `key` is a fingerprint, a key id or an email address, with nothing else in it.
    static func isKeyName(_ key: String) -> Bool {
        let hex = key.hasPrefix("0x") || key.hasPrefix("0X") ? key.dropFirst(2) : Substring(key)
        if hex.count == 16 || hex.count == 40, hex.allSatisfy(\.isHexDigit) { return true }
        let parts = key.split(separator: "@", omittingEmptySubsequences: false)
        let allowed = { (character: Character) in
            character.isASCII && (character.isLetter || character.isNumber || "._+-".contains(character))
        }
        return key.count <= 254 && parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
            && parts.allSatisfy { $0.allSatisfy(allowed) } && !key.hasPrefix("-")
    }

    /// Writes the keys into the repository's settings for the remote `origin`: gcrypt encrypts
    /// to each and accepts manifests signed by each. The recipients are named in the remote
    /// (`publish-participants`): with keys of elliptic curves, GnuPG cannot tell its own hidden
    /// recipient from another's without an error, and gcrypt then refuses the manifest.
    static func configure(_ git: GitRepository, keys: [String]) throws(SyncError) {
        try git.require(
            ["config", "remote.origin.gcrypt-participants", keys.joined(separator: " ")],
            doing: "set the keys of the encrypted remote")
        try git.require(
            ["config", "--bool", "remote.origin.gcrypt-publish-participants", "true"],
            doing: "set the keys of the encrypted remote")
    }

    /// The keys the repository's settings name for the remote `origin` (none when none).
    static func keys(_ git: GitRepository) throws(SyncError) -> [String] {
        let result = try git.run(["config", "--get", "remote.origin.gcrypt-participants"])
        return result.succeeded ? result.output.split(whereSeparator: \.isWhitespace).map(String.init) : []
    }
}
