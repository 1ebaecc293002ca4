/* test_mad_perft.c — M.A.D.'s leaf counts against the shared tables (data/mad_perft.txt:
 * the start to depth 3 and seven positions with counters near and at the limit), each also
 * mirrored left to right (the game's symmetry), with every build of the hot code the CPU
 * runs; perft_divide's lines add up. */
#include "engine/games/mad/mad_game.h"
#include "engine/perft.h"
#include "mad_test.h"

static const GameOps *G, *VARIANTS[MAD_MAX_VARIANTS];
static int N_VARIANTS;

START_TEST(table) {
    G = VARIANTS[_i];
    FILE *f = fopen(SIMIA_TEST_DATA "/mad_perft.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[4096], err[ERR_STR_MAX];
    int checked = 0;
    GameConfig cfg = {{150}};
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *bar = strchr(line, '|');
        ck_assert_ptr_nonnull(bar);
        *bar = 0;
        GamePos p, m;
        ck_assert_msg(G->parse_pos(&p, line, &cfg, err), "%s: %s", line, err);
        m = p;
        ck_assert(G->mirror(&m)); /* the board mirrored left to right counts the same */
        for (char *tok = strtok(bar + 1, " \n"); tok; tok = strtok(NULL, " \n")) {
            int depth;
            unsigned long long want;
            ck_assert(sscanf(tok, "%d:%llu", &depth, &want) == 2);
            ck_assert_msg(perft(G, &p, depth) == want, "%s depth %d: %llu, expected %llu", line, depth,
                          (unsigned long long)perft(G, &p, depth), want);
            ck_assert_msg(perft(G, &m, depth) == want, "%s mirrored, depth %d: %llu, expected %llu", line, depth,
                          (unsigned long long)perft(G, &m, depth), want);
            checked++;
        }
    }
    fclose(f);
    ck_assert_int_eq(checked, 24);
}
END_TEST

/* The start table of the rules file, through startpos (not the position string). */
START_TEST(start) {
    GameConfig cfg = {{150}};
    GamePos p;
    G->startpos(&p, &cfg);
    static const uint64_t want[] = {1, 214, 45754, 9462244};
    for (int d = 0; d <= 3; d++) ck_assert_uint_eq(perft(G, &p, d), want[d]);
}
END_TEST

/* With NoProgressPlies 1 every non-combat move ends the game: depth 2 counts only the
 * replies after combat. At the start there is none, so every first move is a leaf. */
START_TEST(limit_changes_counts) {
    GameConfig one = {{1}}, off = {{0}};
    GamePos p;
    G->startpos(&p, &one);
    ck_assert_uint_eq(perft(G, &p, 1), 214);
    ck_assert_uint_eq(perft(G, &p, 2), 0);
    G->startpos(&p, &off);
    ck_assert_uint_eq(perft(G, &p, 2), 45754);
}
END_TEST

START_TEST(divide_sums_and_format) {
    GameConfig cfg = {{150}};
    GamePos p;
    G->startpos(&p, &cfg);
    char *buf = divide_text(G, &p, 2, 45754);
    ck_assert_ptr_nonnull(strstr(buf, "a2b3x3: "));
    ck_assert_ptr_nonnull(strstr(buf, "h2e5: "));
    ck_assert_int_eq(G->count_moves(&p), 214);
    free(buf);
}
END_TEST

int main(void) {
    G = mad_game();
    N_VARIANTS = mad_variants(VARIANTS);
    if (VARIANTS[N_VARIANTS - 1] != G) {
        fprintf(stderr, "the registry does not hand out the best build for this CPU\n");
        return EXIT_FAILURE;
    }
    return RUN_TESTS("mad_perft", 600, LOOP(table, N_VARIANTS), ONCE(start), ONCE(limit_changes_counts),
                     ONCE(divide_sums_and_format));
}
