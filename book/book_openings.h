/* book_openings.h — `simia book openings`: a file of balanced start positions for arenas,
 * one position string per line, reached by random play and kept when the engine's search
 * scores them within a margin of equality. */
#ifndef SIMIA_BOOK_OPENINGS_H
#define SIMIA_BOOK_OPENINGS_H

#include "engine/engine.h"

typedef struct {
    const char *out;  /* NULL or "-": stdout */
    const char *fen;  /* where the random play starts; NULL: the start position */
    int plies;        /* random moves from the start */
    int max_score;    /* centi-units: kept when |score| <= max_score */
    int count;        /* positions wanted */
    int depth;        /* search depth per candidate; 0: by time only */
    int64_t movetime; /* ms per candidate; -1: by depth only */
    uint64_t seed;
    int attempts; /* random games tried at most; 0: 50 per position wanted */
    bool quiet;
} BookOpeningsParams;

void book_openings_defaults(BookOpeningsParams *p);
/* Writes the suite; false with err on failure (also when fewer positions than wanted were
 * found: the file then holds those found). */
bool book_openings(Engine *e, const BookOpeningsParams *p, char *err);

#endif
