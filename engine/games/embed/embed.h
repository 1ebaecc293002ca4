/* embed.h — Embed's internal representation, shared by the module's files only: the
 * position (bitboards), the move bits, sliding attacks and the read-only tables. */
#ifndef SIMIA_EMBED_H
#define SIMIA_EMBED_H

#include "../../game.h"
#include "../common/hot.h"
#include "../common/board8.h"

/* Players are the colours: p1 (Red, uppercase, home row rank 1) and p2 (Black, lowercase,
 * home row rank 8). A side's boss wins by reaching the other side's home row. */
enum { EM_P1 = PLAYER_1, EM_P2 = PLAYER_2 };
#define EM_DRONES_MAX 23
#define EM_MAX_COUNTER 1000000000

typedef struct {
    Bb drones[2];       /* each side's drones */
    uint8_t boss[2];    /* each side's boss square (exactly one each) */
    uint8_t stm;        /* player to move */
    uint8_t pad;
    int32_t limit;      /* NoProgressPlies of this game (0: off); constant through a game */
    int32_t noprogress; /* plies since the last capture */
    int32_t ply;        /* moves made since the start */
    Key key;            /* board and side to move (not the counters: see key in game.h) */
} EmPos;
_Static_assert(sizeof(EmPos) <= GAME_POS_BYTES, "EmPos must fit a GamePos");

typedef struct {
    Key key;
    int32_t noprogress;
} EmUndo;
_Static_assert(sizeof(EmUndo) <= GAME_UNDO_BYTES, "EmUndo must fit a GameUndo");

/* Move bits: from (0-5), to (6-11), and flags so that make, is_noisy and ordering need no
 * look at the board. A move always has from != to, so no move is 0 (MOVE_NONE). */
enum {
    EM_MF_CAPTURE = 1u << 12, /* a drone takes the enemy drone on to */
    EM_MF_BOSS = 1u << 13,    /* the boss moves */
    EM_MOVE_BITS = (1u << 14) - 1,
};
static inline int em_from(Move m) { return (int)(m & 63); }
static inline int em_to(Move m) { return (int)((m >> 6) & 63); }
static inline Move em_move(int from, int to, Move flags) { return (Move)from | (Move)to << 6 | flags; }

static inline Bb em_occ(const EmPos *p) {
    return p->drones[0] | p->drones[1] | bb_bit(p->boss[0]) | bb_bit(p->boss[1]);
}
static inline Bb em_pieces(const EmPos *p, int side) { return p->drones[side] | bb_bit(p->boss[side]); }
/* The row a side's boss must reach: the other side's home row. */
static inline Bb em_goal_row(int side) { return side == EM_P1 ? B8_RANK_8 : B8_RANK_1; }

/* Read-only tables, made once by em_init_tables (pthread_once). */
typedef struct {
    Bb file, diag, anti; /* the square's lines without the square itself */
} EmLines;
extern EmLines em_lines[B8_SQ];
extern uint8_t em_rank_attacks[8][64]; /* [file][inner 6 bits of the rank's occupancy] */
extern Key em_z_drone[2][B8_SQ], em_z_boss[2][B8_SQ], em_z_side;
void em_init_tables(void);


/* Attacks along a file or a diagonal, line being its squares without sq (hyperbola
 * quintessence: the borrow of the subtraction runs up to the first blocker above sq; the
 * same on the byte-reversed board, where each rank holds one square of the line, finds the
 * first blocker below). */
static inline Bb em_line_attacks(Bb occ, int sq, Bb line) {
    Bb o = occ & line, r = __builtin_bswap64(o), s = bb_bit(sq);
    return ((o - s) ^ __builtin_bswap64(r - __builtin_bswap64(s))) & line;
}
/* Every square a queen on sq reaches: empty squares, and the first occupied square of each
 * of the eight lines. */
static inline Bb em_attacks(int sq, Bb occ) {
    const EmLines *l = &em_lines[sq];
    int r8 = sq & 56;
    Bb rank = (Bb)em_rank_attacks[sq & 7][(occ >> (r8 + 1)) & 63] << r8;
    return rank | em_line_attacks(occ, sq, l->file) | em_line_attacks(occ, sq, l->diag) |
           em_line_attacks(occ, sq, l->anti);
}

/* A shift by s squares (s < 0: towards a1). */
static inline Bb em_shift(Bb b, int s) { return s > 0 ? b << s : b >> -s; }
/* The squares pieces gen reach sliding in direction dir: the empty squares passed and the
 * first occupied square after them (if the board does not end first). Kogge-Stone occluded fill, all pieces at once. Two pieces' slides in one
 * direction never share a square (the rear one stops on the front one), so summing the
 * squares over the eight directions counts every (piece, square) pair once. */
static inline Bb em_fill(Bb gen, Bb empty, int dir) {
    static const int SHIFT[DIR_NB] = {8, 9, 1, -7, -8, -9, -1, 7};
    /* Squares a step in dir can reach without wrapping around the board's side. */
    static const Bb GUARD[DIR_NB] = {~0ULL, ~B8_FILE_A, ~B8_FILE_A, ~B8_FILE_A,
                                     ~0ULL, ~B8_FILE_H, ~B8_FILE_H, ~B8_FILE_H};
    int s = SHIFT[dir];
    Bb guard = GUARD[dir], pro = empty & guard;
    gen |= pro & em_shift(gen, s);
    pro &= em_shift(pro, s);
    gen |= pro & em_shift(gen, 2 * s);
    pro &= em_shift(pro, 2 * s);
    gen |= pro & em_shift(gen, 4 * s);
    return em_shift(gen, s) & guard;
}

/* Board and notation (embed_board.c). */
Key em_compute_key(const EmPos *p);
void em_startpos(GamePos *gp, const GameConfig *cfg);
bool em_mirror(GamePos *gp);
bool em_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void em_print_pos(const GamePos *gp, char *out);
void em_display(const GamePos *gp, char *out, size_t size);
Move em_parse_move(const GamePos *gp, const char *text);
void em_print_move(const GamePos *gp, Move m, char *out);
bool em_make_null(GamePos *gp, GameUndo *u);
void em_unmake_null(GamePos *gp, const GameUndo *u);

/* How the game stands (embed_end.c): the rules file's end rules 1-5 in their order. */
Outcome em_terminal(const GamePos *gp);
Outcome em_no_moves_outcome(const GamePos *gp);
void em_end_reason(const GamePos *gp, char *out);
static inline bool em_embedded(const EmPos *p, int side) {
    return !(b8_king[p->boss[side]] & ~em_pieces(p, side ^ 1));
}
/* Whether any of rules 1-5 holds (the game is over; there are no moves). */
static inline bool em_over(const EmPos *p) {
    return ((bb_bit(p->boss[EM_P1]) & em_goal_row(EM_P1)) | (bb_bit(p->boss[EM_P2]) & em_goal_row(EM_P2))) ||
           em_embedded(p, EM_P1) || em_embedded(p, EM_P2) || (p->limit && p->noprogress >= p->limit);
}

/* The hot code (embed_eval.c, embed_make.c, embed_movegen.c) is built twice by the kit's dispatch (common/hot.h):
 * its exported functions are named KIT_HOT(name); em_hot is the table of its entries. */
bool KIT_HOT(em_in_check)(const GamePos *gp);
Move KIT_HOT(em_winning_move)(const GamePos *gp);
KIT_DECLARE_HOT(em);

/* A winning move of side (as if it were to move) in p, or MOVE_NONE (embed_movegen.c). */
Move KIT_HOT(em_win_of)(const EmPos *p, int side);

/* Evaluation breakdown (embed_eval.c, compiled once). */
void em_eval_trace(const GamePos *gp, char *out, size_t size);

/* The value of a drone in the evaluation. */
enum { EM_DRONE_VALUE = 100 };

/* Game option indices in GameConfig. */
enum { EM_OPT_NOPROGRESS, EM_OPT_SETUP, EM_OPT_NB };
enum { EM_SETUP_STANDARD, EM_SETUP_HOMEROWS };

/* Empty squares from which a queen's slide reaches an empty square of side's goal row:
 * slides back from that row's empty squares, in the five directions that stay on the board
 * (the other three leave it at once and find nothing). */
static inline Bb em_sees_goal(int side, Bb empty) {
    static const uint8_t INTO_BOARD[2][5] = {{DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W},
                                             {DIR_N, DIR_NE, DIR_E, DIR_W, DIR_NW}};
    Bb targets = em_goal_row(side) & empty, from = 0;
    for (int i = 0; i < 5; i++) from |= em_fill(targets, empty, INTO_BOARD[side][i]);
    return from & empty;
}

/* What side's boss has, the counts both evaluations start from: enemy pieces around it,
 * the other squares around it, squares it can move to, and of those the ones from which it
 * would see an empty square of its goal row (an entry threatened in two moves). */
typedef struct {
    int ring_enemy, ring_free, reach, run2;
} EmBoss;
static inline EmBoss em_boss(const EmPos *p, int side, Bb occ) {
    int b = p->boss[side];
    Bb ring = b8_king[b], empty = ~occ, reach = em_attacks(b, occ) & empty;
    EmBoss o;
    o.ring_enemy = bb_popcount(ring & em_pieces(p, side ^ 1));
    o.ring_free = bb_popcount(ring) - o.ring_enemy;
    o.reach = bb_popcount(reach);
    o.run2 = bb_popcount(reach & em_sees_goal(side, empty));
    return o;
}

/* The position as the learned evaluation's sparse features (embed_features.c, hot). */
enum { EM_NNUE_FEATURES = 404 };
/* Per side its drones (at most EM_DRONES_MAX, parse_pos checks it), its boss and the boss's
 * four counts. */
enum { EM_NNUE_MAX_ACTIVE = 2 * (EM_DRONES_MAX + 1 + 4) };
int KIT_HOT(em_features)(const GamePos *gp, int persp, uint32_t *out);
void KIT_HOT(em_features_both)(const GamePos *gp, uint32_t *const out[2], int n[2]);
/* In view v, the board turned half a turn for player 2 so that every view aims north: a
 * drone of owner on sq, the viewer's (side 0) then the other's, then the bosses likewise.
 * make_delta tracks these; the bosses' counts (embed_features.c) are position features. */
static inline uint32_t em_feature_drone(int v, int owner, int sq) {
    return (uint32_t)((owner ^ v) * B8_SQ + (sq ^ (v == EM_P1 ? 0 : 63)));
}
static inline uint32_t em_feature_boss(int v, int owner, int sq) {
    return (uint32_t)((2 + (owner ^ v)) * B8_SQ + (sq ^ (v == EM_P1 ? 0 : 63)));
}
void KIT_HOT(em_make_delta)(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);
void KIT_HOT(em_features_dynamic)(const GamePos *gp, uint32_t *const out[2], int n[2]);

#endif
