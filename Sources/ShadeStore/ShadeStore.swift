// ShadeStore: the store façade — a planner's files on disk.
//
// What belongs here: the document registry and each record kind's codec, atomic commits, the
// commit journal and redo log, the lock, the change log and undo, backups, recovery, migrations,
// caches of weeks and ids, the link-free opening of store paths, what of a store is shared, and
// the read services over it (`HistoryReading`).
// Nothing about files leaks out: callers see records, changes and `StoreError`.
//
// Must never import ShadeRendering, ShadeHost, ShadeSync, ShadeInterchange or ShadeCLI: it
// neither draws, nor starts processes, nor talks to other copies.
