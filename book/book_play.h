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

/* The book BookFile names, or the game's shipped book when it is empty. */
void book_player_path(const BookPlayer *bp, char *out, size_t size);
/* The shipped book of a game: engine/games/<game>/opening.book in the source tree Simia was built from. */
void book_default_path(const GameOps *g, char *out, size_t size);

#endif
