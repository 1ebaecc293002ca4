/* bench_search.c — the benchmark's search modes through the engine's one search entry
 * point (engine_search): the signature run over the fixed positions, and thread scaling. */
#include "bench_search.h"

#include "bench_eval.h"

#include <inttypes.h>
#include <string.h>

/* ---- searching the positions -------------------------------------------------------- */

static void on_message(void *ctx, const char *text) {
    (void)ctx;
    fprintf(stderr, "bench: engine says: %s\n", text);
}

typedef struct {
    uint64_t nodes;
    int64_t ns, cpu_ns; /* wall-clock and CPU time of the searches */
} Totals;

static uint64_t per_second(uint64_t count, int64_t ns) {
    return ns > 0 ? (uint64_t)((double)count * 1e9 / (double)ns) : 0;
}

/* Searches every position to depth from a new game; prints a line per position when
 * print is set. Returns false (r->err) if the engine refuses. */
static bool search_all(BenchRun *r, const BenchPos *list, int n, int depth, bool print, Totals *t) {
    char err[ERR_STR_MAX];
    t->nodes = 0;
    t->ns = t->cpu_ns = 0;
    SearchReport tell = {.message = on_message};
    for (int i = 0; i < n; i++) {
        engine_new_game(r->e);
        SearchRequest rq = {.position = list[i].fen, .report = &tell};
        search_limits_init(&rq.limits);
        rq.limits.depth = depth;
        SearchResult res;
        int64_t t0 = bench_now_ns(), c0 = bench_cpu_ns();
        bool ok = engine_search(r->e, &rq, &res, err);
        int64_t ns = bench_now_ns() - t0;
        t->cpu_ns += bench_cpu_ns() - c0;
        if (!ok) return bench_fail(r, 1, "position %d: %s", i + 1, err), false;
        char best[MOVE_STR_MAX];
        engine_game(r->e)->print_move(engine_position(r->e), res.best, best);
        t->nodes += res.nodes;
        t->ns += ns;
        if (print && r->json) {
            fprintf(r->out, "%s\n    {\"index\": %d, \"label\": ", i ? "," : "", i + 1);
            bench_json_string(r->out, list[i].label);
            fprintf(r->out, ", \"depth\": %d, \"nodes\": %" PRIu64 ", \"time_ms\": %.3f, \"nps\": %" PRIu64
                            ", \"score\": %d, \"bestmove\": ",
                    res.depth, res.nodes, (double)ns / 1e6, per_second(res.nodes, ns), (int)res.score);
            bench_json_string(r->out, best);
            fputc('}', r->out);
        } else if (print) {
            fprintf(r->out, "position %d label %s depth %d nodes %" PRIu64 " time_ms %.3f nps %" PRIu64
                            " score %d bestmove %s\n",
                    i + 1, list[i].label, res.depth, res.nodes, (double)ns / 1e6, per_second(res.nodes, ns),
                    (int)res.score, best);
        }
        fflush(r->out);
        bench_progress(r, "%d/%d positions searched", i + 1, n);
    }
    return true;
}

int bench_search(BenchRun *r, long threads, long hash) {
    static BenchPos list[BENCH_POS_MAX];
    int n = 0, rc = 1;
    Totals t;
    if ((n = bench_positions(r, list, BENCH_POS_MAX)) > 0 && bench_set_option(r, "Threads", threads) &&
        bench_set_option(r, "Hash", hash)) {
        const GameOps *g = engine_game(r->e);
        long depth = r->depth ? r->depth : BENCH_DEPTH;
        char eval[OPTION_STR_MAX + ERR_STR_MAX];
        engine_describe_eval(r->e, eval, sizeof eval);
        if (r->json) {
            fprintf(r->out, "{\"bench\": \"search\", \"version\": \"%s\", \"game\": \"%s\", \"build\": \"%s\", "
                            "\"evaluation\": ",
                    SIMIA_VERSION, g->name, g->init());
            bench_json_string(r->out, eval);
            fprintf(r->out, ", \"depth\": %ld, \"threads\": %ld, \"hash_mb\": %ld, \"positions\": [", depth,
                    threads, hash);
        } else {
            fprintf(r->out, "Game: %s (%s)\nEvaluation: %s\n", g->title, g->name, eval);
        }
        if (search_all(r, list, n, (int)depth, true, &t)) {
            EvalSpeed ev;
            bench_eval_speed(r, list, n, &ev);
            if (r->json) {
                fprintf(r->out, "\n  ], \"nodes\": %" PRIu64 ", \"time_ms\": %.3f, \"cpu_ms\": %.3f, \"nps\": %" PRIu64
                                ", \"nodes_per_cpu_second\": %" PRIu64 ", \"evals_per_cpu_second\": %" PRIu64,
                        t.nodes, (double)t.ns / 1e6, (double)t.cpu_ns / 1e6, per_second(t.nodes, t.ns),
                        per_second(t.nodes, t.cpu_ns), ev.classical);
                if (ev.hidden) fprintf(r->out, ", \"nnue_evals_per_cpu_second\": %" PRIu64 "}\n", ev.nnue);
                else fprintf(r->out, ", \"nnue_evals_per_cpu_second\": null}\n");
            } else {
                fprintf(r->out, "Positions: %d\nDepth: %ld\nThreads: %ld\nHash: %ld\nBuild: %s %s\n"
                                "Time (ms): %.0f\nCPU time (ms): %.0f\nNodes/CPU-second: %" PRIu64 "\n"
                                "Nodes searched: %" PRIu64 "\nNodes/second: %" PRIu64 "\n",
                        n, depth, threads, hash, SIMIA_VERSION, g->init(), (double)t.ns / 1e6, (double)t.cpu_ns / 1e6,
                        per_second(t.nodes, t.cpu_ns), t.nodes, per_second(t.nodes, t.ns));
                if (ev.hidden)
                    fprintf(r->out, "Evaluations/CPU-second: classical %" PRIu64 ", NNUE %" PRIu64 " (hidden %d%s, %s)\n",
                            ev.classical, ev.nnue, ev.hidden, ev.squared ? " squared" : "", ev.kernel);
                else
                    fprintf(r->out, "Evaluations/CPU-second: classical %" PRIu64 ", NNUE none (%s)\n", ev.classical,
                            ev.why);
            }
            rc = 0;
        } else if (r->json) {
            fprintf(r->out, "\n  ]}\n");
        }
    }
    return rc;
}

/* 1, 2, 4, ... and max itself. */
static long next_thread_count(long th, long max) {
    return th < max && th * 2 > max ? max : th * 2;
}

/* Time to depth over all positions with 1, 2, 4, ... threads, up to max_threads. */
int bench_threads(BenchRun *r, long max_threads, long hash) {
    static BenchPos list[BENCH_POS_MAX];
    int n = 0, rc = 0;
    if ((n = bench_positions(r, list, BENCH_POS_MAX)) < 0 || !bench_set_option(r, "Hash", hash)) return 1;
    long depth = r->depth ? r->depth : BENCH_DEPTH;
    if (r->json)
        fprintf(r->out, "{\"bench\": \"threads\", \"version\": \"%s\", \"game\": \"%s\", \"depth\": %ld, "
                        "\"positions\": %d, \"runs\": [",
                SIMIA_VERSION, engine_game(r->e)->name, depth, n);
    else
        fprintf(r->out, "Positions: %d\nDepth: %ld\n", n, depth);
    int64_t base_ns = 0;
    for (long th = 1; th <= max_threads; th = next_thread_count(th, max_threads)) {
        Totals t;
        if (!bench_set_option(r, "Threads", th) || !search_all(r, list, n, (int)depth, false, &t)) {
            rc = 1;
            break;
        }
        if (th == 1) base_ns = t.ns;
        double speedup = t.ns > 0 ? (double)base_ns / (double)t.ns : 0;
        if (r->json)
            fprintf(r->out, "%s\n    {\"threads\": %ld, \"time_ms\": %.3f, \"speedup\": %.3f, \"nodes\": %" PRIu64
                            ", \"nps\": %" PRIu64 "}",
                    th > 1 ? "," : "", th, (double)t.ns / 1e6, speedup, t.nodes, per_second(t.nodes, t.ns));
        else
            fprintf(r->out, "threads %ld time_ms %.0f speedup %.2f nodes %" PRIu64 " nps %" PRIu64 "\n", th,
                    (double)t.ns / 1e6, speedup, t.nodes, per_second(t.nodes, t.ns));
        fflush(r->out);
    }
    if (r->json) fprintf(r->out, "\n  ]}\n");
    return rc;
}

