/* book.c — the opening book file: little-endian fields read and written byte by byte,
 * every field of a file checked before use, binary search by key, legal-only picks. */
#include "book.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- little-endian fields, byte by byte (never a struct dumped) ---- */

static void put_le(unsigned char *p, uint64_t v, int bytes) {
    for (int i = 0; i < bytes; i++) p[i] = (unsigned char)(v >> (8 * i));
}

static uint64_t get_le(const unsigned char *p, int bytes) {
    uint64_t v = 0;
    for (int i = bytes - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

/* Header offsets. */
enum {
    H_MAGIC = 0, H_VERSION = 8, H_HEADER_SIZE = 12, H_ENTRY_SIZE = 16, H_FLAGS = 20, H_GAME = 24,
    H_KEY_CHECK = 48, H_COUNT = 56, H_CHECKSUM = 64, H_PLIES = 72, H_DEPTH = 76,
};
/* Entry offsets; the checksum covers the bytes before E_LEARN. */
enum { E_KEY = 0, E_MOVE = 8, E_WEIGHT = 16, E_SCORE = 18, E_LEARN = 20 };

/* FNV-1a, 64 bits, over each entry's bytes 0..19: a learning program may rewrite the
 * learn slots in place without breaking it. */
static uint64_t checksum(const unsigned char *entries, size_t n) {
    uint64_t h = 0xCBF29CE484222325ULL;
    for (size_t i = 0; i < n; i++)
        for (int k = 0; k < E_LEARN; k++) h = (h ^ entries[i * BOOK_ENTRY_SIZE + k]) * 0x100000001B3ULL;
    return h;
}

Key book_key_check(const GameOps *g) {
    GameConfig cfg;
    memset(&cfg, 0, sizeof cfg);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) cfg.v[i] = g->options[i].def;
    GamePos p;
    g->startpos(&p, &cfg);
    Move list[MAX_MOVES];
    int n = g->gen_moves(&p, list, GEN_ALL);
    Key sum = 0;
    for (int i = 0; i < n; i++) {
        GamePos c = p;
        GameUndo u;
        g->make(&c, list[i], &u);
        sum += g->key(&c);
    }
    return g->key(&p) ^ sum;
}

/* ---- order ---- */

static int entry_cmp(const BookEntry *a, const BookEntry *b) {
    if (a->key != b->key) return a->key < b->key ? -1 : 1;
    if (a->weight != b->weight) return a->weight > b->weight ? -1 : 1;
    return strcmp(a->move, b->move);
}

static int entry_qcmp(const void *a, const void *b) { return entry_cmp(a, b); }

void book_sort(BookEntry *e, size_t n) { qsort(e, n, sizeof *e, entry_qcmp); }

static int move_qcmp(const void *a, const void *b) {
    return strcmp((*(const BookEntry *const *)a)->move, (*(const BookEntry *const *)b)->move);
}

/* ---- reading ---- */

void book_free(Book *b) {
    free(b->entries);
    memset(b, 0, sizeof *b);
}

/* Move text: 1..8 printable, non-blank ASCII bytes, then only NULs. */
static bool decode_move(const unsigned char *p, char *out) {
    int len = 0;
    while (len < BOOK_MOVE_MAX && p[len]) len++;
    if (len == 0) return false;
    for (int i = 0; i < len; i++)
        if (p[i] < 0x21 || p[i] > 0x7E) return false;
    for (int i = len; i < BOOK_MOVE_MAX; i++)
        if (p[i]) return false;
    memcpy(out, p, (size_t)len);
    out[len] = '\0';
    return true;
}

#define FAIL(...) (snprintf(err, ERR_STR_MAX, __VA_ARGS__), book_free(b), false)

bool book_parse(Book *b, const unsigned char *d, size_t size, const char *name, const GameOps *g, char *err) {
    memset(b, 0, sizeof *b);
    if (size < BOOK_HEADER_SIZE)
        return FAIL("book '%.100s': truncated header (%zu bytes; a header has %d)", name, size, BOOK_HEADER_SIZE);
    if (memcmp(d + H_MAGIC, BOOK_MAGIC, 8)) return FAIL("book '%.100s': not a Simia book (wrong magic number)", name);
    uint32_t version = (uint32_t)get_le(d + H_VERSION, 4);
    if (version != BOOK_VERSION)
        return FAIL("book '%.100s': format version %" PRIu32 ", this Simia reads version %d only", name, version,
                    BOOK_VERSION);
    if (get_le(d + H_HEADER_SIZE, 4) != BOOK_HEADER_SIZE || get_le(d + H_ENTRY_SIZE, 4) != BOOK_ENTRY_SIZE ||
        get_le(d + H_FLAGS, 4) != 0)
        return FAIL("book '%.100s': corrupt header (header size, entry size or flags)", name);
    char game[BOOK_GAME_MAX + 1];
    memcpy(game, d + H_GAME, BOOK_GAME_MAX);
    game[BOOK_GAME_MAX] = '\0';
    size_t glen = strlen(game);
    for (size_t i = 0; i < BOOK_GAME_MAX; i++)
        if ((i < glen && (d[H_GAME + i] < 0x21 || d[H_GAME + i] > 0x7E)) || (i >= glen && d[H_GAME + i]))
            return FAIL("book '%.100s': corrupt header (game name)", name);
    if (strcmp(game, g->name))
        return FAIL("book '%.100s': a book for the game '%s', not for %s", name, game, g->name);
    Key check = get_le(d + H_KEY_CHECK, 8), want = book_key_check(g);
    if (check != want)
        return FAIL("book '%.100s': made with another position-key scheme (key check %016" PRIx64
                    ", this Simia's is %016" PRIx64 "); rebuild it",
                    name, check, want);
    uint64_t count = get_le(d + H_COUNT, 8);
    uint64_t body = (uint64_t)size - BOOK_HEADER_SIZE;
    if (count > BOOK_FILE_MAX / BOOK_ENTRY_SIZE || body != count * BOOK_ENTRY_SIZE) {
        if (count <= BOOK_FILE_MAX / BOOK_ENTRY_SIZE && body < count * BOOK_ENTRY_SIZE)
            return FAIL("book '%.100s': truncated: %" PRIu64 " entries announced, room for %" PRIu64, name, count,
                        body / BOOK_ENTRY_SIZE);
        return FAIL("book '%.100s': corrupt: size %zu bytes does not match %" PRIu64 " entries", name, size, count);
    }
    const unsigned char *ent = d + BOOK_HEADER_SIZE;
    if (checksum(ent, (size_t)count) != get_le(d + H_CHECKSUM, 8))
        return FAIL("book '%.100s': corrupt entries (checksum mismatch)", name);
    snprintf(b->game, sizeof b->game, "%s", game);
    b->key_check = check;
    b->plies = (uint32_t)get_le(d + H_PLIES, 4);
    b->depth = (uint32_t)get_le(d + H_DEPTH, 4);
    b->count = (size_t)count;
    b->entries = calloc(b->count ? b->count : 1, sizeof *b->entries);
    if (!b->entries) return FAIL("book '%.100s': out of memory for %zu entries", name, b->count);
    for (size_t i = 0; i < b->count; i++) {
        const unsigned char *p = ent + i * BOOK_ENTRY_SIZE;
        BookEntry *e = &b->entries[i];
        e->key = get_le(p + E_KEY, 8);
        if (!decode_move(p + E_MOVE, e->move))
            return FAIL("book '%.100s': corrupt entry %zu (move text)", name, i);
        e->weight = (uint16_t)get_le(p + E_WEIGHT, 2);
        e->score = (int16_t)(uint16_t)get_le(p + E_SCORE, 2);
        e->learn = (uint32_t)get_le(p + E_LEARN, 4);
        if (i > 0 && entry_cmp(&b->entries[i - 1], e) >= 0)
            return FAIL("book '%.100s': corrupt: entry %zu is out of order", name, i);
    }
    /* Two entries for the same move of the same position would be ambiguous. */
    const BookEntry **group = NULL;
    for (size_t i = 0, j; i < b->count; i = j) {
        for (j = i + 1; j < b->count && b->entries[j].key == b->entries[i].key;) j++;
        if (j - i < 2) continue;
        const BookEntry **grown = realloc(group, (j - i) * sizeof *group);
        if (!grown) {
            free(group);
            return FAIL("book '%.100s': out of memory", name);
        }
        group = grown;
        for (size_t k = i; k < j; k++) group[k - i] = &b->entries[k];
        qsort(group, j - i, sizeof *group, move_qcmp);
        for (size_t k = 1; k < j - i; k++)
            if (!strcmp(group[k - 1]->move, group[k]->move)) {
                size_t at = (size_t)(group[k] - b->entries);
                free(group);
                return FAIL("book '%.100s': corrupt: entry %zu repeats a move of its position", name, at);
            }
    }
    free(group);
    return true;
}

bool book_load(Book *b, const char *path, const GameOps *g, char *err) {
    memset(b, 0, sizeof *b);
    FILE *f = fopen(path, "rb");
    if (!f) return FAIL("cannot open book '%.100s': %s", path, strerror(errno));
    unsigned char *data = NULL;
    size_t size = 0, cap = 0;
    for (;;) {
        if (size == cap) {
            if (cap >= BOOK_FILE_MAX) {
                free(data);
                fclose(f);
                return FAIL("book '%.100s': larger than %" PRIu64 " bytes, refused", path, BOOK_FILE_MAX);
            }
            size_t c = cap ? cap * 2 : 1 << 16;
            unsigned char *d = realloc(data, c + 1);
            if (!d) {
                free(data);
                fclose(f);
                return FAIL("book '%.100s': out of memory", path);
            }
            data = d, cap = c;
        }
        size_t got = fread(data + size, 1, cap - size, f);
        size += got;
        if (got == 0) break;
    }
    bool bad = ferror(f);
    int e = errno;
    fclose(f);
    if (bad) {
        free(data);
        return FAIL("cannot read book '%.100s': %s", path, strerror(e));
    }
    bool ok = book_parse(b, data, size, path, g, err);
    free(data);
    return ok;
}

/* ---- writing ---- */

bool book_write(const char *path, const GameOps *g, const BookEntry *e, size_t n, uint32_t plies, uint32_t depth,
                char *err) {
    if (strlen(g->name) > BOOK_GAME_MAX) {
        snprintf(err, ERR_STR_MAX, "the game's name '%s' is longer than %d bytes", g->name, BOOK_GAME_MAX);
        return false;
    }
    if (n > (BOOK_FILE_MAX - BOOK_HEADER_SIZE) / BOOK_ENTRY_SIZE) {
        snprintf(err, ERR_STR_MAX, "%zu entries: too many for one book", n);
        return false;
    }
    size_t size = BOOK_HEADER_SIZE + n * BOOK_ENTRY_SIZE;
    unsigned char *d = calloc(1, size);
    if (!d) {
        snprintf(err, ERR_STR_MAX, "out of memory for a book of %zu entries", n);
        return false;
    }
    unsigned char *ent = d + BOOK_HEADER_SIZE;
    for (size_t i = 0; i < n; i++) {
        unsigned char *p = ent + i * BOOK_ENTRY_SIZE;
        size_t len = strlen(e[i].move);
        if (len == 0 || len > BOOK_MOVE_MAX) {
            snprintf(err, ERR_STR_MAX, "move text '%.32s' does not fit a book entry (1..%d bytes)", e[i].move,
                     BOOK_MOVE_MAX);
            free(d);
            return false;
        }
        put_le(p + E_KEY, e[i].key, 8);
        memcpy(p + E_MOVE, e[i].move, len);
        put_le(p + E_WEIGHT, e[i].weight, 2);
        put_le(p + E_SCORE, (uint16_t)e[i].score, 2);
        put_le(p + E_LEARN, e[i].learn, 4);
    }
    memcpy(d + H_MAGIC, BOOK_MAGIC, 8);
    put_le(d + H_VERSION, BOOK_VERSION, 4);
    put_le(d + H_HEADER_SIZE, BOOK_HEADER_SIZE, 4);
    put_le(d + H_ENTRY_SIZE, BOOK_ENTRY_SIZE, 4);
    memcpy(d + H_GAME, g->name, strlen(g->name));
    put_le(d + H_KEY_CHECK, book_key_check(g), 8);
    put_le(d + H_COUNT, n, 8);
    put_le(d + H_CHECKSUM, checksum(ent, n), 8);
    put_le(d + H_PLIES, plies, 4);
    put_le(d + H_DEPTH, depth, 4);
    /* What is written must read back: the same checks as any book a user hands us. */
    Book check;
    if (!book_parse(&check, d, size, path, g, err)) {
        free(d);
        return false;
    }
    book_free(&check);
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp.%ld", path, (long)getpid());
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(d, 1, size, f) == size;
    int en = errno;
    if (f && fclose(f)) ok = false, en = errno;
    free(d);
    if (ok && rename(tmp, path)) ok = false, en = errno;
    if (!ok) {
        snprintf(err, ERR_STR_MAX, "cannot write book '%.100s': %s", path, strerror(en));
        remove(tmp);
    }
    return ok;
}

/* ---- probing ---- */

size_t book_find(const Book *b, Key key, const BookEntry **first) {
    size_t lo = 0, hi = b->count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (b->entries[mid].key < key) lo = mid + 1;
        else hi = mid;
    }
    size_t end = lo;
    while (end < b->count && b->entries[end].key == key) end++;
    *first = b->entries + lo;
    return end - lo;
}

Move book_pick(const Book *b, const GameOps *g, const GamePos *pos, bool variety, Prng *rng, const Move *allowed,
               int n_allowed, BookPick *pick) {
    BookPick none = {0};
    if (!pick) pick = &none;
    memset(pick, 0, sizeof *pick);
    const BookEntry *first;
    size_t n = b ? book_find(b, g->key(pos), &first) : 0;
    Move moves[MAX_MOVES];
    const BookEntry *cand[MAX_MOVES];
    int k = 0;
    for (size_t i = 0; i < n; i++) {
        Move m = g->parse_move(pos, first[i].move);
        if (m == MOVE_NONE || !g->is_legal(pos, m)) {
            pick->illegal++;
            continue;
        }
        if (first[i].weight == 0 || k == MAX_MOVES) continue;
        bool ok = n_allowed == 0;
        for (int j = 0; j < n_allowed && !ok; j++) ok = allowed[j] == m;
        if (!ok) continue;
        moves[k] = m, cand[k] = &first[i], k++;
        pick->total_weight += first[i].weight;
    }
    pick->candidates = k;
    if (k == 0) return MOVE_NONE;
    int chosen = 0; /* entries come heaviest first */
    if (variety && rng && k > 1) {
        uint64_t r = prng_next(rng) % pick->total_weight;
        while (r >= cand[chosen]->weight) r -= cand[chosen++]->weight;
    }
    pick->entry = cand[chosen];
    return moves[chosen];
}
