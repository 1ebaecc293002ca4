/* test_boomzoom_perft.c — leaf counts against the tables: the start position (the rules
 * file's table, depth 5 where the build is not sanitized), the shared cases and positions
 * counted by the reference referee (depths 1-3), with every build of the hot code; each
 * also mirrored left to right (the game's symmetry), the same counts. */
#include "bz_testutil.h"
#include "engine/perft.h"

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
    GamePos p;
    G->startpos(&p, &cfg);
    for (int d = 0; d <= START_DEPTH; d++) ck_assert_uint_eq(perft(G, &p, d), want[d]);
    ck_assert(G->mirror(&p));
    for (int d = 0; d <= 4; d++) ck_assert_uint_eq(perft(G, &p, d), want[d]);
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

START_TEST(table_positions) {
    G = VARIANTS[_i];
    FILE *f = fopen(SIMIA_TEST_DATA "/perft.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[2048];
    int checked = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        unsigned long long want[3];
        char *bar = strchr(line, '|');
        ck_assert(bar && sscanf(line, "%llu %llu %llu", &want[0], &want[1], &want[2]) == 3);
        bar[strcspn(bar, "\n")] = 0;
        GamePos p;
        bz_parse_ok(G, &p, bar + 2, 100);
        for (int d = 1; d <= 3; d++)
            ck_assert_msg(perft(G, &p, d) == want[d - 1], "%s: perft %d", bar + 2, d);
        ck_assert(G->mirror(&p)); /* the board mirrored left to right counts the same */
        for (int d = 1; d <= 3; d++)
            ck_assert_msg(perft(G, &p, d) == want[d - 1], "%s mirrored: perft %d", bar + 2, d);
        checked++;
    }
    fclose(f);
    ck_assert_int_eq(checked, 49);
}
END_TEST

START_TEST(divide_sums) {
    GameConfig cfg = bz_cfg(100);
    GamePos p;
    G->startpos(&p, &cfg);
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_uint_eq(perft_divide(G, &p, 3, out), 239692);
    fclose(out);
    ck_assert_ptr_nonnull(strstr(buf, "a1a4: "));
    ck_assert_ptr_nonnull(strstr(buf, "\nNodes searched: 239692\n"));
    int lines = 0;
    for (char *s = buf; *s; s++) lines += *s == '\n';
    ck_assert_int_eq(lines, 61);
    free(buf);
}
END_TEST

int main(void) {
    N_VARIANTS = bz_variants(VARIANTS);
    G = VARIANTS[0];
    return RUN_TESTS("boomzoom_perft", 600, LOOP(start_table, N_VARIANTS), LOOP(first_bear_off, N_VARIANTS),
                     LOOP(table_positions, N_VARIANTS), ONCE(divide_sums));
}
