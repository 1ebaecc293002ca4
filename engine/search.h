/* search.h — the search's public side: the job it is given (position, limits, options)
 * and how it reports (info lines, bestmove), as the engine, the pool and front ends see it. */
#ifndef SIMIA_SEARCH_H
#define SIMIA_SEARCH_H

#include "game.h"
#include "search_limits.h"
#include "tt.h"

#define MAX_PLY 128
#define MAX_MULTIPV 256

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

/* Everything one search needs, copied at `go` so the caller may move on. The game is the
 * engine's (engine.h holds the current game); the job only says which one to search. */
typedef struct {
    const GameOps *game;
    GamePos root;
    SearchLimits limits;
    SearchReport report;
    int multipv;
    int threads; /* at most this many of the pool's threads search (0: all of them) */
    int64_t move_overhead;
    bool ponder_enabled; /* the Ponder option: bestmove may carry a ponder move */
    /* Repetition: when set, a position met for the third time in the game (the second
     * time within the search) ends it as the game's rules say. history holds the keys of
     * the game's positions before the root that the root may repeat, oldest first (copied
     * at the start of the search). */
    bool repetition;
    const Key *history;
    int n_history;
    /* The learned evaluation's net when Use NNUE is on and the game has one, else NULL
     * (the game's own evaluate); the engine keeps it alive through the search. */
    const struct NnueNet *net;
    /* Every constant of the search and the clock: the game's table (engine/params.h). */
    SearchParams params;
} SearchJob;

#endif
