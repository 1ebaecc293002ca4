/* test_mq_random.c — thousands of random games: at every position the fast generator
 * agrees with the reference one, counts, stages and the k-th move agree, every listed
 * move passes the legality test, make/unmake restores every byte, and the incremental
 * key is exact, and the learned evaluation's features (one view, or both at once) are
 * the portable build's; with every build of the hot code the CPU runs. */
#include "engine/games/monkeyqueen/mq.h"
#include "engine/games/monkeyqueen/mq_game.h"
#include "engine/prng.h"
#include "mq_reference.h"
#include "kit.h"
#include "testutil.h"

/* Every build of the hot code this CPU runs (portable first, best last). */
static const GameOps *G, *VARIANTS[MQ_MAX_VARIANTS];
static int N_VARIANTS;

/* The key recomputed from the board; once a queen is captured the position string
 * (which needs both queens) cannot carry it, so the module's own recomputation is used. */
static Key key_from_scratch(const GamePos *p, int pie) {
    char fen[POS_STR_MAX], err[ERR_STR_MAX];
    GamePos q;
    GameConfig cfg = mq_cfg(pie, 20, 20);
    if (G->terminal(p) != OUTCOME_ONGOING) return mq_compute_key((const MQPos *)p);
    G->print_pos(p, fen);
    REQUIRE(G->parse_pos(&q, fen, &cfg, err), "%s: %s", fen, err);
    REQUIRE(G->key(&q) == mq_compute_key((const MQPos *)p), "key of %s", fen);
    return G->key(&q);
}

static void check_position(const GamePos *p, int pie, Prng *rng) {
    static char ref[16384];
    char fen[POS_STR_MAX];
    Move all[MAX_MOVES];
    G->print_pos(p, fen);
    int nref = ref_moves(fen, pie, ref);
    kit_check_against(G, p, ref, nref, all, 0xFFFFF, rng);
    uint32_t both[2][NNUE_MAX_ACTIVE], f[NNUE_MAX_ACTIVE], ref_f[NNUE_MAX_ACTIVE];
    uint32_t *const out[2] = {both[0], both[1]};
    int n_both[2];
    G->features_both(p, out, n_both);
    for (int persp = 0; persp < 2; persp++) {
        int k = G->features(p, persp, f), kr = VARIANTS[0]->features(p, persp, ref_f);
        REQUIRE(k == kr && !memcmp(f, ref_f, (size_t)k * sizeof *f), "%s: features of player %d differ between builds",
                fen, persp + 1);
        REQUIRE(n_both[persp] == k && !memcmp(both[persp], f, (size_t)k * sizeof *f),
                "%s: features_both differs from features for player %d", fen, persp + 1);
    }
}

static int random_game(Prng *rng, int pie, int ivory, int cigar, int check_every) {
    GameConfig cfg = mq_cfg(pie, ivory, cigar);
    GamePos p, before;
    GameUndo u;
    Move list[MAX_MOVES];
    G->startpos(&p, &cfg);
    int plies = 0;
    for (;;) {
        if (plies % check_every == 0) check_position(&p, pie, rng);
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        Move m = list[prng_below(rng, (uint32_t)n)];
        memcpy(&before, &p, sizeof p);
        G->make(&p, m, &u);
        REQUIRE(G->key(&p) == key_from_scratch(&p, pie), "incremental key differs after a move");
        G->unmake(&p, m, &u);
        REQUIRE(!memcmp(&before, &p, sizeof p), "unmake did not restore the position");
        G->make(&p, m, &u);
        plies++;
    }
    ck_assert(game_result(G, &p) != RESULT_NONE);
    return plies;
}

/* Two seeds per build of the hot code. */
START_TEST(random_games_standard_start) {
    G = VARIANTS[_i / 2];
    Prng rng = {test_seed("random_games_standard_start", 1) + (uint64_t)_i * 7919};
    long plies = 0;
    for (int g = 0; g < 1000; g++) plies += random_game(&rng, g & 1, 20, 20, 1);
    ck_assert_int_gt(plies, 1000);
}
END_TEST

START_TEST(random_games_any_heights) {
    Prng rng = {test_seed("random_games_any_heights", 424242)};
    for (int g = 0; g < 1500; g++)
        random_game(&rng, (int)prng_below(&rng, 2), 2 + (int)prng_below(&rng, 98),
                    2 + (int)prng_below(&rng, 98), 1);
}
END_TEST

int main(void) {
    G = game_default();
    N_VARIANTS = mq_variants(VARIANTS);
    return RUN_TESTS("mq_random", 600, LOOP(random_games_standard_start, 2 * N_VARIANTS),
                     ONCE(random_games_any_heights));
}
