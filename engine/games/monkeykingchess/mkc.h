/* mkc.h — Monkey King Chess's internal representation, shared by the module's files only:
 * squares and bitboards, faces, the position, the move bits and the read-only tables. */
#ifndef SIMIA_MKC_H
#define SIMIA_MKC_H

#include "../../game.h"
#include "../common/bits.h"

/* Squares are rank * 8 + file on an 8x8 grid: the earth board is files a-e (0-4) of every
 * rank, and the clouds sit where the rule sheet builds them from a chessboard, on files g
 * and h (6, 7) of ranks 2 and 7 (q2 = g2, r2 = h2, q7 = g7, r7 = h7). Light and dark then
 * follow (file + rank) for clouds and earth alike, and the whole board is one word. */
enum { MKC_SQ_Q2 = 14, MKC_SQ_R2 = 15, MKC_SQ_Q7 = 54, MKC_SQ_R7 = 55, MKC_NO_SQ = 64 };
#define MKC_EARTH 0x1F1F1F1F1F1F1F1FULL
#define MKC_RED_CLOUD ((1ULL << MKC_SQ_Q2) | (1ULL << MKC_SQ_R2))
#define MKC_BLUE_CLOUD ((1ULL << MKC_SQ_Q7) | (1ULL << MKC_SQ_R7))
#define MKC_CLOUDS (MKC_RED_CLOUD | MKC_BLUE_CLOUD)
#define MKC_DARK 0xAA55AA55AA55AA55ULL /* (file + rank) even: a1 dark */
#define MKC_BLUE_HALF 0x1F1F1F1F00000000ULL /* ranks 5-8 */
#define MKC_RED_HALF 0x000000001F1F1F1FULL  /* ranks 1-4 */
#define MKC_RANK8 0x1F00000000000000ULL

static inline int sq_file(int sq) { return sq & 7; }
static inline int sq_rank(int sq) { return sq >> 3; }

/* Players: Blue is player 1 and moves first; Red is player 2. */
enum { BLUE = 0, RED = 1 };

/* Faces (what a disk shows), one code per side and face. */
enum {
    F_NONE,
    BP, BS, BN, BG, BH, BL, BK, BC, BX, /* P S N G H L K C X */
    RP, RM, RN, RL, RH, RK, RC, RX,     /* p m n l h k c x */
    F_NB
};
/* Disks by their front face, the order of the hands field. */
enum { D_PAWN, D_KNIGHT, D_HERO, D_KING, D_CEL, D_NB };
/* How many disks of each kind a side owns. */
extern const uint8_t MKC_DISKS[D_NB];

typedef struct {
    char letter;
    uint8_t side, disk;
    uint8_t other;   /* the face a flip shows (0: this face cannot flip) */
    uint8_t origin;  /* the face a flip to this face started from (0: none) */
    uint8_t flier;
    uint8_t mountain;
} FaceInfo;
extern const FaceInfo MKC_FACE[F_NB];
/* The front face of each disk for each side. */
extern const uint8_t MKC_FRONT[2][D_NB];

/* The position. Every byte is defined (it is zeroed before it is filled), so make/unmake
 * can be checked bytewise. */
typedef struct {
    Bb bb[F_NB]; /* squares of each face (bb[F_NONE] stays empty) */
    Bb occ[2];   /* squares of each side */
    Bb river[2]; /* river squares: [BLUE] the blue river, [RED] the red river (an option) */
    Key key;
    int32_t np;    /* plies since the last capture, drop or hero turned into Fists */
    int32_t ply;   /* decisions made since the start */
    int32_t limit; /* the no-progress limit (0: none), an option */
    uint8_t board[64];
    uint8_t hand[2][D_NB];
    uint8_t stm;     /* the player who decides now */
    uint8_t extra;   /* Red is in its extra step */
    uint8_t tokens;  /* Red's unspent Fists tokens */
    uint8_t diagonal;/* RiverSquares = diagonal */
} MKCPos;
_Static_assert(sizeof(MKCPos) <= GAME_POS_BYTES, "MKCPos must fit a GamePos");

typedef struct {
    Key key;
    int32_t np;
    uint8_t tokens, extra, stm;
} MKCUndo;
_Static_assert(sizeof(MKCUndo) <= GAME_UNDO_BYTES, "MKCUndo must fit a GameUndo");

/* Move bits: from (0-5), to (6-11), kind (12-14), the face the disk shows after the move
 * (15-19; for a drop the dropped face), the captured face (20-24). Every field is what the
 * generator derives from the position, so a 32-bit value is legal only in its one form. */
enum { K_MOVE = 1, K_FLIP, K_DROP, K_FISTS, K_EXIT, K_END };
static inline Move mv_make(int from, int to, int kind, int face, int victim) {
    return (Move)from | (Move)to << 6 | (Move)kind << 12 | (Move)face << 15 | (Move)victim << 20;
}
static inline int mv_from(Move m) { return (int)(m & 63); }
static inline int mv_to(Move m) { return (int)(m >> 6 & 63); }
static inline int mv_kind(Move m) { return (int)(m >> 12 & 7); }
static inline int mv_face(Move m) { return (int)(m >> 15 & 31); }
static inline int mv_victim(Move m) { return (int)(m >> 20 & 31); }
#define MKC_MOVE_END ((Move)K_END << 12)

/* ---- read-only tables (mkc_tables.c, made once) ---- */
enum { DIR_N, DIR_E, DIR_S, DIR_W };
extern Bb mkc_knight[64], mkc_king[64], mkc_ferz[64];
extern Bb mkc_pawn_push[2][64], mkc_pawn_cap[2][64], mkc_hero[2][64];
extern Bb mkc_ray[4][64];     /* earth squares from sq in a direction, to the edge */
extern Bb mkc_cloud_down[64]; /* from a cloud square: the earth squares of its colour */
extern Key mkc_z_piece[F_NB][64], mkc_z_hand[2][D_NB][8], mkc_z_tokens[3], mkc_z_extra, mkc_z_red,
    mkc_z_diagonal;
void mkc_init_tables(void);

static inline bool dir_up(int d) { return d == DIR_N || d == DIR_E; }
/* The earth squares from sq in direction d up to and including the first occupied one. */
static inline Bb ray_attack(int d, int sq, Bb occ) {
    Bb r = mkc_ray[d][sq], b = r & occ;
    if (!b) return r;
    return r ^ mkc_ray[d][dir_up(d) ? bb_lsb(b) : bb_msb(b)];
}
static inline int ray_first(int d, int sq, Bb occ) {
    Bb b = mkc_ray[d][sq] & occ;
    return !b ? -1 : dir_up(d) ? bb_lsb(b) : bb_msb(b);
}
static inline Bb rook_attack(int sq, Bb occ) {
    return ray_attack(DIR_N, sq, occ) | ray_attack(DIR_E, sq, occ) | ray_attack(DIR_S, sq, occ) |
           ray_attack(DIR_W, sq, occ);
}

/* ---- board (mkc_board.c) ---- */
static inline Bb mkc_occ(const MKCPos *p) { return p->occ[BLUE] | p->occ[RED]; }
static inline void mkc_put(MKCPos *p, int sq, int face) {
    p->board[sq] = (uint8_t)face;
    p->bb[face] |= bb_bit(sq);
    p->occ[MKC_FACE[face].side] |= bb_bit(sq);
    p->key ^= mkc_z_piece[face][sq];
}
static inline void mkc_remove(MKCPos *p, int sq, int face) {
    p->board[sq] = F_NONE;
    p->bb[face] &= ~bb_bit(sq);
    p->occ[MKC_FACE[face].side] &= ~bb_bit(sq);
    p->key ^= mkc_z_piece[face][sq];
}
static inline void mkc_set_hand(MKCPos *p, int side, int disk, int n) {
    p->key ^= mkc_z_hand[side][disk][p->hand[side][disk]] ^ mkc_z_hand[side][disk][n];
    p->hand[side][disk] = (uint8_t)n;
}
static inline void mkc_set_tokens(MKCPos *p, int n) {
    p->key ^= mkc_z_tokens[p->tokens] ^ mkc_z_tokens[n];
    p->tokens = (uint8_t)n;
}
/* The Pilgrim's square, or -1 when it is in hand or has left. */
static inline int mkc_pilgrim(const MKCPos *p) { return p->bb[RK] ? bb_lsb(p->bb[RK]) : -1; }
/* The Pilgrim is neither on the board nor in hand: it left by the exit (Red won), or a
 * Blue flip move took it (Blue won); the player deciding next lost. */
static inline bool mkc_exited(const MKCPos *p) { return !p->bb[RK] && !p->hand[RED][D_KING]; }

enum { MKC_OPT_RIVER, MKC_OPT_NOPROGRESS, MKC_OPT_NB };
void mkc_config(MKCPos *p, const GameConfig *cfg); /* options into an empty position */
Key mkc_compute_key(const MKCPos *p);
void mkc_startpos(GamePos *gp, const GameConfig *cfg);
bool mkc_mirror(GamePos *gp);
bool mkc_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void mkc_print_pos(const GamePos *gp, char *out);
void mkc_display(const GamePos *gp, char *out, size_t size);
int mkc_square_name(int sq, char *out);

/* ---- moves as text (mkc_notation.c) ---- */
Move mkc_parse_move(const GamePos *gp, const char *text);
void mkc_print_move(const GamePos *gp, Move m, char *out);

/* ---- attacks and the immobilizer (mkc_attack.c) ---- */
/* Blue pieces the Red Celestial immobilizes. */
Bb mkc_immobilized(const MKCPos *p, Bb occ);
/* Blue pieces, not immobilized, that could capture on sq with the face they show. */
Bb mkc_attackers(const MKCPos *p, int sq, Bb occ, Bb immob);
/* Every square a Blue piece could capture on (not immobilized, occupancy occ). */
Bb mkc_blue_attacks(const MKCPos *p, Bb occ, Bb immob);
bool mkc_pilgrim_attacked(const MKCPos *p);

/* ---- move generation and legality (mkc_movegen.c) ---- */
int mkc_gen(const GamePos *gp, Move *list, GenKind kind);
uint64_t mkc_count(const GamePos *gp);
Move mkc_nth(const GamePos *gp, uint64_t k);
bool mkc_is_legal(const GamePos *gp, Move m);
/* Legal moves ignoring the no-progress counter (for the end of the game's precedence). */
uint64_t mkc_count_ignoring_counter(const MKCPos *p);
/* Whether Red, in its extra step on p, has a legal extra move. */
bool mkc_any_extra(const MKCPos *p);
/* Whether Blue has any move / Red a basic-legal regular move (the stalemate rule). */
bool mkc_blue_has_move(const MKCPos *p);
bool mkc_red_has_basic_move(const MKCPos *p);
/* Whether a Blue flip move could take the Pilgrim (no attack by the rules, but a loss). */
bool mkc_flip_threat(const MKCPos *p);
/* A legal Blue flip move that takes the Pilgrim (Blue deciding), or MOVE_NONE. */
Move mkc_pilgrim_capture(const MKCPos *p);

/* ---- make and unmake (mkc_make.c) ---- */
/* The board part of a move (pieces, hands, tokens), key included, nothing else. */
void mkc_apply(MKCPos *p, Move m);
void mkc_make(GamePos *gp, Move m, GameUndo *u);
void mkc_unmake(GamePos *gp, Move m, const GameUndo *u);
bool mkc_make_null(GamePos *gp, GameUndo *u);
void mkc_unmake_null(GamePos *gp, const GameUndo *u);

/* ---- evaluation (mkc_eval.c) ---- */
/* What the hand-written evaluation counts before it weighs anything, by side: read by
 * its terms and by the learned evaluation's features alike. */
typedef struct {
    int material[2], hand[2], tokens, progress, freedom;
    int chances; /* Blue's chances of taking the Pilgrim with a flip move, weighted */
    int chances_now, chances_near; /* of those: flips in place, and one step or drop away */
    int blue_units; /* Blue pieces that may still move, and disks in Blue's hand */
    int blue_lasting; /* of those, the ones whose moves never run out (not pawns, Lancers) */
    int blue_supply; /* Blue moves left when it has none of those: pawns, Lancers, drops */
    int exit_distance; /* Red moves the Pilgrim needs to leave, from hand or board */
    int red_units; /* Red pieces but the Pilgrim that may still move, and disks in Red's hand */
    int red_lasting; /* of those, the ones whose moves never run out (not pawns, Lancers) */
    int red_supply; /* Red moves left, the Pilgrim's aside, when it has none of those */
    int red_in_hand; /* Red's disks in hand but the Pilgrim (a pawn among them is a drop and
                      * up to six steps: as good as lasting for the spare guard) */
    int cage; /* squares around the Pilgrim it cannot step to (edges, pieces, attacks) */
    int red_celestial; /* Red's Celestial on the board or in hand */
    int goblin_king; /* Blue's Goblin King on the board or in hand: its value (less when
                      * exposed), else 0 */
    Bb immob; /* Blue pieces the Red Celestial holds */
} MKCTerms;
void mkc_terms(const MKCPos *p, MKCTerms *t);
/* The counts alone (not material, hands, tokens, the Goblin King's value): what the learned
 * evaluation's features read. mkc_terms is these and the values. */
void mkc_counts(const MKCPos *p, MKCTerms *t);
Score mkc_evaluate(const GamePos *gp);
void mkc_eval_trace(const GamePos *gp, char *out, size_t size);

/* The position as the learned evaluation's sparse features (mkc_features.c). */
enum { MKC_NNUE_FEATURES = 2460 };
/* A face per square held and a square per held Blue piece (64 each at most), the hands
 * (12 disks a side), and at most 14 flags and counts (mkc_features.c). */
enum { MKC_NNUE_MAX_ACTIVE = 64 + 64 + 24 + 14 };
int mkc_features(const GamePos *gp, int persp, uint32_t *out);
void mkc_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]);
/* Tracked are the faces by square, hands, tokens, the extra step and the river option; the
 * evaluation's counts are position features (features_dynamic). make_delta lists what
 * decision m changed in the tracked ones, from p after it and what make saved in u. */
void mkc_features_dynamic(const GamePos *gp, uint32_t *const out[2], int n[2]);
void mkc_features_delta(const MKCPos *p, Move m, const MKCUndo *u, NnueDelta *d);
void mkc_make_delta(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);
/* The same record asked later (move_delta): it reads only the position after m and u. */
void mkc_move_delta(const GamePos *gp, Move m, const GameUndo *u, NnueDelta *d);

#endif
