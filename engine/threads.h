/* threads.h — the search threads and the one stop flag: starting a search job in the
 * background, stopping it, waiting for it. */
#ifndef SIMIA_THREADS_H
#define SIMIA_THREADS_H

#include "search.h"

/* Everything a search needs, copied at `go` so the caller may move on. */
typedef struct {
    const GameOps *game;
    GamePos root;
    SearchLimits limits;
    SearchReport report;
    int multipv;
    int64_t move_overhead;
    bool ponder_enabled; /* the Ponder option: bestmove may carry a ponder move */
} SearchJob;

typedef struct ThreadPool ThreadPool;

ThreadPool *pool_create(void);
void pool_destroy(ThreadPool *p);
/* Starts the job; false if a search is already running. */
bool pool_start(ThreadPool *p, const SearchJob *job);
void pool_stop(ThreadPool *p);
void pool_ponderhit(ThreadPool *p);
void pool_wait(ThreadPool *p);
bool pool_busy(ThreadPool *p);

#endif
