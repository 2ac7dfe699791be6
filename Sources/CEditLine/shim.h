#include <stdio.h>
#include <editline/readline.h>

// Swift 6 refuses to assign libedit's mutable C globals; these setters do it on the C side.
static inline void shade_set_completion_function(rl_compentry_func_t *fn) { rl_completion_entry_function = fn; }
// Word breaks for completion: split on blanks only, so that "2026-11-24" stays one word.
static inline void shade_set_word_break_characters(const char *chars) { rl_basic_word_break_characters = chars; }
// Let libedit read from the terminal and not catch signals itself; shade installs its own SIGINT handler.
static inline void shade_disable_libedit_signals(void) { rl_catch_signals = 0; }
