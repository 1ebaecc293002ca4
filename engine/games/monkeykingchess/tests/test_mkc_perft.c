/* test_mkc_perft.c — perft of Monkey King Chess against the published tables: the start
 * for both RiverSquares choices, and every case of data/perft.jsonl (a copy of the shared
 * cases), bulk-counted and move by move, and mirrored left to right (the game's symmetry);
 * the reference engine counts the shallow ones. */
#include "engine/perft.h"
#include "mkc_reference.h"
#include "testutil.h"

static const GameOps *G;
static const char *START = "5/7/5/5/5/5/7/5 1 PPPPPPNNHHKCppppppnnhhkc 0 - 0 0";

static void check(const char *fen, int diagonal, int depth, uint64_t want, bool with_reference) {
    GameConfig cfg = {{diagonal, 150}};
    GamePos p;
    char err[ERR_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, &cfg, err), "%s: %s", fen, err);
    uint64_t got = perft(G, &p, depth);
    ck_assert_msg(got == want, "%s (%s) depth %d: %llu, expected %llu", fen, diagonal ? "diagonal" : "ranks", depth,
                  (unsigned long long)got, (unsigned long long)want);
    if (depth <= 3) ck_assert_uint_eq(perft_made(G, &p, depth), want); /* count_moves checked too */
    /* The earth board mirrored left to right (the game's symmetry; either rivers) counts the same. */
    GamePos m = p;
    ck_assert(G->mirror(&m));
    ck_assert_msg(perft(G, &m, depth) == want, "%s mirrored, depth %d", fen, depth);
    if (with_reference) {
        MkcRefCfg rc = {diagonal, 150};
        ck_assert_uint_eq(mkc_ref_perft(fen, &rc, depth), want);
    }
}

/* The rules file's table (section 11). */
START_TEST(start_tables) {
    static const uint64_t ranks[] = {1, 100, 9864, 913034}, diagonal[] = {1, 100, 9864, 913402};
    for (int d = 1; d <= 3; d++) {
        check(START, 0, d, ranks[d], d <= 2);
        check(START, 1, d, diagonal[d], d <= 2);
    }
}
END_TEST

/* Reads "fen": "...", "perft": {"1": n, ...} and an optional "opts" with RiverSquares. */
START_TEST(shared_cases) {
    FILE *f = fopen(SIMIA_TEST_DATA "/perft.jsonl", "r");
    ck_assert_ptr_nonnull(f);
    char line[4096];
    int cases = 0;
    while (fgets(line, sizeof line, f)) {
        char fen[POS_STR_MAX];
        const char *s = strstr(line, "\"fen\": \"");
        ck_assert_ptr_nonnull(s);
        s += 8;
        size_t n = strcspn(s, "\"");
        memcpy(fen, s, n);
        fen[n] = 0;
        const char *opts = strstr(line, "\"opts\"");
        int diagonal = opts && strstr(opts, "diagonal");
        const char *pf = strstr(line, "\"perft\": {");
        ck_assert_ptr_nonnull(pf);
        for (const char *q = pf + 10; (q = strchr(q, '"')) != NULL;) {
            int depth = atoi(q + 1);
            q = strchr(q, ':') + 1;
            uint64_t want = strtoull(q, (char **)&q, 10);
            /* the reference counts every shallow case, and the deeper ones it can count
             * quickly (the cases at counter 148 end by the limit only at depth 3) */
            check(fen, diagonal, depth, want, depth <= 2 || want <= 100000);
        }
        cases++;
    }
    fclose(f);
    ck_assert_int_ge(cases, 13);
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    return RUN_TESTS("mkc_perft", 600, ONCE(start_tables), ONCE(shared_cases));
}
