/* dt_features.c — Dragons Teeth as sparse features for the learned evaluation: teeth by
 * strength and square, and the strength moved off, each seen from one player. */
#include "dt.h"

/* A tooth of the viewer's (0) or the other's (1) of strength s on square q, the board
 * turned so that the viewer's side is at the bottom: (side * 3 + s - 1) * 64 + q; then for
 * each side a thermometer of strength moved off (feature k on while at least k + 1 is off). */
enum { DT_F_OFF = 2 * 3 * B8_SQ };
_Static_assert(DT_F_OFF + 2 * DT_MAX_OFF == DT_NNUE_FEATURES, "Dragons Teeth features");

int dt_features(const GamePos *gp, int persp, uint32_t *out) {
    const DTPos *p = (const DTPos *)gp;
    int n = 0, flip = persp == PLAYER_1 ? 0 : 56;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->occ[owner]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            out[n++] = (uint32_t)((side * 3 + p->str[sq] - 1) * B8_SQ + (sq ^ flip));
        }
        for (int k = 0; k < p->off[owner] && k < DT_MAX_OFF; k++) out[n++] = (uint32_t)(DT_F_OFF + side * DT_MAX_OFF + k);
    }
    return n;
}
