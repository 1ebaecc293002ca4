/* bz_features.c — Boom & Zoom as sparse features for the learned evaluation: towers by
 * height and square, and the checkers borne off, each seen from one player. */
#include "bz.h"

_Static_assert(BZ_F_OFF + 2 * BZ_CHECKERS == BZ_NNUE_FEATURES, "Boom & Zoom features");

int bz_features(const GamePos *gp, int persp, uint32_t *out) {
    const BZPos *p = (const BZPos *)gp;
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->occ[owner]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            out[n++] = bz_feature_tower(persp, owner, sq, p->height[sq]);
        }
        for (int k = 0; k < p->off[owner] && k < BZ_CHECKERS; k++) out[n++] = bz_feature_off(persp, owner, k);
    }
    return n;
}
