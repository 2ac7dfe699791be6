import ShadeCore
import ShadeJSON

/// The view of `members`: everyone who has changed the planner, with their email address and
/// their changes, the current user marked.
public enum MemberList {
    /// What `members` says when no one has changed the planner.
    public static let empty: SafeText = "no one has changed the planner yet"

    /// The table of `members` (at least one), `(you)` after the line of `you`.
    public static func render(_ members: [MemberSummary], you: String, style: Style) -> SafeText {
        let names = members.map { SafeText(escaping: $0.name) }
        let emails = members.map { SafeText(escaping: $0.email ?? "—") }
        let nameWidth = names.map(DisplayWidth.of).max() ?? 0
        let emailWidth = emails.map(DisplayWidth.of).max() ?? 0
        return members.enumerated().map { index, member -> SafeText in
            let mark: SafeText = member.name == you ? style.dim("  (you)") : ""
            return style.bold(DisplayWidth.padRight(names[index], to: nameWidth)) + "  "
                + DisplayWidth.padRight(emails[index], to: emailWidth) + "  "
                + DisplayWidth.padLeft("\(member.changes)", to: 5) + " change\(member.changes == 1 ? "" : "s")" + mark
        }.joined(separator: "\n")
    }

    /// `{"members": [{"name", "email", "changes"}]}`.
    public static func json(_ members: [MemberSummary]) -> JSONValue {
        let list = members.map { member -> JSONValue in
            ["name": .string(member.name), "email": .optional(member.email), "changes": .int(Int64(member.changes))]
        }
        return ["members": .array(list)]
    }
}
