/* line8.c — the 8×8 board's square-to-square tables (direction, squares between), made
 * once from the rays of board8.c. */
#include "line8.h"

#include <pthread.h>

int8_t b8_dir_to[B8_SQ][B8_SQ];
Bb b8_between[B8_SQ][B8_SQ];

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    b8_init();
    for (int a = 0; a < B8_SQ; a++) {
        for (int b = 0; b < B8_SQ; b++) b8_dir_to[a][b] = -1;
        for (int d = 0; d < DIR_NB; d++)
            for (Bb ray = b8_ray[a][d]; ray; ray &= ray - 1) {
                int b = bb_lsb(ray);
                b8_dir_to[a][b] = (int8_t)d;
                b8_between[a][b] = b8_ray[a][d] & ~b8_ray[b][d] & ~bb_bit(b);
            }
    }
}

void b8_lines_init(void) { pthread_once(&once, make_tables); }
