/* test_limits.c — the engine at the edges of what input can ask, through the protocol of
 * the real executable: move lists of thousands of plies, every square occupied, the tallest
 * queens, lines at the length cap, hundreds of searchmoves, huge option names and values,
 * Hash beyond its maximum or the machine's memory, and the table's memory really taken. */
#include <inttypes.h>
#include <unistd.h>

#include "conversation.h"
#include "engine/engine.h"
#include "engine/perft.h"
#include "engine/prng.h"
#include "testutil.h"
#include "uci-like/input.h"

static const GameOps *G;

/* The bestmove of a go, checked legal in p. */
static void expect_legal_bestmove(Child *c, const GamePos *p) {
    const char *l = child_expect(c, "bestmove ", WAIT);
    ck_assert_msg(l, "no bestmove; transcript:\n%.2000s", child_transcript(c));
    ck_assert_msg(!strchr(l + 9, ' '), "bestmove line '%s'", l);
    ck_assert_msg(G->parse_move(p, l + 9) != MOVE_NONE, "illegal bestmove '%s'", l);
}

/* The d command's Fen line. */
static void expect_fen(Child *c, const char *fen) {
    send_ok(c, "d");
    const char *l = child_expect(c, "Fen: ", WAIT);
    ck_assert_ptr_nonnull(l);
    ck_assert_str_eq(l + 5, fen);
    ready(c);
}

/* ---- thousands of plies ---- */

/* The longest of many random games with 99-high queens (quiet moves preferred, so that
 * the queens shrink slowly): its moves as text, its plies, its position before the last. */
static int long_game(char **text, GamePos *before_last, GamePos *end) {
    Prng rng = {test_seed("long_game", 2024)};
    GameConfig cfg = mq_cfg(1, 99, 99);
    size_t cap = 1 << 16;
    char *best = NULL, *cur = malloc(cap);
    int best_plies = 0;
    for (int g = 0; g < 300; g++) {
        GamePos p, prev;
        G->startpos(&p, &cfg);
        prev = p;
        size_t len = 0;
        int plies = 0, n;
        Move list[MAX_MOVES];
        cur[0] = '\0';
        while ((n = G->gen_moves(&p, list, GEN_ALL)) && game_result(G, &p) == RESULT_NONE) {
            Move m = list[prng_below(&rng, (uint32_t)n)];
            for (int t = 0; t < 200 && G->is_noisy(&p, m); t++) m = list[prng_below(&rng, (uint32_t)n)];
            char ms[MOVE_STR_MAX];
            G->print_move(&p, m, ms);
            if (len + 20 > cap) cur = realloc(cur, cap *= 2);
            len += (size_t)sprintf(cur + len, " %s", ms);
            prev = p;
            GameUndo u;
            G->make(&p, m, &u);
            plies++;
        }
        if (plies > best_plies) {
            free(best);
            best = strdup(cur);
            best_plies = plies;
            *before_last = prev;
            *end = p;
        }
    }
    free(cur);
    *text = best;
    return best_plies;
}

START_TEST(move_list_of_thousand_plies) {
    char *moves;
    GamePos before_last, end;
    int plies = long_game(&moves, &before_last, &end);
    ck_assert_int_ge(plies, 1000);
    Child *c = start();
    send_ok(c, "setoption name IvoryHeight value 99");
    send_ok(c, "setoption name CigarHeight value 99");
    /* the whole game: over, and the referee agrees with the rules */
    ck_assert(child_send(c, "position startpos moves%s", moves));
    ck_assert_str_eq(ask(c, "gameover"), "true");
    static const char *const R[] = {"none", "p1win", "p2win", "draw"};
    ck_assert_str_eq(ask(c, "result"), R[game_result(G, &end)]);
    /* one ply short: playable, searched, answered with a legal move */
    char *last = strrchr(moves, ' ');
    *last = '\0';
    ck_assert(child_send(c, "position startpos moves%s", moves));
    ck_assert_str_eq(ask(c, "gameover"), "false");
    char fen[POS_STR_MAX];
    G->print_pos(&before_last, fen);
    expect_fen(c, fen);
    send_ok(c, "go depth 3");
    expect_legal_bestmove(c, &before_last);
    /* then 5,000 more plies of junk: a forfeit at the first, named with its ply */
    size_t len = strlen(moves);
    char *junk = malloc(len + 5000 * 5 + 1);
    memcpy(junk, moves, len);
    for (int i = 0; i < 5000; i++) memcpy(junk + len + 5 * (size_t)i, " a1a1", 5);
    junk[len + 5000 * 5] = '\0';
    child_transcript_reset(c);
    ck_assert(child_send(c, "position startpos moves%s", junk));
    ready(c);
    char want[128];
    snprintf(want, sizeof want, "info string error: position: illegal move 'a1a1' at ply %d", plies);
    ck_assert_msg(child_count(c, want), "expected '%s' in\n%.3000s", want, child_transcript(c));
    ck_assert_str_eq(ask(c, "result"), G->player_to_move(&before_last) == PLAYER_1 ? "p2win" : "p1win");
    send_ok(c, "go depth 1");
    ck_assert_ptr_nonnull(child_expect(c, "bestmove 0000", WAIT));
    free(junk);
    free(moves);
    quit(c);
}
END_TEST

START_TEST(ply_counter_at_its_limit) {
    Child *c = start();
    /* the largest ply a position string may carry, then moves past it */
    send_ok(c, "position fen 5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i - 1000000000 moves g1g7 f12f11");
    ck_assert_str_eq(ask(c, "gameover"), "false");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Status: playing", WAIT));
    send_ok(c, "go depth 2");
    ck_assert_ptr_nonnull(child_expect(c, "bestmove ", WAIT));
    ck_assert_int_eq(errors_of(c, "position fen 5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i - 1000000001"), 1);
    quit(c);
}
END_TEST

/* ---- every square occupied, the tallest queens ---- */

/* All 144 squares full: the queens (99 high) on the given squares, babies alternating. */
static void full_board(char *fen, int ivory_sq, int cigar_sq, char side) {
    char pieces[2048] = "", *o = pieces;
    for (int sq = 0; sq < 144; sq++) {
        const char *t = sq == ivory_sq ? "I99" : sq == cigar_sq ? "C99" : (sq % 2) ? "i" : "c";
        o += sprintf(o, "%s:%c%d ", t, 'a' + sq % 12, sq / 12 + 1);
    }
    build_fen(fen, pieces, side, '-', 200);
}

START_TEST(all_squares_occupied_tallest_queens) {
    static const int QUEENS[][2] = {{0, 143}, {143, 0}, {66, 77}, {5, 6}, {11, 132}};
    Child *c = start();
    for (size_t k = 0; k < sizeof QUEENS / sizeof QUEENS[0]; k++)
        for (int side = 0; side < 2; side++) {
            char fen[1024];
            full_board(fen, QUEENS[k][0], QUEENS[k][1], side ? 'c' : 'i');
            GamePos p;
            parse_ok(G, &p, fen, 1);
            ck_assert(child_send(c, "position fen %s", fen));
            ck_assert_str_eq(ask(c, "gameover"), "false");
            ck_assert_str_eq(ask(c, "p1turn"), side ? "false" : "true");
            expect_fen(c, fen);
            /* the board shows the stacks' heights */
            child_transcript_reset(c);
            send_ok(c, "d");
            ready(c);
            ck_assert_ptr_nonnull(strstr(child_transcript(c), "I99"));
            ck_assert_ptr_nonnull(strstr(child_transcript(c), "C99"));
            /* perft agrees with the rules in this process */
            char want[64];
            GamePos q = p;
            snprintf(want, sizeof want, "Nodes searched: %" PRIu64, perft(G, &q, 2));
            send_ok(c, "go perft 2");
            ck_assert_msg(child_expect(c, want, WAIT), "no '%s'", want);
            send_ok(c, "go depth 3");
            expect_legal_bestmove(c, &p);
            send_ok(c, "go movetime 20");
            expect_legal_bestmove(c, &p);
        }
    quit(c);
}
END_TEST

/* All 144 squares full and no queen in reach of an enemy (each walled in by its own babies):
 * nothing ends the game at once, and every piece can take a neighbour, so the tree is all
 * captures. Every limit must still answer within the hang bound. */
START_TEST(full_board_without_a_quick_win) {
    char fen[1024], pieces[2048] = "", *o = pieces;
    for (int sq = 0; sq < 144; sq++) {
        int f = sq % 12, r = sq / 12;
        const char *t = sq == 0 ? "I99" : sq == 143 ? "C99" : (sq == 1 || sq == 12 || sq == 13) ? "i"
                        : (sq == 142 || sq == 131 || sq == 130) ? "c" : (f + r) % 2 ? "i" : "c";
        o += sprintf(o, "%s:%c%d ", t, 'a' + f, r + 1);
    }
    Child *c = start();
    for (int side = 0; side < 2; side++) {
        build_fen(fen, pieces, side ? 'c' : 'i', '-', 100);
        GamePos p;
        parse_ok(G, &p, fen, 1);
        Move list[MAX_MOVES];
        int n = G->gen_moves(&p, list, GEN_ALL);
        ck_assert_int_gt(n, 100);
        for (int i = 0; i < n; i++) { /* no move ends the game */
            GamePos q = p;
            GameUndo u;
            G->make(&q, list[i], &u);
            ck_assert_int_eq(G->terminal(&q), OUTCOME_ONGOING);
        }
        ck_assert(child_send(c, "position fen %s", fen));
        /* Even depth 1 is some 50,000 nodes here, each with about 200 captures to weigh
         * (0.6 s in a release build, more than the hang bound under ThreadSanitizer): a
         * real job, not a hang, so the search is bounded by nodes and time instead. */
        send_ok(c, "go nodes 5000");
        expect_legal_bestmove(c, &p);
        send_ok(c, "go movetime 300");
        expect_legal_bestmove(c, &p);
        send_ok(c, "go infinite");
        send_ok(c, "stop");
        expect_legal_bestmove(c, &p);
    }
    quit(c);
}
END_TEST

START_TEST(tallest_queens_from_the_start) {
    Child *c = start();
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight value 99"), 0);
    ck_assert_int_eq(errors_of(c, "setoption name CigarHeight value 99"), 0);
    ck_assert_int_eq(errors_of(c, "setoption name IvoryHeight value 100"), 1);
    send_ok(c, "position startpos");
    expect_fen(c, "5C[99]6/12/12/12/12/12/12/12/12/12/12/6I[99]5 i w 0");
    GamePos p;
    GameConfig cfg = mq_cfg(1, 99, 99);
    G->startpos(&p, &cfg);
    send_ok(c, "go depth 3");
    expect_legal_bestmove(c, &p);
    quit(c);
}
END_TEST

/* ---- long lines, many words ---- */

/* A command padded with blanks to exactly len bytes. */
static char *padded(const char *cmd, size_t len) {
    char *s = malloc(len + 2);
    memset(s, ' ', len);
    memcpy(s, cmd, strlen(cmd));
    s[len] = '\n';
    s[len + 1] = '\0';
    return s;
}

START_TEST(line_length_cap_exact) {
    Child *c = start();
    char *at = padded("query p1turn", INPUT_LINE_MAX), *over = padded("query p1turn", INPUT_LINE_MAX + 1);
    ck_assert(child_write(c, at, INPUT_LINE_MAX + 1, WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "response true", WAIT));
    child_transcript_reset(c);
    ck_assert(child_write(c, over, INPUT_LINE_MAX + 2, WAIT));
    ready(c);
    char want[96];
    snprintf(want, sizeof want, "info string error: line of %zu bytes ignored", INPUT_LINE_MAX + 1);
    ck_assert_int_eq(child_count(c, want), 1);
    ck_assert_int_eq(child_count(c, "response"), 0);
    /* the same with CRLF: the CR is the line ending's, not the line's */
    at[INPUT_LINE_MAX - 1] = '\r';
    ck_assert(child_write(c, at, INPUT_LINE_MAX + 1, WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "response true", WAIT));
    free(at);
    free(over);
    quit(c);
}
END_TEST

/* A position with 356 legal moves (more than the 256 searchmoves a go may name). */
static const char *MANY_MOVES =
    "2ii4i1ii/i5ii1ii1/2i8i/1i1ii1i4i/i2ii7/i2i8/1i1i6iI[20]/i3i7/i9C[20]1/6i4i/i3i4i2/2i2iii1ii1 i - 10";

START_TEST(hundreds_of_searchmoves) {
    GamePos p;
    parse_ok(G, &p, MANY_MOVES, 1);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL);
    ck_assert_int_gt(n, 300);
    Child *c = start();
    ck_assert(child_send(c, "position fen %s", MANY_MOVES));
    char *line = malloc(32 + (size_t)n * MOVE_STR_MAX), ms[MOVE_STR_MAX];
    /* every legal move: more than a go may name, refused with a message */
    strcpy(line, "go depth 1 searchmoves");
    for (int i = 0; i < n; i++) strcat(strcat(line, " "), (G->print_move(&p, list[i], ms), ms));
    child_transcript_reset(c);
    send_ok(c, line);
    ck_assert_ptr_nonnull(child_expect(c, "bestmove 0000", WAIT));
    ck_assert_int_eq(child_count(c, "info string error: go: searchmoves: more than 256 moves"), 1);
    /* the last 256 of them: searched, one of them played */
    strcpy(line, "go depth 2 searchmoves");
    for (int i = n - 256; i < n; i++) strcat(strcat(line, " "), (G->print_move(&p, list[i], ms), ms));
    send_ok(c, line);
    const char *l = child_expect(c, "bestmove ", WAIT);
    ck_assert_ptr_nonnull(l);
    Move m = G->parse_move(&p, l + 9);
    bool listed = false;
    for (int i = n - 256; i < n; i++) listed |= list[i] == m;
    ck_assert_msg(listed, "'%s' is not among the searchmoves", l);
    /* one move named 300 times is one move: searched and played */
    send_ok(c, "position startpos");
    strcpy(line, "go depth 2 searchmoves");
    for (int i = 0; i < 300; i++) strcat(line, " g1g7");
    send_ok(c, line);
    ck_assert_ptr_nonnull(child_expect(c, "bestmove g1g7", WAIT));
    free(line);
    quit(c);
}
END_TEST

START_TEST(huge_option_names_and_values) {
    Child *c = start();
    size_t n = 100000;
    char *line = malloc(n + 64), *big = malloc(n + 1);
    memset(big, 'v', n);
    big[n] = '\0';
    snprintf(line, n + 64, "setoption name %s value 1", big);
    ck_assert_int_eq(errors_of(c, line), 1);
    snprintf(line, n + 64, "setoption name IvoryHeight value %s", big);
    ck_assert_int_eq(errors_of(c, line), 1);
    snprintf(line, n + 64, "setoption name Debug Log File value /tmp/%s", big);
    ck_assert_int_eq(errors_of(c, line), 1); /* longer than a string option holds */
    snprintf(line, n + 64, "setoption name IvoryHeight value 99999999999999999999999999");
    ck_assert_int_eq(errors_of(c, line), 1);
    /* the engine is unchanged: heights as before */
    send_ok(c, "position startpos");
    expect_fen(c, "5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0");
    free(line);
    free(big);
    quit(c);
}
END_TEST

/* ---- Hash: beyond the declared maximum or the machine's memory ---- */

/* The maximum an option announces in `ugi`, or -1. */
static long long announced_max(Child *c, const char *name) {
    child_transcript_reset(c);
    send_ok(c, "ugi");
    ck_assert_ptr_nonnull(child_expect(c, "ugiok", WAIT));
    char want[96];
    snprintf(want, sizeof want, "option name %s type spin ", name);
    const char *l = strstr(child_transcript(c), want), *mx = l ? strstr(l, " max ") : NULL;
    return mx ? strtoll(mx + 5, NULL, 10) : -1;
}

static long long physical_mb(void) {
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    return pages > 0 && size > 0 ? (long long)pages * size >> 20 : 0;
}

/* Refused with one error line that contains `why`. */
static void refused(Child *c, const char *line, const char *why) {
    ck_assert_int_eq(errors_of(c, line), 1);
    ck_assert_msg(strstr(child_transcript(c), why), "'%s': no '%s' in\n%s", line, why, child_transcript(c));
}

START_TEST(hash_beyond_limits_refused) {
    Child *c = start();
    long long max = announced_max(c, "Hash"), phys = physical_mb();
    if (max < 0) { /* a build without the hash table (the first, plain search) */
        fprintf(stderr, "hash_beyond_limits_refused: no Hash option in this build, nothing to check\n");
        quit(c);
        return;
    }
    ck_assert_int_eq(errors_of(c, "setoption name Hash value 8"), 0);
    GamePos p;
    GameConfig cfg = mq_cfg(1, 20, 20);
    G->startpos(&p, &cfg);
    send_ok(c, "position startpos");
    send_ok(c, "go depth 3"); /* the table is in use */
    expect_legal_bestmove(c, &p);
    char line[128];
    snprintf(line, sizeof line, "setoption name Hash value %lld", max + 1);
    refused(c, line, "stays 8");
    if (phys > 0 && phys * 2 <= max) { /* beyond the machine: refused before any allocation */
        snprintf(line, sizeof line, "setoption name Hash value %lld", phys * 2);
        refused(c, line, "memory");
        refused(c, line, "stays 8");
    }
    refused(c, "setoption name Hash value 0", "stays 8");
    refused(c, "setoption name Hash value -5", "Hash");
    refused(c, "setoption name Hash value 99999999999999999999", "Hash");
    /* the engine plays on, with its table */
    send_ok(c, "go depth 3");
    expect_legal_bestmove(c, &p);
    /* not during a search */
    send_ok(c, "go infinite");
    refused(c, "setoption name Hash value 4", "search");
    refused(c, "setoption name Threads value 2", "search");
    send_ok(c, "stop");
    expect_legal_bestmove(c, &p);
    ck_assert_int_eq(errors_of(c, "setoption name Hash value 4"), 0); /* after it: at once */
    snprintf(line, sizeof line, "setoption name Threads value %lld", announced_max(c, "Threads") + 1);
    ck_assert_int_eq(errors_of(c, line), 1);
    quit(c);
}
END_TEST

/* Resident memory of this process, MB. */
static long long resident_mb(void) {
    FILE *f = fopen("/proc/self/statm", "r");
    long long size = 0, res = 0;
    if (f) {
        if (fscanf(f, "%lld %lld", &size, &res) != 2) res = 0;
        fclose(f);
    }
    return res * sysconf(_SC_PAGESIZE) >> 20;
}

/* Under overcommit a successful malloc proves nothing: the table's memory is touched when
 * it is made, so that a missing page shows then, not in the middle of a game. */
START_TEST(hash_memory_is_touched_when_made) {
    Engine *e = engine_create(G);
    char err[ERR_STR_MAX];
    if (!options_find(engine_options(e), "Hash")) {
        fprintf(stderr, "hash_memory_is_touched_when_made: no Hash option in this build, nothing to check\n");
        engine_destroy(e);
        return;
    }
    ck_assert_msg(engine_set_option(e, "Hash", "64", err), "%s", err);
    long long before = resident_mb();
    engine_prepare(e); /* the deferred allocation */
    long long after = resident_mb();
    ck_assert_msg(after - before >= 60, "resident memory grew by %lld MB for a 64 MB table", after - before);
    ck_assert_msg(engine_set_option(e, "Hash", "128", err), "%s", err); /* resized at once */
    ck_assert_msg(resident_mb() - before >= 120, "resident memory grew by %lld MB for a 128 MB table",
                  resident_mb() - before);
    ck_assert(!engine_set_option(e, "Hash", "0", err));
    ck_assert_int_eq(engine_option_int(e, "Hash"), 128);
    engine_destroy(e);
}
END_TEST

static Suite *suite(void) {
    Suite *s = suite_create("limits");
    TCase *t = tcase_create("limits");
    tcase_set_timeout(t, 120);
    tcase_add_test(t, move_list_of_thousand_plies);
    tcase_add_test(t, ply_counter_at_its_limit);
    tcase_add_test(t, all_squares_occupied_tallest_queens);
    tcase_add_test(t, full_board_without_a_quick_win);
    tcase_add_test(t, tallest_queens_from_the_start);
    tcase_add_test(t, line_length_cap_exact);
    tcase_add_test(t, hundreds_of_searchmoves);
    tcase_add_test(t, huge_option_names_and_values);
    tcase_add_test(t, hash_beyond_limits_refused);
    tcase_add_test(t, hash_memory_is_touched_when_made);
    suite_add_tcase(s, t);
    return s;
}

int main(void) {
    G = game_default();
    return run_suite(suite());
}
