/* test_dragonsteeth_eval.c — the evaluation and the search hints: the evaluation is the
 * same for a position and its mirror (ranks turned, players swapped); the static exchange,
 * the wins in one and the threats on hand-made positions; every build of the hot code. */
#include <ctype.h>

#include "dt_testutil.h"
#include "engine/games/dragonsteeth/dt.h"
#include "engine/prng.h"

static const GameOps *G, *VARIANTS[DT_MAX_VARIANTS];
static int N_VARIANTS;

/* The position with the board turned upside down and the players swapped. */
static void mirror(const char *fen, char *out) {
    char board[POS_STR_MAX], ranks[8][128];
    int side, off1, off2, np, ply;
    ck_assert(sscanf(fen, "%s %d %d %d %d %d", board, &side, &off1, &off2, &np, &ply) == 6);
    int n = 0;
    for (char *r = strtok(board, "/"); r; r = strtok(NULL, "/")) snprintf(ranks[n++], sizeof ranks[0], "%s", r);
    ck_assert_int_eq(n, 8);
    char *o = out;
    for (int i = 7; i >= 0; i--) {
        for (char *c = ranks[i]; *c; c++) *o++ = isupper((unsigned char)*c) ? (char)tolower(*c) : (char)toupper(*c);
        if (i) *o++ = '/';
    }
    sprintf(o, " %d %d %d %d %d", 3 - side, off2, off1, np, ply);
}

START_TEST(symmetric_over_random_games) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("symmetric_over_random_games", 5) + (uint64_t)_i};
    GameConfig cfg = dt_default_cfg();
    int checked = 0;
    for (long g = 0, games = test_count(200); g < games; g++) {
        GamePos p;
        G->startpos(&p, &cfg);
        Move list[MAX_MOVES];
        int n;
        while ((n = G->gen_moves(&p, list, GEN_ALL)) > 0) {
            char fen[POS_STR_MAX], mir[POS_STR_MAX];
            GamePos q;
            G->print_pos(&p, fen);
            mirror(fen, mir);
            dt_parse_ok(G, &q, mir, cfg);
            REQUIRE(G->evaluate(&p) == G->evaluate(&q), "%s: %d, mirrored %d", fen, G->evaluate(&p), G->evaluate(&q));
            REQUIRE(G->count_moves(&p) == G->count_moves(&q), "%s: moves of the mirror", fen);
            REQUIRE(G->in_check(&p) == G->in_check(&q), "%s: in_check of the mirror", fen);
            checked++;
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
    ck_assert_int_gt(checked, 1000);
}
END_TEST

static bool see(const GamePos *p, const char *move, int threshold) {
    Move m = G->parse_move(p, move);
    ck_assert_msg(m != MOVE_NONE, "%s is not legal", move);
    return G->see_ge(p, m, threshold);
}

/* The exchange as computed by hand, in the evaluation's values (a tooth: 100 a point). */
START_TEST(static_exchange) {
    G = VARIANTS[_i];
    GamePos p;
    ck_assert_int_eq(DT_VALUE_1, 100);
    ck_assert_int_eq(DT_VALUE_2, 200);
    ck_assert_int_eq(DT_VALUE_3, 300);
    /* a free small tooth: +100 */
    dt_setup(G, &p, "T:d4 t:d6 T3:a1 t3:h8", 1, 3, 3);
    int value = 100;
    ck_assert(see(&p, "d4d6", value));
    ck_assert(!see(&p, "d4d6", value + 1));
    /* the same tooth defended by a small one next to it: an even trade, 100 less */
    dt_setup(G, &p, "T:d4 t:d6 t:e7 T3:a1 t3:h8", 1, 3, 3);
    ck_assert(see(&p, "d4d6", value - 100));
    ck_assert(!see(&p, "d4d6", value - 99));
    /* a lone small defender next to d6 cannot retake a medium tooth (1 + 0 < 2): +100 */
    dt_setup(G, &p, "T2:d4 t:d6 t:e7 T3:a1 t3:h8", 1, 3, 3);
    ck_assert(see(&p, "d4d6", value));
    ck_assert(!see(&p, "d4d6", value + 1));
    /* a medium defender further away can: 1 - 2 = -100 */
    dt_setup(G, &p, "T2:d4 t:d6 t2:d8 T3:a1 t3:h8", 1, 3, 3);
    ck_assert(see(&p, "d4d6", value - 200));
    ck_assert(!see(&p, "d4d6", value - 199));
    /* ... and then a medium of the mover's retakes, so the defender does not: +100 */
    dt_setup(G, &p, "T2:d4 t:d6 t2:d8 T2:d2 T3:a1 t3:h8", 1, 3, 3);
    ck_assert(see(&p, "d4d6", value));
    ck_assert(!see(&p, "d4d6", value + 1));
    /* a large mover on a medium target, a small defender next to it: +200 */
    dt_setup(G, &p, "T3:d4 t2:d6 t:e7 T3:a1 t3:h8", 1, 3, 3);
    ck_assert(see(&p, "d4d6", value + 100));
    ck_assert(!see(&p, "d4d6", value + 101));
}
END_TEST

START_TEST(wins_in_one_and_threats) {
    G = VARIANTS[_i];
    GamePos p;
    /* 3 off, a large tooth with an open file: a win in one */
    dt_setup(G, &p, "T3:c5 t3:h8 t:a7", 1, 3, 0);
    Move w = G->winning_move(&p);
    ck_assert(w == G->parse_move(&p, "c5off"));
    ck_assert(!G->in_check(&p));
    /* a medium one is not enough */
    dt_setup(G, &p, "T2:c5 t3:h8 t:a7", 1, 3, 0);
    ck_assert(G->winning_move(&p) == MOVE_NONE);
    /* the same seen from the other side: player 2 to move is in check */
    dt_setup(G, &p, "T3:c5 t3:h8 t:a7", 2, 3, 0);
    ck_assert(G->in_check(&p));
    ck_assert(G->winning_move(&p) == MOVE_NONE);
    /* blocked lines are no threat (north-west meets the a file first) */
    dt_setup(G, &p, "T3:c5 t3:h8 t:c6 t:d6", 2, 3, 0);
    ck_assert(!G->in_check(&p));
}
END_TEST

int main(void) {
    G = game_find("dragonsteeth");
    N_VARIANTS = dt_variants(VARIANTS);
    return RUN_TESTS("dragonsteeth_eval", 600, LOOP(symmetric_over_random_games, N_VARIANTS),
                     LOOP(static_exchange, N_VARIANTS), LOOP(wins_in_one_and_threats, N_VARIANTS));
}
