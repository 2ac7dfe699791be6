import ShadeCore
import ShadeJSON
import ShadeStore

/// Linking the planner to a task list (`caldav init`) and unlinking it (`caldav off`).
extension CalDAVSync {
    /// Refuses what is no task list's URL: not http(s), with a query or fragment, or with a
    /// user or password in it (the password never goes into the link).
    public static func checkURL(_ url: String) throws(SyncError) {
        guard let scheme = url.firstRange(of: "://"),
            ["http", "https"].contains(url[..<scheme.lowerBound].lowercased()), url.count <= 2048
        else { throw .failed("'\(url)' is not the URL of a task list (http:// or https://)") }
        guard !url.contains("?"), !url.contains("#") else {
            throw .failed("give the task list's URL with no query (?) or fragment (#)")
        }
        let authority = url[scheme.upperBound...].prefix { $0 != "/" }
        guard !authority.isEmpty, !authority.contains("@") else {
            throw .failed(
                "give the user with --user and the password in SHADE_CALDAV_PASSWORD (or caldav.password_file), not in the URL"
            )
        }
    }

    /// Links the store at `directory` to the task list at `url` (its collection URL, or the
    /// server's with `calendar`, the list's name), checking that it answers with the password
    /// given; returns the link and how many items the list holds. A link made before is replaced.
    public static func link(
        url: String, calendar: String?, user: String?, password: String, store directory: String
    ) throws -> (state: CalDAVState, items: Int) {
        try checkURL(url)
        var collection = url
        if let calendar {
            let client = CalDAVClient(url: url, user: user, password: password, directory: directory)
            guard let found = try client.run([["op": "find", "calendar": .string(calendar)]])[0]["url"]?.stringValue
            else { throw SyncError.failed("the server did not say where the task list \(calendar) is") }
            collection = found
        }
        if !collection.hasSuffix("/") { collection += "/" }
        let client = CalDAVClient(url: collection, user: user, password: password, directory: directory)
        let items = CalDAVClient.items(of: try client.run([["op": "list"]])[0]).count
        var state = CalDAVState(url: collection, calendar: calendar, user: user)
        if let old = try CalDAVState.read(in: directory), old.url == collection { state.items = old.items }
        try CalDAVState.write(state, in: directory)
        return (state, items)
    }
}
