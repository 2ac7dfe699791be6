/// shade-sync(7): sharing a planner through git, its participants and the merge (this file), what
/// is trusted and an example (`SyncManual+Trust.swift`). `help sharing` shows it.
public enum SyncManual {
    /// The page.
    public static let page = ManualPage(
        name: "shade-sync", section: "7", manual: "Miscellaneous",
        summary: "sharing a shade planner through git",
        sections: [description, participants, syncing, merge, trust, example, seeAlso])

    private static let description = ManualSection(
        "DESCRIPTION",
        [
            .paragraph(
                """
                A planner can be kept by several people, or by one person on several machines, each on a
                copy of their own. It is shared through git: each copy is a store of its own and a git
                repository, and a shared repository (a bare one on a server, a USB stick, a directory: any
                remote git accepts; the shared branch is main) is where they meet. Edits are made offline,
                always; shade sync sends and receives them, and without a network everything else keeps
                working.
                """)
        ])

    private static let participants = ManualSection(
        "PARTICIPANTS",
        [
            .paragraph("Each copy has a user, and every change is stamped with their name."),
            .item(
                "Who you are",
                """
                config user.name NAME (one word) and config user.email ADDRESS, kept in config.json: yours,
                never part of the planner; config KEY prints one, config lists them with where each comes
                from. Without them your name is git's user.name, its words joined by dots (Ana Lopez becomes
                Ana.Lopez), else your login name; your address is git's user.email, else none. git is asked
                (git config --get, no shell) only by a command that needs the name (one that changes
                something, ls mine, members, config), and a missing git is no error.
                """),
            .item(
                "Who did what",
                """
                Every task's and goal's --json has created_by and modified_by, read from the field stamps
                (null where no one is known, as in a store of an earlier format); log names each change's
                author. An import is the change of whoever imports.
                """),
            .item(
                "Given to someone",
                """
                to:NAME on add or edit (to:none takes it back), shown →NAME; ls to:NAME lists what is given
                to NAME, and ls mine what is given to you or made by you and given to no one. A repeating task
                is given day by day (edit ID to:NAME on one occurrence). A goal's participants are set with
                goal share gN NAME… (-NAME takes one off).
                """),
            .item(
                "Members",
                #"""
                members [--json] lists everyone who has changed the planner, with their email address and
                their number of changes ({"members": [{"name", "email", "changes"}]}): each distinct stamp of
                a record (its making, each field's last change) is one change of its author; the address is
                the one a member registered with the planner, else, for you, your own.
                """#),
            .item(
                "Deleting",
                """
                In a shared planner (its store is a git repository) rm of a task someone else made is refused
                and changes nothing: cancel it, since others may rely on it. review's d (drop) follows the
                same rule: on someone else's task it says so and asks again.
                """),
        ])

    private static let syncing = ManualSection(
        "SYNC",
        [
            .item(
                "sync init [REMOTE]",
                """
                Makes the store a repository (git init --shared=0600, branch main) and writes git's rules
                into .git/info/: the merge attributes (*.json merge=shade, no filters, no conversions) and
                ignore rules made from the store's registry (everything is this copy's own but the shared
                kinds' files); for a plain git pull elsewhere it writes them into .gitattributes and
                .gitignore too. It sets merge.shade.driver in the repository's own .git/config (a clone does
                not carry it) to this binary's hidden merge-driver %O %A %B %P, commits the planner, and adds
                you to its members. With REMOTE it joins the planner there (an empty store takes it as it
                is; a store with a planner of its own is merged with it), or starts it there when the remote
                is empty. Run it again to write the settings again (after moving the binary, say).
                """),
            .item(
                "sync install [--print]",
                """
                Writes shade-sync.service (runs this very binary's absolute path with sync --quiet on this
                store, SHADE_STORE pinned in the unit) and shade-sync.timer (every 5 minutes, Persistent=true
                so that a run missed while the machine was off happens at boot) to
                $XDG_CONFIG_HOME/systemd/user/, then runs systemctl --user daemon-reload and systemctl --user
                enable --now shade-sync.timer when a user systemd is running; when none is, it says so and how
                to enable the timer later. Only for a shared planner (sync init first). --print prints the
                two files and writes nothing.
                """),
            .item(
                "sync [--json] [--quiet]",
                #"""
                Commits your changes with a message that names them (shade: ana: 2 changed, and a line a
                record), fetches, passes what arrived through the gate (see WHAT IS TRUSTED), merges, and
                pushes; when another copy pushed in between, it fetches and merges again (5 times at most).
                --json is {"sent": [uids], "received": [uids], "conflicts": N}; --quiet prints nothing when
                all went well (what the timer runs). Without a network (or with no
                remote) it says so in one line and exits 1; your changes stay committed here and go at the
                next sync, and every other command works as before. A sync with nothing to do starts four
                git processes (one read of the settings, git status, the fetch, one read of what came); one
                with changes eight, whatever their number. It notes in .git/shade-checked the last commit it
                checked to hold planner files only: while HEAD is that commit and nothing is staged, what
                git tracks needs no second look. Any other HEAD (a plain git pull, a commit by hand) is
                looked at whole again.
                """#),
            .item(
                "sync auto on|off, sync status [--json]",
                #"""
                sync auto on (a setting of this copy, kept in its sync.json, off until turned on) has each
                change saved here start a sync in the background: a process of its own (one at a time per
                store), detached from the command, which answers as fast as without it. It waits a second (a
                run of changes goes in one sync), then syncs until no change made here waits to be sent.
                When the remote cannot be reached its error is in sync status (the first try gives git 20
                seconds), and the next try waits 30 seconds, doubled each time up to 15 minutes, for as long
                as changes wait and auto is on. A planner linked to a task list (caldav init) is synced with
                it too, after the git side or alone. A sync waits for the network without the store's lock:
                fetching and sending hold only a lock of their own (sync-run.lock), so no command of the
                planner waits for a remote that hangs. sync status shows the remote (any password or token
                as ***), auto, the last sync that went through, the last error (none after a sync that went
                through) and pending, the changes of the change log made here and not sent yet; --json is
                {"remote", "auto", "last_sync", "last_error", "pending"}, remote null when not shared.
                """#),
            .item(
                "caldav init URL [--calendar NAME] [--user NAME], caldav status [--json], caldav off",
                #"""
                Links the planner to a task list on a CalDAV server (RFC 4791): URL is the list's collection
                URL, or the server's with --calendar NAME (found among the user's calendars by its name).
                The password comes from SHADE_CALDAV_PASSWORD, else from the file caldav.password_file names
                in config.json, which must be yours and mode 0600; shade never writes it anywhere and never
                prints it, and a URL with a password in it is refused. sync then also syncs with the list,
                both ways, with or without a git remote: every task from four weeks ago on goes out as a
                VTODO (uid = UID, X-SHADE-SLOT, DUE for a day or DTSTART for a time, STATUS, CATEGORIES, as
                export --format ics writes it, with what another program keeps in the item and shade does
                not hold, a LOCATION or its own X- properties, left as it was), by PUT only while the item's
                ETag is the one last seen; a VTODO made, changed, completed
                or deleted on the list (a phone's task app) arrives as a change by the fields that changed
                since the last sync (the ETag tells), at its LAST-MODIFIED, and meets this copy's changes by
                the rule of a git sync, the value that lost going to conflicts. A VTODO with no
                X-SHADE-SLOT is filed in the slot its time falls in (no time: morning); an open one with no
                date is an inbox task (given a date there, it is planned on it), and an inbox task goes to
                the list with none; a task of a day the phone takes the date off stays on its day. A repeating task is one item, its times on the local wall clock: its
                VTODO with an RRULE (an EXDATE for each day taken out of it) and, with the same UID, a
                VTODO with a RECURRENCE-ID for each
                occurrence of its own from four weeks ago on; the phone's changes to the series, a day it
                takes out and an occurrence it marks done or changes arrive by the same rule, and a series
                made there arrives as a repeating task (COUNT as count:N; one with a rule shade has no
                words for, BYMONTHDAY 15 and the like, is left alone on the list; one the phone makes plain, or a task it makes
                repeat, ends here at the next sync and comes back in its new kind at the one after). The
                client is
                shade-caldav, a program beside shade that shade runs: it does the HTTP and reads the
                server's XML; shade reads its answer as an imported file, bounded, and takes no item
                outside the list. A server that is down or answers badly: one line, exit 1, nothing lost;
                caldav status shows the error ({"url", "calendar", "user", "last_sync", "last_error"}) and
                the next sync tries again. caldav off unlinks the planner; the list keeps its tasks.
                """#),
            .item(
                "A plain git pull",
                """
                Merges through the same driver, and the next shade command (check included) settles what it
                brought, giving arrived tasks ids here. It skips the gate: prefer shade sync.
                """),
            .item(
                "Live",
                "A REPL sees what a sync brought at its next command, as it sees another terminal's changes."),
        ])

    private static let merge = ManualSection(
        "THE MERGE",
        [
            .paragraph(
                #"""
                The merge is per record by uid (a category by name) and per field by its stamp. A field
                changed on one side only keeps that change; a field changed on both takes the later change
                (last writer wins; at the same second, authors in name order, then values in a fixed order:
                every copy picks the same). A set merges as a set: a task's tags and a goal's participants
                changed on both sides keep both sides' changes, element by element (+a on one copy and +b on
                the other give both; a tag one side removes is gone), with no conflict. A removal leaves a
                tombstone in the file: a removal after a
                task's last change wins; a change after the removal brings the task back, as the copy that
                changed it has it, and the removal goes to the conflict log ("field": "removed"). Two copies
                that act on the same day of a repeating task make one record (its uid is the series' and the
                day's). After any order of syncs between any number of copies, all copies hold the same
                planner: their --json views are the same, apart from local ids.
                """#),
            .item(
                "Conflicts",
                #"""
                The value a merge overwrote goes to this copy's conflict log, with both values, who and when:
                conflicts [--json], newest first and numbered ({"conflicts": [{"number", "uid", "field",
                "kept", "lost", "kept_by", "lost_by", "kept_at", "lost_at"}]}). The log is local to the copy
                that did the merge. conflicts restore N puts back the value that lost in conflict N (1 = the
                newest) on the record as it is now, as a change of its own: the next sync sends it, it wins
                on every copy, and undo takes it back. A removal that lost is made again; a change that lost
                to a removal cannot be put back (the record is gone with its values), and it says so.
                """#),
            .item(
                "Undo after a sync",
                """
                undo of a change a sync has sent makes a new change, listed in log as undo LABEL and stamped
                when it is made, which the next sync sends and which wins on every copy. It puts back only the
                fields the change changed: another member's later edit of another field stays. A change not
                sent yet is taken back as in a planner of one. undo passes over the undo changes, over what
                other copies made, and over the sync's own note of you among the members: the next undo takes
                back your change before.
                """),
            .item(
                "Tombstones are compacted",
                """
                A removal stays in its file (a tombstone) so that a merge can tell it from a record that was
                never there. Once it is older than sync.keep_removals_days in config.json (90 unless set)
                and every member has synced past it (their newest commit no longer holds the record), a sync
                drops it and sends the file without it; the merge then drops it on every copy (a tombstone
                one side dropped and the other kept as it was is gone). A member with no commit since, or
                whose newest commit still holds the record, keeps it. A copy looks once a day at most.
                """),
            .item(
                "Read back before it is kept",
                """
                The merged file is read back through the store's own codecs before git gets it; a version
                that does not read (a file cut short, markers of a text merge) makes the driver fail, git
                keeps both, and sync aborts the merge, names the file and leaves the copy as it was.
                """),
            .item(
                "Ids are each copy's own",
                """
                A task that arrives gets the next id here; a task another copy moved to another week keeps
                the id it has here; ids you have seen never change. A task one copy moved while the other
                changed it where it was is made one again, field by field. A change's time is the clock's
                (SHADE_NOW when set), and a merge never changes a stamp, so created_by, modified_by and
                modified agree on every copy.
                """),
            .item(
                "In the change log",
                """
                What a sync (or a plain git pull) brought is recorded as received by sync changes, one per
                member who made them (the author of each record's latest stamp; for a task taken out of a file
                with no tombstone, whoever committed that file), so log lists every change another copy made
                here and who made it. undo passes over them and takes back your own newest change: undoing
                another member's work would undo it on every copy (cancel or edit it instead, as any change).
                A copy that joins records nothing: it starts as the planner is.
                """),
            .item(
                "Private",
                """
                Files 0600 and folders 0700 on every copy, .git included (sync runs git with umask 077 and
                core.sharedRepository=0600). Never sent: ids, the change log and undo history, the journal,
                backups, caches, locks, the reminders sent, the conflict log, your config.json.
                """),
            .item(
                "Limits",
                """
                Tombstones are kept for good (about 80 bytes each); every copy must run a shade that writes the
                same store format (a merge of two formats is refused, and says so).
                """),
        ])

    private static let seeAlso = ManualSection(
        "SEE ALSO",
        [
            .paragraph(
                """
                shade(1), shade-store(5), git(1); shade help sync, shade help sync auto, shade help sync
                status, shade help conflicts, shade help conflicts restore, shade help members.
                """)
        ])
}
