// posix_spawn's change-directory file action, which glibc declares only with _GNU_SOURCE (and so
// Swift's Glibc module leaves out).
#ifndef WIDGETHOST_CSPAWN_H
#define WIDGETHOST_CSPAWN_H

#include <spawn.h>

/// Adds "change to `path`" to `actions`, run in the child before it execs; 0 or an errno value.
int widgethost_spawn_file_actions_addchdir(posix_spawn_file_actions_t *actions, const char *path);

/// Makes this process a child subreaper (prctl PR_SET_CHILD_SUBREAPER): a descendant whose parent
/// dies (a plugin's grandchild that called setsid(), say) becomes this process's child rather
/// than init's, so it can still be ended and reaped. 0, or an errno value.
int widgethost_become_child_subreaper(void);

#endif
