import Testing

@testable import ShadeJSON

/// `hasKeys(among:)`: every key of the object one of the list's, in the list's order.
@Suite struct JSONKeyListTests {
    let list = JSONKeyList(["uid", "title", "notes", "status", "stamps"])

    private func object(_ text: String) throws -> JSONNode {
        try JSONDocument(parsing: Array(text.utf8)).value
    }

    @Test(arguments: [
        (#"{"uid": 1, "title": 2, "notes": 3, "status": 4, "stamps": 5}"#, true),
        (#"{"uid": 1, "status": 4, "stamps": 5}"#, true),
        (#"{}"#, true),
        (#"{"status": 4, "uid": 1}"#, false),
        (#"{"uid": 1, "colour": 2, "stamps": 5}"#, false),
        (#"{"uid": 1, "title": 2, "notes": 3, "status": 4, "stamps": 5, "x": 6}"#, false),
        (#"{"uid": 1, "title": 2, "notes": 3, "status": 4, "stamp": 5}"#, false),
        (#"["uid"]"#, false),
    ])
    func acceptsOnlyKeysOfTheListInItsOrder(text: String, accepted: Bool) throws {
        #expect(try object(text).hasKeys(among: list) == accepted)
    }
}
