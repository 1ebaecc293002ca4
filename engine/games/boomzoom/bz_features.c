/* bz_features.c — Boom & Zoom as sparse features for the learned evaluation: towers by
 * height and square, and the checkers borne off, each seen from one player. */
#include "bz.h"

/* A tower of the viewer's (0) or the other's (1) of height h on square s, with the board
 * turned so that the viewer moves north: (side * 3 + h - 1) * 64 + s; then for each side
 * a thermometer of checkers borne off (feature k on while at least k + 1 are off). */
enum { BZ_F_TOWERS = 0, BZ_F_OFF = 2 * BZ_MAX_HEIGHT * B8_SQ };
_Static_assert(BZ_F_OFF + 2 * BZ_CHECKERS == BZ_NNUE_FEATURES, "Boom & Zoom features");

int bz_features(const GamePos *gp, int persp, uint32_t *out) {
    const BZPos *p = (const BZPos *)gp;
    int n = 0, flip = persp == BZ_P1 ? 0 : 56;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->occ[owner]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            out[n++] = (uint32_t)((side * BZ_MAX_HEIGHT + p->height[sq] - 1) * B8_SQ + (sq ^ flip));
        }
        for (int k = 0; k < p->off[owner] && k < BZ_CHECKERS; k++) out[n++] = (uint32_t)(BZ_F_OFF + side * BZ_CHECKERS + k);
    }
    return n;
}
