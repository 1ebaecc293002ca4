/* test_zoo_protocol.c — Zoo Contest through the real executable, as an arena meets it: the
 * game chosen by --game or by the Game option, its options in any order, who decides
 * across retreats (`query p1turn`), the referee's answers (and `d`'s reasons) at a win, the
 * no-progress and repetition draws and forfeits, `d`, `eval`, `go perft`, bad input, other
 * board sizes. */
#include "conversation.h"
#include "testutil.h"

/* The Fen line of `d`. */
static const char *fen_of_d(Child *c) {
    static char fen[POS_STR_MAX];
    send_ok(c, "d");
    const char *l = child_expect(c, "Fen: ", WAIT);
    ck_assert_msg(l, "no Fen line; transcript:\n%.4000s", child_transcript(c));
    snprintf(fen, sizeof fen, "%s", l + 5);
    return fen;
}

START_TEST(game_by_parameter) {
    Child *c = start_game("zoo");
    ANNOUNCED(c, "ugi", "option name ZooWidth type spin default 5 min 5 max 15\n",
              "option name ZooHeight type spin default 5 min 4 max 15\n",
              "option name ZooLongGame type check default false\n",
              "option name ZooNoProgressPlies type spin default 200 min 0 max 10000\n");
    send_ok(c, "position startpos");
    ck_assert_str_eq(fen_of_d(c), "m1s1e/5/5/5/E1S1M 1 Ee - - 0 0");
    ck_assert_int_eq(perft_of(c, 3), 16875);
    quit(c);
}
END_TEST

/* Options before and after Game, and a refused even width. */
START_TEST(game_by_option) {
    Child *c = start();
    ck_assert_int_eq(errors_of(c, "setoption name ZooWidth value 7"), 0);
    ck_assert_int_eq(errors_of(c, "setoption name Game value zoo"), 0);
    ck_assert_int_eq(errors_of(c, "setoption name ZooHeight value 6"), 0);
    send_ok(c, "position startpos");
    ck_assert_str_eq(fen_of_d(c), "m2s2e/7/7/7/7/E2S2M 1 Ee - - 0 0");
    ck_assert_int_eq(perft_of(c, 3), 23159);
    child_transcript_reset(c);
    ck_assert_int_eq(errors_of(c, "setoption name ZooWidth value 6"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "odd"));
    send_ok(c, "position startpos");
    ck_assert_str_eq(fen_of_d(c), "m2s2e/7/7/7/7/E2S2M 1 Ee - - 0 0");
    /* a position string of another size is refused while this one is set */
    child_transcript_reset(c);
    ck_assert_int_eq(errors_of(c, "position fen m1s1e/5/5/5/E1S1M 1 Ee - - 0 0"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "board:"));
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "none");
    ck_assert_int_eq(errors_of(c, "setoption name ZooLongGame value true"), 0);
    send_ok(c, "position fen m2s2e/7/7/7/3T3/E5M 1 Ee - - 0 0");
    ck_assert_str_eq(ask(c, "gameover"), "false");
    quit(c);
}
END_TEST

/* Who decides: a retreat decided by the other player, then a chain back to the mover, then
 * the other player's turn; and a removal decided by the mover (twice in a row). */
START_TEST(p1turn_across_retreats) {
    Child *c = start_game("zoo");
    const char *fen = "position fen m4/2s2/2e2/2S2/E3M 1 - - - 0 0";
    child_send(c, "%s", fen);
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    child_send(c, "%s moves c2c3", fen);
    ck_assert_str_eq(ask(c, "p1turn"), "false"); /* player 2's elephant retreats */
    child_send(c, "%s moves c2c3 c3d2", fen);
    ck_assert_str_eq(ask(c, "p1turn"), "true"); /* then player 1's monkey */
    ck_assert_str_eq(fen_of_d(c), "m4/2s2/2S2/3e1/E3M 1 - - Me1/1 2 2");
    child_send(c, "%s moves c2c3 c3d2 e1e4", fen);
    ck_assert_str_eq(ask(c, "p1turn"), "false"); /* and player 2 moves */
    ck_assert_str_eq(ask(c, "gameover"), "false");
    const char *fen4 = "position fen m4/5/4M/SS3/e(Ss)2E 1 - es - 5 9";
    child_send(c, "%s moves @a1", fen4);
    ck_assert_str_eq(ask(c, "p1turn"), "true"); /* way 4: the attacker removes */
    child_send(c, "%s moves @a1 a1b2", fen4);
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    /* the engine answers a pending retreat with one of its choices */
    child_send(c, "%s moves @a1", fen4);
    send_ok(c, "go depth 4");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(!strcmp(m, "a1a2") || !strcmp(m, "a1b2"), "bestmove %s", m);
    quit(c);
}
END_TEST

/* The referee: a win (with a retreat left pending), the no-progress draw, a repetition. */
START_TEST(referee_answers) {
    Child *c = start_game("zoo");
    send_ok(c, "position fen m1se1/2S2/5/5/E3M 1 - EM - 0 20 moves c4d5");
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "p1win");
    ck_assert_str_eq(ask(c, "p1turn"), "false"); /* the pending retreat's decider */
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (player 1 completed its three goals: elephant, "
                                            "monkey and a mouse on the far row)");
    send_ok(c, "go depth 3");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    /* no progress */
    ck_assert_int_eq(errors_of(c, "setoption name ZooNoProgressPlies value 10"), 0);
    send_ok(c, "position fen m3e/5/2S2/5/E3M 1 Ee - - 8 8 moves a1a2");
    ck_assert_str_eq(ask(c, "gameover"), "false");
    send_ok(c, "position fen m3e/5/2S2/5/E3M 1 Ee - - 8 8 moves a1a2 e5e4");
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (10 plies without a goal, Royal or fling)");
    ck_assert_int_eq(errors_of(c, "setoption name ZooNoProgressPlies value 200"), 0);
    /* the position after ply 2 comes again at plies 6 and 10: the third time, a draw */
    const char *rep = "position startpos moves a1a2 e5e4 a2a1 e4e5 a1a2 e5e4 a2a1 e4e5 a1a2";
    send_ok(c, rep);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    child_send(c, "%s e5e4", rep);
    ck_assert_str_eq(ask(c, "gameover"), "true");
    ck_assert_str_eq(ask(c, "result"), "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (the position occurred for the third time)");
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    child_send(c, "%s e5e4", rep);
    ck_assert_str_eq(ask(c, "gameover"), "false");
    quit(c);
}
END_TEST

/* An illegal move in the list forfeits the game for its player; so does a move after the end. */
START_TEST(forfeits) {
    Child *c = start_game("zoo");
    illegal_at(c, "position startpos moves c1c2 a1a2", "a1a2", 2, "p1win"); /* player 2 to move */
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (illegal move 'a1a2' at ply 2 (move 2 of the "
                                            "list): not a legal move here; player 2 loses)");
    /* the retreat is owed: a regular move of player 2 is not legal then */
    forfeited(c, "position fen m4/2s2/2e2/2S2/E3M 1 - - - 0 0 moves c2c3 a5a4", "p1win");
    /* the game was already over: it stands */
    forfeited(c, "position fen m1se1/2S2/5/5/E3M 1 - EM - 0 20 moves c4d5 d5e5", "p1win");
    forfeited(c, "position startpos moves 0000", "p2win");
    quit(c);
}
END_TEST

START_TEST(display_eval_and_bad_strings) {
    Child *c = start_game("zoo");
    send_ok(c, "position startpos moves c1c2+d1");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "To decide: player 2", WAIT));
    ck_assert_str_eq(fen_of_d(c), "m1s1e/5/5/2S2/E2SM 2 Ee - - 1 1");
    send_ok(c, "eval");
    const char *total = child_expect(c, "total ", WAIT);
    ck_assert_ptr_nonnull(total);
    ck_assert_ptr_nonnull(strstr(total, "(for player 2, to move)"));
    static const char *bad[] = {"position fen m1s1e/5/5/5/E1S1M 1 Ee - -", "position fen m1s1e/5/5/5/E1S1Q 1 Ee - - 0 0",
                                "position fen m1s1e/5/5/5/E1S1M 1 Ee - xx 0 0", "position fen (EEE)/5/5/5/5 1 - - - 0 0"};
    for (int i = 0; i < 4; i++) {
        ck_assert_int_eq(errors_of(c, bad[i]), 1);
        ck_assert_str_eq(ask(c, "gameover"), "true");
        ck_assert_str_eq(ask(c, "result"), "none");
    }
    send_ok(c, "position startpos");
    send_ok(c, "go depth 5");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(strcmp(m, "0000"), "no move from the start");
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("zoo_protocol", 600, ONCE(game_by_parameter), ONCE(game_by_option), ONCE(p1turn_across_retreats),
                     ONCE(referee_answers), ONCE(forfeits), ONCE(display_eval_and_bad_strings));
}
