// ShadeInterchange: the five formats a planner is imported from and exported to.
//
// What belongs here: CSV, iCalendar, todo.txt, Taskwarrior's JSON and shade's own JSON, each read
// into a `PlannerBundle` and written from one, with the limits a file from elsewhere is held to;
// csv, todo.txt and Taskwarrior's JSON also a record at a time (`InterchangeFormat.stream`), in
// bounded memory, from a path, a descriptor or bytes.
// Reading a file is data, never an instruction: a reader returns values or an `ImportError`.
//
// Must never import ShadeRendering, ShadeHost, ShadeSync or ShadeCLI.
