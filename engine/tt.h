/* tt.h — the transposition table shared by all search threads: lock-free buckets of checked
 * 16-byte entries (move, score, static evaluation), depth/age replacement, wins by node. */
#ifndef SIMIA_TT_H
#define SIMIA_TT_H

#include <stdatomic.h>

#include "types.h"

/* What a stored score says of the true one: exact, at least (a cut), or at most. */
typedef enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 } Bound;

/* Largest Hash the engine accepts, in MB (also announced as the option's maximum); a
 * request is further checked against the machine's physical memory. */
#define TT_MB_MIN 1
#define TT_MB_MAX 262144
#define TT_MB_DEFAULT 16

/* An entry is two words written and read without locks: data (the move, the score and the
 * static evaluation) and check (48 bits of the key mixed with data, then depth, bound and
 * age). A reader that sees words from two different writes gets a check that does not match
 * its key, so a torn entry is a miss, never a wrong hit (moves are also checked for
 * legality). The 48 bits are the key's low ones: its high ones chose the bucket. */
typedef struct {
    _Atomic uint64_t check, data;
} TTEntry;

#define TT_BUCKET 4
typedef struct {
    alignas(64) TTEntry e[TT_BUCKET];
} TTBucket;

typedef struct TT {
    TTBucket *buckets;
    uint64_t n_buckets;
    size_t mb;
    uint8_t age; /* generation of the current search, 6 bits */
} TT;

/* What a probe found; scores are already relative to the probing node's ply. eval: the
 * position's static evaluation as the search worked it out, or TT_EVAL_NONE. */
typedef struct {
    Move move;
    Score score, eval;
    int depth;
    Bound bound;
} TTHit;
#define TT_EVAL_NONE (-32768)

/* Depth stored for quiescence entries (the main search stores depth >= 1). */
#define TT_DEPTH_QS 0

void tt_init(TT *tt);
/* Allocates mb megabytes (touching the memory) and frees the old table; on failure the old
 * table stays and err says why. */
bool tt_resize(TT *tt, size_t mb, char *err);
void tt_free(TT *tt);
void tt_clear(TT *tt);
/* A new search begins: entries of older searches become preferred victims. */
void tt_new_search(TT *tt);

static inline TTBucket *tt_bucket(const TT *tt, Key key) {
#ifdef __wasm__ /* no 128-bit multiply there: the same high half from 32-bit parts (n_buckets < 2^32) */
    uint64_t n = tt->n_buckets, hi = key >> 32, lo = key & 0xffffffffu;
    return &tt->buckets[(hi * n + (lo * n >> 32)) >> 32];
#else
    return &tt->buckets[(uint64_t)(((unsigned __int128)key * tt->n_buckets) >> 64)];
#endif
}
static inline void tt_prefetch(const TT *tt, Key key) { __builtin_prefetch(tt_bucket(tt, key)); }

bool tt_probe(const TT *tt, Key key, int ply, TTHit *hit);
/* eval: the static evaluation to keep, or TT_EVAL_NONE (the entry then keeps the one it had
 * for the same position, as a store without a move keeps its move). */
void tt_store(TT *tt, Key key, int ply, Move move, Score score, Score eval, int depth, Bound bound);
/* Entries of the current search per thousand, from a sample of the table. */
int tt_hashfull(const TT *tt);

/* Win scores count plies from the root; the table stores them from the node. */
static inline Score tt_score_to(Score s, int ply) {
    return s >= SCORE_WIN_MIN ? s + ply : s <= -SCORE_WIN_MIN ? s - ply : s;
}
static inline Score tt_score_from(Score s, int ply) {
    return s >= SCORE_WIN_MIN ? s - ply : s <= -SCORE_WIN_MIN ? s + ply : s;
}

/* Whether a table of mb megabytes may be asked for (range, physical memory); if not, err
 * explains and says the size stays current. */
bool tt_size_ok(size_t mb, size_t current, char *err);
/* Physical memory of the machine in MB (0 if unknown). */
size_t tt_physical_mb(void);

#endif
