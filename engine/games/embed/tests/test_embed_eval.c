/* test_embed_eval.c — Embed's evaluation: the same score for a position and its mirror
 * images (board turned 180 degrees with the colours swapped; files mirrored), the printed
 * breakdown adding up to the score, over the positions of random games. */
#include "embed_testutil.h"

static const GameOps *G, *VARIANTS[EM_MAX_VARIANTS];
static int N_VARIANTS;

/* The position turned 180 degrees with the colours swapped (turn) or with files mirrored. */
static void transform(const GamePos *gp, GamePos *out, bool turn) {
    const EmPos *p = (const EmPos *)gp;
    EmPos q = *p;
    for (int s = 0; s < 2; s++) {
        int to = turn ? s ^ 1 : s;
        q.drones[to] = 0;
        for (Bb b = p->drones[s]; b; b &= b - 1) {
            int sq = bb_lsb(b);
            q.drones[to] |= bb_bit(turn ? 63 - sq : (sq ^ 7));
        }
        q.boss[to] = (uint8_t)(turn ? 63 - p->boss[s] : (p->boss[s] ^ 7));
    }
    if (turn) q.stm ^= 1;
    q.key = em_compute_key(&q);
    memset(out, 0, sizeof *out);
    memcpy(out, &q, sizeof q);
}

/* The total the breakdown prints. */
static int trace_total(const GamePos *p) {
    char text[8192];
    G->eval_trace(p, text, sizeof text);
    const char *t = strstr(text, "total ");
    ck_assert_msg(t, "%s", text);
    return atoi(t + 6);
}

START_TEST(symmetry) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("symmetry", 5) + (uint64_t)_i};
    GameConfig cfg = EM_DEFAULT_CFG;
    long games = test_count(100), checked = 0;
    for (long g = 0; g < games; g++) {
        GamePos p, q;
        Move list[MAX_MOVES];
        GameUndo u;
        G->startpos(&p, &cfg);
        for (int n; (n = G->gen_moves(&p, list, GEN_ALL)) > 0; G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u)) {
            char fen[POS_STR_MAX];
            G->print_pos(&p, fen);
            Score s = G->evaluate(&p);
            transform(&p, &q, true);
            REQUIRE(G->evaluate(&q) == s, "%s: %d, turned %d", fen, s, G->evaluate(&q));
            transform(&p, &q, false);
            REQUIRE(G->evaluate(&q) == s, "%s: %d, mirrored %d", fen, s, G->evaluate(&q));
            if (checked++ % 16 == 0) REQUIRE(trace_total(&p) == s, "%s: breakdown %d, score %d", fen, trace_total(&p), s);
        }
    }
    ck_assert_int_gt(checked, games * 10);
}
END_TEST

/* Every build of the hot code scores alike. */
START_TEST(builds_agree) {
    Prng rng = {test_seed("builds_agree", 6)};
    GameConfig cfg = EM_DEFAULT_CFG;
    for (long g = 0; g < test_count(50); g++) {
        GamePos p;
        Move list[MAX_MOVES];
        GameUndo u;
        VARIANTS[0]->startpos(&p, &cfg);
        for (int n; (n = G->gen_moves(&p, list, GEN_ALL)) > 0; G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u))
            for (int v = 1; v < N_VARIANTS; v++) REQUIRE(VARIANTS[v]->evaluate(&p) == VARIANTS[0]->evaluate(&p), "build %d", v);
    }
}
END_TEST

START_TEST(over_positions) {
    GamePos p;
    char text[4096];
    em_parse_ok(G, &p, "3B4/8/8/4b3/8/8/2D2d2/8 1 4 90", 150);
    G->eval_trace(&p, text, sizeof text);
    ck_assert_msg(strstr(text, "the game is over (a win for player 1, to move)"), "%s", text);
}
END_TEST

/* The terms point the right way: with the drones alike, an enemy drone next to the own
 * boss (closing the ring, taking its room) and an embedding threatened next move (one free
 * square left around it) score lower for the boss's side than the same drone far away. */
START_TEST(terms_point_the_right_way) {
    static const char *const WORSE_BETTER[][2] = {
        {"B:a1 b:h5 D:e1 d:b2,h1", "B:a1 b:h5 D:e1 d:g7,h1"},
        {"B:a1 b:h5 D:e1 d:a2,b1", "B:a1 b:h5 D:e1 d:a2,h2"},
    };
    for (int i = 0; i < 2; i++) {
        GamePos worse, better;
        em_setup(G, &worse, WORSE_BETTER[i][0], 1, 0, 150);
        em_setup(G, &better, WORSE_BETTER[i][1], 1, 0, 150);
        ck_assert_msg(G->evaluate(&worse) < G->evaluate(&better), "%s: %d, %s: %d", WORSE_BETTER[i][0],
                      G->evaluate(&worse), WORSE_BETTER[i][1], G->evaluate(&better));
    }
}
END_TEST

int main(void) {
    G = game_find("embed");
    N_VARIANTS = em_variants(VARIANTS);
    return RUN_TESTS("embed_eval", 600, LOOP(symmetry, N_VARIANTS), ONCE(builds_agree), ONCE(over_positions),
                     ONCE(terms_point_the_right_way));
}
