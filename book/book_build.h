/* book_build.h — `simia book build`: the opening tree explored to a number of plies, its
 * positions searched by the engine (recorded in a journal), minimaxed, written as a book. */
#ifndef SIMIA_BOOK_BUILD_H
#define SIMIA_BOOK_BUILD_H

#include "engine/engine.h"

#define BOOK_BUILD_MAX_PLIES 64

typedef struct {
    const char *out;     /* the book to write */
    const char *journal; /* NULL: out + ".journal" */
    const char *fen;     /* the root; NULL: the start position (with the engine's options) */
    int plies;           /* the tree's depth: book moves are chosen at plies 0..plies-1 */
    int full_plies;      /* below this ply every legal move is explored (< plies) */
    int depth;           /* search depth per position; 0: by time only */
    int64_t movetime;    /* ms per position; -1: by depth only */
    /* Lines searched (MultiPV), and at most kept, per position: widths[i] at ply
     * full_plies + i, the last value for the plies beyond; widths[0] also caps the moves
     * kept at the full-width plies. */
    int widths[BOOK_BUILD_MAX_PLIES];
    int n_widths;
    int margin;          /* centi-units: moves this close to the best are kept and weighted */
    bool quiet;          /* no progress lines on stderr */
} BookBuildParams;

void book_build_defaults(BookBuildParams *p);
/* Parses "4,2,1" into p->widths; false if it is not a list of numbers 1..64. */
bool book_build_parse_widths(BookBuildParams *p, const char *text);
/* Runs a whole build (resuming from the journal when it exists). False with err on failure;
 * the journal keeps every search finished so far. */
bool book_build(Engine *e, const BookBuildParams *p, char *err);

#endif
