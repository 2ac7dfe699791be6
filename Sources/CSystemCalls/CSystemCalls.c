#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/un.h>
#include <unistd.h>
#if __has_include(<linux/openat2.h>)
#include <linux/openat2.h>
#endif
#include "CSystemCalls.h"

int shade_syncfs(int fd) { return syncfs(fd); }

int shade_rename_exchange_at(int from_directory, const char *from, int to_directory, const char *to) {
#ifdef RENAME_EXCHANGE
    return renameat2(from_directory, from, to_directory, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int shade_open_no_symlinks(int directory, const char *path, int flags, unsigned int mode) {
#if defined(SYS_openat2) && defined(RESOLVE_NO_SYMLINKS)
    struct open_how how;
    memset(&how, 0, sizeof how);
    how.flags = (unsigned long long)(unsigned int)flags;
    how.mode = (flags & (O_CREAT | O_TMPFILE)) ? mode : 0;
    how.resolve = RESOLVE_NO_SYMLINKS;
    return (int)syscall(SYS_openat2, directory, path, &how, sizeof how);
#else
    errno = ENOSYS;
    return -1;
#endif
}

int shade_open_path_flag(void) { return O_PATH; }

long shade_read_directory(int fd, void *buffer, unsigned long length) {
    return (long)syscall(SYS_getdents64, fd, buffer, length);
}

void shade_tune_allocator(void) {
#ifdef M_MXFAST
    mallopt(M_MXFAST, 0);
#endif
}

static int shade_socket_address(const char *path, struct sockaddr_un *address) {
    memset(address, 0, sizeof *address);
    address->sun_family = AF_UNIX;
    size_t length = strlen(path);
    if (length >= sizeof address->sun_path) {
        errno = ENAMETOOLONG;
        return -1;
    }
    memcpy(address->sun_path, path, length + 1);
    return 0;
}

int shade_unix_connect(const char *path) {
    struct sockaddr_un address;
    if (shade_socket_address(path, &address) != 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    while (connect(fd, (struct sockaddr *)&address, sizeof address) != 0) {
        if (errno == EINTR) continue;
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

int shade_unix_listen(const char *path, int backlog) {
    struct sockaddr_un address;
    if (shade_socket_address(path, &address) != 0) return -1;
    int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd < 0) return -1;
    if (bind(fd, (struct sockaddr *)&address, sizeof address) != 0 || listen(fd, backlog) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

ssize_t shade_send_with_fds(int socket, const void *bytes, size_t length, const int *fds, int count) {
    struct iovec vector = {.iov_base = (void *)bytes, .iov_len = length};
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 8)];
    } control;
    if (count > 8) {
        errno = EINVAL;
        return -1;
    }
    if (count > 0) {
        memset(&control, 0, sizeof control);
        message.msg_control = control.space;
        message.msg_controllen = CMSG_SPACE(sizeof(int) * count);
        struct cmsghdr *header = CMSG_FIRSTHDR(&message);
        header->cmsg_level = SOL_SOCKET;
        header->cmsg_type = SCM_RIGHTS;
        header->cmsg_len = CMSG_LEN(sizeof(int) * count);
        memcpy(CMSG_DATA(header), fds, sizeof(int) * count);
    }
    ssize_t sent;
    do {
        sent = sendmsg(socket, &message, MSG_NOSIGNAL);
    } while (sent < 0 && errno == EINTR);
    return sent;
}

ssize_t shade_receive_with_fds(int socket, void *bytes, size_t length, int *fds, int capacity, int *received) {
    struct iovec vector = {.iov_base = bytes, .iov_len = length};
    struct msghdr message = {.msg_iov = &vector, .msg_iovlen = 1};
    union {
        struct cmsghdr header;
        char space[CMSG_SPACE(sizeof(int) * 8)];
    } control;
    message.msg_control = control.space;
    message.msg_controllen = sizeof control.space;
    *received = 0;
    ssize_t count;
    do {
        count = recvmsg(socket, &message, MSG_CMSG_CLOEXEC);
    } while (count < 0 && errno == EINTR);
    if (count < 0) return -1;
    for (struct cmsghdr *header = CMSG_FIRSTHDR(&message); header != NULL; header = CMSG_NXTHDR(&message, header)) {
        if (header->cmsg_level != SOL_SOCKET || header->cmsg_type != SCM_RIGHTS) continue;
        int carried = (int)((header->cmsg_len - CMSG_LEN(0)) / sizeof(int));
        int *data = (int *)CMSG_DATA(header);
        for (int index = 0; index < carried; index++) {
            if (*received < capacity) {
                fds[(*received)++] = data[index];
            } else {
                close(data[index]);
            }
        }
    }
    return count;
}

long shade_peer_uid(int socket) {
    struct ucred credentials;
    socklen_t size = sizeof credentials;
    if (getsockopt(socket, SOL_SOCKET, SO_PEERCRED, &credentials, &size) != 0) return -1;
    return (long)credentials.uid;
}

void shade_close_from(int first) {
#ifdef SYS_close_range
    if (syscall(SYS_close_range, (unsigned)first, ~0U, 0) == 0) return;
#endif
    long last = sysconf(_SC_OPEN_MAX);
    if (last < 0 || last > 65536) last = 65536;
    for (int fd = first; fd < last; fd++) close(fd);
}

int shade_spawn_close_from(posix_spawn_file_actions_t *actions, int first) {
#if defined(__GLIBC__) && (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 34))
    return posix_spawn_file_actions_addclosefrom_np(actions, first);
#else
    (void)actions;
    (void)first;
    return ENOSYS;
#endif
}

int shade_open_directory_handle(const char *path) { return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC); }

int shade_accept(int socket) {
    int fd;
    do {
        fd = accept4(socket, NULL, NULL, SOCK_CLOEXEC);
    } while (fd < 0 && errno == EINTR);
    return fd;
}

void shade_spawnattr_reset_signals(posix_spawnattr_t *attributes, short flags) {
    sigset_t none;
    sigset_t all;
    sigemptyset(&none);
    sigfillset(&all);
    posix_spawnattr_setsigmask(attributes, &none);
    posix_spawnattr_setsigdefault(attributes, &all);
    posix_spawnattr_setflags(attributes, (short)(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | flags));
}

short shade_spawn_setsid_flag(void) {
#ifdef POSIX_SPAWN_SETSID
    return POSIX_SPAWN_SETSID;
#else
    return 0;
#endif
}
