/* test_timeman.c — the clock's budgets (sudden death, increments, movestogo, tiny clocks, fixed
 * time), the stop after an iteration, whole games played on a model clock, and the parameter table. */
#include "engine/params.h"
#include "engine/timeman.h"
#include "testutil.h"

static SearchParams P;

static SearchLimits clock_limits(int64_t time, int64_t inc, int movestogo) {
    SearchLimits l;
    search_limits_init(&l);
    l.time[PLAYER_1] = l.time[PLAYER_2] = time;
    l.inc[PLAYER_1] = l.inc[PLAYER_2] = inc;
    l.movestogo = movestogo;
    return l;
}

static TimeBudget budget(int64_t time, int64_t inc, int movestogo, int64_t overhead) {
    SearchLimits l = clock_limits(time, inc, movestogo);
    return timeman_budget(&l, PLAYER_1, overhead, &P);
}

/* The limits no budget may break, for any clock: a maximum the clock can pay after the
 * overhead (as long as there is anything to pay with), and an optimum within it. */
static void check_sane(TimeBudget b, int64_t time, int64_t overhead) {
    REQUIRE(b.optimum >= 1 && b.maximum >= b.optimum, "budget %lld/%lld for clock %lld", (long long)b.optimum,
            (long long)b.maximum, (long long)time);
    if (time - overhead > 2)
        REQUIRE(b.maximum < time - overhead, "maximum %lld reaches past the clock %lld less the overhead %lld",
                (long long)b.maximum, (long long)time, (long long)overhead);
}

START_TEST(sudden_death_second) {
    /* A second on the clock is some thirty moves' worth of thought, not one ply. */
    TimeBudget b = budget(1000, 0, 0, 10);
    check_sane(b, 1000, 10);
    ck_assert_int_ge(b.optimum, 25);
    ck_assert_int_le(b.optimum, 100);
    ck_assert_int_ge(b.maximum, 3 * b.optimum);
    /* 300 ms: still a real search, never 0 ms. */
    b = budget(300, 0, 0, 10);
    check_sane(b, 300, 10);
    ck_assert_int_ge(b.optimum, 5);
    ck_assert_int_ge(b.maximum, 20);
    /* The overhead is paid once (and kept a few times in reserve), not once per move to go:
     * 90 ms more of it costs the optimum a fifth of that, not all of it. */
    TimeBudget b10 = budget(10000, 0, 0, 10), b100 = budget(10000, 0, 0, 100);
    ck_assert_int_le(b10.optimum - b100.optimum, 90 / 4);
}
END_TEST

START_TEST(increment) {
    TimeBudget b0 = budget(1000, 0, 0, 10), b = budget(1000, 10, 0, 10);
    check_sane(b, 1000, 10);
    ck_assert_int_gt(b.optimum, b0.optimum); /* the increment is spent as it comes */
    /* An increment larger than the clock is not spent before it arrives. */
    b = budget(200, 1000, 0, 10);
    check_sane(b, 200, 10);
    ck_assert_int_le(b.optimum, 200 / 4);
    /* At the reserve a move spends less than the increment, so the clock climbs back. */
    b = budget(60, 10, 0, 1);
    ck_assert_int_lt(b.optimum, 10);
}
END_TEST

START_TEST(moves_to_go) {
    /* The last move before the control may use most of what is left. */
    TimeBudget b = budget(3000, 0, 1, 10);
    check_sane(b, 3000, 10);
    ck_assert_int_ge(b.optimum, 2000);
    ck_assert_int_ge(b.maximum, 2000);
    /* Two to go: about half; twenty: about a twentieth. */
    b = budget(3000, 0, 2, 10);
    ck_assert_int_ge(b.optimum, 1200);
    ck_assert_int_le(b.optimum, 1600);
    b = budget(3000, 0, 20, 10);
    ck_assert_int_ge(b.optimum, 120);
    ck_assert_int_le(b.optimum, 160);
    /* More moves to go than the cap plans for at most the cap. */
    TimeBudget far = budget(3000, 0, 500, 10), cap = budget(3000, 0, P.tm_mtg_cap, 10);
    ck_assert_int_eq(far.optimum, cap.optimum);
}
END_TEST

START_TEST(tiny_clocks_and_edges) {
    for (int64_t time = 0; time <= 3000; time += time < 100 ? 1 : 37)
        for (int64_t inc = 0; inc <= 200; inc += 50)
            for (int mtg = 0; mtg <= 3; mtg++)
                for (int64_t ov = 0; ov <= 100; ov += 50) check_sane(budget(time, inc, mtg, ov), time, ov);
    SearchLimits l;
    search_limits_init(&l);
    TimeBudget b = timeman_budget(&l, PLAYER_1, 10, &P); /* no limit at all */
    ck_assert_int_eq(b.optimum, -1);
    ck_assert_int_eq(b.maximum, -1);
    l.movetime = 100;
    b = timeman_budget(&l, PLAYER_1, 10, &P);
    ck_assert_int_eq(b.optimum, 90);
    ck_assert_int_eq(b.maximum, 90);
    l.movetime = 0;
    b = timeman_budget(&l, PLAYER_1, 10, &P);
    ck_assert_int_eq(b.maximum, 1);
    /* Only the opponent's clock given: it is taken for both. */
    search_limits_init(&l);
    l.time[PLAYER_2] = 1000;
    b = timeman_budget(&l, PLAYER_1, 10, &P);
    ck_assert_int_gt(b.optimum, 0);
    l.infinite = true;
    ck_assert_int_eq(timeman_budget(&l, PLAYER_1, 10, &P).maximum, -1);
}
END_TEST

/* A model of a whole game on the clock: each move costs what the search spent (between
 * the optimum's soft stop and the maximum) and the lag the arena sees. The clock never
 * runs out, and little of it is left at the end of a long game. */
static int64_t play_clock(int64_t time, int64_t inc, int moves, int64_t lag, int spend_pct, int64_t *min_left) {
    *min_left = time;
    for (int i = 0; i < moves; i++) {
        TimeBudget b = budget(time, inc, 0, 10);
        int64_t spent = b.optimum * spend_pct / 100;
        if (spent > b.maximum) spent = b.maximum;
        time -= spent + lag;
        REQUIRE(time >= 0, "flagged at move %d (spent %lld)", i, (long long)spent);
        time += inc;
        if (time < *min_left) *min_left = time;
    }
    return time;
}

START_TEST(games_on_the_clock) {
    int64_t low;
    /* Sudden death of 2 s over 100 moves, each move spending 1.5 optima and a millisecond of
     * lag: most of the clock used, the reserve of overheads left. */
    int64_t left = play_clock(2000, 0, 100, 1, 150, &low);
    ck_assert_int_lt(left, 2000 / 10);
    /* Each move spending its maximum: the reserve still holds for 60 moves. */
    play_clock(2000, 0, 60, 1, 100000, &low);
    /* 1 s + 10 ms over 300 moves: the clock settles near its reserve, above 0. */
    left = play_clock(1000, 10, 300, 1, 150, &low);
    ck_assert_int_ge(low, 50);
    ck_assert_int_le(left, 400);
    play_clock(1000, 10, 300, 2, 100000, &low);
}
END_TEST

START_TEST(soft_stop) {
    TimeBudget b = budget(10000, 0, 0, 10);
    TimeState calm = {.changes_x100 = 0, .fall = 0, .effort_pct = 95};
    TimeState unsure = {.changes_x100 = 200, .fall = 0, .effort_pct = 30};
    TimeState falling = {.changes_x100 = 0, .fall = 300, .effort_pct = 30};
    TimeState rising = {.changes_x100 = 0, .fall = -300, .effort_pct = 30};
    int64_t s_calm = timeman_soft(&b, &calm, &P), s_unsure = timeman_soft(&b, &unsure, &P);
    int64_t s_fall = timeman_soft(&b, &falling, &P), s_rise = timeman_soft(&b, &rising, &P);
    ck_assert_int_lt(s_calm, b.optimum);
    ck_assert_int_gt(s_unsure, b.optimum);
    ck_assert_int_gt(s_fall, s_rise);
    /* The fall's factor is bounded both ways. */
    ck_assert_int_eq(s_fall, b.optimum * P.tm_stable_base * P.tm_fall_max / 10000);
    ck_assert_int_eq(s_rise, b.optimum * P.tm_stable_base * P.tm_fall_min / 10000);
}
END_TEST

START_TEST(parameter_table) {
    SearchParams d;
    search_params_default(&d);
    ck_assert_int_eq(SEARCH_PARAM_COUNT, (int)(sizeof d / sizeof(int)));
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const SearchParamInfo *p = &SEARCH_PARAM_INFO[i];
        ck_assert_msg(p->min <= p->def && p->def <= p->max, "%s: default out of its range", p->name);
        ck_assert_ptr_eq(search_param_find(p->name), p);
        for (int j = 0; j < i; j++) ck_assert_str_ne(SEARCH_PARAM_INFO[j].name, p->name);
        ck_assert_int_eq(search_param_get(&d, p), p->def);
    }
    ck_assert_ptr_eq(search_param_find("rfpmargin"), search_param_find("RfpMargin"));
    ck_assert_ptr_null(search_param_find("NoSuchParameter"));
    /* Overrides lay over the defaults; a bad one is refused whole. */
    SearchParams q;
    const SearchParamOverride good[] = {{"RfpMargin", 120}, {"lmrdiv", 300}};
    ck_assert(search_params_for(&q, good, 2));
    ck_assert_int_eq(q.rfp_margin, 120);
    ck_assert_int_eq(q.lmr_div, 300);
    ck_assert_int_eq(q.nmp_base, d.nmp_base);
    const SearchParamOverride unknown[] = {{"RfpMargin", 120}, {"Bogus", 1}};
    ck_assert(!search_params_for(&q, unknown, 2));
    ck_assert_int_eq(q.rfp_margin, d.rfp_margin);
    const SearchParamOverride range[] = {{"RfpMargin", 100000}};
    ck_assert(!search_params_for(&q, range, 1));
    ck_assert(search_params_for(&q, NULL, 0));
    ck_assert_mem_eq(&q, &d, sizeof q);
    /* Every game's own table is valid. */
    for (int g = 0; g < GAMES_COUNT; g++)
        ck_assert_msg(search_params_for(&q, GAMES[g]->search_params, GAMES[g]->n_search_params),
                      "%s: its search parameters name an unknown parameter or leave a range", GAMES[g]->name);
}
END_TEST

int main(void) {
    search_params_default(&P);
    return RUN_TESTS("timeman", 0, ONCE(sudden_death_second), ONCE(increment), ONCE(moves_to_go),
                     ONCE(tiny_clocks_and_edges), ONCE(games_on_the_clock), ONCE(soft_stop), ONCE(parameter_table));
}
