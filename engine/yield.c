/* yield.c — the default of the host's turn during a search in the build without threads: a
 * host that lets nothing in (yield.h); the WebAssembly host replaces it. */
#include "yield.h"

#ifdef SIMIA_NO_THREADS
__attribute__((weak)) bool pool_yield(bool idle) {
    (void)idle;
    return false;
}
#endif
