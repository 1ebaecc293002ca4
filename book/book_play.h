/* book_play.h — the book in play: the options OwnBook, BookFile, BookDepth and BookVariety
 * in the engine's table, and the answer to `go` from the book when it has one. */
#ifndef SIMIA_BOOK_PLAY_H
#define SIMIA_BOOK_PLAY_H

#include "engine/engine.h"

typedef struct BookPlayer BookPlayer;

/* Registers the book's options in e's table and hooks the book into e's `go`. The player
 * must outlive every use of e; free it after engine_destroy. NULL when out of memory. */
BookPlayer *book_player_attach(Engine *e);
void book_player_free(BookPlayer *bp);

/* The book BookFile names, or the game's shipped book when it is empty (book_default_path:
 * false, with why, when there is none). */
bool book_player_path(const BookPlayer *bp, char *out, size_t size, char *why);
/* The shipped book of a game: an installed simia's (share/simia/games/<game>/opening.book beside
 * its bin/, as `cmake --install` lays it out), else the source tree's that a build-tree binary
 * was made from. False when neither file exists, with why in why[ERR_STR_MAX]: "no book for this
 * game (...)" for a game that ships none, else the paths looked for. */
bool book_default_path(const GameOps *g, char *out, size_t size, char *why);

#endif
