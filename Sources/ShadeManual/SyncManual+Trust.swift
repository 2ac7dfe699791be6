extension SyncManual {
    /// What shade trusts, what it does not, and what it does with what arrives.
    public static let trust = ManualSection(
        "WHAT IS TRUSTED, AND WHAT IS NOT",
        [
            .paragraph(
                """
                Anyone who can push to the shared remote (any member, or whoever holds its password) may push
                anything git can carry; an imported file may come from anywhere; a store may be edited by hand.
                shade treats all of it as data, never as an instruction, and no arrival may cost a copy its
                local work.
                """),
            .item(
                "Trusted",
                """
                You, your own store and .git/config, your config.json, and the shade and git binaries you run.
                Nothing that arrives can change these.
                """),
            .item("Not trusted", "Every file another copy pushes, every imported file, a store edited by hand."),
            .item(
                "The gate",
                """
                sync fetches first (a fetch touches no file of yours, so a copy can always receive a mended
                remote), then lists and reads the fetched tree before merging anything: only planner files of
                the kinds the store shares (shade.json, the collections such as goals.json,
                weeks/YEAR/YEAR-Www.json, and the two rule files), only plain files (no symbolic link, no
                submodule, no executable), none over 256 MiB, and every file that differs from yours read
                through the store's own codecs (UTF-8, JSON depth 32, the record rules, no newer format).
                Anything else stops the sync in two lines naming the path, the sender and why, with exit 1;
                nothing of it is merged, your changes stay committed here, every other command keeps working,
                and the next sync after the remote is mended goes through.
                """),
            .item(
                "Your copy's own files never travel",
                """
                Whatever .gitignore or .gitattributes a remote carries: sync stages planner files by path and
                checks what it is about to commit, not only what git ignores; shade's own git rules live in
                .git/info/, which no push reaches, and are written back over whatever the remote's rule files
                say. shade never reads such a file from git. Recovery records may name only store files of
                known kinds inside the store (see shade-store(5)).
                """),
            .item(
                "Nothing runs",
                """
                Every git command runs with hooks, core.fsmonitor, submodules and symbolic links off; nothing
                from a remote is ever written into .git/. Nothing in a store, a remote or an import is ever
                executed or passed to a shell, and shade writes nothing outside the store but what you named
                (export -o FILE, report --html FILE).
                """),
            .item(
                "Stamps are bounded",
                """
                A change stamped more than 24 hours ahead of your clock counts as the time it arrived here (the
                conflict log shows both values when it meets a change of yours), so a wrong clock or a
                hand-written year 9999 wins no more than any later change.
                """),
            .item(
                "Secrets", "A password or token in a remote's URL, or in any setting, is shown as *** in every message."
            ),
            .item(
                "The worst a hostile member can do",
                """
                Change, cancel or remove shared tasks, as any member can; conflicts and log show each such change
                and who made it. check also verifies a shared planner: git tracks only planner files, no links,
                and the id index matches the weeks.
                """),
            .item(
                "A plain git pull",
                """
                One you run yourself skips the gate, but git checks out only planner files (a sparse checkout
                made from the registry), so it never writes over your ids, change log or journal; the next
                shade command reads every arrived file through its codecs and refuses a link, check names what
                git tracks that is no planner file, and the next sync stops tracking it. Prefer shade sync.
                """),
            .item(
                "Only the shared branch travels",
                "A sync fetches main by its full name, no tags and no other branch."),
        ])

    /// Two people, one planner: a real run.
    public static let example = ManualSection(
        "EXAMPLE",
        [
            .paragraph(
                """
                Two people, one planner, through a bare repository (git init --bare -b main ~/planner.git); a
                real run, each with their own HOME and SHADE_STORE=~/NAME/planner:
                """),
            .verbatim(
                """
                ana$ shade config user.name ana
                user.name is ana now
                ana$ shade add mon Gym at:07:30
                added 1 · Mon 23 Nov · morning · 07:30 · Gym
                ana$ shade add tue evening Cook for the week
                added 2 · Tue 24 Nov · evening · Cook for the week
                ana$ shade sync init ~/planner.git
                ~/ana/planner is now a shared planner (a git repository)
                  sent 3 changes to ~/planner.git
                ben$ shade config user.name ben
                user.name is ben now
                ben$ shade sync init ~/planner.git
                joined the planner at ~/planner.git: received 3 changes
                ben$ shade ls all
                ○ 1 Mon 23 Nov morning   07:30 Gym
                ○ 2 Tue 24 Nov evening         Cook for the week
                ben$ shade add wed Book the train to:ana
                added 3 · Wed 25 Nov · morning · Book the train
                ben$ shade edit 2 Cook dal for the week
                edited 2 · Tue 24 Nov · evening · Cook dal for the week
                ana$ shade edit 2 Cook soup for the week
                edited 2 · Tue 24 Nov · evening · Cook soup for the week
                ana$ shade done 1
                done 1 · Gym
                ✓ that was the last open task of Mon 23 Nov: the day is done
                ana$ shade sync
                synced with ~/planner.git: sent 2 changes, received 1 change
                  ↓ added member “ben”
                ben$ shade sync
                synced with ~/planner.git: sent 1 change, received 2 changes · 1 conflict (see: conflicts)
                  ↓ changed task “Gym”
                  ↓ changed task “Cook soup for the week”
                ana$ shade sync
                synced with ~/planner.git: sent 0 changes, received 1 change
                  ↓ added task “Book the train”
                ana$ shade ls all
                ✓ 1 Mon 23 Nov morning   07:30 Gym
                ○ 2 Tue 24 Nov evening         Cook soup for the week
                ○ 3 Wed 25 Nov morning         Book the train          →ana
                ben$ shade conflicts
                2026-11-23 08:12 task “Cook soup for the week” · title
                  kept “Cook soup for the week” (ana, 2026-11-23 08:09)
                  lost “Cook dal for the week” (ben, 2026-11-23 08:08)
                ana$ shade members
                ana  —      5 changes  (you)
                ben  —      2 changes
                """),
        ])
}
