/* yield.h — the host's turn during a search in the build without threads (SIMIA_NO_THREADS: the
 * engine compiled to WebAssembly for a web page, uci-like/web/wasm/), in a module of its own. */
#ifndef SIMIA_YIELD_H
#define SIMIA_YIELD_H

#include <stdbool.h>

#ifdef SIMIA_NO_THREADS
/* In that build the pool has one search and no thread: pool_start runs the search in its
 * caller, to its bestmove, and Threads stays 1. The search calls pool_yield every 1024 nodes
 * (idle false), and again and again while an infinite or ponder search waits for its stop
 * (idle true): the host's moment to let a stop or ponderhit in (pool_stop, pool_ponderhit). It
 * must not change the search otherwise: node counts stay those of one thread. It returns false
 * when nothing can ever come (the default, a weak symbol the host replaces): a waiting search
 * then ends at once. Apart from the pool (threads.c) so that the search and the pool, which
 * both call it, do not depend on each other. */
bool pool_yield(bool idle);
#endif

#endif
