/* threads.h — the search threads and the one stop flag: a persistent pool of sleeping
 * threads that all search each job (Lazy SMP), and the one place a search ends. */
#ifndef SIMIA_THREADS_H
#define SIMIA_THREADS_H

#include "search.h"

#define THREADS_MAX 1024

typedef struct ThreadPool ThreadPool;
struct TT;

/* A pool of one thread, its tables sized for game g, searching with the table tt (owned
 * by the caller). The pool keeps no game: each job says which game it searches. */
ThreadPool *pool_create(const GameOps *g, struct TT *tt);
void pool_destroy(ThreadPool *p);
/* Grows or shrinks the pool to n threads; refused (false, err) while a search runs or
 * when threads cannot be made (the pool then keeps its size). */
bool pool_set_threads(ThreadPool *p, int n, char *err);
int pool_threads(const ThreadPool *p);
/* Forgets what the threads learned (histories): a new game. Only while idle. */
void pool_clear(ThreadPool *p);
/* The threads' tables sized for game g and cleared, for the jobs of g from now on.
 * Refused (false, err) during a search or without memory; the tables then stay as they were. */
bool pool_fit_game(ThreadPool *p, const GameOps *g, char *err);
/* Starts the job (of the game the pool was last fitted to); false if a search is already
 * running. */
bool pool_start(ThreadPool *p, const SearchJob *job);
void pool_stop(ThreadPool *p);
void pool_ponderhit(ThreadPool *p);
void pool_wait(ThreadPool *p);
bool pool_busy(ThreadPool *p);
/* The score the last search of this game played its move with, when that search was for
 * player (true; the time manager's fall since that player's last move), else false. */
bool pool_last_score(const ThreadPool *p, int player, Score *score);
/* Nodes of the running search so far, or of the last one (all threads). */
uint64_t pool_nodes(ThreadPool *p);

#endif
