/* nnue_check.h — a game's incremental learned-evaluation hooks against its feature lists, for
 * test_nnue's walks and the games' own random games (which know their kinds of move). */
#ifndef SIMIA_NNUE_CHECK_H
#define SIMIA_NNUE_CHECK_H

#include "testutil.h"

/* A view's tracked features: its whole list less its position features (features_dynamic),
 * as marks in set (by feature); fails if a position feature is missing from the list. */
static inline void nnue_tracked(const GameOps *g, const GamePos *pos, int p, unsigned char *set) {
    uint32_t f[NNUE_MAX_ACTIVE], dyn[2][NNUE_DYNAMIC_MAX];
    int n = g->features(pos, p, f), nd[2] = {0, 0};
    memset(set, 0, (size_t)g->nnue_features);
    for (int i = 0; i < n; i++) set[f[i]] = 1;
    if (!g->features_dynamic) return;
    uint32_t *const out[2] = {dyn[0], dyn[1]};
    g->features_dynamic(pos, out, nd);
    for (int i = 0; i < nd[p]; i++) {
        REQUIRE(nd[p] <= NNUE_DYNAMIC_MAX && set[dyn[p][i]] == 1,
                "%s: position feature %u of view %d is not in features() (or listed twice)", g->name, dyn[p][i], p);
        set[dyn[p][i]] = 0;
    }
}

/* make_delta's record against the lists: after the move, each view's tracked features are
 * those before, less the removed (each of them there before), plus the added (none there). */
static inline void nnue_check_delta(const GameOps *g, const GamePos *before, const GamePos *after,
                                    const NnueDelta *d) {
    static unsigned char was[1 << 16], now[1 << 16];
    for (int p = 0; p < 2; p++) {
        if (d->refresh[p]) continue;
        nnue_tracked(g, before, p, was);
        nnue_tracked(g, after, p, now);
        for (int i = 0; i < d->n_rem[p]; i++) {
            REQUIRE(d->rem[p][i] < (uint32_t)g->nnue_features && was[d->rem[p][i]] == 1,
                    "%s: view %d: the move removed feature %u, which was not a tracked one", g->name, p, d->rem[p][i]);
            was[d->rem[p][i]] = 0;
        }
        for (int i = 0; i < d->n_add[p]; i++) {
            REQUIRE(d->add[p][i] < (uint32_t)g->nnue_features && was[d->add[p][i]] == 0,
                    "%s: view %d: the move added feature %u, which was there", g->name, p, d->add[p][i]);
            was[d->add[p][i]] = 1;
        }
        REQUIRE(!memcmp(was, now, (size_t)g->nnue_features),
                "%s: view %d: the tracked features after the move are not those before with its changes", g->name, p);
    }
}

/* Whether two records say the same: the same views refreshed, and in each other view the same
 * features removed and added (in any order). */
static inline int nnue_u32_cmp(const void *x, const void *y) {
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return (a > b) - (a < b);
}
static inline bool nnue_same_list(const uint32_t *x, const uint32_t *y, int n) {
    uint32_t a[NNUE_DELTA_MAX], b[NNUE_DELTA_MAX];
    memcpy(a, x, (size_t)n * sizeof *a), memcpy(b, y, (size_t)n * sizeof *b);
    qsort(a, (size_t)n, sizeof *a, nnue_u32_cmp), qsort(b, (size_t)n, sizeof *b, nnue_u32_cmp);
    return !memcmp(a, b, (size_t)n * sizeof *a);
}
static inline bool nnue_same_delta(const NnueDelta *x, const NnueDelta *y) {
    for (int p = 0; p < 2; p++) {
        if (x->refresh[p] != y->refresh[p]) return false;
        if (x->refresh[p]) continue;
        if (x->n_rem[p] != y->n_rem[p] || x->n_add[p] != y->n_add[p] ||
            !nnue_same_list(x->rem[p], y->rem[p], x->n_rem[p]) || !nnue_same_list(x->add[p], y->add[p], x->n_add[p]))
            return false;
    }
    return true;
}

/* features_dynamic_after against features_dynamic: the same lists after the move, slot by
 * slot, given those before it. */
static inline void nnue_check_dynamic_after(const GameOps *g, const GamePos *before, const GamePos *after, Move m,
                                            const GameUndo *u) {
    if (!g->features_dynamic_after) return;
    uint32_t was[2][NNUE_DYNAMIC_MAX], now[2][NNUE_DYNAMIC_MAX], kept[2][NNUE_DYNAMIC_MAX];
    int n_was[2] = {0, 0}, n_now[2] = {0, 0}, n_kept[2] = {0, 0};
    uint32_t *const w[2] = {was[0], was[1]}, *const o[2] = {now[0], now[1]}, *const k[2] = {kept[0], kept[1]};
    const uint32_t *const prev[2] = {was[0], was[1]};
    g->features_dynamic(before, w, n_was);
    g->features_dynamic(after, o, n_now);
    g->features_dynamic_after(after, m, u, prev, n_was, k, n_kept);
    for (int p = 0; p < 2; p++)
        REQUIRE(n_kept[p] == n_now[p] && !memcmp(kept[p], now[p], (size_t)n_now[p] * sizeof now[p][0]),
                "%s: view %d: features_dynamic_after differs from features_dynamic", g->name, p);
}

/* make_delta of m on pos into d (empty), checked: it leaves exactly what make leaves, position
 * and undo record, its record agrees with the lists, and move_delta (where the game has it)
 * says the same after the move, as features_dynamic_after the position features. */
static inline void nnue_make_checked(const GameOps *g, GamePos *pos, Move m, GameUndo *u, NnueDelta *d) {
    GamePos before = *pos, plain = *pos;
    GameUndo pu;
    memset(u, 0xA5, sizeof *u), memset(&pu, 0xA5, sizeof pu); /* the bytes make leaves alone */
    g->make_delta(pos, m, u, d);
    nnue_check_delta(g, &before, pos, d);
    g->make(&plain, m, &pu);
    REQUIRE(!memcmp(&plain, pos, sizeof plain) && !memcmp(&pu, u, sizeof pu),
            "%s: make_delta and make leave different positions or undo records", g->name);
    if (g->move_delta) {
        NnueDelta after = {{false, false}, {0, 0}, {0, 0}, {{0}}, {{0}}};
        g->move_delta(pos, m, u, &after);
        REQUIRE(nnue_same_delta(d, &after), "%s: move_delta's record differs from make_delta's", g->name);
    }
    nnue_check_dynamic_after(g, &before, pos, m, u);
}

/* A pass (make_null) where the game allows one, checked: it changes no tracked feature (the
 * search pushes an empty record for it). Returns whether the pass was made. */
static inline bool nnue_pass_checked(const GameOps *g, GamePos *pos, GameUndo *u) {
    static unsigned char was[1 << 16], now[1 << 16];
    GamePos before = *pos;
    if (!g->make_null || !g->make_null(pos, u)) return false;
    for (int p = 0; p < 2; p++) {
        nnue_tracked(g, &before, p, was);
        nnue_tracked(g, pos, p, now);
        REQUIRE(!memcmp(was, now, (size_t)g->nnue_features), "%s: a pass changed view %d's tracked features",
                g->name, p);
    }
    return true;
}

#endif
