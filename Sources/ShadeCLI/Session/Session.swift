import ShadeCore
import ShadeHost
import ShadeRendering
import ShadeStore

/// Everything a command runs against: the store, the clock, the view, and how to print.
///
/// One-shot commands get a fresh session whose view is today and the current slot; the REPL
/// keeps one session and its view across commands.
public final class Session {
    /// The environment the process started with.
    public let environment: ShadeEnvironment
    /// The store in use.
    public let store: Store
    /// Who the user is: the author of every change (the store asks it), and what `mine` means.
    public let identity: UserIdentity
    /// The slot boundaries.
    public var schedule: SlotSchedule
    /// The reminder a new task gets when `add` names none (configured).
    public let defaultReminder: Reminders?
    /// How many open tasks each slot holds before it is over-full (configured; `capacity`
    /// changes it).
    public var capacity: SlotCapacity
    /// How many days a removal stays in a shared planner's files before a sync may drop it.
    public let keepRemovalsDays: Int
    /// The file holding the CalDAV password, when the settings name one.
    public let caldavPasswordFile: String?
    /// Where the user is looking.
    public var view: PlannerView
    /// Whether navigation commands move the view (REPL and scripts) or not (one-shot).
    public let isInteractive: Bool
    /// Colour on the terminal, when standard output is one.
    public let colorMode: ColorMode
    /// The REPL's standing filter (`filter …`): every view applies it until `filter clear`.
    var standingFilter: (words: [String], query: TaskQuery)?

    /// Applies the standing filter, if any, to tasks.
    func applyStandingFilter(_ tasks: [PlannerTask]) throws(CommandError) -> [PlannerTask] {
        guard let standingFilter else { return tasks }
        let now = try now()
        return tasks.filter { standingFilter.query.matches($0, now: now, schedule: schedule) }
    }

    /// The view as the clock last set it: while the view is still that, the user has not moved
    /// it, and it follows the clock (a REPL left open from morning to evening is in the evening).
    private var clockView: PlannerView?

    /// Moves the view to the day and slot of `now` when the user has not moved it since the clock
    /// last set it.
    func followClock(to now: Moment) {
        guard let clockView, view == clockView else { return }
        let current = PlannerView(now: now, schedule: schedule)
        view = current
        self.clockView = current
    }

    /// The batch of changes open (a script's lines saved together), through which the store is
    /// read and changed until it is saved.
    var batch: StoreBatch?

    /// Reads the store (through the open batch, if any).
    func read<T>(_ body: (StoreState) throws -> T) throws -> T {
        if let batch { return try store.read(in: batch, body) }
        return try store.read(body)
    }

    /// Commits one change (into the open batch, if any: saved with it).
    func commit(label: String, now: Moment, _ make: (StoreState) throws -> [RecordChange]) throws -> Change {
        // Who the change is by is found out before the store's lock is taken: another program
        // (git) is never started while other shade processes wait for the lock.
        _ = identity.name
        if let batch { return try store.commit(in: batch, label: label, now: now, make) }
        return try store.commit(label: label, now: now, make)
    }

    /// Where a command that asks (review) reads its answers: the next line of the REPL's or the
    /// script's input, after the question (and what was printed before it) is shown; nil at the
    /// end of input. Without one, a command asks nothing.
    var answers: ((SafeText) -> String?)?

    /// Whether the REPL reads its lines from standard input (then `import -` cannot read a file
    /// from it).
    var readsLinesFromStandardInput = false

    /// Text written by the commands run so far (taken by the runner after each command).
    var pendingOutput = SafeText()
    /// Whether a command that prints a piece at a time (`export`) writes each piece to standard
    /// output at once (after what is queued): else every piece is queued, for an embedder that
    /// takes the output as text (`CommandEngine`).
    var streamsOutput = true
    private let clockOverride: Moment?

    /// Creates a session.
    public init(
        environment: ShadeEnvironment, store: Store, identity: UserIdentity? = nil, schedule: SlotSchedule,
        now: Moment, isInteractive: Bool, colorMode: ColorMode, clockOverride: Moment? = nil,
        defaultReminder: Reminders? = nil, capacity: SlotCapacity = SlotCapacity(), keepRemovalsDays: Int = 90,
        caldavPasswordFile: String? = nil
    ) {
        self.caldavPasswordFile = caldavPasswordFile
        self.identity = identity ?? UserIdentity(fixed: store.author)
        self.capacity = capacity
        self.keepRemovalsDays = keepRemovalsDays
        self.environment = environment
        self.defaultReminder = defaultReminder
        self.store = store
        self.schedule = schedule
        self.view = PlannerView(now: now, schedule: schedule)
        self.clockView = view
        self.isInteractive = isInteractive
        self.colorMode = colorMode
        self.clockOverride = clockOverride
    }

    /// The current moment: `SHADE_NOW` when pinned, else the system clock, read afresh.
    public func now() throws(CommandError) -> Moment {
        if let clockOverride { return clockOverride }
        do { return try SystemClock.now(environment: environment) } catch { throw CommandError(error) }
    }

    /// A resolver for day and week words, relative to the clock and the view.
    func resolver() throws(CommandError) -> DayResolver {
        DayResolver(today: try now().date, view: view.date)
    }

    /// The rendering context for text views, its store part read in one step (none when nothing
    /// of the store is needed).
    /// `series`: whether the repeat series are read too (for what an occurrence's `repeat` is,
    /// in `show` and JSON; other views need not read them). `goals`: whether the goals are read
    /// (for the goal a task counts towards; a view that shows no task need not read them).
    func renderContext(series withSeries: Bool = false, goals withGoals: Bool = true) throws(CommandError)
        -> RenderContext
    {
        let style = outputStyle()
        guard style.enabled || withSeries || withGoals else { return try renderContext(style: style, StoreParts()) }
        let parts =
            (try? read { state in StoreParts(state, colors: style.enabled, series: withSeries, goals: withGoals) })
        return try renderContext(style: style, parts ?? StoreParts())
    }

    /// The rendering context, its store part read from a state already open (a view reads it in
    /// the step that reads its tasks).
    func renderContext(series withSeries: Bool = false, in state: StoreState) throws(CommandError) -> RenderContext {
        let style = outputStyle()
        return try renderContext(
            style: style, StoreParts(state, colors: style.enabled, series: withSeries, goals: true))
    }

    /// What a rendering context takes from the store; each part as far as it could be read (a
    /// view is still drawn when one is damaged).
    struct StoreParts {
        var colors: [String: TaskColor] = [:]
        var series: [String: RepeatSeries] = [:]
        var goals: [String: Goal] = [:]

        init() {}

        init(_ state: StoreState, colors withColors: Bool, series withSeries: Bool, goals withGoals: Bool) {
            // Colours matter only where they are drawn.
            if withColors, let categories = try? state.categories() {
                for category in categories { colors[category.name] = category.color }
            }
            if withSeries, let list = try? state.repeatSeries() { for one in list { series[one.uid] = one } }
            if withGoals, let list = try? state.goals() { for goal in list { goals[goal.uid] = goal } }
        }
    }

    private func outputStyle() -> Style {
        Style(
            enabled: colorMode.isEnabled(
                terminalInvitesColor: Terminal.invitesColor(environment, stdoutIsTerminal: Terminal.isTerminal(1))))
    }

    private func renderContext(style: Style, _ parts: StoreParts) throws(CommandError) -> RenderContext {
        let width = Terminal.width() ?? environment["COLUMNS"].flatMap(Int.init) ?? 80
        return RenderContext(
            style: style, now: try now(), schedule: schedule, width: width, categoryColors: parts.colors,
            series: parts.series, capacity: capacity, goals: parts.goals)
    }

    /// Queues text for standard output.
    func print(_ text: SafeText) {
        pendingOutput += text.endsWithLineBreak ? text : text + "\n"
    }

    /// Writes a piece of a longer text to standard output, as it is (no line break added), after
    /// what is queued; queued too when the session does not stream its output.
    func printPiece(_ text: SafeText) {
        guard streamsOutput else {
            pendingOutput += text
            return
        }
        if !pendingOutput.isEmpty {
            Output.out(pendingOutput)
            pendingOutput = SafeText()
        }
        Output.out(text)
    }
}
