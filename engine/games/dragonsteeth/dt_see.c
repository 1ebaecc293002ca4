/* dt_see.c — Dragons Teeth's static exchange on one square: the eliminations and
 * re-eliminations that follow a noisy move, each side taking with its weakest tooth that
 * passes the strength test (hot: see KIT_HOT in common/hot.h). */
#include "dt.h"

/* The weakest tooth of side c among att that may eliminate an occupant of strength
 * occupant on sq, with assist the strength of c's teeth next to sq; -1 if none. */
static inline int weakest_eliminator(const DTPos *p, int c, Bb att, int sq, int occupant, int assist) {
    int need = occupant - assist;
    if (need > 0) att &= ~b8_king[sq]; /* a neighbour counts in the assist already: it fails */
    for (int s = need > 1 ? need : 1; s <= 3; s++) {
        Bb b = att & p->by_str[c][s];
        if (b) return bb_lsb(b);
    }
    return -1;
}

bool KIT_HOT(dt_see_ge)(const GamePos *gp, Move m, int threshold) {
    const DTPos *p = (const DTPos *)gp;
    if (m & DT_MF_EXIT) return dt_exit_gain(dt_mover(m)) >= threshold;
    /* Only quiescence asks: an elimination must win what the search asks by the exchange. */
    if (!(m & DT_MF_CAPTURE)) return 0 >= threshold;
    int sq = dt_to(m), from = dt_from(m), side = p->stm ^ 1;
    int gain[32], d = 0, occupant = dt_mover(m);
    gain[0] = DT_VALUE[dt_victim(m)];
    Bb occ = (p->occ[0] | p->occ[1]) ^ bb_bit(from);
    int assist[2] = {p->assist.b[0][sq], p->assist.b[1][sq]};
    if (b8_king[sq] & bb_bit(from)) assist[side ^ 1] -= occupant;
    for (;;) {
        /* teeth that have moved are out of occ; the victims left with the square's owner */
        Bb att = dt_queen(sq, occ) & occ & p->occ[side];
        int e = weakest_eliminator(p, side, att, sq, occupant, assist[side]);
        if (e < 0) break;
        d++;
        gain[d] = DT_VALUE[occupant] - gain[d - 1];
        occupant = p->str[e];
        occ ^= bb_bit(e);
        if (b8_king[sq] & bb_bit(e)) assist[side] -= occupant;
        side ^= 1;
        if (d == 31) break;
    }
    while (d > 0) {
        if (-gain[d] < gain[d - 1]) gain[d - 1] = -gain[d];
        d--;
    }
    return gain[0] >= threshold;
}
