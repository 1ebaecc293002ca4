/* prng.h — SplitMix64, the one pseudo-random generator of Simia: Zobrist tables (whose
 * values are frozen by the book format), random tests and playouts all draw from it. */
#ifndef SIMIA_PRNG_H
#define SIMIA_PRNG_H

#include <stdint.h>

typedef struct {
    uint64_t s;
} Prng;

static inline uint64_t prng_next(Prng *p) {
    uint64_t z = (p->s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* Uniform in [0, n) without modulo bias worth caring about (n is small). */
static inline uint32_t prng_below(Prng *p, uint32_t n) {
    return (uint32_t)(((prng_next(p) >> 32) * (uint64_t)n) >> 32);
}

#endif
