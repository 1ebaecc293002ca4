/* test_mad_protocol.c — M.A.D. through the real executable: chosen by --game and by the
 * Game option, its option announced with its prefix, the referee's answer at each kind of
 * end (goal row, wipe-outs, both wiped out, no progress, repetition) and d's reason for it,
 * forfeits, d, eval, go perft, searches that win and defend (its bad position strings are
 * data/refusals.txt, which the kit, tests/test_contract.c, plays). */
#include <unistd.h>

#include "conversation.h"
#include "testutil.h"

#define START_FEN "8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/8/8/8/8/C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/8 1 0 0"

START_TEST(chosen_by_parameter) {
    Child *c = start_game("mad");
    ANNOUNCED(c, "ugi", "option name MADNoProgressPlies type spin default 150 min 0 max 10000\n",
              "option name Repetition type check default true\n", " var mad");
    goes_on(c, "position startpos");
    ck_assert_str_eq(d_line(c, "Fen: "), START_FEN);
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    quit(c);
}
END_TEST

START_TEST(chosen_by_option) {
    Child *c = start(); /* the default game */
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value 7"), 0); /* before Game: kept */
    ck_assert_int_eq(errors_of(c, "setoption name Game value mad"), 0);
    send_ok(c, "position startpos moves a2a5");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "No-progress counter: 1 (limit 7)", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/8/C7/C7/C7/CC[4]C[4]C[4]C[4]C[4]C[4]C[4]/8 2 1 1", WAIT));
    send_ok(c, "go depth 2");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(m[1] == '7' || m[1] == '6', "player 2's move from rank 7: %s", m);
    /* the option's bad values are refused with a message */
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value 10001"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value -1"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value x"), 1);
    quit(c);
}
END_TEST

START_TEST(d_eval_perft) {
    Child *c = start_game("mad");
    send_ok(c, "position startpos");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, " 7  c4 c4 c4 c4 c4 c4 c4 c4  7", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Fen: " START_FEN, WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Key: ", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Status: playing, player 1 to move", WAIT));
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "total ", WAIT));
    send_ok(c, "go perft 2");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 45754", WAIT));
    ck_assert_int_eq(child_count(c, "a2b3x2: "), 1);
    send_ok(c, "position fen 1c[4]c[2]1c3/c[3]c[2]1c[3]c[4]cc[2]1/cc[2]1c2c[2]c[3]/1C3c2/4C3/1CC2C[2]2/C[2]CC[4]1C[4]2C[4]/C[3]2C[4]2C[3]C 1 149 30");
    send_ok(c, "go perft 2");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 541", WAIT));
    quit(c);
}
END_TEST

START_TEST(goal_row_and_wipe_outs) {
    Child *c = start_game("mad");
    ends_as(c, "position fen 8/6C1/8/c7/8/8/8/8 1 0 0 moves g7h8", "p1win",
            "game over, player 1 wins (player 1 reached rank 8, its goal row)");
    ends_as(c, "position fen 8/8/8/C7/8/8/1c6/8 2 0 0 moves b2a1", "p2win",
            "game over, player 2 wins (player 2 reached rank 1, its goal row)");
    /* wipe-outs: the last enemy checkers killed, or one's own last ones dying */
    ends_as(c, "position fen 8/8/8/3c[2]4/3C[3]4/8/8/8 1 0 0 moves d4d5", "p1win",
            "game over, player 1 wins (player 2 has no checker left)");
    ends_as(c, "position fen 8/8/8/3c[3]4/3C4/8/8/8 1 0 0 moves d4d5", "p2win",
            "game over, player 2 wins (player 1 has no checker left)");
    /* both sides out of checkers: a draw */
    ends_as(c, "position fen 8/8/8/3c[2]4/3C[2]4/8/8/8 1 0 0 moves d4d5", "draw",
            "game over, a draw (neither player has a checker left)");
    ends_with(c, "position fen 8/8/8/8/8/8/8/8 2 0 0", "draw");
    /* a move after the end forfeits: the player to move loses */
    forfeited(c, "position fen 8/6C1/8/c7/8/8/8/8 1 0 0 moves g7h8 a5a4", "p1win");
    /* player 2's move after the draw */
    forfeited(c, "position fen 8/8/8/3c[2]4/3C[2]4/8/8/8 1 0 0 moves d4d5 a1a2", "p1win");
    quit(c);
}
END_TEST

START_TEST(no_progress) {
    Child *c = start_game("mad");
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value 4"), 0);
    goes_on(c, "position startpos moves a2a3 a7a6 b2b3");
    ends_as(c, "position startpos moves a2a3 a7a6 b2b3 b7b6", "draw", "game over, a draw (4 plies without combat)");
    /* a position string already at the limit */
    ends_with(c, "position fen 8/8/c7/8/8/3C4/8/8 1 4 9", "draw");
    /* 0: off */
    ck_assert_int_eq(errors_of(c, "setoption name MADNoProgressPlies value 0"), 0);
    goes_on(c, "position fen 8/8/c7/8/8/3C4/8/8 1 100000 9");
    quit(c);
}
END_TEST

START_TEST(repetition) {
    Child *c = start_game("mad");
    goes_on(c, "position startpos moves a2a3 a7a6 a3a2 a6a7");
    ends_as(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7", "draw",
            "game over, a draw (the position occurred for the third time)");
    /* a move after it forfeits */
    forfeited(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7 a2a3", "p2win");
    /* the counters are not part of the position: a position string can start the count */
    ends_with(c, "position fen " START_FEN " moves b2b3 b7b6 b3b2 b6b7 b2b3 b7b6 b3b2 b6b7", "draw");
    /* Repetition off: the game goes on */
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    goes_on(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7");
    quit(c);
}
END_TEST

START_TEST(forfeits) {
    Child *c = start_game("mad");
    illegal_at(c, "position startpos moves a2a3 h2h3 a7a6", "h2h3", 2, "p1win");
    d_says(c, "Status: ", "game over, player 1 wins (illegal move 'h2h3' at ply 2");
    /* the suffix of the whole stack, a lunge with a suffix, 0000 */
    forfeited(c, "position startpos moves a2b3x4", "p2win");
    forfeited(c, "position startpos moves a2a4x2", "p2win");
    forfeited(c, "position startpos moves a2a4 0000", "p1win");
    /* uppercase input is fine */
    goes_on(c, "position startpos moves A2B3X2");
    quit(c);
}
END_TEST

START_TEST(searches) {
    Child *c = start_game("mad");
    /* a win in one */
    send_ok(c, "position fen 8/6C1/8/c7/8/8/8/8 1 0 0");
    send_ok(c, "go depth 4");
    const char *m = bestmove(c, WAIT);
    ck_assert_msg(!strcmp(m, "g7f8") || !strcmp(m, "g7g8") || !strcmp(m, "g7h8"), "%s", m);
    /* the only defence against g7 reaching rank 8: kill it */
    send_ok(c, "position fen 8/6C1/5c[2]2/c7/8/8/8/8 2 0 0");
    send_ok(c, "go depth 4");
    m = bestmove(c, WAIT);
    ck_assert_msg(!strcmp(m, "f6g7") || !strcmp(m, "f6g7x1"), "%s", m);
    /* every limit from the start gives a legal move */
    static const char *const GOS[] = {"go depth 3", "go nodes 5000", "go movetime 50",
                                      "go p1time 1000 p2time 1000 p1inc 10 p2inc 10"};
    for (size_t i = 0; i < sizeof GOS / sizeof GOS[0]; i++) {
        send_ok(c, "position startpos moves a2a5");
        child_transcript_reset(c);
        send_ok(c, GOS[i]);
        m = bestmove(c, WAIT);
        ck_assert_int_eq(child_count(c, "info string error"), 0);
        char cmd[128];
        snprintf(cmd, sizeof cmd, "position startpos moves a2a5 %s", m);
        ck_assert_msg(errors_of(c, cmd) == 0, "%s: bestmove %s not legal", GOS[i], m);
    }
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("mad_protocol", 120, ONCE(chosen_by_parameter), ONCE(chosen_by_option), ONCE(d_eval_perft),
                     ONCE(goal_row_and_wipe_outs), ONCE(no_progress), ONCE(repetition), ONCE(forfeits),
                     ONCE(searches));
}
