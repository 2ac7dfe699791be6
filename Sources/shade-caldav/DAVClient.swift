import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The HTTP side of CalDAV (RFC 4791, RFC 4918): each operation one or a few requests, with
/// basic authentication, answered as JSON-ready dictionaries.
struct DAVClient {
    let user: String
    let password: String

    private static let caldav = "urn:ietf:params:xml:ns:caldav"

    /// Does one operation. An item outside the task list is refused alone (`status` 0 and an
    /// `error`); a server that cannot be reached or answers badly stops them all.
    func perform(_ operation: CalDAVOperation, collection: URL) throws -> [String: Any] {
        do { return try performing(operation, collection: collection) } catch let failure as CalDAVFailure {
            switch operation {
            case .put, .delete:
                guard failure.message == Self.outside else { throw failure }
                return ["status": 0, "error": failure.message]
            default: throw failure
            }
        }
    }

    private static let outside = "an item's address is outside the task list"

    private func performing(_ operation: CalDAVOperation, collection: URL) throws -> [String: Any] {
        switch operation {
        case .list: return try list(collection)
        case .find(let name): return try find(name, from: collection)
        case .put(let href, let body, let ifMatch):
            let target = try item(href, in: collection)
            var headers = ["Content-Type": "text/calendar; charset=utf-8"]
            if let ifMatch { headers["If-Match"] = ifMatch } else { headers["If-None-Match"] = "*" }
            let answer = try send("PUT", target, headers: headers, body: Data(body.utf8))
            guard [200, 201, 204, 412].contains(answer.status) else { throw refusal(answer, "PUT", target) }
            return ["status": answer.status, "etag": answer.etag ?? NSNull(), "href": Self.encodedPath(target)]
        case .delete(let href, let ifMatch):
            let target = try item(href, in: collection)
            let answer = try send("DELETE", target, headers: ["If-Match": ifMatch], body: nil)
            guard [200, 204, 404, 412].contains(answer.status) else { throw refusal(answer, "DELETE", target) }
            return ["status": answer.status]
        }
    }

    /// Every VTODO of the collection: a calendar-query REPORT.
    private func list(_ collection: URL) throws -> [String: Any] {
        let query = """
            <?xml version="1.0" encoding="utf-8"?>
            <c:calendar-query xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav">
              <d:prop><d:getetag/><c:calendar-data/></d:prop>
              <c:filter><c:comp-filter name="VCALENDAR"><c:comp-filter name="VTODO"/></c:comp-filter></c:filter>
            </c:calendar-query>
            """
        let answer = try send(
            "REPORT", collection, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"],
            body: Data(query.utf8))
        guard answer.status == 207 else { throw refusal(answer, "REPORT", collection) }
        let tree = try XMLElement.parse(answer.body)
        var items: [[String: Any]] = []
        for response in tree.children("response") {
            guard let href = response.child("href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let target = try? item(href, in: collection)
            else { continue }
            for propstat in response.children("propstat") {
                guard let prop = propstat.child("prop"), let data = prop.child("calendar-data", in: Self.caldav),
                    let etag = prop.child("getetag")?.text.trimmingCharacters(in: .whitespacesAndNewlines)
                else { continue }
                guard data.text.utf8.count <= CalDAVLimits.itemBytes else { continue }
                items.append(["href": Self.encodedPath(target), "etag": etag, "data": data.text])
            }
            guard items.count <= CalDAVLimits.items else { throw CalDAVFailure("the task list holds too many items") }
        }
        return ["status": 207, "items": items]
    }

    /// The collection named `name` (its display name, else the last part of its path) among the
    /// calendars of the user the server says is signed in.
    private func find(_ name: String, from server: URL) throws -> [String: Any] {
        let principal = try property("current-user-principal", of: server)
        let home = try property("calendar-home-set", in: Self.caldav, of: principal)
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:"><d:prop><d:displayname/><d:resourcetype/></d:prop></d:propfind>
            """
        let answer = try send(
            "PROPFIND", home, headers: ["Depth": "1", "Content-Type": "application/xml; charset=utf-8"],
            body: Data(body.utf8))
        guard answer.status == 207 else { throw refusal(answer, "PROPFIND", home) }
        for response in try XMLElement.parse(answer.body).children("response") {
            guard let href = response.child("href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
                let url = URL(string: href, relativeTo: home)?.absoluteURL, Self.sameOrigin(url, home),
                !response.descendants("calendar", in: Self.caldav).isEmpty
            else { continue }
            let shown = response.descendants("displayname").first?.text.trimmingCharacters(in: .whitespacesAndNewlines)
            if shown == name || url.lastPathComponent == name { return ["status": 207, "url": url.absoluteString] }
        }
        throw CalDAVFailure("the server has no task list named \(name) for this user")
    }

    /// The URL a DAV property holds (an `href` inside it), asked with PROPFIND depth 0.
    private func property(_ name: String, in namespace: String = "DAV:", of url: URL) throws -> URL {
        let prefix = namespace == "DAV:" ? "d" : "c"
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <d:propfind xmlns:d="DAV:" xmlns:c="urn:ietf:params:xml:ns:caldav"><d:prop><\(prefix):\(name)/></d:prop></d:propfind>
            """
        let answer = try send(
            "PROPFIND", url, headers: ["Depth": "0", "Content-Type": "application/xml; charset=utf-8"],
            body: Data(body.utf8))
        guard answer.status == 207 else { throw refusal(answer, "PROPFIND", url) }
        let tree = try XMLElement.parse(answer.body)
        guard let holder = tree.descendants(name, in: namespace).first,
            let href = holder.child("href")?.text.trimmingCharacters(in: .whitespacesAndNewlines),
            let found = URL(string: href, relativeTo: url)?.absoluteURL, Self.sameOrigin(found, url)
        else { throw CalDAVFailure("the server did not say where the user's calendars are (\(name))") }
        return found
    }

    /// An item's URL from its href: only one inside the collection, on the same server, with no
    /// query or fragment.
    private func item(_ href: String, in collection: URL) throws -> URL {
        guard href.utf8.count <= 1024, let url = URL(string: href, relativeTo: collection)?.absoluteURL,
            Self.sameOrigin(url, collection), url.query == nil, url.fragment == nil
        else { throw CalDAVFailure(Self.outside) }
        let (path, base) = (Self.encodedPath(url), Self.encodedPath(collection))
        guard path.hasPrefix(base.hasSuffix("/") ? base : base + "/"), path != base,
            !path.split(separator: "/").contains(".."), !url.path.split(separator: "/").contains("..")
        else { throw CalDAVFailure(Self.outside) }
        return url
    }

    /// Whether two URLs are on the same scheme, host and port.
    static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        one.scheme?.lowercased() == other.scheme?.lowercased() && one.host?.lowercased() == other.host?.lowercased()
            && one.port == other.port
    }

    /// A URL's path as it is written (percent-encoded): what the server named, byte for byte.
    static func encodedPath(_ url: URL) -> String {
        URLComponents(url: url, resolvingAgainstBaseURL: true)?.percentEncodedPath ?? url.path
    }

    /// The session every request goes through: no cache, no cookies, and a 401 is an answer (no
    /// prompt, no second try with other credentials).
    private static let session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: RefuseChallenges(), delegateQueue: nil)
    }()

    /// What a server answered.
    struct Answer {
        let status: Int
        let etag: String?
        let body: Data
    }

    /// Sends one request and waits for the answer (at most `CalDAVLimits.timeout` seconds).
    private func send(_ method: String, _ url: URL, headers: [String: String], body: Data?) throws -> Answer {
        var request = URLRequest(url: url, timeoutInterval: CalDAVLimits.timeout)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        if !user.isEmpty || !password.isEmpty {
            let token = Data("\(user):\(password)".utf8).base64EncodedString()
            request.setValue("Basic \(token)", forHTTPHeaderField: "Authorization")
        }
        request.httpBody = body
        let box = AnswerBox()
        let done = DispatchSemaphore(value: 0)
        let task = Self.session.dataTask(with: request) { data, response, error in
            box.set(data: data, response: response as? HTTPURLResponse, error: error)
            done.signal()
        }
        task.resume()
        if done.wait(timeout: .now() + CalDAVLimits.timeout + 5) == .timedOut {
            task.cancel()
            throw CalDAVFailure(
                "\(url.host ?? "the server") did not answer within \(Int(CalDAVLimits.timeout)) seconds")
        }
        let (data, response, error) = box.get()
        if (error as? URLError)?.code == .cancelled || (error as? URLError)?.code == .userAuthenticationRequired {
            throw CalDAVFailure("\(url.host ?? "the server") refused the user and password (401)")
        }
        guard let response else {
            let reason = (error as? URLError).map { "\($0.code.rawValue)" } ?? "no answer"
            throw CalDAVFailure(
                "could not reach \(url.host ?? "the server") (\(error?.localizedDescription ?? reason))")
        }
        guard (data?.count ?? 0) <= CalDAVLimits.responseBytes else {
            throw CalDAVFailure("the server's answer is too large")
        }
        return Answer(
            status: response.statusCode, etag: response.value(forHTTPHeaderField: "ETag"), body: data ?? Data())
    }

    /// The failure a status a request should not get makes.
    private func refusal(_ answer: Answer, _ method: String, _ url: URL) -> CalDAVFailure {
        switch answer.status {
        case 401: return CalDAVFailure("\(url.host ?? "the server") refused the user and password (401)")
        case 403: return CalDAVFailure("\(url.host ?? "the server") does not let this user do that (403 to \(method))")
        case 404: return CalDAVFailure("\(url.host ?? "the server") has no task list at \(url.path) (404)")
        case 301, 302, 303, 307, 308:
            return CalDAVFailure(
                "\(url.host ?? "the server") sent shade elsewhere (\(answer.status)); shade follows no redirect: give the task list's own URL"
            )
        default: return CalDAVFailure("\(url.host ?? "the server") answered \(answer.status) to \(method) \(url.path)")
        }
    }
}

/// What the session's callback hands over, kept until the waiting side reads it.
private final class AnswerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var value: (Data?, HTTPURLResponse?, (any Error)?) = (nil, nil, nil)

    func set(data: Data?, response: HTTPURLResponse?, error: (any Error)?) {
        lock.lock()
        value = (data, response, error)
        lock.unlock()
    }

    func get() -> (Data?, HTTPURLResponse?, (any Error)?) {
        lock.lock()
        defer { lock.unlock() }
        return value
    }
}

/// Answers every authentication challenge by giving up: the credentials shade sends with the
/// request are the only ones, and a server that asks again refused them.
private final class RefuseChallenges: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    /// No redirect is followed: the credentials would go along, to wherever the server says.
    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, didReceive challenge: URLAuthenticationChallenge,
        completionHandler: @escaping @Sendable (URLSession.AuthChallengeDisposition, URLCredential?) -> Void
    ) {
        completionHandler(.cancelAuthenticationChallenge, nil)
    }
}
