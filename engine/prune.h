/* prune.h — the search's window and margin arithmetic as small pure functions: the
 * mate-distance window, the null move's depth and the least gain of a quiescence capture. */
#ifndef SIMIA_PRUNE_H
#define SIMIA_PRUNE_H

#include <stdbool.h>

#include "types.h"

/* No line from ply can beat a win on the next move or lose faster than now: the window is
 * narrowed to that; false when nothing is left of it (the node is decided). */
static inline bool mate_distance_window(Score *alpha, Score *beta, int ply) {
    if (*alpha < -SCORE_WIN + ply) *alpha = -SCORE_WIN + ply;
    if (*beta > SCORE_WIN - ply - 1) *beta = SCORE_WIN - ply - 1;
    return *alpha < *beta;
}

/* The depth a null move's search gets: the ply passed and a reduction of NmpBase plus one
 * ply for every NmpDiv of depth (a deep node can afford to look less far after a pass). */
static inline int null_move_depth(int depth, int nmp_base, int nmp_div) {
    return depth - 1 - (nmp_base + depth / nmp_div);
}

/* The least a quiescence capture must win to be tried: enough to lift stand pat plus the
 * margin to alpha, nothing when that already does. */
static inline Score qs_capture_need(Score stand_pat, Score alpha, int margin) {
    return stand_pat + margin <= alpha ? alpha - stand_pat - margin + 1 : 0;
}

#endif
