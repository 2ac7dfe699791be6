// ShadeCompletion: the completion scripts for bash, zsh and fish.
//
// What belongs here: each shell's script, written from a `CompletionTable` (the language as a
// shell sees it: commands, groups, switches, what each position and option offers), and the
// walk over the line that bash and zsh share. ShadeCLI fills the table from the grammars, so
// the scripts never drift from the commands.
//
// Must never import any other target: a script is text written from the table it is given.
