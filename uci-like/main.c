/* main.c — the simia executable: with no arguments the UGI loop, with arguments one-shot
 * jobs (perft, bench, selfplay, ...) that print their result and exit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench/bench.h"
#include "engine/engine.h"
#include "engine/games/registry.h"
#include "engine/perft.h"

int main(int argc, char **argv) {
    const GameOps *g = game_default();
    if (argc >= 3 && !strcmp(argv[1], "perft")) {
        GameConfig cfg = {{1, 20, 20}};
        GamePos p;
        g->startpos(&p, &cfg);
        perft_divide(g, &p, atoi(argv[2]), stdout);
        return 0;
    }
    if (argc >= 2 && !strcmp(argv[1], "bench")) {
        Engine *e = engine_create(g);
        char err[ERR_STR_MAX];
        int rc = e ? bench_main(e, argc - 2, argv + 2, stdout, err) : 1;
        if (rc) fprintf(stderr, "simia bench: %s\n", e ? err : "out of memory");
        engine_destroy(e);
        return rc;
    }
    fprintf(stderr, "usage: simia perft N\n%s", BENCH_USAGE);
    return 2;
}
