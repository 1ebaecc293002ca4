/* bench_run.h — the benchmark run in process for the Check suites (tests/test_bench.c, each game's
 * bench suite): bench_main with a line of words, its output caught as text, and a number read from it. */
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

#endif
