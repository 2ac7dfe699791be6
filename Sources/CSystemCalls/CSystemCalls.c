#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <malloc.h>
#include <stdio.h>
#include <unistd.h>
#include "CSystemCalls.h"

int shade_syncfs(int fd) { return syncfs(fd); }

int shade_rename_exchange(const char *from, const char *to) {
#ifdef RENAME_EXCHANGE
    return renameat2(AT_FDCWD, from, AT_FDCWD, to, RENAME_EXCHANGE);
#else
    errno = ENOSYS;
    return -1;
#endif
}

void shade_tune_allocator(void) {
#ifdef M_MXFAST
    mallopt(M_MXFAST, 0);
#endif
}
