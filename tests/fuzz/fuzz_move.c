/* fuzz_move.c — libFuzzer target for every game's move parser: after the game (fuzz_game.h)
 * a byte picks one of its positions (the start, and positions a few seeded random plies
 * on), the rest is move text; a parsed move must be legal, listed, print back to itself and
 * make/unmake exactly. */
#include <stdbool.h>
#include <stdlib.h>

#include "engine/prng.h"
#include "fuzz_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define POSITIONS 8

/* Position k of game g: the start, then random games' positions at 1, 3, 7, ... plies
 * (the same every run: a fixed seed per position). */
static void position(const GameOps *g, int k, GamePos *p) {
    GameConfig cfg = fuzz_defaults(g);
    g->startpos(p, &cfg);
    Prng rng = {0x464F5A5A00ULL + (uint64_t)k};
    for (int ply = 0; ply < (1 << k) - 1; ply++) {
        Move list[MAX_MOVES];
        GamePos before = *p;
        int n = g->gen_moves(p, list, GEN_ALL);
        if (n == 0) break;
        GameUndo u;
        g->make(p, list[prng_below(&rng, (uint32_t)n)], &u);
        if (g->count_moves(p) == 0) { /* keep a position with moves to parse */
            *p = before;
            break;
        }
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const GameOps *g = fuzz_pick_game(&data, &size);
    if (!g || size < 1) return 0;
    /* made once per game and kept: they cost more than a parse */
    static GamePos cache[GAMES_MAX][POSITIONS];
    static bool made[GAMES_MAX][POSITIONS];
    int gi = game_index(g), k = data[0] % POSITIONS;
    if (!made[gi][k]) position(g, k, &cache[gi][k]), made[gi][k] = true;
    GamePos p = cache[gi][k];
    char *text = malloc(size);
    if (!text) return 0;
    memcpy(text, data + 1, size - 1);
    text[size - 1] = 0;
    Move m = g->parse_move(&p, text);
    if (m != MOVE_NONE) {
        Move list[MAX_MOVES];
        int n = g->gen_moves(&p, list, GEN_ALL), found = 0;
        for (int i = 0; i < n; i++) found |= list[i] == m;
        if (!found || !g->is_legal(&p, m)) abort();
        char back[MOVE_STR_MAX];
        g->print_move(&p, m, back);
        if (g->parse_move(&p, back) != m) abort();
        GamePos saved = p;
        GameUndo u;
        g->make(&p, m, &u);
        g->unmake(&p, m, &u);
        if (memcmp(&saved, &p, sizeof p)) abort();
    }
    free(text);
    return 0;
}
