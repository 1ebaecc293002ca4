/* test_tt.c — the transposition table: store and probe, every field at every age, win scores
 * moved by ply, torn entries never trusted, the replacement policy, hashfull, sizes. */
#include "engine/tt.h"
#include "testutil.h"

static TT tt;

static void fresh(size_t mb) {
    char err[ERR_STR_MAX];
    tt_init(&tt);
    ck_assert_msg(tt_resize(&tt, mb, err), "%s", err);
}

START_TEST(store_then_probe) {
    fresh(1);
    TTHit h;
    Key k = 0x0123456789ABCDEFULL;
    ck_assert(!tt_probe(&tt, k, 0, &h));
    tt_store(&tt, k, 3, 0xABCD1234u, -57, TT_EVAL_NONE, 9, BOUND_LOWER);
    ck_assert(tt_probe(&tt, k, 3, &h));
    ck_assert_uint_eq(h.move, 0xABCD1234u);
    ck_assert_int_eq(h.score, -57);
    ck_assert_int_eq(h.depth, 9);
    ck_assert_int_eq(h.bound, BOUND_LOWER);
    ck_assert(!tt_probe(&tt, k ^ 1, 3, &h)); /* same bucket or not, another key misses */
    tt_store(&tt, k, 0, MOVE_NONE, 12, TT_EVAL_NONE, 8, BOUND_UPPER); /* keeps the move it had */
    ck_assert(tt_probe(&tt, k, 0, &h));
    ck_assert_uint_eq(h.move, 0xABCD1234u);
    ck_assert_int_eq(h.depth, 8);
    ck_assert_int_eq(h.score, 12);
    ck_assert_int_eq(h.bound, BOUND_UPPER);
    tt_free(&tt);
}
END_TEST

/* A win 10 plies from the root found at ply 4 is a win 6 plies from that node; probed
 * from a node at ply 2 it is a win 8 plies from the root. The same for losses. */
START_TEST(win_scores_move_with_ply) {
    fresh(1);
    TTHit h;
    tt_store(&tt, 11, 4, MOVE_NONE, SCORE_WIN - 10, TT_EVAL_NONE, 5, BOUND_EXACT);
    ck_assert(tt_probe(&tt, 11, 2, &h));
    ck_assert_int_eq(h.score, SCORE_WIN - 8);
    tt_store(&tt, 12, 4, MOVE_NONE, -SCORE_WIN + 10, TT_EVAL_NONE, 5, BOUND_EXACT);
    ck_assert(tt_probe(&tt, 12, 7, &h));
    ck_assert_int_eq(h.score, -SCORE_WIN + 13);
    tt_store(&tt, 13, 4, MOVE_NONE, 250, TT_EVAL_NONE, 5, BOUND_EXACT); /* ordinary scores do not move */
    ck_assert(tt_probe(&tt, 13, 9, &h));
    ck_assert_int_eq(h.score, 250);
    tt_free(&tt);
}
END_TEST

/* Two threads' writes interleaved: the check word of one store with the data of another.
 * The probe must miss for both keys, not return the other position's data. */
START_TEST(torn_entry_is_a_miss) {
    fresh(1);
    Key a = 0x1111222233334444ULL;
    tt_store(&tt, a, 0, 0x77u, 100, 40, 6, BOUND_EXACT);
    TTBucket *b = tt_bucket(&tt, a);
    TTHit h;
    ck_assert(tt_probe(&tt, a, 0, &h));
    TTEntry *e = NULL;
    for (int i = 0; i < TT_BUCKET; i++)
        if (atomic_load(&b->e[i].data)) e = &b->e[i];
    ck_assert_ptr_nonnull(e);
    /* Another position of the same bucket stored in that slot (by another table, so that
     * its words can be taken apart). */
    Key other = a;
    do other += 0x9E3779B97F4A7C15ULL;
    while (tt_bucket(&tt, other) != b);
    TT t2;
    char err[ERR_STR_MAX];
    tt_init(&t2);
    ck_assert(tt_resize(&t2, 1, err));
    tt_store(&t2, other, 0, 0x77u ^ 0x55u, 100, 40, 6, BOUND_EXACT);
    const TTEntry *o = NULL;
    TTBucket *b2 = tt_bucket(&t2, other);
    for (int i = 0; i < TT_BUCKET; i++)
        if (atomic_load(&b2->e[i].data)) o = &b2->e[i];
    ck_assert_ptr_nonnull(o);
    uint64_t data_a = atomic_load(&e->data), check_a = atomic_load(&e->check);
    /* Half a store: the other's data with a's check, then a's data with the other's check. */
    atomic_store(&e->data, atomic_load(&o->data));
    ck_assert(!tt_probe(&tt, a, 0, &h));
    ck_assert(!tt_probe(&tt, other, 0, &h));
    atomic_store(&e->data, data_a);
    atomic_store(&e->check, atomic_load(&o->check));
    ck_assert(!tt_probe(&tt, a, 0, &h));
    ck_assert(!tt_probe(&tt, other, 0, &h));
    /* The same position, two stores torn: a's check with data of another move or evaluation. */
    atomic_store(&e->check, check_a);
    atomic_store(&e->data, data_a ^ (1ULL << 50)); /* the evaluation's bits */
    ck_assert(!tt_probe(&tt, a, 0, &h));
    atomic_store(&e->data, data_a ^ 1); /* the move's */
    ck_assert(!tt_probe(&tt, a, 0, &h));
    atomic_store(&e->data, data_a);
    ck_assert(tt_probe(&tt, a, 0, &h));
    ck_assert_uint_eq(h.move, 0x77u);
    tt_free(&t2);
    tt_free(&tt);
}
END_TEST

/* Every field comes back as stored, for every bound at every age (the bound and the age
 * share a byte), the extremes of each field, and no evaluation at all. */
START_TEST(every_field_round_trips) {
    fresh(1);
    static const Score scores[] = {-SCORE_INF, -SCORE_WIN + 1, -SCORE_WIN_MIN - 1, -1, 0, 1, 999, SCORE_WIN_MIN + 1, SCORE_WIN - 1, SCORE_INF};
    static const Score evals[] = {TT_EVAL_NONE, -SCORE_WIN_MIN + 1, -1, 0, 1, SCORE_WIN_MIN - 1};
    static const int depths[] = {TT_DEPTH_QS, 1, 2, 63, 127, 253};
    static const Move moves[] = {MOVE_NONE, 1, 0x12345678u, 0xFFFFFFFFu};
    static const Bound bounds[] = {BOUND_EXACT, BOUND_LOWER, BOUND_UPPER};
    Key k = 0x0F1E2D3C4B5A6978ULL;
    long checked = 0;
    for (int age = 0; age < 64; age++) {
        ck_assert_int_eq(tt.age, age);
        for (int bi = 0; bi < 3; bi++)
            for (int i = 0; i < (int)(sizeof scores / sizeof *scores); i++) {
                Score sc = scores[i], ev = evals[(i + bi + age) % 6];
                int depth = depths[(i + age) % 6];
                Move mv = moves[(i + bi) % 4];
                k = k * 6364136223846793005ULL + 1442695040888963407ULL;
                tt_store(&tt, k, 0, mv, sc, ev, depth, bounds[bi]);
                TTHit h;
                ck_assert_msg(tt_probe(&tt, k, 0, &h), "age %d bound %d: the entry is missing", age, bounds[bi]);
                ck_assert_uint_eq(h.move, mv);
                ck_assert_int_eq(h.score, sc);
                ck_assert_int_eq(h.eval, ev);
                ck_assert_int_eq(h.depth, depth);
                ck_assert_msg(h.bound == bounds[bi], "age %d: bound %d came back as %d", age, bounds[bi], h.bound);
                checked++;
            }
        tt_new_search(&tt);
    }
    ck_assert_int_eq(tt.age, 0); /* the age wraps after 64 searches */
    ck_assert_int_eq(checked, 64 * 3 * (long)(sizeof scores / sizeof *scores));
    tt_free(&tt);
}
END_TEST

/* A store without an evaluation (or a move) keeps the one the same position had. */
START_TEST(store_keeps_the_evaluation) {
    fresh(1);
    TTHit h;
    tt_store(&tt, 99, 0, 0x42u, 10, -250, 3, BOUND_UPPER);
    tt_store(&tt, 99, 0, MOVE_NONE, 20, TT_EVAL_NONE, 4, BOUND_LOWER);
    ck_assert(tt_probe(&tt, 99, 0, &h));
    ck_assert_int_eq(h.eval, -250);
    ck_assert_uint_eq(h.move, 0x42u);
    ck_assert_int_eq(h.score, 20);
    tt_store(&tt, 99, 0, MOVE_NONE, 20, 77, 5, BOUND_LOWER);
    ck_assert(tt_probe(&tt, 99, 0, &h));
    ck_assert_int_eq(h.eval, 77);
    tt_free(&tt);
}
END_TEST

/* Keys landing in one bucket: a full bucket gives up its shallowest entry, and entries of
 * older searches before deeper ones of this search. */
START_TEST(replacement_prefers_depth_and_age) {
    fresh(1);
    Key keys[64];
    int n = 0;
    TTBucket *target = tt_bucket(&tt, 1);
    for (Key k = 1; n < 64; k += 0x9E3779B97F4A7C15ULL)
        if (tt_bucket(&tt, k) == target) keys[n++] = k;
    int depths[TT_BUCKET] = {7, 3, 9, 5};
    for (int i = 0; i < TT_BUCKET; i++) tt_store(&tt, keys[i], 0, MOVE_NONE, 0, TT_EVAL_NONE, depths[i], BOUND_EXACT);
    TTHit h;
    tt_store(&tt, keys[4], 0, MOVE_NONE, 0, TT_EVAL_NONE, 4, BOUND_EXACT);
    ck_assert(tt_probe(&tt, keys[4], 0, &h));
    ck_assert(!tt_probe(&tt, keys[1], 0, &h)); /* depth 3 went */
    ck_assert(tt_probe(&tt, keys[0], 0, &h) && tt_probe(&tt, keys[2], 0, &h) && tt_probe(&tt, keys[3], 0, &h));
    /* Two searches later the depth-9 entry is worth less than fresh shallow ones. */
    tt_new_search(&tt);
    tt_new_search(&tt);
    tt_store(&tt, keys[5], 0, MOVE_NONE, 0, TT_EVAL_NONE, 1, BOUND_EXACT);
    tt_store(&tt, keys[6], 0, MOVE_NONE, 0, TT_EVAL_NONE, 1, BOUND_EXACT);
    tt_store(&tt, keys[7], 0, MOVE_NONE, 0, TT_EVAL_NONE, 1, BOUND_EXACT);
    tt_store(&tt, keys[8], 0, MOVE_NONE, 0, TT_EVAL_NONE, 1, BOUND_EXACT);
    for (int i = 5; i <= 8; i++) ck_assert(tt_probe(&tt, keys[i], 0, &h));
    /* A shallower result for a position of this search does not erase a much deeper one. */
    tt_store(&tt, keys[5], 0, 0x99u, 0, TT_EVAL_NONE, 12, BOUND_LOWER);
    tt_store(&tt, keys[5], 0, 0x98u, 0, TT_EVAL_NONE, 2, BOUND_LOWER);
    ck_assert(tt_probe(&tt, keys[5], 0, &h));
    ck_assert_int_eq(h.depth, 12);
    ck_assert_uint_eq(h.move, 0x99u);
    tt_free(&tt);
}
END_TEST

START_TEST(hashfull_and_clear) {
    fresh(1);
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    for (uint64_t i = 0; i < tt.n_buckets * TT_BUCKET; i++)
        tt_store(&tt, i * 0x9E3779B97F4A7C15ULL + 1, 0, MOVE_NONE, 0, TT_EVAL_NONE, 3, BOUND_EXACT);
    int full = tt_hashfull(&tt);
    ck_assert_int_gt(full, 500);
    ck_assert_int_le(full, 1000);
    tt_new_search(&tt); /* older entries no longer count */
    ck_assert_int_eq(tt_hashfull(&tt), 0);
    tt_clear(&tt);
    TTHit h;
    ck_assert(!tt_probe(&tt, 1, 0, &h));
    tt_free(&tt);
}
END_TEST

START_TEST(sizes_refused_keep_the_table) {
    fresh(2);
    char err[ERR_STR_MAX] = "";
    tt_store(&tt, 42, 0, 0x5u, 1, TT_EVAL_NONE, 1, BOUND_EXACT);
    ck_assert(!tt_resize(&tt, 0, err));
    ck_assert_ptr_nonnull(strstr(err, "Hash must be"));
    size_t phys = tt_physical_mb();
    if (phys && phys / 10 * 9 + 1 <= TT_MB_MAX) {
        ck_assert(!tt_resize(&tt, phys / 10 * 9 + 1, err));
        ck_assert_ptr_nonnull(strstr(err, "memory"));
    }
    ck_assert_uint_eq(tt.mb, 2);
    TTHit h;
    ck_assert(tt_probe(&tt, 42, 0, &h)); /* nothing happened to the old table */
    ck_assert(tt_resize(&tt, 3, err));
    ck_assert_uint_eq(tt.mb, 3);
    ck_assert_uint_eq(tt.n_buckets, (3u << 20) / sizeof(TTBucket));
    ck_assert(!tt_probe(&tt, 42, 0, &h));
    tt_free(&tt);
}
END_TEST

int main(void) {
    return RUN_TESTS("tt", 0, ONCE(store_then_probe), ONCE(win_scores_move_with_ply), ONCE(torn_entry_is_a_miss),
                     ONCE(every_field_round_trips), ONCE(store_keeps_the_evaluation),
                     ONCE(replacement_prefers_depth_and_age), ONCE(hashfull_and_clear),
                     ONCE(sizes_refused_keep_the_table));
}
