/* embed_features.c — Embed as sparse features for the learned evaluation: drones and
 * bosses by square and each boss's ring, room and run threats, seen from one player. */
#include "embed.h"

/* The viewer's drones, the other's drones, the viewer's boss, the other's boss, 64 squares
 * each, the board turned half a turn for player 2 so that every view aims north. Then per
 * boss (the viewer's, the other's) what the hand-written evaluation counts, each count one
 * feature of its own so that the net may weigh every value differently: enemy pieces around
 * it [9], other squares around it [9], squares it can move to [28], of those the ones from
 * which it would see its goal row [28]. These are where a net of squares alone was blind:
 * they depend on whole lines of the board. */
enum {
    EM_F_BOSS = 4 * B8_SQ,
    EM_F_RING = 9,
    EM_F_REACH = 28,
    EM_F_PER_BOSS = 2 * EM_F_RING + 2 * EM_F_REACH,
};
_Static_assert(EM_F_BOSS + 2 * EM_F_PER_BOSS == EM_NNUE_FEATURES, "Embed features");

/* The bosses' counts in view persp (position features: they depend on whole lines). */
static int counts(int persp, const EmBoss boss[2], uint32_t *out) {
    int n = 0;
    for (int side = 0; side < 2; side++) {
        const EmBoss *o = &boss[persp ^ side];
        uint32_t base = (uint32_t)(EM_F_BOSS + side * EM_F_PER_BOSS);
        out[n++] = base + (uint32_t)o->ring_enemy;
        out[n++] = base + EM_F_RING + (uint32_t)o->ring_free;
        out[n++] = base + 2 * EM_F_RING + (uint32_t)o->reach;
        out[n++] = base + 2 * EM_F_RING + EM_F_REACH + (uint32_t)o->run2;
    }
    return n;
}

static int view(const EmPos *p, int persp, const EmBoss boss[2], uint32_t *out) {
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        for (Bb b = p->drones[owner]; b; b &= b - 1) out[n++] = em_feature_drone(persp, owner, __builtin_ctzll(b));
        out[n++] = em_feature_boss(persp, owner, p->boss[owner]);
    }
    return n + counts(persp, boss, out + n);
}

static inline void bosses(const EmPos *p, EmBoss boss[2]) {
    Bb occ = em_occ(p);
    boss[EM_P1] = em_boss(p, EM_P1, occ);
    boss[EM_P2] = em_boss(p, EM_P2, occ);
}

int KIT_HOT(em_features)(const GamePos *gp, int persp, uint32_t *out) {
    const EmPos *p = (const EmPos *)gp;
    EmBoss boss[2];
    bosses(p, boss);
    return view(p, persp, boss, out);
}

/* Both views from one count of the bosses' lines. */
void KIT_HOT(em_features_both)(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const EmPos *p = (const EmPos *)gp;
    EmBoss boss[2];
    bosses(p, boss);
    n[0] = view(p, EM_P1, boss, out[0]);
    n[1] = view(p, EM_P2, boss, out[1]);
}

void KIT_HOT(em_features_dynamic)(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const EmPos *p = (const EmPos *)gp;
    EmBoss boss[2];
    bosses(p, boss);
    n[0] = counts(EM_P1, boss, out[0]);
    n[1] = counts(EM_P2, boss, out[1]);
}
