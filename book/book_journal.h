/* book_journal.h — the book builder's record of finished searches: one text line per
 * searched position, appended and flushed as each search ends, so a build can resume
 * after an interruption and a later build can extend it (more plies, deeper). */
#ifndef SIMIA_BOOK_JOURNAL_H
#define SIMIA_BOOK_JOURNAL_H

#include <stdio.h>

#include "book.h"

typedef struct {
    char move[BOOK_MOVE_MAX + 1];
    Score score; /* for the side to move, as the search reported it */
} JournalMove;

typedef struct {
    Key key;
    int depth;   /* depth the search completed */
    int multipv; /* lines asked for */
    int n;       /* lines reported, best first */
    JournalMove *moves;
} JournalNode;

typedef struct {
    FILE *f;
    JournalNode *nodes; /* in the order first recorded */
    size_t count, cap;
    size_t *index; /* open addressing on key: node number + 1, 0 = empty */
    size_t index_cap;
} Journal;

/* Opens path for appending, first reading the records it holds (a journal of another game
 * or key scheme is refused). A last line cut short by an interruption is dropped with a
 * note on stderr; a damaged line elsewhere is an error. */
bool journal_open(Journal *j, const char *path, const GameOps *g, char *err);
void journal_close(Journal *j);
const JournalNode *journal_find(const Journal *j, Key key);
/* Records a search (replacing any older record of that key) and flushes it to the file. */
bool journal_add(Journal *j, Key key, int depth, int multipv, const JournalMove *moves, int n, char *err);

#endif
