/* threads.c — owns the search threads and the one stop flag: a persistent pool of
 * pthreads that sleep between searches, wake together for each job, and of which thread 0
 * ends the search, chooses the move and reports it. */
#include "threads.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "history.h"
#include "search_internal.h"
#include "timeman.h"
#include "yield.h"

/* Room for the deepest recursion (a move list per ply) whatever the platform's default. */
#define THREAD_STACK_BYTES ((size_t)16 << 20)

typedef struct {
    ThreadPool *pool;
    pthread_t thread;
    SearchThread *st;
    uint64_t seen; /* the last job this worker took */
    bool quit;
} Worker;

struct ThreadPool {
    int history_size; /* what the threads' tables are sized for (pool_fit_game) */
    TT *tt;
    pthread_mutex_t lock;
    pthread_cond_t wake; /* workers wait here for a job */
    pthread_cond_t done; /* everything else: search end, stop, ponderhit, helpers idle */
    int n;
    Worker **workers;
    SearchThread **sts;
    uint64_t job_id;
    bool running;     /* from pool_start until bestmove has been reported */
    int helpers_busy; /* helper threads still searching the current job */
    uint64_t last_nodes; /* total of the last finished search */
    /* The score of the move the last search of this game played and the player it played
     * for (the time manager's fall since that player's last move: one process may play both
     * sides); forgotten by pool_clear. */
    bool has_last_score;
    Score last_score;
    int last_player;
    atomic_bool stop, pondering;
    _Atomic int64_t clock_start;
    SearchJob job;
    SearchShared sh;
    Key *history; /* the job's history keys, copied at its start */
    int history_cap;
    KeyCounts history_counts;
};

/* Thread 0: searches, waits while an infinite or ponder search must not end yet, stops
 * the helpers, chooses the move among all threads' results and reports it. */
static void main_search(ThreadPool *p) {
    search_iterate(p->sts[0]);
    pthread_mutex_lock(&p->lock);
    while ((p->job.limits.infinite || atomic_load(&p->pondering)) && !atomic_load(&p->stop))
#ifdef SIMIA_NO_THREADS
        if (!pool_yield(true)) break; /* no stop can ever come: the search ends now */
#else
        pthread_cond_wait(&p->done, &p->lock);
#endif
    atomic_store(&p->stop, true);
    while (p->helpers_busy > 0) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);

    Move best, ponder;
    SearchThread *chosen = search_pick_best(&p->sh);
    search_finish(&p->sh, chosen, &best, &ponder);
    if (p->job.report.bestmove)
        p->job.report.bestmove(p->job.report.ctx, &p->job.root, best,
                               p->job.ponder_enabled ? ponder : MOVE_NONE);
    pthread_mutex_lock(&p->lock);
    p->last_nodes = search_total_nodes(&p->sh);
    p->has_last_score = chosen->n_root > 0 && chosen->completed_depth > 0;
    if (p->has_last_score) p->last_score = chosen->root[0].score;
    p->last_player = p->job.game->player_to_move(&p->job.root);
    p->running = false;
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    ThreadPool *p = w->pool;
    for (;;) {
        pthread_mutex_lock(&p->lock);
        while (!w->quit && p->job_id == w->seen) pthread_cond_wait(&p->wake, &p->lock);
        if (w->quit) {
            pthread_mutex_unlock(&p->lock);
            return NULL;
        }
        w->seen = p->job_id;
        bool idle = w->st->id >= p->sh.n_threads; /* a job for fewer threads than the pool's */
        pthread_mutex_unlock(&p->lock);
        if (idle) continue;
        if (w->st->id == 0) {
            main_search(p);
        } else {
            search_iterate(w->st);
            pthread_mutex_lock(&p->lock);
            p->helpers_busy--;
            pthread_cond_broadcast(&p->done);
            pthread_mutex_unlock(&p->lock);
        }
    }
}

static Worker *worker_new(ThreadPool *p, int id) {
    Worker *w = calloc(1, sizeof *w);
    if (!w) return NULL;
    w->pool = p;
    w->seen = p->job_id;
    w->st = search_thread_new(p->history_size, id);
    if (!w->st) {
        free(w);
        return NULL;
    }
#ifndef SIMIA_NO_THREADS
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setstacksize(&attr, THREAD_STACK_BYTES);
    int rc = pthread_create(&w->thread, &attr, worker_main, w);
    pthread_attr_destroy(&attr);
    if (rc) {
        search_thread_free(w->st);
        free(w);
        return NULL;
    }
#else
    (void)worker_main;
#endif
    return w;
}

static void worker_end(ThreadPool *p, Worker *w) {
    pthread_mutex_lock(&p->lock);
    w->quit = true;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
#ifndef SIMIA_NO_THREADS
    pthread_join(w->thread, NULL);
#endif
    search_thread_free(w->st);
    free(w);
}

ThreadPool *pool_create(const GameOps *g, struct TT *tt) {
    ThreadPool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    p->history_size = g->history_size;
    p->tt = tt;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->wake, NULL);
    pthread_cond_init(&p->done, NULL);
    atomic_init(&p->stop, false);
    atomic_init(&p->pondering, false);
    atomic_init(&p->clock_start, 0);
    keycounts_init(&p->history_counts);
    char err[ERR_STR_MAX];
    if (!pool_set_threads(p, 1, err)) {
        pool_destroy(p);
        return NULL;
    }
    return p;
}

void pool_destroy(ThreadPool *p) {
    if (!p) return;
    pool_stop(p);
    pool_wait(p);
    for (int i = p->n - 1; i >= 0; i--) worker_end(p, p->workers[i]);
    free(p->workers);
    free(p->sts);
    free(p->history);
    keycounts_free(&p->history_counts);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->wake);
    pthread_cond_destroy(&p->done);
    free(p);
}

bool pool_set_threads(ThreadPool *p, int n, char *err) {
    if (n < 1 || n > THREADS_MAX) {
        snprintf(err, ERR_STR_MAX, "Threads must be 1 to %d, not %d", THREADS_MAX, n);
        return false;
    }
    if (pool_busy(p)) {
        snprintf(err, ERR_STR_MAX, "Threads cannot change during a search (send stop first); it stays %d", p->n);
        return false;
    }
#ifdef SIMIA_NO_THREADS
    if (n > 1) {
        snprintf(err, ERR_STR_MAX, "this build has no threads (WebAssembly): Threads stays 1");
        return false;
    }
#endif
    if (n == p->n) return true;
    Worker **ws = calloc((size_t)n, sizeof *ws);
    SearchThread **sts = calloc((size_t)n, sizeof *sts);
    if (!ws || !sts) {
        free(ws), free(sts);
        snprintf(err, ERR_STR_MAX, "out of memory for %d threads; Threads stays %d", n, p->n);
        return false;
    }
    size_t keep = (size_t)(n < p->n ? n : p->n), made = keep;
    for (size_t i = 0; i < keep; i++) ws[i] = p->workers[i];
    while (made < (size_t)n && (ws[made] = worker_new(p, (int)made)) != NULL) made++;
    if (made < (size_t)n) {
        snprintf(err, ERR_STR_MAX, "could not start thread %zu of %d; Threads stays %d", made + 1, n, p->n);
        while (made > keep) worker_end(p, ws[--made]);
        free(ws), free(sts);
        return false;
    }
    for (int i = n; i < p->n; i++) worker_end(p, p->workers[i]);
    for (int i = 0; i < n; i++) sts[i] = ws[i]->st;
    free(p->workers);
    free(p->sts);
    p->workers = ws;
    p->sts = sts;
    p->n = n;
    return true;
}

int pool_threads(const ThreadPool *p) { return p->n; }

bool pool_last_score(const ThreadPool *p, int player, Score *score) {
    if (!p->has_last_score || p->last_player != player) return false;
    *score = p->last_score;
    return true;
}

void pool_clear(ThreadPool *p) {
    for (int i = 0; i < p->n; i++) search_thread_clear(p->sts[i]);
    p->has_last_score = false;
}

bool pool_fit_game(ThreadPool *p, const GameOps *g, char *err) {
    if (pool_busy(p)) {
        snprintf(err, ERR_STR_MAX, "the game cannot change during a search (send stop first)");
        return false;
    }
    for (int i = 0; i < p->n; i++)
        if (!search_thread_resize(p->sts[i], g->history_size)) {
            while (i-- > 0) search_thread_resize(p->sts[i], p->history_size); /* smaller or equal: fits */
            snprintf(err, ERR_STR_MAX, "out of memory for the search tables of %s", g->name);
            return false;
        }
    p->history_size = g->history_size;
    return true;
}

/* The job's history, the pool's own copy (the caller may change its position meanwhile),
 * and the count of each key for the search's lookups. */
static bool copy_history(ThreadPool *p, const SearchJob *job) {
    keycounts_clear(&p->history_counts);
    p->job.history = NULL;
    if (!job->repetition || job->n_history <= 0) {
        p->job.n_history = 0;
        return true;
    }
    if (job->n_history > p->history_cap) {
        Key *k = realloc(p->history, sizeof *k * (size_t)job->n_history);
        if (!k) return false;
        p->history = k, p->history_cap = job->n_history;
    }
    memcpy(p->history, job->history, sizeof *p->history * (size_t)job->n_history);
    for (int i = 0; i < job->n_history; i++)
        if (!keycounts_add(&p->history_counts, p->history[i])) return false;
    p->job.history = p->history;
    return true;
}

bool pool_start(ThreadPool *p, const SearchJob *job) {
    pthread_mutex_lock(&p->lock);
    /* A job of a game the tables were not sized for would index past them. */
    if (p->running || job->game->history_size != p->history_size) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    p->job = *job;
    if (!copy_history(p, job)) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    tt_new_search(p->tt);
    /* The clock runs from the arrival of the go, if the caller knows it: on a loaded
     * machine waking the threads takes time the arena counts. */
    int64_t now = timeman_now_ms();
    if (job->limits.start_ms > 0 && job->limits.start_ms <= now) now = job->limits.start_ms;
    atomic_store(&p->stop, false);
    atomic_store(&p->pondering, job->limits.ponder);
    atomic_store(&p->clock_start, now);
    int n = job->threads > 0 && job->threads < p->n ? job->threads : p->n;
    Score last = 0;
    bool has_last = pool_last_score(p, job->game->player_to_move(&job->root), &last);
    p->sh = (SearchShared){
        .job = &p->job,
        .tt = p->tt,
        .stop = &p->stop,
        .pondering = &p->pondering,
        .clock_start = &p->clock_start,
        .go_start = now,
        .threads = p->sts,
        .n_threads = n,
        .budget = timeman_budget(&p->job.limits, job->game->player_to_move(&job->root), job->move_overhead,
                                 &p->job.params),
        .history = p->job.repetition ? &p->history_counts : NULL,
        .has_last_score = has_last,
        .last_score = last,
    };
    /* Counters start at zero before any thread runs: thread 0 sums them all (for info and
     * the node limit) while helpers may still be waking up. */
    for (int i = 0; i < p->n; i++) {
        p->sts[i]->sh = &p->sh;
        atomic_store_explicit(&p->sts[i]->nodes, 0, memory_order_relaxed);
    }
    p->running = true;
    p->helpers_busy = n - 1;
    p->job_id++;
    pthread_cond_broadcast(&p->wake);
    pthread_mutex_unlock(&p->lock);
#ifdef SIMIA_NO_THREADS
    main_search(p); /* no threads: thread 0's search runs here, to its bestmove */
#endif
    return true;
}

void pool_stop(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    if (p->running) atomic_store(&p->stop, true);
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
}

/* The search now plays on its own clock, counted from the go as the field counts it: the
 * time pondered was spent on this move, so a search that had already found it had searched
 * enough (thread 0 said so in ponder_stop) ends at once, and the maximum, counted from the
 * go, stays within what the clock allows. */
void pool_ponderhit(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    if (p->running && atomic_load(&p->pondering)) {
        atomic_store(&p->pondering, false);
        if (atomic_load(&p->sh.ponder_stop)) atomic_store(&p->stop, true);
    }
    pthread_cond_broadcast(&p->done);
    pthread_mutex_unlock(&p->lock);
}

void pool_wait(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    while (p->running) pthread_cond_wait(&p->done, &p->lock);
    pthread_mutex_unlock(&p->lock);
}

uint64_t pool_nodes(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    uint64_t n = p->running ? search_total_nodes(&p->sh) : p->last_nodes;
    pthread_mutex_unlock(&p->lock);
    return n;
}

bool pool_busy(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    bool r = p->running;
    pthread_mutex_unlock(&p->lock);
    return r;
}
