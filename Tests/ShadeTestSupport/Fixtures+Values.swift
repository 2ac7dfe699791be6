import ShadeCore

extension CivilDate {
    /// A date written in a test, known to be valid.
    public static func fixture(_ text: String) -> CivilDate {
        guard let date = CivilDate(iso: text) else { preconditionFailure("\(text) is not a date") }
        return date
    }
}

extension Moment {
    /// A moment written in a test (`2026-11-23T09:30`), known to be valid.
    public static func fixture(_ text: String, utcOffsetSeconds: Int = 0) -> Moment {
        guard let moment = Moment.parsePinned(text, utcOffsetSeconds: utcOffsetSeconds) else {
            preconditionFailure("\(text) is not a moment")
        }
        return moment
    }
}
