/* mkc_attack.c — what Blue attacks: the Red Celestial's immobilized pieces, the attackers
 * of a square by the faces they show, every attacked square, and check of the Pilgrim. */
#include "mkc.h"

Bb mkc_immobilized(const MKCPos *p, Bb occ) {
    Bb c = p->bb[RC];
    if (!c) return 0;
    int csq = bb_lsb(c);
    /* On a cloud the Celestial's only line is the other square of its cloud. */
    if (c & MKC_CLOUDS) return bb_bit(csq ^ 1) & p->occ[BLUE];
    Bb first = 0;
    for (int d = 0; d < 4; d++) {
        int f = ray_first(d, csq, occ);
        if (f >= 0) first |= bb_bit(f);
    }
    return first & p->occ[BLUE];
}

/* Patterns are symmetric: a Blue piece on x attacks sq exactly when a Red piece of the
 * same pattern on sq would reach x (forward swapped for pawns and heroes). Pieces on
 * clouds attack nothing (flights never capture): the earth tables never name a cloud. */
Bb mkc_attackers(const MKCPos *p, int sq, Bb occ, Bb immob) {
    Bb a = (mkc_pawn_cap[RED][sq] & (p->bb[BP] | p->bb[BS])) | (mkc_knight[sq] & p->bb[BN]) |
           (mkc_ferz[sq] & p->bb[BG]) | (mkc_hero[RED][sq] & p->bb[BH]) | (mkc_king[sq] & p->bb[BK]);
    if (p->bb[BC]) a |= rook_attack(sq, occ) & p->bb[BC];
    if (p->bb[BL]) a |= ray_attack(DIR_N, sq, occ) & p->bb[BL];
    return a & ~immob;
}

Bb mkc_blue_attacks(const MKCPos *p, Bb occ, Bb immob) {
    Bb free = ~immob, b;
    Bb pawns = (p->bb[BP] | p->bb[BS]) & free;
    Bb a = ((pawns >> 9) | (pawns >> 7)) & MKC_EARTH; /* one rank down, one file aside */
    for (b = p->bb[BN] & free; b;) a |= mkc_knight[bb_pop_lsb(&b)];
    for (b = p->bb[BG] & free; b;) a |= mkc_ferz[bb_pop_lsb(&b)];
    for (b = p->bb[BH] & free; b;) a |= mkc_hero[BLUE][bb_pop_lsb(&b)];
    for (b = p->bb[BK] & free; b;) a |= mkc_king[bb_pop_lsb(&b)];
    for (b = p->bb[BL] & free; b;) a |= ray_attack(DIR_S, bb_pop_lsb(&b), occ);
    for (b = p->bb[BC] & free; b;) a |= rook_attack(bb_pop_lsb(&b), occ);
    return a;
}

bool mkc_pilgrim_attacked(const MKCPos *p) {
    int k = mkc_pilgrim(p);
    if (k < 0) return false;
    Bb occ = mkc_occ(p);
    return mkc_attackers(p, k, occ, mkc_immobilized(p, occ)) != 0;
}
