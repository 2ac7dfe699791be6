extension CommandManual {
    /// How days, slots, times and weeks are read, by the overview's labels for them.
    public static let wordsProse: [String: String] = [
        "Slots":
            """
        Morning (m) 06:00–12:00, afternoon (a) 12:00–18:00, evening (e) 18:00–24:00; before
        06:00 counts as morning, and the boundaries are settings (see CONFIGURATION). The one-letter
        forms are slot words in navigation, mv and filters, but not in add, whose titles start with "a"
        and "e" as often as not (add a haircut is the title "a haircut").
        """,
        "Times":
            """
        A task may have a time of day inside its slot: at:9:30, at:0930, at:930, at:9 (09:00),
        at:9am, at:7pm, at:9:30pm, at:12am (midnight), at:12pm (noon). add with a time and no slot files
        the task in the slot the time falls in, and a time outside a slot you named is an error that
        names the right slot. Inside a slot, tasks with a time come first in time order, then the others
        by id.
        """,
        "Days":
            """
        Today, tomorrow, yesterday (by the clock), a weekday (monday or mon to sunday or sun: that
        weekday of the week in view), next mon, this mon, last mon (that weekday of the week after, of,
        or before the week in view), in 3 days, in 2 weeks (from today; day and week too), or an ISO
        date 2026-11-24: the same everywhere a day is written.
        A word shaped like a date that is not one (2026-02-30) is an error, never the start of a title.
        shade takes dates from 1900-01-01 to 9998-12-31: a day, a range, a week, until:, for:, due:,
        SHADE_NOW or an imported file's date outside them is refused. Adding to a day that is already
        past (or to a slot of today that is over) is done, and the confirmation says so and how to move
        it; a capitalised day word at the start (add Sun cream) is read as the day, and the confirmation
        says how to make it a title (add -- Sun cream).
        """,
        "Weeks":
            """
        Weeks are ISO-8601 weeks, Monday to Sunday, named 2026-W48. Years with 53 weeks exist (2026-W53
        runs from 28 December 2026 to 3 January 2027); weeks that straddle a new year belong to the ISO
        week-year. this is the week of today; next, prev and last count from the week in view.
        """,
    ]

    /// The reference of the language the commands share: rates, filters, the REPL, words and
    /// options, scripts, JSON and safe text.
    public static let language = [
        ManualSection(
            "RATES",
            [
                .paragraph(
                    """
                    The completion rate of any set of tasks is done ÷ (done + open); cancelled tasks count in
                    neither. A set with no done and no open task has no rate: — in text, null in JSON, never 0 %
                    or 100 %. Rates are shown per slot, per day and per week; a week's rate pools all the week's
                    tasks (it is not an average of day rates). Grid cells show done/planned, · for an empty
                    cell, ✗ for a cell holding only cancelled tasks. Marks: ○ open, ! overdue (open, and its
                    slot is over), ✓ done, ✗ cancelled, ★ starred, ↻ repeating, ↷2 carried twice, ◎g1 joins a
                    goal, →NAME given to someone; › marks the day or slot in view, and now (or ← now without
                    colour) the slot the clock is in.
                    """)
            ]),
        ManualSection(
            "FILTERS AND ORDERS",
            [
                .paragraph(
                    """
                    Filters for ls, filter and export (all must hold): a day (today, tomorrow, tue, an ISO
                    date), a slot, a range 2026-11-23..2026-11-29, a week 2026-W48, thisweek, +tag, -tag
                    (without it), cat:NAME, to:NAME (given to NAME; to:none: to no one), mine (given to you, or
                    made by you and given to no one), fav, open, done (or completed), cancelled, overdue (open,
                    and its slot is over by the clock), upcoming (open, from now on), all.
                    """),
                .paragraph(
                    """
                    Orders: sort:date (the default: date, slot, time), sort:title, sort:category, sort:created,
                    sort:modified, sort:fav; sort:-KEY reverses; ties keep date order. --by status groups into in
                    progress, completed and cancelled, --by cat by category, each with its count, its share of
                    the list and its rate.
                    """),
                .paragraph(
                    """
                    Categories and colours: cat:NAME on add or edit files a task in a category, made on the fly
                    with the next colour of the palette (red, orange, yellow, green, teal, blue, purple, pink,
                    grey); color:NAME gives a task its own colour, which wins over its category's. Several ids at
                    once (done 4 7) are one change for undo; if any id does not exist, nothing is changed.
                    """),
            ]),
        ManualSection(
            "THE REPL",
            [
                .paragraph(
                    """
                    A day alone on a line (mon, tomorrow, next mon, 2026-11-24) moves the view to that day and
                    shows it; a slot alone (evening) moves to it and shows that slot; both (tue evening) show
                    the day; next and prev move a day; day DAY and week WEEK move the view too (a week move keeps
                    the weekday and the slot). The prompt shows where you are: 2026-W48 Tue 24 Nov · evening ›;
                    until you move the view, it follows the clock. Tab completes commands, flags, days, slots,
                    categories after cat:, tags after +, goals after goal:, and task ids (a second Tab lists them
                    with their titles); history is kept across runs. quit, exit or Ctrl-D leaves; Ctrl-C clears
                    the line.
                    """)
            ]),
        ManualSection(
            "WORDS, QUOTES AND OPTIONS",
            [
                .paragraph(
                    """
                    In the REPL and in scripts, words split on blanks; a quote at the start of a word groups
                    words (add 'Evening walk' with Ana), a quote inside a word is just a character (add Mum's
                    birthday), and a backslash escapes the next character. -- ends the special words: add --
                    Monday meeting has the title "Monday meeting" rather than a Monday task called "meeting".
                    """),
                .paragraph(
                    """
                    A command's options may come anywhere before --, as --json, --by status or --by=status;
                    --store DIR and --color WHEN are taken by every command, and before the command too. COMMAND
                    --help (or -h) shows that command's usage, arguments, options and examples, like help
                    COMMAND. A word that starts with - is an option, except where a command takes free words
                    (add, edit, mv, note, ls, find, filter), which keep it (ls -someday, add Buy --milk).
                    """),
            ]),
        ManualSection(
            "SCRIPTS AND TRANSCRIPTS",
            [
                .paragraph(
                    """
                    shade < FILE (or any pipe) runs the lines as the REPL would, without prompts: one command a
                    line, # starts a comment, lines of at most 64 KiB of UTF-8. A bad line is reported with its
                    number on standard error (line 5: error: there is no task 99; …), the script goes on, and
                    shade exits with the first failing line's code. A line that only moves the view prints
                    nothing, so that a script's output is what its commands answer.
                    """),
                .paragraph(
                    """
                    Lines that change tasks (add, done, undone, cancel, rm, mv, edit, star, unstar, note) and
                    arrive while more input is already waiting are saved together, up to 256 at a time, as one
                    atomic step: each line says what it did only once that is on disk, each is its own undo
                    step, a line that fails changes nothing, and any other kind of line (or a pause in the
                    input) saves what came before it first.
                    """),
                .paragraph(
                    """
                    shade --transcript < FILE reads the lines of FILE as the REPL would and prints each prompt
                    with its line, then what it printed (errors among them, arrivals at a day or a slot too)
                    exactly as a terminal session shows it; the exit code is a script's.
                    """),
            ]),
        ManualSection(
            "JSON",
            [
                .paragraph(
                    #"""
                    Every view (day, week, ls, show) and every change takes --json and then prints one JSON
                    document and nothing else. day --json is {"date", "week", "weekday", "rate", "done",
                    "open", "cancelled", "slots": [{"slot", "start", "end", "rate", "done", "open",
                    "cancelled", "tasks": […]}]} with all three slots in order; week --json is {"week",
                    "start", "end", "rate", "done", "open", "cancelled", "days": [seven day objects, Monday
                    first]}; ls --json is {"tasks": […]}, and with --by adds "groups": [{"name", "count",
                    "rate", "ids"}].
                    """#),
                .paragraph(
                    #"""
                    A task object has id, uid, title, status, date, slot, time (null without one), week, tags,
                    notes, overdue, category, color, favorite, created, modified, done_at, series and repeat
                    (null for a task of its own), remind ({"when": "15m", "at": "2026-11-24T07:15"} or null), to
                    (who it is given to, or null), created_by and modified_by (who made it and who made its
                    latest change, or null when unknown; a goal object has them too). A change of one task
                    prints that task object, a change of several {"tasks": […]}, undo --json {"undone",
                    "restored", "removed"}. Rates are numbers from 0 to 1, or null.
                    """#),
                .paragraph(
                    #"""
                    members --json is {"members": [{"name", "email", "changes"}]} by name; config KEY --json is
                    {"key", "value", "from": "config|git|login"} (null without a value), config --json
                    {"settings": […]}. remind ls --json is {"reminders": [{"id", "uid", "title", "date",
                    "slot", "time", "remind", "due", "state": "pending|due|sent|missed", "sent_at"}]}; remind
                    --due --json is {"dry_run", "sent": […], "missed": […], "failed": […]} of the same objects.
                    cat --json is {"categories": [{"name", "color", "rate", "done", "open", "cancelled"}]}.
                    stats --json is {"from", "to", "weeks": [{"week", "start", "rate", "done", "open",
                    "cancelled"}…], "rate", "done", "open", "cancelled", "by_slot": {"morning": {"rate", …},
                    …}, "by_weekday": {"monday": {…}, …}, "best_slot", "best_weekday", "streak": {"current",
                    "best"}}; now --json is {"date", "slot", "slot_end", "minutes_left", "tasks": […], "next":
                    task or null, "next_slot": {"date", "slot", "tasks": […]}}.
                    """#),
            ]),
        ManualSection(
            "SAFE TEXT",
            [
                .paragraph(
                    #"""
                    Nothing that shade did not write itself (titles, notes, tags, categories, configuration
                    values, file names, words you typed that an error echoes, text from store files) reaches
                    the terminal as it is. Control characters are shown escaped (\e for ESC, \n, \t, \r, \x07
                    for other C0 characters and DEL, \u009b for C1), and so are bidi overrides and isolates
                    (\u202e: a title cannot pretend to read backwards) and line separators; emoji, CJK,
                    combining marks and joiners are untouched and zero-width characters take no column. A task
                    whose title a file gave as ESC ] 0 ; pwned BEL Pay ESC [ 2 J invoice U+202E fdp.exe (a
                    window title, a screen clear, a right-to-left override) shows in day as:
                    """#),
                .verbatim(
                    #"""
                      evening    18:00–24:00    0%  ░░░░░░░░░░
                        ○ 26         Read 30 pages of “Dune”                        +read
                        ○ 40         \e]0;pwned\x07Pay \e[2J invoice \u202efdp.exe
                    """#),
                .paragraph(
                    #"""
                    --json and the store keep the exact text (JSON escapes DEL, C1 and the bidi controls as
                    \u…, which every reader turns back into the same characters). check reports every stored
                    title, note, tag and category holding such a character, with its place, and changes
                    nothing. Titles are kept exactly as typed (any script, emoji, right-to-left text, repeated
                    spaces) up to 1,000 characters; control characters typed in a title are refused with their
                    code point and position. Views align by terminal display width, also for CJK and emoji.
                    """#),
            ]),
    ]
}
