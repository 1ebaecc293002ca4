/* threads.h — the search threads and the one stop flag: a persistent pool of sleeping
 * threads that all search each job (Lazy SMP), and the one place a search ends. */
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
} SearchJob;

#define THREADS_MAX 1024

typedef struct ThreadPool ThreadPool;
struct TT;

/* A pool of one thread searching game g with the table tt (owned by the caller). */
ThreadPool *pool_create(const GameOps *g, struct TT *tt);
void pool_destroy(ThreadPool *p);
/* Grows or shrinks the pool to n threads; refused (false, err) while a search runs or
 * when threads cannot be made (the pool then keeps its size). */
bool pool_set_threads(ThreadPool *p, int n, char *err);
int pool_threads(const ThreadPool *p);
/* Forgets what the threads learned (histories): a new game. Only while idle. */
void pool_clear(ThreadPool *p);
/* The threads search game g from now on (their tables sized for it, cleared). Refused
 * (false, err) during a search or without memory; the pool then keeps its game. */
bool pool_set_game(ThreadPool *p, const GameOps *g, char *err);
/* Starts the job; false if a search is already running. */
bool pool_start(ThreadPool *p, const SearchJob *job);
void pool_stop(ThreadPool *p);
void pool_ponderhit(ThreadPool *p);
void pool_wait(ThreadPool *p);
bool pool_busy(ThreadPool *p);
/* Nodes of the running search so far, or of the last one (all threads). */
uint64_t pool_nodes(ThreadPool *p);

#endif
