/* registry.c — owns the table of registered games and hands them out initialised (each
 * game's hot code in the build that suits this CPU). */
#include "registry.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "boomzoom/bz_game.h"
#include "dragonsteeth/dt_game.h"
#include "embed/embed_game.h"
#include "mad/mad_game.h"
#include "monkeykingchess/mkc_game.h"
#include "monkeyqueen/mq_game.h"
#include "zoo/zoo_game.h"

const GameOps *const GAMES[] = {&MONKEY_QUEEN,   &BOOM_ZOOM,   &DRAGONS_TEETH,    &EMBED,
                                &MAD_GAME,       &ZOO_CONTEST, &MONKEY_KING_CHESS};
const int GAMES_COUNT = (int)(sizeof GAMES / sizeof GAMES[0]);
_Static_assert(sizeof GAMES / sizeof GAMES[0] <= GAMES_MAX, "raise GAMES_MAX");

const GameOps *game_find(const char *name) {
    for (int i = 0; i < GAMES_COUNT; i++)
        if (!strcasecmp(GAMES[i]->name, name)) return GAMES[i]->init(), GAMES[i];
    return NULL;
}

const GameOps *game_default(void) {
    return GAMES[0]->init(), GAMES[0];
}

int game_index(const GameOps *g) {
    for (int i = 0; g && i < GAMES_COUNT; i++)
        if (!strcmp(GAMES[i]->name, g->name)) return i;
    return -1;
}

void game_names(char *out, size_t size, const char *sep) {
    size_t n = 0;
    out[0] = '\0';
    for (int i = 0; i < GAMES_COUNT && n < size; i++)
        n += (size_t)snprintf(out + n, size - n, "%s%s", i ? sep : "", GAMES[i]->name);
}
