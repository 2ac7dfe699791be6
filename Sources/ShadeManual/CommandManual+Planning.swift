extension CommandManual {
    /// Reminders, planning over time and looking back: the reference behind remind, carry, goals,
    /// review, capacity, templates, stats, chart, history and report (import and export in
    /// `ManPage+Interchange.swift`).
    public static let planning = [
        ManualSection(
            "REMINDERS",
            [
                .paragraph(
                    """
                    A reminder is a field of a task, like its time: add thu Dentist at:16:30 remind:1h, edit 7
                    remind:slot, edit 7 remind:none. remind:WHEN is 15m, 1h, 2h30m or 1d before the task (before
                    its time, or before its slot starts when it has none), HH:MM on the task's day, or slot (when
                    its slot starts); a task has up to five, written with commas (remind:1d,15m: a day before and
                    a quarter of an hour before), each sent once; reminders.default in config.json is the reminder of every new task that names
                    none. Its moment follows the task: move the task and the reminder moves with it. A repeating
                    task reminds on every day it occurs, and each occurrence can have its reminder changed or taken
                    off alone (or with --series, from that day on). Done and cancelled tasks do not remind.
                    """),
                .item(
                    "remind --due",
                    """
                    Sends each reminder whose moment has come, once: it runs SHADE_NOTIFY_CMD (default notify-send
                    --app-name=shade --; the -- keeps a title that starts with - from being read as an option) with
                    the task's title, exactly as typed, as one argument, never through a shell, and a body such as
                    Thu 26 Nov · afternoon · 16:30 — starts in 1 h. What became of each reminder is saved in the
                    store's reminders.json (this copy's own, never shared; kept for 7 days) as one atomic step
                    right after it is sent, before the next one is considered. Runs take turns (reminders.lock), so
                    two at once never send one twice, and the store's own lock is held only to read the tasks and
                    to save each entry, never while the command runs (which is stopped after 15 s). A crash between
                    a delivery and the saving of its entry sends that reminder again at the next run: a reminder
                    can come twice, never not at all. A reminder found more than 12 hours late (the machine was
                    off) is marked missed, not sent. When the command fails (notify-send with no desktop session),
                    the reminder is not marked: the error says which command failed and how, the exit code is 1,
                    and the next run tries again. --dry-run lists what it would send and mark, and sends nothing.
                    """),
                .item(
                    "remind ls",
                    """
                    Lists the reminders from 12 hours ago to 7 days ahead: pending, due (the next remind --due
                    sends it), sent, missed.
                    """),
                .item(
                    "remind install",
                    """
                    Writes shade-remind.service (runs this very binary's absolute path with remind --due on this
                    store, SHADE_STORE pinned in the unit) and shade-remind.timer (every 5 minutes and at each
                    slot's start, Persistent=true so that a run missed while the machine was off happens at boot)
                    to $XDG_CONFIG_HOME/systemd/user/, then runs systemctl --user daemon-reload and systemctl
                    --user enable --now shade-remind.timer when a user systemd is running (its socket is in
                    $XDG_RUNTIME_DIR); when none is, it says so and how to enable the timer later. remind install
                    --print prints the two files and writes nothing.
                    """),
                .item(
                    "In the REPL",
                    """
                    A reminder that comes due while you are at the prompt is printed above it (reminder: 9 Dentist
                    · Thu 26 Nov · afternoon · 16:30 — starts in 1 h) and the prompt is drawn again with whatever
                    you had typed (with TERM=dumb, the message starts on a new line instead). After the machine
                    slept, only what came due in the last 12 hours is printed. The REPL only shows reminders;
                    sending them to the desktop, once, is remind --due's.
                    """),
            ]),
        ManualSection(
            "PLAN AND REFLECT",
            [
                .item(
                    "Carry",
                    #"""
                    carry moves unfinished work on instead of leaving it overdue: a carried task keeps its id and
                    uid, its carried count goes up by one (views show ↷2 on its line, show says how often and
                    since when) and planned keeps the day it was first planned for (show --json: "carried": 2,
                    "planned": "2026-11-20"). Without a day it gathers the open tasks of this week and the three
                    before whose slot has ended (an older week is carried by naming it, carry 2026-W30); a
                    repeating task's missed days are left where they are, since its rule brings it back. Work only
                    moves forward: a task planned later than the target stays, and a target in the past is
                    refused. When the REPL starts with overdue tasks waiting, it says how many and suggests carry;
                    it never moves anything itself. stats counts, for each week, the tasks first planned in it that
                    were carried on to a later week (↷3 carried on; --json: "carried").
                    """#),
                .item(
                    "Goals",
                    #"""
                    goal add Ship the report for:week due:fri sets an aim for the week in view (for: takes a day,
                    for:sun, for:2026-11-29, or a week, for:week, for:next, for:2026-W49; without it, the day in
                    view). Goal ids are written g1, g2 … everywhere, so they never pass for a task's: done g1 says
                    it is a goal's id, goal show 1 that it is a task's. A task joins with goal:g1 on add or edit
                    (goal:none leaves it; a repeating task joins one day at a time); views mark it ◎g1, show names
                    the goal. A goal's rate is its tasks'. When the last open task of a goal is done, shade says so
                    and suggests goal done g1: a goal is done only when you say so. goals lists three sections: in
                    progress (the soonest due first, with the rate and done/total), completed (the latest first,
                    with the day), cancelled; goals --json gives them in the same order ({"goals": [{"id": "g1",
                    "uid", "title", "for", "due", "status", "rate", "done", "open", "tasks": [ids],
                    "participants"}]}). A goal still open when its day or week has ended is offered by carry and
                    carried by goal carry g1. Goals are shared like the planner (goals.json); their numbers are
                    this copy's own, as tasks' ids are.
                    """#),
                .item(
                    "Review",
                    """
                    review (Sunday evening's habit) walks through last week (review 2026-W47 any other): its rate
                    and each day's, its goals with their rates, then each open task in date and slot order, one at
                    a time: c carries it to this week's same weekday and slot (today's current slot if that has
                    passed), m asks for a day and slot on the next line, x cancels, d drops (deletes), s skips, q
                    stops asking. An answer that is none of these is asked again. Then it says what changed; all
                    the answers are made together, so one undo takes the whole review back. In a piped script the
                    answers are the lines after review; review --json prints the week's facts (rates, days, goals,
                    open tasks) and asks nothing.
                    """),
                .item(
                    "Capacity",
                    #"""
                    capacity evening 2 says an evening holds two open tasks; capacity sat evening 1 sets
                    Saturday's alone (a weekday's limit wins over the slot's; none clears one). The limits are
                    settings of the person, not of the planner: they live in config.json. A slot holding more open
                    tasks than its limit shows over-full: 3 open, room for 2 in day, a ! after its cell in week,
                    and "capacity": 2, "over": true in both views' --json; add and mv into it say so and still do
                    it. rebalance lists the moves that would make the week fit: the extra tasks of each over-full
                    slot go to the nearest slot with room, the same day first (an earlier slot of it too, if it
                    has not ended), then the following days, never into the past; untimed
                    tasks move first, and a task with a time only to its own slot of a later day. rebalance --apply
                    makes them, one undo step. capacity evening 3h counts minutes instead: the estimates (est:)
                    of the slot's open tasks, over-full past 3h ("capacity_minutes": 180 in --json), and
                    rebalance moves a task only where its estimate still fits. day and week --json give each
                    slot "minutes_planned" (its open tasks' estimates) and "minutes_free" (its length, from now
                    in the slot under way, less those); day shows them for a slot with estimates.
                    """#),
                .item(
                    "Templates",
                    """
                    template save typical keeps the week in view as typical (saving under a name that is taken
                    replaces it); template apply typical adds its tasks, open, to the next week, each with a new
                    id, on the same weekday, slot and time, with its tags, category, colour, notes and reminder. A
                    repeating task is kept once, with its rule: applied to a week its series still reaches it is
                    already there, otherwise it comes back as a repeating task from that day. Templates are shared
                    like the planner (templates.json); undo and log know them.
                    """),
            ]),
        ManualSection(
            "HISTORY AND CHARTS",
            [
                .item(
                    "stats --by",
                    #"""
                    Tells one period part by part: stats --by month 2026 each month of a year, stats --by week
                    2026-11 each week of a month, stats --by day 2026-W48 each day of a week (PERIOD defaults to
                    the one in view). Each part has its tasks planned (cancelled ones included), done, open and
                    cancelled, the rate, and the goals set for it and done. A month's weeks are the ISO weeks whose
                    Thursday falls in it, each counted whole, so December 2026 has five weeks, 2026-W53 among
                    them, and every week belongs to one month. --json: {"by", "period", "periods": [{"period",
                    "start", "end", "planned", "done", "open", "cancelled", "rate", "goals", "goals_done"}],
                    "total": {…}}.
                    """#),
                .item(
                    "chart",
                    """
                    Draws those figures: a bar as long as the tasks planned (scaled to the busiest part), solid for
                    the done ones; then done of planned, the rate, and a bar of the rate in eighths of a cell.
                    Fitted to COLUMNS (else the terminal's width): narrower terminals drop the rate bar, then the
                    bars, then cut the lines; none wraps. Where LC_ALL, LC_CTYPE or LANG is not UTF-8 (or none is
                    set), the chart is plain ASCII: # done, - open, x cancelled.
                    """),
                .item(
                    "history",
                    #"""
                    Lists the goals whose day or week is over (the last 12 weeks; --weeks N), the latest first,
                    each with its status and rate and then its tasks, each done, cancelled, still open, or carried
                    (open, and now planned after the goal's day or week). --json: {"goals": [goal objects as goals
                    --json gives them, with "tasks": [{task object…, "fate"}]]}.
                    """#),
                .item(
                    "report --html FILE",
                    """
                    Writes one page: the weeks' grid of rates as a heat map, the rate per week as a line, planned
                    and done per month as bars, rates by slot and by weekday, the goals of those weeks, the streaks
                    and the counts. It is one file with its CSS and SVG inline (no script, no font, nothing
                    fetched), light or dark as the reader's system is, each chart an image with a title and a
                    description. Titles are written as text, never as markup. The file is written whole or not at
                    all, readable by you alone (mode 0600).
                    """),
                .paragraph(
                    """
                    Every figure of a chart and of the page is one stats gives for the same period (the weeks of
                    stats --from --to, the months of stats --by month).
                    """),
            ]),
        interchange,
    ]
}
