// posix_spawn's change-directory file action, which glibc declares only with _GNU_SOURCE (and so
// Swift's Glibc module leaves out).
#ifndef WIDGETHOST_CSPAWN_H
#define WIDGETHOST_CSPAWN_H

#include <spawn.h>

/// Adds "change to `path`" to `actions`, run in the child before it execs; 0 or an errno value.
int widgethost_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

#endif
