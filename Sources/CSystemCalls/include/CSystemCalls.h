#ifndef SHADE_CSYSTEMCALLS_H
#define SHADE_CSYSTEMCALLS_H

/// syncfs(2): flushes the file system that holds `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not define, so it is reached through this one function.
int shade_syncfs(int fd);

/// renameat2(2) with RENAME_EXCHANGE between entries of two open directories (paths a store
/// resolved without following links): swaps them in one atomic step (both must exist). -1 with
/// errno set when it fails (ENOSYS or EINVAL where the kernel or file system has no exchange).
/// Declared by glibc only under _GNU_SOURCE, hence here.
int shade_rename_exchange_at(int from_directory, const char *from, int to_directory, const char *to);

/// openat2(2) with RESOLVE_NO_SYMLINKS: opens `path` (relative to `directory`, or absolute) only when
/// no component of it is a symbolic link (ELOOP otherwise). -1 with errno set: ENOSYS where the
/// kernel (before Linux 5.6) or the headers have no openat2, EPERM where a sandbox forbids it.
int shade_open_no_symlinks(int directory, const char *path, int flags, unsigned int mode);

/// O_PATH (a handle on a file that opens nothing of it), which glibc declares only under _GNU_SOURCE.
int shade_open_path_flag(void);

/// getdents64(2): reads entries of the open directory `fd` into `buffer` as `struct linux_dirent64`
/// records (d_ino, d_off: 8 bytes each; d_reclen: 2; d_type: 1; then the name, NUL-ended): the
/// bytes read, 0 at the end, or -1 with errno set. Unlike `fdopendir`, it asks nothing more of
/// the descriptor (no fstat, no fcntl).
long shade_read_directory(int fd, void *buffer, unsigned long length);

/// Turns off glibc's fastbins (mallopt M_MXFAST 0): a week's json-c tree is hundreds of thousands
/// of small blocks, and freed into fastbins they are all consolidated at the next large allocation.
void shade_tune_allocator(void);

#include <spawn.h>
#include <stddef.h>
#include <sys/types.h>

/// A stream socket connected to the Unix socket at `path` (close-on-exec); -1 with errno set
/// (ENAMETOOLONG when the path does not fit a socket address).
int shade_unix_connect(const char *path);

/// A stream socket bound to `path` and listening (close-on-exec); -1 with errno set. The socket
/// file gets the permissions `umask` leaves.
int shade_unix_listen(const char *path, int backlog);

/// Sends `length` bytes with `count` file descriptors attached (SCM_RIGHTS): the bytes sent, or
/// -1 with errno set. Never raises SIGPIPE.
ssize_t shade_send_with_fds(int socket, const void *bytes, size_t length, const int *fds, int count);

/// Receives up to `length` bytes, and up to `capacity` file descriptors into `fds` (how many into
/// `received`; each close-on-exec): the bytes received, 0 at the end, or -1 with errno set.
ssize_t shade_receive_with_fds(int socket, void *bytes, size_t length, int *fds, int capacity, int *received);

/// The user id of the process at the other end of a Unix socket, or -1.
long shade_peer_uid(int socket);

/// Closes every file descriptor from `first` up.
void shade_close_from(int first);

/// A handle on the directory at `path` that needs no permission to read it (O_PATH, close-on-exec),
/// for `fchdir`; -1 with errno set.
int shade_open_directory_handle(const char *path);

/// accept4(2) with SOCK_CLOEXEC, retried on EINTR.
int shade_accept(int socket);

/// Adds to `actions` the closing of every descriptor from `first` up in the child
/// (posix_spawn_file_actions_addclosefrom_np, glibc 2.34 on, declared only under _GNU_SOURCE):
/// 0, or an errno (ENOSYS where glibc has none).
int shade_spawn_close_from(posix_spawn_file_actions_t *actions, int first);

/// Sets `attributes` (initialised) so that the child starts with no signal blocked and every
/// signal at its default, whatever the spawning thread blocks or its process ignores, plus
/// `flags` (POSIX_SPAWN_SETPGROUP, the setsid flag): for every program shade or its tests start.
void shade_spawnattr_reset_signals(posix_spawnattr_t *attributes, short flags);

/// POSIX_SPAWN_SETSID (the child starts a session of its own), or 0 where glibc has none.
short shade_spawn_setsid_flag(void);

#endif
