/* mad.h — M.A.D.'s internal representation, shared by the module's files only: the
 * position (stack heights as bitboards of "at least h"), the move bits, the tables. */
#ifndef SIMIA_MAD_H
#define SIMIA_MAD_H

#include "../../game.h"
#include "../common/hot.h"
#include "../common/board8.h"

/* Players are the core's PLAYER_1 = 0 (starts on rank 2, aims at rank 8) and PLAYER_2 = 1. */
enum { MAD_MAX_HEIGHT = 4, MAD_MAX_CHECKERS = 32, MAD_MAX_PLY = 1000000000 };

typedef struct {
    /* atl[p][j]: squares holding a stack of player p at least j + 1 high; atl[p][0] is all
     * of p's squares. Move counting needs exactly these sets: j + 1 more checkers fit on a
     * friendly stack unless it is at least 4 - j high. */
    Bb atl[2][MAD_MAX_HEIGHT];
    Key key;          /* board and side to move; not the counters (repetition) */
    int32_t noprog;   /* plies since the last combat */
    int32_t ply;      /* moves made since the start */
    int32_t limit;    /* NoProgressPlies of this game (0: off), so terminal() needs no config */
    uint8_t stm;      /* player to move */
    uint8_t pad[3];
    uint8_t h[B8_SQ]; /* stack height, 0 = empty (the owner is in atl[.][0]) */
} MadPos;
_Static_assert(sizeof(MadPos) <= GAME_POS_BYTES, "MadPos must fit a GamePos");

typedef struct {
    Key key;
    int32_t noprog;
    uint8_t dst_h;     /* what the destination (a lunge's last square) held before */
    uint8_t dst_owner;
} MadUndo;
_Static_assert(sizeof(MadUndo) <= GAME_UNDO_BYTES, "MadUndo must fit a GameUndo");

/* Move bits: from (0-5), to (6-11), checkers leaving the stack (12-14: k of a simple move,
 * L of a lunge), lunge (15), combat at the destination (16). Every other bit is 0, and k
 * >= 1 keeps every move away from MOVE_NONE. The flags are facts of the position, checked
 * by is_legal, so that ordering and make need no lookups. */
enum { MV_LUNGE = 1u << 15, MV_COMBAT = 1u << 16, MV_ALL_BITS = (1u << 17) - 1 };
static inline int mv_from(Move m) { return (int)(m & 63); }
static inline int mv_to(Move m) { return (int)(m >> 6 & 63); }
static inline int mv_count(Move m) { return (int)(m >> 12 & 7); }
static inline bool mv_lunge(Move m) { return (m & MV_LUNGE) != 0; }
static inline bool mv_combat(Move m) { return (m & MV_COMBAT) != 0; }
static inline Move mv_make(int from, int to, int count, bool lunge, bool combat) {
    return (Move)from | (Move)to << 6 | (Move)count << 12 | (lunge ? MV_LUNGE : 0) | (combat ? MV_COMBAT : 0);
}

/* The goal row of player p: the rank p wins on (player 1 aims at rank 8, player 2 at 1). */
static inline Bb mad_goal(int p) { return p ? B8_RANK_1 : B8_RANK_8; }

/* The row next to player p's goal row: a stack there threatens to win. */
static inline Bb mad_pre_goal(int p) { return p ? b8_rank_bb(1) : b8_rank_bb(6); }

/* The destinations of the player to move that make a move noisy (quiescence searches
 * them): enemy stacks (combat) and the row before the goal (a threat to win, which the
 * opponent must answer). Matches chose this set (see the README). */
static inline Bb mad_loud(const MadPos *p) { return p->atl[p->stm ^ 1][0] | mad_pre_goal(p->stm); }

/* Read-only tables, built once by mad_init_tables(). */
/* mad_dir[a][b]: the direction from a to b when b lies 2 or 3 steps away on one of a's
 * eight lines (a lunge's last square), else DIR_NB. */
extern uint8_t mad_dir[B8_SQ][B8_SQ];
/* Zobrist keys: a stack of height h (1..4) of player p on sq; index 0 is 0, so that an
 * empty square needs no test. The values, seed and drawing order are frozen (books). */
extern Key mad_z[2][B8_SQ][MAD_MAX_HEIGHT + 1], mad_z_p2;
void mad_init_tables(void);

static inline int mad_owner(const MadPos *p, int sq) { return (int)(p->atl[1][0] >> sq & 1); }
static inline Bb mad_occ(const MadPos *p) { return p->atl[0][0] | p->atl[1][0]; }

/* Sets sq to height h (0: empty) of player owner, from whatever it held. */
static inline void mad_set(MadPos *p, int sq, int owner, int h) {
    Bb b = bb_bit(sq);
    int old = p->h[sq], old_owner = mad_owner(p, sq);
    p->key ^= mad_z[old_owner][sq][old] ^ mad_z[owner][sq][h];
    for (int j = 0; j < MAD_MAX_HEIGHT; j++) {
        p->atl[0][j] &= ~b;
        p->atl[1][j] &= ~b;
        p->atl[owner][j] |= j < h ? b : 0;
    }
    p->h[sq] = (uint8_t)h;
}

/* The rules' status of a position (rules 1-6 of the rules file), for the player to move. */
static inline Outcome mad_status(const MadPos *p) {
    int s = p->stm, m = s ^ 1;
    Bb mine = p->atl[s][0], theirs = p->atl[m][0];
    if (theirs & mad_goal(m)) return OUTCOME_LOSS;
    if (mine & mad_goal(s)) return OUTCOME_WIN;
    if (!mine) return theirs ? OUTCOME_LOSS : OUTCOME_DRAW;
    if (!theirs) return OUTCOME_WIN;
    if (p->limit && p->noprog >= p->limit) return OUTCOME_DRAW;
    return OUTCOME_ONGOING;
}

/* Board and notation (mad_board.c). */
Key mad_compute_key(const MadPos *p);
void mad_startpos(GamePos *gp, const GameConfig *cfg);
bool mad_mirror(GamePos *gp);
bool mad_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void mad_print_pos(const GamePos *gp, char *out);
void mad_display(const GamePos *gp, char *out, size_t size);
void mad_end_reason(const GamePos *gp, char *out);
Move mad_parse_move(const GamePos *gp, const char *text);
void mad_print_move(const GamePos *gp, Move m, char *out);

/* The hot code (mad_eval.c, mad_make.c, mad_movegen.c) is built twice by the kit's dispatch (common/hot.h):
 * its exported functions are named KIT_HOT(name); mad_hot is the table of its entries. */
bool KIT_HOT(mad_in_check)(const GamePos *gp);
Move KIT_HOT(mad_winning_move)(const GamePos *gp);
KIT_DECLARE_HOT(mad);

bool mad_make_null(GamePos *gp, GameUndo *u);
void mad_unmake_null(GamePos *gp, const GameUndo *u);
void mad_eval_trace(const GamePos *gp, char *out, size_t size);

/* Game option indices in GameConfig. */
enum { MAD_OPT_NOPROGRESS, MAD_OPT_NB };

/* The position as the learned evaluation's sparse features (mad_features.c). */
enum { MAD_NNUE_FEATURES = 512 };
/* One stack per square at most. */
enum { MAD_NNUE_MAX_ACTIVE = 64 };
int mad_features(const GamePos *gp, int persp, uint32_t *out);
/* A stack of owner, h high (1..MAD_MAX_HEIGHT), on sq, in view v: the viewer's (side 0) or the
 * other's, the board turned so that the viewer aims north. */
static inline uint32_t mad_feature(int v, int owner, int sq, int h) {
    return (uint32_t)(((owner ^ v) * MAD_MAX_HEIGHT + h - 1) * B8_SQ + (sq ^ (v == PLAYER_1 ? 0 : 56)));
}
void KIT_HOT(mad_make_delta)(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);

#endif
