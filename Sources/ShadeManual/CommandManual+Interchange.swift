extension CommandManual {
    /// import and export: the formats, what each cannot hold, and the limits every file is read within.
    public static let interchange = ManualSection(
        "IMPORT AND EXPORT",
        [
            .item(
                "export [FILTER…] [--format json|csv|ics|todotxt|taskwarrior] [-o FILE]",
                """
                Writes the planner (default: json to standard output). Filters are those of ls and select
                tasks; the repeating tasks that show a matching occurrence come with them, and the categories
                and goals they name. A file is written whole or not at all; a note on standard error says what
                the format could not hold.
                """),
            .item(
                "import FILE|- [--format F] [--dry-run] [--json]",
                #"""
                Takes a file (the format guessed from its content and name). A task is known by its uid: one
                not in the planner is added, one there is updated in the fields the format holds, one that
                would not change is left; importing the same file twice changes nothing the second time. A file
                with one bad record imports nothing and names it by line (and column, for JSON). One undo takes
                a whole import back. --dry-run --json prints {"added": [uids], "updated": [uids], "left":
                [uids]}.
                """#),
            .item(
                "Files shade writes",
                """
                A file export -o or report --html writes must be a regular file or not exist yet; - is
                standard output. A FIFO, a device, a socket or a directory, or a symbolic link to one of them
                or to nothing, is refused in one line (exit 1) and left as it is. A symbolic link to a regular
                file is written through: the file it leads to is replaced whole, the link stays.
                """),
            .subsection("Formats"),
            .item(
                "json",
                """
                shade's own: every task with every field, repeating tasks, goals, categories, templates,
                written by the store's own codecs. It holds everything: a round trip through an empty planner
                gives back the same planner, ids included (goal numbers are each copy's own).
                """),
            .item(
                "csv",
                """
                RFC 4180: a header, one task a row (uid, date, slot, time, title, status, category, tags,
                notes, favorite, color, remind, repeat, until, series, carried, planned, created, modified,
                done_at, to, due, estimate, count); a repeating task is a row with repeat, an inbox task a row
                with no date (open); reading, columns may come in any order and only title and date are
                needed. It cannot hold goals, nor a repeating task's skipped days and later revisions.
                """),
            .item(
                "ics",
                """
                RFC 5545 through libical: a VTODO per task (UID, SUMMARY, DUE for its day, or DTSTART and DUE
                for its time and its slot's end, STATUS, COMPLETED, CATEGORIES for its tags and category,
                DESCRIPTION, PRIORITY 1 when starred, X-SHADE-SLOT, a VALARM for a reminder); a repeating task
                is one VTODO with an RRULE and an EXDATE for each day taken out of it, an occurrence with a
                status of its own a VTODO with the same UID and a RECURRENCE-ID. Reading takes VTODOs and
                VEVENTs from any calendar: the start's day and time (else the due one's) in the local zone
                (TZID honoured), filed in the slot the time falls in (a day alone: the morning); CATEGORIES
                become tags; an open VTODO with neither start nor due is an inbox task (and an inbox task goes
                out so), COUNT is count:N. It cannot hold goals, carry history, or a task after the year 3000;
                RRULEs with BYMONTHDAY and the like come as one task.
                """),
            .item(
                "todotxt",
                """
                One line a task: x DONE CREATED when done, (A) when starred, +tag, @category, due:DATE
                slot:SLOT at:HH:MM uid:UID, every:RULE until:DATE count:N, status:cancelled; an open line
                without due: is an inbox task (a done or repeating one is on its creation day, else today), one
                without uid: gets a uid made from the line. It
                cannot hold notes, colours, goals, carry history, or the times of creation and completion (days
                only).
                """),
            .item(
                "taskwarrior",
                """
                What task export prints (a JSON array, or one object a line) and task import reads: uuid ↔ uid,
                description, status (pending, waiting → open; completed → done; deleted → cancelled), due (else
                scheduled, else entry) → day, slot and time in the local zone (an inbox task goes out with
                neither and shadeinbox:yes, and comes back to the inbox), tags, project → category,
                annotations ↔ notes, priority H ↔ starred, recur → repeat (daily, weekdays, weekly, biweekly, N
                weeks, monthly, yearly). It cannot hold wait dates, annotations' own times, other recurrences,
                shade's every-weekend and several-weekdays rules, colours, reminders or goals.
                """),
            .subsection("Limits"),
            .paragraph(
                """
                Every imported file is read within limits; past one, import says which limit in one or two
                lines, exits 1 and imports nothing (it never crashes). Size: 1 GiB for every format, refused
                before it is read (standard input: as soon as it goes past). Nesting: json and taskwarrior 32
                levels of JSON, as the store's own files; ics 64 levels of components, refused at the BEGIN:
                that goes deeper, before libical reads it; csv and todotxt nest nothing. Dates: 1900-01-01 to
                9998-12-31, as everywhere.
                """),
            .subsection("From Taskwarrior"),
            .paragraph(
                """
                A real run of Debian's taskwarrior 2.6 (TZ=UTC), into a new store; and back: shade export
                --format taskwarrior | task import -.
                """),
            .verbatim(
                """
                $ task add Pay rent project:home +money due:2026-11-24T09:00
                $ task 1 annotate call the landlord first
                $ task add Write the report project:work due:2026-11-25T14:00
                $ task add Water the plants recur:weekly due:2026-11-23T18:30
                $ task 2 done
                $ task export | SHADE_STORE=/tmp/from-tw shade import -
                imported standard input (taskwarrior): 2 tasks added, 0 updated, 0 left as they were, 1 repeating task new, 2 categories new
                'undo' takes the whole import back
                note: annotations became notes, one a line, without their own times
                $ SHADE_STORE=/tmp/from-tw shade ls thisweek
                ○ 3 Mon 23 Nov evening   18:30 Water the plants  ↻
                ○ 1 Tue 24 Nov morning   09:00 Pay rent          +money @home
                ✓ 2 Wed 25 Nov afternoon 14:00 Write the report  @work
                """),
        ])
}
