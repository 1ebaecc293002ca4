/* dt.h — Dragons Teeth's internal representation, shared by the module's files only: the
 * position (bitboards, strengths, assist sums), the move bits and the read-only tables. */
#ifndef SIMIA_DT_H
#define SIMIA_DT_H

#include "../../game.h"
#include "../common/hot.h"
#include "../common/board8.h"

/* Players are indexed as the core numbers them: PLAYER_1 (T, exits through rank 8) = 0,
 * PLAYER_2 (t, exits through rank 1) = 1. A tooth's strength is 1, 2 or 3. */
enum { DT_WIN_OFF = 6, DT_MAX_OFF = 8, DT_TEETH_PER_KIND = 8, DT_MAX_COUNTER = 1000000000 };

typedef struct {
    Bb occ[2];      /* teeth of each player */
    Bb by_str[2][4]; /* teeth of each player by strength (index 1..3; 0 unused, kept 0) */
    /* assist[p][sq]: the total strength of p's teeth on the squares next to sq, kept up to
     * date by make: the strength test of an elimination is then one byte read (see
     * dt_movegen.c). At most 8 * 3 = 24, so the bytes are added 8 at a time in words. */
    union {
        uint8_t b[2][B8_SQ];
        uint64_t w[2][B8_SQ / 8];
    } assist;
    uint8_t str[B8_SQ]; /* strength of the tooth on sq, 0 when empty */
    uint8_t stm;         /* player to move */
    uint8_t off[2];      /* strength each player has moved off the board */
    uint8_t material[2]; /* strength each player has on the board */
    uint8_t dead_rule;   /* option DeadPosition, for terminal() */
    uint8_t pad[2];
    int32_t limit;    /* option NoProgressPlies (0 = off), for terminal() */
    int32_t noprog;   /* plies since the last elimination or exit */
    int32_t ply;      /* moves made since the start, passes included */
    Key key;          /* Zobrist key: board, side, off totals, rule options; no counters */
} DTPos;
_Static_assert(sizeof(DTPos) <= GAME_POS_BYTES, "DTPos must fit a GamePos");

typedef struct {
    Key key;
    int32_t noprog;
} DTUndo;
_Static_assert(sizeof(DTUndo) <= GAME_UNDO_BYTES, "DTUndo must fit a GameUndo");

/* Move bits: from (0-5), to (6-11, 0 for an exit), the kind, and the strengths of the
 * mover and of the victim, so that make and ordering need no lookups; is_legal compares a
 * value with the one the generator would make, so every bit is checked. */
enum {
    DT_MF_CAPTURE = 1u << 12, /* elimination: to holds an enemy tooth */
    DT_MF_EXIT = 1u << 13,
    DT_MOVER_SHIFT = 14,  /* 2 bits: the mover's strength */
    DT_VICTIM_SHIFT = 16, /* 2 bits: the victim's strength (eliminations only) */
    DT_MOVE_PASS = 1u << 18,
};
static inline int dt_from(Move m) { return (int)(m & 63); }
static inline int dt_to(Move m) { return (int)((m >> 6) & 63); }
static inline int dt_mover(Move m) { return (int)((m >> DT_MOVER_SHIFT) & 3); }
static inline int dt_victim(Move m) { return (int)((m >> DT_VICTIM_SHIFT) & 3); }
static inline Move dt_quiet(int from, int to, int s) {
    return (Move)from | (Move)to << 6 | (Move)s << DT_MOVER_SHIFT;
}
static inline Move dt_capture(int from, int to, int s, int v) {
    return dt_quiet(from, to, s) | DT_MF_CAPTURE | (Move)v << DT_VICTIM_SHIFT;
}
static inline Move dt_exit(int from, int s) { return (Move)from | DT_MF_EXIT | (Move)s << DT_MOVER_SHIFT; }

/* ---- read-only tables, made once by dt_init_tables ---- */

/* Queen attacks by magic multiplication: the squares a tooth on sq sees along its eight
 * lines, each line up to and including its first occupied square. */
typedef struct {
    Bb mask;   /* relevant occupancy: the lines without their last square */
    Bb magic;
    const Bb *table;
    unsigned shift;
} DTMagic;
extern DTMagic dt_rook_magic[B8_SQ], dt_bishop_magic[B8_SQ];

static inline Bb dt_rook(int sq, Bb occ) {
    const DTMagic *m = &dt_rook_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline Bb dt_bishop(int sq, Bb occ) {
    const DTMagic *m = &dt_bishop_magic[sq];
    return m->table[((occ & m->mask) * m->magic) >> m->shift];
}
static inline Bb dt_queen(int sq, Bb occ) { return dt_rook(sq, occ) | dt_bishop(sq, occ); }

/* dt_exit_ray[p][sq][i]: the squares that must be empty for p's tooth on sq to exit along
 * its i-th forward direction (N, NE, NW for player 1; S, SE, SW for player 2): from the
 * first step to the far rank. The empty set on the far rank itself (a tooth there always
 * exits); all squares (never empty, the tooth stands on one) where that direction meets a
 * side edge first. */
extern Bb dt_exit_ray[2][B8_SQ][3];
/* dt_king_bytes[sq]: a byte 1 at each neighbour of sq (64 bytes as 8 words), to add a
 * tooth's strength to the assist sums of its neighbours 8 squares at a time. */
extern uint64_t dt_king_bytes[B8_SQ][8];

/* Zobrist keys (frozen: seed and drawing order in dt_tables.c). dt_z_nodead marks a game
 * played with DeadPosition off, whose positions end differently (NoProgressPlies needs no
 * key: the search folds the plies left into its table's key near the end). */
extern Key dt_z_tooth[2][4][B8_SQ], dt_z_side, dt_z_off[2][DT_MAX_OFF + 1], dt_z_nodead;

void dt_init_tables(void);

/* ---- small helpers ---- */

static inline bool dt_can_exit(const DTPos *p, int c, int sq) {
    Bb occ = p->occ[0] | p->occ[1];
    const Bb *r = dt_exit_ray[c][sq];
    return !(r[0] & occ) || !(r[1] & occ) || !(r[2] & occ);
}

/* The strength test of every elimination the player to move could make, as two sets of
 * enemy teeth. With A the assist sum around target t (the mover's teeth next to t, the
 * mover included if it is one of them) and need = strength(t) - A:
 * - need <= 0: any tooth that reaches t may eliminate it (a tooth next to t counts once,
 *   as the mover: m + (A - m) = A >= strength(t));
 * - need >= 1: a tooth next to t already counts in A, so it fails; a tooth further away
 *   succeeds exactly when its own strength m >= need.
 * So a tooth of strength m on f eliminates, of the teeth it reaches, those in
 * easy | (upto[m] & ~neighbours(f)), upto[m] holding the targets with 1 <= need <= m. */
typedef struct {
    Bb easy;
    Bb upto[4];
} Targets;

static inline Targets dt_targets(const DTPos *p, int me) {
    Targets t = {0, {0, 0, 0, 0}};
    Bb by_need[4] = {0, 0, 0, 0};
    const uint8_t *assist = p->assist.b[me];
    for (Bb b = p->occ[me ^ 1]; b;) {
        int sq = bb_pop_lsb(&b);
        int need = (int)p->str[sq] - (int)assist[sq];
        if (need <= 0) t.easy |= bb_bit(sq);
        else by_need[need] |= bb_bit(sq);
    }
    t.upto[1] = by_need[1];
    t.upto[2] = t.upto[1] | by_need[2];
    t.upto[3] = t.upto[2] | by_need[3];
    return t;
}

static inline Bb dt_eliminations(const Targets *t, int from, int s) {
    return t->easy | (t->upto[s] & ~b8_king[from]);
}


/* Which moves are noisy (quiescence searches them, ordering tries them first): exits and
 * eliminations, the two kinds of move that change the material or the off totals. */
enum { DT_NOISY_EXITS = 1, DT_NOISY_ELIMINATIONS = 1 };

/* The evaluation's value of a tooth on the board by strength, and of a strength point
 * moved off (twice a point on the board: the off total is what wins); the static exchange
 * uses the same values (an exit gains the points off less the tooth). DT_VALUE_1 is the
 * unit. OFF 150 lost and 300-600 gained nothing over 200 once advance was in (README). */
enum { DT_VALUE_1 = 100, DT_VALUE_2 = 200, DT_VALUE_3 = 300, DT_OFF_POINT = 200 };
static const int DT_VALUE[4] = {0, DT_VALUE_1, DT_VALUE_2, DT_VALUE_3};
static inline int dt_exit_gain(int s) { return s * DT_OFF_POINT - DT_VALUE[s]; }

/* Game end by the position alone (off totals, dead position, the counter), for the
 * player to move. */
static inline Outcome dt_terminal_of(const DTPos *p) {
    int me = p->stm, op = me ^ 1;
    if (p->off[me] >= DT_WIN_OFF) return OUTCOME_WIN;
    if (p->off[op] >= DT_WIN_OFF) return OUTCOME_LOSS;
    if (p->dead_rule && p->off[0] + p->material[0] < DT_WIN_OFF && p->off[1] + p->material[1] < DT_WIN_OFF)
        return OUTCOME_DRAW;
    if (p->limit && p->noprog >= p->limit) return OUTCOME_DRAW;
    return OUTCOME_ONGOING;
}

/* Board and notation (dt_board.c). */
void dt_startpos(GamePos *gp, const GameConfig *cfg);
bool dt_mirror(GamePos *gp);
bool dt_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void dt_print_pos(const GamePos *gp, char *out);
void dt_display(const GamePos *gp, char *out, size_t size);
void dt_end_reason(const GamePos *gp, char *out);
Move dt_parse_move(const GamePos *gp, const char *text);
void dt_print_move(const GamePos *gp, Move m, char *out);
Key dt_compute_key(const DTPos *p);

/* The hot code (dt_eval.c, dt_make.c, dt_movegen.c, dt_see.c) is built twice by the kit's dispatch (common/hot.h):
 * its exported functions are named KIT_HOT(name); dt_hot is the table of its entries. */
bool KIT_HOT(dt_in_check)(const GamePos *gp);
Move KIT_HOT(dt_winning_move)(const GamePos *gp);
bool KIT_HOT(dt_see_ge)(const GamePos *gp, Move m, int threshold);
KIT_DECLARE_HOT(dt);

bool dt_make_null(GamePos *gp, GameUndo *u);
void dt_unmake_null(GamePos *gp, const GameUndo *u);
void dt_eval_trace(const GamePos *gp, char *out, size_t size);

/* Game option indices in GameConfig. */
enum { DT_OPT_SETUP, DT_OPT_NOPROGRESS, DT_OPT_DEAD, DT_OPT_NB };

/* The position as the learned evaluation's sparse features (dt_features.c). */
enum { DT_NNUE_FEATURES = 400 };
/* A tooth per square held (at most 8 of each strength a side, parse_pos checks it) and the
 * strength moved off (at most DT_MAX_OFF a side). */
enum { DT_NNUE_MAX_ACTIVE = 2 * (3 * DT_TEETH_PER_KIND + DT_MAX_OFF) };
int dt_features(const GamePos *gp, int persp, uint32_t *out);
/* In view v (the viewer's side 0, the other's 1, the board turned so that the viewer's side
 * is at the bottom): a tooth of owner of strength s on sq is (side * 3 + s - 1) * 64 + sq; then
 * for each side a thermometer of strength moved off (feature k on while at least k + 1 is off). */
enum { DT_F_OFF = 2 * 3 * B8_SQ };
static inline uint32_t dt_feature_tooth(int v, int owner, int sq, int s) {
    return (uint32_t)(((owner ^ v) * 3 + s - 1) * B8_SQ + (sq ^ (v == PLAYER_1 ? 0 : 56)));
}
static inline uint32_t dt_feature_off(int v, int owner, int k) { return (uint32_t)(DT_F_OFF + (owner ^ v) * DT_MAX_OFF + k); }
void KIT_HOT(dt_make_delta)(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);

#endif
