/* mkc_reference.h — a slow Monkey King Chess rules engine for the tests, written from the
 * rules file alone: its own position strings, move texts, legality, extra step and perft. */
#ifndef SIMIA_MKC_REFERENCE_H
#define SIMIA_MKC_REFERENCE_H

#include <stdbool.h>
#include <stdint.h>

/* The rule options the reference knows: RiverSquares (0 ranks, 1 diagonal) and the
 * no-progress limit (0 = off). */
typedef struct {
    int diagonal;
    int limit;
} MkcRefCfg;

/* The legal moves of a position string as sorted, space-separated text; returns their
 * number, or -1 when the reference cannot read the string. */
int mkc_ref_moves(const char *fen, const MkcRefCfg *cfg, char *out);
/* The legal moves (sorted by text, at most max) and the position string after each;
 * returns their number, or -1 when the string is unreadable. */
#define MKC_REF_FEN_MAX 128
int mkc_ref_moves_after(const char *fen, const MkcRefCfg *cfg, char (*moves)[16], char (*after)[MKC_REF_FEN_MAX],
                        int max);
/* Plays one move (its text) and writes the position string after it; false when the
 * move is not legal there (or the string unreadable). */
bool mkc_ref_play(const char *fen, const MkcRefCfg *cfg, const char *move, char *out);
/* Legal move sequences of depth plies (every decision a ply). */
uint64_t mkc_ref_perft(const char *fen, const MkcRefCfg *cfg, int depth);
/* Whether the game is over and how: 0 going on, 1 Blue (p1) won, 2 Red (p2) won, 3 draw,
 * by the position alone (no repetition). */
int mkc_ref_result(const char *fen, const MkcRefCfg *cfg);

#endif
