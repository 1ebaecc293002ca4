/* bench_run.h — the benchmark run in process for the Check suites (tests/test_bench.c, each game's
 * bench suite): bench_main on a line of words, a number read from its text, the signature, playouts. */
#ifndef SIMIA_BENCH_RUN_H
#define SIMIA_BENCH_RUN_H

#include "bench/bench.h"
#include "testutil.h"

/* Runs bench_main with the given words; returns its status, output in *text (freed by
 * the caller) and the error in err. */
static inline int run(Engine *e, const char *words, char **text, char *err) {
    char buf[256], *argv[16];
    int argc = 0;
    snprintf(buf, sizeof buf, "%s", words);
    for (char *t = strtok(buf, " "); t && argc < 16; t = strtok(NULL, " ")) argv[argc++] = t;
    size_t len = 0;
    FILE *out = open_memstream(text, &len);
    ck_assert_ptr_nonnull(out);
    int rc = bench_main(e, argc, argv, out, err);
    fclose(out);
    return rc;
}

/* The number after `key` in text (a line "key N" or a field "key N"). */
static inline unsigned long long field(const char *text, const char *key) {
    const char *at = strstr(text, key);
    ck_assert_msg(at != NULL, "no '%s' in:\n%s", key, text);
    return strtoull(at + strlen(key), NULL, 10);
}

/* bench's signature (nodes searched) at depth in one engine of g twice and in a fresh one: the
 * same each time, and not zero; the first run's text in *text (freed by the caller). */
static inline unsigned long long stable_signature(const GameOps *g, const char *depth, char **text) {
    Engine *e = engine_create(g), *f = engine_create(g);
    char *again, err[ERR_STR_MAX];
    ck_assert_msg(run(e, depth, text, err) == 0, "%s", err);
    unsigned long long n = field(*text, "Nodes searched: ");
    ck_assert_uint_gt(n, 0);
    for (int k = 0; k < 2; k++) {
        ck_assert_msg(run(k ? f : e, depth, &again, err) == 0, "%s", err);
        ck_assert_uint_eq(field(again, "Nodes searched: "), n);
        free(again);
    }
    engine_destroy(e);
    engine_destroy(f);
    return n;
}

/* bench playouts n, seeded, with its words in either order and with --list: the same plies each
 * time (nth_move and the list agree), more than n, and n games ended. */
static inline void playouts_agree(Engine *e, int n) {
    static const char *const FORMS[][2] = {{"playouts ", " --seed 5"}, {"playouts --seed 5 ", ""},
                                           {"playouts ", " --seed 5 --list"}};
    unsigned long long plies = 0;
    for (int k = 0; k < 3; k++) {
        char words[64], *text, err[ERR_STR_MAX];
        snprintf(words, sizeof words, "%s%d%s", FORMS[k][0], n, FORMS[k][1]);
        ck_assert_msg(run(e, words, &text, err) == 0, "bench %s: %s", words, err);
        if (!k) plies = field(text, "Plies: ");
        ck_assert_uint_eq(field(text, "Plies: "), plies);
        if (!k)
            ck_assert_uint_eq(field(text, "Player 1 wins: ") + field(text, "Player 2 wins: ") + field(text, "Draws: "),
                              (unsigned long long)n);
        free(text);
    }
    ck_assert_uint_gt(plies, (unsigned long long)n);
}

#endif
