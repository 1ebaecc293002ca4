/* evalcache.c — clearing one search thread's cache of static evaluations (the probe and the
 * store are inline in evalcache.h, on the search's hot path). */
#include "evalcache.h"

#include <string.h>

void evalcache_clear(EvalCache *c) { memset(c, 0, sizeof *c); }
