/* book.h — the opening book file (format in book/FORMAT.md): reading it whole with every
 * field checked, writing it, and probing it by position key with a legality check. */
#ifndef SIMIA_BOOK_H
#define SIMIA_BOOK_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "engine/game.h"
#include "engine/prng.h"

#define BOOK_MAGIC "SIMIABOK" /* 8 bytes, no NUL in the file */
#define BOOK_VERSION 1
#define BOOK_HEADER_SIZE 80
#define BOOK_ENTRY_SIZE 24
#define BOOK_GAME_MAX 24 /* bytes of the game's name in the header (NUL-padded) */
#define BOOK_MOVE_MAX 8  /* bytes of move text in an entry (NUL-padded) */
#define BOOK_WEIGHT_MAX 65535
/* A book bigger than this is refused rather than read into memory. */
#define BOOK_FILE_MAX ((uint64_t)1 << 30)

typedef struct {
    Key key;
    char move[BOOK_MOVE_MAX + 1]; /* the move's text, NUL-terminated */
    uint16_t weight;              /* 0: known but never played */
    int16_t score;                /* the move's score for the side to move, centi-units */
    uint32_t learn;               /* reserved for learning; written 0 */
} BookEntry;

typedef struct {
    char game[BOOK_GAME_MAX + 1];
    Key key_check;
    uint32_t plies, depth; /* how it was built (informational) */
    size_t count;
    BookEntry *entries; /* sorted: key up, weight down, move text up */
} Book;

/* The key-scheme check of a game: the key of its start position (default options) XOR
 * the sum, modulo 2^64, of the keys after each of its legal first moves. A book records
 * it; a game whose keys changed no longer matches and the book is refused. */
Key book_key_check(const GameOps *g);

/* Reads and checks a whole book (header, size, order, checksum, move text). On failure
 * *b is empty and err says why, naming the file (ERR_STR_MAX bytes). */
bool book_load(Book *b, const char *path, const GameOps *g, char *err);
/* The same from bytes in memory; name is used in messages. */
bool book_parse(Book *b, const unsigned char *data, size_t size, const char *name, const GameOps *g,
                char *err);
void book_free(Book *b);

/* Sorts entries into the file's order. */
void book_sort(BookEntry *e, size_t n);
/* Writes a book atomically (a temporary file renamed over path). The entries must be in
 * the file's order, with distinct (key, move) and move texts that fit. */
bool book_write(const char *path, const GameOps *g, const BookEntry *e, size_t n, uint32_t plies,
                uint32_t depth, char *err);

/* The entries of one key: their count, and the first in *first. */
size_t book_find(const Book *b, Key key, const BookEntry **first);

/* What book_pick saw and chose. */
typedef struct {
    const BookEntry *entry; /* the chosen entry, or NULL */
    int candidates;         /* legal entries with a weight, allowed by the restriction */
    int illegal;            /* entries of this key whose move is not legal here */
    uint64_t total_weight;  /* of the candidates */
} BookPick;

/* Chooses a book move for pos: among the entries of its key whose text is a legal move
 * here (a key collision never yields an illegal move) and, when allowed is given, one of
 * those moves; weight 0 is never chosen. variety: at random in proportion to weight (rng
 * advances); otherwise the heaviest. Returns MOVE_NONE when nothing qualifies. */
Move book_pick(const Book *b, const GameOps *g, const GamePos *pos, bool variety, Prng *rng,
               const Move *allowed, int n_allowed, BookPick *pick);

#endif
