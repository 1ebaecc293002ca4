/* bench_eval.h — the benchmark's evaluation speed: evaluations per CPU second of the game's
 * own evaluation and of the learned one, printed by the signature run. */
#ifndef SIMIA_BENCH_EVAL_H
#define SIMIA_BENCH_EVAL_H

#include "bench_run.h"

/* Evaluations per second on positions played out from the list (a random line after each):
 * the game's own evaluation, and the learned one when the game has a net (else nnue is 0
 * and why says so). */
typedef struct {
    uint64_t classical, nnue;
    int hidden;         /* the net's */
    bool squared;       /* its activation: clipped and squared (NET.md, version 3) */
    const char *kernel; /* the inference kernel this CPU runs */
    const char *why;    /* no net: the reason */
} EvalSpeed;
void bench_eval_speed(BenchRun *r, const BenchPos *list, int n, EvalSpeed *out);

#endif
