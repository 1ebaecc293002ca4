/* greedy_player.c — a reference opponent one ply deep: takes the enemy queen when it can,
 * never leaves its own queen capturable in one move when it can avoid it, and prefers
 * captures (the most valuable victim first); ties are broken at random. */
#include "player.h"

static Move choose(const GameOps *g, const GamePos *pos, Prng *rng) {
    Move list[MAX_MOVES], best[MAX_MOVES];
    int n = player_moves(g, pos, list), n_best = 0, best_rank = -1;
    for (int i = 0; i < n; i++) {
        GamePos p = *pos;
        GameUndo u;
        g->make(&p, list[i], &u);
        int rank;
        if (g->terminal(&p) == OUTCOME_LOSS || g->count_moves(&p) == 0) {
            rank = 1 << 20; /* wins at once */
        } else {
            /* Does the opponent have a move that captures our queen? */
            Move reply[MAX_MOVES];
            int k = g->gen_moves(&p, reply, GEN_NOISY);
            bool unsafe = false;
            for (int j = 0; j < k && !unsafe; j++) {
                GamePos q = p;
                g->make(&q, reply[j], &u);
                unsafe = g->terminal(&q) == OUTCOME_LOSS;
            }
            rank = unsafe ? 0 : 1 + (g->is_noisy(pos, list[i]) ? 1 + g->noisy_value(pos, list[i]) : 0);
        }
        if (rank > best_rank) best_rank = rank, n_best = 0;
        if (rank == best_rank) best[n_best++] = list[i];
    }
    return best[prng_below(rng, (uint32_t)n_best)];
}

int main(int argc, char **argv) { return player_main("Greedy", choose, argc, argv); }
