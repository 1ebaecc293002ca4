/* datagen.h — the `simia datagen` job: self-play games at a fixed node count per move on
 * worker threads, the positions they keep written to a training-data file; and its checker. */
#ifndef SIMIA_DATAGEN_H
#define SIMIA_DATAGEN_H

#include "engine/engine.h"

/* The job's options, for `simia --help`. */
extern const char DATAGEN_USAGE[];

/* Runs with the arguments that follow `datagen`; game_named: --game was given (the game
 * e plays is then the one --check expects). Returns the exit status. */
int datagen_run(Engine *e, bool game_named, int argc, char **argv);

#endif
