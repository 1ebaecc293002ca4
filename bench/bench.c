/* bench.c — the benchmark's command line: `simia bench` and the protocol's `bench` pick a
 * mode (search, perft, playouts, threads), each run on an engine of the benchmark's own. */
#include "bench.h"

#include <string.h>
#include <unistd.h>

#include "bench_run.h"
#include "bench_search.h"
#include "bench_speed.h"

const char BENCH_USAGE[] =
    "  simia bench [DEPTH [THREADS [HASH]]] [--json]\n"
    "      Searches the game's benchmark positions to DEPTH (default: the game's own, " BENCH_DEPTH_STR "\n"
    "      for Monkey Queen), one thread and a new game each; prints a line per position, then\n"
    "      'Nodes searched: N' (with one thread the signature of the search) and 'Nodes/second: M'.\n"
    "      Every bench mode plays the game of --game.\n"
    "  simia bench perft [DEPTH] [--json]\n"
    "      Perft from the start and a few positions; prints leaves/second.\n"
    "  simia bench playouts [COUNT] [--seed S] [--list] [--json]\n"
    "      Random games from the start, each move uniform among the legal ones (drawn\n"
    "      by index, or with --list from the listed moves); prints plies/second.\n"
    "  simia bench threads [DEPTH [MAX_THREADS [HASH]]] [--json]\n"
    "      Time to DEPTH over the benchmark positions with 1, 2, 4, ... threads.\n";

#define BENCH_HASH_MB 16

/* ---- the command line -------------------------------------------------------------- */

/* Up to three numbers after the mode word, each in its range; returns how many. */
static int numbers(BenchRun *r, int argc, char **argv, const char *const names[], const long lo[],
                   const long hi[], long v[], int max) {
    if (argc > max) return bench_fail(r, -1, "too many arguments ('%.32s' and after)", argv[max]);
    for (int i = 0; i < argc; i++)
        if (!bench_parse_int(argv[i], lo[i], hi[i], &v[i]))
            return bench_fail(r, -1, "%s must be a number %ld..%ld, not '%.32s'", names[i], lo[i], hi[i], argv[i]);
    return argc;
}

int bench_main(const Engine *e, int argc, char **argv, FILE *out, char *err) {
    BenchRun r = {.out = out, .err = err, .start_ns = bench_now_ns()};
    r.last_progress_ns = r.start_ns;
    err[0] = 0;
    /* Flags anywhere; what remains is the mode and its numbers. */
    char *args[16];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) r.json = true;
        else if (n < 16) args[n++] = argv[i];
        else return bench_fail(&r, 2, "too many arguments");
    }
    /* An engine of its own: the game's default options, one thread, 16 MB, no book; the
     * caller's engine (its options, position, hash) is never touched. */
    r.e = engine_create(engine_game(e));
    if (!r.e) return bench_fail(&r, 1, "out of memory for the benchmark's engine");
    int rc;
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    if (n && !strcmp(args[0], "perft")) {
        rc = bench_perft(&r, n - 1, args + 1);
    } else if (n && !strcmp(args[0], "playouts")) {
        rc = bench_playouts(&r, n - 1, args + 1);
    } else if (n && !strcmp(args[0], "threads")) {
        static const char *const names[] = {"depth", "max threads", "hash (MB)"};
        static const long lo[] = {1, 1, 1}, hi[] = {MAX_PLY - 1, 1024, 1 << 20};
        long v[3] = {0, nproc > 0 ? nproc : 1, BENCH_HASH_MB};
        int k = numbers(&r, n - 1, args + 1, names, lo, hi, v, 3);
        r.depth = (int)v[0];
        rc = k < 0 ? 2 : bench_threads(&r, v[1], v[2]);
    } else {
        static const char *const names[] = {"depth", "threads", "hash (MB)"};
        static const long lo[] = {1, 1, 1}, hi[] = {MAX_PLY - 1, 1024, 1 << 20};
        long v[3] = {0, 1, BENCH_HASH_MB};
        if (n && !bench_parse_int(args[0], 0, MAX_PLY, &v[0])) {
            rc = bench_fail(&r, 2, "unknown mode '%.32s' (search depth, perft, playouts or threads)", args[0]);
        } else {
            int k = numbers(&r, n, args, names, lo, hi, v, 3);
            r.depth = (int)v[0];
            rc = k < 0 ? 2 : bench_search(&r, v[1], v[2]);
        }
    }
    engine_destroy(r.e);
    fflush(out);
    return rc;
}
