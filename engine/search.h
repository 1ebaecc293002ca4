/* search.h — what a search is asked (limits) and how it reports (callbacks): the
 * vocabulary shared by the engine, the search threads and the protocol front end. */
#ifndef SIMIA_SEARCH_H
#define SIMIA_SEARCH_H

#include "game.h"

#define MAX_PLY 128
#define MAX_SEARCHMOVES 256

/* Limits of one `go`. Times in milliseconds; -1 = not given. Clocks are per player. */
typedef struct {
    int64_t time[2], inc[2]; /* [PLAYER_1], [PLAYER_2] */
    int movestogo;           /* 0 = not given */
    int64_t movetime;
    int depth;      /* 0 = no limit */
    uint64_t nodes; /* 0 = no limit */
    bool infinite;
    bool ponder;
    int n_searchmoves; /* 0 = all moves */
    Move searchmoves[MAX_SEARCHMOVES];
    /* When the `go` arrived (search_now_ms), so that the time a loaded machine takes to
     * start the search thread counts against the budget; 0 = when the search starts. */
    int64_t start_ms;
} SearchLimits;

void search_limits_init(SearchLimits *l);
/* Milliseconds on a monotonic clock: the one clock of limits and deadlines. */
int64_t search_now_ms(void);

typedef enum { BOUND_EXACT = 0, BOUND_LOWER = 1, BOUND_UPPER = 2 } Bound;

/* One line of search progress. Scores are for the player to move at the root; a score
 * beyond SCORE_WIN_MIN is a forced win (negative: loss) in SCORE_WIN - |score| plies. */
typedef struct {
    int depth, seldepth, multipv; /* multipv: 1-based line number */
    Score score;
    Bound bound;
    uint64_t nodes, nps;
    int64_t time_ms;
    int hashfull; /* permille */
    int pv_len;
    const Move *pv;
    const GamePos *root; /* to print the pv's moves */
} SearchInfo;

/* How a search reports. Called from search threads; each call is complete in itself
 * (the front end serialises its output). bestmove is called exactly once per go. */
typedef struct {
    void *ctx;
    void (*info)(void *ctx, const SearchInfo *info);
    void (*currmove)(void *ctx, const GamePos *root, Move m, int number, int depth);
    void (*message)(void *ctx, const char *text); /* for `info string` */
    void (*bestmove)(void *ctx, const GamePos *root, Move best, Move ponder);
} SearchReport;

#endif
