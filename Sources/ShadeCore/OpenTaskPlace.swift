/// Where an open task lies, without the task itself: what a completion milestone asks of the
/// days a store did not read (`PlannerRecords.completionView(of:)`).
public struct OpenTaskPlace: Hashable, Sendable {
    public let uid: String
    public let date: CivilDate
    public let slot: Slot

    public init(uid: String, date: CivilDate, slot: Slot) {
        self.uid = uid
        self.date = date
        self.slot = slot
    }
}
