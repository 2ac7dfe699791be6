/// Stamps that arrive from another copy are bounded (SPEC §14): a stamp more than a day ahead
/// of the receiving copy's clock counts as the time it arrived, so that a copy whose clock is
/// wrong — or a member who writes year 9999 by hand — cannot win every later conflict.
extension FieldStamp {
    /// How far ahead of the clock a stamp may be and still count as it is: a day, for clocks
    /// that are set wrong by a time zone or two.
    public static let tolerance = 24 * 60 * 60

    /// This stamp, or — when it lies more than `tolerance` seconds after `now` (a timestamp) —
    /// a stamp at `now` by the same author.
    public func bounded(arrivingAt now: String) -> FieldStamp {
        let limit = FieldStamp.instant(now)
        guard limit != Int.min, FieldStamp.instant(at) > limit + FieldStamp.tolerance else { return self }
        return FieldStamp(at: now, by: by)
    }
}

extension FieldStamps {
    /// Every stamp bounded as `FieldStamp.bounded(arrivingAt:)` says.
    public func bounded(arrivingAt now: String) -> FieldStamps {
        FieldStamps(
            made: made.bounded(arrivingAt: now), changed: changed.mapValues { $0.bounded(arrivingAt: now) })
    }
}
