import Foundation

// shade-caldav: the CalDAV client shade runs as a child process for `caldav init` and `sync`
// (SPEC §15). It reads one request (JSON) on standard input, does its HTTP requests with
// FoundationNetworking's URLSession, reads the servers' XML with FoundationXML, and writes what
// it found (JSON) on standard output. The password comes from SHADE_CALDAV_PASSWORD in its
// environment; it is never printed. A server that cannot be reached or answers badly: one line
// on standard error, exit 1.
//
// A process of its own, so that shade's every command does not load the network and XML
// libraries (measured: linking FoundationXML alone added 1.3 ms to a process start), and so that
// what a hostile server sends is read in a process that can do nothing with the planner.

do {
    let input = FileHandle.standardInput.readDataToEndOfFile()
    guard input.count <= CalDAVLimits.requestBytes else { throw CalDAVFailure("the request is too large") }
    let request = try CalDAVRequest(json: input)
    let client = DAVClient(
        user: request.user, password: ProcessInfo.processInfo.environment["SHADE_CALDAV_PASSWORD"] ?? "")
    var results: [[String: Any]] = []
    for operation in request.operations {
        results.append(try client.perform(operation, collection: request.url))
    }
    let output = try JSONSerialization.data(withJSONObject: ["results": results], options: [.sortedKeys])
    FileHandle.standardOutput.write(output)
    exit(0)
} catch let failure as CalDAVFailure {
    FileHandle.standardError.write(Data((failure.message + "\n").utf8))
    exit(1)
} catch {
    FileHandle.standardError.write(Data("\(error)\n".utf8))
    exit(1)
}
