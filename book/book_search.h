/* book_search.h — one search of a position through the engine's search entry point
 * (engine_search), as the book tools need it: the K best root moves with their scores at
 * the last depth the search completed. */
#ifndef SIMIA_BOOK_SEARCH_H
#define SIMIA_BOOK_SEARCH_H

#include "book_journal.h"
#include "engine/engine.h"

#define BOOK_SEARCH_LINES 64 /* most lines one search reports to the book tools */

typedef struct {
    int depth; /* last depth completed (0: nothing reported) */
    int n;     /* lines, best first */
    JournalMove lines[BOOK_SEARCH_LINES];
    int64_t ms; /* wall time */
    /* The best line's score at that depth even when its move text does not fit a book entry
     * (Zoo Contest's relocating spawns): an opening suite needs the score, not the move. */
    bool scored;
    Score best_score;
} BookSearchResult;

/* Clears the engine's search state (so that one thread gives the same result every time)
 * and searches pos with limits for multipv lines (at most BOOK_SEARCH_LINES; *multipv_ok
 * says the engine took them: always, since the lines are asked of the search itself, not
 * set as an option). False (err) if the engine refused, or if no line has a move text a
 * book entry can hold (then r->scored may still give the best score). The engine's
 * position is pos afterwards. */
bool book_search(Engine *e, const GamePos *pos, const SearchLimits *limits, int multipv, bool *multipv_ok,
                 BookSearchResult *r, char *err);

/* "1h 02m", "3m 05s", "12.3s" */
void book_format_duration(int64_t ms, char *out, size_t size);
int64_t book_now_ms(void);

#endif
