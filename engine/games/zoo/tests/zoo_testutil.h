/* zoo_testutil.h — what the Zoo Contest suites share: the game, its options as a GameConfig
 * and as the reference's rules, random rules, and a game's moves as sorted text. */
#ifndef SIMIA_ZOO_TESTUTIL_H
#define SIMIA_ZOO_TESTUTIL_H

#include "engine/prng.h"
#include "testutil.h"
#include "zoo_reference.h"

static inline const GameOps *zoo_game(void) { return game_or_exit("zoo"); }

/* Width, Height, LongGame, NoProgressPlies: the order of the module's options. */
static inline GameConfig zoo_cfg(int w, int h, int longgame, int limit) {
    GameConfig c = {{w, h, longgame, limit}};
    return c;
}
static inline RefRules zoo_rules(const GameConfig *c) {
    RefRules r = {c->v[0], c->v[1], c->v[2], c->v[3]};
    return r;
}

/* Any allowed size, either game, and a no-progress limit that is sometimes near. */
static inline GameConfig zoo_random_cfg(Prng *rng) {
    static const int limits[4] = {200, 0, 40, 12};
    return zoo_cfg(5 + 2 * (int)prng_below(rng, 6), 4 + (int)prng_below(rng, 12), (int)prng_below(rng, 2),
                   limits[prng_below(rng, 4)]);
}

#endif
