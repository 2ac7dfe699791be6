#ifndef SHADE_CSYSTEMCALLS_H
#define SHADE_CSYSTEMCALLS_H

/// syncfs(2): flushes the file system that holds `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not define, so it is reached through this one function.
int shade_syncfs(int fd);

/// renameat2(2) with RENAME_EXCHANGE: swaps two paths in one atomic step (both must exist).
/// -1 with errno set when it fails (ENOSYS or EINVAL where the kernel or file system has no
/// exchange). Declared by glibc only under _GNU_SOURCE, hence here.
int shade_rename_exchange(const char *from, const char *to);

/// Turns off glibc's fastbins (mallopt M_MXFAST 0): a week's json-c tree is hundreds of thousands
/// of small blocks, and freed into fastbins they are all consolidated at the next large allocation.
void shade_tune_allocator(void);

#endif
