/* search_limits.h — what one `go` asks of a search: clocks, increments, moves to go, a
 * fixed time, depth, node or mate limit, infinite or ponder, and the root moves to consider. */
#ifndef SIMIA_SEARCH_LIMITS_H
#define SIMIA_SEARCH_LIMITS_H

#include <string.h>

#include "types.h"

#define MAX_SEARCHMOVES 256

/* Limits of one `go`. Times in milliseconds; -1 = not given. Clocks are per player. */
typedef struct {
    int64_t time[2], inc[2]; /* [PLAYER_1], [PLAYER_2] */
    int movestogo;           /* 0 = not given */
    int64_t movetime;
    int depth;      /* 0 = no limit */
    uint64_t nodes; /* 0 = no limit */
    /* The node limit waits for the first iteration to end (every line of it): a strength
     * level's few nodes would otherwise end a search of a wide root before any line is whole,
     * and play the best of the moves it happened to reach. */
    bool nodes_after_first;
    /* `go mate N`: a forced win within N moves of the player to move (2N - 1 plies) ends the
     * search at once; 0 = not given. */
    int mate;
    bool infinite;
    bool ponder;
    int n_searchmoves; /* 0 = all moves */
    Move searchmoves[MAX_SEARCHMOVES];
    /* When the `go` arrived (timeman_now_ms), so that the time a loaded machine takes to
     * start the search thread counts against the budget; 0 = when the search starts. */
    int64_t start_ms;
} SearchLimits;

/* No limit at all: no clocks, no fixed time, depth or nodes (search until stopped). */
static inline void search_limits_init(SearchLimits *l) {
    memset(l, 0, sizeof *l);
    l->time[0] = l->time[1] = l->inc[0] = l->inc[1] = l->movetime = -1;
}

#endif
