import ShadeCore
import ShadeJSON

/// Members: `members.json`, each a participant's name and email address.
///
/// ```json
/// {"name": "ana", "email": "ana@example.org", "stamps": {…}}
/// ```
enum MemberCodec: KeyedRecordCodec {
    static let kind = Member.kind
    static let file = "members.json"
    static let documentKind = "members"
    static let schemaDefinition = "member"
    private static let order = JSONKeyList(["name", "email", StampsCodec.key])

    static func encode(_ record: AnyKeyedRecord) -> JSONValue {
        guard let member = record.base as? Member else { preconditionFailure("a record of another kind") }
        var object = JSONObject()
        object.appendUnique("name", .string(member.name))
        object.appendUnique("email", .optional(member.email))
        object.appendUnique(StampsCodec.key, StampsCodec.encode(member.stamps))
        return .object(object)
    }

    static func decode(_ value: JSONNode, file: String, location: String, withStamps: Bool?) throws(StoreError)
        -> AnyKeyedRecord
    {
        let reader = try FieldReader(value, file: file, location: location, keys: order)
        let name = try reader.string("name")
        guard (try? TaskText.validateParticipant(name)) == name else {
            throw reader.fail("name", "'\(name)' is not a participant's name (one word)")
        }
        let email = try reader.optionalString("email")
        if let email, (try? MemberOperations.validateEmail(email)) == nil {
            throw reader.fail("email", "'\(email)' is not an email address")
        }
        return AnyKeyedRecord(
            Member(name: name, email: email, stamps: try StampsCodec.decode(reader, fields: Member.stampedFields)))
    }
}
