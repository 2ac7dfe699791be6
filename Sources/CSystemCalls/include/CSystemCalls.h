#ifndef SHADE_CSYSTEMCALLS_H
#define SHADE_CSYSTEMCALLS_H

/// syncfs(2): flushes the file system that holds `fd`. Glibc declares it only under _GNU_SOURCE,
/// which Swift's Glibc module does not define, so it is reached through this one function.
int shade_syncfs(int fd);

#endif
