extension PlannerTask {
    /// A field's value, as files, the change log and JSON hold it (nil for the identity, id and
    /// uid, which are no value a change sets).
    public func value(of field: Field) -> FieldValue? {
        switch field {
        case .id, .uid: nil
        case .date: .text(date.description)
        case .slot: .text(slot.rawValue)
        case .title: .text(title)
        case .notes: .text(notes)
        case .time: .text(time?.description)
        case .status: .text(status.rawValue)
        case .tags: .list(tags)
        case .category: .text(category)
        case .color: .text(color?.rawValue)
        case .favorite: .flag(favorite)
        case .remind: .text(remind?.description)
        case .carried: .text(carried > 0 ? String(carried) : nil)
        case .planned: .text(planned?.description)
        case .goal: .text(goal)
        case .to: .text(to)
        case .due: .text(due?.description)
        case .estimate: .text(estimate.map(String.init))
        case .created: .text(created)
        case .modified: .text(modified)
        case .doneAt: .text(doneAt)
        }
    }
}

extension PlannerTask.Field {
    /// The fields a user changes, each stamped with its last change (the identity and the
    /// record's own timestamps are not).
    public static let stamped = allCases.filter { ![.id, .uid, .created, .modified, .doneAt].contains($0) }
    /// Their names.
    public static let stampedNames = Set(stamped.map(\.rawValue))
}

extension PlannerTask {
    /// Who made the task: the author of its making (nil when unknown, as for a record of an
    /// earlier format).
    public var createdBy: String? { stamps.createdBy }
    /// Who changed it last: the author of its latest stamp (nil when unknown).
    public var modifiedBy: String? { stamps.modifiedBy }
}
