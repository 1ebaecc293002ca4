/* mq_reference.h — a slow, obviously correct Monkey Queen move generator for the tests:
 * plain loops over a 12x12 array, reading the position string by itself. */
#ifndef SIMIA_MQ_REFERENCE_H
#define SIMIA_MQ_REFERENCE_H

/* Writes the legal moves of the position (given as a position string) as sorted,
 * space-separated text; returns their number. pie: the PieRule option. */
int ref_moves(const char *fen, int pie, char *out);

#endif
