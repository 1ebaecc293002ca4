/* bench_eval.c — evaluation speed for `simia bench`: evaluations per second of the game's
 * own evaluation and of the learned one (when a net is loaded), on the same positions. */
#include <stdlib.h>

#include "bench_eval.h"
#include "engine/nnue/nnue.h"
#include "engine/prng.h"

#define EVAL_POSITIONS 4096
#define EVAL_PLIES 32 /* random plies played out from each bench position */
#define EVAL_NS 250000000LL

/* The lines: each bench position and the random moves that follow it, replayed as a
 * search plays them (each move made, then its position evaluated), so that the learned
 * evaluation's accumulators see what they see in a search: one move apart. */
typedef struct {
    GamePos root;
    int n;
    Move moves[EVAL_PLIES];
} Line;

static int collect(const GameOps *g, const GameConfig *cfg, const BenchPos *list, int n, Line *out) {
    Prng rng = {20261125};
    int k = 0, evals = 0;
    Move moves[MAX_MOVES];
    char err[ERR_STR_MAX];
    for (int i = 0; i < n && evals < EVAL_POSITIONS; i++) {
        Line *l = &out[k];
        if (!g->parse_pos(&l->root, list[i].fen, cfg, err)) continue;
        GamePos p = l->root;
        l->n = 0;
        evals++;
        while (l->n < EVAL_PLIES && evals < EVAL_POSITIONS) {
            int m = game_result(g, &p) == RESULT_NONE ? g->gen_moves(&p, moves, GEN_ALL) : 0;
            if (!m) break;
            GameUndo u;
            l->moves[l->n] = moves[prng_below(&rng, (uint32_t)m)];
            g->make(&p, l->moves[l->n++], &u);
            evals++;
        }
        k++;
    }
    return k;
}

/* Passes over the lines until EVAL_NS of CPU time went by; evaluations per second (each
 * with its move made, as in a search). */
static uint64_t rate(const GameOps *g, const NnueNet *net, NnueAcc *acc, const Line *lines, int n) {
    volatile int32_t sink = 0;
    uint64_t evals = 0;
    bool line = net && g->caps.nnue_delta;
    int64_t t0 = bench_cpu_ns(), ns;
    do {
        for (int i = 0; i < n; i++) {
            GamePos p = lines[i].root;
            if (net) nnue_acc_reset(acc);
            sink += net ? nnue_evaluate(acc, net, g, &p) : g->evaluate(&p);
            for (int k = 0; k < lines[i].n; k++) {
                GameUndo u;
                if (line) nnue_acc_make(acc, g, &p, lines[i].moves[k], &u);
                else g->make(&p, lines[i].moves[k], &u);
                sink += net ? nnue_evaluate(acc, net, g, &p) : g->evaluate(&p);
            }
            evals += (uint64_t)lines[i].n + 1;
        }
    } while ((ns = bench_cpu_ns() - t0) < EVAL_NS);
    (void)sink;
    return (uint64_t)((double)evals * 1e9 / (double)ns);
}

void bench_eval_speed(BenchRun *r, const BenchPos *list, int n, EvalSpeed *out) {
    const GameOps *g = engine_game(r->e);
    GameConfig cfg = engine_game_config(r->e);
    const NnueNet *net = engine_net(r->e, &out->why);
    out->classical = out->nnue = 0;
    out->hidden = net ? net->hidden : 0;
    out->squared = net && net->activation == NNUE_SCRELU;
    out->kernel = nnue_kernel_name(NNUE_KERNEL_BEST);
    Line *lines = n > 0 ? malloc((size_t)n * sizeof *lines) : NULL;
    NnueAcc *acc = nnue_acc_new(NNUE_KERNEL_BEST);
    int k = lines && acc ? collect(g, &cfg, list, n, lines) : 0;
    if (k) {
        out->classical = rate(g, NULL, NULL, lines, k);
        if (net) out->nnue = rate(g, net, acc, lines, k);
    }
    nnue_acc_free(acc);
    free(lines);
}
