import ShadeCore

/// One format's writer, as `InterchangeWriter` drives it: what opens the file (and the repeating
/// tasks, which every format writes before the tasks), each batch of tasks in timeline order, and
/// what closes it (with the records a format keeps for its end, and the notes on what it could not
/// hold). Each returns the bytes it adds, ending at a record's end.
protocol FormatWriter {
    /// The file's start: its header and the repeating tasks. `occurrences` are the tasks of the
    /// export that are occurrences of a series (a format that writes a series' occurrences with
    /// it needs them; the others are handed none).
    mutating func begin(series: [RepeatSeries], occurrences: [PlannerTask]) throws -> [UInt8]
    /// The records of `tasks`, which come in timeline order, after those of the batches before.
    mutating func write(_ tasks: [PlannerTask]) throws -> [UInt8]
    /// The file's end; `records` are the export's keyed records (repeating tasks, goals,
    /// categories, templates). The notes say what the format could not hold, one sentence each.
    mutating func finish(records: [AnyKeyedRecord]) throws -> (bytes: [UInt8], notes: [String])
}
