/* dt_reference.h — a slow, obviously correct Dragons Teeth for the tests: an 8x8 array of
 * signed strengths, each rule of the rules file written out as it reads, no engine code. */
#ifndef SIMIA_DT_REFERENCE_H
#define SIMIA_DT_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

typedef struct {
    int sq[8][8]; /* [rank][file]: +strength player 1, -strength player 2, 0 empty */
    int side;     /* 1 or 2 */
    int off[3];   /* off[1], off[2] */
    long noprog, ply;
} RefPos;

/* The rule options a game is played with. */
typedef struct {
    int limit; /* NoProgressPlies, 0 = off */
    bool dead; /* DeadPosition */
} RefRules;

/* Reads a position string that is known to be valid (the engine printed it); false if it
 * is not even that. */
bool ref_parse(const char *fen, RefPos *p);
/* Writes the position string, with its own printer. */
void ref_print(const RefPos *p, char *out);
/* The result by the position alone: 0 none, 1 player 1 wins, 2 player 2 wins, 3 draw. */
int ref_result(const RefPos *p, RefRules r);
/* The legal moves as sorted, space-separated text ("pass" when it is the only one); returns
 * their number. */
int ref_moves(const RefPos *p, RefRules r, char *out);
/* Plays a move given as text (assumed legal). */
void ref_play(RefPos *p, const char *move);
/* The Zobrist key from scratch, drawn afresh by the frozen scheme of the rules module
 * (seed "DRAGONST"; teeth by player, strength 0-3, square; side; off totals; DeadPosition
 * off). */
uint64_t ref_key(const RefPos *p, RefRules r);

#endif
