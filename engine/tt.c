/* tt.c — the transposition table: allocation and clearing, lock-free probe and store with
 * key verification, the replacement policy, and the hashfull sample. */
#include "tt.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* data: move (bits 0-31), score (32-47), static evaluation (48-63).
 * check: the key's low 48 bits xor the mixed data (0-47), depth + 2 (48-55), bound + 1
 * (56-57), age (58-63). A zero bound field marks an empty entry, so an all-zero table is
 * empty. */
#define DEPTH_BIAS 2
#define KEY_BITS 0xFFFFFFFFFFFFULL
static inline uint64_t pack_data(Move m, Score s, Score eval) {
    return (uint64_t)m | (uint64_t)(uint16_t)(int16_t)s << 32 | (uint64_t)(uint16_t)(int16_t)eval << 48;
}
static inline uint64_t pack_meta(int depth, Bound b, unsigned age) {
    return (uint64_t)(uint8_t)(depth + DEPTH_BIAS) << 48 | (uint64_t)(b + 1) << 56 | (uint64_t)(age & 63) << 58;
}
/* Every bit of data moves the check's 48 bits (a torn pair must not verify). */
static inline uint64_t mix(uint64_t d) {
    d ^= d >> 31;
    d *= 0x9E3779B97F4A7C15ULL;
    return d ^ d >> 29;
}
static inline bool verifies(uint64_t check, uint64_t data, Key key) { return ((key ^ mix(data) ^ check) & KEY_BITS) == 0; }
static inline Move d_move(uint64_t d) { return (Move)d; }
static inline Score d_score(uint64_t d) { return (Score)(int16_t)(uint16_t)(d >> 32); }
static inline Score d_eval(uint64_t d) { return (Score)(int16_t)(uint16_t)(d >> 48); }
static inline int c_depth(uint64_t c) { return (int)(uint8_t)(c >> 48) - DEPTH_BIAS; }
static inline int c_bound1(uint64_t c) { return (int)(c >> 56) & 3; }
static inline unsigned c_age(uint64_t c) { return (unsigned)(c >> 58); }

void tt_init(TT *tt) { memset(tt, 0, sizeof *tt); }

size_t tt_physical_mb(void) {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0) return 0;
    return (size_t)((unsigned long long)pages * (unsigned long long)size >> 20);
}

bool tt_size_ok(size_t mb, size_t current, char *err) {
    size_t phys = tt_physical_mb();
    if (mb < TT_MB_MIN || mb > TT_MB_MAX) {
        snprintf(err, ERR_STR_MAX, "Hash must be %d to %d MB, not %zu; it stays %zu MB", TT_MB_MIN, TT_MB_MAX, mb, current);
        return false;
    }
    /* Leave the system room to breathe: at most 90% of the physical memory. */
    if (phys && mb > phys / 10 * 9) {
        snprintf(err, ERR_STR_MAX,
                 "Hash of %zu MB refused: this machine has %zu MB of memory (at most %zu MB allowed); it stays %zu MB",
                 mb, phys, phys / 10 * 9, current);
        return false;
    }
    return true;
}

bool tt_resize(TT *tt, size_t mb, char *err) {
    if (!tt_size_ok(mb, tt->mb, err)) return false;
    uint64_t n = (uint64_t)mb * (1u << 20) / sizeof(TTBucket);
    void *mem = NULL;
    if (posix_memalign(&mem, 64, n * sizeof(TTBucket)) || !mem) {
        snprintf(err, ERR_STR_MAX, "could not allocate a hash table of %zu MB; it keeps its %zu MB", mb, tt->mb);
        return false;
    }
    tt_free(tt);
    tt->buckets = mem;
    tt->n_buckets = n;
    tt->mb = mb;
    tt_clear(tt);
    return true;
}

void tt_free(TT *tt) {
    free(tt->buckets);
    tt->buckets = NULL;
    tt->n_buckets = 0;
    tt->mb = 0;
}

/* Writing every byte also makes the system commit the memory now rather than mid-search. */
void tt_clear(TT *tt) {
    if (tt->buckets) memset(tt->buckets, 0, tt->n_buckets * sizeof(TTBucket));
    tt->age = 0;
}

void tt_new_search(TT *tt) { tt->age = (uint8_t)((tt->age + 1) & 63); }

bool tt_probe(const TT *tt, Key key, int ply, TTHit *hit) {
    TTBucket *b = tt_bucket(tt, key);
    for (int i = 0; i < TT_BUCKET; i++) {
        uint64_t d = atomic_load_explicit(&b->e[i].data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&b->e[i].check, memory_order_relaxed);
        if (!c_bound1(c) || !verifies(c, d, key)) continue;
        hit->move = d_move(d);
        hit->score = tt_score_from(d_score(d), ply);
        hit->eval = d_eval(d);
        hit->depth = c_depth(c);
        hit->bound = (Bound)(c_bound1(c) - 1);
        return true;
    }
    return false;
}

void tt_store(TT *tt, Key key, int ply, Move move, Score score, Score eval, int depth, Bound bound) {
    TTBucket *b = tt_bucket(tt, key);
    TTEntry *victim = NULL;
    int victim_worth = 1 << 30;
    uint64_t old = 0;
    bool same = false;
    for (int i = 0; i < TT_BUCKET; i++) {
        TTEntry *e = &b->e[i];
        uint64_t d = atomic_load_explicit(&e->data, memory_order_relaxed);
        uint64_t c = atomic_load_explicit(&e->check, memory_order_relaxed);
        if (!c_bound1(c)) { /* empty: take it unless the key sits elsewhere in the bucket */
            if (victim_worth > -(1 << 29)) victim = e, victim_worth = -(1 << 29), old = 0;
            continue;
        }
        if (verifies(c, d, key)) {
            /* Same position: keep a deeper result of this search unless the new one is exact. */
            if (bound != BOUND_EXACT && c_age(c) == tt->age && depth + 3 < c_depth(c)) return;
            victim = e, old = d, same = true;
            break;
        }
        /* Worth keeping: depth, less for each search since it was written. */
        int worth = c_depth(c) - 8 * (int)((tt->age - c_age(c)) & 63);
        if (worth < victim_worth) victim = e, victim_worth = worth, old = d;
    }
    /* A store without a move (or an evaluation) keeps what the same position had. */
    if (move == MOVE_NONE && same) move = d_move(old);
    if (eval == TT_EVAL_NONE && same) eval = d_eval(old);
    uint64_t d = pack_data(move, tt_score_to(score, ply), eval);
    uint64_t c = ((key ^ mix(d)) & KEY_BITS) | pack_meta(depth, bound, tt->age);
    atomic_store_explicit(&victim->data, d, memory_order_relaxed);
    atomic_store_explicit(&victim->check, c, memory_order_relaxed);
}

int tt_hashfull(const TT *tt) {
    if (!tt->buckets) return 0;
    uint64_t n = tt->n_buckets < 250 ? tt->n_buckets : 250;
    int used = 0;
    for (uint64_t i = 0; i < n; i++)
        for (int j = 0; j < TT_BUCKET; j++) {
            uint64_t c = atomic_load_explicit(&tt->buckets[i].e[j].check, memory_order_relaxed);
            used += c_bound1(c) && c_age(c) == tt->age;
        }
    return (int)(used * 1000 / (n * TT_BUCKET));
}
