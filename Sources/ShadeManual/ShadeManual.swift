// ShadeManual: the reference pages, written once as documents.
//
// What belongs here: the small document model of a manual page (sections, paragraphs, items,
// examples), its two renderings — roff for `man` and wrapped text for `help TOPIC` — and the
// prose of shade(1), shade-store(5) and shade-sync(7). ShadeCLI adds to shade(1) what its
// grammars say of each command.
//
// Must never import ShadeStore, ShadeSync, ShadeHost or ShadeCLI: a page describes them, it does
// not call them.
