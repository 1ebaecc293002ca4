/* bench_speed.c — the game module's raw speed, straight through the game contract: perft
 * (bulk-counted leaves per second) and random playouts (games and plies per second). */
#include "bench_speed.h"

#include <inttypes.h>
#include <limits.h>
#include <string.h>

#include "engine/perft.h"
#include "engine/prng.h"

#define PLAYOUTS_DEFAULT 200000
#define PLAYOUTS_SEED_DEFAULT 1

static uint64_t rate(uint64_t count, int64_t ns) {
    return ns > 0 ? (uint64_t)((double)count * 1e9 / (double)ns) : 0;
}

/* Perft of the positions the list marks for it, each to its own depth or to depth. */
int bench_perft(BenchRun *r, int argc, char **argv) {
    static BenchPos list[BENCH_POS_MAX];
    long depth = 0;
    if (argc > 1) return bench_fail(r, 2, "perft takes one depth at most");
    if (argc == 1 && !bench_parse_int(argv[0], 1, 32, &depth))
        return bench_fail(r, 2, "perft depth must be a number 1..32, not '%.32s'", argv[0]);
    int n = bench_positions(r, list, BENCH_POS_MAX);
    if (n < 0) return 1;
    const GameOps *g = engine_game(r->e);
    GameConfig cfg = engine_game_config(r->e);
    if (r->json)
        fprintf(r->out, "{\"bench\": \"perft\", \"version\": \"%s\", \"game\": \"%s\", \"build\": \"%s\", \"positions\": [",
                SIMIA_VERSION, g->name, g->init());
    uint64_t total = 0;
    int64_t total_ns = 0, cpu0 = bench_cpu_ns();
    int done = 0;
    for (int i = 0; i < n; i++) {
        if (!list[i].perft_depth) continue;
        int d = depth ? (int)depth : list[i].perft_depth;
        GamePos p;
        char err[ERR_STR_MAX];
        g->parse_pos(&p, list[i].fen, &cfg, err); /* checked by bench_positions */
        int64_t t0 = bench_now_ns();
        uint64_t leaves = perft(g, &p, d);
        int64_t ns = bench_now_ns() - t0;
        total += leaves;
        total_ns += ns;
        if (r->json) {
            fprintf(r->out, "%s\n    {\"label\": ", done ? "," : "");
            bench_json_string(r->out, list[i].label);
            fprintf(r->out, ", \"depth\": %d, \"leaves\": %" PRIu64 ", \"time_ms\": %.3f, \"leaves_per_second\": %" PRIu64 "}",
                    d, leaves, (double)ns / 1e6, rate(leaves, ns));
        } else {
            fprintf(r->out, "perft label %s depth %d leaves %" PRIu64 " time_ms %.3f leaves_per_second %" PRIu64 "\n",
                    list[i].label, d, leaves, (double)ns / 1e6, rate(leaves, ns));
        }
        fflush(r->out);
        done++;
        bench_progress(r, "perft of %d positions done", done);
    }
    int64_t cpu = bench_cpu_ns() - cpu0;
    if (r->json)
        fprintf(r->out, "\n  ], \"leaves\": %" PRIu64 ", \"time_ms\": %.3f, \"cpu_ms\": %.3f, \"leaves_per_second\": %" PRIu64
                        ", \"leaves_per_cpu_second\": %" PRIu64 "}\n",
                total, (double)total_ns / 1e6, (double)cpu / 1e6, rate(total, total_ns), rate(total, cpu));
    else
        fprintf(r->out, "Build: %s %s\nLeaves: %" PRIu64 "\nTime (ms): %.0f\nCPU time (ms): %.0f\n"
                        "Leaves/CPU-second: %" PRIu64 "\nLeaves/second: %" PRIu64 "\n",
                SIMIA_VERSION, g->init(), total, (double)total_ns / 1e6, (double)cpu / 1e6, rate(total, cpu),
                rate(total, total_ns));
    return 0;
}

/* Random games from the start position: each move drawn uniformly from the legal moves
 * (the pie rule's swap included when it is legal), until the game is over. The move is
 * the k-th of the n legal moves for k uniform in [0, n), taken by GameOps.nth_move, or
 * with --list from the listed moves: the same games, since both share one order. */
int bench_playouts(BenchRun *r, int argc, char **argv) {
    long count = PLAYOUTS_DEFAULT, seed = PLAYOUTS_SEED_DEFAULT;
    bool have_count = false, by_list = false;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--list")) {
            by_list = true;
        } else if (!strcmp(argv[i], "--seed")) {
            if (i + 1 == argc || !bench_parse_int(argv[i + 1], 0, LONG_MAX, &seed)) /* 2^31 - 1 in WebAssembly */
                return bench_fail(r, 2, "--seed needs a number 0..%ld", LONG_MAX);
            i++;
        } else if (!have_count && bench_parse_int(argv[i], 1, 1000000000, &count)) {
            have_count = true;
        } else {
            return bench_fail(r, 2, "playouts: unexpected '%.32s' (COUNT 1..1000000000, --seed S, --list)", argv[i]);
        }
    }
    const GameOps *g = engine_game(r->e);
    GameConfig cfg = engine_game_config(r->e);
    GamePos start, p;
    g->startpos(&start, &cfg);
    Prng rng = {(uint64_t)seed};
    uint64_t plies = 0, wins[4] = {0, 0, 0, 0};
    Move list[MAX_MOVES];
    GameUndo u;
    int64_t t0 = bench_now_ns(), c0 = bench_cpu_ns();
    for (long i = 0; i < count; i++) {
        p = start;
        for (;;) {
            if (g->terminal(&p) != OUTCOME_ONGOING) break;
            Move m;
            if (by_list) {
                int n = g->gen_moves(&p, list, GEN_ALL);
                if (!n) break;
                m = list[prng_below(&rng, (uint32_t)n)];
            } else {
                uint64_t n = g->count_moves(&p);
                if (!n) break;
                m = g->nth_move(&p, prng_below(&rng, (uint32_t)n));
            }
            g->make(&p, m, &u);
            plies++;
        }
        wins[game_result(g, &p)]++;
        if ((i & 4095) == 4095) bench_progress(r, "%ld/%ld playouts", i + 1, count);
    }
    int64_t ns = bench_now_ns() - t0, cpu = bench_cpu_ns() - c0;
    if (r->json)
        fprintf(r->out, "{\"bench\": \"playouts\", \"version\": \"%s\", \"game\": \"%s\", \"build\": \"%s\", "
                        "\"seed\": %ld, \"method\": \"%s\", \"playouts\": %ld, \"plies\": %" PRIu64 ", \"p1_wins\": %" PRIu64
                        ", \"p2_wins\": %" PRIu64 ", \"draws\": %" PRIu64 ", \"time_ms\": %.3f, \"cpu_ms\": %.3f, "
                        "\"playouts_per_second\": %" PRIu64 ", \"plies_per_second\": %" PRIu64
                        ", \"plies_per_cpu_second\": %" PRIu64 "}\n",
                SIMIA_VERSION, g->name, g->init(), seed, by_list ? "list" : "nth", count, plies, wins[RESULT_P1_WIN], wins[RESULT_P2_WIN],
                wins[RESULT_DRAW], (double)ns / 1e6, (double)cpu / 1e6, rate((uint64_t)count, ns), rate(plies, ns),
                rate(plies, cpu));
    else
        fprintf(r->out, "Build: %s %s\nSeed: %ld\nMethod: %s\nPlayouts: %ld\nPlies: %" PRIu64 "\nPlies/playout: %.2f\n"
                        "Player 1 wins: %" PRIu64 "\nPlayer 2 wins: %" PRIu64 "\nDraws: %" PRIu64 "\n"
                        "Time (ms): %.0f\nCPU time (ms): %.0f\nPlies/CPU-second: %" PRIu64 "\n"
                        "Playouts/second: %" PRIu64 "\nPlies/second: %" PRIu64 "\n",
                SIMIA_VERSION, g->init(), seed, by_list ? "list" : "nth", count, plies, (double)plies / (double)count, wins[RESULT_P1_WIN],
                wins[RESULT_P2_WIN], wins[RESULT_DRAW], (double)ns / 1e6, (double)cpu / 1e6, rate(plies, cpu),
                rate((uint64_t)count, ns), rate(plies, ns));
    return 0;
}
