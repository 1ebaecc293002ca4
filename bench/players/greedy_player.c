/* greedy_player.c — a reference opponent one decision deep, for any game: plays a move that
 * wins at once, avoids moves after which the opponent can win at once, and prefers noisy
 * moves (captures), the most promising first by the game's own hint; ties at random. */
#include "player.h"

/* The result of the game in p for the player who just decided: 2 won, 1 going on or drawn, 0 lost. */
static int standing(const GameOps *g, const GamePos *p, int me) {
    GameResult r = game_result(g, p);
    if (r == RESULT_P1_WIN || r == RESULT_P2_WIN) return (r == RESULT_P1_WIN) == (me == PLAYER_1) ? 2 : 0;
    return 1;
}

/* Whether the opponent, deciding in p, has a move that wins at once. */
static bool opponent_wins(const GameOps *g, const GamePos *p, int me) {
    Move reply[MAX_MOVES];
    int k = g->gen_moves(p, reply, GEN_ALL);
    for (int j = 0; j < k; j++) {
        GamePos q = *p;
        GameUndo u;
        g->make(&q, reply[j], &u);
        if (standing(g, &q, me) == 0) return true;
    }
    return false;
}

static Move choose(const GameOps *g, const GamePos *pos, Prng *rng) {
    Move list[MAX_MOVES], best[MAX_MOVES];
    int n = player_moves(g, pos, list), n_best = 0, best_rank = -1, me = g->player_to_move(pos);
    for (int i = 0; i < n; i++) {
        GamePos p = *pos;
        GameUndo u;
        g->make(&p, list[i], &u);
        int st = standing(g, &p, me), rank;
        if (st == 2) rank = 1 << 20;                 /* wins at once */
        else if (st == 0) rank = 0;                  /* loses at once */
        else if (game_result(g, &p) != RESULT_NONE) rank = 1; /* a draw */
        else if (g->player_to_move(&p) != me && opponent_wins(g, &p, me)) rank = 1;
        else rank = 2 + (g->is_noisy(pos, list[i]) ? 1 + (g->noisy_value(pos, list[i]) > 0 ? g->noisy_value(pos, list[i]) : 0) : 0);
        if (rank > best_rank) best_rank = rank, n_best = 0;
        if (rank == best_rank) best[n_best++] = list[i];
    }
    return best[prng_below(rng, (uint32_t)n_best)];
}

int main(int argc, char **argv) { return player_main("Greedy", choose, argc, argv); }
