/* zobrist.h — the one way game modules draw their Zobrist keys: SplitMix64 from a seed
 * of the module's own, in a fixed order, so keys (and books made with them) never move. */
#ifndef SIMIA_ZOBRIST_H
#define SIMIA_ZOBRIST_H

#include <stddef.h>

#include "../../prng.h"
#include "../../types.h"

/* Fills keys[0..n) from the generator rng (continue drawing from the same rng for the next
 * table, so that the order of the calls is part of the key scheme). */
static inline void zobrist_fill(Prng *rng, Key *keys, size_t n) {
    for (size_t i = 0; i < n; i++) keys[i] = prng_next(rng);
}

#endif
