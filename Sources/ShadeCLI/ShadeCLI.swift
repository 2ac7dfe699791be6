// ShadeCLI: the language and its front doors.
//
// What belongs here: the grammar and its language (help, man pages, completion scripts), the
// commands — each parses its words, calls one operation or service and hands the result to one
// renderer — the REPL and scripts, and the resident process's front end. Folders: Grammar/,
// Language/, Completion/, Commands/, REPL/, Resident/.
//
// A command file must never import the platform's C library, start a process or build JSON
// (`SourceLayoutTests` checks it); those belong in ShadeHost and ShadeRendering.
