/* line8.h — how two squares of the 8×8 board relate along the eight lines: the direction
 * from one to the other, the squares strictly between them, and their king distance. */
#ifndef SIMIA_LINE8_H
#define SIMIA_LINE8_H

#include "board8.h"

/* Read-only tables, made once by b8_lines_init (any module may call it; it runs once). */
extern int8_t b8_dir_to[B8_SQ][B8_SQ]; /* DIR_* from a towards b on a common line, -1 if none (or a == b) */
extern Bb b8_between[B8_SQ][B8_SQ];    /* squares strictly between a and b on a common line, else 0 */
void b8_lines_init(void);

/* The king (Chebyshev) distance: the number of steps along a line when a and b share one. */
static inline int b8_distance(int a, int b) {
    int df = b8_file(a) - b8_file(b), dr = b8_rank(a) - b8_rank(b);
    df = df < 0 ? -df : df;
    dr = dr < 0 ? -dr : dr;
    return df > dr ? df : dr;
}

#endif
