/* embed_make.c — Embed's make and unmake: bitboards, the boss squares, the counters and the
 * incremental Zobrist key, restored exactly (hot: see KIT_HOT in common/hot.h). */
#include "embed.h"

void KIT_HOT(em_make)(GamePos *gp, Move m, GameUndo *gu) {
    EmPos *p = (EmPos *)gp;
    EmUndo *u = (EmUndo *)gu;
    int me = p->stm, from = em_from(m), to = em_to(m);
    Key k = p->key ^ em_z_side;
    u->key = p->key;
    u->noprogress = p->noprogress;
    p->noprogress++;
    if (m & EM_MF_BOSS) {
        p->boss[me] = (uint8_t)to;
        k ^= em_z_boss[me][from] ^ em_z_boss[me][to];
    } else {
        p->drones[me] ^= bb_bit(from) | bb_bit(to);
        k ^= em_z_drone[me][from] ^ em_z_drone[me][to];
        if (m & EM_MF_CAPTURE) {
            p->drones[me ^ 1] ^= bb_bit(to);
            k ^= em_z_drone[me ^ 1][to];
            p->noprogress = 0;
        }
    }
    p->key = k;
    p->stm = (uint8_t)(me ^ 1);
    p->ply++;
}

void KIT_HOT(em_unmake)(GamePos *gp, Move m, const GameUndo *gu) {
    EmPos *p = (EmPos *)gp;
    const EmUndo *u = (const EmUndo *)gu;
    int me = p->stm ^ 1, from = em_from(m), to = em_to(m);
    p->stm = (uint8_t)me;
    p->ply--;
    p->key = u->key;
    p->noprogress = u->noprogress;
    if (m & EM_MF_BOSS) {
        p->boss[me] = (uint8_t)from;
    } else {
        p->drones[me] ^= bb_bit(from) | bb_bit(to);
        if (m & EM_MF_CAPTURE) p->drones[me ^ 1] ^= bb_bit(to);
    }
}
