// ShadeRendering: every view a command prints, text and JSON alike.
//
// What belongs here: pure builders from values to `SafeText` and `JSONValue` — timelines,
// grids, listings, goal and review views, the sync, log and conflict reports, charts — with the
// colour mode passed in (`ColorMode`, `Style`), widths by terminal display width, every foreign
// string made safe on its way in, and JSON text made safe on its way out (`JSONOutput`).
//
// It may take ShadeStore's plain values (a conflict, a record delta) but never calls the store.
// Must never import ShadeHost, ShadeSync, ShadeCLI or the platform's C library: a view reads
// nothing and writes nothing.
