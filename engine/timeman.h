/* timeman.h — the one clock of limits and deadlines, and how long a move may take: the
 * budget of a search from its limits, and how far past the optimum an iteration may begin. */
#ifndef SIMIA_TIMEMAN_H
#define SIMIA_TIMEMAN_H

#include "search_limits.h"

/* Milliseconds on a monotonic clock. */
int64_t timeman_now_ms(void);

typedef struct {
    int64_t optimum, maximum; /* ms after the clock started; -1 = no limit */
} TimeBudget;

/* The budget of a search with limits l for player me (whose clock it is), each move
 * paying move_overhead ms that the search does not see; ms counted from when the clock
 * starts. */
TimeBudget timeman_budget(const SearchLimits *l, int me, int64_t move_overhead);
/* How far past the optimum an iteration may still begin, in percent of the optimum:
 * more when the best move keeps changing or the score falls, less when all is calm. */
int timeman_scale(int best_move_changes, Score score_drop);

#endif
