import ShadeCore
import ShadeHost
import ShadePlatform
import ShadeStore

/// The sync a saved change starts when `sync auto` is on (SPEC §15): a process of its own,
/// detached from the command that saved the change, which syncs until nothing made here is left
/// to send. One runs per store at a time; a change saved while it runs is sent by it.
///
/// When a sync fails (the remote cannot be reached), its message is in `sync status` at once,
/// and the next try waits longer each time (`SyncState.retryDelay`: 30 s doubled, at most 15
/// minutes), for as long as changes wait to be sent and auto is on.
public enum BackgroundSync {
    /// How long a background sync's first try gives each git command, in seconds: its failure
    /// shows in `sync status` within 30 seconds of the change. A retry gives the usual time.
    public static let firstTryLimit = 20

    /// How long it waits before its first sync, in seconds: changes saved one after another
    /// (a script, a REPL session) go in one sync.
    public static let settleSeconds: UInt32 = 1

    /// After a command saved a change to the store at `directory`: starts the background sync
    /// (this program's `sync-background`, detached) when the planner is shared and auto is on.
    /// Best effort, and never waited for: the change is saved, and a sync that cannot start is
    /// the next one's to do.
    /// `environment` is the session's (a resident process's own may be another shell's).
    public static func start(afterChangeTo directory: String, environment: [String: String]) {
        guard access(directory + "/.git", F_OK) == 0 || access(directory + "/caldav.json", F_OK) == 0,
            (try? SyncState.read(in: directory))?.auto == true, let program = ExecutablePath.current
        else { return }
        ProcessLauncher.detach([program, "--store", directory, "sync-background"], environment: environment)
    }

    /// Syncs the store of `makeSync`'s syncs (each made when it runs, at that moment's clock)
    /// until nothing made here waits to be sent; returns at once when another process runs the
    /// background sync of the same store.
    ///
    /// A planner linked to a task list is synced with it too, once the git side is done (or
    /// alone, with no git remote), by `syncTaskList`; its failure is in `caldav status`.
    public static func run(
        _ makeSync: () throws -> PlannerSync, syncTaskList: (() throws -> Void)? = nil,
        pause: (Int) -> Void = { sleep(UInt32($0)) }
    ) throws {
        pause(Int(settleSeconds))
        for round in 0..<100 {
            let sync = try makeSync()
            let ran: Void? = try sync.store.unlessBackgroundSyncRuns {
                if sync.isShared { try syncWhilePending(makeSync, pause: pause) }
                if round == 0, let syncTaskList { try? syncTaskList() }
            }
            // Another process runs it: what was saved is its to send.
            guard ran != nil else { return }
            // A change saved just before the lock was let go of may have found it held: it is
            // this process's to send, unless another took the lock since.
            guard try waits(sync) else { return }
        }
    }

    /// Whether auto is on, the planner shared, and something made here not sent: a change of
    /// the change log after the sent point, or (one the log no longer tells apart, taken back
    /// while a sync was sending) planner changes git has not committed or sent.
    static func waits(_ sync: PlannerSync) throws -> Bool {
        let state = try SyncState.read(in: sync.store.directory)
        guard state.auto, sync.isShared else { return false }
        return try sync.pendingChanges(after: state.sentThrough) > 0 || sync.hasUnsent()
    }

    /// Syncs while changes made here wait to be sent and auto is on, waiting between failed
    /// tries.
    private static func syncWhilePending(_ makeSync: () throws -> PlannerSync, pause: (Int) -> Void) throws {
        let directory = try makeSync().store.directory
        // Bounded, in case what counts as waiting to be sent were ever to stay so after a sync
        // that went through: a background sync never runs without end.
        for tries in 0..<100 {
            if tries > 0 { pause(SyncState.retryDelay(after: try SyncState.read(in: directory).failures)) }
            let sync = try makeSync()
            guard try waits(sync) else { return }
            // Its failure is noted in the sync state (`run` does), which `sync status` shows.
            _ = try? (tries == 0 ? sync.limitingGit(to: firstTryLimit) : sync).run()
        }
    }
}
