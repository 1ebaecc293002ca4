/* testutil.h — helpers shared by the Check suites: the game under test, positions built from a
 * piece list (independently of the engine's printer), move lists, perft and its tables, suites. */
#ifndef SIMIA_TESTUTIL_H
#define SIMIA_TESTUTIL_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/games/registry.h"
#include "engine/perft.h"
#include "engine/prng.h"

/* An assertion for hot loops: Check records every ck_assert* it passes (a write per
 * call), so loops over millions of positions test with this and report only failures. */
#define REQUIRE(cond, ...)                                                      \
    do {                                                                        \
        if (!(cond)) ck_abort_msg(__VA_ARGS__);                                 \
    } while (0)

static inline GameConfig mq_cfg(int pie, int ivory, int cigar) {
    GameConfig c = {{pie, ivory, cigar}};
    return c;
}

/* The game named, from the registry: a suite without it cannot run, so it stops with a message
 * instead of failing each test. */
static inline const GameOps *game_or_exit(const char *name) {
    const GameOps *g = game_find(name);
    if (!g) {
        fprintf(stderr, "the game '%s' is not registered\n", name);
        exit(EXIT_FAILURE);
    }
    return g;
}

/* A board in the FEN way from one text per cell (cell + (r * files + f) * width, "" for an empty
 * cell, rank 0 at the bottom): the ranks top first, '/' between them, a run of empty cells as its
 * count; returns the end of what it wrote. Every game's tests build positions with it,
 * independently of the game's printer, so that they check the notation, not agree with it. */
static inline char *fen_board(char *o, int files, int ranks, const char *cell, int width) {
    for (int r = ranks - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < files; f++) {
            const char *c = cell + (size_t)(r * files + f) * (size_t)width;
            if (!*c) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            o += sprintf(o, "%s", c);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    return o;
}

/* The board part of a position string from a piece list, "T3:d4 t:e5" (a piece's text, a colon,
 * its square: file letter and rank number from 1): piece() writes the text of the piece's cell
 * (into size bytes) and checks the piece; returns the end of what it wrote, as fen_board. Each
 * game's tests build positions from such lists, so the parsing is written once. */
#define PIECE_BOARD_MAX 16
typedef void (*PieceCell)(char *cell, size_t size, const char *piece);
static inline char *piece_board(char *o, int files, int ranks, const char *pieces, PieceCell piece) {
    static char cells[PIECE_BOARD_MAX * PIECE_BOARD_MAX][12];
    memset(cells, 0, sizeof cells);
    ck_assert(files <= PIECE_BOARD_MAX && ranks <= PIECE_BOARD_MAX);
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", pieces);
    for (char *tok = strtok(buf, " "); tok; tok = strtok(NULL, " ")) {
        char *colon = strchr(tok, ':'), *end;
        ck_assert_msg(colon && colon > tok, "piece '%s': no piece before a colon", tok);
        *colon = 0;
        int f = colon[1] - 'a', r = (int)strtol(colon + 2, &end, 10) - 1;
        ck_assert_msg(!*end && end > colon + 2 && f >= 0 && f < files && r >= 0 && r < ranks, "piece %s: no square '%s'",
                      tok, colon + 1);
        piece(cells[r * files + f], sizeof cells[0], tok);
    }
    return fen_board(o, files, ranks, &cells[0][0], (int)sizeof cells[0]);
}

/* Monkey Queen's pieces: I/C + height = queen, i/c = baby. */
static inline void mq_piece(char *cell, size_t size, const char *piece) {
    bool ivory = piece[0] == 'I' || piece[0] == 'i';
    ck_assert_msg(ivory || piece[0] == 'C' || piece[0] == 'c', "piece '%s'", piece);
    int height = (piece[0] == 'i' || piece[0] == 'c') ? 1 : atoi(piece + 1);
    if (height == 1) snprintf(cell, size, "%c", ivory ? 'i' : 'c');
    else snprintf(cell, size, "%c[%d]", ivory ? 'I' : 'C', height % 100);
}

/* Builds a position string from "I5:d4 c:d8 C3:j10 i:a1" (mq_piece), the side ('i'/'c'), the
 * swap state and the ply. Written independently of the engine's printer so that tests check
 * the notation, not agree with themselves. */
static inline void build_fen(char *out, const char *pieces, char side, char swap, int ply) {
    char *o = piece_board(out, 12, 12, pieces, mq_piece);
    sprintf(o, " %c %c %d", side, swap, ply);
}

static inline void parse_ok(const GameOps *g, GamePos *p, const char *fen, int pie) {
    char err[ERR_STR_MAX] = "";
    GameConfig cfg = mq_cfg(pie, 20, 20);
    ck_assert_msg(g->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

static inline void setup(const GameOps *g, GamePos *p, const char *pieces, char side) {
    char fen[1024];
    build_fen(fen, pieces, side, '-', 10);
    parse_ok(g, p, fen, 1);
}

/* A position string read under cfg prints as want (itself for NULL): printing is canonical. */
static inline void reads_as(const GameOps *g, const GameConfig *cfg, const char *text, const char *want) {
    GamePos p;
    char err[ERR_STR_MAX] = "", out[POS_STR_MAX];
    ck_assert_msg(g->parse_pos(&p, text, cfg, err), "parse '%s': %s", text, err);
    g->print_pos(&p, out);
    ck_assert_str_eq(out, want ? want : text);
}

/* All legal moves as sorted, space-separated text (written in one pass: random suites list
 * every move of tens of thousands of positions). */
static int cmp_str(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }
static inline void moves_text(const GameOps *g, const GamePos *p, char *out) {
    Move list[MAX_MOVES];
    static char names[MAX_MOVES][MOVE_STR_MAX];
    int n = g->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) g->print_move(p, list[i], names[i]);
    qsort(names, (size_t)n, MOVE_STR_MAX, cmp_str);
    for (int i = 0; i < n; i++) {
        if (i) *out++ = ' ';
        size_t len = strlen(names[i]);
        memcpy(out, names[i], len);
        out += len;
    }
    *out = 0;
}

static inline void play(const GameOps *g, GamePos *p, const char *text) {
    Move m = g->parse_move(p, text);
    ck_assert_msg(m != MOVE_NONE, "move %s should be legal", text);
    GameUndo u;
    g->make(p, m, &u);
}

/* Perft as the sum over p's moves of count(child, depth - 1), each move made and unmade: with
 * perft, the counts by move; with perft_made, every leaf made, where perft counts the last ply
 * with count_moves, so that each checks the other. */
typedef uint64_t (*PerftCount)(const GameOps *g, GamePos *p, int depth);
static inline uint64_t perft_by_move(const GameOps *g, GamePos *p, int depth, PerftCount count) {
    Move list[MAX_MOVES];
    int n = g->gen_moves(p, list, GEN_ALL);
    uint64_t sum = 0;
    for (int i = 0; i < n; i++) {
        GameUndo u;
        g->make(p, list[i], &u);
        sum += count(g, p, depth - 1);
        g->unmake(p, list[i], &u);
    }
    return sum;
}
static inline uint64_t perft_made(const GameOps *g, GamePos *p, int depth) {
    return depth ? perft_by_move(g, p, depth, perft_made) : 1;
}

/* perft of the start under cfg at depths 0 to depth as want says, then of its mirror (the game's
 * symmetry) to mirror_depth (-1: not mirrored). */
static inline void perft_start(const GameOps *g, const GameConfig *cfg, const uint64_t *want, int depth,
                               int mirror_depth) {
    GamePos p;
    g->startpos(&p, cfg);
    for (int d = 0; d <= depth; d++)
        ck_assert_msg(perft(g, &p, d) == want[d], "%s: perft %d of the start", g->name, d);
    if (mirror_depth < 0) return;
    ck_assert(g->mirror(&p));
    for (int d = 0; d <= mirror_depth; d++)
        ck_assert_msg(perft(g, &p, d) == want[d], "%s: perft %d of the start mirrored", g->name, d);
}

/* perft_divide's text for p (freed by the caller), checked: a line "move: count" for each legal
 * move, the counts summing to want, then "Nodes searched: want". */
static inline char *divide_text(const GameOps *g, GamePos *p, int depth, uint64_t want) {
    char *buf = NULL;
    size_t len = 0;
    FILE *out = open_memstream(&buf, &len);
    ck_assert_ptr_nonnull(out);
    uint64_t total = perft_divide(g, p, depth, out);
    fclose(out);
    ck_assert_msg(total == want, "divide %d: %llu, not %llu", depth, (unsigned long long)total, (unsigned long long)want);
    int lines = 0;
    unsigned long long sum = 0, count;
    const char *l = buf;
    for (char move[MOVE_STR_MAX]; strncmp(l, "Nodes searched: ", 16) && sscanf(l, "%15[^:\n]: %llu", move, &count) == 2;
         l = strchr(l, '\n') + 1) {
        ck_assert_msg(g->parse_move(p, move) != MOVE_NONE, "divide: '%s' is not a legal move", move);
        lines++, sum += count;
    }
    ck_assert_int_eq(lines, g->count_moves(p));
    ck_assert_uint_eq(sum, want);
    char last[64];
    snprintf(last, sizeof last, "Nodes searched: %llu\n", (unsigned long long)want);
    ck_assert_msg(!strcmp(l, last), "divide ends '%s', not '%s'", l, last);
    return buf;
}

/* A perft table's counts, "60 3600 239692" by depth from 1 (or "1:60 2:3600"), into want (at
 * most max); returns how many, or -1 where the text is not such a list. */
static inline int perft_row_counts(const char *text, uint64_t *want, int max) {
    int n = 0;
    for (const char *s = text + strspn(text, " \t"); *s && *s != '\n'; s += strspn(s, " \t")) {
        char *end;
        unsigned long long v = strtoull(s, &end, 10);
        if (end == s) return -1;
        if (*end == ':') {
            if (v != (unsigned long long)n + 1) return -1;
            s = end + 1;
            v = strtoull(s, &end, 10);
            if (end == s) return -1;
        }
        if (*end && !strchr(" \t\n", *end)) return -1;
        ck_assert_msg(n < max, "more than %d counts in '%s'", max, text);
        want[n++] = v;
        s = end;
    }
    return n ? n : -1;
}

/* The rows of a perft table in the tests' data, one a line ('#' comments and blank lines left
 * out): the counts on one side of a '|', what read() sets p to on the other (the position string,
 * or moves from the start). Each position and its mirror (the game's symmetry, which each must
 * have) count as the row says; then each(), unless NULL, for what the game checks beyond that.
 * Returns the rows read. */
typedef void (*PerftRead)(const GameOps *g, GamePos *p, const char *text);
typedef void (*PerftRow)(const GameOps *g, const GamePos *p, const uint64_t *want, int depths);
static inline int perft_table(const GameOps *g, const char *path, PerftRead read, PerftRow each) {
    FILE *f = fopen(path, "r");
    ck_assert_msg(f, "cannot read %s", path);
    char line[8192];
    int rows = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        char *bar = strchr(line, '|');
        ck_assert_msg(bar, "%s: no '|' in '%s'", path, line);
        *bar = 0;
        uint64_t want[16];
        int depths = perft_row_counts(line, want, 16);
        char *text = line;
        if (depths < 0) depths = perft_row_counts(bar + 1, want, 16);
        else text = bar + 1;
        ck_assert_msg(depths > 0, "%s: no counts in row %d", path, rows + 1);
        text += strspn(text, " \t");
        text[strcspn(text, "\n")] = 0;
        for (size_t k = strlen(text); k && strchr(" \t", text[k - 1]); k--) text[k - 1] = 0;
        GamePos p[2];
        read(g, &p[0], text);
        p[1] = p[0];
        ck_assert_msg(g->mirror(&p[1]), "%s: no mirror", text);
        for (int d = 1; d <= depths; d++)
            for (int m = 0; m < 2; m++)
                ck_assert_msg(perft(g, &p[m], d) == want[d - 1], "%s%s: perft %d is %llu, not %llu", text,
                              m ? " mirrored" : "", d, (unsigned long long)perft(g, &p[m], d),
                              (unsigned long long)want[d - 1]);
        if (each) each(g, &p[0], want, depths);
        rows++;
    }
    fclose(f);
    return rows;
}

/* Runs a suite (one process per test, Check's default) and gives main's exit status. */
static inline int run_suite(Suite *s) {
    SRunner *r = srunner_create(s);
    srunner_run_all(r, CK_NORMAL);
    int failed = srunner_ntests_failed(r);
    srunner_free(r);
    return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* A suite of one test case, its tests listed instead of added one call each (every suite's
 * main was the same dozen lines): RUN_TESTS("mad_rules", 600, ONCE(start), LOOP(table, n)) runs
 * start once and table n times (_i from 0 to n - 1); a timeout of 0 keeps Check's default. */
typedef struct {
    const TTest *test;
    int loops; /* 0: a plain test */
} TestRun;
#define ONCE(t) {t, 0}
#define LOOP(t, n) {t, n}
static inline int run_tests(const char *name, int timeout, const TestRun *runs) {
    Suite *s = suite_create(name);
    TCase *tc = tcase_create(name);
    if (timeout) tcase_set_timeout(tc, timeout);
    for (; runs->test; runs++) {
        if (runs->loops) tcase_add_loop_test(tc, runs->test, 0, runs->loops);
        else tcase_add_test(tc, runs->test);
    }
    suite_add_tcase(s, tc);
    return run_suite(s);
}
#define RUN_TESTS(name, timeout, ...) run_tests(name, timeout, (const TestRun[]){__VA_ARGS__, {NULL, 0}})

static inline void fen_of(const GameOps *g, const GamePos *p, char *out) { g->print_pos(p, out); }

/* Why the game ended in p as the core says it (game_end_reason): "" while it goes on. */
static inline const char *reason_of(const GameOps *g, const GamePos *p) {
    static char why[REASON_STR_MAX];
    game_end_reason(g, p, why);
    return why;
}

/* The seed of a random test: SIMIA_SEED from the environment when set (to rerun a failure,
 * or to explore other seeds), else the test's fixed default, so that CI is repeatable.
 * Printed either way: every failure report says how to rerun it. */
static inline uint64_t test_seed(const char *test, uint64_t def) {
    const char *env = getenv("SIMIA_SEED");
    uint64_t seed = def;
    if (env && *env) {
        char *end;
        seed = strtoull(env, &end, 0);
        if (*end) {
            fprintf(stderr, "SIMIA_SEED='%s' is not a number\n", env);
            exit(2);
        }
    }
    fprintf(stderr, "%s: seed %llu (rerun: SIMIA_SEED=%llu)\n", test, (unsigned long long)seed,
            (unsigned long long)seed);
    return seed;
}

/* How much of a random test's work to do: a test asks for test_count(N) games or positions.
 * SIMIA_TEST_SCALE (percent) from the environment when set, else 100, or 25 in sanitizer
 * builds (SIMIA_TEST_SCALE_DEFAULT from CMake): CI runs every suite four times (gcc, clang,
 * ASan+UBSan, TSan), and the instrumented builds are 3-20 times slower. Never below 1. */
#ifndef SIMIA_TEST_SCALE_DEFAULT
#define SIMIA_TEST_SCALE_DEFAULT 100
#endif
static inline long test_count(long n) {
    const char *env = getenv("SIMIA_TEST_SCALE");
    long pct = SIMIA_TEST_SCALE_DEFAULT;
    if (env && *env) {
        char *end;
        long v = strtol(env, &end, 10);
        if (*end || v < 1) {
            fprintf(stderr, "SIMIA_TEST_SCALE='%s' is not a positive percentage\n", env);
            exit(2);
        }
        pct = v;
    }
    long c = n * pct / 100;
    return c < 1 ? 1 : c;
}

/* A game's option values: the defaults, or (with rng) any values the options accept. */
static inline GameConfig test_config(const GameOps *g, Prng *rng) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    for (int i = 0; i < g->n_options && i < GAME_MAX_OPTIONS; i++) {
        const GameOptionDef *d = &g->options[i];
        c.v[i] = d->def;
        if (!rng) continue;
        int lo = d->type == GOPT_CHECK || d->type == GOPT_COMBO ? 0 : d->min, hi = d->max;
        if (d->type == GOPT_CHECK) hi = 1;
        if (d->type == GOPT_COMBO)
            for (hi = 0; d->vars[hi + 1]; hi++) {
            }
        /* No-progress limits and heights are drawn small too, where their ends happen. */
        int span = hi - lo > 60 && prng_below(rng, 2) ? 60 : hi - lo;
        for (int tries = 0; tries < 100; tries++) {
            int v = lo + (int)prng_below(rng, (uint32_t)span + 1);
            if (!d->refuse || !d->refuse(v)) {
                c.v[i] = v;
                break;
            }
        }
    }
    return c;
}

#endif
