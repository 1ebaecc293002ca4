/* kit.h — the game kit's checks of one position's move lists, the same for every game: run by the
 * kit's suite (tests/test_contract.c) and by each game's random suite on every build of its hot code. */
#ifndef SIMIA_KIT_H
#define SIMIA_KIT_H

#include "testutil.h"

/* The lists of p agree with each other: count_moves and nth_move with gen_moves' list (all, n
 * moves), the noisy and quiet lists split it (is_noisy and is_legal of each), every move's text
 * reads back; and any 32-bit value is legal only if listed: random values, listed moves with one
 * bit flipped, either kept within mask (the bits the game's moves use, where near misses lie). */
static inline void kit_check_moves(const GameOps *g, const GamePos *p, const Move *all, int n, uint32_t mask,
                                   Prng *rng) {
    static Move noisy[MAX_MOVES], quiet[MAX_MOVES];
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    REQUIRE(g->count_moves(p) == (uint64_t)n, "%s: %s: count_moves differs from the list", g->name, fen);
    for (int i = 0; i <= n; i++)
        REQUIRE(g->nth_move(p, (uint64_t)i) == (i < n ? all[i] : MOVE_NONE), "%s: %s: nth_move(%d)", g->name, fen, i);
    REQUIRE(g->nth_move(p, UINT64_MAX) == MOVE_NONE, "%s: %s: nth_move(UINT64_MAX)", g->name, fen);
    int nn = g->gen_moves(p, noisy, GEN_NOISY), nq = g->gen_moves(p, quiet, GEN_QUIET);
    REQUIRE(nn + nq == n, "%s: %s: noisy %d + quiet %d != all %d", g->name, fen, nn, nq, n);
    for (int i = 0; i < nn; i++)
        REQUIRE(g->is_noisy(p, noisy[i]) && g->is_legal(p, noisy[i]), "%s: %s: noisy %08x", g->name, fen, noisy[i]);
    for (int i = 0; i < nq; i++)
        REQUIRE(!g->is_noisy(p, quiet[i]) && g->is_legal(p, quiet[i]), "%s: %s: quiet %08x", g->name, fen, quiet[i]);
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX];
        g->print_move(p, all[i], text);
        REQUIRE(g->parse_move(p, text) == all[i], "%s: %s: '%s' does not read back", g->name, fen, text);
    }
    int bits = 32 - __builtin_clz(mask | 1);
    for (int k = 0; k < 24; k++) {
        Move m = (Move)prng_next(rng);
        if (k & 1 && n) m = all[prng_below(rng, (uint32_t)n)] ^ (1u << prng_below(rng, (uint32_t)bits));
        if (k % 3 == 0) m &= mask;
        int listed = 0;
        for (int i = 0; i < n; i++) listed |= all[i] == m;
        REQUIRE(g->is_legal(p, m) == listed, "%s: is_legal(%08x) in %s", g->name, m, fen);
    }
}

/* p's moves against a reference generator's, ref (sorted text, as moves_text writes it) and
 * nref (their number), then kit_check_moves over p's list, left in all; returns its length. */
static inline int kit_check_against(const GameOps *g, const GamePos *p, const char *ref, int nref, Move *all,
                                    uint32_t mask, Prng *rng) {
    static char fast[MAX_MOVES * MOVE_STR_MAX];
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    moves_text(g, p, fast);
    REQUIRE(!strcmp(fast, ref), "position %s\nfast: %s\nref:  %s", fen, fast, ref);
    int n = g->gen_moves(p, all, GEN_ALL);
    REQUIRE(n == nref, "%s: %d moves listed, reference %d", fen, n, nref);
    kit_check_moves(g, p, all, n, mask, rng);
    return n;
}

#endif
