import ShadeCore
import ShadeJSON

/// The documents of history: `stats --by`.
extension ViewJSON {
    /// `{"by": "week", "period": "2026-11", "periods": [...], "total": {...}}`: each part with its
    /// first and last day, tasks planned, done, open, cancelled, rate, goals and goals done.
    public static func periods(_ stats: PeriodStats) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("by", .string(stats.unit.rawValue))
        object.appendUnique("period", .string(stats.period.description))
        object.appendUnique("periods", .array(stats.lines.map { periodLine($0) }))
        // The parts pooled span their days (a month's weeks may reach into the months around).
        let first = stats.lines.first?.period.days.first ?? stats.period.days.first
        let last = stats.lines.last?.period.days.last ?? stats.period.days.last
        object.appendUnique("total", periodLine(stats.total, days: (first, last)))
        return .object(object)
    }

    /// One part of a period.
    public static func periodLine(_ line: PeriodStats.Line, days: (CivilDate, CivilDate)? = nil) -> JSONValue {
        var object = JSONObject()
        object.appendUnique("period", .string(line.period.description))
        let (start, end) = days ?? line.period.days
        object.appendUnique("start", .string(start.description))
        object.appendUnique("end", .string(end.description))
        object.appendUnique("planned", .int(Int64(line.planned)))
        object.appendUnique("done", .int(Int64(line.tally.done)))
        object.appendUnique("open", .int(Int64(line.tally.open)))
        object.appendUnique("cancelled", .int(Int64(line.tally.cancelled)))
        object.appendUnique("rate", line.tally.rate.map(JSONValue.double) ?? .null)
        object.appendUnique("goals", .int(Int64(line.goals)))
        object.appendUnique("goals_done", .int(Int64(line.goalsDone)))
        return .object(object)
    }
}
