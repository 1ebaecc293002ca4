/* search.c — the search of one thread over the game contract: iterative deepening with
 * aspiration windows and MultiPV at the root, principal variation search with a
 * transposition table below it, and a quiescence search over noisy moves. */
#include "search_internal.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "evalcheck.h"
#include "movepick.h"
#include "prune.h"
#include "nnue/nnue.h"
#include "prng.h"
#include "yield.h"

/* ---- read-only tables ---- */

/* Near the no-progress end the same position scores differently by its counter: the
 * table's key then includes the plies left (each value its own key), so that a score
 * found with the end in sight is not reused far from it, nor the other way round. */
#define PROGRESS_FOLD 64
static Key progress_fold[PROGRESS_FOLD];
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;

/* 256 * log2(n) for n >= 1, by the position of the top bit and a linear mantissa. */
static int log2_q8(int n) {
    int top = 31 - __builtin_clz((unsigned)n);
    return top * 256 + (((n << 8) >> top) - 256);
}

static void init_tables(void) {
    Prng rng = {0x50524F4752455353ULL}; /* "PROGRESS" */
    for (int i = 0; i < PROGRESS_FOLD; i++) progress_fold[i] = prng_next(&rng);
}

/* Late-move reductions from an integer approximation of log2(depth) * log2(moves), so that
 * every build reduces exactly alike: LmrBase/100 + log2 d * log2 m / (LmrDiv/100), in
 * 48ths before the floor (the defaults 50 and 225 are the table the search was measured
 * with). Made again only when a search's parameters differ from the last. */
static void init_lmr(SearchThread *t, const SearchParams *P) {
    if (t->lmr_made && t->lmr_base == P->lmr_base && t->lmr_div == P->lmr_div) return;
    int64_t div = (int64_t)65536 * P->lmr_div / 100, base = (int64_t)P->lmr_base * 48 / 100;
    for (int d = 0; d < 64; d++)
        for (int m = 0; m < 64; m++) {
            int64_t v = d && m ? (int64_t)log2_q8(d) * log2_q8(m) * 48 / div + base : 0;
            t->lmr[d][m] = (uint8_t)(v <= 0 ? 0 : v / 48 > 63 ? 63 : v / 48);
        }
    t->lmr_made = true, t->lmr_base = P->lmr_base, t->lmr_div = P->lmr_div;
}

/* ---- thread state ---- */

SearchThread *search_thread_new(int history_size, int id) {
    pthread_once(&tables_once, init_tables);
    SearchThread *t = calloc(1, sizeof *t);
    if (!t) return NULL;
    t->id = id;
    t->history_size = history_size;
    t->history = calloc((size_t)history_size * 2, sizeof *t->history);
    t->counter = calloc((size_t)history_size, sizeof *t->counter);
    t->nnue = nnue_acc_new(NNUE_KERNEL_BEST);
    t->evals = aligned_alloc(64, sizeof *t->evals);
    if (!t->history || !t->counter || !t->nnue || !t->evals) {
        search_thread_free(t);
        return NULL;
    }
    atomic_init(&t->nodes, 0);
    return t;
}

bool search_thread_resize(SearchThread *t, int history_size) {
    int16_t *history = calloc((size_t)history_size * 2, sizeof *history);
    Move *counter = calloc((size_t)history_size, sizeof *counter);
    if (!history || !counter) {
        free(history), free(counter);
        return false;
    }
    free(t->history), free(t->counter);
    t->history = history, t->counter = counter;
    t->history_size = history_size;
    return true;
}

void search_thread_free(SearchThread *t) {
    if (!t) return;
    free(t->cont);
    free(t->corr);
    free(t->history);
    free(t->counter);
    nnue_acc_free(t->nnue);
    free(t->evals);
    free(t->root);
    free(t);
}

void search_thread_clear(SearchThread *t) {
    memset(t->history, 0, (size_t)t->history_size * 2 * sizeof *t->history);
    memset(t->counter, 0, (size_t)t->history_size * sizeof *t->counter);
    if (t->cont) memset(t->cont, 0, (size_t)t->cont_n * (size_t)t->cont_n * sizeof *t->cont);
    if (t->corr) memset(t->corr, 0, (size_t)t->cont_n * 2 * sizeof *t->corr);
}

/* The continuation table for game g's moves, when its search uses one: made when the game's
 * size changes (cleared then; a new game clears it with the rest). Without memory the
 * search goes on without it. */
static void fit_cont(SearchThread *t, const GameOps *g, const SearchParams *P) {
    int n = (P->cont_hist || P->corr_hist) && g->cont_size > 0 ? 2 * g->cont_size : 0;
    bool cont = n && P->cont_hist, corr = n && P->corr_hist;
    if (n == t->cont_n && (t->cont != NULL) == cont && (t->corr != NULL) == corr) return;
    free(t->cont), free(t->corr);
    t->cont = cont ? calloc((size_t)n * (size_t)n, sizeof *t->cont) : NULL;
    t->corr = corr ? calloc((size_t)n * 2, sizeof *t->corr) : NULL;
    t->cont_n = t->cont || t->corr ? n : 0; /* the moves' rows: what either table is read by */
}

/* Correction history: errors are kept x CORR_GRAIN, at most CORR_MAX units either way, as a
 * running average whose newest weight grows with the depth that measured it (the field's
 * form: Stockfish, Berserk). */
enum { CORR_GRAIN = 16, CORR_MAX = 400 };

static inline int16_t *corr_entry(SearchThread *t, int ply, int me) {
    if (!t->corr || ply < 1) return NULL;
    int row = t->stack[ply - 1].cont_row;
    return row < 0 ? NULL : &t->corr[(size_t)me * (size_t)t->cont_n + (size_t)row];
}

static inline Score corrected(const SearchThread *t, const int16_t *e, Score raw) {
    if (!e) return raw;
    Score s = raw + *e * t->params->corr_hist / (100 * CORR_GRAIN);
    return s >= SCORE_WIN_MIN ? SCORE_WIN_MIN - 1 : s <= -SCORE_WIN_MIN ? -SCORE_WIN_MIN + 1 : s;
}

static inline void corr_update(int16_t *e, Score err, int depth) {
    int target = (err > CORR_MAX ? CORR_MAX : err < -CORR_MAX ? -CORR_MAX : err) * CORR_GRAIN;
    int w = depth + 1 > 16 ? 16 : depth + 1;
    *e = (int16_t)((*e * (256 - w) + target * w) / 256);
}

/* What a node's move picker reads of continuation history: the rows of the last two moves. */
static ContRows cont_rows(const SearchThread *t, int ply, int me) {
    ContRows c = {{NULL, NULL}, 0, 0};
    if (!t->cont) return c;
    c.col0 = me * (t->cont_n / 2);
    c.weight = t->params->cont_hist;
    for (int i = 0; i < 2 && i < ply; i++) {
        int row = t->stack[ply - 1 - i].cont_row;
        if (row < 0) break; /* a pass: the line before it was not played */
        c.row[i] = t->cont + (size_t)row * (size_t)t->cont_n;
    }
    return c;
}

/* The row of move m (from the position at ply, before it is made). */
static inline int cont_row_of(const SearchThread *t, Move m, int me) {
    return t->cont_n ? me * (t->cont_n / 2) + t->game->cont_index(&t->pos, m) : -1;
}

uint64_t search_total_nodes(const SearchShared *sh) {
    uint64_t n = 0;
    for (int i = 0; i < sh->n_threads; i++) n += atomic_load_explicit(&sh->threads[i]->nodes, memory_order_relaxed);
    return n;
}

static inline uint64_t my_nodes(const SearchThread *t) {
    return atomic_load_explicit(&t->nodes, memory_order_relaxed);
}
static inline void count_node(SearchThread *t) {
    atomic_store_explicit(&t->nodes, my_nodes(t) + 1, memory_order_relaxed);
}

/* ---- stopping ---- */

/* The maximum counts from the go, pondering included: the opponent's clock ran then, so
 * this never flags, and a ponderhit that comes late leaves little to spend. */
static bool time_up(const SearchThread *t) {
    const SearchShared *sh = t->sh;
    if (sh->budget.maximum < 0 || atomic_load(sh->pondering)) return false;
    return timeman_now_ms() - atomic_load(sh->clock_start) >= sh->budget.maximum;
}

/* Whether this thread must unwind now. The pool's flag stops every thread; thread 0 also
 * ends the search on its limits (nodes exactly with one thread, time every 1024 nodes). */
static inline bool must_stop(SearchThread *t) {
    if (t->stopped) return true;
    if (atomic_load_explicit(t->sh->stop, memory_order_relaxed)) return t->stopped = true;
    if (t->id == 0) {
        uint64_t n = my_nodes(t), limit = t->sh->job->limits.nodes;
        if (limit && (t->completed_depth > 0 || !t->sh->job->limits.nodes_after_first)) {
            if (t->sh->n_threads == 1 ? n >= limit : (n & 1023) == 0 && search_total_nodes(t->sh) >= limit)
                return t->stopped = true;
        }
#ifdef SIMIA_NO_THREADS
        /* No threads (the WebAssembly build, yield.h): the host lets a stop in here. */
        if ((n & 1023) == 0 && pool_yield(false) && atomic_load_explicit(t->sh->stop, memory_order_relaxed))
            return t->stopped = true;
#endif
        if ((n & 1023) == 0 && time_up(t)) return t->stopped = true;
    }
    return false;
}

/* ---- keys and repetitions ---- */

/* The table's key of position pos whose own key is k (see PROGRESS_FOLD). */
static inline Key pos_tt_key(const GameOps *g, const GamePos *pos, Key k) {
    if (!g->caps.no_progress) return k;
    int left = g->progress_left(pos);
    return left >= 0 && left < PROGRESS_FOLD ? k ^ progress_fold[left] : k;
}
static inline Key tt_key(const SearchThread *t, Key k) { return pos_tt_key(t->game, &t->pos, k); }

/* Whether the position at ply (key k, already in the stack) ends the game by repetition:
 * an earlier position of the search's own line (after the root) is the same, which counts
 * as a repetition since the player who allowed it once can allow it again; or the position
 * occurred twice already in the game (the root and the history before it included), so
 * that this is its third occurrence. The scan stops at the last pass of a null move (the
 * line before it was not played) and at the game's window. */
static bool repetition(const SearchThread *t, int ply, Key k) {
    const GameOps *g = t->game;
    int lim = g->caps.repeat_window ? ply - g->repeat_window(&t->pos) : 0;
    if (lim < 0) lim = 0;
    uint32_t seen = 0;
    int i = ply - 1;
    for (; i >= lim; i--) {
        if (t->stack[i].hist_index < 0) return false; /* the line below i began with a pass */
        if (t->stack[i].key == k) {
            if (i > 0) return true;
            seen++;
        }
    }
    if (i >= 0) return false; /* the window ends within the line */
    return seen + keycounts_get(t->sh->history, k) >= 2;
}

/* ---- scores ---- */

static inline Score outcome_score(Outcome o, int ply) {
    return o == OUTCOME_LOSS ? -SCORE_WIN + ply : o == OUTCOME_WIN ? SCORE_WIN - ply : SCORE_DRAW;
}

/* The static evaluation of the position of key k (the game's, already in the stack), the
 * net's or the game's, once per position of a search (a hit leaves the net's accumulators of
 * its ply uncomputed: the plies below update from above). */
static inline Score evaluate(const SearchThread *t, Key k) {
    Score s;
    if (evalcache_probe(t->evals, k, &s)) return EVALCHECKED(t->game, t->net, &t->pos, s, EVALCHECK_CACHE);
    s = t->net ? nnue_evaluate(t->nnue, t->net, t->game, &t->pos) : t->game->evaluate(&t->pos);
    s = s >= SCORE_WIN_MIN ? SCORE_WIN_MIN - 1 : s <= -SCORE_WIN_MIN ? -SCORE_WIN_MIN + 1 : s;
    evalcache_store(t->evals, k, s);
    return EVALCHECKED(t->game, t->net, &t->pos, s, EVALCHECK_FRESH);
}

/* Every move of the search goes through these: with a net and a game that says what its
 * moves change, the accumulators follow the line (one ply each way). */
_Static_assert(NNUE_PLIES > MAX_PLY + 1, "the accumulators hold the deepest line");
static inline void do_move(SearchThread *t, Move m, GameUndo *u) {
    if (t->nnue_line) nnue_acc_make(t->nnue, t->game, &t->pos, m, u);
    else t->game->make(&t->pos, m, u);
}
static inline void undo_move(SearchThread *t, Move m, const GameUndo *u) {
    t->game->unmake(&t->pos, m, u);
    if (t->nnue_line) nnue_acc_pop(t->nnue);
}

static inline int16_t *history_of(SearchThread *t, int player) {
    return t->history + (size_t)player * (size_t)t->history_size;
}

/* ---- quiescence ---- */

static Score search(SearchThread *t, Score alpha, Score beta, int depth, int ply, bool cut_node);
static Score qsearch(SearchThread *t, Score alpha, Score beta, int ply, int qply);

/* A child's score for the player moving here: negated when the turn passes to the other
 * player (always in two-player alternating games; not when a game gives a second move). */
static inline Score child_qs(SearchThread *t, bool same, Score a, Score b, int ply, int qply) {
    return same ? qsearch(t, a, b, ply, qply) : -qsearch(t, -b, -a, ply, qply);
}
static inline Score child(SearchThread *t, bool same, Score a, Score b, int depth, int ply, bool cut) {
    return same ? search(t, a, b, depth, ply, cut) : -search(t, -b, -a, depth, ply, cut);
}

/* The quiescence search's limits (engine/params.h): in check it tries every move for the first
 * QsEvasionPlies plies, deeper it may stand pat, where every move of a crowded board would
 * multiply the tree; even exchanges only for the first QsEvenPlies plies, deeper a capture
 * must win material (on a board full of guarded babies even trades in every order make a tree
 * no budget covers); it ends at QsMaxPlies, where both players could go on taking unguarded
 * pieces in many orders; and one search from a leaf spends at most QsNodeBudget nodes before
 * every further node stands pat (random crowded positions; a `go depth 1` must not take
 * minutes; normal positions stay far below it). A capture must be able to win back alpha -
 * stand pat - QsFutMargin. */
static Score qsearch(SearchThread *t, Score alpha, Score beta, int ply, int qply) {
    const GameOps *g = t->game;
    const SearchParams *P = t->params;
    GamePos *pos = &t->pos;
    SearchStack *ss = &t->stack[ply];
    if (ply > t->seldepth) t->seldepth = ply;
    if (must_stop(t)) return 0;
    Outcome o = g->terminal(pos);
    if (o != OUTCOME_ONGOING) return outcome_score(o, ply);
    ss->key = g->key(pos);
    ss->hist_index = 0;
    if (t->sh->history && repetition(t, ply, ss->key)) return outcome_score(g->repetition_outcome(pos), ply);
    if (ply >= MAX_PLY - 1) return evaluate(t, ss->key);
    if (g->caps.winning_move && g->winning_move(pos) != MOVE_NONE) return SCORE_WIN - ply - 1;

    bool in_check = qply < P->qs_evasion_plies && g->caps.in_check && g->in_check(pos);
    Score best = -SCORE_INF, old_alpha = alpha, eval = TT_EVAL_NONE;
    if (qply == 0) t->qs_start = my_nodes(t);
    if (!in_check) {
        best = eval = evaluate(t, ss->key);
        if (best >= beta || qply >= P->qs_max_plies || my_nodes(t) - t->qs_start > (uint64_t)P->qs_node_budget)
            return best;
        if (best > alpha) alpha = best;
    }
    /* The table is asked only now: a stand-pat cut needs no answer, and the evaluation
     * gave the prefetch issued after the move its time to arrive. Asking it first (a hit's
     * bound or kept evaluation sparing the net) was measured on 2026-11-27 and lost: every
     * game's bench took 7-38% more CPU time with the net, the cache misses of the probes a
     * stand-pat cut had skipped costing more than the evaluations they spared. */
    Key key = tt_key(t, ss->key);
    TTHit h;
    bool hit = tt_probe(t->sh->tt, key, ply, &h);
    /* With QsTtRules, an entry of the restricted plies does not answer for the plies that
     * try more (evasions, even exchanges). */
    bool full_rules = !P->qs_tt_rules || qply < P->qs_even_plies || qply < P->qs_evasion_plies;
    if (hit && (!full_rules || h.depth >= TT_DEPTH_QS) &&
        (h.bound == BOUND_EXACT || (h.bound == BOUND_LOWER && h.score >= beta) ||
         (h.bound == BOUND_UPPER && h.score <= alpha)))
        return h.score;
    int me = g->player_to_move(pos), legal = 0;
    Move best_move = MOVE_NONE, m;
    MovePicker mp;
    mp_init_qs(&mp, g, pos, hit ? h.move : MOVE_NONE, in_check, history_of(t, me));
    while ((m = mp_next(&mp, false)) != MOVE_NONE) {
        legal++;
        /* Exchanges that lose material are left to the main search, and so are those
         * that cannot lift the stand-pat score to alpha even with a margin. */
        if (!in_check && (g->caps.see || g->caps.qs_evasions_only)) {
            Score need = qs_capture_need(best, alpha, P->qs_fut_margin);
            if (qply >= P->qs_even_plies && need < 1) need = 1;
            if (g->caps.qs_evasions_only || !g->see_ge(pos, m, need)) continue;
        }
        GameUndo u;
        do_move(t, m, &u);
        count_node(t);
        tt_prefetch(t->sh->tt, tt_key(t, g->key(pos)));
        bool same = g->player_to_move(pos) == me;
        Score s = child_qs(t, same, alpha, beta, ply + 1, qply + 1);
        undo_move(t, m, &u);
        if (t->stopped) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                best_move = m;
                if (s >= beta) break;
                alpha = s;
            }
        }
    }
    if (in_check && legal == 0) return outcome_score(g->no_moves_outcome(pos), ply);
    Bound b = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    tt_store(t->sh->tt, key, ply, best_move, best, eval, full_rules ? TT_DEPTH_QS : TT_DEPTH_QS - 1, b);
    return best;
}

/* ---- main search ---- */

/* Pruning and reductions, each kept for a measured gain (see the README); their constants
 * are the game's parameters (engine/params.h), a depth limit of 0 turning one off. */
static Score search(SearchThread *t, Score alpha, Score beta, int depth, int ply, bool cut_node) {
    if (depth <= 0) return qsearch(t, alpha, beta, ply, 0);
    const GameOps *g = t->game;
    const SearchParams *P = t->params;
    GamePos *pos = &t->pos;
    const bool pv_node = beta - alpha > 1;
    SearchStack *ss = &t->stack[ply];
    t->pv_len[ply] = 0;
    if (ply > t->seldepth) t->seldepth = ply;
    if (must_stop(t)) return 0;
    Outcome o = g->terminal(pos);
    if (o != OUTCOME_ONGOING) return outcome_score(o, ply);
    ss->key = g->key(pos);
    if (t->sh->history && repetition(t, ply, ss->key)) return outcome_score(g->repetition_outcome(pos), ply);
    if (ply >= MAX_PLY - 1) return evaluate(t, ss->key);

    if (!mate_distance_window(&alpha, &beta, ply)) return alpha;
    if (g->caps.winning_move) {
        Move w = g->winning_move(pos);
        if (w != MOVE_NONE) {
            t->pv[ply][0] = w;
            t->pv_len[ply] = 1;
            return SCORE_WIN - ply - 1;
        }
    }

    Key key = tt_key(t, ss->key);
    TTHit h;
    bool hit = tt_probe(t->sh->tt, key, ply, &h);
    Move tt_move = hit ? h.move : MOVE_NONE;
    const Move excluded = ss->excluded;
    if (!pv_node && !excluded && hit && h.depth >= depth &&
        (h.bound == BOUND_EXACT || (h.bound == BOUND_LOWER && h.score >= beta) ||
         (h.bound == BOUND_UPPER && h.score <= alpha)))
        return h.score;

    bool in_check = g->caps.in_check && g->in_check(pos);
    /* The table keeps the static evaluation: a hit that does not cut spares the evaluation. */
    Score raw_eval = in_check                            ? -SCORE_INF
                     : hit && h.eval != TT_EVAL_NONE ? EVALCHECKED(g, t->net, pos, h.eval, EVALCHECK_TABLE)
                                                     : evaluate(t, ss->key);
    memset(t->stack[ply + 2].killer, 0, sizeof t->stack[ply + 2].killer);
    int me = g->player_to_move(pos);
    /* The static evaluation the search prunes by is corrected by what searches after the same
     * last move found; the table keeps the evaluation itself. */
    int16_t *corr = in_check ? NULL : corr_entry(t, ply, me);
    ss->static_eval = in_check ? -SCORE_INF : corrected(t, corr, raw_eval);
    ss->player = me;

    if (!pv_node && !in_check && beta < SCORE_WIN_MIN && beta > -SCORE_WIN_MIN) {
        /* Reverse futility: far enough above beta that a quiet move will not fall below. */
        if (depth <= P->rfp_depth && ss->static_eval - P->rfp_margin * depth >= beta)
            return ss->static_eval;
        /* Null move: if passing still holds beta, a real move will (zugzwang aside). */
        if (g->caps.null_move && !excluded && depth >= P->nmp_depth && ss->static_eval >= beta && ply > 0 &&
            t->stack[ply - 1].hist_index >= 0) {
            GameUndo u;
            /* A pass changes no tracked feature: its ply is pushed before it is made (the
             * record of the move before it may still be asked of this position). */
            if (t->nnue_line) nnue_acc_push(t->nnue, g, pos);
            bool passed = g->make_null(pos, &u);
            /* A pass that leaves the same player deciding tests nothing. */
            if (passed && g->player_to_move(pos) == me) g->unmake_null(pos, &u), passed = false;
            Score s = 0;
            if (passed) {
                ss->move = MOVE_NONE;
                ss->hist_index = -1;
                ss->cont_row = -1;
                EVALCHECK_PASSED(g->key(pos));
                count_node(t);
                int null_depth = null_move_depth(depth, P->nmp_base, P->nmp_div);
                s = -search(t, -beta, -beta + 1, null_depth, ply + 1, !cut_node);
                g->unmake_null(pos, &u);
            }
            if (t->nnue_line) nnue_acc_pop(t->nnue);
            if (passed) {
                if (t->stopped) return 0;
                if (s >= beta) return s >= SCORE_WIN_MIN ? beta : s;
            }
        }
    }

    /* Internal iterative reduction: a node the table knows nothing of is likely less
     * important than its depth says, and its search will find a move for the next. */
    if (P->iir_depth && !excluded && depth >= P->iir_depth && depth >= 2 && tt_move == MOVE_NONE && (pv_node || cut_node))
        depth--;

    /* Improving: the static evaluation rose since this player's last decision. */
    const SearchStack *prev2 = ply >= 2 ? &t->stack[ply - 2] : NULL;
    bool improving = in_check || !prev2 || prev2->player != me || prev2->static_eval == -SCORE_INF ||
                     ss->static_eval > prev2->static_eval;

    int16_t *hist = history_of(t, me);
    /* The counter move answers the opponent's last move (not a pass, not one's own). */
    const SearchStack *prev = ply > 0 ? &t->stack[ply - 1] : NULL;
    bool answer = prev && prev->hist_index >= 0 && prev->player != me;
    Move *counter_slot = answer ? &t->counter[prev->hist_index] : NULL;
    Move counter = counter_slot ? *counter_slot : MOVE_NONE;
    MovePicker mp;
    mp_init(&mp, g, pos, tt_move, ss->killer[me], counter, hist);
    ContRows cont = cont_rows(t, ply, me);
    mp_set_extras(&mp, &cont, P->bad_noisy_last);

    Score best = -SCORE_INF, old_alpha = alpha;
    Move best_move = MOVE_NONE, m;
    Move quiets[64];
    int n_quiets = 0, legal = 0, searched = 0;
    bool skip_quiets = false;
    while ((m = mp_next(&mp, skip_quiets)) != MOVE_NONE) {
        if (m == excluded) continue;
        legal++;
        bool noisy = g->is_noisy(pos, m);
        int hi = g->history_index(pos, m);
        /* A quiet move's record: its history and what followed the last two moves (read only
         * where a switch on uses it: the per-move work of a technique that is off is none). */
        int stat = noisy || !(P->lmr_hist || P->hist_prune_depth) ? 0 : hist[hi] + mp_cont_score(&cont, g, pos, m);
        if (!pv_node && !in_check && !noisy && best > -SCORE_WIN_MIN) {
            /* Late quiet moves near the leaves, or quiet moves that cannot lift a hopeless
             * static evaluation to alpha, are not searched (late: by quiet moves tried). */
            if (depth <= P->lmp_depth && n_quiets >= P->lmp_base + depth + depth * depth) {
                skip_quiets = true;
                continue;
            }
            if (depth <= P->fut_depth && ss->static_eval + P->fut_margin * depth <= alpha) {
                skip_quiets = true;
                continue;
            }
            if (depth <= P->hist_prune_depth && searched > 0 && stat < -P->hist_prune_margin * depth) continue;
        }
        /* Singular extension: the table's move, when no other comes near its score at half the
         * depth, is the position's only good move and worth a ply more. When another holds
         * beta too, two moves do: the node is cut (multi-cut). When only the table's score
         * said beta, the table's move is likely not alone: a ply less. */
        int ext = 0;
        if (P->se_depth && m == tt_move && !excluded && depth >= P->se_depth && ply < 2 * t->root_depth &&
            h.depth >= depth - 3 && h.bound != BOUND_UPPER && h.score > -SCORE_WIN_MIN && h.score < SCORE_WIN_MIN) {
            Score sbeta = h.score - P->se_margin * depth;
            ss->excluded = m;
            Score s = search(t, sbeta - 1, sbeta, (depth - 1) / 2, ply, cut_node);
            ss->excluded = MOVE_NONE;
            if (t->stopped) return 0;
            if (s < sbeta) ext = 1;
            else if (sbeta >= beta) return sbeta;
            else if (h.score >= beta) ext = -1;
        }
        ss->move = m;
        ss->hist_index = hi;
        ss->cont_row = cont_row_of(t, m, me);
        GameUndo u;
        do_move(t, m, &u);
        count_node(t);
        tt_prefetch(t->sh->tt, tt_key(t, g->key(pos)));
        bool same = g->player_to_move(pos) == me;
        int new_depth = depth - 1 + ext + (P->ext_check && in_check && (!P->ext_cap || ply < P->ext_cap * t->root_depth));
        Score s;
        if (pv_node) t->pv_len[ply + 1] = 0;
        if (searched == 0) {
            s = child(t, same, alpha, beta, new_depth, ply + 1, !pv_node && !cut_node);
        } else {
            int r = 0;
            if (depth >= P->lmr_depth && searched >= P->lmr_moves && !noisy && !in_check) {
                r = t->lmr[depth < 64 ? depth : 63][searched < 64 ? searched : 63];
                r -= pv_node ? P->lmr_pv : 0;
                r += cut_node ? P->lmr_cut : 0;
                r += improving ? 0 : P->lmr_improving;
                r -= m == mp.killer[0] || m == mp.killer[1] || m == mp.counter ? P->lmr_killer : 0;
                r -= P->lmr_hist ? stat / P->lmr_hist : 0;
                if (r > new_depth - 1) r = new_depth - 1;
                if (r < 0) r = 0;
            }
            s = child(t, same, alpha, alpha + 1, new_depth - r, ply + 1, true);
            if (s > alpha && r > 0) s = child(t, same, alpha, alpha + 1, new_depth, ply + 1, !cut_node);
            if (s > alpha && s < beta && pv_node) {
                t->pv_len[ply + 1] = 0;
                s = child(t, same, alpha, beta, new_depth, ply + 1, false);
            }
        }
        undo_move(t, m, &u);
        searched++;
        if (t->stopped) return 0;
        if (s > best) {
            best = s;
            if (s > alpha) {
                best_move = m;
                if (pv_node) {
                    t->pv[ply][0] = m;
                    memcpy(&t->pv[ply][1], t->pv[ply + 1], sizeof(Move) * (size_t)t->pv_len[ply + 1]);
                    t->pv_len[ply] = t->pv_len[ply + 1] + 1;
                }
                if (s >= beta) break;
                alpha = s;
            }
        }
        if (!noisy && n_quiets < 64) quiets[n_quiets++] = m;
    }
    /* Without the excluded move there may be none: that says nothing of the position. */
    if (legal == 0) return excluded ? alpha : outcome_score(g->no_moves_outcome(pos), ply);

    if (best >= beta && !g->is_noisy(pos, best_move)) {
        int bonus = history_bonus(depth, P->hist_mul, P->hist_max);
        history_update(&hist[g->history_index(pos, best_move)], bonus);
        for (int i = 0; i < n_quiets; i++) history_update(&hist[g->history_index(pos, quiets[i])], -bonus);
        for (int k = 0; k < 2; k++) {
            int16_t *row = (int16_t *)cont.row[k];
            if (!row) continue;
            history_update(&row[cont.col0 + g->cont_index(pos, best_move)], bonus);
            for (int i = 0; i < n_quiets; i++) history_update(&row[cont.col0 + g->cont_index(pos, quiets[i])], -bonus);
        }
        killers_push(ss->killer[me], best_move);
        if (counter_slot) *counter_slot = best_move;
    }
    if (excluded) return best; /* a test of one move's rivals: not the position's score */
    Bound b = best >= beta ? BOUND_LOWER : best > old_alpha ? BOUND_EXACT : BOUND_UPPER;
    /* A search's score says how far the evaluation was off, unless it is only a bound on the
     * wrong side of it, a win or loss, or a noisy move's gain. */
    if (corr && (best_move == MOVE_NONE || !g->is_noisy(pos, best_move)) && best > -SCORE_WIN_MIN &&
        best < SCORE_WIN_MIN && !(b == BOUND_LOWER && best <= ss->static_eval) &&
        !(b == BOUND_UPPER && best >= ss->static_eval))
        corr_update(corr, best - raw_eval, depth);
    tt_store(t->sh->tt, key, ply, best_move, best, in_check ? TT_EVAL_NONE : raw_eval, depth, b);
    return best;
}

/* ---- root ---- */

static int64_t elapsed_ms(const SearchShared *sh) { return timeman_now_ms() - sh->go_start; }

/* The root moves in the order a first search would try them, limited to searchmoves. */
static bool build_root(SearchThread *t) {
    const GameOps *g = t->game;
    const SearchLimits *l = &t->sh->job->limits;
    Move list[MAX_MOVES], m;
    TTHit h;
    Move tt_move = tt_probe(t->sh->tt, tt_key(t, g->key(&t->pos)), 0, &h) ? h.move : MOVE_NONE;
    static const Move none[2] = {MOVE_NONE, MOVE_NONE};
    MovePicker mp;
    mp_init(&mp, g, &t->pos, tt_move, none, MOVE_NONE, history_of(t, t->root_player));
    int n = 0;
    while ((m = mp_next(&mp, false)) != MOVE_NONE) {
        bool keep = l->n_searchmoves == 0;
        for (int i = 0; i < l->n_searchmoves && !keep; i++) keep = l->searchmoves[i] == m;
        if (keep) list[n++] = m;
    }
    /* A move that wins on the spot goes first: below the root it ends the node at once, and
     * searched after others (with a stale hash move first) it waits behind their trees. */
    Move w = g->caps.winning_move ? g->winning_move(&t->pos) : MOVE_NONE;
    for (int i = 1; w != MOVE_NONE && i < n; i++)
        if (list[i] == w) {
            memmove(list + 1, list, sizeof *list * (size_t)i);
            list[0] = w;
            break;
        }
    if (n > t->root_cap) {
        RootMove *r = realloc(t->root, sizeof *r * (size_t)n);
        if (!r) return false;
        t->root = r;
        t->root_cap = n;
    }
    for (int i = 0; i < n; i++) {
        RootMove *rm = &t->root[i];
        rm->move = list[i];
        rm->score = rm->prev_score = -SCORE_INF;
        rm->bound = BOUND_UPPER;
        rm->seldepth = 0;
        rm->nodes = 0;
        rm->pv_len = 1;
        rm->pv[0] = list[i];
    }
    t->n_root = n;
    return true;
}

/* Stable insertion sort by score, best first (root lists are short). */
static void sort_root(RootMove *r, int n) {
    for (int i = 1; i < n; i++) {
        RootMove tmp = r[i];
        int j = i - 1;
        while (j >= 0 && r[j].score < tmp.score) r[j + 1] = r[j], j--;
        r[j + 1] = tmp;
    }
}

static Score search_root(SearchThread *t, Score alpha, Score beta, int depth) {
    const GameOps *g = t->game;
    const SearchParams *P = t->params;
    GamePos *pos = &t->pos;
    const SearchReport *rep = &t->sh->job->report;
    Score best = -SCORE_INF;
    memset(t->stack[2].killer, 0, sizeof t->stack[2].killer);
    for (int i = t->pv_idx; i < t->n_root; i++) {
        RootMove *rm = &t->root[i];
        Move m = rm->move;
        if (t->id == 0 && rep->currmove && elapsed_ms(t->sh) > 2000)
            rep->currmove(rep->ctx, &t->sh->job->root, m, i + 1, depth);
        bool noisy = g->is_noisy(pos, m);
        t->stack[0].move = m;
        t->stack[0].hist_index = g->history_index(pos, m);
        t->stack[0].cont_row = cont_row_of(t, m, t->root_player);
        uint64_t before = my_nodes(t);
        GameUndo u;
        do_move(t, m, &u);
        count_node(t);
        bool same = g->player_to_move(pos) == t->root_player;
        t->pv_len[1] = 0;
        Score s;
        if (i == t->pv_idx) {
            s = child(t, same, alpha, beta, depth - 1, 1, false);
        } else {
            /* Late quiet root moves reduced as below the root (LmrRoot), searched again in full
             * when they beat alpha. */
            int r = 0;
            if (P->lmr_root && depth >= P->lmr_depth && i - t->pv_idx >= P->lmr_moves && !noisy) {
                r = t->lmr[depth < 64 ? depth : 63][i < 64 ? i : 63] - P->lmr_pv;
                r = r > depth - 2 ? depth - 2 : r < 0 ? 0 : r;
            }
            s = child(t, same, alpha, alpha + 1, depth - 1 - r, 1, true);
            if (s > alpha && r > 0) s = child(t, same, alpha, alpha + 1, depth - 1, 1, true);
            if (s > alpha && s < beta) {
                t->pv_len[1] = 0;
                s = child(t, same, alpha, beta, depth - 1, 1, false);
            }
        }
        undo_move(t, m, &u);
        rm->nodes += my_nodes(t) - before;
        if (t->stopped) break;
        /* A later move taking the lead is news the clock listens to (first line only). */
        if (i > t->pv_idx && s > alpha && t->pv_idx == 0)
            atomic_fetch_add_explicit(&t->best_changes, 1, memory_order_relaxed);
        if (i == t->pv_idx || s > alpha) {
            rm->score = s;
            rm->bound = s >= beta ? BOUND_LOWER : s <= alpha ? BOUND_UPPER : BOUND_EXACT;
            rm->seldepth = t->seldepth;
            rm->pv[0] = m;
            memcpy(&rm->pv[1], t->pv[1], sizeof(Move) * (size_t)t->pv_len[1]);
            rm->pv_len = t->pv_len[1] + 1;
        } else {
            rm->score = -SCORE_INF;
        }
        if (s > best) {
            best = s;
            if (s > alpha) {
                alpha = s;
                if (s >= beta) break;
            }
        }
    }
    return best;
}

/* The pv as far as it replays legally from the root (a safety net: it always should). */
static int verified_pv(const GameOps *g, const GamePos *root, const Move *pv, int len) {
    GamePos p = *root;
    int n = 0;
    while (n < len && g->terminal(&p) == OUTCOME_ONGOING && g->is_legal(&p, pv[n])) {
        GameUndo u;
        g->make(&p, pv[n], &u);
        n++;
    }
    return n;
}

static void report_line(SearchThread *t, const RootMove *rm, int depth, int line, Bound bound) {
    const SearchShared *sh = t->sh;
    const SearchReport *rep = &sh->job->report;
    if (!rep->info) return;
    int64_t ms = elapsed_ms(sh);
    uint64_t nodes = search_total_nodes(sh);
    SearchInfo info = {
        .depth = depth,
        .seldepth = rm->seldepth > depth ? rm->seldepth : depth,
        .multipv = line + 1,
        .score = rm->score == -SCORE_INF ? rm->prev_score : rm->score,
        .bound = bound,
        .nodes = nodes,
        .nps = nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1),
        .time_ms = ms,
        .hashfull = tt_hashfull(sh->tt),
        .pv_len = verified_pv(t->game, &sh->job->root, rm->pv, rm->pv_len),
        .pv = rm->pv,
        .root = &sh->job->root,
    };
    if (info.score == -SCORE_INF) return; /* never searched: nothing to say */
    if (line == 0) t->reported = rm->move;
    rep->info(rep->ctx, &info);
}

/* Thread 0's decision after an iteration: is it time to play? */
static bool enough(SearchThread *t, int depth, const TimeState *ts) {
    SearchShared *sh = t->sh;
    const SearchLimits *l = &sh->job->limits;
    Score s = t->root[0].score;
    /* go mate N: the win asked for is proved (an infinite search then waits for stop). */
    if (l->mate && s > SCORE_WIN_MIN && SCORE_WIN - s <= 2 * l->mate - 1) return true;
    if (l->infinite) return false;
    bool pondering = atomic_load(sh->pondering);
    bool done = false;
    /* A forced win found and confirmed a few plies deeper: nothing left to learn. */
    if (s >= SCORE_WIN_MIN && depth >= 2 * (SCORE_WIN - s) + 4 && (l->time[0] >= 0 || l->time[1] >= 0 || l->movetime >= 0))
        done = true;
    else if (sh->budget.optimum < 0) return false;
    else if (t->n_root == 1) done = true; /* one legal move: play it */
    else if (l->movetime >= 0) return false; /* a fixed time per move: time unused is lost */
    else done = timeman_now_ms() - atomic_load(sh->clock_start) >= timeman_soft(&sh->budget, ts, t->params);
    /* While pondering the search goes on; the ponderhit ends it at once. */
    if (done && pondering) {
        atomic_store(&sh->ponder_stop, true);
        /* A ponderhit between the two loads saw no ponder_stop yet: stop here then. */
        return !atomic_load(sh->pondering);
    }
    return done;
}

/* Thread 0 after an iteration: the best-move changes of every thread since the last, summed
 * into changes (x100 per thread, decaying by half each iteration). */
static int take_changes(SearchThread *t, int changes_x100) {
    const SearchShared *sh = t->sh;
    int64_t sum = 0;
    for (int i = 0; i < sh->n_threads; i++)
        sum += atomic_exchange_explicit(&sh->threads[i]->best_changes, 0, memory_order_relaxed);
    return changes_x100 / 2 + (int)(sum * 100 / sh->n_threads);
}

void search_iterate(SearchThread *t) {
    SearchShared *sh = t->sh;
    const SearchJob *job = sh->job;
    const GameOps *g = t->game = job->game;
    const SearchParams *P = t->params = &job->params;
    init_lmr(t, P);
    fit_cont(t, g, P);
    t->pos = job->root;
    t->net = job->net;
    t->nnue_line = t->net && g->caps.nnue_delta;
    nnue_acc_reset(t->nnue); /* a new line from the root */
    evalcache_clear(t->evals);
    /* The root's accumulators computed: the root moves' children update from them rather
     * than each refreshing (the root search itself never evaluates). */
    if (t->nnue_line) (void)EVALCHECKED(g, t->net, &t->pos, nnue_evaluate(t->nnue, t->net, g, &t->pos), EVALCHECK_ROOT);
    t->seldepth = 0;
    t->completed_depth = 0;
    t->stopped = false;
    atomic_store_explicit(&t->best_changes, 0, memory_order_relaxed);
    t->reported = MOVE_NONE;
    t->root_player = g->player_to_move(&t->pos);
    memset(t->stack, 0, sizeof t->stack);
    t->stack[0].key = g->key(&t->pos);
    t->stack[0].player = t->root_player;
    t->stack[0].static_eval = -SCORE_INF; /* the root is not evaluated */
    if (!build_root(t) || t->n_root == 0) {
        t->n_root = 0;
        return;
    }
    int multipv = job->multipv < t->n_root ? job->multipv : t->n_root;
    if (multipv < 1) multipv = 1;
    int max_depth = job->limits.depth > 0 && job->limits.depth < MAX_PLY - 1 ? job->limits.depth : MAX_PLY - 1;
    Score last_score = 0;
    int changes = 0; /* best-move changes per thread, x100, decaying by half each iteration */

    for (int depth = 1; depth <= max_depth; depth++) {
        /* Lazy SMP: a helper does not join a depth that half the threads already search but
         * goes on to the next, so the threads spread over neighbouring depths and the helpers
         * run ahead of thread 0, filling the shared table for it and voting with deeper
         * results. (Measured against fixed skip patterns: README, Strength.) */
        if (t->id > 0 && depth > 1 && depth < max_depth &&
            atomic_load_explicit(&sh->searching[depth], memory_order_relaxed) >= (sh->n_threads + 1) / 2)
            continue;
        atomic_fetch_add_explicit(&sh->searching[depth], 1, memory_order_relaxed);
        t->root_depth = depth;
        for (int i = 0; i < t->n_root; i++) t->root[i].prev_score = t->root[i].score;
        for (t->pv_idx = 0; t->pv_idx < multipv; t->pv_idx++) {
            RootMove *first = &t->root[t->pv_idx];
            Score prev = first->prev_score, delta = P->asp_delta;
            Score alpha = -SCORE_INF, beta = SCORE_INF;
            if (depth >= P->asp_depth && prev > -SCORE_WIN_MIN && prev < SCORE_WIN_MIN) {
                alpha = prev - delta > -SCORE_INF ? prev - delta : -SCORE_INF;
                beta = prev + delta < SCORE_INF ? prev + delta : SCORE_INF;
            }
            for (;;) {
                t->seldepth = 0;
                Score s = search_root(t, alpha, beta, depth);
                sort_root(t->root + t->pv_idx, t->n_root - t->pv_idx);
                if (t->stopped) break;
                /* A bound line only with one line (as Stockfish): with MultiPV the move that
                 * failed is often one an earlier line of this iteration already named, or one a
                 * later line takes, and a GUI would show it in two lines at once. */
                if (s <= alpha) {
                    beta = (alpha + beta) / 2;
                    alpha = s - delta > -SCORE_INF ? s - delta : -SCORE_INF;
                    if (t->id == 0 && multipv == 1) report_line(t, &t->root[t->pv_idx], depth, t->pv_idx, BOUND_UPPER);
                } else if (s >= beta) {
                    beta = s + delta < SCORE_INF ? s + delta : SCORE_INF;
                    if (t->id == 0 && multipv == 1) report_line(t, &t->root[t->pv_idx], depth, t->pv_idx, BOUND_LOWER);
                } else {
                    break;
                }
                delta += delta * P->asp_grow / 100;
            }
            sort_root(t->root, t->pv_idx + 1);
            if (t->stopped) break;
        }
        atomic_fetch_sub_explicit(&sh->searching[depth], 1, memory_order_relaxed);
        if (t->stopped) break;
        t->completed_depth = depth;
        if (t->id != 0) continue;

        for (int k = 0; k < multipv; k++) report_line(t, &t->root[k], depth, k, BOUND_EXACT);
        Score score = t->root[0].score;
        changes = take_changes(t, changes);
        TimeState ts = {.changes_x100 = depth > 1 ? changes : 0, .effort_pct = 0, .fall = 0};
        /* Mate scores say nothing of a fall: only plain scores are compared. */
        bool plain = score > -SCORE_WIN_MIN && score < SCORE_WIN_MIN;
        if (plain && depth > 1 && last_score > -SCORE_WIN_MIN && last_score < SCORE_WIN_MIN)
            ts.fall += last_score - score;
        if (plain && sh->has_last_score && sh->last_score > -SCORE_WIN_MIN && sh->last_score < SCORE_WIN_MIN)
            ts.fall += sh->last_score - score;
        uint64_t n = my_nodes(t);
        if (n) ts.effort_pct = (int)(t->root[0].nodes * 100 / n);
        last_score = score;
        if (enough(t, depth, &ts)) break;
    }
}

/* Each thread votes for its move with weight (score above the worst + a constant) x
 * depth; the most voted move wins, played as the thread that searched it deepest and
 * best. A forced win found by any thread is played as found, the fastest first. */
SearchThread *search_pick_best(SearchShared *sh) {
    SearchThread *best = sh->threads[0];
    if (sh->n_threads == 1 || sh->job->multipv > 1 || best->n_root == 0) return best;
    Score worst = SCORE_INF;
    for (int i = 0; i < sh->n_threads; i++) {
        const SearchThread *t = sh->threads[i];
        if (t->n_root && t->completed_depth && t->root[0].score > -SCORE_INF && t->root[0].score < worst)
            worst = t->root[0].score;
    }
    int64_t best_votes = -1;
    for (int i = 0; i < sh->n_threads; i++) {
        SearchThread *t = sh->threads[i];
        if (!t->n_root || !t->completed_depth || t->root[0].score == -SCORE_INF) continue;
        Move m = t->root[0].move;
        int64_t votes = 0;
        for (int j = 0; j < sh->n_threads; j++) {
            const SearchThread *u = sh->threads[j];
            if (u->n_root && u->completed_depth && u->root[0].move == m && u->root[0].score > -SCORE_INF)
                votes += (int64_t)(u->root[0].score - worst + sh->job->params.smp_vote) * u->completed_depth;
        }
        Score s = t->root[0].score, bs = best->root[0].score;
        bool better;
        if (s >= SCORE_WIN_MIN || bs >= SCORE_WIN_MIN) better = s > bs;
        else if (votes != best_votes) better = votes > best_votes;
        else better = t->completed_depth > best->completed_depth ||
                      (t->completed_depth == best->completed_depth && s > bs);
        if (best_votes < 0 || better) best = t, best_votes = votes;
    }
    return best;
}

void search_finish(SearchShared *sh, SearchThread *best, Move *best_move, Move *ponder) {
    const GameOps *g = best->game;
    *best_move = *ponder = MOVE_NONE;
    if (best->n_root == 0) return;
    const RootMove *rm = &best->root[0];
    *best_move = rm->move;
    if (rm->pv_len >= 2) {
        *ponder = rm->pv[1];
    } else {
        /* No reply in the pv (the search was cut short): ask the table. */
        GamePos p = sh->job->root;
        GameUndo u;
        TTHit h;
        g->make(&p, rm->move, &u);
        if (g->terminal(&p) == OUTCOME_ONGOING && tt_probe(sh->tt, pos_tt_key(g, &p, g->key(&p)), 1, &h) &&
            h.move != MOVE_NONE && g->is_legal(&p, h.move))
            *ponder = h.move;
    }
    /* A ponder move is the opponent's: none when the same player decides again. */
    if (*ponder != MOVE_NONE) {
        GamePos p = sh->job->root;
        GameUndo u;
        g->make(&p, rm->move, &u);
        if (g->player_to_move(&p) == best->root_player) *ponder = MOVE_NONE;
    }
    /* The last line printed must lead with the move played. */
    if (best != sh->threads[0] || best->reported != rm->move)
        report_line(best, rm, best->completed_depth > 0 ? best->completed_depth : 1, 0, BOUND_EXACT);
}
