#include <stdio.h>
#include <editline/readline.h>

// Swift 6 refuses to assign libedit's mutable C globals; these setters do it on the C side.
static inline void shade_set_completion_function(rl_compentry_func_t *fn) { rl_completion_entry_function = fn; }
// The completion that sees the whole line: libedit inserts what it returns first and lists the rest.
static inline void shade_set_attempted_completion_function(rl_completion_func_t *fn) {
    rl_attempted_completion_function = fn;
}
// Set from within the attempted completion: no fallback to file names when it offers nothing.
static inline void shade_set_attempted_completion_over(int over) { rl_attempted_completion_over = over; }
// The line being edited (UTF-8), for the completion to read the words before the cursor.
static inline const char *shade_line_buffer(void) { return rl_line_buffer; }
// Word breaks for completion: split on blanks only, so that "2026-11-24" and "cat:work" stay one word.
// libedit keeps the pointer: a C literal lives as long as the program (a string from Swift would not).
static inline void shade_break_words_at_blanks(void) { rl_basic_word_break_characters = " \t"; }
// Let libedit read from the terminal and not catch signals itself; shade installs its own SIGINT handler.
static inline void shade_disable_libedit_signals(void) { rl_catch_signals = 0; }
