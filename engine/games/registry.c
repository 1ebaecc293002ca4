/* registry.c — owns the table of registered games and hands them out initialised, each
 * in the build of its hot code that suits this CPU. */
#include "registry.h"

#include <strings.h>

#include "monkeyqueen/mq_game.h"

const GameOps *const GAMES[] = {&MONKEY_QUEEN};
const int GAMES_COUNT = (int)(sizeof GAMES / sizeof GAMES[0]);

const GameOps *game_find(const char *name) {
    for (int i = 0; i < GAMES_COUNT; i++)
        if (!strcasecmp(GAMES[i]->name, name)) return GAMES[i]->init();
    return NULL;
}

const GameOps *game_default(void) {
    return GAMES[0]->init();
}
