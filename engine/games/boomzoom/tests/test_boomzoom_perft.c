/* test_boomzoom_perft.c — leaf counts against the tables: the start position (the rules
 * file's table, depth 5 where the build is not sanitized), the shared cases and positions
 * counted by the reference referee (depths 1-3), with every build of the hot code; each
 * also mirrored left to right (the game's symmetry), the same counts. */
#include "bz_testutil.h"

static const GameOps *G, *VARIANTS[BZ_MAX_VARIANTS];
static int N_VARIANTS;

/* Sanitized builds run about ten times slower: depth 5 (1.1 billion leaves) stays out. */
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define BZ_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer) || __has_feature(undefined_behavior_sanitizer)
#define BZ_SANITIZED 1
#endif
#endif
#ifdef BZ_SANITIZED
#define START_DEPTH 4
#else
#define START_DEPTH 5
#endif

START_TEST(start_table) {
    G = VARIANTS[_i];
    static const uint64_t want[] = {1, 60, 3600, 239692, 15908198, 1126959054};
    GameConfig cfg = bz_cfg(100);
    perft_start(G, &cfg, want, START_DEPTH, 4);
}
END_TEST

START_TEST(first_bear_off) {
    G = VARIANTS[_i];
    /* the rules file: the first bear-offs appear at depth 5, e.g. a1a4 a8b7 a4a7 h8g7 a7off */
    GameConfig cfg = bz_cfg(100);
    GamePos p;
    G->startpos(&p, &cfg);
    play(G, &p, "a1a4");
    play(G, &p, "a8b7");
    play(G, &p, "a4a7");
    play(G, &p, "h8g7");
    ck_assert(G->parse_move(&p, "a7off") != MOVE_NONE);
}
END_TEST

static void read_fen(const GameOps *g, GamePos *p, const char *fen) { bz_parse_ok(g, p, fen, 100); }

START_TEST(table_positions) {
    G = VARIANTS[_i];
    ck_assert_int_eq(perft_table(G, SIMIA_TEST_DATA "/perft.txt", read_fen, NULL), 49);
}
END_TEST

START_TEST(divide_sums) {
    GameConfig cfg = bz_cfg(100);
    GamePos p;
    G->startpos(&p, &cfg);
    char *buf = divide_text(G, &p, 3, 239692);
    ck_assert_ptr_nonnull(strstr(buf, "a1a4: "));
    free(buf);
}
END_TEST

int main(void) {
    N_VARIANTS = bz_variants(VARIANTS);
    G = VARIANTS[0];
    return RUN_TESTS("boomzoom_perft", 600, LOOP(start_table, N_VARIANTS), LOOP(first_bear_off, N_VARIANTS),
                     LOOP(table_positions, N_VARIANTS), ONCE(divide_sums));
}
