/* embed_tables.c — Embed's read-only tables, made once: the lines through each square for
 * sliding attacks, the rank attacks by occupancy, and the Zobrist keys. */
#include <pthread.h>

#include "../common/zobrist.h"
#include "embed.h"

EmLines em_lines[B8_SQ];
uint8_t em_rank_attacks[8][64];
Key em_z_drone[2][B8_SQ], em_z_boss[2][B8_SQ], em_z_side;

/* The seed and the order of the draws fix every key (and any book made with them). */
#define EM_ZOBRIST_SEED 0x456D626564ULL /* "Embed" */

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    b8_init();
    for (int sq = 0; sq < B8_SQ; sq++) {
        EmLines *l = &em_lines[sq];
        l->file = b8_ray[sq][DIR_N] | b8_ray[sq][DIR_S];
        l->diag = b8_ray[sq][DIR_NE] | b8_ray[sq][DIR_SW];
        l->anti = b8_ray[sq][DIR_NW] | b8_ray[sq][DIR_SE];
    }
    /* The squares a slider on file f of a rank reaches, by the occupancy of files b-g (the
     * end squares a and h stop a slide whether occupied or not). */
    for (int f = 0; f < 8; f++)
        for (int inner = 0; inner < 64; inner++) {
            unsigned occ = (unsigned)inner << 1, reach = 0;
            for (int t = f + 1; t < 8; t++) {
                reach |= 1u << t;
                if (occ >> t & 1) break;
            }
            for (int t = f - 1; t >= 0; t--) {
                reach |= 1u << t;
                if (occ >> t & 1) break;
            }
            em_rank_attacks[f][inner] = (uint8_t)reach;
        }
    Prng rng = {EM_ZOBRIST_SEED};
    zobrist_fill(&rng, &em_z_drone[0][0], 2 * B8_SQ);
    zobrist_fill(&rng, &em_z_boss[0][0], 2 * B8_SQ);
    zobrist_fill(&rng, &em_z_side, 1);
}

void em_init_tables(void) { pthread_once(&once, make_tables); }
