/* game.c — what the core derives from the game contract alone: a position's result, why its
 * game ended and its stage. */
#include "game.h"

#include <stdio.h>

GameResult game_result(const GameOps *g, const GamePos *pos) {
    Outcome o = g->terminal(pos);
    if (o == OUTCOME_ONGOING && g->count_moves(pos) == 0) o = g->no_moves_outcome(pos);
    if (o == OUTCOME_ONGOING) return RESULT_NONE;
    if (o == OUTCOME_DRAW) return RESULT_DRAW;
    int winner = g->player_to_move(pos) ^ (o == OUTCOME_LOSS);
    return winner == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN;
}

void game_end_reason(const GameOps *g, const GamePos *pos, char *out) {
    out[0] = '\0';
    if (game_result(g, pos) == RESULT_NONE) return;
    if (g->caps.end_reason) g->end_reason(pos, out);
    if (!out[0] && g->terminal(pos) == OUTCOME_ONGOING) snprintf(out, REASON_STR_MAX, "no legal move");
}

int game_nnue_buckets(const GameOps *g) { return g->nnue_buckets > 1 ? g->nnue_buckets : 1; }

int game_nnue_bucket(const GameOps *g, const GamePos *pos) { return g->nnue_buckets > 1 ? g->nnue_bucket(pos) : 0; }
