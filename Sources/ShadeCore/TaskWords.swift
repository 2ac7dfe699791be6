/// What `add` and `mv` words ask for: a day, a slot, a time, a title and tags.
public struct TaskWords: Hashable, Sendable {
    /// The day, when one was written.
    public var date: CivilDate?
    /// The slot, when one was written.
    public var slot: Slot?
    /// The time of day, when `at:HH:MM` was written.
    public var time: TimeOfDay?
    /// The title words joined by single spaces, exactly as typed otherwise.
    public var title: String
    /// Tags from `+tag` words, first mention first, without duplicates.
    public var tags: [String]
    /// Tags to take off, from `-tag` words (read only for `edit`, where there are tags to remove).
    public var removedTags: [String] = []
    /// The category from `cat:NAME` (an empty string for `cat:none`, to clear it).
    public var category: String?
    /// The colour from `color:NAME` (`color:none` clears it: see `clearsColor`).
    public var color: TaskColor?
    /// Whether `color:none` was written.
    public var clearsColor = false
    /// The repeat rule from `every:RULE`.
    public var repeatRule: RepeatRule?
    /// Whether `every:none` was written.
    public var clearsRepeat = false
    /// The last day of a repeat, from `until:DATE`.
    public var until: CivilDate?
    /// How many times a repeat occurs, from `count:N`.
    public var count: Int?
    /// The reminder from `remind:WHEN`.
    public var remind: Reminders?
    /// Whether `remind:none` was written.
    public var clearsRemind = false
    /// The goal `goal:g1` names (`g1`), or empty for `goal:none`; nil when none was written.
    public var goal: String?
    /// Who `to:NAME` gives the task to, or empty for `to:` (also `to:-`, `to:none`), which gives it
    /// to no one; nil when none was written.
    public var to: String?
    /// The deadline from `due:DATE`; `clearsDue` for `due:none`.
    public var due: CivilDate?
    public var clearsDue = false
    /// The estimate from `est:45m`, in minutes; `clearsEstimate` for `est:none`.
    public var estimate: Int?
    public var clearsEstimate = false
    /// The words read as the day (`tue`, `next mon`), as typed; empty when none was.
    public var dayWords: [String] = []

    /// Creates words already read.
    public init(
        date: CivilDate? = nil, slot: Slot? = nil, time: TimeOfDay? = nil, title: String = "", tags: [String] = []
    ) {
        self.date = date
        self.slot = slot
        self.time = time
        self.title = title
        self.tags = tags
    }

    /// Reads `[DAY] [SLOT] TITLE… [+tag] [-tag] [at:TIME] [cat:NAME] [color:NAME] [to:NAME]
    /// [due:DATE] [est:45m]` (`deadlines`, when there is no `resolver`, reads `due:`'s day words).
    ///
    /// A leading day (one word, or two as in `next mon`) and then a slot are taken as such (only
    /// with a resolver: without one, as for `edit`, every word that is not a tag or a time is
    /// title); after them `+tag` and `at:TIME` may stand anywhere. Everything after `--` is
    /// title, literally. With `slotLetters` false (as for `add`, whose titles start with "a"
    /// and "e" as often as not) only a slot's full name is a slot.
    public static func parse(
        _ words: [String], resolver: DayResolver?, slotLetters: Bool = true, deadlines: DayResolver? = nil
    ) throws(InputError) -> TaskWords {
        var result = TaskWords(title: "", tags: [])
        var index = 0
        var literal = false
        if let resolver, index < words.count, words[index] != "--" {
            if let found = resolver.leadingDate(in: words[...]) {
                result.date = found.date
                result.dayWords = Array(words[..<found.count])
                index += found.count
            } else if looksLikeDate(words[index]) {
                // 2026-02-30 is a mistyped day, not the start of a title.
                _ = try resolver.requireDate(words[index])
            }
        }
        if resolver != nil, index < words.count, let slot = Slot(name: words[index]),
            slotLetters || words[index].utf8.count > 1
        {
            result.slot = slot
            index += 1
        }
        var titleWords: [String] = []
        for word in words[index...] {
            if literal {
                titleWords.append(word)
            } else if word == "--" {
                literal = true
            } else if word.hasPrefix("+"), word.count > 1 {
                let tag = try TaskText.validateTag(String(word.dropFirst()))
                if !result.tags.contains(tag) { result.tags.append(tag) }
            } else if word.lowercased().hasPrefix("at:") {
                result.time = try parseTime(String(word.dropFirst(3)))
            } else if word.lowercased().hasPrefix("every:") {
                let text = String(word.dropFirst(6))
                if text.lowercased() == "none" {
                    result.clearsRepeat = true
                } else {
                    guard let rule = RepeatRule(parsing: text) else {
                        throw .invalid(
                            "'every:\(text)' is not a repeat rule; write every:day, 3days, weekday, weekend, week, 2weeks, mon,wed,fri, month, 2months, 2nd-fri, last-fri, month-end, year, or +14d / +2w (that long after each is done)"
                        )
                    }
                    result.repeatRule = rule
                }
            } else if word.lowercased().hasPrefix("remind:") {
                let text = String(word.dropFirst(7))
                if text.lowercased() == "none" {
                    result.clearsRemind = true
                    result.remind = nil
                } else {
                    guard Reminders.partCount(text) <= Reminders.most else {
                        throw .usage(
                            "'remind:\(text)' has \(Reminders.partCount(text)) reminders; a task has at most \(Reminders.most)"
                        )
                    }
                    guard let reminder = Reminders(parsing: text) else {
                        throw .invalid(
                            "'remind:\(text)' is not a reminder; write remind:15m, 1h, 2h30m or 1d (before the task), remind:HH:MM (that time on its day), remind:slot (when its slot starts), or several with commas (remind:1d,15m)"
                        )
                    }
                    result.remind = reminder
                    result.clearsRemind = false
                }
            } else if word.lowercased().hasPrefix("count:") {
                let text = String(word.dropFirst(6))
                guard text.utf8.count <= 4, text.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }), let count = Int(text),
                    (1...RepeatSeries.largestCount).contains(count)
                else {
                    throw .usage(
                        "'count:\(text)' is not a number of times; write count:N (1 to \(RepeatSeries.largestCount)), e.g. every:week count:10"
                    )
                }
                result.count = count
            } else if word.lowercased().hasPrefix("until:") {
                let text = String(word.dropFirst(6))
                if let date = CivilDate(iso: text) {
                    guard date.isSupported else { throw DayResolver.outOfRange }
                    result.until = date
                } else if let resolver {
                    result.until = try resolver.requireDate(text)
                } else {
                    throw .invalid("'until:\(text)' is not a date; write until:YYYY-MM-DD")
                }
            } else if word.lowercased().hasPrefix("due:") {
                let text = String(word.dropFirst(4))
                result.clearsDue = text.lowercased() == "none"
                result.due = result.clearsDue ? nil : try deadline(text, resolver: resolver ?? deadlines)
            } else if word.lowercased().hasPrefix("est:") {
                let text = String(word.dropFirst(4))
                result.clearsEstimate = text.lowercased() == "none"
                result.estimate = result.clearsEstimate ? nil : try estimate(text)
            } else if word.lowercased().hasPrefix("goal:") {
                let text = String(word.dropFirst(5))
                if text.lowercased() == "none" {
                    result.goal = ""
                } else if let number = GoalOperations.number(in: text) {
                    result.goal = "g\(number)"
                } else {
                    throw .invalid(
                        "'goal:\(TextEscaping.escape(text))' names no goal; write goal:g1 (goals lists them) or goal:none"
                    )
                }
            } else if word.lowercased().hasPrefix("to:") {
                result.to = try recipient(String(word.dropFirst(3)))
            } else if word.lowercased().hasPrefix("cat:") {
                let name = String(word.dropFirst(4))
                result.category = name.lowercased() == "none" ? "" : try TaskText.validateCategory(name)
            } else if word.lowercased().hasPrefix("color:") || word.lowercased().hasPrefix("colour:") {
                let name = String(word.drop { $0 != ":" }.dropFirst())
                if name.lowercased() == "none" {
                    result.clearsColor = true
                } else {
                    result.color = try TaskColor.parse(name)
                }
            } else if resolver == nil, word.hasPrefix("-"), word.count > 1, word != "--" {
                let tag = try TaskText.validateTag(String(word.dropFirst()))
                if !result.removedTags.contains(tag) { result.removedTags.append(tag) }
            } else {
                titleWords.append(word)
            }
        }
        result.title = titleWords.joined(separator: " ")
        return result
    }

    /// The day of a `due:` word: an ISO date, or (with a resolver) a one-word day (`fri`,
    /// `tomorrow`).
    static func deadline(_ text: String, resolver: DayResolver?) throws(InputError) -> CivilDate {
        if let date = CivilDate(iso: text) {
            guard date.isSupported else { throw DayResolver.outOfRange }
            return date
        }
        if let resolver {
            // A word shaped like a date that is none (2026-02-30) is told as such.
            if looksLikeDate(text) { _ = try resolver.requireDate(text) }
            if let date = resolver.date(for: text) { return date }
        }
        throw .invalid("'due:\(text)' is not a day; write due:YYYY-MM-DD, due:fri, due:tomorrow or due:none")
    }

    /// The minutes of an `est:` word: `45m`, `1h30m`, `2h` (up to a day).
    static func estimate(_ text: String) throws(InputError) -> Int {
        guard let minutes = Estimate.minutes(text) else {
            throw .usage(
                "'est:\(text)' is not an estimate; write est:45m, est:1h30m or est:2h (up to 24h), or est:none")
        }
        return minutes
    }

    /// The name of a `to:NAME` word, or empty for `to:`, `to:-` and `to:none` (no one).
    static func recipient(_ name: String) throws(InputError) -> String {
        if name.isEmpty || name == "-" || name.lowercased() == "none" { return "" }
        guard (try? TaskText.validateParticipant(name)) != nil else {
            throw .invalid(
                "'to:\(name)' names no one; write to:NAME with a name of one word (letters, digits, -, _, . or @), e.g. to:ana, or to:none"
            )
        }
        return name
    }

    /// Whether a word has the shape of an ISO date (`dddd-dd-dd`), valid or not.
    static func looksLikeDate(_ word: String) -> Bool {
        let bytes = Array(word.utf8)
        guard bytes.count == 10 else { return false }
        return bytes.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7
                ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
        }
    }

    /// Parses the time of an `at:` word (`9`, `930`, `0930`, `9:30`, `9am`, `7pm`), with a
    /// message that says what a time looks like.
    public static func parseTime(_ text: String) throws(InputError) -> TimeOfDay {
        guard let time = TimeOfDay(typed: text) else {
            throw .invalid(
                "'at:\(text)' is not a time of day; write at:9:30, at:0930, at:930, at:9, at:9am or at:7pm (00:00 to 23:59)"
            )
        }
        return time
    }

    /// Settles the slot: the written one, else the one the time falls in, else the default.
    ///
    /// A time outside an explicitly written slot is an error that names the right slot.
    /// `day` is the boundaries of the task's own day.
    public func resolvedSlot(default fallback: Slot, day: SlotBoundaries) throws(InputError) -> Slot {
        guard let time else { return slot ?? fallback }
        let natural = day.slot(containing: time)
        guard let slot else { return natural }
        if slot != natural {
            throw .invalid(
                "\(time) is in the \(natural) (\(day.hours(of: natural))), not the \(slot) (\(day.hours(of: slot))); drop the slot or change the time"
            )
        }
        return slot
    }
}
