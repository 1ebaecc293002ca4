/* search_internal.h — state of one search thread, shared by search.c and threads.c only. */
#ifndef SIMIA_SEARCH_INTERNAL_H
#define SIMIA_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "threads.h"

typedef struct {
    const SearchJob *job;
    atomic_bool *stop;      /* the pool's stop flag */
    atomic_bool *pondering; /* while set, the clock does not run */
    GamePos pos;
    uint64_t nodes;
    int seldepth;
    bool stopped;
    int64_t start, deadline; /* ms; deadline -1 = none */
    Move best_root, best_ponder;
} SearchState;

int64_t search_deadline(const SearchJob *job, int64_t start);
void search_run(SearchState *s);

#endif
