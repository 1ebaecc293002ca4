/* test_boomzoom_eval.c — the evaluation's symmetry over the positions of random games: a
 * position, its mirror left to right, and its twin with the players swapped and the board
 * turned upside down all score the same for the side to move; and eval prints every term. */
#include "bz_testutil.h"
#include "engine/games/boomzoom/bz.h"
#include "engine/prng.h"

static const GameOps *G, *VARIANTS[BZ_MAX_VARIANTS];
static int N_VARIANTS;

/* The position with every square moved by the transform: flip_files mirrors a-h, swap
 * exchanges the players (their towers, off counts and turn) and turns ranks 1-8 around. */
static void transformed(const GamePos *gp, bool flip_files, bool swap, GamePos *out) {
    const BZPos *p = (const BZPos *)gp;
    char pieces[512] = "", fen[POS_STR_MAX];
    for (int c = 0; c < 2; c++)
        for (Bb b = p->occ[c]; b; b &= b - 1) {
            int sq = bb_lsb(b), f = b8_file(sq), r = b8_rank(sq);
            if (flip_files) f = 7 - f;
            if (swap) r = 7 - r;
            char tok[48]; /* room for any int the compiler cannot bound */
            snprintf(tok, sizeof tok, "%s%c%d:%c%d", pieces[0] ? " " : "", (c ^ swap) ? 't' : 'T', p->height[sq],
                     'a' + f, r + 1);
            strcat(pieces, tok);
        }
    int side = (p->stm ^ swap) + 1;
    bz_build_fen(fen, pieces, side, p->off[swap], p->off[!swap], p->noprogress, p->ply);
    bz_parse_ok(G, out, fen, p->limit);
}

START_TEST(symmetric) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("symmetric", 5) + (uint64_t)_i};
    GameConfig cfg = bz_cfg(100);
    Move list[MAX_MOVES];
    int checked = 0;
    for (long g = 0; g < test_count(100); g++) {
        GamePos p;
        G->startpos(&p, &cfg);
        for (int ply = 0; ply < 400; ply++) {
            GamePos a, b, c;
            transformed(&p, true, false, &a);
            transformed(&p, false, true, &b);
            transformed(&p, true, true, &c);
            Score s = G->evaluate(&p);
            char fen[POS_STR_MAX];
            G->print_pos(&p, fen);
            REQUIRE(G->evaluate(&a) == s && G->evaluate(&b) == s && G->evaluate(&c) == s,
                    "%s: %d, mirrored %d, players swapped %d, both %d", fen, s, G->evaluate(&a), G->evaluate(&b),
                    G->evaluate(&c));
            checked++;
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            /* booms first half of the time, so that games reach their races and ends */
            int nn = prng_below(&rng, 2) ? G->gen_moves(&p, list, GEN_NOISY) : 0;
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)(nn ? nn : G->gen_moves(&p, list, GEN_ALL)))], &u);
        }
    }
    ck_assert_int_gt(checked, test_count(100) * 20); /* games last dozens of plies */
}
END_TEST

START_TEST(trace_adds_up) {
    GamePos p;
    GameConfig cfg = bz_cfg(100);
    G->startpos(&p, &cfg);
    play(G, &p, "a1a4");
    char out[4096];
    G->eval_trace(&p, out, sizeof out);
    char want[64];
    snprintf(want, sizeof want, "total %d (for player 2", (int)G->evaluate(&p));
    ck_assert_msg(strstr(out, want), "trace:\n%s\nexpected '%s'", out, want);
    ck_assert_ptr_nonnull(strstr(out, "borne off"));
    /* a finished game says so */
    bz_parse_ok(G, &p, "8/8/8/8/8/8/8/T7 2 0 7 0 40", 100);
    G->eval_trace(&p, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, "the game is over"));
}
END_TEST

int main(void) {
    N_VARIANTS = bz_variants(VARIANTS);
    G = VARIANTS[0];
    return RUN_TESTS("boomzoom_eval", 300, LOOP(symmetric, N_VARIANTS), ONCE(trace_adds_up));
}
