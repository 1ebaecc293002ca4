/* evalcache.h — one search thread's static evaluations by position key: a position met again
 * in a search (a transposition, a re-search) is not evaluated a second time. */
#ifndef SIMIA_EVALCACHE_H
#define SIMIA_EVALCACHE_H

#include <string.h>

#include "types.h"

/* Each entry keeps the key's high 48 bits and the score's 16 (a score outside int16 is not
 * kept); 2^14 entries, 128 KB, fit a core's L2, where a probe costs a few nanoseconds and an
 * evaluation tens (the hand-written ones) to hundreds (a net). Quiescence evaluates before it
 * asks the shared table (tried the other way round, the table's cache misses cost more), so
 * the repeats are found here: 5% of Monkey Queen's bench evaluations, 12% of M.A.D.'s, 26% of
 * Zoo's (2026-11-27). Like the table's kept evaluation, it asks that a game's key tell apart
 * the positions its evaluations tell apart. */
enum { EVALCACHE_BITS = 14 };
typedef struct {
    uint64_t entry[1 << EVALCACHE_BITS];
} EvalCache;
_Static_assert(sizeof(EvalCache) % 64 == 0, "whole cache lines (aligned_alloc asks a multiple of the alignment)");

/* A new search: its options may have changed what a key means. */
static inline void evalcache_clear(EvalCache *c) { memset(c, 0, sizeof *c); }

static inline bool evalcache_probe(const EvalCache *c, Key k, Score *s) {
    uint64_t e = c->entry[k & ((1u << EVALCACHE_BITS) - 1)], tag = k & ~(uint64_t)0xFFFF;
    if ((e & ~(uint64_t)0xFFFF) != tag || !tag) return false; /* 0 is the empty entry */
    *s = (Score)(int16_t)(uint16_t)e;
    return true;
}

static inline void evalcache_store(EvalCache *c, Key k, Score s) {
    if (s < INT16_MIN || s > INT16_MAX) return;
    c->entry[k & ((1u << EVALCACHE_BITS) - 1)] = (k & ~(uint64_t)0xFFFF) | (uint16_t)(int16_t)s;
}

#endif
