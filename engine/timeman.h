/* timeman.h — the one clock of limits and deadlines, and how long a move may take: the
 * budget of a search from its limits, and when a finished iteration is enough. */
#ifndef SIMIA_TIMEMAN_H
#define SIMIA_TIMEMAN_H

#include "params.h"
#include "search_limits.h"

/* Milliseconds on a monotonic clock. */
int64_t timeman_now_ms(void);

typedef struct {
    int64_t optimum, maximum; /* ms after the clock started; -1 = no limit */
} TimeBudget;

/* The budget of a search with limits l for player me (whose clock it is): move_overhead ms
 * (what the arena counts that the search does not see) paid once, P's clock parameters. */
TimeBudget timeman_budget(const SearchLimits *l, int me, int64_t move_overhead, const SearchParams *P);

/* What thread 0 knows after an iteration, for timeman_soft. */
typedef struct {
    int changes_x100; /* best-move changes per thread, x100, decaying by half an iteration */
    Score fall;       /* how far the score fell: since the last move's search plus since the
                         last iteration (negative: it rose) */
    int effort_pct;   /* the share of the nodes spent on the best move, in percent */
} TimeState;

/* The time after which no new iteration begins, in ms: the optimum scaled by the best
 * move's stability, the score's fall and the share of the nodes on the best move. */
int64_t timeman_soft(const TimeBudget *b, const TimeState *s, const SearchParams *P);

#endif
