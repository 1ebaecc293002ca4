/* mkc_features.c — Monkey King Chess as sparse features for the learned evaluation: faces
 * by square, hands, Red's Fists tokens and extra step, and the river option. */
#include "mkc.h"

/* Blue and Red differ in every way, so nothing is mirrored: each view has its own block
 * (Blue's view first, then Red's) holding the same absolute facts, and the net learns each
 * side's view apart. In a block: (face - 1) * 64 + square [17 faces]; then hands as
 * thermometers (side, disk, k: on while at least k + 1 are in hand) [2 x 12]; Red's tokens
 * (at least 1, at least 2); Red in its extra step; rivers on the diagonal. */
enum {
    MKC_F_HANDS = (F_NB - 1) * 64,
    MKC_F_HAND_SIDE = 12,
    MKC_F_TOKENS = MKC_F_HANDS + 2 * MKC_F_HAND_SIDE,
    MKC_F_EXTRA = MKC_F_TOKENS + 2,
    MKC_F_DIAGONAL = MKC_F_EXTRA + 1,
    MKC_F_BLOCK = MKC_F_DIAGONAL + 1,
};
_Static_assert(2 * MKC_F_BLOCK == MKC_NNUE_FEATURES, "Monkey King Chess features");

int mkc_features(const GamePos *gp, int persp, uint32_t *out) {
    const MKCPos *p = (const MKCPos *)gp;
    uint32_t base = (uint32_t)(persp == PLAYER_1 ? 0 : MKC_F_BLOCK);
    int n = 0;
    for (Bb b = mkc_occ(p); b; b &= b - 1) {
        int sq = bb_lsb(b);
        out[n++] = base + (uint32_t)((p->board[sq] - 1) * 64 + sq);
    }
    for (int s = 0; s < 2; s++) {
        int at = MKC_F_HANDS + s * MKC_F_HAND_SIDE;
        for (int d = 0; d < D_NB; d++) {
            for (int k = 0; k < p->hand[s][d] && k < MKC_DISKS[d]; k++) out[n++] = base + (uint32_t)(at + k);
            at += MKC_DISKS[d];
        }
    }
    for (int k = 0; k < p->tokens && k < 2; k++) out[n++] = base + (uint32_t)(MKC_F_TOKENS + k);
    if (p->extra) out[n++] = base + MKC_F_EXTRA;
    if (p->diagonal) out[n++] = base + MKC_F_DIAGONAL;
    return n;
}
