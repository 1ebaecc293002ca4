/* fuzz_position.c — libFuzzer target for every game's position-string parser: any bytes
 * either are refused with a message and leave the position untouched, or parse into a
 * position that prints back exactly, keeps its key, and whose moves all make and unmake
 * cleanly. The game: "<name>|" before the text, or the first byte (fuzz_game.h). */
#include <stdlib.h>

#include "fuzz_game.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    const GameOps *g = fuzz_pick_game(&data, &size);
    if (!g) return 0;
    char *text = malloc(size + 1);
    if (!text) return 0;
    memcpy(text, data, size);
    text[size] = 0;
    GameConfig cfg = fuzz_defaults(g);
    GamePos p, before;
    char err[ERR_STR_MAX] = "";
    g->startpos(&p, &cfg);
    before = p;
    if (!g->parse_pos(&p, text, &cfg, err)) {
        if (!err[0] || memcmp(&p, &before, sizeof p)) abort(); /* a reason, nothing applied */
        free(text);
        return 0;
    }
    char printed[POS_STR_MAX], again[POS_STR_MAX];
    g->print_pos(&p, printed);
    GamePos q;
    if (!g->parse_pos(&q, printed, &cfg, err)) abort();
    g->print_pos(&q, again);
    if (strcmp(printed, again) || g->key(&p) != g->key(&q)) abort();
    Move list[MAX_MOVES];
    int n = g->gen_moves(&p, list, GEN_ALL);
    if ((uint64_t)n != g->count_moves(&p)) abort();
    (void)game_result(g, &p);
    for (int i = 0; i < n; i++) {
        GameUndo u;
        GamePos saved = p;
        if (!g->is_legal(&p, list[i])) abort();
        g->make(&p, list[i], &u);
        (void)game_result(g, &p);
        g->unmake(&p, list[i], &u);
        if (memcmp(&saved, &p, sizeof p)) abort();
    }
    free(text);
    return 0;
}
