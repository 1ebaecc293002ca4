/* test_evalcache.c — a search thread's cache of static evaluations: what is stored is
 * answered for its key only, every int16 score round-trips, wider ones are never kept. */
#include <stdlib.h>

#include "engine/evalcache.h"
#include "testutil.h"

static EvalCache *fresh(void) {
    EvalCache *c = malloc(sizeof *c);
    ck_assert_ptr_nonnull(c);
    evalcache_clear(c);
    return c;
}

START_TEST(store_then_probe) {
    EvalCache *c = fresh();
    Key k = 0x0123456789ABCDEFULL;
    Score s = 1;
    ck_assert(!evalcache_probe(c, k, &s));
    ck_assert_int_eq(s, 1); /* a miss writes nothing */
    evalcache_store(c, k, -57);
    ck_assert(evalcache_probe(c, k, &s));
    ck_assert_int_eq(s, -57);
    /* The same slot, another key: a miss, and a store there replaces the first. */
    Key other = k ^ 0x5A5A000000000000ULL;
    ck_assert(!evalcache_probe(c, other, &s));
    evalcache_store(c, other, 300);
    ck_assert(evalcache_probe(c, other, &s));
    ck_assert_int_eq(s, 300);
    ck_assert(!evalcache_probe(c, k, &s));
    /* Another slot, the same high bits: a miss too. */
    ck_assert(!evalcache_probe(c, other ^ 1, &s));
    evalcache_clear(c);
    ck_assert(!evalcache_probe(c, other, &s));
    free(c);
}
END_TEST

START_TEST(scores_round_trip) {
    EvalCache *c = fresh();
    static const Score keep[] = {0, 1, -1, 255, 256, -256, 32767, -32768, 12345, -20000};
    for (size_t i = 0; i < sizeof keep / sizeof *keep; i++) {
        Key k = 0x9E3779B97F4A7C15ULL * (i + 1);
        Score s = 7;
        evalcache_store(c, k, keep[i]);
        ck_assert_msg(evalcache_probe(c, k, &s) && s == keep[i], "score %d came back as %d", keep[i], s);
    }
    /* A score an int16 cannot hold is not kept (nor does it clobber the slot's entry). */
    Key k = 0x1111222233334444ULL;
    Score s;
    evalcache_store(c, k, 40);
    evalcache_store(c, k, 32768);
    ck_assert(evalcache_probe(c, k, &s));
    ck_assert_int_eq(s, 40);
    evalcache_store(c, k ^ 0xFFFF000000000000ULL, -32769);
    ck_assert(!evalcache_probe(c, k ^ 0xFFFF000000000000ULL, &s));
    free(c);
}
END_TEST

/* An empty entry is all zeros: a key whose high 48 bits are zero is never answered from it. */
START_TEST(empty_entries_never_answer) {
    EvalCache *c = fresh();
    Score s;
    for (Key k = 0; k < (1u << EVALCACHE_BITS); k += 97) ck_assert(!evalcache_probe(c, k, &s));
    evalcache_store(c, 5, 9);
    ck_assert(!evalcache_probe(c, 5, &s));
    free(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("evalcache", 0, ONCE(store_then_probe), ONCE(scores_round_trip), ONCE(empty_entries_never_answer));
}
