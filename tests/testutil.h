/* testutil.h — helpers shared by the Check suites: the game under test, positions built
 * from a compact piece list (independently of the engine's printer), and move lists. */
#ifndef SIMIA_TESTUTIL_H
#define SIMIA_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/games/registry.h"
#include "engine/prng.h"

/* An assertion for hot loops: Check records every ck_assert* it passes (a write per
 * call), so loops over millions of positions test with this and report only failures. */
#define REQUIRE(cond, ...)                                                      \
    do {                                                                        \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                 \
    } while (0)

static inline GameConfig mq_cfg(int pie, int ivory, int cigar) {
    GameConfig c = {{pie, ivory, cigar}};
    return c;
}

/* The game named, from the registry: a suite without it cannot run, so it stops with a message
 * instead of failing each test. */
static inline const GameOps *game_or_exit(const char *name) {
    const GameOps *g = game_find(name);
    if (!g) {
        fprintf(stderr, "the game '%s' is not registered\n", name);
        exit(EXIT_FAILURE);
    }
    return g;
}

/* A board in the FEN way from one text per cell (cell + (r * files + f) * width, "" for an empty
 * cell, rank 0 at the bottom): the ranks top first, '/' between them, a run of empty cells as its
 * count; returns the end of what it wrote. Every game's tests build positions with it,
 * independently of the game's printer, so that they check the notation, not agree with it. */
static inline char *fen_board(char *o, int files, int ranks, const char *cell, int width) {
    for (int r = ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < files; f++) {
            const char *c = cell + (size_t)(r * files + f) * (size_t)width;
            if (!*c) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            o += sprintf(o, "%s", c);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    return o;
}

/* Builds a position string from "I5:d4 c:d8 C3:j10 i:a1" (I/C + height = queen, i/c =
 * baby), the side ('i'/'c'), the swap state and the ply. Written independently of the
 * engine's printer so that tests check the notation, not agree with themselves. */
static inline void build_fen(char *out, const char *pieces, char side, char swap, int ply) {
    char cells[12][12][8] = {{{0}}};
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *colon = strchr(tok, ':');
        ck_assert_ptr_nonnull(colon);
        int height = (tok[0] == 'i' || tok[0] == 'c') ? 1 : atoi(tok + 1);
        int f = colon[1] - 'a', r = atoi(colon + 2) - 1;
        ck_assert(f >= 0 && f < 12 && r >= 0 && r < 12);
        bool ivory = tok[0] == 'I' || tok[0] == 'i';
        if (height == 1) snprintf(cells[r][f], sizeof cells[r][f], "%c", ivory ? 'i' : 'c');
        else snprintf(cells[r][f], sizeof cells[r][f], "%c[%d]", ivory ? 'I' : 'C', height % 100);
    }
    char *o = fen_board(out, 12, 12, &cells[0][0][0], 8);
    sprintf(o, " %c %c %d", side, swap, ply);
}

static inline void parse_ok(const GameOps *g, GamePos *p, const char *fen, int pie) {
    char err[ERR_STR_MAX] = "";
    GameConfig cfg = mq_cfg(pie, 20, 20);
    ck_assert_msg(g->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

static inline void setup(const GameOps *g, GamePos *p, const char *pieces, char side) {
    char fen[1024];
    build_fen(fen, pieces, side, '-', 10);
    parse_ok(g, p, fen, 1);
}

/* All legal moves as sorted, space-separated text. */
static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }
static inline void moves_text(const GameOps *g, const GamePos *p, char *out) {
    Move list[MAX_MOVES];
    static char names[MAX_MOVES][MOVE_STR_MAX];
    int n = g->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) g->print_move(p, list[i], names[i]);
    qsort(names, (size_t)n, MOVE_STR_MAX, cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++) strcat(strcat(out, i ? " " : ""), names[i]);
}

static inline void play(const GameOps *g, GamePos *p, const char *text) {
    Move m = g->parse_move(p, text);
    ck_assert_msg(m != MOVE_NONE, "move %s should be legal", text);
    GameUndo u;
    g->make(p, m, &u);
}

/* Runs a suite (one process per test, Check's default) and gives main's exit status. */
static inline int run_suite(Suite *s) {
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A suite of one test case, its tests listed instead of added one call each (every suite's
 * main was the same dozen lines): RUN_TESTS("mad_rules", 600, ONCE(start), LOOP(table, n)) runs
 * start once and table n times (_i from 0 to n - 1); a timeout of 0 keeps Check's default. */
typedef struct {
    const TTest *test;
    int loops; /* 0: a plain test */
} TestRun;
#define ONCE(t) {t, 0}
#define LOOP(t, n) {t, n}
static inline int run_tests(const char *name, int timeout, const TestRun *runs) {
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);
    if (timeout) tcase_set_timeout(tc, timeout);
    for (; runs->test; runs++) {
        if (runs->loops) tcase_add_loop_test(tc, runs->test, 0, runs->loops);
        else tcase_add_test(tc, runs->test);
    }
    suite_add_tcase(s, tc);
    return run_suite(s);
}
#define RUN_TESTS(name, timeout, ...) run_tests(name, timeout, (const TestRun[]){__VA_ARGS__, {NULL, 0}})

static inline void fen_of(const GameOps *g, const GamePos *p, char *out) { g->print_pos(p, out); }

/* Why the game ended in p as the core says it (game_end_reason): "" while it goes on. */
static inline const char *reason_of(const GameOps *g, const GamePos *p) {
    static char why[REASON_STR_MAX];
    game_end_reason(g, p, why);
    return why;
}

/* The seed of a random test: SIMIA_SEED from the environment when set (to rerun a failure,
 * or to explore other seeds), else the test's fixed default, so that CI is repeatable.
 * Printed either way: every failure report says how to rerun it. */
static inline uint64_t test_seed(const char *test, uint64_t def) {
    const char *env = getenv("SIMIA_SEED");
    uint64_t seed = def;
    if (env && *env) {
        char *end;
        seed = strtoull(env, &end, 0);
        if (*end) {
            fprintf(stderr, "SIMIA_SEED='%s' is not a number\n", env);
            exit(2);
        }
    }
    fprintf(stderr, "%s: seed %llu (rerun: SIMIA_SEED=%llu)\n", test, (unsigned long long)seed,
            (unsigned long long)seed);
    return seed;
}

/* How much of a random test's work to do: a test asks for test_count(N) games or positions.
 * SIMIA_TEST_SCALE (percent) from the environment when set, else 100, or 25 in sanitizer
 * builds (SIMIA_TEST_SCALE_DEFAULT from CMake): CI runs every suite four times (gcc, clang,
 * ASan+UBSan, TSan), and the instrumented builds are 3-20 times slower. Never below 1. */
#ifndef SIMIA_TEST_SCALE_DEFAULT
#define SIMIA_TEST_SCALE_DEFAULT 100
#endif
static inline long test_count(long n) {
    const char *env = getenv("SIMIA_TEST_SCALE");
    long pct = SIMIA_TEST_SCALE_DEFAULT;
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        if (*end || v < 1) {
            fprintf(stderr, "SIMIA_TEST_SCALE='%s' is not a positive percentage\n", env);
            exit(2);
        }
        pct = v;
    }
    long c = n * pct / 100;
    return c < 1 ? 1 : c;
}

/* A game's option values: the defaults, or (with rng) any values the options accept. */
static inline GameConfig test_config(const GameOps *g, Prng *rng) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) {
        const GameOptionDef *d = &g->options[i];
        c.v[i] = d->def;
        if (!rng) continue;
        int lo = d->type == GOPT_CHECK || d->type == GOPT_COMBO ? 0 : d->min, hi = d->max;
        if (d->type == GOPT_CHECK) hi = 1;
        if (d->type == GOPT_COMBO)
            for (hi = 0; d->vars[hi + 1]; hi++) {
            }
        /* No-progress limits and heights are drawn small too, where their ends happen. */
        int span = hi - lo > 60 && prng_below(rng, 2) ? 60 : hi - lo;
        for (int tries = 0; tries < 100; tries++) {
            int v = lo + (int)prng_below(rng, (uint32_t)span + 1);
            if (!d->refuse || !d->refuse(v)) {
                c.v[i] = v;
                break;
            }
        }
    }
    return c;
}

#endif
