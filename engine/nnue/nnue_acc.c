/* nnue_acc.c — the accumulators of one search thread: a stack by ply brought up to date
 * lazily from the nearest computed ancestor with what each move changed, or diffs of whole lists. */
#include <stdlib.h>
#include <string.h>

#include "nnue_kernel.h"

/* One ply of the line: what the move into it changed (from make_delta), whether its
 * accumulators are computed, and its position features (features_dynamic) once evaluated. */
typedef struct {
    NnueDelta delta;
    bool moved;   /* the move into the ply and its undo record are known */
    bool pending; /* the record is to be asked from move_delta */
    Move move;
    const GameUndo *undo;
    bool computed;
    int dyn_ply; /* the ply whose position features its accumulators hold (computed plies) */
    int n_dyn[2];
    uint32_t dyn[2][NNUE_DYNAMIC_MAX];
} Ply;

struct NnueAcc {
    const NnueKernelOps *kernel;
    const NnueNet *net;
    const GameOps *game;
    uint32_t checksum;
    bool ready;
    int stride;      /* int16 lanes from one view's accumulator to the next, a whole cache line */
    int16_t *accs;   /* [NNUE_PLIES][2][stride], 64-byte aligned */
    int top;         /* the ply of the position evaluated next */
    Ply ply[NNUE_PLIES];
    /* marks[p][f]: a stamp, for diffs of lists in one pass each (features come in any order) */
    uint32_t *marks[2];
    int marks_size;
    uint32_t stamp;
    /* Without make_delta: the last evaluated position's whole lists. */
    bool last_valid;
    int n_last[2];
    uint32_t last[2][NNUE_MAX_ACTIVE];
    NnueAccStats stats;
};

NnueAcc *nnue_acc_new(NnueKernel k) {
    /* Aligned and a whole number of cache lines: two threads' accumulators never share one. */
    size_t size = (sizeof(NnueAcc) + 63) / 64 * 64;
    NnueAcc *a = aligned_alloc(64, size);
    if (!a) return NULL;
    memset(a, 0, sizeof *a);
    a->kernel = nnue_kernel_ops(k);
    return a;
}

void nnue_acc_free(NnueAcc *a) {
    if (!a) return;
    free(a->marks[0]), free(a->marks[1]);
    free(a->accs);
    free(a);
}

void nnue_acc_reset(NnueAcc *a) {
    a->top = 0;
    a->ply[0].computed = a->ply[0].pending = a->ply[0].moved = false;
    a->last_valid = false;
}

/* The top ply's deferred record, asked now: pos is still its position. */
static inline void settle(NnueAcc *a, const GameOps *g, const GamePos *pos) {
    Ply *e = &a->ply[a->top];
    if (!e->pending) return;
    g->move_delta(pos, e->move, e->undo, &e->delta);
    e->pending = false;
}

NnueDelta *nnue_acc_push(NnueAcc *a, const GameOps *g, const GamePos *pos) {
    settle(a, g, pos);
    Ply *e = &a->ply[++a->top];
    e->computed = e->pending = e->moved = false;
    e->delta.refresh[0] = e->delta.refresh[1] = false;
    e->delta.n_rem[0] = e->delta.n_rem[1] = e->delta.n_add[0] = e->delta.n_add[1] = 0;
    return &e->delta;
}

void nnue_acc_moved(NnueAcc *a, Move m, const GameUndo *u, bool deferred) {
    Ply *e = &a->ply[a->top];
    e->moved = true, e->move = m, e->undo = u;
    e->pending = deferred; /* a deferred record is still the push's empty one */
}

void nnue_acc_pop(NnueAcc *a) { a->top--; }

const int16_t *nnue_acc_top(const NnueAcc *a, int p) {
    return a->accs ? a->accs + ((size_t)a->top * 2 + (size_t)p) * (size_t)a->stride : NULL;
}

NnueAccStats nnue_acc_stats(const NnueAcc *a) { return a->stats; }

static inline int16_t *acc_of(NnueAcc *a, int ply, int p) {
    return a->accs + ((size_t)ply * 2 + (size_t)p) * (size_t)a->stride;
}

/* Makes a fit net and game (memory for the accumulators and the marks); false without
 * memory. A new net or game starts the line again. */
static bool prepare(NnueAcc *a, const NnueNet *net, const GameOps *g) {
    if (a->ready && a->net == net && a->game == g && a->checksum == net->checksum) return true;
    a->ready = false;
    int stride = (net->hidden + 31) / 32 * 32;
    if (stride != a->stride || !a->accs) {
        free(a->accs);
        a->accs = aligned_alloc(64, (size_t)NNUE_PLIES * 2 * (size_t)stride * sizeof(int16_t));
        if (!a->accs) return a->stride = 0, false;
        a->stride = stride;
    }
    if (a->marks_size < net->n_features) {
        for (int p = 0; p < 2; p++) {
            uint32_t *m = realloc(a->marks[p], (size_t)net->n_features * sizeof *m);
            if (!m) return false;
            a->marks[p] = m;
        }
        a->marks_size = net->n_features;
    }
    memset(a->marks[0], 0, (size_t)a->marks_size * sizeof *a->marks[0]);
    memset(a->marks[1], 0, (size_t)a->marks_size * sizeof *a->marks[1]);
    a->stamp = 1;
    a->net = net, a->game = g, a->checksum = net->checksum;
    for (int k = 0; k <= a->top; k++) a->ply[k].computed = false;
    a->last_valid = false;
    a->ready = true;
    return true;
}

/* Two fresh stamps for the marks, s and s + 1 (above every mark set so far); the marks
 * start over before the counter wraps. */
static uint32_t next_stamp(NnueAcc *a) {
    if (a->stamp >= UINT32_MAX - 3) {
        memset(a->marks[0], 0, (size_t)a->marks_size * sizeof *a->marks[0]);
        memset(a->marks[1], 0, (size_t)a->marks_size * sizeof *a->marks[1]);
        a->stamp = 1;
        a->last_valid = false;
    }
    a->stamp += 2;
    return a->stamp - 1;
}

static void refresh_view(NnueAcc *a, const NnueNet *net, const uint32_t *f, int n, int16_t *acc) {
    a->kernel->apply(acc, net->b1, net->w1, net->hidden, f, n, NULL, 0);
    a->stats.refreshes++;
}

/* ---- with make_delta: the stack ---- */

/* The rows of one view into ply i: its move's, and with position features those that differ
 * from the list its parent's accumulator holds (src). */
static void apply_ply(NnueAcc *a, const NnueNet *net, int i, int p, const Ply *src) {
    const NnueDelta *d = &a->ply[i].delta;
    if (!src) {
        a->kernel->apply(acc_of(a, i, p), acc_of(a, i - 1, p), net->w1, net->hidden, d->add[p], d->n_add[p],
                         d->rem[p], d->n_rem[p]);
        return;
    }
    uint32_t add[NNUE_GATHER_MAX];
    uint32_t rem[NNUE_GATHER_MAX];
    int na = nnue_append_rows(add, d->add[p], d->n_add[p]), nr = nnue_append_rows(rem, d->rem[p], d->n_rem[p]);
    const Ply *e = &a->ply[i];
    a->kernel->diff(src->dyn[p], src->n_dyn[p], e->dyn[p], e->n_dyn[p], add, &na, rem, &nr);
    a->kernel->apply(acc_of(a, i, p), acc_of(a, i - 1, p), net->w1, net->hidden, add, na, rem, nr);
}

/* The usual case: every ply from the nearest computed ancestor to the top brought up to date,
 * one move at a time, so that the top's siblings (the usual next evaluations) start from
 * their parent. A ply on the way has no position features of its own (it was not evaluated):
 * its accumulators keep its parent's (dyn_ply names the ply whose list they hold), and the top
 * diffs its own against those. False where a move on the way asks for a refresh, where no
 * ancestor is computed, or where the moves' rows outnumber what a refresh adds. */
static bool update_forward(NnueAcc *a, const NnueNet *net, const GameOps *g, int k, bool dyn) {
    int from = k - 1;
    const NnueDelta *top = &a->ply[k].delta;
    if (top->refresh[0] || top->refresh[1]) return false;
    if (!a->ply[from].computed) {
        int rows[2] = {top->n_add[0] + top->n_rem[0], top->n_add[1] + top->n_rem[1]};
        for (; !a->ply[from].computed; from--) {
            const NnueDelta *d = &a->ply[from].delta;
            if (from == 0 || d->refresh[0] || d->refresh[1]) return false;
            for (int p = 0; p < 2; p++) rows[p] += d->n_add[p] + d->n_rem[p];
        }
        if (rows[0] > g->nnue_max_active || rows[1] > g->nnue_max_active) return false;
    }
    for (int i = from + 1; i < k; i++) {
        for (int p = 0; p < 2; p++) apply_ply(a, net, i, p, NULL);
        a->ply[i].computed = true;
        a->ply[i].dyn_ply = a->ply[i - 1].dyn_ply;
    }
    const Ply *src = dyn ? &a->ply[a->ply[k - 1].dyn_ply] : NULL;
    for (int p = 0; p < 2; p++) apply_ply(a, net, k, p, src);
    a->stats.updates += 2 * (uint64_t)(k - from);
    return true;
}

/* The usual case on its own, kept out of update_line (whose frame and spills cost as much as
 * the work here): the parent computed and no refresh asked, each view its parent's with the
 * move's rows and, with position features, the slots that differ from the list the parent's
 * accumulators hold. */
static bool update_from_parent(NnueAcc *a, const NnueNet *net, int k, bool dyn) {
    const Ply *e = &a->ply[k], *up = &a->ply[k - 1];
    const NnueDelta *d = &e->delta;
    if (!up->computed || d->refresh[0] || d->refresh[1]) return false;
    const size_t stride = (size_t)a->stride;
    int16_t *acc = acc_of(a, k, 0);
    const int16_t *from = acc - 2 * stride;
    if (!dyn) {
        const NnueView v[2] = {{d->add[0], d->rem[0], d->n_add[0], d->n_rem[0]},
                               {d->add[1], d->rem[1], d->n_add[1], d->n_rem[1]}};
        a->kernel->apply_views(acc, from, stride, net->w1, net->hidden, v);
    } else {
        const Ply *src = &a->ply[up->dyn_ply];
        const NnueDynView v[2] = {
            {d->add[0], d->rem[0], d->n_add[0], d->n_rem[0], src->dyn[0], e->dyn[0], src->n_dyn[0], e->n_dyn[0]},
            {d->add[1], d->rem[1], d->n_add[1], d->n_rem[1], src->dyn[1], e->dyn[1], src->n_dyn[1], e->n_dyn[1]}};
        a->kernel->apply_views_dyn(acc, from, stride, net->w1, net->hidden, v);
    }
    a->stats.updates += 2;
    return true;
}

/* The top ply's views otherwise: from the nearest ancestor computed, the moves' changes on
 * the way and the position features that differ, or refreshed where a move on the way asks
 * it, where no ancestor is computed, or where the changes outnumber what a refresh adds. */
__attribute__((noinline)) static void update_line(NnueAcc *a, const NnueNet *net, const GameOps *g, const GamePos *pos) {
    int k = a->top, j = k, rows[2] = {0, 0};
    const bool dyn = g->features_dynamic != NULL;
    a->ply[k].dyn_ply = k;
    if (k > 0 && update_forward(a, net, g, k, dyn)) return;
    bool fresh[2] = {false, false};
    while (!a->ply[j].computed) {
        const NnueDelta *d = &a->ply[j].delta;
        if (j == 0) {
            fresh[0] = fresh[1] = true;
            break;
        }
        for (int p = 0; p < 2; p++) fresh[p] |= d->refresh[p], rows[p] += d->n_add[p] + d->n_rem[p];
        j--;
    }
    for (int p = 0; p < 2; p++) {
        int16_t *acc = acc_of(a, k, p);
        if (fresh[p] || rows[p] > g->nnue_max_active) {
            uint32_t f[NNUE_MAX_ACTIVE];
            refresh_view(a, net, f, g->features(pos, p, f), acc);
            continue;
        }
        a->stats.updates++;
        /* At most nnue_max_active rows of the moves (and a copy's slack), and the position
         * features (and the diff's slack). */
        uint32_t add[NNUE_MAX_ACTIVE + NNUE_ROWS_AT_ONCE + 2 * NNUE_DYNAMIC_MAX + NNUE_DIFF_SLACK];
        uint32_t rem[NNUE_MAX_ACTIVE + NNUE_ROWS_AT_ONCE + 2 * NNUE_DYNAMIC_MAX + NNUE_DIFF_SLACK];
        int na = 0, nr = 0;
        for (int i = j + 1; i <= k; i++) {
            const NnueDelta *d = &a->ply[i].delta;
            na += nnue_append_rows(add + na, d->add[p], d->n_add[p]);
            nr += nnue_append_rows(rem + nr, d->rem[p], d->n_rem[p]);
        }
        if (dyn) {
            const Ply *src = &a->ply[a->ply[j].dyn_ply];
            a->kernel->diff(src->dyn[p], src->n_dyn[p], a->ply[k].dyn[p], a->ply[k].n_dyn[p], add, &na, rem, &nr);
        }
        a->kernel->apply(acc, acc_of(a, j, p), net->w1, net->hidden, add, na, rem, nr);
    }
}

/* A ply brought up to date on the way to a deeper one holds its parent's position features:
 * evaluated itself, it trades them for its own in place. */
static void settle_dyn(NnueAcc *a, const NnueNet *net, int k) {
    const Ply *src = &a->ply[a->ply[k].dyn_ply], *e = &a->ply[k];
    for (int p = 0; p < 2; p++) {
        uint32_t add[NNUE_DYNAMIC_MAX + NNUE_DIFF_SLACK], rem[NNUE_DYNAMIC_MAX + NNUE_DIFF_SLACK];
        int na = 0, nr = 0;
        a->kernel->diff(src->dyn[p], src->n_dyn[p], e->dyn[p], e->n_dyn[p], add, &na, rem, &nr);
        a->kernel->apply(acc_of(a, k, p), acc_of(a, k, p), net->w1, net->hidden, add, na, rem, nr);
    }
    a->ply[k].dyn_ply = k;
}

/* The top ply's position features: from its parent's where the parent was evaluated itself
 * (its lists are its own) and the game can keep what the move did not change. */
static void position_features(NnueAcc *a, const GameOps *g, const GamePos *pos) {
    Ply *e = &a->ply[a->top];
    uint32_t *const out[2] = {e->dyn[0], e->dyn[1]};
    const Ply *up = e->moved ? &a->ply[a->top - 1] : NULL; /* a moved ply has one */
    if (g->features_dynamic_after && up && up->computed && up->dyn_ply == a->top - 1) {
        const uint32_t *const prev[2] = {up->dyn[0], up->dyn[1]};
        g->features_dynamic_after(pos, e->move, e->undo, prev, up->n_dyn, out, e->n_dyn);
        a->stats.dyn_after++;
    } else {
        g->features_dynamic(pos, out, e->n_dyn);
        a->stats.dyn_fresh++;
    }
}

static Score evaluate_line(NnueAcc *a, const NnueNet *net, const GameOps *g, const GamePos *pos) {
    Ply *e = &a->ply[a->top];
    const bool dyn = g->features_dynamic != NULL;
    if (!e->computed || (dyn && e->dyn_ply != a->top)) {
        if (dyn) position_features(a, g, pos);
        if (e->computed) {
            settle_dyn(a, net, a->top);
        } else {
            settle(a, g, pos);
            e->dyn_ply = a->top;
            if (a->top == 0 || !update_from_parent(a, net, a->top, dyn)) update_line(a, net, g, pos);
        }
        e->computed = true;
    }
    int us = g->player_to_move(pos);
    return nnue_output(a->kernel, net, nnue_net_bucket(net, g, pos), acc_of(a, a->top, us), acc_of(a, a->top, us ^ 1));
}

/* ---- without it: the whole lists, diffed against the last evaluated position's ---- */

static void diff_view(NnueAcc *a, const NnueNet *net, int p, const uint32_t *f, int n) {
    int16_t *acc = acc_of(a, a->top, p);
    uint32_t *mark = a->marks[p], old = a->stamp, now = a->stamp + 1;
    if (!a->last_valid) {
        refresh_view(a, net, f, n, acc);
        for (int i = 0; i < n; i++) mark[f[i]] = now;
    } else {
        uint32_t added[NNUE_MAX_ACTIVE], removed[NNUE_MAX_ACTIVE];
        int na = 0, nr = 0;
        /* Branch-free: whether a feature is new is a coin toss to the predictor. */
        for (int i = 0; i < n; i++) {
            added[na] = f[i];
            na += mark[f[i]] != old;
            mark[f[i]] = now;
        }
        for (int i = 0; i < a->n_last[p]; i++) {
            removed[nr] = a->last[p][i];
            nr += mark[a->last[p][i]] != now;
        }
        if (na + nr >= n) {
            refresh_view(a, net, f, n, acc);
        } else {
            a->kernel->apply(acc, acc, net->w1, net->hidden, added, na, removed, nr);
            a->stats.updates++;
        }
    }
    memcpy(a->last[p], f, (size_t)n * sizeof *f);
    a->n_last[p] = n;
}

static Score evaluate_lists(NnueAcc *a, const NnueNet *net, const GameOps *g, const GamePos *pos) {
    uint32_t f[2][NNUE_MAX_ACTIVE];
    int n[2];
    if (g->features_both) {
        uint32_t *const out[2] = {f[0], f[1]};
        g->features_both(pos, out, n);
    } else {
        for (int p = 0; p < 2; p++) n[p] = g->features(pos, p, f[p]);
    }
    /* The last lists' features are marked with the stamp; this position's get the next. */
    if (a->stamp >= UINT32_MAX - 3) next_stamp(a);
    for (int p = 0; p < 2; p++) diff_view(a, net, p, f[p], n[p]);
    a->stamp++;
    a->last_valid = true;
    int us = g->player_to_move(pos);
    return nnue_output(a->kernel, net, nnue_net_bucket(net, g, pos), acc_of(a, a->top, us), acc_of(a, a->top, us ^ 1));
}

Score nnue_evaluate(NnueAcc *a, const NnueNet *net, const GameOps *g, const GamePos *pos) {
    if (!prepare(a, net, g)) return nnue_evaluate_fresh(net, g, pos, NNUE_KERNEL_SCALAR);
    return g->caps.nnue_delta ? evaluate_line(a, net, g, pos) : evaluate_lists(a, net, g, pos);
}
