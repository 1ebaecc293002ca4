/* fuzz_book.c — libFuzzer target for the book reader: any bytes are either refused with a
 * message and no entries kept, or accepted as a book whose entries keep the format's rules
 * and whose every pick is a legal move. Half the inputs get a valid header and checksum
 * put in front, so the entry checks and the probing are reached too. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "book/book.h"
#include "engine/games/registry.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static void put(unsigned char *p, uint64_t v, int n) {
    for (int i = 0; i < n; i++) p[i] = (unsigned char)(v >> (8 * i));
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static const GameOps *g;
    static Key check;
    if (!g) g = game_default(), check = book_key_check(g);
    if (size < 1) return 0;
    unsigned char *d;
    size_t n;
    if (data[0] & 1) { /* the rest is the entries: wrap them in a good header */
        size_t count = (size - 1) / BOOK_ENTRY_SIZE;
        n = BOOK_HEADER_SIZE + count * BOOK_ENTRY_SIZE;
        d = calloc(1, n);
        if (!d) return 0;
        memcpy(d + BOOK_HEADER_SIZE, data + 1, count * BOOK_ENTRY_SIZE);
        memcpy(d, BOOK_MAGIC, 8);
        put(d + 8, BOOK_VERSION, 4), put(d + 12, BOOK_HEADER_SIZE, 4), put(d + 16, BOOK_ENTRY_SIZE, 4);
        memcpy(d + 24, g->name, strlen(g->name));
        put(d + 48, check, 8), put(d + 56, count, 8);
        uint64_t h = 0xCBF29CE484222325ULL;
        for (size_t i = 0; i < count; i++)
            for (int k = 0; k < 20; k++) h = (h ^ d[BOOK_HEADER_SIZE + i * BOOK_ENTRY_SIZE + k]) * 0x100000001B3ULL;
        put(d + 64, h, 8);
    } else {
        n = size - 1;
        d = malloc(n ? n : 1);
        if (!d) return 0;
        memcpy(d, data + 1, n);
    }
    Book b;
    char err[ERR_STR_MAX] = "";
    if (!book_parse(&b, d, n, "fuzz", g, err)) {
        if (!err[0] || b.entries || b.count) abort(); /* a reason, nothing kept */
        free(d);
        return 0;
    }
    for (size_t i = 1; i < b.count; i++) {
        const BookEntry *x = &b.entries[i - 1], *y = &b.entries[i];
        if (x->key > y->key || (x->key == y->key && x->weight < y->weight)) abort();
    }
    /* Picks in the start position and after each first move: legal or none. */
    GameConfig cfg = {{1, 20, 20}};
    GamePos s;
    g->startpos(&s, &cfg);
    Move list[MAX_MOVES];
    int moves = g->gen_moves(&s, list, GEN_ALL);
    Prng rng = {size};
    for (int i = -1; i < moves; i++) {
        GamePos p = s;
        GameUndo u;
        if (i >= 0) g->make(&p, list[i], &u);
        for (int v = 0; v < 2; v++) {
            Move m = book_pick(&b, g, &p, v, &rng, NULL, 0, NULL);
            if (m != MOVE_NONE && !g->is_legal(&p, m)) abort();
        }
    }
    /* Keys of entries probe back to themselves. */
    for (size_t i = 0; i < b.count; i++) {
        const BookEntry *first;
        size_t k = book_find(&b, b.entries[i].key, &first);
        if (k == 0 || first > &b.entries[i] || first + k <= &b.entries[i]) abort();
    }
    book_free(&b);
    free(d);
    return 0;
}
