/* timeman.c — the clock, and how long a move may take: an optimum and a maximum from the
 * clock, the increment and the moves to go, and how far an iteration's news moves the stop. */
#include "timeman.h"

#include <time.h>

int64_t timeman_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

TimeBudget timeman_budget(const SearchLimits *l, int me, int64_t overhead, const SearchParams *P) {
    TimeBudget b = {-1, -1};
    if (l->infinite) return b;
    if (l->movetime >= 0) {
        int64_t t = l->movetime - overhead;
        b.optimum = b.maximum = t > 1 ? t : 1;
        return b;
    }
    int clock = me;
    /* Only the other player's clock: still a game on the clock, so that clock is taken for
     * both rather than none (a search without a deadline never ends if no stop comes). */
    if (l->time[clock] < 0) clock = 1 - me;
    if (l->time[clock] < 0) return b;
    int64_t time = l->time[clock], inc = l->inc[clock] > 0 ? l->inc[clock] : 0;
    bool control = l->movestogo > 0;
    int64_t mtg = control ? min64(l->movestogo, P->tm_mtg_cap) : P->tm_horizon;
    /* What this move may draw on: the clock less this move's overhead (paid once: each later
     * move pays its own from its own budget) and a reserve that is never planned: TmReserve
     * overheads, which pay the last moves of a long game in sudden death, and TmReserveInc
     * increments (at most a second), which a machine that stalls (shared machines do) eats
     * into; below the reserve each move spends less than the increment, which refills it. */
    int64_t reserve = overhead * P->tm_reserve + min64(inc * P->tm_reserve_inc, 1000);
    int64_t usable = time - overhead - reserve;
    if (usable < 1) usable = 1;
    /* The next mtg moves share the clock and the increments they will receive. */
    int64_t optimum = (usable + inc * (mtg - 1)) / mtg;
    /* At most a share of the clock: an increment worth more than the clock is not spent
     * before it arrives. The last moves before a control may use most of what is left. */
    int64_t opt_cap = usable * (control ? P->tm_last_pct : P->tm_opt_cap) / 100;
    int64_t max_cap = usable * (control ? P->tm_last_pct : P->tm_max_cap) / 100;
    optimum = min64(optimum, opt_cap);
    b.maximum = min64(optimum * P->tm_max_mul / 100, max_cap);
    if (b.maximum < 1) b.maximum = 1;
    b.optimum = optimum < 1 ? 1 : min64(optimum, b.maximum);
    return b;
}

int64_t timeman_soft(const TimeBudget *b, const TimeState *s, const SearchParams *P) {
    int64_t stability = P->tm_stable_base + (int64_t)P->tm_change * s->changes_x100 / 100;
    int64_t fall = 100 + (int64_t)P->tm_fall * s->fall / 10;
    fall = fall < P->tm_fall_min ? P->tm_fall_min : fall > P->tm_fall_max ? P->tm_fall_max : fall;
    int64_t effort = s->effort_pct >= P->tm_effort_pct ? P->tm_effort_scale : 100;
    return b->optimum * stability * fall * effort / 1000000;
}
