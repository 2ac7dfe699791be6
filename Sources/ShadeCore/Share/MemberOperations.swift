/// The participants of a planner (SPEC §11), as pure functions: registering a member, and who
/// has changed the planner, from the stamps its records carry.
public enum MemberOperations {
    /// Registers `name` (and its email address) as a member: the member is added, or its email
    /// updated; no change when the planner holds it already as it is. An email of nil leaves one
    /// already known as it is.
    public static func register(name: String, email: String?, in records: PlannerRecords) throws -> [RecordChange] {
        let name = try TaskText.validateParticipant(name)
        let email = try email.map { try validateEmail($0) }
        let current = try records.keyedRecords(of: Member.kind).lazy.compactMap { $0.base as? Member }.first {
            $0.name == name
        }
        guard let current else { return [.added(.keyed(Member(name: name, email: email)))] }
        guard let email, current.email != email else { return [] }
        var updated = current
        updated.email = email
        return [.changed(.keyed(current), to: .keyed(updated))]
    }

    /// Checks an email address: one word with an `@` that has text on both sides, no control
    /// characters, at most 254 characters. Returns it unchanged.
    public static func validateEmail(_ address: String) throws(InputError) -> String {
        let parts = address.split(separator: "@", omittingEmptySubsequences: false)
        guard address.count <= 254, parts.count >= 2, parts.first?.isEmpty == false, parts.last?.isEmpty == false,
            !address.unicodeScalars.contains(where: { $0.properties.isWhitespace || TaskText.isControl($0) })
        else {
            throw .invalid("'\(address)' is not an email address; write one such as ana@example.org")
        }
        return address
    }

    /// How many changes each name made, from the stamps of every record: each distinct stamp
    /// (time and name) of a record — its making and each field's last change — is one change by
    /// its name; a stamp without a name is nobody's.
    public static func changes(in stamps: some Sequence<FieldStamps>) -> [String: Int] {
        var result: [String: Int] = [:]
        for record in stamps {
            var seen: Set<FieldStamp> = []
            for stamp in record.all where !stamp.by.isEmpty && seen.insert(stamp).inserted {
                result[stamp.by, default: 0] += 1
            }
        }
        return result
    }

    /// Everyone who has changed the planner, by name: their changes, and their email address
    /// from the members' records, else — for the current user — the one configured.
    public static func summaries(
        stamps: some Sequence<FieldStamps>, members: [Member], currentUser: (name: String, email: String?)?
    ) -> [MemberSummary] {
        summaries(changes: changes(in: stamps), members: members, currentUser: currentUser)
    }

    /// As `summaries(stamps:…)`, from the changes each name made (`changes(in:)`, summed over
    /// the records).
    public static func summaries(
        changes counts: [String: Int], members: [Member], currentUser: (name: String, email: String?)?
    ) -> [MemberSummary] {
        var emails: [String: String] = [:]
        for member in members { if let email = member.email { emails[member.name] = email } }
        if let currentUser, emails[currentUser.name] == nil, let email = currentUser.email {
            emails[currentUser.name] = email
        }
        return counts.keys.sorted().map { name in
            MemberSummary(name: name, email: emails[name], changes: counts[name] ?? 0)
        }
    }
}

extension PlannerRecords {
    /// The members the planner keeps, in name order.
    public func members() throws -> [Member] {
        try keyedRecords(of: Member.kind).compactMap { $0.base as? Member }
    }
}
