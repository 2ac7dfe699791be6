import ShadeCore
import ShadeHost
import ShadeJSON
import ShadePlatform
import ShadeStore

/// The CalDAV side of a sync, as shade reaches it: `shade-caldav`, the program beside this one,
/// run as a child process with one request on its standard input (the task list's URL, the user,
/// what to do) and the password in its environment. Its answer is read as JSON like any arrival:
/// strictly, and bounded.
struct CalDAVClient {
    /// The task list's collection URL (or, for `find`, the server's).
    let url: String
    let user: String?
    let password: String
    /// The store: the request is written there (0600) while the helper reads it.
    let directory: String

    /// How long the helper may take for one run (its own requests time out after 30 seconds).
    static let timeLimit = 600

    /// One item of the task list.
    struct Item {
        let href: String
        let etag: String
        let data: String
    }

    /// Runs the operations (`{"op": "list"}`, …) in one run of the helper; each one's result.
    func run(_ operations: [JSONValue]) throws(SyncError) -> [JSONObject] {
        guard let program = CalDAVClient.helper else {
            throw .failed("CalDAV needs shade-caldav beside shade, and it is not there (swift build makes it)")
        }
        var request = JSONObject()
        request.appendUnique("url", .string(url))
        request.appendUnique("user", .string(user ?? ""))
        request.appendUnique("operations", .array(operations))
        let file = directory + "/.caldav-request-\(getpid())"
        do {
            try TextFile.makePrivateDirectory(directory)
            let bytes = try JSONWriter.bytes(.object(request), layout: .compact)
            try TextFile.writeAtomically(file, String(decoding: bytes, as: UTF8.self))
        } catch { throw .failed("could not write the CalDAV request in \(directory)") }
        defer { unlink(file) }
        var environment = ["SHADE_CALDAV_PASSWORD": password, "PATH": "/usr/bin:/bin"]
        for name in ["HOME", "TMPDIR", "http_proxy", "https_proxy", "no_proxy", "SSL_CERT_FILE", "SSL_CERT_DIR"] {
            if let value = getenv(name) { environment[name] = String(cString: value) }
        }
        let printed = ProcessLauncher.collect(
            [program], environment: environment, limit: Self.timeLimit, input: file)
        guard printed.outcome.succeeded else {
            let said =
                String(decoding: printed.errors.prefix(500), as: UTF8.self)
                .split(separator: "\n").first.map(String.init) ?? printed.outcome.description
            throw .failed("the task list at \(RemoteAddress.redacted(url)): \(hideSecrets(said))")
        }
        guard printed.output.count <= 512 * 1024 * 1024,
            let answer = try? JSONParser.parse(printed.output),
            let results = answer.objectValue?["results"]?.arrayValue,
            results.count == operations.count
        else {
            throw .failed(
                "the task list at \(RemoteAddress.redacted(url)): shade-caldav answered what shade cannot read")
        }
        return results.map { $0.objectValue ?? JSONObject() }
    }

    /// The items a `list` result holds (those without an href, an ETag or text left out).
    static func items(of result: JSONObject) -> [Item] {
        (result["items"]?.arrayValue ?? []).compactMap { value in
            guard let object = value.objectValue, let href = object["href"]?.stringValue,
                let etag = object["etag"]?.stringValue, let data = object["data"]?.stringValue
            else { return nil }
            return Item(href: href, etag: etag, data: data)
        }
    }

    /// The message with the password hidden, should a server have quoted it.
    private func hideSecrets(_ text: String) -> String {
        let redacted = RemoteAddress.redacting(text, secretsOf: url)
        return password.count >= 4 ? redacted.replacing(password, with: "***") : redacted
    }

    /// `shade-caldav` beside the running program.
    static var helper: String? {
        guard let current = ExecutablePath.current, let slash = current.lastIndex(of: "/") else { return nil }
        let path = String(current[..<slash]) + "/shade-caldav"
        return access(path, X_OK) == 0 ? path : nil
    }
}

/// Where the CalDAV password comes from: `SHADE_CALDAV_PASSWORD`, else a file the user names
/// in the settings (`caldav.password_file`), which must be theirs and readable by no one else.
/// shade never writes it anywhere and never prints it.
public enum CalDAVPassword {
    public static func read(environment: [String: String], file: String?) throws(SyncError) -> String {
        if let password = environment["SHADE_CALDAV_PASSWORD"] { return password }
        guard let file else {
            throw .failed(
                "CalDAV needs a password: set SHADE_CALDAV_PASSWORD, or name a file holding it (mode 0600) as caldav.password_file in config.json"
            )
        }
        var info = stat()
        guard stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw .failed("the password file \(file) is not there (caldav.password_file)")
        }
        guard info.st_mode & 0o077 == 0, info.st_uid == getuid() else {
            throw .failed("the password file \(file) must be yours and readable by no one else (chmod 600 \(file))")
        }
        let bytes: [UInt8]?
        do { bytes = try TextFile.read(file) } catch { throw .failed("could not read the password file \(file)") }
        guard let bytes, bytes.count <= 4096 else { throw .failed("the password file \(file) is not a password") }
        return String(decoding: bytes, as: UTF8.self).trimmingTrailingNewlines
    }
}
