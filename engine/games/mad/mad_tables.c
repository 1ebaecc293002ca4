/* mad_tables.c — M.A.D.'s read-only tables, made once: the direction of each lunge's
 * last square from its base, and the Zobrist keys (frozen: books depend on them). */
#include <pthread.h>

#include "../common/zobrist.h"
#include "mad.h"

uint8_t mad_dir[B8_SQ][B8_SQ];
Key mad_z[2][B8_SQ][MAD_MAX_HEIGHT + 1], mad_z_p2;

/* "M.A.D.", then the game's number in the seed sheet. */
#define MAD_ZOBRIST_SEED 0x4D2E412E442E0004ULL

static void init_dirs(void) {
    for (int a = 0; a < B8_SQ; a++) {
        for (int b = 0; b < B8_SQ; b++) mad_dir[a][b] = DIR_NB;
        for (int d = 0; d < DIR_NB; d++)
            for (int k = 2; k <= 3 && k <= b8_edge[a][d]; k++) mad_dir[a][b8_step(a, d, k)] = (uint8_t)d;
    }
}

/* Drawn in this order: player 1's stacks of heights 1, 2, 3, 4 on a1, then on b1, ...,
 * h8; the same for player 2; then player 2 to move. */
static void init_zobrist(void) {
    Prng rng = {MAD_ZOBRIST_SEED};
    for (int p = 0; p < 2; p++)
        for (int sq = 0; sq < B8_SQ; sq++) {
            mad_z[p][sq][0] = 0;
            zobrist_fill(&rng, &mad_z[p][sq][1], MAD_MAX_HEIGHT);
        }
    zobrist_fill(&rng, &mad_z_p2, 1);
}

static void init_once(void) {
    b8_init();
    init_dirs();
    init_zobrist();
}

static pthread_once_t once = PTHREAD_ONCE_INIT;

void mad_init_tables(void) { pthread_once(&once, init_once); }
