import ShadeCore
import ShadeStore

/// What the commands need of the participants (SPEC §11): who "me" is, whether the planner is
/// shared, and the registration of the current user as a member.
extension Session {
    /// A query of these filters; who "me" is is found out only when a filter asks (`mine`).
    func query(_ filters: [TaskFilter]) -> TaskQuery {
        TaskQuery(filters, me: filters.contains(.mine) ? identity.name : "")
    }

    /// What decides whether `rm` may delete a task: whether the planner is shared, and then who
    /// is removing (found out only then).
    func removal() throws -> TaskOperations.Removal {
        let shared = try store.isShared
        return TaskOperations.Removal(author: shared ? identity.name : "", shared: shared)
    }

    /// Registers the current user — their name, and their email address when one is known — as a
    /// member of the planner (`members.json`, shared with the planner): one change, recorded
    /// under `label` (one `undo` step), empty (nothing written) when the planner knows them as
    /// they are. `config` does not call it: joining a shared planner (`sync`) does.
    @discardableResult
    public func registerCurrentUser(label: String = "register") throws -> Change {
        let name = identity.name
        let email = identity.email
        return try commit(label: label, now: try now()) { state in
            try MemberOperations.register(name: name, email: email, in: state)
        }
    }
}
