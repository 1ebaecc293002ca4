/* mq_features.c — Monkey Queen as sparse features for the learned evaluation: babies and
 * queens by square, the queens' heights and sight, babies in sight, the pie rule, from one player. */
#include "mq.h"

#include <string.h>

/* Squares are numbered rank * 12 + file with the board turned half a turn when the viewer
 * plays Cigar (its queen then starts where Ivory's does). Per side (the viewer's colour,
 * then the other): babies [144], the queen [144], the queen's height in buckets 1..19, 20+
 * [20], how many empty squares the queen sees [0..44] and how many of them an enemy piece
 * can move to [0..44], how many babies an enemy piece sees [0..15+] and how many of those no
 * own piece sees [0..15+] (what a capture of material hinges on); then the pie rule: a swap
 * pending, a swap available to the player deciding. The queen's counts are what the
 * hand-written evaluation's queen terms count: a net
 * without them (set monkeyqueen-1) missed the queen's dangers and lost every match; with
 * the squares themselves (monkeyqueen-2) it saw them but ran at 0.30 of the speed (README). */
_Static_assert(MQ_F_SWAP + 2 == MQ_NNUE_FEATURES, "Monkey Queen features");

/* What both views share: each queen's open squares and threatened ones among them. */
typedef struct {
    int open[2], threats[2], attacked[2], hanging[2];
} Views;

/* Colour c's sight (mq_sight) and, on the way, its babies the enemy sees and those of them
 * no own piece sees: sight along a line is mutual (each of two pieces sees the other when
 * nothing stands between them), so a baby is seen by an enemy piece exactly where its own
 * reach on one of its lines ends on an enemy piece, and guarded where it ends on an own one. */
static inline void sight_hits(const MQPos *p, int c, uint16_t seen[MQ_LINES], int *attacked, int *hanging) {
    int att = 0, hang = 0, queen = p->queen[c];
    unsigned own = 16u * (unsigned)c, enemy = 16u * (unsigned)(c ^ 1);
    for (int w = 0; w < 3; w++)
        for (uint64_t b = p->bb[c][w]; b; b &= b - 1) {
            int sq = w * 64 + __builtin_ctzll(b);
            const MQSqLines *s = &mq_sqlines[sq];
            uint32_t met = 0; /* the pieces its reach ends on: Ivory's in bits 0-15, Cigar's in 16-31 */
            for (int t = 0; t < LT_NB; t++) {
                uint64_t word = p->line[s->line[t]];
                uint32_t r = mq_reach_w(s->pos[t], word);
                seen[s->line[t]] |= (uint16_t)r;
                met |= (r | r << 16) & (uint32_t)word;
            }
            unsigned hit = (unsigned)(sq != queen) & ((met >> enemy & 0xFFFF) != 0);
            att += (int)hit;
            hang += (int)(hit & ((met >> own & 0xFFFF) == 0));
        }
    *attacked = att < MQ_CNT ? att : MQ_CNT - 1;
    *hanging = hang < MQ_CNT ? hang : MQ_CNT - 1;
}

static void queens(const MQPos *p, Views *v) {
    uint16_t seen[2][MQ_LINES];
    memset(seen, 0, sizeof seen);
    sight_hits(p, IVORY, seen[IVORY], &v->attacked[IVORY], &v->hanging[IVORY]);
    sight_hits(p, CIGAR, seen[CIGAR], &v->attacked[CIGAR], &v->hanging[CIGAR]);
    for (int c = 0; c < 2; c++)
        if (p->queen[c] != MQ_NO_SQ) v->open[c] = mq_queen_view(p, c, seen[c ^ 1], &v->threats[c]);
}

/* The position features of colour c (its queen's height and two counts, its babies' two
 * counts), without the side's block: up to 5, into f. */
static int counts(const MQPos *p, const Views *v, int c, uint32_t *f) {
    int m = 0, queen = p->queen[c];
    if (queen != MQ_NO_SQ) {
        int h = p->height[queen] > MQ_HB ? MQ_HB : p->height[queen];
        f[m++] = (uint32_t)(MQ_F_HEIGHT + h - 1);
        f[m++] = (uint32_t)(MQ_F_OPEN + v->open[c]);
        f[m++] = (uint32_t)(MQ_F_THREAT + v->threats[c]);
    }
    f[m++] = (uint32_t)(MQ_F_ATT + v->attacked[c]);
    f[m++] = (uint32_t)(MQ_F_HANG + v->hanging[c]);
    return m;
}

/* Both views in one pass over the stacks. A square is numbered rank * 12 + file for the
 * viewer who plays Ivory and 143 minus that for the one who plays Cigar (the half turn);
 * each view lists the viewer's colour first, so the other colour's block starts after it. */
static void views(const MQPos *p, const Views *v, uint32_t *const out[2], int n[2]) {
    int taken = p->swap == SWAP_TAKEN, len[2];
    for (int c = 0; c < 2; c++)
        len[c] = bb_popcount(p->bb[c][0]) + bb_popcount(p->bb[c][1]) + bb_popcount(p->bb[c][2]) +
                 (p->queen[c] != MQ_NO_SQ ? 3 : 0) + 2;
    for (int c = 0; c < 2; c++) {
        uint32_t *o[2], base[2];
        for (int q = 0; q < 2; q++) {
            int mine = q ^ taken, side = c ^ mine;
            o[q] = out[q] + (side ? len[mine] : 0);
            base[q] = (uint32_t)(side * MQ_F_SIDE);
        }
        int queen = p->queen[c], k = 0;
        for (int w = 0; w < 3; w++)
            for (uint64_t b = p->bb[c][w]; b; b &= b - 1) {
                int sq = w * 64 + __builtin_ctzll(b);
                o[0][k] = mq_feature_stack(0, taken, c, sq, sq == queen);
                o[1][k] = mq_feature_stack(1, taken, c, sq, sq == queen);
                k++;
            }
        uint32_t f[5];
        int m = counts(p, v, c, f);
        for (int i = 0; i < m; i++, k++) o[0][k] = base[0] + f[i], o[1][k] = base[1] + f[i];
    }
    for (int q = 0; q < 2; q++) {
        n[q] = len[0] + len[1];
        if (p->swap == SWAP_PENDING) out[q][n[q]++] = MQ_F_SWAP;
        if (p->swap == SWAP_AVAILABLE) out[q][n[q]++] = MQ_F_SWAP + 1;
    }
}

/* One view: both made (the second costs a few stores), the other dropped. */
int KIT_HOT(mq_features)(const GamePos *gp, int persp, uint32_t *out) {
    uint32_t other[NNUE_MAX_ACTIVE];
    uint32_t *const to[2] = {persp == 0 ? out : other, persp == 0 ? other : out};
    int n[2];
    Views v;
    queens((const MQPos *)gp, &v);
    views((const MQPos *)gp, &v, to, n);
    return n[persp];
}

/* Both views share the queens' sight: the search's evaluation works it out once. */
void KIT_HOT(mq_features_both)(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    Views v;
    queens((const MQPos *)gp, &v);
    views((const MQPos *)gp, &v, out, n);
}

/* The position features of both views (the stacks are tracked by make_delta): what each
 * queen and each side's babies see, the queens' heights, the pie rule. */
void KIT_HOT(mq_features_dynamic)(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const MQPos *p = (const MQPos *)gp;
    int taken = p->swap == SWAP_TAKEN;
    Views v;
    queens(p, &v);
    n[0] = n[1] = 0;
    for (int c = 0; c < 2; c++) {
        uint32_t f[5];
        int m = counts(p, &v, c, f);
        for (int q = 0; q < 2; q++) {
            uint32_t base = (uint32_t)((c ^ q ^ taken) * MQ_F_SIDE);
            for (int i = 0; i < m; i++) out[q][n[q]++] = base + f[i];
        }
    }
    for (int q = 0; q < 2; q++) {
        if (p->swap == SWAP_PENDING) out[q][n[q]++] = MQ_F_SWAP;
        if (p->swap == SWAP_AVAILABLE) out[q][n[q]++] = MQ_F_SWAP + 1;
    }
}
