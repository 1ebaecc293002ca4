/* bz_tables.c — Boom & Zoom's read-only tables: the frozen Zobrist keys, drawn once with
 * the shared board tables. */
#include <pthread.h>

#include "../common/line8.h"
#include "../common/zobrist.h"
#include "bz.h"

Key bz_z_tower[2][BZ_MAX_HEIGHT + 1][B8_SQ], bz_z_p2, bz_z_off[2][BZ_CHECKERS + 1];

/* The Zobrist seed and drawing order are part of the key scheme: never change them. */
#define BZ_ZOBRIST_SEED 0x53494D4941425A31ULL /* "SIMIABZ1" */

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    b8_init();
    b8_lines_init();
    Prng rng = {BZ_ZOBRIST_SEED};
    zobrist_fill(&rng, &bz_z_tower[0][0][0], sizeof bz_z_tower / sizeof(Key));
    zobrist_fill(&rng, &bz_z_p2, 1);
    zobrist_fill(&rng, &bz_z_off[0][0], sizeof bz_z_off / sizeof(Key));
    /* No off count is the start of a key: a game of zero checkers off keeps the board's key. */
    bz_z_off[0][0] = bz_z_off[1][0] = 0;
}

void bz_init_tables(void) { pthread_once(&once, make_tables); }
