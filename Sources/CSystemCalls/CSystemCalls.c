#define _GNU_SOURCE
#include <unistd.h>
#include "CSystemCalls.h"

int shade_syncfs(int fd) { return syncfs(fd); }
