// Preloaded into a plugin before Debian's libfaketime (LD_PRELOAD="this libfaketimeMT.so.1") when
// widgethost runs it on a virtual clock (`--at`). libfaketime stops the wall clock at the host's
// date and, with FAKETIME_DONT_FAKE_MONOTONIC, leaves the monotonic clock real; but libfaketime
// 0.9.10 still rewrites timers set on a monotonic clock with an absolute deadline as if they were
// on the wall clock ("only CLOCK_REALTIME is handled"), moving them by the distance between the
// host's date and now: Dispatch's timerfd timers (so Swift's Task.sleep) never fire, and
// clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME) (Python 3.11's time.sleep) fails with EINVAL.
// Here those calls go straight to the C library for the monotonic clocks; the wall clock's go on
// to libfaketime.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stddef.h>
#include <sys/timerfd.h>
#include <time.h>

#include "CPluginClock.h"

/// The C library's own definition of `name`, past every preloaded one.
static void *libc_symbol(const char *name) {
    static void *handle;
    if (handle == NULL) handle = dlopen("libc.so.6", RTLD_LAZY | RTLD_NOLOAD);
    return handle ? dlsym(handle, name) : NULL;
}

static int is_monotonic(clockid_t clock) {
    return clock == CLOCK_MONOTONIC || clock == CLOCK_MONOTONIC_RAW || clock == CLOCK_MONOTONIC_COARSE
        || clock == CLOCK_BOOTTIME || clock == CLOCK_BOOTTIME_ALARM;
}

/// Which timer descriptors are on a monotonic clock: timerfd_settime is not told the clock.
#define TRACKED_DESCRIPTORS 65536
static unsigned char monotonic_timer[TRACKED_DESCRIPTORS];

int timerfd_create(clockid_t clock, int flags) {
    typedef int (*create_function)(clockid_t, int);
    static create_function next;
    if (next == NULL) next = (create_function)dlsym(RTLD_NEXT, "timerfd_create");
    int fd = next(clock, flags);
    if (fd >= 0 && fd < TRACKED_DESCRIPTORS) {
        __atomic_store_n(&monotonic_timer[fd], (unsigned char)is_monotonic(clock), __ATOMIC_RELAXED);
    }
    return fd;
}

int timerfd_settime(int fd, int flags, const struct itimerspec *value, struct itimerspec *old) {
    typedef int (*settime_function)(int, int, const struct itimerspec *, struct itimerspec *);
    static settime_function next, real;
    if (fd >= 0 && fd < TRACKED_DESCRIPTORS && __atomic_load_n(&monotonic_timer[fd], __ATOMIC_RELAXED)) {
        if (real == NULL) real = (settime_function)libc_symbol("timerfd_settime");
        if (real != NULL) return real(fd, flags, value, old);
    }
    if (next == NULL) next = (settime_function)dlsym(RTLD_NEXT, "timerfd_settime");
    return next(fd, flags, value, old);
}

int clock_nanosleep(clockid_t clock, int flags, const struct timespec *request, struct timespec *remain) {
    typedef int (*sleep_function)(clockid_t, int, const struct timespec *, struct timespec *);
    static sleep_function next, real;
    if (is_monotonic(clock)) {
        if (real == NULL) real = (sleep_function)libc_symbol("clock_nanosleep");
        if (real != NULL) return real(clock, flags, request, remain);
    }
    if (next == NULL) next = (sleep_function)dlsym(RTLD_NEXT, "clock_nanosleep");
    return next(clock, flags, request, remain);
}
