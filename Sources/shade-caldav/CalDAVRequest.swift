import Foundation

/// Why a request could not be done: one line, no secret in it.
struct CalDAVFailure: Error {
    let message: String

    init(_ message: String) { self.message = message }
}

/// How much the helper reads at most: a server's answer, an item of it, the items of a list.
enum CalDAVLimits {
    static let requestBytes = 256 * 1024 * 1024
    static let responseBytes = 256 * 1024 * 1024
    static let itemBytes = 1024 * 1024
    static let items = 200_000
    /// Seconds a request may take.
    static let timeout: TimeInterval = 30
}

/// One thing to do on the server.
enum CalDAVOperation {
    /// The task list's VTODOs: href, ETag and iCalendar text of each.
    case list
    /// The task list named `calendar` among the user's calendars (its URL), from the server's URL.
    case find(calendar: String)
    /// Writes an item: only when its ETag is still `ifMatch`, or only when there is none (`ifMatch`
    /// nil).
    case put(href: String, body: String, ifMatch: String?)
    /// Removes an item when its ETag is still `ifMatch`.
    case delete(href: String, ifMatch: String)
}

/// What shade asks: `{"url", "user", "operations": [{"op": "list"} | {"op": "find", "calendar"}
/// | {"op": "put", "href", "body", "if_match"} | {"op": "delete", "href", "if_match"}]}`.
struct CalDAVRequest {
    let url: URL
    let user: String
    let operations: [CalDAVOperation]

    init(json: Data) throws {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let text = object["url"] as? String, let url = URL(string: text),
            ["http", "https"].contains(url.scheme?.lowercased() ?? ""), url.host != nil,
            let list = object["operations"] as? [[String: Any]]
        else { throw CalDAVFailure("the request is not one shade makes") }
        self.url = url
        user = object["user"] as? String ?? ""
        operations = try list.map { item in
            switch item["op"] as? String {
            case "list": return .list
            case "find":
                guard let name = item["calendar"] as? String else { throw CalDAVFailure("find needs a calendar") }
                return .find(calendar: name)
            case "put":
                guard let href = item["href"] as? String, let body = item["body"] as? String else {
                    throw CalDAVFailure("put needs an href and a body")
                }
                return .put(href: href, body: body, ifMatch: item["if_match"] as? String)
            case "delete":
                guard let href = item["href"] as? String, let etag = item["if_match"] as? String else {
                    throw CalDAVFailure("delete needs an href and an ETag")
                }
                return .delete(href: href, ifMatch: etag)
            default:
                throw CalDAVFailure("unknown operation")
            }
        }
    }
}
