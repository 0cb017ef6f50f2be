#ifndef CFUZZER_H
#define CFUZZER_H

#include <stddef.h>
#include <stdint.h>

/// libFuzzer's driver (libclang_rt.fuzzer_no_main): runs the fuzzing loop over `callback` with the
/// command line's options and corpus directories. A target calls it from its own `main`, because
/// SwiftPM names an executable's entry point itself (`--defsym main=<Module>_main`), so libFuzzer's
/// `main` cannot be the one.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
