/* ugi.h — the UGI protocol front end: parses command lines and drives the engine through
 * engine.h; the command table and the error policy live in ugi.c. */
#ifndef SIMIA_UGI_H
#define SIMIA_UGI_H

#include <stdbool.h>

#include "engine/engine.h"

typedef struct Ugi Ugi;

/* Registers the front end's own options (Debug Log File) in the engine's table. */
Ugi *ugi_create(Engine *e);
void ugi_destroy(Ugi *u); /* stops and waits for a running search first */

/* Executes one command line (without its line ending; modified in place). Returns false
 * when the session should end (`quit`). */
bool ugi_command(Ugi *u, char *line);
/* Reads and executes commands from fd until `quit`, end of input or a closed stdout; a
 * running search is stopped and joined before it returns. Returns the exit status. */
int ugi_loop(Ugi *u, int fd);

#endif
