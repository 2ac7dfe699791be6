// ShadeCore: the planning model and every rule of a change, as values in and values out.
//
// What belongs here: weeks, days, slots, tasks, rates, repeat series, reminders' schedule, goals,
// templates, the change (record, field, old and new value) and its merge, filters, sorts, and the
// operations that turn words and records into changes; and the text rules every layer shares
// (`SafeText`, `TextEscaping`), and the nearest word a mistyped one may have meant. The clock and the store's contents are parameters; nothing here
// reads a file, the environment or the time.
//
// Must never import anything: no shade target, no C library, no Foundation, no platform module.
