/* mkc_features.c — Monkey King Chess as sparse features for the learned evaluation: faces
 * by square, hands, tokens, the extra step, the river option and the evaluation's counts. */
#include "mkc.h"

/* Blue and Red differ in every way, so nothing is mirrored: each view has its own block
 * (Blue's view first, then Red's) holding the same absolute facts, and the net learns each
 * side's view apart. In a block: (face - 1) * 64 + square [17 faces]; then hands as
 * thermometers (side, disk, k: on while at least k + 1 are in hand) [2 x 12]; Red's tokens
 * (at least 1, at least 2); Red in its extra step; rivers on the diagonal. Then what the
 * hand-written evaluation counts along lines and over the whole board, which squares alone
 * cannot say (set mkc-1 had none of it and lost): the Blue pieces the Celestial holds (by
 * square), the Pilgrim's cage, pieces that can still move and those whose moves never run
 * out (per side), the race of Blue's last steps against the Pilgrim's exit and Red's last
 * moves (the stalemate rule ends such games), Blue's flip chances, an exposed Goblin King.
 * Counts are one-hot, not thermometers: every active feature costs each evaluation a diff
 * (mkc-2's thermometers doubled the active features and halved the net's speed). */
enum {
    MKC_F_HANDS = (F_NB - 1) * 64,
    MKC_F_HAND_SIDE = 12,
    MKC_F_TOKENS = MKC_F_HANDS + 2 * MKC_F_HAND_SIDE,
    MKC_F_EXTRA = MKC_F_TOKENS + 2,
    MKC_F_DIAGONAL = MKC_F_EXTRA + 1,
    MKC_F_IMMOB = MKC_F_DIAGONAL + 1,   /* 64 squares */
    MKC_F_CAGE = MKC_F_IMMOB + 64,      /* one of 0 .. 8 */
    MKC_F_BLUE_UNITS = MKC_F_CAGE + 9,  /* one of 0 .. 4+ */
    MKC_F_BLUE_LASTING = MKC_F_BLUE_UNITS + 5, /* one of 0 .. 3+ */
    MKC_F_RED_UNITS = MKC_F_BLUE_LASTING + 4,  /* one of 0 .. 4+ */
    MKC_F_RED_LASTING = MKC_F_RED_UNITS + 5,   /* one of 0 .. 3+ */
    MKC_F_RACE = MKC_F_RED_LASTING + 4, /* Blue without lasting pieces: its lead -1 .. 6 */
    MKC_F_RED_SUPPLY = MKC_F_RACE + 8,  /* Red without lasting pieces: its moves 0 .. 6 */
    MKC_F_CHANCE_NOW = MKC_F_RED_SUPPLY + 7,   /* one of 1 .. 3+ (none: no feature) */
    MKC_F_CHANCE_NEAR = MKC_F_CHANCE_NOW + 3,  /* one of 1 .. 4+ */
    MKC_F_GOBLIN_EXPOSED = MKC_F_CHANCE_NEAR + 4,
    MKC_F_BLOCK = MKC_F_GOBLIN_EXPOSED + 1,
};
_Static_assert(2 * MKC_F_BLOCK == MKC_NNUE_FEATURES, "Monkey King Chess features");

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

static int thermometer(uint32_t *out, uint32_t at, int v, int cap) {
    int n = 0;
    for (int k = 0; k < v && k < cap; k++) out[n++] = at + (uint32_t)k;
    return n;
}

/* One view's features at block offset base; t: the evaluation's counts of this position. */
static int features_at(const MKCPos *p, const MKCTerms *t, uint32_t base, uint32_t *out) {
    int n = 0;
    for (Bb b = mkc_occ(p); b; b &= b - 1) {
        int sq = bb_lsb(b);
        out[n++] = base + (uint32_t)((p->board[sq] - 1) * 64 + sq);
    }
    for (int s = 0; s < 2; s++) {
        int at = MKC_F_HANDS + s * MKC_F_HAND_SIDE;
        for (int d = 0; d < D_NB; d++) {
            n += thermometer(out + n, base + (uint32_t)at, p->hand[s][d], MKC_DISKS[d]);
            at += MKC_DISKS[d];
        }
    }
    n += thermometer(out + n, base + MKC_F_TOKENS, p->tokens, 2);
    if (p->extra) out[n++] = base + MKC_F_EXTRA;
    if (p->diagonal) out[n++] = base + MKC_F_DIAGONAL;
    for (Bb b = t->immob; b; b &= b - 1) out[n++] = base + MKC_F_IMMOB + (uint32_t)bb_lsb(b);
    if (mkc_pilgrim(p) >= 0) out[n++] = base + MKC_F_CAGE + (uint32_t)clampi(t->cage, 0, 8);
    out[n++] = base + MKC_F_BLUE_UNITS + (uint32_t)clampi(t->blue_units, 0, 4);
    out[n++] = base + MKC_F_BLUE_LASTING + (uint32_t)clampi(t->blue_lasting, 0, 3);
    out[n++] = base + MKC_F_RED_UNITS + (uint32_t)clampi(t->red_units, 0, 4);
    out[n++] = base + MKC_F_RED_LASTING + (uint32_t)clampi(t->red_lasting, 0, 3);
    if (t->blue_lasting == 0)
        out[n++] = base + MKC_F_RACE + (uint32_t)(clampi(t->blue_supply - t->exit_distance, -1, 6) + 1);
    if (t->red_lasting == 0) out[n++] = base + MKC_F_RED_SUPPLY + (uint32_t)clampi(t->red_supply, 0, 6);
    if (t->chances_now) out[n++] = base + MKC_F_CHANCE_NOW + (uint32_t)clampi(t->chances_now, 1, 3) - 1;
    if (t->chances_near) out[n++] = base + MKC_F_CHANCE_NEAR + (uint32_t)clampi(t->chances_near, 1, 4) - 1;
    if ((p->bb[BK] & MKC_RED_HALF) && t->red_in_hand) out[n++] = base + MKC_F_GOBLIN_EXPOSED;
    return n;
}

int mkc_features(const GamePos *gp, int persp, uint32_t *out) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_terms(p, &t);
    return features_at(p, &t, (uint32_t)(persp == PLAYER_1 ? 0 : MKC_F_BLOCK), out);
}

void mkc_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_terms(p, &t);
    n[0] = features_at(p, &t, 0, out[0]);
    n[1] = features_at(p, &t, MKC_F_BLOCK, out[1]);
}
