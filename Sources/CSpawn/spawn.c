#define _GNU_SOURCE
#include <spawn.h>

#include "CSpawn.h"

int widgethost_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path) {
    return posix_spawn_file_actions_addchdir_np(actions, path);
}
