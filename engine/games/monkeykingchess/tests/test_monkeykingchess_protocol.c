/* test_monkeykingchess_protocol.c — Monkey King Chess through the real executable: choosing
 * the game and its options in any order, whose turn it is in Red's extra step, the referee's
 * answers at every kind of end and d's reason for it, forfeits, d, eval, perft, searches and
 * bad input (its bad position strings are data/refusals.txt, which the kit plays). */
#include "conversation.h"
#include "testutil.h"

static void expect_end(Child *c, const char *position, const char *result) {
    send_ok(c, position);
    ready(c);
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), result);
}

START_TEST(game_and_options_in_any_order) {
    Child *c = start_game("monkeykingchess");
    ANNOUNCED(c, "ugi", "option name MonkeyKingChessRiverSquares type combo default ranks var ranks var diagonal\n",
              "option name MonkeyKingChessNoProgressPlies type spin default 150 min 0 max 10000\n");
    send_ok(c, "position startpos");
    ck_assert_int_eq(perft_of(c, 3), 913034);
    quit(c);
    /* the option before the game, then after it */
    c = start();
    send_ok(c, "setoption name MonkeyKingChessRiverSquares value diagonal");
    send_ok(c, "setoption name Game value monkeykingchess");
    send_ok(c, "position startpos");
    ck_assert_int_eq(perft_of(c, 3), 913402);
    send_ok(c, "setoption name MonkeyKingChessRiverSquares value ranks");
    send_ok(c, "position startpos");
    ck_assert_int_eq(perft_of(c, 3), 913034);
    ck_assert_int_eq(errors_of(c, "setoption name MonkeyKingChessRiverSquares value rivers"), 1);
    quit(c);
}
END_TEST

START_TEST(extra_step_turns) {
    Child *c = start_game("monkeykingchess");
    send_ok(c, "position fen 4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10");
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    send_ok(c, "position fen 4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10 moves c4c4=f");
    ck_assert_str_eq(ask(c, "p1turn"), "false"); /* Red decides again */
    ck_assert_str_eq(ask(c, "gameover"), "false");
    /* the search answers with an extra move or end, one decision */
    send_ok(c, "go depth 3");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(!strcmp(m, "end") || !strncmp(m, "c2", 2), "bestmove %s in the extra step", m);
    send_ok(c, "position fen 4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10 moves c4c4=f end");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    send_ok(c, "position fen 4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10 moves c4c4=f c2d3");
    ck_assert_str_eq(ask(c, "p1turn"), "true"); /* the only token is spent */
    quit(c);
}
END_TEST

START_TEST(referee_ends) {
    Child *c = start_game("monkeykingchess");
    /* the Pilgrim walks up and leaves: Red wins */
    expect_end(c, "position startpos moves K@e8 k@a4 e8e7 a4a5 e7e8 a5a6 e8e7 a6a7 e7e8 a7a8 e8e7 a8a9", "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (the Pilgrim escaped from rank 8)");
    /* checkmate: Blue wins; no move without check: a draw */
    expect_end(c, "position fen C4/7/5/5/5/5/2K4/k4 2 - 0 - 0 30", "p1win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (checkmate)");
    expect_end(c, "position fen X4/7/5/5/5/5/7/k4 1 - 0 - 0 30", "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (Blue has no legal move)");
    expect_end(c, "position fen 5/7/5/5/5/N4/p1K4/k4 2 - 0 - 0 30", "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (Red has no legal move and is not in check)");
    /* a Blue flip move takes the Pilgrim (d7 is a blue river square on the diagonal river) */
    send_ok(c, "setoption name MonkeyKingChessRiverSquares value diagonal");
    expect_end(c, "position fen K4/3H3/5/3k1/5/5/7/4p 1 - 0 - 0 30 moves d7d5=l", "p1win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (Blue took the Pilgrim)");
    send_ok(c, "setoption name MonkeyKingChessRiverSquares value ranks");
    /* no progress: the limit counts every ply since the last drop */
    send_ok(c, "setoption name MonkeyKingChessNoProgressPlies value 4");
    expect_end(c, "position startpos moves K@e8 k@a4 e8e7 a4a5 e7e8 a5a6", "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (4 plies without a capture, drop or Fists)");
    send_ok(c, "position startpos moves K@e8 k@a4 e8e7 a4a5 e7e8");
    ready(c);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    send_ok(c, "setoption name MonkeyKingChessNoProgressPlies value 150");
    /* a flip is no progress: four plies of flips from 146 reach the limit, from 145 not */
    expect_end(c, "position fen 4K/7/5/5/2m2/5/7/k4 1 - 0 - 146 40 moves e8d8 c4c5=p d8e8 c5d4=m", "draw");
    send_ok(c, "position fen 4K/7/5/5/2m2/5/7/k4 1 - 0 - 145 40 moves e8d8 c4c5=p d8e8 c5d4=m");
    ready(c);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    /* flips that come back round repeat a position: the third time is a draw */
    expect_end(c, "position fen 4K/7/5/5/2m2/5/7/k4 1 - 0 - 0 40 moves e8d8 c4c5=p d8e8 c5d4=m e8d8 d4d5=p d8e8 d5c4=m "
                  "e8d8 c4c5=p d8e8 c5d4=m e8d8 d4d5=p d8e8 d5c4=m",
               "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (the position occurred for the third time)");
    /* no Pilgrim on the board or in hand: it left (Blue to decide) or was taken (Red) */
    expect_end(c, "position fen 5/7/5/5/5/5/7/K4 1 - 0 - 3 9", "p2win");
    expect_end(c, "position fen 5/7/5/5/5/5/7/K4 2 - 0 - 3 9", "p1win");
    /* the third occurrence of a position: a draw */
    expect_end(c, "position startpos moves K@e8 k@a4 e8e7 a4a5 e7e8 a5a4 e8e7 a4a5 e7e8 a5a4", "draw");
    ck_assert_ptr_nonnull(strstr(d_line(c, "Status: "), "third time"));
    send_ok(c, "setoption name Repetition value false");
    send_ok(c, "position startpos moves K@e8 k@a4 e8e7 a4a5 e7e8 a5a4 e8e7 a4a5 e7e8 a5a4");
    ready(c);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    quit(c);
}
END_TEST

START_TEST(forfeits) {
    Child *c = start_game("monkeykingchess");
    /* a stalemating move is illegal: the mover (Blue) loses */
    ck_assert_int_eq(errors_of(c, "position fen 5/7/5/5/4N/5/7/k1K2 1 - 0 - 0 30 moves e4c3"), 1);
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "p2win");
    /* a move after the end loses for whoever made it */
    forfeited(c, "position fen 2k2/7/5/5/5/5/7/K4 2 - 0 - 0 30 moves c8c9 a1a2", "p2win");
    forfeited(c, "position fen C4/7/5/5/5/5/2K4/k4 2 - 0 - 0 30 moves a1a2", "p1win");
    /* end outside the extra step, 0000 */
    forfeited(c, "position startpos moves end", "p2win");
    forfeited(c, "position startpos moves p@a5 0000", "p1win");
    quit(c);
}
END_TEST

START_TEST(d_eval_perft_and_bad_positions) {
    Child *c = start_game("monkeykingchess");
    send_ok(c, "position fen 2k2/1G2x2/5/X4/5/5/6m/5 2 - 0 - 12 85");
    ready(c);
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 2k2/1G2x2/5/X4/5/5/6m/5 2 - 0 - 12 85", WAIT));
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "Total", WAIT));
    send_ok(c, "position fen P1C1P/7/1xSHH/1N1K1/p1pm1/1h1n1/h1k1p2/5 2 - 0 - 0 63");
    ck_assert_int_eq(perft_of(c, 3), 30931);
    /* a search from the start plays a drop on Blue's half */
    send_ok(c, "position startpos");
    send_ok(c, "go depth 3");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(strchr(m, '@') && m[3] >= '5', "first move %s", m);
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("monkeykingchess_protocol", 120, ONCE(game_and_options_in_any_order), ONCE(extra_step_turns),
                     ONCE(referee_ends), ONCE(forfeits), ONCE(d_eval_perft_and_bad_positions));
}
