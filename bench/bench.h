/* bench.h — Simia's benchmarks, for `simia bench ...` and the protocol command `bench`:
 * the search signature and speed, perft and random-playout speed, thread scaling. */
#ifndef SIMIA_BENCH_H
#define SIMIA_BENCH_H

#include <stdio.h>

#include "engine/engine.h"

/* The search depth of a plain `bench`: one constant, so that the signature (the node
 * count) moves only when the search or the evaluation does. Chosen for a run of 5-15 s
 * on one core: with the pruning and quiescence of 2026-11-21 depth 4 took 1.8 s of CPU,
 * depth 5 4.1 s, depth 6 16 s (the development machine, see the README). */
#define BENCH_DEPTH 5
#define BENCH_STR_(x) #x
#define BENCH_STR(x) BENCH_STR_(x)
#define BENCH_DEPTH_STR BENCH_STR(BENCH_DEPTH)

/* The command line's help for the bench jobs (for `simia --help`). */
extern const char BENCH_USAGE[];

/* Runs the benchmark that argv (the words after `bench`) asks for on engine e, which
 * must be idle. Results go to out, progress to stderr. Returns 0, or on bad arguments 2
 * and on failure 1, with the reason in err (one line, no newline). The engine's Threads
 * and Hash options are restored afterwards; its position and what it learned are not:
 * the protocol's `bench` leaves a new game with the start position. */
int bench_main(Engine *e, int argc, char **argv, FILE *out, char *err);

#endif
