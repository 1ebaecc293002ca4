/* dt_features.c — Dragons Teeth as sparse features for the learned evaluation: teeth by
 * strength and square, and the strength moved off, each seen from one player. */
#include "dt.h"

_Static_assert(DT_F_OFF + 2 * DT_MAX_OFF == DT_NNUE_FEATURES, "Dragons Teeth features");

int dt_features(const GamePos *gp, int persp, uint32_t *out) {
    const DTPos *p = (const DTPos *)gp;
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->occ[owner]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b);
            out[n++] = dt_feature_tooth(persp, owner, sq, p->str[sq]);
        }
        for (int k = 0; k < p->off[owner] && k < DT_MAX_OFF; k++) out[n++] = dt_feature_off(persp, owner, k);
    }
    return n;
}
