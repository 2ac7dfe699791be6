/// A remote's URL as shade shows it: with any password or token in it replaced by `***`
/// (SPEC §14). `https://ana:s3cret@host/p.git` → `https://ana:***@host/p.git`;
/// `https://TOKEN@host/p.git` → `https://***@host/p.git`; `…?access_token=T` → `…?access_token=***`.
/// A user name before `@` in an ssh address (`git@host:p.git`, `ssh://git@host/p`) is kept.
public enum RemoteAddress {
    /// The URL with its secrets hidden.
    public static func redacted(_ url: String) -> String {
        var text = url
        for secret in secrets(in: url) {
            text = text.replacing(secret, with: "***")
        }
        return text
    }

    /// `text` (a message of git's, which may quote the URL or a part of it) with every secret
    /// of `url` in it hidden.
    public static func redacting(_ text: String, secretsOf url: String?) -> String {
        guard let url else { return text }
        var result = text.replacing(url, with: redacted(url))
        // A secret quoted apart from the URL; a very short one only inside the URL (hiding every
        // "a" of a message would hide the message).
        for secret in secrets(in: url) where secret.count >= 4 {
            result = result.replacing(secret, with: "***")
        }
        return result
    }

    /// The parts of a URL that are secret: the password of its user info (or the whole user
    /// info of an http(s) URL without one: a token), and the values of query parameters whose
    /// name says they are secret.
    static func secrets(in url: String) -> [String] {
        var found: [String] = []
        if let scheme = url.firstRange(of: "://") {
            let rest = url[scheme.upperBound...]
            let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
            if let at = authority.lastIndex(of: "@") {
                let userInfo = authority[..<at]
                if let colon = userInfo.firstIndex(of: ":") {
                    found.append(String(userInfo[userInfo.index(after: colon)...]))
                } else if url[..<scheme.lowerBound].lowercased().split(separator: "::").last?.hasPrefix("http") == true
                {
                    found.append(String(userInfo))
                }
            }
        }
        if let query = url.firstIndex(of: "?") {
            let names = ["token", "password", "passwd", "secret", "key", "auth", "signature"]
            for pair in url[url.index(after: query)...].split(whereSeparator: { $0 == "&" || $0 == "#" }) {
                guard let equals = pair.firstIndex(of: "=") else { continue }
                let name = pair[..<equals].lowercased()
                if names.contains(where: { name.contains($0) }) {
                    found.append(String(pair[pair.index(after: equals)...]))
                }
            }
        }
        // The longest first, so that a secret holding another is hidden whole.
        return found.filter { !$0.isEmpty }.sorted { $0.count > $1.count }
    }
}
