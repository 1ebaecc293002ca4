/* test_bench.c — the benchmark: the signature (nodes searched) is the same on every run,
 * in one engine, in a fresh one and in the real executable; perft, playouts, argument
 * errors, and the caller's engine untouched. Speed is never asserted here. */
#include "bench_run.h"
#include "engine/perft.h"
#include "testutil.h"

/* Small depths keep the suite quick (also under the sanitizers): the signature proper is
 * checked at depth 2, the other tests search to depth 1. */
#define SMALL_DEPTH "2"
#define TINY_DEPTH "1"

/* One line per position, at least 40 positions. */
static void lists_the_positions(const char *text) {
    int lines = 0;
    for (const char *s = text; (s = strstr(s, "\nposition ")); s++) lines++;
    ck_assert_int_ge(lines + 1, 40);
}

static unsigned long long signature(Engine *e, const char *depth) {
    char *text, err[ERR_STR_MAX];
    ck_assert_int_eq(run(e, depth, &text, err), 0);
    unsigned long long n = field(text, "Nodes searched: ");
    lists_the_positions(text);
    free(text);
    return n;
}

START_TEST(signature_is_stable) {
    char *text;
    stable_signature(game_default(), SMALL_DEPTH, &text);
    lists_the_positions(text);
    free(text);
}
END_TEST

/* The executable itself, twice: nothing may depend on the process or the directory. */
START_TEST(executable_signature_is_stable) {
    unsigned long long n[2];
    for (int i = 0; i < 2; i++) {
        FILE *p = popen("cd / && '" SIMIA_BINARY "' bench " TINY_DEPTH " 2>/dev/null", "r");
        ck_assert_ptr_nonnull(p);
        static char text[1 << 16];
        size_t len = fread(text, 1, sizeof text - 1, p);
        text[len] = 0;
        ck_assert_int_eq(pclose(p), 0);
        n[i] = field(text, "Nodes searched: ");
    }
    ck_assert_uint_eq(n[0], n[1]);
    Engine *e = engine_create(game_default());
    ck_assert_uint_eq(n[0], signature(e, TINY_DEPTH));
    engine_destroy(e);
}
END_TEST

START_TEST(json_has_the_same_nodes) {
    Engine *e = engine_create(game_default());
    char *text, err[ERR_STR_MAX];
    ck_assert_int_eq(run(e, TINY_DEPTH " --json", &text, err), 0);
    ck_assert_ptr_nonnull(strstr(text, "\"bench\": \"search\""));
    ck_assert_uint_eq(field(text, "\n  ], \"nodes\": "), signature(e, TINY_DEPTH));
    /* the game and what evaluates, as the text says them */
    char eval[OPTION_STR_MAX + ERR_STR_MAX], want[sizeof eval + 64];
    engine_describe_eval(e, eval, sizeof eval);
    snprintf(want, sizeof want, "\"game\": \"%s\"", game_default()->name);
    ck_assert_ptr_nonnull(strstr(text, want));
    snprintf(want, sizeof want, "\"evaluation\": \"%s\"", eval);
    ck_assert_msg(strstr(text, want), "no '%s' in %s", want, text);
    free(text);
    ck_assert_int_eq(run(e, TINY_DEPTH, &text, err), 0);
    snprintf(want, sizeof want, "Game: %s (%s)\nEvaluation: %s\n", game_default()->title, game_default()->name, eval);
    ck_assert_msg(strstr(text, want), "no '%s' in %s", want, text);
    free(text);
    engine_destroy(e);
}
END_TEST

START_TEST(perft_counts) {
    Engine *e = engine_create(game_default());
    char *text, err[ERR_STR_MAX];
    ck_assert_int_eq(run(e, "perft 3", &text, err), 0);
    ck_assert_uint_eq(field(text, "label start depth 3 leaves "), 55753);
    ck_assert_ptr_nonnull(strstr(text, "Leaves/second: "));
    free(text);
    engine_destroy(e);
}
END_TEST

START_TEST(playouts_are_reproducible) {
    Engine *e = engine_create(game_default());
    playouts_agree(e, 300);
    engine_destroy(e);
}
END_TEST

START_TEST(bad_arguments_are_refused) {
    Engine *e = engine_create(game_default());
    static const char *const bad[] = {"foo", "0", "2 0", "2 1 0", "2 1 16 9", "perft 0", "perft 99",
                                      "perft 3 4", "playouts 0", "playouts 10 --seed", "playouts x",
                                      "threads 2 0"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        char *text, err[ERR_STR_MAX];
        ck_assert_msg(run(e, bad[i], &text, err) == 2, "'bench %s' accepted", bad[i]);
        ck_assert_msg(err[0] && !strchr(err, '\n'), "'bench %s': no one-line reason", bad[i]);
        free(text);
    }
    engine_destroy(e);
}
END_TEST

/* bench runs on an engine of its own: the caller's options (game rules, MultiPV, Threads)
 * change nothing in the result, and the caller's engine keeps its options and position. */
START_TEST(engine_state_afterwards) {
    Engine *e = engine_create(game_default());
    char *text, err[ERR_STR_MAX];
    unsigned long long fresh = signature(e, TINY_DEPTH);
    ck_assert(engine_set_option(e, "PieRule", "false", err));
    ck_assert(engine_set_option(e, "MultiPV", "3", err));
    ck_assert(engine_set_option(e, "Repetition", "false", err));
    ck_assert(engine_set_position(e, NULL, (const char *const[]){"g1g7"}, 1, err));
    ck_assert_uint_eq(signature(e, TINY_DEPTH), fresh);
    ck_assert_int_eq(run(e, "perft 1", &text, err), 0);
    free(text);
    ck_assert_int_eq(engine_option_int(e, "PieRule"), 0);
    ck_assert_int_eq(engine_option_int(e, "MultiPV"), 3);
    ck_assert_int_eq(engine_option_int(e, "Repetition"), 0);
    ck_assert_int_eq(engine_option_int(e, "Threads"), 1);
    ck_assert_int_eq(engine_position_status(e), POS_PLAYING);
    ck_assert_int_eq(engine_game(e)->ply(engine_position(e)), 1);
    engine_destroy(e);
}
END_TEST

int main(void) {
    return RUN_TESTS("bench", 600, ONCE(signature_is_stable), ONCE(executable_signature_is_stable),
                     ONCE(json_has_the_same_nodes), ONCE(perft_counts), ONCE(playouts_are_reproducible),
                     ONCE(bad_arguments_are_refused), ONCE(engine_state_afterwards));
}
