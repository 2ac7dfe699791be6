import ShadeCore
import ShadeJSON

/// The document of `carry --json`.
extension ViewJSON {
    /// `{"dry_run": …, "carried": [...], "unmet_goals": ["g2"]}`: the tasks carried (or that would
    /// be) as they are after, and the ids of the goals whose time ran out unmet.
    public static func carry(_ carried: [PlannerTask], dryRun: Bool, unmet: [Goal], context: RenderContext)
        -> JSONValue
    {
        [
            "dry_run": .bool(dryRun), "carried": .array(carried.map { task($0, context: context) }),
            "unmet_goals": .array(unmet.map { .string($0.label) }),
        ]
    }
}
