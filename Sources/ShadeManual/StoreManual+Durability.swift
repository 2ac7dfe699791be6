extension StoreManual {
    /// How a change reaches the disk and stays there, and what shade refuses to read.
    public static let durability = [
        ManualSection(
            "DURABILITY",
            [
                .item(
                    "Atomic, and durable after one flush",
                    """
                    Every file of a change is written in full to STORE/.staging/, unflushed; then one commit
                    record holding the full new content of every file (and the files to remove) is written
                    as the next frame of STORE/journal/commit.log and flushed (one fdatasync): that flush is
                    the commit point, and the change is now on disk. The record's first line is a JSON
                    object naming each file and the size of its new content, the contents following it byte
                    for byte. The staged files are then put in place of their targets (exchanged with them
                    by renameat2(RENAME_EXCHANGE), the old file unlinked; a plain rename where there is no
                    target yet) without a flush of their own: until the kernel has written them back, the
                    record is the truth.

                    commit.log is made once, 64 KiB of zeros written and flushed, and grows the same way
                    (doubling, up to 4 MiB) before a frame goes where there was no file, so a frame is
                    written over blocks the disk has already: its flush writes data alone, no file made,
                    renamed or named in a folder. Each frame carries its epoch and sequence number, the
                    boot it was written in, when it was written, and a checksum; reading stops at the first
                    frame that is not the next one whole, so a frame whose flush did not finish (a change
                    never reported done) is never read; one whose write or flush failed is written over
                    with zeros, and the next frame goes in its place. Once a change's files are in place, the log's
                    header says so (the done mark, written without a flush). A record too large for the log
                    (over about 4 MiB) is a file of its own, STORE/journal/NNNNNNNNNN-BOOT.json, flushed,
                    renamed in and the journal directory flushed, after the log's frames are flushed into
                    their files: a record file is never newer than a frame.

                    A process killed after the commit point leaves its frame past the done mark, and the
                    next shade that opens the store, reader or writer, replays it; one killed before it
                    leaves only staged files, which the next writer removes. After a power loss (a new boot
                    id) every frame and record still kept is replayed in order and flushed, so a file the
                    kernel never wrote back is written again from it; a file changed after its record was
                    written (by hand) is left as it is, unless an earlier record of the same replay wrote
                    it. Every 32 changes, or when the log is full, a checkpoint flushes the files the
                    records wrote (one syncfs), removes the record files and starts the log again at the
                    next epoch (its header flushed); the REPL makes it earlier, while it waits for the next
                    line, once 8 are kept. A crash or kill -9 at any instant leaves either the old or the
                    new state, complete, and a change is durable when shade says it is done. A commit.log
                    that is not a whole log of this shade stops the store, naming it: it may hold changes
                    not yet in their files, and only you can say it holds none.
                    """),
                .item(
                    "A large change: committed by its moves",
                    """
                    An import of csv, todo.txt or Taskwarrior is read once, a record at a time; its tasks
                    are set aside by week in one spill file of STORE/.staging/, then merged a week at a
                    time. Each week's files are staged as the week is done, and the change-log entry grows
                    in a staged file, so memory holds a week, not the import (a million tasks peak under
                    100 MB). All are flushed at once (one syncfs), and the commit record is then
                    STORE/commit.json, which names the moves (staged file to target, or a target to
                    remove) instead of carrying the content: written, flushed and renamed in, the store
                    directory flushed (the commit point); the staged files are renamed over their targets
                    (plainly: the staged name is gone once its content is in place), their folders
                    flushed, commit.log started again (its frames were flushed into their files with the
                    staged ones), and commit.json removed. A crash after the commit point leaves commit.json,
                    which the next shade finishes (a move whose staged file is gone was done); one before
                    it leaves only staged files. The whole import is one entry of the change log, read
                    back up to 1 GiB.
                    """),
                .item(
                    "The REPL answers after one flush",
                    """
                    A change typed at the REPL is appended to STORE/journal/redo.log (a 1 MiB file made
                    once, zeros written and flushed, so that a frame written over it changes no block map
                    and no size) and that frame alone is flushed: the change is durable, and the REPL says
                    what it did. Each frame holds the change's change-log entry (every record before and
                    after, when, by whom), packed (a tag byte a value, lengths as LEB128), its sequence
                    number, the log's epoch and a checksum. A log of packed frames says SHADEREDO2 in its
                    header; one an earlier shade made (SHADEREDO1) takes frames of JSON text, which both
                    read. Reading stops at the first frame that is not the next one whole, so a frame whose
                    flush did not finish (never answered) is never read.

                    The files are written while the REPL waits for the next line, through the ordinary
                    atomic commit above, which also writes journal/redo-applied.json, the last frame
                    applied: a frame is applied exactly once, whenever a crash comes. A REPL killed before
                    its pause leaves its frames, and whatever opens the store next applies them first. A
                    change the log cannot replay exactly (an undo, one that numbers tasks from another
                    copy), a command of any other kind, a piped script and a one-shot command are written
                    the ordinary way. When more than half of the log is applied frames, a pause replaces it
                    with a new empty one of the next epoch. A frame whose write or flush fails is reported
                    on its line and never answered, and the log is removed so that the change never comes
                    back.
                    """),
                .item(
                    "Locked",
                    """
                    Readers share STORE/lock (a separate file, never one that is renamed over); a writer
                    holds it alone for its whole read-modify-write, so concurrent shade processes never lose
                    each other's changes. A process that waits for the lock more than 30 seconds gives up
                    with exit 75. The lock file also holds a count and a watcher (17 5b3e…): a REPL or a
                    resident process that has just finished all a crash may have left names itself the
                    watcher as it lets go, and every other process that takes the lock alone writes the
                    count one higher before it changes anything. So the REPL's next change, finding itself
                    still the watcher with the same count (and the store file, journal/, the redo log and
                    its marker as it left them), knows no one else has written since and skips those
                    checks; otherwise it makes them all first.
                    """),
                .item(
                    "Never overwritten when damaged",
                    """
                    A file that does not parse (truncated, hand-edited, garbage, a duplicated key, NaN, an
                    integer beyond 64 bits, a byte order mark, invalid UTF-8) stops the command with the
                    file, line, column and what was expected, exit 1, and the file is left byte for byte as
                    it was. A file that parses but holds something wrong (a status nobody knows, a uid used
                    twice, a task in a slot that does not exist) is placed the same way: at line 14, column
                    21 (days.2026-11-23.morning[0].status): 'opne' is not open, done or cancelled.
                    """),
                .example([
                    "error: store file /home/me/.local/share/shade/weeks/2026/2026-W48.json is damaged at line 12, "
                        + "column 11: object value separator ',' expected",
                    "it was left untouched; repair it by hand, or bring back a saved copy ('shade restore' lists "
                        + "them; 'shade check' lists every problem)",
                ]),
                .item(
                    "Saved copies",
                    """
                    Every change hard-links the files it is about to replace into
                    STORE/backups/NNNNNNNNNN/ first, one directory a set with the files' paths flattened
                    (weeks~2026~2026-W48.json): a replaced file is never written while a set keeps it, so
                    the link keeps the old version exactly, for the price of a directory entry. The last 10
                    changes' sets are kept (the id shards are not saved: restore rebuilds them from the
                    weeks). shade restore lists them with their time and task counts, shade restore N
                    brings one back (with the ids its weeks had), as one change that can itself be taken
                    back.
                    """),
                .item(
                    "Spare files",
                    """
                    What a change lets go of (the oldest set of saved copies, an old id shard, an undo entry
                    beyond the last 50) is moved to STORE/.spare/ rather than removed, and a later change
                    writes a file it stages over one of them: on ext4, removing a file whose blocks are on
                    the disk, or a folder, costs 0.2 to 0.4 ms, more than writing over a file. Only a
                    regular file of the user's whose one name is its name there is written, never one a
                    saved copy or anything else still names, and never through a link; at most 8 files and
                    2 folders are kept. They hold no data: nothing reads them, and a shared planner never
                    shares them.
                    """),
                .item(
                    "Errors are never taken for \"nothing there\"",
                    """
                    A directory that cannot be listed or a file that cannot be opened for any reason but "it
                    does not exist" stops the command; otherwise a failed listing of ids/ would restart ids
                    at 1 and write over the index. A failure after the commit point says that the change is
                    recorded and that the next command finishes it.
                    """),
                .item(
                    "No link inside the store is followed",
                    """
                    A shared store may hold what anyone pushed, so every store path is opened with
                    openat2(RESOLVE_NO_SYMLINKS) (on a kernel without it, each folder in turn with
                    O_NOFOLLOW) and a file is used only when fstat says it is a regular one. A week file
                    linked to a private file, to /dev/stdin or /dev/zero, a FIFO, or a folder such as
                    weeks/2027 or ids/ linked elsewhere is refused at once, naming it (exit 1): nothing is
                    read, listed or written through it, and the weeks it does not hold keep working. The
                    store directory itself may be a link you made (~/.local/share/shade → /data/shade): it
                    is resolved once when shade opens the store. A recovery record (journal/) may name only
                    store files of known kinds, at the paths the registry gives them; one that names
                    anything else (.git/config, ../x) or is no regular file is set aside whole as ….refused
                    (a frame of commit.log as journal/log-EPOCH-SEQUENCE.refused), never replayed, and check
                    names it until you remove it. A saved set lists and restores
                    only store files.
                    """),
                .item(
                    "Bounded and strict",
                    """
                    A store file larger than 256 MiB, JSON nested deeper than 32 levels, a script or REPL
                    line longer than 64 KiB are refused with a message saying the limit. json-c parses in
                    its strict mode, validating UTF-8, and the whole text must be one document; on top of
                    it shade rejects what that mode lets through (duplicate keys, NaN and Infinity,
                    overflowing integers, overlong UTF-8) and checks every field's type and range.
                    """),
            ])
    ]
}
