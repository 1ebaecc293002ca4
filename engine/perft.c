/* perft.c — leaf counting over the game contract (bulk-counted last ply), and the
 * divided form the protocol prints for `go perft`. */
#include "perft.h"

#include <inttypes.h>

uint64_t perft(const GameOps *g, GamePos *pos, int depth) {
    if (depth <= 0) return 1;
    if (depth == 1) return g->count_moves(pos);
    Move list[MAX_MOVES];
    GameUndo u;
    int n = g->gen_moves(pos, list, GEN_ALL);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        g->make(pos, list[i], &u);
        sum += perft(g, pos, depth - 1);
        g->unmake(pos, list[i], &u);
    }
    return sum;
}

uint64_t perft_divide(const GameOps *g, GamePos *pos, int depth, FILE *out) {
    Move list[MAX_MOVES];
    GameUndo u;
    int n = depth > 0 ? g->gen_moves(pos, list, GEN_ALL) : 0;
    uint64_t total = 0;
    for (int i = 0; i < n; i++) {
        char ms[MOVE_STR_MAX];
        g->print_move(pos, list[i], ms);
        g->make(pos, list[i], &u);
        uint64_t c = perft(g, pos, depth - 1);
        g->unmake(pos, list[i], &u);
        fprintf(out, "%s: %" PRIu64 "\n", ms, c);
        total += c;
    }
    if (depth <= 0) total = 1;
    fprintf(out, "Nodes searched: %" PRIu64 "\n", total);
    return total;
}
