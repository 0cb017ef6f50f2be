#define _GNU_SOURCE
#include <errno.h>
#include <spawn.h>
#include <sys/prctl.h>

#include "CSpawn.h"

int widgethost_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}

int widgethost_become_child_subreaper(void) {
    return prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) == 0 ? 0 : errno;
}
