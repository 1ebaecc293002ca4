/* fuzz_game.h — how the per-game fuzz targets choose their game: "<name>|<rest>" names a
 * registered game (readable seeds); otherwise the first byte picks one by index. */
#ifndef SIMIA_FUZZ_GAME_H
#define SIMIA_FUZZ_GAME_H

#include <stdint.h>
#include <string.h>

#include "engine/games/registry.h"

/* The game (initialised) and the rest of the input after the selector. */
static inline const GameOps *fuzz_pick_game(const uint8_t **data, size_t *size) {
    for (int i = 0; i < GAMES_COUNT; i++) {
        size_t len = strlen(GAMES[i]->name);
        if (*size > len && !memcmp(*data, GAMES[i]->name, len) && (*data)[len] == '|') {
            *data += len + 1, *size -= len + 1;
            return game_find(GAMES[i]->name);
        }
    }
    if (*size == 0) return NULL;
    int i = (*data)[0] % GAMES_COUNT;
    *data += 1, *size -= 1;
    return game_find(GAMES[i]->name);
}

static inline GameConfig fuzz_defaults(const GameOps *g) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) c.v[i] = g->options[i].def;
    return c;
}

#endif
