/* bench_search.h — the benchmark's search modes: the signature run (nodes and nodes/second
 * over the game's fixed positions) and thread scaling (time to depth by thread count). */
#ifndef SIMIA_BENCH_SEARCH_H
#define SIMIA_BENCH_SEARCH_H

#include "bench_run.h"

/* The search depth of a plain `bench`: one constant, so that the signature (the node
 * count) moves only when the search or the evaluation does. Chosen for a run of 5-15 s
 * on one core: with the pruning and quiescence of 2026-11-21 depth 4 took 1.8 s of CPU,
 * depth 5 4.1 s, depth 6 16 s (the development machine, see the README). */
#define BENCH_DEPTH 5
#define BENCH_STR_(x) #x
#define BENCH_STR(x) BENCH_STR_(x)
#define BENCH_DEPTH_STR BENCH_STR(BENCH_DEPTH)

/* Each position from a new game to r->depth (or the list's, or BENCH_DEPTH) with threads
 * threads and hash MB: a line per position and the totals. Returns the exit status. */
int bench_search(BenchRun *r, long threads, long hash);
/* The same searches with 1, 2, 4, ... threads up to max_threads: time and speedup. */
int bench_threads(BenchRun *r, long max_threads, long hash);

#endif
