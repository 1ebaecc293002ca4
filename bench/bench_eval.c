/* bench_eval.c — evaluation speed for `simia bench`: evaluations per second of the game's
 * own evaluation and of the learned one (when a net is loaded), on the same positions. */
#include <stdlib.h>

#include "bench_eval.h"
#include "engine/nnue/nnue.h"
#include "engine/prng.h"

#define EVAL_POSITIONS 4096
#define EVAL_PLIES 32 /* random plies played out from each bench position */
#define EVAL_NS 250000000LL

/* The positions: each bench position and the random line that follows it, in order, so
 * that the learned evaluation's cache sees what a search sees (one move apart). */
static int collect(const GameOps *g, const GameConfig *cfg, const BenchPos *list, int n, GamePos *out) {
    Prng rng = {20261125};
    int k = 0;
    Move moves[MAX_MOVES];
    char err[ERR_STR_MAX];
    for (int i = 0; i < n && k < EVAL_POSITIONS; i++) {
        GamePos p;
        if (!g->parse_pos(&p, list[i].fen, cfg, err)) continue;
        for (int ply = 0; ply < EVAL_PLIES && k < EVAL_POSITIONS; ply++) {
            out[k++] = p;
            int m = game_result(g, &p) == RESULT_NONE ? g->gen_moves(&p, moves, GEN_ALL) : 0;
            if (!m) break;
            GameUndo u;
            g->make(&p, moves[prng_below(&rng, (uint32_t)m)], &u);
        }
    }
    return k;
}

/* Passes over the positions until EVAL_NS of CPU time went by; evaluations per second. */
static uint64_t rate(const GameOps *g, const NnueNet *net, NnueCache *cache, const GamePos *pos, int n) {
    volatile int32_t sink = 0;
    uint64_t evals = 0;
    int64_t t0 = bench_cpu_ns(), ns;
    do {
        if (cache) nnue_cache_reset(cache);
        for (int i = 0; i < n; i++) sink += net ? nnue_evaluate(cache, net, g, &pos[i]) : g->evaluate(&pos[i]);
        evals += (uint64_t)n;
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
    GamePos *pos = malloc(EVAL_POSITIONS * sizeof *pos);
    NnueCache *cache = nnue_cache_new(NNUE_KERNEL_BEST);
    int k = pos && cache ? collect(g, &cfg, list, n, pos) : 0;
    if (k) {
        out->classical = rate(g, NULL, NULL, pos, k);
        if (net) out->nnue = rate(g, net, cache, pos, k);
    }
    nnue_cache_free(cache);
    free(pos);
}
