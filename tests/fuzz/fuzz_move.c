/* fuzz_move.c — libFuzzer target for the move parser: the first byte picks a position,
 * the rest is move text; a parsed move must be legal, listed, and make/unmake exactly. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "engine/games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const POSITIONS[] = {
    NULL, /* the start position */
    "5C[20]6/12/12/12/12/6I[19]5/12/12/12/12/12/6i5 c a 1",
    "5C[20]6/12/12/12/12/6I[19]5/12/12/12/12/12/6i5 c s 2",
    "c4c6/1i2C[3]7/12/3ii1ci4/5c6/7c4/4i7/12/9icI[6]/c4i6/6c5/11i c - 37",
    "12/12/12/12/12/12/12/12/12/12/12/I[2]10C[2] i - 9",
};

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const GameOps *g;
    if (!g) g = game_default();
    if (size < 1) return 0;
    GameConfig cfg = {{data[0] >> 7, 20, 20}};
    GamePos p;
    char err[ERR_STR_MAX];
    const char *fen = POSITIONS[data[0] % (sizeof POSITIONS / sizeof POSITIONS[0])];
    if (fen) {
        if (!g->parse_pos(&p, fen, &cfg, err)) abort();
    } else {
        g->startpos(&p, &cfg);
    }
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
