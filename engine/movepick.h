/* movepick.h — staged move ordering for one node: the hash move, then noisy moves by
 * victim and attacker, killers and the counter move, then quiet moves by history. */
#ifndef SIMIA_MOVEPICK_H
#define SIMIA_MOVEPICK_H

#include "game.h"

/* History scores live in [-HISTORY_MAX, HISTORY_MAX]. */
#define HISTORY_MAX 16384

/* A cut's history bonus at depth: HistMul x depth^2, at most HistMax (deep cuts say more, but
 * one deep cut must not drown every other record). */
static inline int history_bonus(int depth, int hist_mul, int hist_max) {
    int b = depth * depth * hist_mul;
    return b > hist_max ? hist_max : b;
}

/* A quiet move that cut goes first among a ply's two killers; the one it displaces, second. */
static inline void killers_push(Move killer[2], Move m) {
    if (killer[0] != m) killer[1] = killer[0], killer[0] = m;
}

/* A history entry moved by bonus with gravity: the further it already is on the bonus's side,
 * the less it moves, so it stays within +-HISTORY_MAX and old records fade. */
static inline void history_update(int16_t *h, int bonus) {
    int v = *h + bonus - *h * (bonus < 0 ? -bonus : bonus) / HISTORY_MAX;
    *h = (int16_t)v;
}

/* Continuation history as a move picker reads it: the rows of what followed the last two
 * moves (NULL: none), the mover's first column and the weight (ContHist); weight 0: unused. */
typedef struct {
    const int16_t *row[2];
    int col0, weight;
} ContRows;

typedef struct {
    const GameOps *g;
    const GamePos *pos;
    const int16_t *history; /* the mover's quiet history, indexed by history_index */
    ContRows cont;
    bool bad_noisy_last; /* noisy moves that lose the exchange wait until after the quiet ones */
    int n_bad, cur_bad;
    Move bad[MAX_MOVES];
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
/* The main search's extras: continuation history and losing exchanges last. */
void mp_set_extras(MovePicker *mp, const ContRows *cont, bool bad_noisy_last);
/* A quiet move's continuation score (0 when unused), as the picker orders by it. */
static inline int mp_cont_score(const ContRows *c, const GameOps *g, const GamePos *pos, Move m) {
    if (!c->weight) return 0;
    int col = c->col0 + g->cont_index(pos, m), s = 0;
    for (int i = 0; i < 2; i++)
        if (c->row[i]) s += c->row[i][col];
    return s * c->weight / 2;
}
/* Quiescence: the hash move if noisy, then the noisy moves. In check, every move (evasions). */
void mp_init_qs(MovePicker *mp, const GameOps *g, const GamePos *pos, Move tt_move, bool all_moves,
                const int16_t *history);
/* The next move, MOVE_NONE when done. skip_quiets: the caller wants no more quiet moves. */
Move mp_next(MovePicker *mp, bool skip_quiets);

#endif
