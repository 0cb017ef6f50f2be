// Runs before the Swift runtime starts: a command started with descriptor 0, 1 or 2 closed
// (`widgethost run >&-`) would otherwise give that number to the first descriptor the runtime or
// the command opens (Dispatch's eventfd, the store's database) and write its output there. Each
// closed one is filled with /dev/null and remembered, so the command can say it could not write.
#include <errno.h>
#include <fcntl.h>
#include <unistd.h>

#include "CStandardStreams.h"

static int closed_descriptors = 0;

__attribute__((constructor)) static void widgethost_fill_standard_descriptors(void) {
    for (int descriptor = 0; descriptor <= 2; descriptor++) {
        if (fcntl(descriptor, F_GETFD) != -1 || errno != EBADF) continue;
        closed_descriptors |= 1 << descriptor;
        int opened = open("/dev/null", O_RDWR);
        if (opened >= 0 && opened != descriptor) {
            dup2(opened, descriptor);
            close(opened);
        }
    }
}

int widgethost_closed_standard_descriptors(void) { return closed_descriptors; }
