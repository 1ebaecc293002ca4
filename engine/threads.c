/* threads.c — owns the search thread and the one stop flag. (First version: one thread
 * started per search; the persistent pool replaces it.) */
#include "threads.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "search_internal.h"

struct ThreadPool {
    pthread_mutex_t lock;
    pthread_cond_t cond;
    pthread_t thread;
    bool running, joinable;
    atomic_bool stop, pondering;
    SearchJob job;
};

ThreadPool *pool_create(void) {
    ThreadPool *p = calloc(1, sizeof *p);
    if (!p) return NULL;
    pthread_mutex_init(&p->lock, NULL);
    pthread_cond_init(&p->cond, NULL);
    atomic_init(&p->stop, false);
    atomic_init(&p->pondering, false);
    return p;
}

void pool_destroy(ThreadPool *p) {
    if (!p) return;
    pool_stop(p);
    pool_wait(p);
    pthread_mutex_destroy(&p->lock);
    pthread_cond_destroy(&p->cond);
    free(p);
}

static void *search_thread(void *arg) {
    ThreadPool *p = arg;
    SearchState *s = calloc(1, sizeof *s);
    Move best = MOVE_NONE, ponder = MOVE_NONE;
    if (s) {
        s->job = &p->job;
        s->stop = &p->stop;
        s->pondering = &p->pondering;
        search_run(s);
        best = s->best_root;
        ponder = s->best_ponder;
        free(s);
    }
    /* In infinite and ponder mode bestmove waits for stop (or ponderhit, then the clock). */
    pthread_mutex_lock(&p->lock);
    while ((p->job.limits.infinite || atomic_load(&p->pondering)) && !atomic_load(&p->stop))
        pthread_cond_wait(&p->cond, &p->lock);
    pthread_mutex_unlock(&p->lock);
    if (p->job.report.bestmove)
        p->job.report.bestmove(p->job.report.ctx, &p->job.root, best,
                               p->job.ponder_enabled ? ponder : MOVE_NONE);
    pthread_mutex_lock(&p->lock);
    p->running = false;
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
    return NULL;
}

bool pool_start(ThreadPool *p, const SearchJob *job) {
    pthread_mutex_lock(&p->lock);
    if (p->running) {
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    if (p->joinable) pthread_join(p->thread, NULL), p->joinable = false;
    p->job = *job;
    atomic_store(&p->stop, false);
    atomic_store(&p->pondering, job->limits.ponder);
    p->running = true;
    if (pthread_create(&p->thread, NULL, search_thread, p)) {
        p->running = false;
        pthread_mutex_unlock(&p->lock);
        return false;
    }
    p->joinable = true;
    pthread_mutex_unlock(&p->lock);
    return true;
}

void pool_stop(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->stop, true);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
}

void pool_ponderhit(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    atomic_store(&p->pondering, false);
    pthread_cond_broadcast(&p->cond);
    pthread_mutex_unlock(&p->lock);
}

void pool_wait(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    while (p->running) pthread_cond_wait(&p->cond, &p->lock);
    if (p->joinable) pthread_join(p->thread, NULL), p->joinable = false;
    pthread_mutex_unlock(&p->lock);
}

bool pool_busy(ThreadPool *p) {
    pthread_mutex_lock(&p->lock);
    bool r = p->running;
    pthread_mutex_unlock(&p->lock);
    return r;
}
