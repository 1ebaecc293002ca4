/* test_dragonsteeth_random.c — thousands of random games and random positions: at every
 * position the fast generator agrees with the reference (moves, results, keys, the position
 * string after each move), counts, stages, the k-th move and the legality test agree, and
 * make/unmake restores every byte; with every build of the hot code the CPU runs. */
#include "dt_reference.h"
#include "engine/games/dragonsteeth/dt_game.h"
#include "engine/prng.h"
#include "kit.h"
#include "testutil.h"

static const GameOps *G, *VARIANTS[DT_MAX_VARIANTS];
static int N_VARIANTS;

static GameConfig cfg_of(int setup, RefRules r) {
    GameConfig c = {{setup, r.limit, r.dead}};
    return c;
}

static const char *RESULT_NAME[] = {"none", "p1win", "p2win", "draw"};

static void check_position(const GamePos *p, const RefPos *ref, RefRules rules, Prng *rng) {
    static char want[16384];
    char fen[POS_STR_MAX], rfen[POS_STR_MAX], err[ERR_STR_MAX];
    Move all[MAX_MOVES];
    G->print_pos(p, fen);
    ref_print(ref, rfen);
    REQUIRE(!strcmp(fen, rfen), "position string\nfast: %s\nref:  %s", fen, rfen);
    int nref = ref_moves(ref, rules, want);
    int n = kit_check_against(G, p, want, nref, all, 0x7FFFF, rng);
    /* results, and the end of the game exactly where there are no moves */
    int r = ref_result(ref, rules);
    GameResult gr = game_result(G, p);
    REQUIRE((int)gr == r, "%s: result %s, reference %s", fen, RESULT_NAME[gr], RESULT_NAME[r]);
    REQUIRE((n == 0) == (G->terminal(p) != OUTCOME_ONGOING), "%s: no moves but not over, or the reverse", fen);
    if (n == 0) REQUIRE(G->no_moves_outcome(p) == G->terminal(p), "%s: no_moves_outcome", fen);
    /* keys: from scratch by the reference, and through the position string */
    REQUIRE(G->key(p) == ref_key(ref, rules), "%s: key %016llx, reference %016llx", fen,
            (unsigned long long)G->key(p), (unsigned long long)ref_key(ref, rules));
    GamePos q;
    GameConfig cfg = cfg_of(0, rules);
    REQUIRE(G->parse_pos(&q, fen, &cfg, err), "%s: %s", fen, err);
    REQUIRE(!memcmp(&q, p, sizeof q), "%s: parse(print) is not the same position byte for byte", fen);
}

/* Plays random moves from p (ref in step) until the game ends or max_plies; returns plies. */
static int random_game(GamePos *p, RefPos *ref, RefRules rules, Prng *rng, int max_plies) {
    GamePos before;
    GameUndo u;
    Move list[MAX_MOVES];
    int plies = 0;
    for (;;) {
        check_position(p, ref, rules, rng);
        int n = G->gen_moves(p, list, GEN_ALL);
        if (n == 0 || plies == max_plies) break;
        Move m = list[prng_below(rng, (uint32_t)n)];
        char text[MOVE_STR_MAX];
        G->print_move(p, m, text);
        memcpy(&before, p, sizeof *p);
        G->make(p, m, &u);
        G->unmake(p, m, &u);
        REQUIRE(!memcmp(&before, p, sizeof *p), "unmake of %s did not restore the position", text);
        G->make(p, m, &u);
        ref_play(ref, text);
        plies++;
    }
    return plies;
}

static void from_fen(const char *fen, RefRules rules, GamePos *p, RefPos *ref) {
    char err[ERR_STR_MAX];
    GameConfig cfg = cfg_of(0, rules);
    ck_assert_msg(G->parse_pos(p, fen, &cfg, err), "%s: %s", fen, err);
    ck_assert_msg(ref_parse(fen, ref), "reference cannot read %s", fen);
}

static const char *const START[2] = {
    "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/8/tttttttt/TTTTTTTT/8/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0",
    "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/tttttttt/8/8/TTTTTTTT/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0",
};

/* Whole random games from both set-ups with the default rules: the start position is the
 * one the rules file writes out, and the games end by each rule (checked to occur). */
START_TEST(random_games_from_the_start) {
    G = VARIANTS[_i / 2];
    int setup = _i % 2;
    Prng rng = {test_seed("random_games_from_the_start", 1) + (uint64_t)_i * 7919};
    RefRules rules = {150, true};
    int ends[4] = {0};
    long plies = 0;
    for (long g = 0, n = test_count(100); g < n; g++) {
        GamePos p, s;
        RefPos ref;
        GameConfig cfg = cfg_of(setup, rules);
        G->startpos(&s, &cfg);
        from_fen(START[setup], rules, &p, &ref);
        ck_assert_msg(!memcmp(&s, &p, sizeof p), "startpos differs from the rules file's string");
        plies += random_game(&p, &ref, rules, &rng, 100000);
        ends[game_result(G, &p)]++;
    }
    fprintf(stderr, "setup %c, build %d: %ld plies; p1 wins %d, p2 wins %d, draws %d\n", 'A' + setup, _i / 2, plies,
            ends[RESULT_P1_WIN], ends[RESULT_P2_WIN], ends[RESULT_DRAW]);
    ck_assert_int_eq(ends[RESULT_NONE], 0);
    ck_assert_int_gt(ends[RESULT_P1_WIN], 0);
    ck_assert_int_gt(ends[RESULT_P2_WIN], 0);
}
END_TEST

/* A random position: each player some teeth of each strength on random squares, dense or
 * sparse, off totals, side and counters at random (near the counter's end at times). */
static void random_position(Prng *rng, RefRules rules, RefPos *ref) {
    memset(ref, 0, sizeof *ref);
    int density = (int)prng_below(rng, 4); /* 0 sparse .. 3 every tooth on the board */
    for (int pl = 1; pl <= 2; pl++)
        for (int st = 1; st <= 3; st++) {
            int n = density == 3 ? 8 : (int)prng_below(rng, 3 + 2 * (uint32_t)density);
            for (int i = 0; i < n; i++) {
                int sq;
                do sq = (int)prng_below(rng, 64);
                while (ref->sq[sq / 8][sq % 8]);
                ref->sq[sq / 8][sq % 8] = pl == 1 ? st : -st;
            }
        }
    do {
        ref->off[1] = (int)prng_below(rng, 9) * (int)prng_below(rng, 2);
        ref->off[2] = (int)prng_below(rng, 9) * (int)prng_below(rng, 2);
    } while (ref->off[1] >= 6 && ref->off[2] >= 6);
    ref->side = 1 + (int)prng_below(rng, 2);
    /* now and then the mover has no tooth left: a pass is its only move (rare otherwise) */
    if (prng_below(rng, 16) == 0)
        for (int sq = 0; sq < 64; sq++)
            if (ref->sq[sq / 8][sq % 8] * (ref->side == 1 ? 1 : -1) > 0) ref->sq[sq / 8][sq % 8] = 0;
    ref->noprog = rules.limit && prng_below(rng, 4) == 0 ? rules.limit - (long)prng_below(rng, 4) : (long)prng_below(rng, 40);
    if (ref->noprog < 0) ref->noprog = 0;
    ref->ply = ref->noprog + (long)prng_below(rng, 300);
}

START_TEST(random_positions) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("random_positions", 2) + (uint64_t)_i * 104729};
    int passes = 0, wins = 0, dead = 0, stalled = 0;
    for (long g = 0, n = test_count(2400); g < n; g++) {
        static const int LIMITS[] = {0, 1, 5, 20, 150};
        RefRules rules = {LIMITS[prng_below(&rng, 5)], prng_below(&rng, 3) != 0};
        RefPos ref;
        GamePos p;
        char fen[POS_STR_MAX];
        random_position(&rng, rules, &ref);
        ref_print(&ref, fen);
        from_fen(fen, rules, &p, &ref);
        Move m = G->nth_move(&p, 0);
        passes += m == (Move)G->parse_move(&p, "pass") && m != MOVE_NONE;
        random_game(&p, &ref, rules, &rng, 30);
        int r = ref_result(&ref, rules);
        RefRules no_dead = {rules.limit, false}, no_limit = {0, rules.dead};
        wins += r == 1 || r == 2;
        dead += r == 3 && ref_result(&ref, no_dead) != 3;
        stalled += r == 3 && ref_result(&ref, no_limit) != 3;
    }
    fprintf(stderr, "random positions, build %d: %d with pass the only move; ended by a win %d, dead position %d, "
                    "no progress %d\n", _i, passes, wins, dead, stalled);
    ck_assert_int_gt(passes, 0);
    ck_assert_int_gt(wins, 0);
    ck_assert_int_gt(dead, 0);
    ck_assert_int_gt(stalled, 0);
}
END_TEST

int main(void) {
    G = game_find("dragonsteeth");
    N_VARIANTS = dt_variants(VARIANTS);
    if (!G || VARIANTS[N_VARIANTS - 1] != G) {
        fprintf(stderr, "the registry does not hand out the best build of dragonsteeth for this CPU\n");
        return 1;
    }
    return RUN_TESTS("dragonsteeth_random", 600, LOOP(random_games_from_the_start, 2 * N_VARIANTS),
                     LOOP(random_positions, N_VARIANTS));
}
