/* search.c — the search: iterative deepening alpha-beta over the game contract, reporting
 * through callbacks. (First version: plain negamax; the full search replaces it.) */
#include "search_internal.h"

#include <string.h>
#include <time.h>

void search_limits_init(SearchLimits *l) {
    memset(l, 0, sizeof *l);
    l->time[0] = l->time[1] = l->inc[0] = l->inc[1] = l->movetime = -1;
}

int64_t search_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static bool out_of_time(SearchState *s) {
    if (atomic_load_explicit(s->stop, memory_order_relaxed)) return true;
    if (s->job->limits.nodes && s->nodes >= s->job->limits.nodes) return true;
    if ((s->nodes & 1023) == 0 && s->deadline >= 0 && search_now_ms() >= s->deadline &&
        !atomic_load_explicit(s->pondering, memory_order_relaxed))
        return true;
    return false;
}

static Score negamax(SearchState *s, int depth, int ply, Score alpha, Score beta, Move *pv, int *pv_len) {
    const GameOps *g = s->job->game;
    *pv_len = 0;
    if (ply > s->seldepth) s->seldepth = ply;
    Outcome o = g->terminal(&s->pos);
    if (o == OUTCOME_LOSS) return -SCORE_WIN + ply;
    if (o == OUTCOME_WIN) return SCORE_WIN - ply;
    if (o == OUTCOME_DRAW) return SCORE_DRAW;
    Move list[MAX_MOVES];
    int n = g->gen_moves(&s->pos, list, GEN_ALL);
    if (n == 0) {
        o = g->no_moves_outcome(&s->pos);
        return o == OUTCOME_LOSS ? -SCORE_WIN + ply : o == OUTCOME_WIN ? SCORE_WIN - ply : SCORE_DRAW;
    }
    if (depth <= 0 || ply >= MAX_PLY - 1) return g->evaluate(&s->pos);
    if (ply == 0 && s->job->limits.n_searchmoves) {
        int k = 0;
        for (int i = 0; i < n; i++)
            for (int j = 0; j < s->job->limits.n_searchmoves; j++)
                if (list[i] == s->job->limits.searchmoves[j]) list[k++] = list[i];
        n = k;
    }
    if (ply == 0 && s->best_root != MOVE_NONE)
        for (int i = 1; i < n; i++)
            if (list[i] == s->best_root) list[i] = list[0], list[0] = s->best_root;
    Score best = -SCORE_INF;
    Move child_pv[MAX_PLY];
    for (int i = 0; i < n; i++) {
        GameUndo u;
        int child_len;
        g->make(&s->pos, list[i], &u);
        s->nodes++;
        Score sc = -negamax(s, depth - 1, ply + 1, -beta, -alpha, child_pv, &child_len);
        g->unmake(&s->pos, list[i], &u);
        if (s->stopped || (s->stopped = out_of_time(s))) return best > -SCORE_INF ? best : 0;
        if (sc > best) {
            best = sc;
            pv[0] = list[i];
            memcpy(pv + 1, child_pv, sizeof(Move) * (size_t)child_len);
            *pv_len = child_len + 1;
            if (sc > alpha) alpha = sc;
            if (alpha >= beta) break;
        }
    }
    return best;
}

void search_run(SearchState *s) {
    const SearchJob *job = s->job;
    s->pos = job->root;
    s->start = job->limits.start_ms > 0 ? job->limits.start_ms : search_now_ms();
    s->deadline = search_deadline(job, s->start);
    Move pv[MAX_PLY];
    int pv_len = 0, max_depth = job->limits.depth > 0 ? job->limits.depth : MAX_PLY - 1;
    Move list[MAX_MOVES];
    int n = job->game->gen_moves(&s->pos, list, GEN_ALL);
    s->best_root = n ? list[0] : MOVE_NONE;
    for (int d = 1; d <= max_depth && !s->stopped; d++) {
        s->seldepth = 0;
        Score sc = negamax(s, d, 0, -SCORE_INF, SCORE_INF, pv, &pv_len);
        if (s->stopped && d > 1) break;
        if (pv_len) s->best_root = pv[0], s->best_ponder = pv_len > 1 ? pv[1] : MOVE_NONE;
        if (job->report.info) {
            int64_t t = search_now_ms() - s->start;
            SearchInfo info = {.depth = d, .seldepth = s->seldepth, .multipv = 1, .score = sc,
                               .bound = BOUND_EXACT, .nodes = s->nodes,
                               .nps = (uint64_t)(s->nodes * 1000 / (uint64_t)(t > 0 ? t : 1)),
                               .time_ms = t, .pv_len = pv_len, .pv = pv, .root = &job->root};
            job->report.info(job->report.ctx, &info);
        }
        if (sc > SCORE_WIN_MIN || sc < -SCORE_WIN_MIN) break;
    }
}
