/* embed_reference.h — a slow, plainly written Embed referee for the tests: an 8x8 array of
 * letters, read from the position string by itself, stepped square by square. */
#ifndef SIMIA_EMBED_REFERENCE_H
#define SIMIA_EMBED_REFERENCE_H

#include <stdbool.h>

typedef struct {
    char at[8][8]; /* [rank][file] from a1: '.', or D B (player 1), d b (player 2) */
    int side;      /* 1 or 2: the player to move */
    long noprogress, ply;
    int limit;     /* NoProgressPlies (0: off) */
} RefPos;

enum { REF_ONGOING, REF_P1_WINS, REF_P2_WINS, REF_DRAW };

/* Reads a position string the engine accepts (no checks beyond what reading needs). */
bool ref_parse(const char *fen, int limit, RefPos *p);
/* The position string, written independently of the engine's printer. */
void ref_print(const RefPos *p, char *out);
/* The rules file's end rules 1-5, in order. */
int ref_status(const RefPos *p);
/* The legal moves as sorted, space-separated text ("" when the game is over); their number. */
int ref_moves(const RefPos *p, char *out);
/* Plays a move given as text (which must be legal). */
void ref_play(RefPos *p, const char *move);

#endif
