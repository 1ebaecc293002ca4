/* mq.h — Monkey Queen's internal representation, shared by the module's files only:
 * the position (line-occupancy words), the move bits and the read-only tables. */
#ifndef SIMIA_MQ_H
#define SIMIA_MQ_H

#include "../../game.h"
#include "../common/hot.h"
#include "../common/bits.h"

/* Squares are rank * 16 + file (files a..l = 0..11, ranks 1..12 = 0..11): the rank
 * words of a colour's occupancy then form a 192-bit bitboard with 16 bits per rank. */
enum { MQ_N = 12, MQ_SQ_NB = 192, MQ_NO_SQ = 255 };
static inline int mq_sq(int file, int rank) { return rank * 16 + file; }
static inline int mq_file(int sq) { return sq & 15; }
static inline int mq_rank(int sq) { return sq >> 4; }

enum { IVORY = 0, CIGAR = 1, BOTH = 2 };

/* Lines: 12 ranks, 12 files, 23 diagonals (file - rank const), 23 anti-diagonals
 * (file + rank const). A square's position on a line is its file, or its rank on a file. */
enum { LT_RANK, LT_FILE, LT_DIAG, LT_ANTI, LT_NB };
enum { L_RANK0 = 0, L_FILE0 = 12, L_DIAG0 = 24, L_ANTI0 = 47, MQ_LINES = 70 };

/* Pie-rule state of a position: it tells whether swap is legal and who plays which colour. */
enum { SWAP_PENDING, SWAP_AVAILABLE, SWAP_TAKEN, SWAP_NONE };

typedef struct {
    /* line[l]: three 16-bit lanes of occupancy of line l: bits 0-15 Ivory, 16-31 Cigar,
     * 32-47 both (lane = colour * 16, BOTH = 2). The "both" lane also has the bits of
     * squares off the board set (short diagonals, bits 12-15), so a slide stops there and
     * "empty" never includes them. One word per line lets a move update all lanes at once. */
    uint64_t line[MQ_LINES];
    uint64_t bb[2][3];        /* squares of each colour, a 192-bit bitboard (16 bits a rank) */
    uint8_t height[MQ_SQ_NB]; /* stack height, 0 = empty */
    uint8_t queen[2];         /* queen square, MQ_NO_SQ once captured */
    uint8_t stm;              /* colour to move */
    uint8_t swap;             /* SWAP_* */
    uint8_t pie;              /* PieRule in force for this game */
    uint8_t pad[3];
    int32_t ply;
    Key key;
} MQPos;
_Static_assert(sizeof(MQPos) <= GAME_POS_BYTES, "MQPos must fit a GamePos");

typedef struct {
    Key key;
    uint8_t victim_height; /* height of the captured stack, 0 if none */
    uint8_t swap;
    uint8_t qsq_victim;    /* victim queen square (for restoring), or MQ_NO_SQ */
} MQUndo;
_Static_assert(sizeof(MQUndo) <= GAME_UNDO_BYTES, "MQUndo must fit a GameUndo");

/* Move bits: from (0-7), to (8-15), and flags so make and ordering need no lookups. */
enum {
    MF_CAPTURE = 1u << 16,
    MF_QUEEN = 1u << 17,       /* the moving stack is the queen */
    MF_VICTIM_QUEEN = 1u << 18,/* the captured stack is the enemy queen */
    MF_SWAP = 1u << 19,
};
#define MQ_MOVE_SWAP ((Move)MF_SWAP)
static inline int mv_from(Move m) { return (int)(m & 0xFF); }
static inline int mv_to(Move m) { return (int)((m >> 8) & 0xFF); }

/* Read-only tables, built once by mq_init_tables(). */
typedef struct {
    uint8_t line[LT_NB]; /* line index of each type through the square */
    uint8_t pos[LT_NB];  /* position of the square on that line */
} MQSqLines;

extern MQSqLines mq_sqlines[MQ_SQ_NB];
/* Squares a slider at position p reaches on a 12-square line (blockers included, own
 * square excluded), indexed by the line's inner occupancy bits 1..10. */
extern uint16_t mq_ray[MQ_N][1024];
/* Squares strictly closer to a point, by line type, projection offset and position. */
extern uint16_t mq_closer[LT_NB][45][MQ_N];
/* Square of bit b on line l is mq_line_base[l] + b * mq_line_step[l]. */
extern int16_t mq_line_base[MQ_LINES], mq_line_step[MQ_LINES];
/* The square of bit b of a stack word for a stack on sq (lane b / 16 is the line type,
 * b % 16 the position on that line), MQ_NO_SQ where there is none (see mq_movegen.c). */
extern uint8_t mq_word_sq[MQ_SQ_NB][64];
/* Off-board bits of each line (set in occ[BOTH] as permanent blockers). */
extern uint16_t mq_line_off[MQ_LINES];

/* Zobrist keys, indexed by square (rank * 16 + file); the values, their seed and the
 * order they are drawn in are frozen (the book format depends on them). */
extern Key mq_z_stack[2][MQ_SQ_NB], mq_z_queen[2][MQ_SQ_NB], mq_z_height[2][128], mq_z_cigar,
    mq_z_swap[4];

void mq_init_tables(void);


static inline uint16_t mq_reach(int pos, uint16_t occ) {
    return mq_ray[pos][(occ >> 1) & 0x3FF];
}
/* The same from a line word: its "both" lane's inner bits are bits 33..42. */
static inline unsigned mq_reach_w(int pos, uint64_t w) {
    return mq_ray[pos][(w >> 33) & 0x3FF];
}
static inline uint16_t mq_occ(const MQPos *p, int lane, int l) {
    return (uint16_t)(p->line[l] >> (16 * lane));
}

/* Lane masks of a line word: one bit per colour lane and for the "both" lane. */
#define MQ_LANE(c) (1ULL << (16 * (c)))
#define MQ_LANE_BOTH (1ULL << 32)

/* The line of type t through the square on file f, rank r, and the square's position on it:
 * its rank on a file, its file on the others (mq_sqlines holds the same per square). */
static inline int mq_line_of(int t, int f, int r) {
    return t == LT_RANK ? L_RANK0 + r : t == LT_FILE ? L_FILE0 + f : t == LT_DIAG ? L_DIAG0 + 11 + f - r : L_ANTI0 + f + r;
}
static inline int mq_pos_on(int t, int f, int r) { return t == LT_FILE ? r : f; }

/* Flips the given lanes at sq on its four lines (every change of occupancy goes here). */
static inline void mq_xor_sq(MQPos *p, int sq, uint64_t lanes) {
    int f = mq_file(sq), r = mq_rank(sq);
    for (int t = 0; t < LT_NB; t++) p->line[mq_line_of(t, f, r)] ^= lanes << mq_pos_on(t, f, r);
}
static inline void mq_bb_flip(MQPos *p, int c, int sq) { p->bb[c][sq >> 6] ^= 1ULL << (sq & 63); }

/* What colour c's pieces see, as line-position bits per line (blockers included): what the
 * evaluation's queen threats and the learned evaluation's features both start from. */
static inline void mq_sight(const MQPos *p, int c, uint16_t seen[MQ_LINES]) {
    for (int w = 0; w < 3; w++)
        for (uint64_t b = p->bb[c][w]; b; b &= b - 1) {
            const MQSqLines *s = &mq_sqlines[w * 64 + __builtin_ctzll(b)];
            for (int t = 0; t < LT_NB; t++) seen[s->line[t]] |= (uint16_t)mq_reach_w(s->pos[t], p->line[s->line[t]]);
        }
}

/* Whether an enemy piece sees the square on file f, rank r along one of its lines other than
 * one of type t; enemy is the enemy's mq_sight. The lines come from f and r directly: the
 * queen's view asks this for every square it sees, and looking the four lines up per square
 * (mq_sqlines) made a chain of dependent loads. */
static inline unsigned mq_seen_across(const uint16_t *enemy, int f, int r, int t) {
    unsigned seen = 0;
    for (int u = 0; u < LT_NB; u++)
        if (u != t) seen |= (unsigned)enemy[mq_line_of(u, f, r)] >> mq_pos_on(u, f, r);
    return seen & 1;
}

/* The empty squares colour c's queen on file qf, rank qr sees on its line of type t: how many,
 * and in *hits how many of them an enemy piece sees across. The square at position j of that
 * line is on file j (rank qr + j - qf on the diagonal, qf + qr - j on the other), or on a file,
 * rank j. */
static inline int mq_queen_line(const MQPos *p, int t, int qf, int qr, const uint16_t *enemy, int *hits) {
    uint64_t w = p->line[mq_line_of(t, qf, qr)];
    unsigned empty = mq_reach_w(mq_pos_on(t, qf, qr), w) & ~(unsigned)(w >> 32) & 0xFFFF;
    int h = 0;
    for (unsigned e = empty; e; e &= e - 1) {
        int j = __builtin_ctz(e);
        int f = t == LT_FILE ? qf : j;
        int r = t == LT_RANK ? qr : t == LT_FILE ? j : t == LT_DIAG ? j - qf + qr : qf + qr - j;
        h += (int)mq_seen_across(enemy, f, r, t);
    }
    *hits += h;
    return bb_popcount(empty);
}

/* How many empty squares colour c's queen sees (its quiet moves' targets), and in *threats
 * how many of them an enemy piece can move to along one of the square's other lines (along
 * the queen's line it would see the queen already); enemy is the enemy's mq_sight. */
static inline int mq_queen_view(const MQPos *p, int c, const uint16_t *enemy, int *threats) {
    int qf = mq_file(p->queen[c]), qr = mq_rank(p->queen[c]), hits = 0;
    int n = mq_queen_line(p, LT_RANK, qf, qr, enemy, &hits) + mq_queen_line(p, LT_FILE, qf, qr, enemy, &hits) +
            mq_queen_line(p, LT_DIAG, qf, qr, enemy, &hits) + mq_queen_line(p, LT_ANTI, qf, qr, enemy, &hits);
    *threats = hits;
    return n;
}

/* Board and notation (mq_board.c). */
void mq_clear(MQPos *p);
void mq_put(MQPos *p, int sq, int colour, int height);
Key mq_compute_key(const MQPos *p);
void mq_startpos(GamePos *gp, const GameConfig *cfg);
bool mq_mirror(GamePos *gp);
bool mq_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err);
void mq_print_pos(const GamePos *gp, char *out);
void mq_display(const GamePos *gp, char *out, size_t size);
void mq_end_reason(const GamePos *gp, char *out);
Move mq_parse_move(const GamePos *gp, const char *text);
bool mq_make_null(GamePos *gp, GameUndo *u);
void mq_unmake_null(GamePos *gp, const GameUndo *u);
void mq_print_move(const GamePos *gp, Move m, char *out);

/* The hot code (mq_make.c, mq_movegen.c, mq_eval.c) is built twice by the kit's dispatch (common/hot.h):
 * its exported functions are named KIT_HOT(name); mq_hot is the table of its entries. */
bool KIT_HOT(mq_in_check)(const GamePos *gp);
Move KIT_HOT(mq_winning_move)(const GamePos *gp);
bool KIT_HOT(mq_see_ge)(const GamePos *gp, Move m, int threshold);
KIT_DECLARE_HOT(mq);

/* Colour of the stack on sq (caller knows it is occupied). */
static inline int mq_colour_at(const MQPos *p, int sq) {
    return (int)(p->bb[CIGAR][sq >> 6] >> (sq & 63)) & 1;
}

/* Values in the static exchange (mq_see_ge): a baby as the evaluation counts it (a
 * checker and a baby), a queen as a lost game. */
enum { MQ_SEE_BABY = 150, MQ_SEE_QUEEN = 20000 };

/* Evaluation (mq_eval.c; mq_evaluate is hot, declared above). */
void mq_eval_trace(const GamePos *gp, char *out, size_t size);

/* Game option indices in GameConfig. */
enum { MQ_OPT_PIE, MQ_OPT_IVORY_HEIGHT, MQ_OPT_CIGAR_HEIGHT, MQ_OPT_NB };

/* The position as the learned evaluation's sparse features (mq_features.c). */
enum { MQ_NNUE_FEATURES = 862 };
/* A stack per square (144 at most), per side the queen's height and two counts and the
 * babies' two counts, and one pie-rule flag. */
enum { MQ_NNUE_MAX_ACTIVE = MQ_N * MQ_N + 2 * 5 + 1 };
int KIT_HOT(mq_features)(const GamePos *gp, int persp, uint32_t *out);
void KIT_HOT(mq_features_both)(const GamePos *gp, uint32_t *const out[2], int n[2]);
void KIT_HOT(mq_features_dynamic)(const GamePos *gp, uint32_t *const out[2], int n[2]);
void KIT_HOT(mq_make_delta)(GamePos *gp, Move m, GameUndo *u, NnueDelta *d);
void KIT_HOT(mq_move_delta)(const GamePos *gp, Move m, const GameUndo *u, NnueDelta *d);
enum { MQ_SQ144 = MQ_N * MQ_N };
/* The layout of a side's block and the pie rule's two flags (mq_features.c says what each is). */
enum {
    MQ_HB = 20,
    MQ_VIEW_MAX = 44, /* 4 lines of at most 11 squares */
    MQ_F_HEIGHT = 2 * MQ_SQ144,
    MQ_F_OPEN = MQ_F_HEIGHT + MQ_HB,
    MQ_F_THREAT = MQ_F_OPEN + MQ_VIEW_MAX + 1,
    MQ_CNT = 16, /* counts of babies 0..14, 15+ */
    MQ_F_ATT = MQ_F_THREAT + MQ_VIEW_MAX + 1,
    MQ_F_HANG = MQ_F_ATT + MQ_CNT,
    MQ_F_SIDE = MQ_F_HANG + MQ_CNT,
    MQ_F_SWAP = 2 * MQ_F_SIDE
};
/* A stack of colour c on sq (a queen's or a baby's) in view v (the player: 0 is player 1),
 * whose colour is v, or the other one once the pie swap is taken: the viewer's colour's
 * block first, then the other's, each babies [144] then queens [144], the square numbered
 * rank * 12 + file when the viewer plays Ivory and 143 minus that when it plays Cigar. */
static inline uint32_t mq_feature_stack(int v, int taken, int c, int sq, bool queen) {
    int viewer = v ^ taken, idx = (sq >> 4) * MQ_N + (sq & 15);
    return (uint32_t)((c ^ viewer) * MQ_F_SIDE + (queen ? MQ_SQ144 : 0) + (viewer == IVORY ? idx : MQ_SQ144 - 1 - idx));
}

#endif
