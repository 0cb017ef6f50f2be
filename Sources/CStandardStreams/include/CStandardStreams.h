// Standard descriptors checked before anything else runs (see standard_streams.c).
#ifndef WIDGETHOST_CSTANDARDSTREAMS_H
#define WIDGETHOST_CSTANDARDSTREAMS_H

/// The standard descriptors (bit 0 for stdin, 1 for stdout, 2 for stderr) that were closed when the
/// process started, and have since been filled with /dev/null.
int widgethost_closed_standard_descriptors(void);

#endif
