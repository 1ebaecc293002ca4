/* bench_speed.h — the benchmark's raw-speed modes, straight through the game contract:
 * perft (leaves per second) and random playouts (plies per second). */
#ifndef SIMIA_BENCH_SPEED_H
#define SIMIA_BENCH_SPEED_H

#include "bench_run.h"

/* `bench perft [DEPTH]`: the list's perft positions; argv holds the words after `perft`. */
int bench_perft(BenchRun *r, int argc, char **argv);
/* `bench playouts [COUNT] [--seed S] [--list]`. */
int bench_playouts(BenchRun *r, int argc, char **argv);

#endif
