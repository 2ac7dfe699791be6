/// Someone who shares the planner (SPEC §11), as the planner keeps them: a name (the key, as
/// `config user.name` gives it and every stamp records it) and an email address, so that every
/// copy can tell who is behind a name. Members are registered by the copy of whoever they are
/// (`MemberOperations.register`), and are shared like goals and categories.
public struct Member: Hashable, Sendable {
    /// The name (the key: one word, as `TaskText.validateParticipant` checks it).
    public let name: String
    /// The email address, when one was given.
    public var email: String?
    /// When each field was last changed, and by whom.
    public var stamps: FieldStamps

    /// Creates a member.
    public init(name: String, email: String? = nil, stamps: FieldStamps = FieldStamps(made: FieldStamp(at: "", by: "")))
    {
        self.name = name
        self.email = email
        self.stamps = stamps
    }
}

extension Member: KeyedRecord {
    public static let kind = RecordKind(rawValue: "member")
    public static let stampedFields: Set<String> = ["email"]
    public var key: String { name }
    public static let noun = (one: "member", many: "members")
    public var shownName: String { name }
    public var fields: [(name: String, value: FieldValue)] { [("name", .text(name)), ("email", .text(email))] }
}

/// One line of `members`: a name, its email address (when known), and how many changes it made.
public struct MemberSummary: Hashable, Sendable {
    public let name: String
    public let email: String?
    /// The changes the name made: each distinct (time, name) stamp of a record counts once.
    public let changes: Int

    public init(name: String, email: String?, changes: Int) {
        self.name = name
        self.email = email
        self.changes = changes
    }
}
