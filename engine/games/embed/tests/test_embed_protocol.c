/* test_embed_protocol.c — Embed through the real executable, as an arena meets it: the game
 * chosen by --game or by the Game option, its options, the referee's answers at every kind
 * of end (boss on the home row, embedded boss, no progress, repetition) and `d`'s reason for
 * it, forfeits, `eval`, `go perft`, bad position strings, and whole games searched move by move. */
#include "conversation.h"
#include "embed_testutil.h"

static const GameOps *G;

static Child *start_embed(void) {
    char *argv[] = {SIMIA_BINARY, "--game", "embed", NULL};
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    return c;
}

static void expect_end(Child *c, const char *position, const char *result) {
    int errors = errors_of(c, position);
    ck_assert_int_eq(errors, !strcmp(result, "forfeit") ? 1 : 0);
    ck_assert_str_eq(ask(c, "gameover"), strcmp(result, "none") ? "true" : "false");
}

START_TEST(game_by_command_line) {
    Child *c = start_embed();
    send_ok(c, "ugi");
    ck_assert_ptr_nonnull(child_expect(c, "ugiok", WAIT));
    const char *t = child_transcript(c);
    ck_assert_ptr_nonnull(strstr(t, "option name Game type combo default embed"));
    ck_assert_ptr_nonnull(strstr(t, "option name EmbedNoProgressPlies type spin default 150 min 0 max 10000\n"));
    ck_assert_ptr_nonnull(strstr(t, "option name EmbedSetup type combo default standard var standard var homerows\n"));
    ck_assert_ptr_nonnull(strstr(t, "option name Repetition type check default true\n"));
    send_ok(c, "position startpos");
    ck_assert_str_eq(d_line(c, "Fen: "), "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    quit(c);
}
END_TEST

START_TEST(game_by_option) {
    Child *c = start();
    /* the game's options may come first, in any order */
    ck_assert_int_eq(errors_of(c, "setoption name EmbedSetup value homerows"), 0);
    ck_assert_int_eq(errors_of(c, "setoption name Game value embed"), 0);
    send_ok(c, "position startpos");
    ck_assert_str_eq(d_line(c, "Fen: "), "dddddddd/dddddddd/dddBdddd/8/8/DDDDbDDD/DDDDDDDD/DDDDDDDD 1 0 0");
    ck_assert_int_eq(errors_of(c, "setoption name embedsetup value Standard"), 0);
    send_ok(c, "position startpos");
    ck_assert_str_eq(d_line(c, "Fen: "), "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0");
    ck_assert_int_eq(errors_of(c, "setoption name EmbedSetup value sideways"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name EmbedNoProgressPlies value 10001"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name EmbedNoProgressPlies value -1"), 1);
    ck_assert_int_eq(errors_of(c, "go perft 3"), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "Nodes searched: 77109\n"));
    quit(c);
}
END_TEST

START_TEST(ends) {
    Child *c = start_embed();
    /* the boss reaches the far home row */
    expect_end(c, "position fen 8/d7/8/3B4/8/8/b7/8 1 0 10 moves d5d8", "p1win");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (Red's boss reached Black's home row)");
    expect_end(c, "position fen 8/d7/8/3B4/8/8/b7/8 2 0 10 moves a2a1", "p2win");
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (Black's boss reached Red's home row)");
    /* the enemy boss fully embedded (the last square filled from outside the ring) */
    expect_end(c, "position fen 8/8/2DDD3/2DbD3/2DD4/8/6D1/B7 1 0 9 moves g2e4", "p1win");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (Black's boss fully embedded)");
    /* a position string that is already over */
    expect_end(c, "position fen 6Db/6DD/8/8/8/8/dd6/Bd6 1 0 9", "p2win");
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (Red's boss fully embedded)");
    /* no progress: 4 plies without a capture with the limit at 4 */
    ck_assert_int_eq(errors_of(c, "setoption name EmbedNoProgressPlies value 4"), 0);
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2", "none");
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2 h8h7", "draw");
    ck_assert_str_eq(ask(c, "result"), "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (4 plies without a capture)");
    /* a capture resets the counter */
    expect_end(c, "position startpos moves a2a1 h7h8 a4a5 h8h7 a1a2 b6a5 a2a1", "none");
    ck_assert_int_eq(errors_of(c, "setoption name EmbedNoProgressPlies value 0"), 0);
    /* repetition: the start position for the third time */
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2 h8h7 a2a1 h7h8 a1a2", "none");
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2 h8h7 a2a1 h7h8 a1a2 h8h7", "draw");
    ck_assert_str_eq(ask(c, "result"), "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (the position occurred for the third time)");
    /* a move after the end forfeits */
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2 h8h7 a2a1 h7h8 a1a2 h8h7 a2a1", "forfeit");
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (illegal move 'a2a1' at ply 9 (move 9 of the "
                                            "list): the game was already over; player 1 loses)");
    expect_end(c, "position fen 8/d7/8/3B4/8/8/b7/8 1 0 10 moves d5d8 a7a6", "forfeit");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    /* Repetition off: the game goes on */
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    expect_end(c, "position startpos moves a2a1 h7h8 a1a2 h8h7 a2a1 h7h8 a1a2 h8h7", "none");
    quit(c);
}
END_TEST

START_TEST(forfeits) {
    Child *c = start_embed();
    /* player 2 moves player 1's drone: player 2 loses */
    ck_assert_int_eq(errors_of(c, "position startpos moves a2a1 a1a2"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "illegal move 'a1a2' at ply 2"));
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    /* a boss may not move into a drone; the arena's 0000 */
    ck_assert_int_eq(errors_of(c, "position startpos moves d5d6"), 1);
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_int_eq(errors_of(c, "position startpos moves a2a1 0000"), 1);
    ck_assert_str_eq(ask(c, "result"), "p1win");
    /* the position is the legal prefix */
    ck_assert_str_eq(d_line(c, "Fen: "), "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/1DDDDDDD/D7 2 1 1");
    send_ok(c, "go depth 2");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    quit(c);
}
END_TEST

START_TEST(bad_positions) {
    Child *c = start_embed();
    static const struct {
        const char *cmd, *reason;
    } BAD[] = {
        {"position fen 8/8/8/8/8/8/8/3B4 1 0 0", "player 2 has no boss"},
        {"position fen 8/8/8/8/8/8/8/B6b 3 0 0", "side to move: '3'"},
        {"position fen 8/8/8/8/8/8/8/B6b 1 0", "3 fields"},
        {"position fen 8/8/8/8/8/8/8/B6x 1 0 0", "unexpected character 'x'"},
        {"position fen 8/8/8/8/8/8/8/B6b 1 00 0", "no-progress counter: '00'"},
        {"position fen 5C[20]6/12/12/12/12/12/12/12/12/12/12/6I[20]5 i w 0", "board"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        ck_assert_int_eq(errors_of(c, BAD[i].cmd), 1);
        ck_assert_msg(strstr(child_transcript(c), BAD[i].reason), "'%s': %s", BAD[i].cmd, child_transcript(c));
        ck_assert_str_eq(ask(c, "gameover"), "true");
        ck_assert_str_eq(ask(c, "result"), "none");
        ck_assert_str_eq(ask(c, "p1turn"), "true");
    }
    send_ok(c, "go depth 1");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    quit(c);
}
END_TEST

START_TEST(display_and_eval) {
    Child *c = start_embed();
    send_ok(c, "position startpos moves c4c5");
    ck_assert_str_eq(d_line(c, "Fen: "), "8/dddddddd/dddddddd/ddDBdddd/DD1DbDDD/DDDDDDDD/DDDDDDDD/8 2 0 1");
    ck_assert_str_eq(d_line(c, "Status: "), "playing, player 2 to move");
    ck_assert_str_eq(d_line(c, "To move:     "), "player 2 (Black, d/b)");
    ready(c);
    child_transcript_reset(c);
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "total ", WAIT));
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "drones"));
    quit(c);
}
END_TEST

/* ---- whole games: every bestmove legal, the end (repetition included) agreed ---- */

#define KEYS_MAX 4096
static int occurrences(const Key *keys, int n, Key k) {
    int c = 0;
    for (int i = 0; i < n; i++) c += keys[i] == k;
    return c;
}

START_TEST(games_through_protocol) {
    static const char *const LIMITS[] = {"go depth 2", "go nodes 500", "go movetime 5"};
    Child *c = start_embed();
    ck_assert_int_eq(errors_of(c, "setoption name EmbedNoProgressPlies value 40"), 0);
    GameConfig cfg = em_cfg(40, EM_SETUP_STANDARD);
    static Key keys[KEYS_MAX];
    for (int game = 0; game < 3; game++) {
        send_ok(c, "uginewgame");
        GamePos p;
        G->startpos(&p, &cfg);
        char *moves = calloc(1, 1 << 16);
        size_t len = 0;
        int plies = 0, n_keys = 0;
        keys[n_keys++] = G->key(&p);
        for (;;) {
            ck_assert(child_send(c, "position startpos moves%s", moves));
            bool repeated = occurrences(keys, n_keys, G->key(&p)) >= 3;
            bool over = game_result(G, &p) != RESULT_NONE || repeated;
            ck_assert_str_eq(ask(c, "gameover"), over ? "true" : "false");
            ck_assert_str_eq(ask(c, "p1turn"), G->player_to_move(&p) == PLAYER_1 ? "true" : "false");
            if (over) break;
            send_ok(c, LIMITS[game]);
            const char *m = bestmove(c, WAIT);
            ck_assert_msg(G->parse_move(&p, m) != MOVE_NONE, "game %d ply %d: illegal bestmove %s", game, plies + 1, m);
            play(G, &p, m);
            ck_assert_int_lt(n_keys, KEYS_MAX);
            keys[n_keys++] = G->key(&p);
            len += (size_t)snprintf(moves + len, (1 << 16) - len, " %s", m);
            ck_assert_int_lt(++plies, 2000);
        }
        GameResult r = occurrences(keys, n_keys, G->key(&p)) >= 3 && game_result(G, &p) == RESULT_NONE
                           ? RESULT_DRAW
                           : game_result(G, &p);
        ck_assert_str_eq(ask(c, "result"), r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : "draw");
        free(moves);
    }
    quit(c);
}
END_TEST

int main(void) {
    G = game_find("embed");
    Suite *s = suite_create("embed_protocol");
    TCase *tc = tcase_create("protocol");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, game_by_command_line);
    tcase_add_test(tc, game_by_option);
    tcase_add_test(tc, ends);
    tcase_add_test(tc, forfeits);
    tcase_add_test(tc, bad_positions);
    tcase_add_test(tc, display_and_eval);
    tcase_add_test(tc, games_through_protocol);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
