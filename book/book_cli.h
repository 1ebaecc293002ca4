/* book_cli.h — `simia book ...`: the command-line jobs of the book (build, openings,
 * probe, dump), parsed here and run through the engine. */
#ifndef SIMIA_BOOK_CLI_H
#define SIMIA_BOOK_CLI_H

#include "engine/engine.h"

/* The jobs' usage, for `simia --help`. */
extern const char BOOK_USAGE[];

/* Runs `simia book <job> ARGS...` (argv starts after "book"); returns the exit status. */
int book_cli_run(Engine *e, int argc, char **argv);

#endif
