/* test_embed_protocol.c — Embed through the real executable, as an arena meets it: the game
 * chosen by --game or by the Game option, its options, the referee's answers at every kind
 * of end (boss on the home row, embedded boss, no progress, repetition) and `d`'s reason for
 * it, forfeits, `eval` and `go perft` (whole games searched move by move, and its bad position
 * strings, data/refusals.txt: the kit, tests/test_contract.c). */
#include "conversation.h"
#include "embed_testutil.h"

static void expect_end(Child *c, const char *position, const char *result) {
    int errors = errors_of(c, position);
    ck_assert_int_eq(errors, !strcmp(result, "forfeit") ? 1 : 0);
    ck_assert_str_eq(ask(c, "gameover"), strcmp(result, "none") ? "true" : "false");
}

START_TEST(game_by_command_line) {
    Child *c = start_game("embed");
    ANNOUNCED(c, "ugi", "option name Game type combo default embed",
              "option name EmbedNoProgressPlies type spin default 150 min 0 max 10000\n",
              "option name EmbedSetup type combo default standard var standard var homerows\n",
              "option name Repetition type check default true\n");
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
    Child *c = start_game("embed");
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
    Child *c = start_game("embed");
    /* player 2 moves player 1's drone: player 2 loses */
    ck_assert_int_eq(errors_of(c, "position startpos moves a2a1 a1a2"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "illegal move 'a1a2' at ply 2"));
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    /* a boss may not move into a drone; the arena's 0000 */
    forfeited(c, "position startpos moves d5d6", "p2win");
    forfeited(c, "position startpos moves a2a1 0000", "p1win");
    /* the position is the legal prefix */
    ck_assert_str_eq(d_line(c, "Fen: "), "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/1DDDDDDD/D7 2 1 1");
    send_ok(c, "go depth 2");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    quit(c);
}
END_TEST

START_TEST(display_and_eval) {
    Child *c = start_game("embed");
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

int main(void) {
    return RUN_TESTS("embed_protocol", 600, ONCE(game_by_command_line), ONCE(game_by_option), ONCE(ends),
                     ONCE(forfeits), ONCE(display_and_eval));
}
