/* zoo.h — Zoo Contest's internal representation, shared by the module's files only: the
 * position (a mailbox of shared squares plus piece lists), move bits, keys and rule helpers. */
#ifndef SIMIA_ZOO_H
#define SIMIA_ZOO_H

#include "../../game.h"

/* Squares are rank * 16 + file (files 0..14, ranks 0..14). File 15 is never on a board
 * (Width <= 15), so a single step off the west or east edge always lands on an off-board
 * square; longer lines are walked one step at a time and checked at every step. */
enum { ZOO_STRIDE = 16, ZOO_SQ_NB = 256, ZOO_NO_SQ = 255, ZOO_MAX_W = 15, ZOO_MAX_H = 15 };
enum { ZOO_MIN_W = 5, ZOO_MIN_H = 4, ZOO_DEF_W = 5, ZOO_DEF_H = 5 };
static inline int zoo_sq(int file, int rank) { return rank * ZOO_STRIDE + file; }
static inline int zoo_file(int sq) { return sq & 15; }
static inline int zoo_rank(int sq) { return sq >> 4; }

/* A cell is what stands on a square: one bit per (player, kind) — a square never holds two
 * pieces of one kind and player — and a Royal mark for each player's mouse. The Royal
 * marks of elephants and monkeys live in ZooState.royal (one piece each). */
enum { K_ELEPHANT, K_MONKEY, K_MOUSE, K_NB };
#define C_E(p) ((uint8_t)(1u << (3 * (p))))
#define C_M(p) ((uint8_t)(2u << (3 * (p))))
#define C_S(p) ((uint8_t)(4u << (3 * (p))))
#define C_T(p) ((uint8_t)(0x40u << (p))) /* the mouse of player p here is Royal */
#define C_PIECE(p, k) ((uint8_t)(1u << (3 * (p) + (k))))
#define C_MICE (C_S(0) | C_S(1))
#define C_PIECES 0x3F

/* Pending retreat kinds (ZooState.pend). */
enum { PEND_NONE, PEND_ELEPHANT, PEND_MONKEY };

/* Everything but the board: piece lists, marks, flags, turn state and the counters. make
 * copies it whole into the undo record, so it stays small. */
typedef struct {
    uint8_t esq[2], msq[2]; /* elephant and monkey squares */
    uint8_t mice[2][4];     /* mouse squares, ZOO_NO_SQ for a free slot (that mouse is pooled) */
    uint8_t nmice[2];       /* mice on the board; the pool holds 4 - nmice */
    uint8_t royal;          /* bit 2p: p's elephant is Royal, bit 2p+1: p's monkey */
    uint8_t eflag;          /* bit p: p's elephant has never moved (first-move restriction) */
    uint8_t goals;          /* bit 3p + kind: p's goal flag of that kind (E, M, S) */
    uint8_t side;           /* the player who decides next */
    uint8_t pend;           /* PEND_*: a retreat waiting for its decision */
    uint8_t pend_owner;     /* owner of the retreating piece */
    uint8_t pend_sq;        /* its square */
    uint8_t pend_mover;     /* the player who made this turn's regular move */
    uint8_t w, h, longgame; /* the rules this game is played with */
    uint8_t pad;
    int32_t limit; /* NoProgressPlies (0 = off) */
    int32_t noprog;
    int32_t ply;
    Key key;
} ZooState;

typedef struct {
    ZooState st;
    uint8_t cell[ZOO_SQ_NB];
} ZooPos;
_Static_assert(sizeof(ZooPos) <= GAME_POS_BYTES, "ZooPos must fit a GamePos");

/* Undo: the state as it was, and the cells a move changed with their old contents. A ply
 * writes at most 12 cells: a mouse step with its spawn and relocation (4), two Royal marks,
 * an elephant's retreat with a removal (3) and a monkey's retreat with a fling (3). */
#define ZOO_UNDO_CELLS 16
typedef struct {
    ZooState st;
    uint8_t n;
    uint8_t sq[ZOO_UNDO_CELLS];
    uint8_t old[ZOO_UNDO_CELLS];
} ZooUndo;
_Static_assert(sizeof(ZooUndo) <= GAME_UNDO_BYTES, "ZooUndo must fit a GameUndo");

/* ---- moves ----------------------------------------------------------------------------
 * bits 0-7 from, 8-15 to, 16-23 the relocated mouse's square, 24-25 the spawn (0 none,
 * 1 file - 1, 2 file + 1 of the mouse's original square), 26 relocation, 27-29 the kind.
 * Unused fields are zero: one decision has exactly one encoding. A drop has from = 0. */
enum { MK_ELEPHANT = 1, MK_MONKEY, MK_MOUSE, MK_DROP, MK_ERETREAT, MK_MRETREAT, MK_PASS };
enum { SPAWN_NONE, SPAWN_WEST, SPAWN_EAST };
#define MV_RELOC (1u << 26)
static inline int mv_from(Move m) { return (int)(m & 0xFF); }
static inline int mv_to(Move m) { return (int)((m >> 8) & 0xFF); }
static inline int mv_reloc(Move m) { return (int)((m >> 16) & 0xFF); }
static inline int mv_spawn(Move m) { return (int)((m >> 24) & 3); }
static inline int mv_kind(Move m) { return (int)((m >> 27) & 7); }
static inline Move mv_make(int kind, int from, int to) {
    return (Move)from | (Move)to << 8 | (Move)kind << 27;
}
static inline Move mv_mouse(int from, int to, int spawn, int reloc) {
    return mv_make(MK_MOUSE, from, to) | (Move)spawn << 24 |
           (reloc != ZOO_NO_SQ ? MV_RELOC | (Move)reloc << 16 : 0);
}
#define ZOO_MOVE_PASS ((Move)MK_PASS << 27)
/* The square a spawn lands on, from the mouse's original square. */
static inline int spawn_sq(int from, int spawn) { return spawn == SPAWN_WEST ? from - 1 : from + 1; }

/* ---- geometry ------------------------------------------------------------------------ */

/* The eight steps, N NE E SE S SW W NW; the orthogonal ones are the even indices. */
extern const int ZOO_STEP[8];
static inline bool zoo_on(const ZooPos *p, int sq) {
    return (unsigned)sq < (unsigned)(p->st.h * ZOO_STRIDE) && (sq & 15) < p->st.w;
}
static inline int zoo_dist(int a, int b) {
    int df = zoo_file(a) - zoo_file(b), dr = zoo_rank(a) - zoo_rank(b);
    df = df < 0 ? -df : df, dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}
/* Rank of p's home row and far row; +16 or -16, one rank away from p's home. */
static inline int home_rank(const ZooPos *p, int pl) { return pl ? p->st.h - 1 : 0; }
static inline int far_rank(const ZooPos *p, int pl) { return pl ? 0 : p->st.h - 1; }
static inline int forward(int pl) { return pl ? -ZOO_STRIDE : ZOO_STRIDE; }

/* ---- rule tests on a cell ----------------------------------------------------------- */

/* Where p's mouse may step, spawn or be dropped: no enemy monkey, not p's elephant, no
 * mouse of p (an enemy elephant there is an invasion). */
static inline bool mouse_may_enter(uint8_t c, int pl) {
    return !(c & (C_M(pl ^ 1) | C_E(pl) | C_S(pl)));
}
/* Where p's elephant may step or retreat: no mouse, not the other elephant. */
static inline bool elephant_may_enter(uint8_t c, int pl) {
    return !(c & (C_MICE | C_E(pl ^ 1)));
}
/* Retreat way 3 (remover = owner of the elephant) or way 4 (remover = attacker): a mouse of
 * the remover whose removal leaves a square the elephant (of player `owner`) may enter. */
static inline bool removable_for(uint8_t c, int remover, int owner) {
    return (c & C_S(remover)) && !(c & (C_S(remover ^ 1) | C_E(owner ^ 1)));
}

/* ---- keys ---------------------------------------------------------------------------- */

typedef struct {
    Key piece[2][K_NB][2][ZOO_SQ_NB]; /* player, kind, Royal, square */
    Key side;                         /* player 2 decides */
    Key eflag[4];                     /* by the two flag bits */
    Key goals[64];                    /* by the six goal bits */
    Key pend[2][2][ZOO_SQ_NB];        /* pending: owner, kind - 1, square */
    Key pend_mover[2];
    Key config[ZOO_MAX_W + 1][ZOO_MAX_H + 1][2]; /* the board size and the long game */
} ZooKeys;
extern ZooKeys zoo_keys;
void zoo_init_tables(void);

/* The key of everything in the state but the board (flags, goals, turn, pending). */
static inline Key zoo_state_key(const ZooState *s) {
    Key k = zoo_keys.eflag[s->eflag] ^ zoo_keys.goals[s->goals];
    if (s->side) k ^= zoo_keys.side;
    if (s->pend)
        k ^= zoo_keys.pend[s->pend_owner][s->pend - 1][s->pend_sq] ^ zoo_keys.pend_mover[s->pend_mover];
    return k;
}
Key zoo_compute_key(const ZooPos *p);

/* ---- state helpers ------------------------------------------------------------------- */

static inline bool royal_e(const ZooPos *p, int pl) { return p->st.royal >> (2 * pl) & 1; }
static inline bool royal_m(const ZooPos *p, int pl) { return p->st.royal >> (2 * pl + 1) & 1; }
static inline bool complete(const ZooPos *p, int pl) { return (p->st.goals >> (3 * pl) & 7) == 7; }
static inline int pool_of(const ZooPos *p, int pl) { return 4 - p->st.nmice[pl]; }

/* ---- rules (zoo_rules.c) --------------------------------------------------------------
 * Retreats: the choices of a pending retreat as the board gives them. */
/* The squares a pending elephant of `owner` on x may take (way 2, else 3, else 4), and who
 * decides (the owner, or the attacker in way 4); returns the count (0: no retreat at all). */
int zoo_elephant_choices(const ZooPos *p, int owner, int x, uint8_t *out, int *decider);
/* The squares p's monkey on m may retreat to: the shortest length that has any. */
int zoo_monkey_choices(const ZooPos *p, int owner, int m, uint8_t *out);
/* Whether a piece must retreat now: p's elephant invaded, or p's monkey next to (or on)
 * the enemy elephant. */
static inline bool elephant_invaded(const ZooPos *p, int pl) {
    return (p->cell[p->st.esq[pl]] & C_S(pl ^ 1)) != 0;
}
static inline bool monkey_threatened(const ZooPos *p, int pl) {
    return zoo_dist(p->st.msq[pl], p->st.esq[pl ^ 1]) <= 1;
}

/* Terminal state by the position alone: OUTCOME_* for the player who decides. */
Outcome zoo_terminal(const GamePos *gp);
void zoo_end_reason(const GamePos *gp, char *out);

/* ---- the module's functions ---------------------------------------------------------- */

/* Board and keys (zoo_board.c). */
void zoo_clear(ZooPos *p, const GameConfig *cfg);
void zoo_place(ZooPos *p, int pl, int kind, int sq, bool royal);
void zoo_startpos(GamePos *gp, const GameConfig *cfg);
bool zoo_mirror(GamePos *gp);
void zoo_display(const GamePos *gp, char *out, size_t size);
/* The letters of the pieces on sq in the position string's order; returns how many. */
int zoo_cell_letters(const ZooPos *p, int sq, char *out);
/* Position strings (zoo_fen.c). */
bool zoo_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void zoo_print_pos(const GamePos *gp, char *out);
/* Move text (zoo_notation.c). */
Move zoo_parse_move(const GamePos *gp, const char *text);
void zoo_print_move(const GamePos *gp, Move m, char *out);
/* Moves (zoo_movegen.c). */
int zoo_gen(const GamePos *gp, Move *list, GenKind kind);
uint64_t zoo_count(const GamePos *gp);
Move zoo_nth(const GamePos *gp, uint64_t k);
bool zoo_is_legal(const GamePos *gp, Move m);
bool zoo_is_noisy(const GamePos *gp, Move m);
/* The regular moves of one piece of the player to move (K_ELEPHANT, K_MONKEY, or the
 * mouse in slot `slot` for K_MOUSE), in the order gen_moves lists them. */
int zoo_gen_piece(const GamePos *gp, Move *list, int kind, int slot);
/* Make and unmake (zoo_make.c). */
void zoo_make(GamePos *gp, Move m, GameUndo *u);
void zoo_unmake(GamePos *gp, Move m, const GameUndo *u);
bool zoo_make_null(GamePos *gp, GameUndo *u);
void zoo_unmake_null(GamePos *gp, const GameUndo *u);
/* Search hints (zoo_hints.c). */
Move zoo_winning_move(const GamePos *gp);
bool zoo_in_check(const GamePos *gp);
int zoo_noisy_value(const GamePos *gp, Move m);
/* Evaluation (zoo_eval.c). */
Score zoo_evaluate(const GamePos *gp);
void zoo_eval_trace(const GamePos *gp, char *out, size_t size);

/* Game option indices in GameConfig. */
enum { ZOO_OPT_WIDTH, ZOO_OPT_HEIGHT, ZOO_OPT_LONG, ZOO_OPT_NOPROGRESS, ZOO_OPT_NB };

/* Moves each of pl's goal flags still needs, by kind (K_ELEPHANT, K_MONKEY, K_MOUSE), each
 * piece alone, ZOO_RACE_DONE for a flag set (zoo_eval.c): what the evaluation's race counts
 * and the learned evaluation's features show. */
enum { ZOO_RACE_DONE = -1 };
void zoo_race(const ZooPos *p, int pl, int t[3]);
/* Its parts: the elephant's or the monkey's (a board search), the mice's. */
int zoo_race_piece(const ZooPos *p, int pl, int kind);
int zoo_race_mice(const ZooPos *p, int pl);

/* The position as the learned evaluation's sparse features (zoo_features.c). */
enum { ZOO_NNUE_FEATURES = 2638 };
/* Per side its six pieces, three Royal flags, the elephant's flag, three goals, a pool of four,
 * three far-row distances and four race values; the board's size and a pending retreat. */
enum { ZOO_NNUE_MAX_ACTIVE = 2 * (6 + 3 + 1 + 3 + 4 + 3 + 4) + 2 + 2 };
int zoo_features(const GamePos *gp, int persp, uint32_t *out);
void zoo_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]);
/* Tracked are the pieces, flags, pool, ranks to go, pending retreat and size; the race is a
 * position feature (features_dynamic). make_delta lists the tracked changes of a decision
 * from the position after it and its undo record (the state before, the cells it wrote). */
void zoo_features_dynamic(const GamePos *gp, uint32_t *const out[2], int n[2]);
/* The same after a decision, the board searches it cannot have changed kept from before. */
void zoo_features_dynamic_after(const GamePos *gp, Move m, const GameUndo *gu, const uint32_t *const prev[2],
                                const int n_prev[2], uint32_t *const out[2], int n[2]);
void zoo_features_delta(const ZooPos *p, const ZooUndo *u, NnueDelta *d);
void zoo_make_delta(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);
/* The same record after the decision: zoo_features_delta reads only the position and u. */
void zoo_move_delta(const GamePos *gp, Move m, const GameUndo *u, NnueDelta *d);

#endif
