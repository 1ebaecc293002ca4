/* movepick.h — staged move ordering for one node: the hash move, then noisy moves by
 * victim and attacker, killers and the counter move, then quiet moves by history. */
#ifndef SIMIA_MOVEPICK_H
#define SIMIA_MOVEPICK_H

#include "game.h"

/* History scores live in [-HISTORY_MAX, HISTORY_MAX]. */
#define HISTORY_MAX 16384

typedef struct {
    const GameOps *g;
    const GamePos *pos;
    const int16_t *history; /* the mover's quiet history, indexed by history_index */
    Move tt_move, killer[2], counter;
    int stage;
    bool noisy_only; /* quiescence: noisy moves only (after the hash move) */
    int n, cur;
    Move list[MAX_MOVES];
    int32_t score[MAX_MOVES];
} MovePicker;

/* tt_move, killers and counter may be MOVE_NONE or anything (they are checked for legality). */
void mp_init(MovePicker *mp, const GameOps *g, const GamePos *pos, Move tt_move, const Move killer[2],
             Move counter, const int16_t *history);
/* Quiescence: the hash move if noisy, then the noisy moves. In check, every move (evasions). */
void mp_init_qs(MovePicker *mp, const GameOps *g, const GamePos *pos, Move tt_move, bool all_moves,
                const int16_t *history);
/* The next move, MOVE_NONE when done. skip_quiets: the caller wants no more quiet moves. */
Move mp_next(MovePicker *mp, bool skip_quiets);

#endif
