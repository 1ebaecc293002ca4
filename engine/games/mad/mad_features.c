/* mad_features.c — M.A.D. as sparse features for the learned evaluation: stacks by height
 * and square, seen from one player. */
#include "mad.h"

/* A stack of the viewer's (0) or the other's (1) of height h on square q, the board turned
 * so that the viewer aims north: (side * 4 + h - 1) * 64 + q. */
_Static_assert(2 * MAD_MAX_HEIGHT * B8_SQ == MAD_NNUE_FEATURES, "M.A.D. features");

int mad_features(const GamePos *gp, int persp, uint32_t *out) {
    const MadPos *p = (const MadPos *)gp;
    int n = 0;
    for (int side = 0; side < 2; side++)
        for (Bb b = p->atl[persp ^ side][0]; b; b &= b - 1) {
            int sq = __builtin_ctzll(b), h = p->h[sq] > MAD_MAX_HEIGHT ? MAD_MAX_HEIGHT : p->h[sq];
            out[n++] = mad_feature(persp, persp ^ side, sq, h);
        }
    return n;
}
