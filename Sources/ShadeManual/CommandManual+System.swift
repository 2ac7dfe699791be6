extension CommandManual {
    /// The page's closing sections: configuration, completion, environment, files, exit status,
    /// examples and the other pages.
    public static var system: [ManualSection] {
        [
            configuration, completion,
            ManualSection("ENVIRONMENT", environment.map { .item($0.0, $0.1) }),
            ManualSection("FILES", files.map { .item(.italic($0.0), $0.1) }),
            ManualSection("EXIT STATUS", exitStatus.map { .item($0.0, $0.1) } + [errors]),
            ManualSection("EXAMPLES", examples.map { .item("shade " + $0.0, $0.1) }),
            ManualSection(
                "SEE ALSO",
                [
                    .paragraph(
                        """
                        shade-store(5): the store's files, formats and durability, and the resident process
                        (also shade help store). shade-sync(7): sharing a planner through git, the merge, and
                        what is trusted (also shade help sharing).
                        """)
                ]),
        ]
    }

    private static let configuration = ManualSection(
        "CONFIGURATION",
        [
            .paragraph(
                """
                config.json (in $XDG_CONFIG_HOME/shade/, else ~/.config/shade/) holds the person's settings,
                never part of the planner: the slot boundaries, who you are in the change log, the default
                reminder and the slots' capacity.
                """),
            .verbatim(
                #"""
                {"slots": {"morning": "06:00", "afternoon": "12:00", "evening": "18:00"},
                 "user": {"name": "ana", "email": "ana@example.org"},
                 "reminders": {"default": "15m"}, "capacity": {"evening": 2, "saturday": {"evening": 1}}}
                """#),
            .paragraph(
                """
                The starts must be in order; the evening ends at midnight. config user.name|user.email writes
                user (mode 0600, keeping every other setting); without user.name, changes are by git's
                user.name, else the login name (see shade-sync(7)). reminders.default is the reminder every new
                task gets when add names none (remind:none leaves it out for one task); it takes what remind:
                takes. capacity holds the slots' limits; the capacity command writes it, atomically, keeping
                every other setting as it is.
                """),
        ])

    private static let completion = ManualSection(
        "COMPLETION",
        [
            .paragraph(
                """
                completion bash|zsh|fish prints a completion script written from the commands' grammars, as
                this page is, so that both name every command, flag and option there is; scripts/install puts
                each where its shell looks. Tab completes commands, a group's commands, flags, option values,
                days and slots, and reads from the store, when pressed, the categories after cat:, tags after
                +, goals after goal: and the ids of the tasks around the week in view (open ones for done,
                closed ones for undone); zsh and fish show each id with its title. The REPL's Tab works the
                same way (its second Tab lists ID and title, one a line).
                """)
        ])

    private static let environment: [(String, String)] = [
        ("SHADE_STORE", "The store directory (as --store DIR)."),
        ("SHADE_NOW", "Pins the clock, in local time: 2026-11-23T09:30. Tests and scripts rely on it."),
        (
            "SHADE_NOTIFY_CMD",
            "The command remind --due delivers a reminder with (default notify-send --app-name=shade --), split at blanks, never run through a shell; the title and the body are added as two more arguments."
        ),
        (
            "SHADE_RESIDENT",
            "off (or 0, no): no resident process; a number: the seconds one waits for a command before it ends (default 600). See shade-store(5)."
        ),
        ("NO_COLOR", "Any value but the empty one turns colour off."),
        ("TERM", "dumb turns colour and cursor movement off."),
        ("COLUMNS", "The width charts are drawn to when standard output is no terminal (else 80)."),
        (
            "LC_ALL, LC_CTYPE, LANG",
            "The first one set says whether the terminal reads UTF-8; if not, charts are drawn in ASCII."
        ),
        ("TZ", "The time zone of the clock (and of SHADE_NOW)."),
        ("XDG_DATA_HOME", "The default store is $XDG_DATA_HOME/shade, else ~/.local/share/shade."),
        (
            "XDG_CONFIG_HOME",
            "The configuration is $XDG_CONFIG_HOME/shade/config.json, else ~/.config/shade/config.json."
        ),
        (
            "XDG_STATE_HOME",
            "The REPL's history is $XDG_STATE_HOME/shade/history, else ~/.local/state/shade/history; beside it git-settings keeps git's user.name and user.email while git's configuration files stay as they were, so that a change does not start git."
        ),
        (
            "XDG_RUNTIME_DIR",
            "Where a store's resident process listens ($XDG_RUNTIME_DIR/shade/; without it, every command runs on its own), and how remind install reaches the user's systemd."
        ),
        ("HOME", "Where the defaults above start when the XDG variables are not set."),
    ]

    private static let files: [(String, String)] = [
        (
            "~/.local/share/shade/",
            "The store: a directory of JSON files (a file a week under weeks/, categories.json, series.json, goals.json, the change log under undo/), created on the first write, private to the user. See shade-store(5)."
        ),
        (
            "~/.config/shade/config.json",
            "Slot boundaries, the user's name in the change log, the default reminder and the slots' capacity."
        ),
        ("~/.local/state/shade/history", "The REPL's line history."),
        (
            "~/.config/systemd/user/shade-remind.service, shade-remind.timer",
            "Written by remind install: they run remind --due every 5 minutes and at each slot's start."
        ),
        (
            "~/.config/systemd/user/shade-sync.service, shade-sync.timer",
            "Written by sync install: they run sync --quiet every 5 minutes."
        ),
    ]

    private static let exitStatus: [(String, String)] = [
        ("0", "Success."),
        (
            "1",
            "The command was understood but could not be done: an unknown id, a bad date, a damaged store, an I/O error."
        ),
        (
            "64",
            "The command could not be parsed (EX_USAGE): an unknown command or filter, a bad option, a word that is no number."
        ),
        ("75", "The store stayed locked by another shade process for 30 s (EX_TEMPFAIL); try again."),
    ]

    private static let errors = ManualBlock.paragraph(
        """
        Every error is one or two lines on standard error saying what was wrong and what would be right. An
        unknown command suggests the nearest one (dya: did you mean 'day'?); a command given without the
        words it needs (add, show) is a usage error that shows how it is typed; a line that is not
        understood (an unknown option, a missing id, a word too many, done abc) says in one more line where
        to look (see: help done).
        """)

    /// Each example with what it does; a test runs every one.
    public static let examples: [(String, String)] = [
        ("add tue evening Call the bank +errand cat:bill", "Add a task to Tuesday evening, with a tag and a category."),
        (
            "add fri Dentist at:4:30pm remind:1h",
            "Add a timed task to Friday, in the slot its time falls in, with a reminder."
        ),
        ("done 4 7", "Mark tasks 4 and 7 done."),
        ("day tomorrow", "Print tomorrow's timeline."),
        ("week next --json", "Print next week as JSON."),
        ("ls overdue", "List the open tasks whose slot has ended."),
        ("carry --dry-run", "List what carry would move on to now."),
        ("stats --weeks 4", "Completion of the last four weeks."),
        ("completion zsh", "Print the zsh completion script (scripts/install puts it where zsh looks)."),
    ]
}
