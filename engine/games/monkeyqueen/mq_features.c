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
enum {
    MQ_SQ144 = MQ_N * MQ_N,
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
_Static_assert(MQ_F_SWAP + 2 == MQ_NNUE_FEATURES, "Monkey Queen features");

/* A square (rank * 16 + file) as the viewer sees it, 0..143. */
static inline int viewed(int sq, int mine) {
    int f = mq_file(sq), r = mq_rank(sq);
    if (mine == CIGAR) f = MQ_N - 1 - f, r = MQ_N - 1 - r;
    return r * MQ_N + f;
}

/* What both views share: each queen's open squares and threatened ones among them. */
typedef struct {
    int open[2], threats[2], attacked[2], hanging[2];
} Views;

static inline bool seen_at(const uint16_t *seen, int sq) {
    const MQSqLines *s = &mq_sqlines[sq];
    unsigned r = 0;
    for (int t = 0; t < LT_NB; t++) r |= (unsigned)seen[s->line[t]] >> s->pos[t];
    return r & 1;
}

static void queens(const MQPos *p, Views *v) {
    uint16_t seen[2][MQ_LINES];
    memset(seen, 0, sizeof seen);
    mq_sight(p, IVORY, seen[IVORY]);
    mq_sight(p, CIGAR, seen[CIGAR]);
    for (int c = 0; c < 2; c++) {
        if (p->queen[c] != MQ_NO_SQ) v->open[c] = mq_queen_view(p, c, seen[c ^ 1], &v->threats[c]);
        int att = 0, hang = 0;
        for (int w = 0; w < 3; w++)
            for (uint64_t b = p->bb[c][w]; b; b &= b - 1) {
                int sq = w * 64 + __builtin_ctzll(b);
                if (sq == p->queen[c] || !seen_at(seen[c ^ 1], sq)) continue;
                att++;
                hang += !seen_at(seen[c], sq);
            }
        v->attacked[c] = att < MQ_CNT ? att : MQ_CNT - 1;
        v->hanging[c] = hang < MQ_CNT ? hang : MQ_CNT - 1;
    }
}

static int view(const MQPos *p, int persp, const Views *v, uint32_t *out) {
    int mine = persp ^ (p->swap == SWAP_TAKEN), n = 0;
    for (int side = 0; side < 2; side++) {
        int colour = mine ^ side, base = side * MQ_F_SIDE;
        int queen = p->queen[colour];
        for (int w = 0; w < 3; w++)
            for (uint64_t b = p->bb[colour][w]; b; b &= b - 1) {
                int sq = w * 64 + __builtin_ctzll(b), at = viewed(sq, mine);
                out[n++] = (uint32_t)(base + (sq == queen ? MQ_SQ144 + at : at));
            }
        if (queen != MQ_NO_SQ) {
            int h = p->height[queen] > MQ_HB ? MQ_HB : p->height[queen];
            out[n++] = (uint32_t)(base + MQ_F_HEIGHT + h - 1);
            out[n++] = (uint32_t)(base + MQ_F_OPEN + v->open[colour]);
            out[n++] = (uint32_t)(base + MQ_F_THREAT + v->threats[colour]);
        }
        out[n++] = (uint32_t)(base + MQ_F_ATT + v->attacked[colour]);
        out[n++] = (uint32_t)(base + MQ_F_HANG + v->hanging[colour]);
    }
    if (p->swap == SWAP_PENDING) out[n++] = MQ_F_SWAP;
    if (p->swap == SWAP_AVAILABLE) out[n++] = MQ_F_SWAP + 1;
    return n;
}

int KIT_HOT(mq_features)(const GamePos *gp, int persp, uint32_t *out) {
    Views v;
    queens((const MQPos *)gp, &v);
    return view((const MQPos *)gp, persp, &v, out);
}

/* Both views share the queens' sight: the search's evaluation works it out once. */
void KIT_HOT(mq_features_both)(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    Views v;
    queens((const MQPos *)gp, &v);
    for (int persp = 0; persp < 2; persp++) n[persp] = view((const MQPos *)gp, persp, &v, out[persp]);
}
