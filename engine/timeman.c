/* timeman.c — how long a move may take: from the clock, increment and moves to go, less
 * the move overhead; never more than a small share of what remains. */
#include "search_internal.h"

int64_t search_deadline(const SearchJob *job, int64_t start) {
    const SearchLimits *l = &job->limits;
    if (l->infinite) return -1;
    if (l->movetime >= 0) {
        int64_t t = l->movetime - job->move_overhead;
        return start + (t > 1 ? t : 1);
    }
    int me = job->game->player_to_move(&job->root);
    if (l->time[me] < 0) return -1;
    int64_t left = l->time[me] - job->move_overhead, inc = l->inc[me] > 0 ? l->inc[me] : 0;
    if (left < 1) left = 1;
    int mtg = l->movestogo > 0 ? l->movestogo : 30;
    int64_t t = left / mtg + inc * 3 / 4;
    if (t > left / 4) t = left / 4;
    return start + (t > 1 ? t : 1);
}
