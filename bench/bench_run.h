/* bench_run.h — what every benchmark mode shares: the run's context (its own engine, output,
 * JSON or text, progress on stderr), the embedded position list and argument parsing. */
#ifndef SIMIA_BENCH_RUN_H
#define SIMIA_BENCH_RUN_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "engine/engine.h"

typedef struct {
    Engine *e;                 /* the run's own engine: the game's defaults, no book */
    FILE *out;
    bool json;
    char *err;                 /* ERR_STR_MAX */
    int64_t start_ns;          /* when the run began */
    int64_t last_progress_ns;  /* when stderr last heard of it */
    int depth;                 /* the search depth asked for; 0: the list's own, or BENCH_DEPTH */
} BenchRun;

/* A benchmark position: a label (its kind, e.g. "opening", "few-babies"), the position
 * string, and the depth at which `bench perft` counts it (0: not a perft position). */
#define BENCH_LABEL_MAX 48
typedef struct {
    char label[BENCH_LABEL_MAX];
    char fen[POS_STR_MAX];
    int perft_depth;
} BenchPos;
#define BENCH_POS_MAX 256

int64_t bench_now_ns(void);
/* CPU time of the whole process (all threads): on a shared machine the rates per CPU
 * second say more than those per wall-clock second, which other processes slow down. */
int64_t bench_cpu_ns(void);
/* A progress line on stderr, at most every two seconds and only once the run has taken
 * two seconds (short runs stay quiet). */
void bench_progress(BenchRun *r, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Fails the run: the reason goes to r->err; returns the exit status to give. */
int bench_fail(BenchRun *r, int status, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* Parses a whole decimal argument in [min, max]. */
bool bench_parse_int(const char *s, long min, long max, long *v);
/* Writes s as a JSON string (quoted and escaped). */
void bench_json_string(FILE *f, const char *s);

/* Sets a spin option of the run's engine (Threads, Hash); a refusal fails the run. */
bool bench_set_option(BenchRun *r, const char *name, long value);

/* The game's embedded position list, each checked to parse and be playable; returns the
 * count, or -1 with the reason in r->err. A line `depth N` in the list sets the game's
 * default search depth (into r->depth, unless one was asked for). */
int bench_positions(BenchRun *r, BenchPos *list, int max);

#endif
