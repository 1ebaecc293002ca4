/* game.c — what the core derives from the game contract alone: a position's result. */
#include "game.h"

GameResult game_result(const GameOps *g, const GamePos *pos) {
    Outcome o = g->terminal(pos);
    if (o == OUTCOME_ONGOING && g->count_moves(pos) == 0) o = g->no_moves_outcome(pos);
    if (o == OUTCOME_ONGOING) return RESULT_NONE;
    if (o == OUTCOME_DRAW) return RESULT_DRAW;
    int winner = g->player_to_move(pos) ^ (o == OUTCOME_LOSS);
    return winner == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN;
}
