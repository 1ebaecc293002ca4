/* bench.h — Simia's benchmarks, for `simia bench ...` and the protocol command `bench`:
 * the search signature and speed, perft and random-playout speed, thread scaling. */
#ifndef SIMIA_BENCH_H
#define SIMIA_BENCH_H

#include <stdio.h>

#include "engine/engine.h"

/* The command line's help for the bench jobs (for `simia --help`). */
extern const char BENCH_USAGE[];

/* Runs the benchmark that argv (the words after `bench`) asks for, for the game e plays,
 * on an engine of its own with the game's default options (e itself is not touched).
 * Results go to out, progress to stderr. Returns 0, or on bad arguments 2 and on failure
 * 1, with the reason in err (one line, no newline). */
int bench_main(const Engine *e, int argc, char **argv, FILE *out, char *err);

#endif
