/* selfplay.h — the `simia selfplay` job: one fast game of the engine against itself,
 * printed move by move with the board and the result, optionally saved as a record. */
#ifndef SIMIA_SELFPLAY_H
#define SIMIA_SELFPLAY_H

#include "engine/engine.h"

/* The job's options, for `simia --help`. */
extern const char SELFPLAY_USAGE[];

/* Plays with the arguments that follow `selfplay`; returns the exit status. */
int selfplay_run(Engine *e, int argc, char **argv);

#endif
