/* player.h — the small UGI loop shared by the reference opponents in bench/players: the
 * engine object referees (positions, game over, result); a player only chooses moves. */
#ifndef SIMIA_BENCH_PLAYER_H
#define SIMIA_BENCH_PLAYER_H

#include "engine/engine.h"
#include "engine/prng.h"

/* Chooses a move in pos (which has at least one legal move). */
typedef Move (*ChooseMove)(const GameOps *g, const GamePos *pos, Prng *rng);

/* Runs the UGI loop on stdin/stdout until quit or end of input; name goes to `id name`.
 * argv may hold "--seed N" (default: from the clock and the process id). */
int player_main(const char *name, ChooseMove choose, int argc, char **argv);

/* All legal moves of pos; returns their number. */
int player_moves(const GameOps *g, const GamePos *pos, Move *list);

#endif
