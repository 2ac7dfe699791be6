extension StoreManual {
    /// The resident process: what it is for, which commands it answers, and when it steps aside.
    public static let resident = ManualSection(
        "THE RESIDENT PROCESS",
        [
            .paragraph(
                """
                A one-shot command pays for starting a process (what shade --version takes) and then for
                reading its week before it can answer. So that commands run one after another (from a
                shell, a script, an editor, a status bar) answer in little more than the start, the first
                one-shot command on a store starts a resident process for it, shade --resident DIR, and
                the commands after it hand it their words. It keeps the weeks it has read, as the REPL
                does, and answers each command as the REPL answers a line. It is the same program running
                the same code: a command prints, exits and changes the store exactly as it would on its
                own.
                """),
            .item(
                "Which commands",
                """
                add, done, undone, cancel, rm, mv, edit, star, unstar, note, show, day, week, ls, find,
                stats, chart, history, log and undo. Everything else (help, the REPL, scripts on standard
                input, sync, import, export, report, review, config, …) always runs on its own, as does a
                command that names --store after its command word or reads standard input (-).
                """),
            .item(
                "How",
                """
                Over a Unix socket in $XDG_RUNTIME_DIR/shade/ (the per-user runtime directory a login
                session provides: private, in memory, emptied at logout; shade makes its shade/ folder mode
                0700 and uses it only when it is the user's and private). The command sends its arguments
                and, as file descriptors, its standard input, output and error and its working directory:
                what the resident process prints goes straight to the command's own terminal or pipe,
                colour and width are decided on it, and relative paths mean what they mean where the
                command runs. The command exits with the exit code the resident process reports.
                """),
            .item(
                "Only for the same program and environment",
                """
                The resident process answers only a command started from the same program file (device,
                inode, size and modification time: after an upgrade or a rebuild, it declines and ends),
                with the same environment (every variable but those a shell changes by itself: _, PWD,
                OLDPWD, SHLVL; so a command with another SHADE_NOW or NO_COLOR runs on its own), for the
                same store (by real path), from the same user (checked on the socket). Each command gets a
                fresh session: the configuration, git's user name and the clock are read again.
                """),
            .item(
                "Durability",
                """
                A change is answered once its redo-log frame is flushed, as at the REPL; the resident
                process writes its files right after the answer, and the journal's checkpoint once commands
                pause for a second. Killed at any moment, it loses nothing that was answered: any other
                shade process finishes its redo log first. A command whose resident process is killed while
                it runs a change says so and exits 1 (shade log 1 shows whether the change was made); a
                view is simply run again on its own.
                """),
            .item(
                "Never in the way",
                """
                When no resident process listens, or it does not take the command within 2 seconds (busy
                with another), the command runs on its own; a resident process runs nothing the command has
                not confirmed it still waits for, so a command is never run twice. It has its own session
                (no terminal's signals reach it), keeps nothing of the command's once it answers, and ends
                after ten minutes without a command (SHADE_RESIDENT=N seconds), when its store is gone, or
                when its program file changes, with every change in the files. SHADE_RESIDENT=off, or no
                XDG_RUNTIME_DIR, turns it off.
                """),
        ])
}
