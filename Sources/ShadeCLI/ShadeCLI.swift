// ShadeCLI: the language and its front doors.
//
// What belongs here, by folder: Grammar/ (what each command accepts, the scanner, the words of
// a line, the global options), Language/ (help and shade(1) from the grammars), Completion/
// (what Tab offers, and the table the shell scripts are written from), Commands/ (the command
// protocol, the table of commands, and each command: it parses its words, calls one operation
// or service and hands the result to one renderer), Session/ (what a command runs against),
// REPL/ (the line editor, the REPL and scripts) and Resident/ (the resident process's front
// end). At the top: the program (ShadeMain) and the runner that turns a line into a command run.
//
// A command file must never import the platform's C library, start a process or build JSON
// (`SourceLayoutTests` checks it); those belong in ShadeHost and ShadeRendering.
