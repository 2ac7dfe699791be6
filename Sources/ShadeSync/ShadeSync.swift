// ShadeSync: sharing a planner with other copies through git.
//
// What belongs here: the repository a shared store is, fetch → gate → merge → settle, the merge
// driver's body, the arrival gate every received byte passes, and the checks of what git
// tracks. It prints nothing: it returns reports and throws `SyncError`.
//
// Must never import ShadeRendering or ShadeCLI; processes are started only through ShadeHost.
