/* test_book.c — the opening book: the file format byte by byte (against an independent
 * reading of FORMAT.md), the frozen key scheme, probing, variety, every kind of bad file,
 * key collisions, the builder and the openings job on tiny depths, and OwnBook in play
 * through the real executable. */
#include <sys/stat.h>
#include <unistd.h>

#include "book/book.h"
#include "book/book_build.h"
#include "book/book_journal.h"
#include "book/book_openings.h"
#include "book/book_play.h"
#include "conversation.h"
#include "engine/engine.h"
#include "testutil.h"

static const GameOps *G;
static char dir[64];

static const char *tmp(const char *name) {
    static char paths[8][256];
    static int next;
    char *p = paths[next++ % 8];
    snprintf(p, 256, "%s/%s", dir, name);
    return p;
}

static GamePos start_pos(void) {
    GameConfig cfg = mq_cfg(1, 20, 20);
    GamePos p;
    G->startpos(&p, &cfg);
    return p;
}

static GamePos after(const char *moves) {
    GamePos p = start_pos();
    char buf[256];
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) play(G, &p, t);
    return p;
}

static BookEntry entry(Key key, const char *move, int weight, int score) {
    BookEntry e;
    memset(&e, 0, sizeof e);
    e.key = key;
    snprintf(e.move, sizeof e.move, "%s", move);
    e.weight = (uint16_t)weight;
    e.score = (int16_t)score;
    return e;
}

static unsigned char *slurp(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    unsigned char *d = malloc(1 << 20);
    *size = fread(d, 1, 1 << 20, f);
    fclose(f);
    return d;
}

static void spill(const char *path, const unsigned char *d, size_t size) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, size, f), size);
    fclose(f);
}

static uint64_t le(const unsigned char *p, int n) {
    uint64_t v = 0;
    for (int i = n - 1; i >= 0; i--) v = v << 8 | p[i];
    return v;
}

static void put(unsigned char *p, uint64_t v, int n) {
    for (int i = 0; i < n; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* FNV-1a 64 over bytes 0..19 of each entry, as FORMAT.md defines it. */
static void fix_checksum(unsigned char *d, size_t size) {
    uint64_t h = 0xCBF29CE484222325ULL;
    for (size_t off = 80; off + 24 <= size; off += 24)
        for (int k = 0; k < 20; k++) h = (h ^ d[off + k]) * 0x100000001B3ULL;
    put(d + 64, h, 8);
}

/* A small book: the start position (three moves, one never played), and after g1g7. */
static void write_sample(const char *path) {
    GamePos s = start_pos(), a = after("g1g7");
    BookEntry e[] = {
        entry(G->key(&s), "g1g7", 40000, 12), entry(G->key(&s), "g1a7", 20000, 5),
        entry(G->key(&s), "g1b1", 0, -80),    entry(G->key(&a), "swap", 65535, 20),
    };
    book_sort(e, 4);
    char err[ERR_STR_MAX];
    ck_assert_msg(book_write(path, G, e, 4, 3, 7, err), "%s", err);
}

/* ---- format ---- */

/* The book the repository ships: it loads, it answers every first move of Ivory (the pie
 * decision: swap or a reply), every entry of theirs is legal, and it has the start position. */
START_TEST(shipped_book_answers_every_first_move) {
    Book b;
    char err[ERR_STR_MAX];
    ck_assert_msg(book_load(&b, SIMIA_GAMES_DIR "/monkeyqueen/opening.book", G, err), "%s", err);
    GamePos p = start_pos();
    const BookEntry *first;
    ck_assert_uint_gt(book_find(&b, G->key(&p), &first), 0);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL);
    ck_assert_int_gt(n, 30);
    for (int i = 0; i < n; i++) {
        GamePos q = p;
        GameUndo u;
        G->make(&q, list[i], &u);
        Prng rng = {1};
        BookPick pick;
        char text[MOVE_STR_MAX];
        G->print_move(&p, list[i], text);
        ck_assert_msg(book_pick(&b, G, &q, false, &rng, NULL, 0, &pick) != MOVE_NONE, "no answer to %s", text);
        ck_assert_int_eq(pick.illegal, 0);
    }
    book_free(&b);
}
END_TEST

START_TEST(format_round_trip) {
    const char *path = tmp("round.book");
    write_sample(path);
    size_t size;
    unsigned char *d = slurp(path, &size);
    ck_assert_uint_eq(size, 80 + 4 * 24);
    ck_assert(!memcmp(d, "SIMIABOK", 8));
    ck_assert_uint_eq(le(d + 8, 4), 1);
    ck_assert_uint_eq(le(d + 12, 4), 80);
    ck_assert_uint_eq(le(d + 16, 4), 24);
    ck_assert_uint_eq(le(d + 20, 4), 0);
    ck_assert_str_eq((const char *)d + 24, "monkeyqueen");
    ck_assert_uint_eq(le(d + 48, 8), book_key_check(G));
    ck_assert_uint_eq(le(d + 56, 8), 4);
    ck_assert_uint_eq(le(d + 72, 4), 3);
    ck_assert_uint_eq(le(d + 76, 4), 7);
    unsigned char copy[80 + 4 * 24];
    memcpy(copy, d, size);
    fix_checksum(copy, size);
    ck_assert_uint_eq(le(copy + 64, 8), le(d + 64, 8)); /* our checksum is FORMAT.md's */
    /* Entries in key order, little-endian, move text NUL-padded. */
    for (int i = 1; i < 4; i++) ck_assert_uint_le(le(d + 80 + 24 * (i - 1), 8), le(d + 80 + 24 * i, 8));
    Book b;
    char err[ERR_STR_MAX];
    ck_assert_msg(book_load(&b, path, G, err), "%s", err);
    ck_assert_uint_eq(b.count, 4);
    ck_assert_str_eq(b.game, "monkeyqueen");
    ck_assert_uint_eq(b.plies, 3);
    ck_assert_uint_eq(b.depth, 7);
    GamePos s = start_pos();
    const BookEntry *first;
    ck_assert_uint_eq(book_find(&b, G->key(&s), &first), 3);
    ck_assert_str_eq(first[0].move, "g1g7");
    ck_assert_uint_eq(first[0].weight, 40000);
    ck_assert_int_eq(first[0].score, 12);
    ck_assert_str_eq(first[2].move, "g1b1");
    ck_assert_int_eq(first[2].score, -80);
    for (size_t i = 0; i < b.count; i++) {
        const unsigned char *p = d + 80 + 24 * i;
        ck_assert_uint_eq(le(p, 8), b.entries[i].key);
        ck_assert(!strncmp((const char *)p + 8, b.entries[i].move, 8));
        ck_assert_uint_eq(le(p + 16, 2), b.entries[i].weight);
        ck_assert_int_eq((int16_t)le(p + 18, 2), b.entries[i].score);
        ck_assert_uint_eq(le(p + 20, 4), 0);
    }
    book_free(&b);
    free(d);
}
END_TEST

/* SplitMix64 and the drawing order, written from FORMAT.md and mq_tables.c's comment. */
static uint64_t sm64(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

START_TEST(key_scheme_frozen) {
    uint64_t s = 0x53494D49414D5131ULL, stack[2][144], queen[2][144], height[2][128], cigar, swp[4];
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 144; i++) stack[c][i] = sm64(&s);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 144; i++) queen[c][i] = sm64(&s);
    for (int c = 0; c < 2; c++)
        for (int h = 0; h < 128; h++) height[c][h] = sm64(&s);
    cigar = sm64(&s);
    for (int i = 0; i < 4; i++) swp[i] = sm64(&s);
    int g1 = 6, g7 = 6 * 12 + 6, f12 = 11 * 12 + 5, a1 = 0;
    uint64_t cq = stack[1][f12] ^ queen[1][f12] ^ height[1][20];
    GamePos p = start_pos();
    ck_assert_uint_eq(G->key(&p), stack[0][g1] ^ queen[0][g1] ^ height[0][20] ^ cq ^ swp[0]);
    ck_assert_uint_eq(G->key(&p), 0x1B3665C22FF9FC04ULL); /* as FORMAT.md quotes it */
    p = after("g1g7"); /* a baby left on g1, queen of 19 on g7, Cigar to move, swap available */
    uint64_t k = stack[0][g1] ^ stack[0][g7] ^ queen[0][g7] ^ height[0][19] ^ cq ^ cigar ^ swp[1];
    ck_assert_uint_eq(G->key(&p), k);
    p = after("g1g7 swap"); /* the same board, swap taken */
    ck_assert_uint_eq(G->key(&p), k ^ swp[1] ^ swp[2]);
    p = after("g1a1"); /* along rank 1: baby on g1, queen on a1 */
    ck_assert_uint_eq(G->key(&p), stack[0][g1] ^ stack[0][a1] ^ queen[0][a1] ^ height[0][19] ^ cq ^ cigar ^ swp[1]);
    /* The check value FORMAT.md quotes. */
    ck_assert_uint_eq(book_key_check(G), 0x6098F3008140158CULL);
}
END_TEST

/* ---- probing ---- */

START_TEST(probe_hits_and_misses) {
    const char *path = tmp("probe.book");
    write_sample(path);
    Book b;
    char err[ERR_STR_MAX];
    ck_assert(book_load(&b, path, G, err));
    GamePos s = start_pos(), a = after("g1g7"), miss = after("g1a1"), deep = after("g1g7 swap");
    const BookEntry *first;
    ck_assert_uint_eq(book_find(&b, G->key(&a), &first), 1);
    ck_assert_uint_eq(book_find(&b, G->key(&miss), &first), 0);
    ck_assert_uint_eq(book_find(&b, 0, &first), 0);
    ck_assert_uint_eq(book_find(&b, ~(Key)0, &first), 0);
    BookPick pk;
    Move m = book_pick(&b, G, &s, false, NULL, NULL, 0, &pk);
    ck_assert_uint_eq(m, G->parse_move(&s, "g1g7"));
    ck_assert_int_eq(pk.candidates, 2); /* weight 0 is listed, never played */
    ck_assert_uint_eq(pk.total_weight, 60000);
    ck_assert_uint_eq(book_pick(&b, G, &a, false, NULL, NULL, 0, &pk), G->parse_move(&a, "swap"));
    ck_assert_uint_eq(book_pick(&b, G, &miss, true, NULL, NULL, 0, &pk), MOVE_NONE);
    ck_assert_uint_eq(book_pick(&b, G, &deep, false, NULL, NULL, 0, NULL), MOVE_NONE);
    /* A restriction (go searchmoves) is honoured. */
    Move only = G->parse_move(&s, "g1a7"), other = G->parse_move(&s, "g1h1");
    ck_assert_uint_eq(book_pick(&b, G, &s, false, NULL, &only, 1, &pk), only);
    ck_assert_uint_eq(book_pick(&b, G, &s, false, NULL, &other, 1, &pk), MOVE_NONE);
    book_free(&b);
}
END_TEST

START_TEST(variety_within_weights) {
    GamePos s = start_pos();
    Key k = G->key(&s);
    BookEntry e[] = {entry(k, "g1g7", 30000, 0), entry(k, "g1a7", 10000, 0), entry(k, "g1h1", 0, 0)};
    book_sort(e, 3);
    Book b = {.count = 3, .entries = e};
    Prng r1 = {42}, r2 = {42};
    int count[3] = {0};
    Move g7 = G->parse_move(&s, "g1g7"), a7 = G->parse_move(&s, "g1a7");
    for (int i = 0; i < 4000; i++) {
        Move m = book_pick(&b, G, &s, true, &r1, NULL, 0, NULL);
        ck_assert_uint_eq(m, book_pick(&b, G, &s, true, &r2, NULL, 0, NULL)); /* same seed, same choices */
        count[m == g7 ? 0 : m == a7 ? 1 : 2]++;
    }
    ck_assert_int_eq(count[2], 0);
    /* 3:1 expected: 3000 and 1000, binomial sd ~27. */
    ck_assert_msg(count[0] > 2850 && count[0] < 3150, "g1g7 chosen %d times of 4000", count[0]);
    Prng r3 = {7};
    for (int i = 0; i < 100; i++) ck_assert_uint_eq(book_pick(&b, G, &s, false, &r3, NULL, 0, NULL), g7);
}
END_TEST

/* Two moves of weight 1 each: each is drawn about half the time. The smallest weights show a
 * choice biased by one (r > weight for r >= weight, or a draw over one value too few or too many):
 * with weights in the thousands it hides in the noise. */
START_TEST(variety_equal_smallest_weights) {
    GamePos s = start_pos();
    Key k = G->key(&s);
    BookEntry e[] = {entry(k, "g1g7", 1, 0), entry(k, "g1a7", 1, 0)};
    book_sort(e, 2);
    Book b = {.count = 2, .entries = e};
    Move g7 = G->parse_move(&s, "g1g7"), a7 = G->parse_move(&s, "g1a7");
    Prng r = {2026};
    int count[2] = {0, 0};
    for (int i = 0; i < 400; i++) {
        BookPick pk;
        Move m = book_pick(&b, G, &s, true, &r, NULL, 0, &pk);
        ck_assert_msg(m == g7 || m == a7, "draw %d chose neither book move", i);
        ck_assert_uint_eq(pk.total_weight, 2);
        count[m == a7]++;
    }
    /* 200 each expected, binomial sd 10. */
    ck_assert_msg(count[0] > 140 && count[1] > 140, "g1g7 chosen %d times, g1a7 %d times of 400", count[0], count[1]);
}
END_TEST

START_TEST(collision_never_illegal) {
    GamePos s = start_pos();
    Key k = G->key(&s);
    /* Entries a colliding position would have left under the start position's key. */
    BookEntry e[] = {entry(k, "a1a2", 65535, 0), entry(k, "f12f11", 60000, 0), entry(k, "g1g7", 10, 0)};
    book_sort(e, 3);
    Book b = {.count = 3, .entries = e};
    BookPick pk;
    Prng r = {1};
    for (int i = 0; i < 50; i++) {
        ck_assert_uint_eq(book_pick(&b, G, &s, true, &r, NULL, 0, &pk), G->parse_move(&s, "g1g7"));
        ck_assert_int_eq(pk.illegal, 2);
    }
    Book only_bad = {.count = 2, .entries = e};
    ck_assert_uint_eq(book_pick(&only_bad, G, &s, true, &r, NULL, 0, &pk), MOVE_NONE);
    ck_assert_int_eq(pk.illegal, 2);
}
END_TEST

/* ---- bad files ---- */

static void expect_refused(const char *path, const char *why) {
    Book b;
    char err[ERR_STR_MAX] = "";
    ck_assert_msg(!book_load(&b, path, G, err), "%s accepted", path);
    ck_assert_msg(strstr(err, why), "for %s: '%s' does not say '%s'", path, err, why);
    ck_assert_ptr_null(b.entries);
    ck_assert_uint_eq(b.count, 0);
}

START_TEST(bad_files) {
    const char *good = tmp("good.book");
    write_sample(good);
    size_t size;
    unsigned char *d = slurp(good, &size), *m = malloc(size + 64);
    const char *bad = tmp("bad.book");
    expect_refused(tmp("missing.book"), "cannot open");
    spill(bad, d, 0);
    expect_refused(bad, "truncated header");
    spill(bad, d, 79);
    expect_refused(bad, "truncated header");
#define MUTATE(code, why)         \
    do {                          \
        memcpy(m, d, size);       \
        code;                     \
        spill(bad, m, size);      \
        expect_refused(bad, why); \
    } while (0)
    MUTATE(m[0] = 'X', "wrong magic");
    MUTATE(put(m + 8, 2, 4), "format version 2");
    MUTATE(put(m + 16, 16, 4), "corrupt header");
    MUTATE(put(m + 20, 1, 4), "corrupt header");
    MUTATE(memcpy(m + 24, "chess\0\0\0\0\0\0\0", 12), "game 'chess'");
    MUTATE(m[30] = 0x01, "corrupt header (game name)");
    MUTATE(m[48] ^= 1, "key scheme");
    MUTATE(m[80 + 17] ^= 1, "checksum");
    MUTATE((put(m + 56, 5, 8)), "truncated");
    MUTATE((put(m + 56, (uint64_t)1 << 60, 8)), "does not match");
    /* Entries that pass the checksum (recomputed) but break the format's rules. */
    MUTATE((memcpy(m + 80, d + 80 + 24, 24), memcpy(m + 80 + 24, d + 80, 24), fix_checksum(m, size)), "out of order");
    MUTATE((memset(m + 80 + 8, 0, 8), fix_checksum(m, size)), "move text");
    MUTATE((m[80 + 8 + 2] = ' ', fix_checksum(m, size)), "move text");
    MUTATE((m[80 + 8 + 7] = 'x', fix_checksum(m, size)), "move text"); /* junk after the NUL */
    /* the same move twice for one position, with different weights (so still in order) */
    size_t at = 80;
    GamePos sp = start_pos();
    while (le(d + at, 8) != G->key(&sp)) at += 24; /* the start position's three entries */
    MUTATE((memcpy(m + at + 24 + 8, m + at + 8, 8), fix_checksum(m, size)), "repeats a move");
    free(m);
    /* Truncated entries: the file cut in the middle of the last one. */
    spill(bad, d, size - 5);
    expect_refused(bad, "truncated");
    /* Trailing bytes after the last entry. */
    unsigned char *longer = calloc(1, size + 24);
    memcpy(longer, d, size);
    spill(bad, longer, size + 24);
    expect_refused(bad, "does not match");
    free(longer);
    /* A directory is not a book. */
    expect_refused(dir, "book");
    free(d);
    /* Something written by a learner in the learn slots does not break the checksum. */
    d = slurp(good, &size);
    put(d + 80 + 20, 12345, 4);
    spill(bad, d, size);
    Book b;
    char err[ERR_STR_MAX];
    ck_assert_msg(book_load(&b, bad, G, err), "%s", err);
    ck_assert_uint_eq(b.entries[0].learn, 12345);
    book_free(&b);
    free(d);
    /* The writer refuses what the reader would. */
    BookEntry e[] = {entry(1, "g1g7", 5, 0), entry(1, "g1g7", 3, 0)};
    ck_assert(!book_write(tmp("w.book"), G, e, 2, 0, 0, err));
    BookEntry u[] = {entry(2, "g1g7", 5, 0), entry(1, "g1a7", 3, 0)};
    ck_assert(!book_write(tmp("w.book"), G, u, 2, 0, 0, err));
    BookEntry l[] = {entry(2, "g1g7", 5, 0)};
    strcpy(l[0].move, "abcdefghi");
    ck_assert(!book_write(tmp("w.book"), G, l, 1, 0, 0, err));
    ck_assert_int_eq(access(tmp("w.book"), F_OK), -1);
    /* An empty book is a valid book. */
    ck_assert(book_write(tmp("empty.book"), G, NULL, 0, 0, 0, err));
    ck_assert(book_load(&b, tmp("empty.book"), G, err));
    ck_assert_uint_eq(b.count, 0);
    book_free(&b);
}
END_TEST

/* ---- the builder, the journal, the openings job ---- */

static int count_lines(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return -1;
    int n = 0, c;
    while ((c = fgetc(f)) != EOF) n += c == '\n';
    fclose(f);
    return n;
}

START_TEST(builder_tiny) {
    Engine *e = engine_create(G);
    BookPlayer *bp = book_player_attach(e);
    BookBuildParams p;
    book_build_defaults(&p);
    p.out = tmp("built.book");
    p.plies = 2;
    p.full_plies = 1;
    p.depth = 1;
    ck_assert(book_build_parse_widths(&p, "3,2"));
    p.quiet = true;
    char err[ERR_STR_MAX];
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    Book b;
    ck_assert_msg(book_load(&b, p.out, G, err), "%s", err);
    ck_assert_uint_eq(b.plies, 2);
    ck_assert_uint_eq(b.depth, 1);
    /* Every first move has a decision for the second player (swap or a reply). */
    GamePos s = start_pos();
    Move list[MAX_MOVES];
    int n = G->gen_moves(&s, list, GEN_ALL);
    ck_assert_int_eq(n, 33);
    const BookEntry *first;
    ck_assert_uint_ge(book_find(&b, G->key(&s), &first), 1);
    for (int i = 0; i < n; i++) {
        GamePos c = s;
        GameUndo u;
        G->make(&c, list[i], &u);
        char ms[MOVE_STR_MAX];
        G->print_move(&s, list[i], ms);
        ck_assert_msg(book_pick(&b, G, &c, false, NULL, NULL, 0, NULL) != MOVE_NONE, "no answer to %s", ms);
    }
    /* Every entry is legal where it stands: replay the tree the book describes. */
    for (size_t i = 0; i < b.count; i++) ck_assert_uint_gt(b.entries[i].weight, 0);
    book_free(&b);
    /* The journal: one header line and one line per searched position (33). */
    char jpath[300];
    snprintf(jpath, sizeof jpath, "%s.journal", p.out);
    ck_assert_int_eq(count_lines(jpath), 34);
    /* Resume: nothing is searched again. */
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    ck_assert_int_eq(count_lines(jpath), 34);
    /* An interrupted append (half a line) is dropped, the rest kept. */
    FILE *f = fopen(jpath, "a");
    fputs("0123456789abcdef 1 3 2 g1g7:", f);
    fclose(f);
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    ck_assert_int_eq(count_lines(jpath), 34);
    /* Extend: one ply more searches the replies' positions too. */
    p.plies = 3;
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    ck_assert_int_gt(count_lines(jpath), 34);
    ck_assert_msg(book_load(&b, p.out, G, err), "%s", err);
    ck_assert_uint_eq(b.plies, 3);
    ck_assert_uint_gt(b.count, 34);
    book_free(&b);
    /* A damaged journal is refused, not silently rebuilt over. */
    f = fopen(jpath, "a");
    fputs("not a record\n", f);
    fclose(f);
    ck_assert(!book_build(e, &p, err));
    ck_assert_ptr_nonnull(strstr(err, "damaged record"));
    /* Bad parameters. */
    BookBuildParams q;
    book_build_defaults(&q);
    ck_assert(book_build_parse_widths(&q, "4,2,1") && q.n_widths == 3 && q.widths[2] == 1);
    ck_assert(!book_build_parse_widths(&q, "3,") && !book_build_parse_widths(&q, "0") &&
              !book_build_parse_widths(&q, "") && !book_build_parse_widths(&q, "2;1") &&
              !book_build_parse_widths(&q, "65"));
    ck_assert_int_eq(q.n_widths, 3);
    p.full_plies = 3;
    ck_assert(!book_build(e, &p, err));
    engine_destroy(e);
    book_player_free(bp);
}
END_TEST

/* Made-up searches for the builder: a position's lines, best first, as a finished search of
 * depth 9 would have recorded them. */
static void record(Journal *j, const GamePos *p, int multipv, const char *const *moves, const int *scores, int n) {
    JournalMove mv[8];
    for (int i = 0; i < n; i++) {
        snprintf(mv[i].move, sizeof mv[i].move, "%s", moves[i]);
        mv[i].score = scores[i];
    }
    char err[ERR_STR_MAX];
    ck_assert_msg(journal_add(j, G->key(p), 9, multipv, mv, n, err), "%s", err);
}

/* The book's weight of move at p (-1: not in the book). */
static int weight_of(const Book *b, const GamePos *p, const char *move) {
    const BookEntry *first;
    size_t n = book_find(b, G->key(p), &first);
    for (size_t i = 0; i < n; i++)
        if (!strcmp(first[i].move, move)) return first[i].weight;
    return -1;
}

/* The edges of the builder's margin, from a journal of made-up searches (nothing is searched):
 * a move exactly the margin below the best is kept, explored and played (weight 1), one a
 * centi-unit further is not; with margin 0, moves as good as the best share the most weight and
 * each is drawn. */
START_TEST(builder_margin_edges) {
    Engine *e = engine_create(G);
    BookBuildParams p;
    book_build_defaults(&p);
    p.out = tmp("margin.book");
    p.journal = tmp("margin.journal");
    p.plies = 2;
    p.full_plies = 0;
    p.depth = 9;
    p.quiet = true;
    ck_assert(book_build_parse_widths(&p, "3,1"));
    ck_assert_int_eq(p.margin, 30);
    GamePos s = start_pos(), g7 = after("g1g7"), a7 = after("g1a7"), h1 = after("g1h1");
    Journal j;
    char err[ERR_STR_MAX];
    ck_assert_msg(journal_open(&j, p.journal, G, err), "%s", err);
    static const char *const ROOT[] = {"g1g7", "g1a7", "g1h1"}, *const SWAP[] = {"swap"};
    record(&j, &s, 3, ROOT, (const int[]){30, 0, -1}, 3);
    /* The replies' searches give back the same scores (Cigar's view, negated). */
    record(&j, &g7, 1, SWAP, (const int[]){-30}, 1);
    record(&j, &a7, 1, SWAP, (const int[]){0}, 1);
    record(&j, &h1, 1, SWAP, (const int[]){1}, 1);
    journal_close(&j);
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    Book b;
    ck_assert_msg(book_load(&b, p.out, G, err), "%s", err);
    ck_assert_int_eq(weight_of(&b, &s, "g1g7"), BOOK_WEIGHT_MAX);
    ck_assert_int_eq(weight_of(&b, &s, "g1a7"), 1);   /* at the margin's edge: kept, weight 1 */
    ck_assert_int_eq(weight_of(&b, &s, "g1h1"), -1);  /* one beyond it: left out */
    ck_assert_int_gt(weight_of(&b, &a7, "swap"), 0);  /* the edge move's reply explored */
    ck_assert_int_eq(weight_of(&b, &h1, "swap"), -1); /* the other's not */
    book_free(&b);
    /* Margin 0: the two best, equal, get the most weight each and are both drawn. */
    p.out = tmp("margin0.book");
    p.journal = tmp("margin0.journal");
    p.plies = 1;
    p.margin = 0;
    ck_assert_msg(journal_open(&j, p.journal, G, err), "%s", err);
    record(&j, &s, 3, ROOT, (const int[]){5, 5, 4}, 3);
    journal_close(&j);
    ck_assert_msg(book_build(e, &p, err), "%s", err);
    ck_assert_msg(book_load(&b, p.out, G, err), "%s", err);
    ck_assert_int_eq(weight_of(&b, &s, "g1g7"), BOOK_WEIGHT_MAX);
    ck_assert_int_eq(weight_of(&b, &s, "g1a7"), BOOK_WEIGHT_MAX);
    ck_assert_int_eq(weight_of(&b, &s, "g1h1"), -1);
    Prng r = {11};
    int count[2] = {0, 0};
    for (int i = 0; i < 400; i++) count[book_pick(&b, G, &s, true, &r, NULL, 0, NULL) == G->parse_move(&s, "g1a7")]++;
    ck_assert_msg(count[0] > 140 && count[1] > 140, "g1g7 chosen %d times, g1a7 %d times of 400", count[0], count[1]);
    book_free(&b);
    engine_destroy(e);
}
END_TEST

START_TEST(journal_records) {
    Journal j;
    char err[ERR_STR_MAX];
    const char *path = tmp("j.journal");
    ck_assert_msg(journal_open(&j, path, G, err), "%s", err);
    JournalMove mv[2] = {{"g1g7", 15}, {"swap", -SCORE_WIN + 3}};
    ck_assert(journal_add(&j, 0, 9, 2, mv, 2, err)); /* key 0 is a key like any other */
    ck_assert(journal_add(&j, 77, 5, 2, mv, 1, err));
    ck_assert(journal_add(&j, 77, 6, 2, mv, 2, err)); /* a deeper search replaces */
    journal_close(&j);
    ck_assert(journal_open(&j, path, G, err));
    const JournalNode *n = journal_find(&j, 0);
    ck_assert_ptr_nonnull(n);
    ck_assert_int_eq(n->depth, 9);
    ck_assert_int_eq(n->moves[1].score, -SCORE_WIN + 3);
    ck_assert_str_eq(n->moves[1].move, "swap");
    n = journal_find(&j, 77);
    ck_assert_int_eq(n->depth, 6);
    ck_assert_int_eq(n->n, 2);
    ck_assert_ptr_null(journal_find(&j, 78));
    journal_close(&j);
    /* Another game's journal is refused. */
    FILE *f = fopen(path, "w");
    fputs("simia-book-journal 1 chess 0000000000000000\n", f);
    fclose(f);
    ck_assert(!journal_open(&j, path, G, err));
}
END_TEST

START_TEST(openings_suite) {
    Engine *e = engine_create(G);
    BookPlayer *bp = book_player_attach(e);
    BookOpeningsParams p;
    book_openings_defaults(&p);
    p.out = tmp("openings.txt");
    p.plies = 3;
    p.max_score = 30000;
    p.count = 12;
    p.depth = 1;
    p.quiet = true;
    char err[ERR_STR_MAX];
    ck_assert_msg(book_openings(e, &p, err), "%s", err);
    FILE *f = fopen(p.out, "r");
    char line[POS_STR_MAX + 2];
    int n = 0;
    Key keys[12];
    GameConfig cfg = mq_cfg(1, 20, 20);
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#') continue;
        line[strcspn(line, "\n")] = '\0';
        GamePos pos;
        ck_assert_msg(G->parse_pos(&pos, line, &cfg, err), "'%s': %s", line, err);
        ck_assert_int_eq(G->ply(&pos), 3);
        for (int i = 0; i < n; i++) ck_assert_msg(keys[i] != G->key(&pos), "'%s' twice", line);
        keys[n++] = G->key(&pos);
    }
    fclose(f);
    ck_assert_int_eq(n, 12);
    /* The same seed, the same file. */
    size_t s1, s2;
    unsigned char *a = slurp(p.out, &s1);
    p.out = tmp("openings2.txt");
    ck_assert(book_openings(e, &p, err));
    unsigned char *b = slurp(p.out, &s2);
    ck_assert(s1 == s2 && !memcmp(a, b, s1));
    free(a), free(b);
    /* Too strict a margin for the attempts allowed: said, not hidden. */
    p.max_score = 0;
    p.attempts = 3;
    p.count = 50;
    ck_assert(!book_openings(e, &p, err));
    ck_assert_ptr_nonnull(strstr(err, "found only"));
    engine_destroy(e);
    book_player_free(bp);
}
END_TEST

/* ---- OwnBook through the protocol (the real executable) ---- */

START_TEST(ownbook_protocol) {
    const char *path = tmp("play.book");
    write_sample(path);
    Child *c = start();
    ANNOUNCED(c, "ugi", "option name OwnBook type check default false\n",
              "option name BookFile type string default <empty>\n", "option name BookDepth type spin ",
              "option name BookVariety type check ");
    /* Off by default: a search, no book line. */
    child_send(c, "setoption name BookFile value %s", path);
    child_send(c, "position startpos");
    child_transcript_reset(c);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    ck_assert_int_eq(child_count(c, "info string book"), 0);
    ck_assert_int_gt(child_count(c, "info depth"), 0);
    /* On: the book move at once, although the move time is a minute. */
    child_send(c, "setoption name ownbook value true");
    child_send(c, "setoption name BookVariety value false");
    ready(c);
    child_transcript_reset(c);
    child_send(c, "go movetime 60000");
    ck_assert_str_eq(bestmove(c, 2000), "g1g7");
    ck_assert_int_eq(child_count(c, "info string book move g1g7"), 1);
    ck_assert_int_eq(child_count(c, "info depth"), 0);
    /* go infinite and go ponder wait for stop / ponderhit: they search, never book. */
    child_transcript_reset(c);
    child_send(c, "go infinite");
    ready(c);
    child_send(c, "stop");
    bestmove(c, WAIT);
    ck_assert_int_eq(child_count(c, "info string book"), 0);
    /* searchmoves without a book move: a search; with one: the book, within them. */
    child_transcript_reset(c);
    child_send(c, "go depth 1 searchmoves g1h1");
    ck_assert_str_eq(bestmove(c, WAIT), "g1h1");
    ck_assert_int_eq(child_count(c, "info string book"), 0);
    child_send(c, "go movetime 60000 searchmoves g1h1 g1a7");
    ck_assert_str_eq(bestmove(c, 2000), "g1a7");
    /* The pie decision from the book; a position out of the book is searched. */
    child_send(c, "position startpos moves g1g7");
    child_send(c, "go movetime 60000");
    ck_assert_str_eq(bestmove(c, 2000), "swap");
    child_send(c, "position startpos moves g1a1");
    child_transcript_reset(c);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    ck_assert_int_eq(child_count(c, "info string book"), 0);
    /* BookDepth 0: never. */
    child_send(c, "setoption name BookDepth value 0");
    child_send(c, "position startpos");
    child_transcript_reset(c);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    ck_assert_int_eq(child_count(c, "info string book"), 0);
    child_send(c, "setoption name BookDepth value 1000");
    /* A bad file: one error line, the engine searches, and says it only once. */
    const char *bad = tmp("play-bad.book");
    spill(bad, (const unsigned char *)"SIMIABOK", 8);
    child_send(c, "setoption name BookFile value %s", bad);
    child_transcript_reset(c);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    ready(c);
    ck_assert_int_eq(child_count(c, "info string error:"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "truncated header"));
    ck_assert_int_eq(child_count(c, "bestmove"), 2);
    /* A missing file: the same. */
    child_send(c, "setoption name BookFile value %s", tmp("nowhere.book"));
    child_transcript_reset(c);
    child_send(c, "go depth 1");
    bestmove(c, WAIT);
    ready(c);
    ck_assert_int_eq(child_count(c, "info string error: cannot open book"), 1);
    /* Back to the good book: it is used again. */
    child_send(c, "setoption name BookFile value %s", path);
    child_send(c, "go movetime 60000");
    ck_assert_str_eq(bestmove(c, 2000), "g1g7");
    child_send(c, "quit");
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
}
END_TEST

int main(void) {
    G = game_default();
    snprintf(dir, sizeof dir, "/tmp/simia-book-test-XXXXXX");
    if (!mkdtemp(dir)) return 1;
    int rc = RUN_TESTS("book", 120, ONCE(format_round_trip), ONCE(key_scheme_frozen), ONCE(probe_hits_and_misses),
                       ONCE(variety_within_weights), ONCE(variety_equal_smallest_weights),
                       ONCE(collision_never_illegal), ONCE(bad_files), ONCE(journal_records), ONCE(builder_tiny),
                       ONCE(builder_margin_edges), ONCE(openings_suite), ONCE(ownbook_protocol),
                       ONCE(shipped_book_answers_every_first_move));
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    if (system(cmd)) fprintf(stderr, "could not remove %s\n", dir);
    return rc;
}
