/* embed_features.c — Embed as sparse features for the learned evaluation: drones and
 * bosses by square, seen from one player. */
#include "embed.h"

/* The viewer's drones, the other's drones, the viewer's boss, the other's boss, 64 squares
 * each, the board turned half a turn for player 2 so that every view aims north. */
_Static_assert(4 * B8_SQ == EM_NNUE_FEATURES, "Embed features");

int em_features(const GamePos *gp, int persp, uint32_t *out) {
    const EmPos *p = (const EmPos *)gp;
    int n = 0, flip = persp == EM_P1 ? 0 : 63;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->drones[owner]; b; b &= b - 1) out[n++] = (uint32_t)(side * B8_SQ + (__builtin_ctzll(b) ^ flip));
        out[n++] = (uint32_t)((2 + side) * B8_SQ + (p->boss[owner] ^ flip));
    }
    return n;
}
