/* embed_see.c — the static exchange of a drone capture (hot: see EM_HOT in embed.h): only
 * drones take, only drones are taken, so every exchange is a run of equal trades. */
#include "embed.h"

/* Each side takes back on the square with any drone that sees it while it has one (all are
 * worth the same), the lines behind a drone that left opening up; either side may stop. */
bool EM_HOT(em_see_ge)(const GamePos *gp, Move m, int threshold) {
    const EmPos *p = (const EmPos *)gp;
    if (!(m & EM_MF_CAPTURE)) return threshold <= 0;
    int to = em_to(m), side = p->stm ^ 1, d = 0;
    Bb occ = em_occ(p) ^ b8_bit(em_from(m));
    int gain[32];
    gain[0] = EM_DRONE_VALUE;
    for (;;) {
        Bb takers = em_attacks(to, occ) & occ & p->drones[side];
        if (!takers || d + 1 >= (int)(sizeof gain / sizeof gain[0])) break;
        d++;
        gain[d] = EM_DRONE_VALUE - gain[d - 1];
        if ((gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]) < 0) break; /* neither side gains */
        occ ^= b8_bit(b8_lsb(takers));
        side ^= 1;
    }
    for (; d > 0; d--) gain[d - 1] = -(gain[d] > -gain[d - 1] ? gain[d] : -gain[d - 1]);
    return gain[0] >= threshold;
}
