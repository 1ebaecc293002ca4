/* bench_internal.h — what the benchmark's files share: the run's context (output, JSON or
 * text, progress on stderr), the position list and argument parsing. */
#ifndef SIMIA_BENCH_INTERNAL_H
#define SIMIA_BENCH_INTERNAL_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "bench.h"

typedef struct {
    Engine *e;
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

/* Option values changed for a run, to restore afterwards. */
#define SAVED_MAX (GAME_MAX_OPTIONS + 3)
typedef struct {
    struct {
        const char *name;
        int64_t value;
    } opt[SAVED_MAX];
    int n;
} SavedOptions;

/* Sets an engine option for the run, remembering its value. An option this engine does
 * not have is skipped unless required (then it is an error, in r->err). */
bool bench_set_option(BenchRun *r, SavedOptions *s, const char *name, long value, bool required);
/* The game's options at their defaults, so that the results do not depend on them. */
bool bench_game_defaults(BenchRun *r, SavedOptions *s);
void bench_restore(BenchRun *r, SavedOptions *s);

/* The game's embedded position list, each checked to parse and be playable; returns the
 * count, or -1 with the reason in r->err. A line `depth N` in the list sets the game's
 * default search depth (into r->depth, unless one was asked for). */
int bench_positions(BenchRun *r, BenchPos *list, int max);

/* The modes of bench_speed.c: leaves/second of perft, and random playouts. */
int bench_perft(BenchRun *r, int argc, char **argv);
int bench_playouts(BenchRun *r, int argc, char **argv);

/* Evaluations per second on positions played out from the list (a random line after each):
 * the game's own evaluation, and the learned one when the game has a net (else nnue is 0
 * and why says so). */
typedef struct {
    uint64_t classical, nnue;
    int hidden;         /* the net's */
    const char *kernel; /* the inference kernel this CPU runs */
    const char *why;    /* no net: the reason */
} EvalSpeed;
void bench_eval_speed(BenchRun *r, const BenchPos *list, int n, EvalSpeed *out);

#endif
