extension ReviewOperations {
    /// Where an answer puts a task: the day and slot a carry or a move takes it to; nil for an
    /// answer that does not move it, or a carry with nothing later to carry it to.
    public static func destination(of answer: Answer, for task: PlannerTask, context: OperationContext) -> (
        date: CivilDate, slot: Slot
    )? {
        let target: CarryOperations.Target
        switch answer {
        case .carry: target = carryTarget(for: task, context: context)
        case .move(let date, let slot): target = CarryOperations.Target(date: date, slot: slot)
        case .cancel, .drop, .skip: return nil
        }
        return CarryOperations.destination(of: task, to: target, context: context).map { ($0.date, $0.slot) }
    }
}
