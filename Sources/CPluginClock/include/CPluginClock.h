// The clock fix preloaded into plugins beside libfaketime (see clock.c); it declares nothing of its
// own: it replaces timerfd_create, timerfd_settime and clock_nanosleep for the process.
