/// shade-store(5): the store's files and their formats (this file), how a change is made durable
/// and the resident process (`StoreManual+Durability.swift`). `help store` shows it.
public enum StoreManual {
    /// The page.
    public static let page = ManualPage(
        name: "shade-store", section: "5", manual: "File Formats",
        summary: "the files of a shade planner and how they stay whole",
        sections: [description, files, format, changes] + durability + [resident, environment, seeAlso])

    private static let description = ManualSection(
        "DESCRIPTION",
        [
            .paragraph(
                """
                A shade store is a directory of JSON files: the planner's weeks and collections, and the
                files this copy keeps for itself (ids, the change log, backups, the commit journal, caches).
                It is the directory --store names, else $SHADE_STORE, else $XDG_DATA_HOME/shade, else
                ~/.local/share/shade. It is created on the first write with mode 0700 (files 0600); a read
                command on a store that does not exist shows empty views and creates nothing.
                """),
            .paragraph(
                """
                Below, STORE stands for the store's directory. Nothing in it needs editing by hand: shade
                check verifies every file and names each problem with its place, and shade restore brings
                back what a change replaced.
                """),
        ])

    private static let files = ManualSection(
        "FILES",
        [
            .item(.italic("STORE/shade.json"), #"The store's header: {"format": 3, "kind": "store"}."#),
            .item(
                .italic("STORE/weeks/2026/2026-W48.json"),
                "The tasks of one ISO week, keyed by day, then slot, each known by its uid."),
            .item(.italic("STORE/categories.json"), "The categories and their colours."),
            .item(
                .italic("STORE/series.json"),
                "The repeating tasks: what each occurrence is, its rule, its exceptions."),
            .item(.italic("STORE/templates.json, STORE/goals.json"), "Week templates and goals."),
            .item(
                .italic("STORE/members.json"),
                "Who shares the planner: each member's name and email address."),
            .item(
                .italic("STORE/ids/weeks/2026-W48.json"),
                "This copy's short id of each task of that week, by uid."),
            .item(
                .italic("STORE/ids/0000.json"),
                "The week each id of 0 to 1023 lives in (null: removed); ids/goals.json numbers the goals."),
            .item(
                .italic("STORE/summary/2026.json"),
                "Each week of week-year 2026 summed up: a cache, for stats, goals, cat and members."),
            .item(
                .italic("STORE/summary/repeats.json"),
                "The tallies of the occurrences in each week shown: a cache, for week."),
            .item(
                .italic("STORE/summary/goals.json"),
                "The weeks that hold each goal's tasks, year by year: a cache, for goals, history and report."),
            .item(
                .italic("STORE/summary/places.json"),
                "Where each week's tasks of each category and tag were done, for the year plan last looked at: a cache, for plan."
            ),
            .item(
                .italic("STORE/inbox.json, STORE/ids/inbox.json"),
                "The tasks with no day yet, and this copy's ids of them (from the same count as the weeks' ids)."),
            .item(
                .italic("STORE/reminders.json"),
                "This copy's record of the reminders it sent or marked missed (reminders.lock: runs take turns)."),
            .item(.italic("STORE/conflicts.json"), "This copy's conflict log: the values its merges overwrote."),
            .item(
                .italic("STORE/sync.json"),
                "How this copy's sync stands: auto on or off, the last sync and its error, how far the change log was sent."
            ),
            .item(
                .italic("STORE/caldav.json"),
                "This copy's link to a CalDAV task list: its URL and user, and each task and repeating task as last synced there, with its ETag (never a password)."
            ),
            .item(
                .italic("STORE/.git/, .gitignore, .gitattributes"),
                "A shared planner's repository and git's rules for it (see shade-sync(7))."),
            .item(.italic("STORE/undo/0000000042.json"), "The change log: one recent change each, for undo and log."),
            .item(
                .italic("STORE/backups/0000000012/"),
                "The files change 12 replaced, as they were (the last 10 changes' sets are kept)."),
            .item(.italic("STORE/backups/format-2/"), "The whole store as format 2 left it, kept by the upgrade."),
            .item(
                .italic("STORE/journal/commit.log"),
                "The commit records of recent changes, until a checkpoint (64 KiB to 4 MiB, written in place)."),
            .item(
                .italic("STORE/journal/0000000007-BOOT.done"),
                "The commit record of a recent change too large for commit.log, until a checkpoint."),
            .item(
                .italic("STORE/journal/redo.log"),
                "Changes the REPL answered before writing their files (1 MiB, written in place)."),
            .item(.italic("STORE/journal/redo-applied.json"), "How far the files have taken redo.log."),
            .item(
                .italic("STORE/lock"),
                "The lock every reader and writer takes (and who last held it alone: a count)."),
            .paragraph(
                """
                The week files and the collections (categories.json, series.json, templates.json,
                goals.json, members.json) are the planner itself: what a sync shares. Each holds, under
                "removed", the uids (or keys) removed from it with when and by whom (tombstones, for the
                merge). The id indexes, the change log, the reminder ledger, the conflict log, the
                summaries, the backups and the journal are this copy's own and never travel. One registry
                says of each kind of file where it lives, whether it is shared, its schema and its codec;
                the store, check, backups, restore, recovery, the upgrade and sync all know files through it.
                """),
        ])

    private static let format = ManualSection(
        "FORMAT",
        [
            .paragraph("A week file (one task shown):"),
            .verbatim(
                #"""
                {
                  "format": 3,
                  "kind": "week",
                  "week": "2026-W48",
                  "days": {
                    "2026-11-23": {
                      "morning": [
                        {
                          "uid": "7e78feca-8a26-4e7a-8049-6d568eacf561",
                          "title": "Gym",
                          "time": "07:30",
                          "status": "done",
                          "tags": [
                          ],
                          "category": "health",
                          "created": "2026-11-23T09:30:00+00:00",
                          "modified": "2026-11-23T09:30:00+00:00",
                          "done_at": "2026-11-23T09:30:00+00:00",
                          "stamps": {
                            "made": {"at": "2026-11-23T09:30:00+00:00", "by": "demo"},
                            "changed": {"status": {"at": "2026-11-23T09:30:00+00:00", "by": "demo"}}
                          }
                        }
                      ],
                      "afternoon": [ … ],
                      "evening": [ … ]
                    }
                  }
                }
                """#),
            .item(
                "Why this layout",
                """
                A command reads and writes the week it shows or changes, its id index and one id shard,
                never the whole history: it costs what a week costs, however many years the store holds.
                day run on its own parses and checks its week's file whole (its JSON, header, day keys and
                slot lists, each task's uid once, each id of the index once) but decodes only the day's
                tasks; a damaged task of another day is named when that day or the week is read, by a
                change to the week, and by check. A change run on its own that adds a task to one day, or
                changes one where it lies (done, edit, star), reads that day alone, and writes the other
                days back as their text, unread: shade's own strict check of the whole file stands for
                json-c's parse of those days, and the week's id index certifies each day's text (checked,
                a hash of it) as one this copy read in full or wrote. A day whose text the index does not
                certify (edited by hand, or by another copy) makes the change read the week whole, which
                names any damage and certifies the days again. Each such change certifies the day it wrote
                (the index's ids written back as they were), so that the next, to any day, reads its day
                alone too, and keeps in checked (as file) where each day lies and each task's id, slot,
                whether it is open and where it lies, with a keyed hash of the whole file it wrote and of
                all that: while both have that hash, the next change finds the other days there rather than
                in their text, and of its own day decodes only the task it changes (none for an add), the
                others written back as their text. The id
                shard and the week's id index are read the same way, strictly checked, their entries read
                from their text, and ids handed out are written after those there. A task leaves out each
                field that holds nothing (notes,
                time, category, color, remind and done_at while null, favorite while false, and the fields
                that came later while unset); a missing field reads as unset.
                """),
            .item(
                "Repeating tasks",
                #"""
                A repeating task is kept once, as a series in series.json ({"uid", "title", …, "every": "weekday",
                "anchor": "2026-11-23", "until": null, "exceptions": […]}); the occurrences of a week are
                computed when the week is read, so a rule that runs for ten years costs nothing until a
                week is shown. An occurrence's uid is the series' uid, @ and its date (the same in every
                copy); its id is numbered in the week's id index the first time the week is shown. Acting
                on an occurrence (done, cancel, mv, edit, star, note) files it in its week as a task of its
                own, with "series", under the same uid and id, and adds its date to the series' exceptions;
                rm adds the exception alone; rm --series sets until to the day before.
                """#),
            .item(
                "Identity",
                """
                A task's uid (a random UUID) is its identity in every shared file and never changes. Its
                short id is this copy's handle: handed out in order, never reused, kept in the week's id
                index (ids/weeks/) and the id shards (ids/), never in a week file. Two copies of a planner
                may number the same task differently, and neither copy's ids ever change. A task that
                arrives in a week file without an id here (from another copy) is numbered by the next
                write; check notes it until then.
                """),
            .item(
                "Field stamps",
                """
                Every field a user sets (date, slot, title, notes, time, status, tags, category, colour,
                star, who it is given to; a category's name and colour) carries when it was last changed
                and by whom (config user.name, else git's user.name, else the login name): made for the
                record's making, and each field changed since under changed. Each change stamps exactly
                the fields it set; undo gives the fields back their stamps. Stamps compare by instant
                (whatever UTC offset each was written in), then by author, so that every copy picks the
                same later change: a sync merges by them, field by field.
                """),
            .item(
                "Summaries",
                """
                stats reads summary/YYYY.json, one small file per week-year holding each week's
                done/open/cancelled counts by weekday and slot, instead of the weeks themselves. It is a
                cache stamped with each week file's size and modification time: a change does not write
                it; the next reader that needs a changed week's tallies recounts that week from its file
                and writes the summary back. Each week's entry also holds a digest of its tasks (the goals
                they join, their counts by category, each author's changes), so cat and members read no
                week at all. summary/goals.json names, year by year, the weeks that hold each goal's tasks:
                goals, goal show, review, history and report read those weeks and no other, whatever the
                years kept. Each year's part holds while the folder weeks/YYYY/ is as it was (a week file
                written there, by shade, git or an editor that saves a new file, changes the folder);
                check finds a part a week file edited in place left behind, and removes the file.
                summary/repeats.json does the same for the occurrences of repeat rules;
                any change of the series makes it stale, and week then counts from the series and writes
                it anew. summary/places.json, kept apart so that only plan reads it, counts each week of
                the year before the week planned by category and tag, weekday and slot, stamped as the
                week-year summaries are. The REPL keeps the weeks and id shards it has read while their files keep their
                inode, size and modification time, so another terminal's change is seen at its next command.
                """),
            .item(
                "Format versions",
                """
                Format 2 added a task's category, color and favorite; format 3 the field stamps, and uids
                as the identity in week files (ids moved to the per-copy index). A store of an earlier
                format opens as it is. Its first write keeps the whole store as it was under
                backups/format-N/ (hard links, flushed), rewrites every week, the categories and the id
                shards in format 3, 64 weeks an atomic commit, the last of which marks the store format 3,
                and only then makes its own change: a crash part-way leaves a store that reads as before
                and whose next write finishes the upgrade. Tasks of an earlier format are stamped as made
                when created (by someone unknown) and, when changed since, every field as of their last
                change; a task copied by hand in an earlier format (two tasks, one uid) keeps its id and
                gets the uid UID-copy-ID, the same in every copy that upgrades it. A store or file of a
                newer format than this shade knows is refused with a clear message and never rewritten.
                """),
            .item(
                "Stable and diffable",
                """
                JSON written through json-c, pretty printed, keys in a fixed order, days in date order,
                slots always all three: saving the same content gives the same bytes. A change to a week
                writes the tasks it changed and puts the others back as the file held them (a day it left
                alone, whole), so a diff of two saves shows only what changed (a task or a day laid out by
                hand keeps its layout until it changes, when shade writes it as above). The format version
                is in every file; the JSON Schema of every kind of file is data/store.schema.json in
                shade's sources (python3 scripts/validate-store.py STORE checks a store against it).
                """),
        ])

    private static let changes = ManualSection(
        "CHANGES",
        [
            .paragraph(
                """
                Every change, whoever starts it (a typed command, a review answer, an import, a merge from
                another copy), is one record of what it did: per record (by uid), what it was and what it
                becomes, and so per field the old and the new value, with when and by whom. The store
                applies it as one atomic step and keeps it in the change log (undo/), the last 50 of them:
                undo applies the newest change's inverse, whatever it touched, and log lists them. A
                change that changes nothing writes nothing and is no undo step.
                """)
        ])

    private static let environment = ManualSection(
        "ENVIRONMENT",
        [
            .item("SHADE_STORE", "The store's directory (as --store DIR)."),
            .item("XDG_DATA_HOME", "The default store is $XDG_DATA_HOME/shade, else ~/.local/share/shade."),
            .item(
                "XDG_RUNTIME_DIR",
                "Where a store's resident process listens ($XDG_RUNTIME_DIR/shade/); without it, none starts."),
            .item(
                "SHADE_RESIDENT",
                "off (or 0, no): no resident process; a number: the seconds one waits for a command (600)."),
        ])

    private static let seeAlso = ManualSection(
        "SEE ALSO",
        [.paragraph("shade(1), shade-sync(7); shade check, shade restore, shade log, shade undo.")])
}
