/* mad_reference.h — a deliberately plain M.A.D. referee for the tests, written from the rules
 * file alone (a mailbox board, rules spelled out): position strings, moves as text, results. */
#ifndef SIMIA_MAD_REFERENCE_H
#define SIMIA_MAD_REFERENCE_H

#include <stdbool.h>

typedef struct {
    int owner[8][8];  /* [rank][file]: 0 player 1, 1 player 2, -1 empty */
    int height[8][8]; /* 0 empty, else 1..4 */
    int side;         /* 0 or 1, the player to move */
    long noprog, ply;
} RefPos;

typedef struct {
    char text[16];
    int fr, ff, tr, tf; /* from and to: rank, file */
    int count;          /* checkers moved (simple) or lunged (lunge) */
    bool lunge;
} RefMove;

enum { REF_ONGOING, REF_P1_WIN, REF_P2_WIN, REF_DRAW };

/* Reads a position string the engine printed (trusting its syntax: no error checks beyond
 * returning false on anything unexpected). */
bool ref_parse(const char *fen, RefPos *p);
void ref_print(const RefPos *p, char *out);
/* Rules 1-6 of the rules file (limit: NoProgressPlies, 0 = off). */
int ref_status(const RefPos *p, int limit);
/* Every legal move (none when the game is over); returns how many. */
int ref_moves(const RefPos *p, int limit, RefMove *out);
/* The position after move m. */
RefPos ref_apply(const RefPos *p, const RefMove *m);
/* Whether a move is combat (a simple move into enemy checkers, or a lunge ending on them). */
bool ref_combat(const RefPos *p, const RefMove *m);

#endif
