/* test_mad_bench.c — M.A.D.'s benchmarks: its own position list (every kind the list
 * promises), a signature stable in one engine, a fresh one and the executable, perft of the
 * start, playouts reproducible with nth_move and the list agreeing. Speed is never asserted. */
#include "bench_run.h"
#include "mad_test.h"

static const GameOps *G;

static unsigned long long signature(Engine *e, const char *depth, char **keep) {
    char *text, err[ERR_STR_MAX];
    ck_assert_msg(run(e, depth, &text, err) == 0, "%s", err);
    unsigned long long n = field(text, "Nodes searched: ");
    if (keep) *keep = text;
    else free(text);
    return n;
}

START_TEST(positions_and_signature) {
    Engine *e = engine_create(G), *f = engine_create(G);
    char *text;
    unsigned long long a = signature(e, "2", &text), b = signature(e, "2", NULL), c = signature(f, "2", NULL);
    static const char *const KINDS[] = {"start", "opening", "middlegame", "endgame", "goal-race",
                                        "wipe-draw", "wipe-out", "no-progress"};
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, " label %s depth 2 ", KINDS[i]);
        ck_assert_msg(strstr(text, want), "no position of the kind %s", KINDS[i]);
    }
    free(text);
    ck_assert_uint_gt(a, 0);
    ck_assert_uint_eq(a, b);
    ck_assert_uint_eq(a, c);
    engine_destroy(e);
    engine_destroy(f);
}
END_TEST

START_TEST(executable_agrees) {
    FILE *p = popen("cd / && '" SIMIA_BINARY "' --game mad bench 1 2>/dev/null", "r");
    ck_assert_ptr_nonnull(p);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text - 1, p);
    text[len] = 0;
    ck_assert_int_eq(pclose(p), 0);
    Engine *e = engine_create(G);
    ck_assert_uint_eq(field(text, "Nodes searched: "), signature(e, "1", NULL));
    engine_destroy(e);
}
END_TEST

START_TEST(perft_and_playouts) {
    Engine *e = engine_create(G);
    char *a, *b, *c, err[ERR_STR_MAX];
    ck_assert_int_eq(run(e, "perft 2", &a, err), 0);
    ck_assert_uint_eq(field(a, "label start depth 2 leaves "), 45754);
    free(a);
    ck_assert_int_eq(run(e, "playouts 40 --seed 5", &a, err), 0);
    ck_assert_int_eq(run(e, "playouts --seed 5 40", &b, err), 0);
    ck_assert_int_eq(run(e, "playouts 40 --seed 5 --list", &c, err), 0);
    unsigned long long plies = field(a, "Plies: ");
    ck_assert_uint_gt(plies, 40);
    ck_assert_uint_eq(plies, field(b, "Plies: "));
    ck_assert_uint_eq(plies, field(c, "Plies: "));
    ck_assert_uint_eq(field(a, "Player 1 wins: ") + field(a, "Player 2 wins: ") + field(a, "Draws: "), 40);
    free(a);
    free(b);
    free(c);
    engine_destroy(e);
}
END_TEST

int main(void) {
    G = mad_game();
    return RUN_TESTS("mad_bench", 300, ONCE(positions_and_signature), ONCE(executable_agrees),
                     ONCE(perft_and_playouts));
}
