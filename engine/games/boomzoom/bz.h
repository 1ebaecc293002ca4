/* bz.h — Boom & Zoom's internal representation, shared by the module's files only: the
 * position (bitboards of towers and heights), the move bits and the read-only tables. */
#ifndef SIMIA_BZ_H
#define SIMIA_BZ_H

#include "../../game.h"
#include "../common/hot.h"
#include "../common/board8.h"

/* Players as the position stores them: index 0 is player 1 ('T', bears off through rank 8),
 * index 1 player 2 ('t', through rank 1). */
enum { BZ_P1 = 0, BZ_P2 = 1 };
enum { BZ_MAX_HEIGHT = 3, BZ_CHECKERS = 24, BZ_TOWERS = 8 };

typedef struct {
    Bb occ[2];  /* towers of each player */
    Bb tall2;   /* towers (of either player) of height 2 or 3 */
    Bb tall3;   /* towers of height 3 */
    uint8_t height[B8_SQ]; /* 0 on an empty square */
    uint8_t stm;           /* BZ_P1 or BZ_P2 */
    uint8_t off[2];        /* checkers borne off */
    uint8_t pad;
    int32_t limit;      /* NoProgressPlies of this game (0: off), from the GameConfig */
    int32_t noprogress; /* plies since the last boom or bear-off */
    int32_t ply;
    Key key; /* the board, the side to move and the off counts: never the two counters */
} BZPos;
_Static_assert(sizeof(BZPos) <= GAME_POS_BYTES, "BZPos must fit a GamePos");

typedef struct {
    Key key;
    int32_t noprogress;
    uint8_t height; /* bear-off: the height of the tower that left */
} BZUndo;
_Static_assert(sizeof(BZUndo) <= GAME_UNDO_BYTES, "BZUndo must fit a GameUndo");

/* Move bits: from (0-5), to (6-11; 0 for a bear-off), and the kind. A zoom has no flag.
 * No other bit is ever set, and no move is 0 (a zoom's to differs from its from). */
enum { MF_BOOM = 1u << 12, MF_OFF = 1u << 13, MF_ALL = (1u << 14) - 1 };
static inline int mv_from(Move m) { return (int)(m & 63); }
static inline int mv_to(Move m) { return (int)((m >> 6) & 63); }
static inline Move mv_make(int from, int to, Move flags) { return (Move)from | (Move)to << 6 | flags; }

/* Read-only tables, made once by bz_init_tables. The Zobrist keys' seed and drawing order
 * are frozen (books and suites depend on them). */
extern Key bz_z_tower[2][BZ_MAX_HEIGHT + 1][B8_SQ], bz_z_p2, bz_z_off[2][BZ_CHECKERS + 1];
void bz_init_tables(void);

/* The square index step of each direction (N +8, NE +9, ...). */
static inline int bz_delta(int dir) { return B8_DR[dir] * 8 + B8_DF[dir]; }

/* The forward directions of a player (towards its far rank) and its rank masks by the
 * number of ranks left before the far rank (0: on it). */
static inline int bz_forward(int player, int i) {
    static const int8_t FWD[2][3] = {{DIR_N, DIR_NE, DIR_NW}, {DIR_S, DIR_SE, DIR_SW}};
    return FWD[player][i];
}
static inline Bb bz_ranks_left(int player, int k) { return b8_rank_bb(player == BZ_P1 ? 7 - k : k); }

/* The towers of player c that bear off: on the far rank any tower; k ranks before it a
 * tower of height k + 1 or more whose first k squares along a forward direction are empty
 * (b8_shift drops lines that leave through a side edge: those are not bear-off lines). */
static inline Bb bz_bear_offs(const BZPos *p, int c, Bb empty) {
    Bb own = p->occ[c];
    Bb off = own & bz_ranks_left(c, 0);
    Bb r1 = own & p->tall2 & bz_ranks_left(c, 1), r2 = own & p->tall3 & bz_ranks_left(c, 2);
    if (r1 | r2) {
        for (int i = 0; i < 3; i++) {
            int back = b8_dir_opposite(bz_forward(c, i));
            Bb a1 = b8_shift(empty, back); /* squares whose next square forward is empty */
            off |= (r1 & a1) | (r2 & b8_shift(empty & a1, back));
        }
    }
    return off;
}

/* The squares that player c's towers reach along direction d, by distance: r[k] holds the
 * squares k + 1 steps away (each from exactly one tower, the square minus k + 1 steps)
 * over empty squares only before it. A tower reaches as far as its height. */
static inline void bz_reach(const BZPos *p, int c, int d, Bb empty, Bb r[BZ_MAX_HEIGHT]) {
    Bb own = p->occ[c];
    Bb e1 = b8_shift(own & p->tall2, d) & empty;
    r[0] = b8_shift(own, d);
    r[1] = b8_shift(e1, d);
    r[2] = b8_shift(b8_shift(e1 & b8_shift(own & p->tall3, d), d) & empty, d);
}

/* X(d) for each direction, written out: b8_shift is a switch on the direction, which
 * folds away only where the direction is a constant (a loop measured 40% slower). */
#define BZ_EACH_DIR(X) X(DIR_N) X(DIR_NE) X(DIR_E) X(DIR_SE) X(DIR_S) X(DIR_SW) X(DIR_W) X(DIR_NW)

/* The enemy towers player c can boom now. */
static inline Bb bz_boomable(const BZPos *p, int c) {
    Bb enemy = p->occ[c ^ 1], empty = ~(p->occ[c] | enemy), hit = 0;
    Bb r[DIR_NB][BZ_MAX_HEIGHT];
#define BZ_HIT(d) (bz_reach(p, c, d, empty, r[d]), hit |= r[d][0] | r[d][1] | r[d][2]);
    BZ_EACH_DIR(BZ_HIT)
#undef BZ_HIT
    return hit & enemy;
}

/* The moves the quiescence search tries: booms and bear-offs, the moves that change the
 * material and the score (and reset the no-progress counter). */
static inline bool bz_noisy(Move m) { return (m & (MF_BOOM | MF_OFF)) != 0; }


/* The game's end as the position decides it: a player without towers, or the no-progress
 * counter at its limit. */
static inline bool bz_over(const BZPos *p) {
    return !p->occ[0] || !p->occ[1] || (p->limit > 0 && p->noprogress >= p->limit);
}
/* Every end is scored by checkers borne off, for the player to move. */
static inline Outcome bz_score_outcome(const BZPos *p) {
    int me = p->off[p->stm], them = p->off[p->stm ^ 1];
    return me > them ? OUTCOME_WIN : me < them ? OUTCOME_LOSS : OUTCOME_DRAW;
}

/* Board and notation (bz_board.c). */
Key bz_compute_key(const BZPos *p);
void bz_startpos(GamePos *gp, const GameConfig *cfg);
bool bz_mirror(GamePos *gp);
bool bz_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void bz_print_pos(const GamePos *gp, char *out);
void bz_display(const GamePos *gp, char *out, size_t size);
void bz_end_reason(const GamePos *gp, char *out);
Move bz_parse_move(const GamePos *gp, const char *text);
void bz_print_move(const GamePos *gp, Move m, char *out);

/* The hot code (bz_eval.c, bz_make.c, bz_movegen.c) is built twice by the kit's dispatch (common/hot.h):
 * its exported functions are named KIT_HOT(name); bz_hot is the table of its entries. */
Move KIT_HOT(bz_winning_move)(const GamePos *gp);
KIT_DECLARE_HOT(bz);

/* The pass of null-move pruning (bz_make.c; not hot). */
bool bz_make_null(GamePos *gp, GameUndo *u);
void bz_unmake_null(GamePos *gp, const GameUndo *u);

/* The evaluation's breakdown for people (bz_eval.c). */
void bz_eval_trace(const GamePos *gp, char *out, size_t size);

/* Game option indices in GameConfig. */
enum { BZ_OPT_NO_PROGRESS, BZ_OPT_NB };

/* The position as the learned evaluation's sparse features (bz_features.c). */
enum { BZ_NNUE_FEATURES = 432 };
/* A view lists a tower per square held and a checker per checker borne off: each tower holds
 * one checker or more, and a side has 24 on the board and off together (parse_pos checks it). */
enum { BZ_NNUE_MAX_ACTIVE = 2 * BZ_CHECKERS };
int bz_features(const GamePos *gp, int persp, uint32_t *out);
/* In view v (the viewer's side 0, the other's 1, the board turned so that the viewer moves
 * north): a tower of owner, h high, on sq is (side * 3 + h - 1) * 64 + sq; then for each side a
 * thermometer of checkers borne off (feature k on while at least k + 1 are off). */
enum { BZ_F_OFF = 2 * BZ_MAX_HEIGHT * B8_SQ };
static inline uint32_t bz_feature_tower(int v, int owner, int sq, int h) {
    return (uint32_t)(((owner ^ v) * BZ_MAX_HEIGHT + h - 1) * B8_SQ + (sq ^ (v == BZ_P1 ? 0 : 56)));
}
static inline uint32_t bz_feature_off(int v, int owner, int k) {
    return (uint32_t)(BZ_F_OFF + (owner ^ v) * BZ_CHECKERS + k);
}
void KIT_HOT(bz_make_delta)(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);

#endif
