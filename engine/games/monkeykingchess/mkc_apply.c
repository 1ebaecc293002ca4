/* mkc_apply.c — the board's change of one decision (burials under Mountains, drops, Fists
 * tokens, the exit), shared by make and by the move generator's trial plays. */
#include "mkc.h"

void mkc_apply(MKCPos *p, Move m) {
    int from = mv_from(m), to = mv_to(m), face = mv_face(m), victim = mv_victim(m);
    switch (mv_kind(m)) {
    case K_MOVE:
    case K_FLIP:
        mkc_remove(p, from, mv_kind(m) == K_FLIP ? MKC_FACE[face].origin : face);
        if (victim) mkc_remove(p, to, victim);
        /* Whoever captures a Celestial is buried under its Mountain where it stood. */
        if (victim == BC || victim == RC) mkc_put(p, from, victim == BC ? BX : RX);
        else mkc_put(p, to, face);
        break;
    case K_DROP: {
        int side = MKC_FACE[face].side, disk = MKC_FACE[face].disk;
        mkc_set_hand(p, side, disk, p->hand[side][disk] - 1);
        mkc_put(p, to, face);
        break;
    }
    case K_FISTS:
        mkc_remove(p, from, RH);
        mkc_set_tokens(p, p->tokens + 1);
        break;
    case K_EXIT: mkc_remove(p, from, RK); break;
    default: break; /* end: nothing on the board */
    }
}
