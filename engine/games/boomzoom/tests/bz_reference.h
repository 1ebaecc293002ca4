/* bz_reference.h — a slow, plainly written Boom & Zoom referee for the tests: an 8x8 array
 * read from the position string by itself, moves, play and game ends from the rules file. */
#ifndef SIMIA_BZ_REFERENCE_H
#define SIMIA_BZ_REFERENCE_H

#include <stdbool.h>

/* The reference's results of a finished game (as the protocol words them). */
enum { REF_ONGOING = -1, REF_DRAW = 0, REF_P1_WIN = 1, REF_P2_WIN = 2 };

/* All legal moves of the position (a position string; limit: NoProgressPlies, 0 = off) as
 * sorted, space-separated text; returns their number, -1 on a string it cannot read. */
int bzref_moves(const char *fen, int limit, char *out);
/* REF_ONGOING, or how the game in that position ended. */
int bzref_status(const char *fen, int limit);
/* Plays move (text, lowercase) in fen and writes the new position string to out; false if
 * the move is not among bzref_moves. */
bool bzref_play(const char *fen, int limit, const char *move, char *out);

#endif
