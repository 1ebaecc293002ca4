/* timeman.c — the clock, and how long a move may take: an optimum and a maximum from the
 * clock, the increment and the moves to go, less the move overhead; never more than a
 * quarter of what remains, and with an increment a floor kept so the clock settles above 0. */
#include "timeman.h"

#include <time.h>

int64_t timeman_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

TimeBudget timeman_budget(const SearchLimits *l, int me, int64_t overhead) {
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
    int64_t mtg = l->movestogo > 0 ? (l->movestogo < 50 ? l->movestogo : 50) : 40;
    /* With an increment, a floor of 50 increments (at most a second) is never planned
     * for: a machine that stalls (shared machines do, for up to a second) eats into it,
     * and at the floor each move spends less than the increment, which refills it. */
    int64_t floor = inc * 50 < 1000 ? inc * 50 : 1000;
    /* Above the floor, the next mtg moves share the clock, each paying its overhead (the
     * time the arena counts that the search does not see). */
    int64_t avail = time - floor - overhead * mtg;
    if (avail < 0) avail = 0;
    int64_t usable = time - overhead;
    if (usable < 1) usable = 1;
    b.optimum = avail / mtg + inc * 3 / 4;
    b.maximum = b.optimum * 4 < usable / 4 ? b.optimum * 4 : usable / 4;
    if (b.maximum < 1) b.maximum = 1;
    if (b.optimum > b.maximum) b.optimum = b.maximum;
    return b;
}

int timeman_scale(int best_move_changes, Score score_drop) {
    int drop = score_drop < 0 ? 0 : score_drop > 120 ? 120 : score_drop;
    int s = 80 + best_move_changes * 12 + drop / 2;
    return s > 250 ? 250 : s;
}
