/* random_player.c — a reference opponent: plays a legal move drawn uniformly at random. */
#include "player.h"

static Move choose(const GameOps *g, const GamePos *pos, Prng *rng) {
    Move list[MAX_MOVES];
    int n = player_moves(g, pos, list);
    return list[prng_below(rng, (uint32_t)n)];
}

int main(int argc, char **argv) { return player_main("Random", choose, argc, argv); }
