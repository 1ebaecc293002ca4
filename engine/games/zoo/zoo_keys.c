/* zoo_keys.c — Zoo Contest's Zobrist keys: the tables (drawn once, in a fixed order from
 * the module's own seed, so keys never move) and a position's key computed from scratch. */
#include <pthread.h>

#include "../common/zobrist.h"
#include "zoo.h"

ZooKeys zoo_keys;
const int ZOO_STEP[8] = {16, 17, 1, -15, -16, -17, -1, 15};

static void draw(void) {
    Prng rng = {0x5A4F4F434F4E5445ULL}; /* "ZOOCONTE" */
    zobrist_fill(&rng, &zoo_keys.piece[0][0][0][0], sizeof zoo_keys.piece / sizeof(Key));
    zobrist_fill(&rng, &zoo_keys.side, 1);
    Key eflag[2], goal[6];
    zobrist_fill(&rng, eflag, 2);
    zobrist_fill(&rng, goal, 6);
    /* Sets of flags key as the xor of their members, so a table lookup replaces a loop. */
    for (int s = 0; s < 4; s++)
        for (int b = 0; b < 2; b++)
            if (s >> b & 1) zoo_keys.eflag[s] ^= eflag[b];
    for (int s = 0; s < 64; s++)
        for (int b = 0; b < 6; b++)
            if (s >> b & 1) zoo_keys.goals[s] ^= goal[b];
    zobrist_fill(&rng, &zoo_keys.pend[0][0][0], sizeof zoo_keys.pend / sizeof(Key));
    zobrist_fill(&rng, zoo_keys.pend_mover, 2);
    zobrist_fill(&rng, &zoo_keys.config[0][0][0], sizeof zoo_keys.config / sizeof(Key));
}

static pthread_once_t once = PTHREAD_ONCE_INIT;
void zoo_init_tables(void) { pthread_once(&once, draw); }

Key zoo_compute_key(const ZooPos *p) {
    const ZooState *s = &p->st;
    Key k = zoo_keys.config[s->w][s->h][s->longgame] ^ zoo_state_key(s);
    for (int pl = 0; pl < 2; pl++) {
        k ^= zoo_keys.piece[pl][K_ELEPHANT][royal_e(p, pl)][s->esq[pl]];
        k ^= zoo_keys.piece[pl][K_MONKEY][royal_m(p, pl)][s->msq[pl]];
        for (int i = 0; i < 4; i++) {
            int sq = s->mice[pl][i];
            if (sq != ZOO_NO_SQ) k ^= zoo_keys.piece[pl][K_MOUSE][(p->cell[sq] & C_T(pl)) != 0][sq];
        }
    }
    return k;
}
