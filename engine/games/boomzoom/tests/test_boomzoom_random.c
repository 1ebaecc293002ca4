/* test_boomzoom_random.c — thousands of random games and random positions against the
 * reference referee: moves, counts, the k-th move, legality of any 32-bit value, stages,
 * every move's resulting position, game ends and results, keys, make/unmake byte for byte,
 * and the win-in-one hints; with every build of the hot code the CPU runs. Counts scale
 * by test_count() (SIMIA_TEST_SCALE; a quarter in sanitizer builds); the seed is SIMIA_SEED. */
#include "bz_reference.h"
#include "kit.h"
#include "bz_testutil.h"
#include "engine/games/boomzoom/bz.h"
#include "engine/prng.h"

/* Enough that every kind of end and the no-progress limits come up many times. */
#define GAMES 300

static const GameOps *G, *VARIANTS[BZ_MAX_VARIANTS];
static int N_VARIANTS;

/* Random games per test and build of the hot code; ten random boards for each. */
static int games_per_test(void) { return (int)test_count(GAMES); }

static void key_check(const GamePos *p, int limit) {
    char fen[POS_STR_MAX], err[ERR_STR_MAX];
    GamePos q;
    GameConfig cfg = bz_cfg(limit);
    G->print_pos(p, fen);
    REQUIRE(G->parse_pos(&q, fen, &cfg, err), "reparse %s: %s", fen, err);
    REQUIRE(!memcmp(&q, p, sizeof q), "parse(print(pos)) differs from pos: %s", fen);
    REQUIRE(G->key(p) == bz_compute_key((const BZPos *)p), "incremental key of %s", fen);
}

/* Whether a move of the player to move ends the game at once in its favour. */
static bool wins_at_once(const GamePos *p, Move m) {
    GamePos q = *p;
    GameUndo u;
    G->make(&q, m, &u);
    return G->terminal(&q) == OUTCOME_LOSS;
}

static void check_position(const GamePos *p, int limit, Prng *rng) {
    static char ref[16384];
    char fen[POS_STR_MAX], next[POS_STR_MAX], want[POS_STR_MAX], text[MOVE_STR_MAX];
    Move all[MAX_MOVES];
    G->print_pos(p, fen);
    key_check(p, limit);
    int nref = bzref_moves(fen, limit, ref);
    int n = kit_check_against(G, p, ref, nref, all, 0x3FFF, rng);
    /* the game's end and its result */
    int st = bzref_status(fen, limit);
    GameResult r = game_result(G, p);
    int want_r = st == REF_ONGOING ? RESULT_NONE : st == REF_DRAW ? RESULT_DRAW : st == REF_P1_WIN ? RESULT_P1_WIN : RESULT_P2_WIN;
    REQUIRE((int)r == want_r, "%s: result %d, reference %d", fen, (int)r, st);
    REQUIRE((G->terminal(p) == OUTCOME_ONGOING) == (st == REF_ONGOING), "%s: terminal disagrees", fen);
    REQUIRE((n == 0) == (st != REF_ONGOING), "%s: %d moves in a position the reference calls %d", fen, n, st);
    /* every move: the position the reference reaches, and make/unmake exact */
    bool any_win = false;
    for (int i = 0; i < n; i++) {
        GamePos q = *p;
        GameUndo u;
        G->print_move(p, all[i], text);
        REQUIRE(G->parse_move(p, text) == all[i], "%s: move text %s does not parse back", fen, text);
        G->make(&q, all[i], &u);
        REQUIRE(G->key(&q) == bz_compute_key((const BZPos *)&q), "%s after %s: incremental key", fen, text);
        /* the reference's play is slow: every noisy move, and a few of the others */
        if (G->is_noisy(p, all[i]) || prng_below(rng, (uint32_t)n) < 4) {
            REQUIRE(bzref_play(fen, limit, text, want), "%s: reference refuses %s", fen, text);
            G->print_pos(&q, next);
            REQUIRE(!strcmp(next, want), "%s after %s:\nfast %s\nref  %s", fen, text, next, want);
        }
        any_win |= G->terminal(&q) == OUTCOME_LOSS;
        G->unmake(&q, all[i], &u);
        REQUIRE(!memcmp(&q, p, sizeof q), "%s: unmake of %s did not restore every byte", fen, text);
    }
    /* the hints: exact on this game (a win in one exists exactly when one is named) */
    Move w = G->winning_move(p);
    REQUIRE((w != MOVE_NONE) == any_win, "%s: winning_move %08x, a win in one %s", fen, w, any_win ? "exists" : "does not exist");
    if (w != MOVE_NONE) REQUIRE(G->is_legal(p, w) && wins_at_once(p, w), "%s: winning_move %08x does not win", fen, w);
    if (n) {
        GamePos q = *p;
        GameUndo u;
        if (G->make_null(&q, &u)) {
            G->unmake_null(&q, &u);
            REQUIRE(!memcmp(&q, p, sizeof q), "%s: unmake_null did not restore every byte", fen);
        }
    }
}

/* A random game: moves uniform, or (noisy_bias in 256ths) booms and bear-offs first. */
static int random_game(Prng *rng, int limit, int noisy_bias, int check_every) {
    GameConfig cfg = bz_cfg(limit);
    GamePos p;
    GameUndo u;
    Move list[MAX_MOVES];
    G->startpos(&p, &cfg);
    int plies = 0;
    for (; plies < 1000; plies++) {
        if (plies % check_every == 0) check_position(&p, limit, rng);
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        Move m = list[prng_below(rng, (uint32_t)n)];
        if ((int)prng_below(rng, 256) < noisy_bias) {
            int nn = G->gen_moves(&p, list, GEN_NOISY);
            if (nn) m = list[prng_below(rng, (uint32_t)nn)];
        }
        G->make(&p, m, &u);
    }
    check_position(&p, limit, rng);
    return plies;
}

START_TEST(random_games) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("random_games", 1) + (uint64_t)_i * 7919};
    static const int LIMITS[] = {100, 0, 12, 1, 100, 40};
    long plies = 0;
    int games = games_per_test();
    for (int g = 0; g < games; g++)
        plies += random_game(&rng, LIMITS[g % 6], g % 3 == 0 ? 0 : g % 3 == 1 ? 96 : 200, 1 + g % 3);
    fprintf(stderr, "random_games: %d games, %ld plies\n", games, plies);
    ck_assert_int_gt(plies, games * 10);
}
END_TEST

/* Random boards: any number of towers (up to 8 each) of any height anywhere, off counts
 * that fit, either side to move, counters near and at the limit. */
static void random_fen(Prng *rng, char *out, int limit) {
    char pieces[512] = "";
    int used[64] = {0}, checkers[2] = {0, 0};
    for (int c = 0; c < 2; c++) {
        int towers = (int)prng_below(rng, 9);
        if (prng_below(rng, 16) == 0) towers = 0;
        for (int i = 0; i < towers; i++) {
            int sq = (int)prng_below(rng, 64);
            if (used[sq]) continue;
            used[sq] = 1;
            int h = 1 + (int)prng_below(rng, 3);
            checkers[c] += h;
            char tok[48]; /* room for any int the compiler cannot bound */
            snprintf(tok, sizeof tok, "%s%c%d:%c%d", pieces[0] ? " " : "", c ? 't' : 'T', h, 'a' + sq % 8, 1 + sq / 8);
            strcat(pieces, tok);
        }
    }
    int off1 = (int)prng_below(rng, (uint32_t)(25 - checkers[0]));
    int off2 = (int)prng_below(rng, (uint32_t)(25 - checkers[1]));
    int np = limit > 0 && prng_below(rng, 2) ? limit - 2 + (int)prng_below(rng, 3) : (int)prng_below(rng, 50);
    if (np < 0) np = 0;
    bz_build_fen(out, pieces, 1 + (int)prng_below(rng, 2), off1, off2, np, np + (int)prng_below(rng, 100));
}

START_TEST(random_positions) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("random_positions", 2) + (uint64_t)_i * 104729};
    int n = games_per_test() * 10;
    for (int i = 0; i < n; i++) {
        char fen[POS_STR_MAX];
        int limit = i % 4 == 0 ? 0 : 30;
        random_fen(&rng, fen, limit);
        GamePos p;
        bz_parse_ok(G, &p, fen, limit);
        check_position(&p, limit, &rng);
        /* and a few plies on from there */
        Move list[MAX_MOVES];
        for (int k = 0; k < 4; k++) {
            int m = G->gen_moves(&p, list, GEN_ALL);
            if (!m) break;
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)m)], &u);
            check_position(&p, limit, &rng);
        }
    }
}
END_TEST

int main(void) {
    N_VARIANTS = bz_variants(VARIANTS);
    G = VARIANTS[0];
    return RUN_TESTS("boomzoom_random", 600, LOOP(random_games, N_VARIANTS), LOOP(random_positions, N_VARIANTS));
}
