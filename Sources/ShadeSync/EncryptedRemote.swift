import ShadeCore
import ShadeHost

/// A remote written `gcrypt::URL` (SPEC §15): git-remote-gcrypt keeps only ciphertext there,
/// readable by the members' GnuPG keys. shade writes which keys (`--key`) into the repository's
/// own settings; gcrypt and GnuPG do the rest. No cryptography of shade's own.
enum EncryptedRemote {
    /// Whether a remote's URL goes through git-remote-gcrypt.
    static func isEncrypted(_ url: String) -> Bool { url.hasPrefix("gcrypt::") }

    /// Checks the keys given for an encrypted remote: each a key id or fingerprint (hex, 8 to 40
    /// digits, `0x` allowed) or an email address, and known to GnuPG here (the members' public
    /// keys are imported first). gcrypt splits its setting into words, so a key is one word with
    /// no character a shell would expand.
    static func check(_ keys: [String], environment: [String: String]) throws(SyncError) {
        for key in keys {
            guard isKeyName(key) else {
                throw .failed(
                    "'\(key)' is not a GnuPG key: give its fingerprint or key id (hex digits) or its email address")
            }
        }
        for key in keys {
            let listed = ProcessLauncher.collect(
                ["gpg", "--batch", "--with-colons", "--list-keys", "--", key], environment: environment)
            switch listed.outcome {
            case .notStarted:
                throw .failed(
                    "an encrypted remote needs GnuPG, which is not installed (on Debian: apt-get install gnupg)")
            case .exited(0):
                continue
            default:
                throw .failed("GnuPG has no key '\(key)' here: import every member's public key first (gpg --import)")
            }
        }
    }

    /// Whether `key` is a fingerprint, a key id or an email address, with nothing else in it.
    static func isKeyName(_ key: String) -> Bool {
        let hex = key.hasPrefix("0x") || key.hasPrefix("0X") ? key.dropFirst(2) : Substring(key)
        if (8...40).contains(hex.count), hex.allSatisfy(\.isHexDigit) { return true }
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
