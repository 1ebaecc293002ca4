/* zoo_reference.h — an independent, slow Zoo Contest written from the rules file alone, on
 * text: position strings in, move texts and position strings out; the tests compare the
 * engine's module with it. It shares no code with engine/games/zoo/. */
#ifndef SIMIA_ZOO_REFERENCE_H
#define SIMIA_ZOO_REFERENCE_H

#include <stdbool.h>

typedef struct {
    int width, height, longgame, limit; /* the game's options (limit: NoProgressPlies) */
} RefRules;

/* The legal moves of a valid position string, sorted and separated by single spaces, into
 * out (at least 64 KiB); returns how many. A finished game has none. */
int ref_moves(const char *fen, const RefRules *rules, char *out);
/* The position string after move (text as the rules file writes it); false if the move
 * is not legal there. */
bool ref_play(const char *fen, const RefRules *rules, const char *move, char *out);
/* 0 going on, 1 player 1 has won, 2 player 2 has won, 3 drawn (no progress). */
int ref_result(const char *fen, const RefRules *rules);
/* Whether the text is a position string the rules allow (the reference's own reading of
 * every refusal the rules file lists); why is set when it is not. */
bool ref_valid(const char *fen, const RefRules *rules, char *why, int why_size);

#endif
