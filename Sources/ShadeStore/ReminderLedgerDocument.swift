import ShadeCore
import ShadeJSON

/// This copy's record of the reminders it settled: `reminders.json`.
///
/// ```json
/// {"format": 3, "kind": "reminders",
///  "reminders": [{"uid": "9f1c…", "due": "2026-11-24T07:15", "outcome": "sent",
///                 "settled": "2026-11-24T07:15:02+01:00"}]}
/// ```
/// Local to the copy (each device notifies its own desktop) and never shared; entries by due
/// moment. Entries older than `ReminderAgenda.lookBack` are dropped when it is next written.
enum ReminderLedgerDocument {
    private static let entryOrder = JSONKeyList(["uid", "due", "outcome", "settled"])

    static func encode(_ ledger: ReminderLedger) -> JSONValue {
        let entries = ledger.entries.map { entry -> JSONValue in
            var object = JSONObject()
            object.appendUnique("uid", .string(entry.uid))
            object.appendUnique("due", .string(entry.due.description))
            object.appendUnique("outcome", .string(entry.outcome.rawValue))
            object.appendUnique("settled", .string(entry.settled))
            return .object(object)
        }
        return ["format": .int(Int64(StoreFormat.version)), "kind": "reminders", "reminders": .array(entries)]
    }

    static func decode(_ value: JSONNode, file: String) throws(StoreError) -> ReminderLedger {
        let reader = try FieldReader(value, file: file, location: "")
        _ = try reader.checkHeader(kind: "reminders")
        try reader.rejectUnknownKeys(allowed: ["format", "kind", "reminders"])
        var entries: [ReminderLedger.Entry] = []
        for (index, element) in try reader.array("reminders").enumerated() {
            let entry = try FieldReader(element, file: file, location: "reminders[\(index)]", keys: entryOrder)
            let uid = try entry.string("uid")
            guard !uid.isEmpty else { throw entry.fail("uid", "must not be empty") }
            let dueText = try entry.string("due")
            guard let due = LocalDateTime(parsing: dueText) else {
                throw entry.fail("due", "'\(dueText)' is not YYYY-MM-DDTHH:MM")
            }
            let outcomeText = try entry.string("outcome")
            guard let outcome = ReminderLedger.Outcome(rawValue: outcomeText) else {
                throw entry.fail("outcome", "'\(outcomeText)' is not sent or missed")
            }
            entries.append(
                ReminderLedger.Entry(uid: uid, due: due, outcome: outcome, settled: try entry.string("settled")))
        }
        return ReminderLedger(entries)
    }
}
