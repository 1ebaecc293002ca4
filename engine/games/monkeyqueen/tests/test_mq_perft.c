/* test_mq_perft.c — leaf counts against the reference tables: the start position with the
 * pie rule on and off (depths 1-5), and 8 positions from real random games (depths 1-3),
 * with every build of the hot code the CPU runs; the same counts for the positions' images
 * under the board's mirror (the game's hook) and under all eight symmetries of the square. */
#include "engine/games/monkeyqueen/mq.h"
#include "engine/games/monkeyqueen/mq_game.h"
#include "engine/perft.h"
#include "testutil.h"

/* Every build of the hot code this CPU runs (portable first): each must count the same. */
static const GameOps *G, *VARIANTS[MQ_MAX_VARIANTS];
static int N_VARIANTS;

START_TEST(start_pie_on) {
    G = VARIANTS[_i];
    static const uint64_t want[] = {1, 33, 1111, 55753, 2716129, 153426728};
    GameConfig cfg = mq_cfg(1, 20, 20);
    perft_start(G, &cfg, want, 5, 4);
}
END_TEST

START_TEST(start_pie_off) {
    G = VARIANTS[_i];
    static const uint64_t want[] = {1, 33, 1078, 54675, 2661454, 150765274};
    GameConfig cfg = mq_cfg(0, 20, 20);
    perft_start(G, &cfg, want, 5, -1);
}
END_TEST

/* The position under symmetry k of the square (bit 0: files reversed, bit 1: ranks
 * reversed, bit 2: files and ranks exchanged): the rules (queen lines, the babies' straight
 * line distance to the enemy queen, the pie rule) have no direction, so all eight keep
 * every count. Only the mirror (k = 1) is a hook: the transposes did not help a net (the
 * game's page). */
static void square_symmetry(GamePos *gp, int k) {
    MQPos *p = (MQPos *)gp, m;
    mq_clear(&m);
    for (int sq = 0; sq < MQ_SQ_NB; sq++) {
        if (!p->height[sq]) continue;
        int f = mq_file(sq), r = mq_rank(sq), t;
        if (k & 1) f = MQ_N - 1 - f;
        if (k & 2) r = MQ_N - 1 - r;
        if (k & 4) t = f, f = r, r = t;
        mq_put(&m, mq_sq(f, r), mq_colour_at(p, sq), p->height[sq]);
    }
    m.stm = p->stm, m.swap = p->swap, m.pie = p->pie, m.ply = p->ply;
    m.key = mq_compute_key(&m);
    *p = m;
}

/* A row's position: its moves played from the start. */
static void read_moves(const GameOps *g, GamePos *p, const char *moves) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    g->startpos(p, &cfg);
    char buf[8192];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) play(g, p, tok);
}

/* The hook's mirror is symmetry 1; all eight count the same. */
static void symmetries(const GameOps *g, const GamePos *p, const uint64_t *want, int depths) {
    GamePos m = *p, s1 = *p;
    ck_assert(g->mirror(&m));
    square_symmetry(&s1, 1);
    ck_assert(!memcmp(&m, &s1, sizeof(MQPos)));
    for (int k = 1; k < 8; k++) {
        GamePos q = *p;
        square_symmetry(&q, k);
        for (int d = 1; d <= depths; d++) ck_assert_msg(perft(g, &q, d) == want[d - 1], "symmetry %d, depth %d", k, d);
    }
}

START_TEST(reference_positions) {
    G = VARIANTS[_i];
    ck_assert_int_eq(perft_table(G, SIMIA_TEST_DATA "/mq_perft.txt", read_moves, symmetries), 8);
}
END_TEST

START_TEST(divide_sums_and_format) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    GamePos p;
    G->startpos(&p, &cfg);
    play(G, &p, "g1g7");
    char *buf = divide_text(G, &p, 2, perft(G, &p, 2));
    ck_assert_ptr_nonnull(strstr(buf, "swap: "));
    ck_assert_ptr_nonnull(strstr(buf, "f12f11: "));
    free(buf);
}
END_TEST

int main(void) {
    G = game_default();
    N_VARIANTS = mq_variants(VARIANTS);
    if (VARIANTS[N_VARIANTS - 1] != G) {
        fprintf(stderr, "the registry does not hand out the best build for this CPU\n");
        return 1;
    }
    return RUN_TESTS("perft", 600, LOOP(start_pie_on, N_VARIANTS), LOOP(start_pie_off, N_VARIANTS),
                     LOOP(reference_positions, N_VARIANTS), ONCE(divide_sums_and_format));
}
