// Only the header matters: LLVMFuzzerRunDriver is in libclang_rt.fuzzer_no_main, linked by scripts/fuzz.
#include "CFuzzer.h"
