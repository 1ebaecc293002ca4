/* test_mad_bench.c — M.A.D.'s benchmarks: its own position list (every kind the list
 * promises), a signature stable in one engine, a fresh one and the executable, perft of the
 * start, playouts reproducible with nth_move and the list agreeing. Speed is never asserted. */
#include "bench_run.h"
#include "mad_test.h"

static const GameOps *G;

START_TEST(positions_and_signature) {
    char *text;
    stable_signature(G, "2", &text);
    static const char *const KINDS[] = {"start", "opening", "middlegame", "endgame", "goal-race",
                                        "wipe-draw", "wipe-out", "no-progress"};
    for (size_t i = 0; i < sizeof KINDS / sizeof KINDS[0]; i++) {
        char want[64];
        snprintf(want, sizeof want, " label %s depth 2 ", KINDS[i]);
        ck_assert_msg(strstr(text, want), "no position of the kind %s", KINDS[i]);
    }
    free(text);
}
END_TEST

START_TEST(executable_agrees) {
    FILE *p = popen("cd / && '" SIMIA_BINARY "' --game mad bench 1 2>/dev/null", "r");
    ck_assert_ptr_nonnull(p);
    static char text[1 << 16];
    size_t len = fread(text, 1, sizeof text - 1, p);
    text[len] = 0;
    ck_assert_int_eq(pclose(p), 0);
    char *in_process;
    ck_assert_uint_eq(field(text, "Nodes searched: "), stable_signature(G, "1", &in_process));
    free(in_process);
}
END_TEST

START_TEST(perft_and_playouts) {
    Engine *e = engine_create(G);
    char *a, err[ERR_STR_MAX];
    ck_assert_int_eq(run(e, "perft 2", &a, err), 0);
    ck_assert_uint_eq(field(a, "label start depth 2 leaves "), 45754);
    free(a);
    playouts_agree(e, 40);
    engine_destroy(e);
}
END_TEST

int main(void) {
    G = mad_game();
    return RUN_TESTS("mad_bench", 300, ONCE(positions_and_signature), ONCE(executable_agrees),
                     ONCE(perft_and_playouts));
}
