/* test_dragonsteeth_protocol.c — Dragons Teeth through the real executable, as an arena
 * meets it: choosing the game (--game, the Game option), its options, the referee's answer
 * at each kind of end and d's reason for it, the pass, forfeits, d, eval and go perft (its bad
 * position strings are data/refusals.txt, which the kit, tests/test_contract.c, plays). */
#include "conversation.h"
#include "dt_testutil.h"

static const char *const START_A_FEN =
    "Fen: t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/8/tttttttt/TTTTTTTT/8/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0";
static const char *const START_B_FEN =
    "Fen: t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/tttttttt/8/8/TTTTTTTT/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0";

static void expect_fen(Child *c, const char *fen_line) {
    send_ok(c, "d");
    ck_assert_msg(child_expect(c, fen_line, WAIT), "no '%s'; transcript:\n%.4000s", fen_line, child_transcript(c));
}

START_TEST(choose_the_game) {
    Child *c = start_game("dragonsteeth");
    ANNOUNCED(c, "ugi", "option name Game type combo default dragonsteeth",
              "option name DragonsTeethSetup type combo default A var A var B\n",
              "option name DragonsTeethNoProgressPlies type spin default 150 min 0 max 10000\n",
              "option name DragonsTeethDeadPosition type check default true\n");
    send_ok(c, "position startpos");
    expect_fen(c, START_A_FEN);
    quit(c);
    /* the default game, then the option */
    c = start();
    ck_assert_int_eq(errors_of(c, "setoption name Game value dragonsteeth"), 0);
    send_ok(c, "position startpos");
    expect_fen(c, START_A_FEN);
    send_ok(c, "go depth 3");
    const char *m = bestmove(c, WAIT);
    GamePos p;
    GameConfig cfg = dt_default_cfg();
    const GameOps *g = game_find("dragonsteeth");
    g->startpos(&p, &cfg);
    ck_assert_msg(dt_legal(g, &p, m), "bestmove %s", m);
    quit(c);
}
END_TEST

START_TEST(options_apply) {
    Child *c = start_game("dragonsteeth");
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethSetup value B"), 0);
    send_ok(c, "position startpos");
    expect_fen(c, START_B_FEN);
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethSetup value C"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethNoProgressPlies value 10001"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethDeadPosition value maybe"), 1);
    send_ok(c, "position startpos");
    expect_fen(c, START_B_FEN); /* refused values changed nothing */
    ck_assert_int_eq(errors_of(c, "setoption name dragonsteethsetup value a"), 0);
    send_ok(c, "position startpos");
    expect_fen(c, START_A_FEN);
    /* NoProgressPlies reaches the referee: 2 plain moves end the game at 2 */
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethNoProgressPlies value 2"), 0);
    goes_on(c, "position startpos moves a2a3");
    ends_with(c, "position startpos moves a2a3 a7a6", "draw");
    quit(c);
}
END_TEST

/* ---- the referee ---- */

START_TEST(win_by_six_off) {
    char fen[POS_STR_MAX];
    dt_fen(fen, "T2:c7 T:a1 t3:h1 t3:h2", 1, 4, 0, 12, 60);
    Child *c = start_game("dragonsteeth");
    ck_assert(child_send(c, "position fen %s", fen));
    referee(c, "false", "none", "true");
    send_ok(c, "go depth 3");
    ck_assert_str_eq(bestmove(c, WAIT), "c7off"); /* the win on the spot */
    ck_assert(child_send(c, "position fen %s moves c7off", fen));
    referee(c, "true", "p1win", "false");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 1 wins (player 1 moved 6 strength off, 6 or more wins)");
    ck_assert_int_eq(errors_of(c, "go depth 2"), 1);
    ck_assert_int_eq(child_count(c, "bestmove 0000"), 1);
    /* a move after the end is an illegal move: its mover (player 2) loses, so p1 still wins */
    ck_assert(child_send(c, "position fen %s moves c7off h1g1", fen));
    ck_assert_str_eq(ask(c, "result"), "p1win");
    /* player 2 leaves through rank 1 */
    dt_fen(fen, "T3:a8 t3:c2 t3:h8", 2, 0, 3, 0, 61);
    ck_assert(child_send(c, "position fen %s moves c2off", fen));
    ck_assert_str_eq(ask(c, "result"), "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (player 2 moved 6 strength off, 6 or more wins)");
    quit(c);
}
END_TEST

START_TEST(dead_position_and_no_progress) {
    char fen[POS_STR_MAX];
    Child *c = start_game("dragonsteeth");
    /* an elimination leaves neither player able to reach 6 */
    dt_fen(fen, "T3:d4 t:d5 t3:h8", 1, 2, 2, 7, 30);
    ck_assert(child_send(c, "position fen %s", fen));
    referee(c, "false", "none", NULL);
    ck_assert(child_send(c, "position fen %s moves d4d5", fen));
    referee(c, "true", "draw", NULL);
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (dead position: neither player can reach 6 off)");
    /* with DeadPosition off the game goes on */
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethDeadPosition value false"), 0);
    ck_assert(child_send(c, "position fen %s moves d4d5", fen));
    ck_assert_str_eq(ask(c, "gameover"), "false");
    ck_assert_int_eq(errors_of(c, "setoption name DragonsTeethDeadPosition value true"), 0);
    /* the counter: at 149, a plain move draws; an elimination does not */
    dt_fen(fen, "T3:a1 T:d4 t:d5 t3:h8", 1, 3, 3, 149, 300);
    ck_assert(child_send(c, "position fen %s moves a1a2", fen));
    ck_assert_str_eq(ask(c, "result"), "draw");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (150 plies without an elimination or exit)");
    ck_assert(child_send(c, "position fen %s moves d4d5", fen));
    ck_assert_str_eq(ask(c, "result"), "none");
    quit(c);
}
END_TEST

START_TEST(repetition) {
    Child *c = start_game("dragonsteeth");
    goes_on(c, "position startpos moves a2a3 a7a6 a3a2 a6a7"); /* twice */
    ends_as(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7", "draw",
            "game over, a draw (the position occurred for the third time)");
    /* a move after it is illegal, lost by its mover (player 1) */
    forfeited(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7 b2b3", "p2win");
    /* Repetition off: it goes on */
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    goes_on(c, "position startpos moves a2a3 a7a6 a3a2 a6a7 a2a3 a7a6 a3a2 a6a7");
    quit(c);
}
END_TEST

START_TEST(pass_and_forfeits) {
    char fen[POS_STR_MAX];
    dt_fen(fen, "T:a1 t3:a2 t3:b2 t3:b1", 1, 0, 0, 0, 20);
    Child *c = start_game("dragonsteeth");
    ck_assert(child_send(c, "position fen %s", fen));
    send_ok(c, "go depth 4");
    ck_assert_str_eq(bestmove(c, WAIT), "pass");
    ck_assert_int_eq(errors_of(c, "go perft 1"), 0);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "pass: 1\nNodes searched: 1\n"));
    ck_assert(child_send(c, "position fen %s moves pass", fen));
    ck_assert_str_eq(ask(c, "p1turn"), "false");
    ck_assert_str_eq(ask(c, "gameover"), "false");
    /* pass when a move exists forfeits; so does a move that is not legal */
    illegal_at(c, "position startpos moves e4e5 pass", "pass", 2, "p1win");
    forfeited(c, "position startpos moves e4e6", "p2win");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, player 2 wins (illegal move 'e4e6' at ply 1 (move 1 of the list): "
                                            "not a legal move here; player 1 loses)");
    forfeited(c, "position startpos moves e4e5 d5e4 0000", "p2win");
    /* a small tooth on e4 cannot take a large one */
    forfeited(c, "position fen 8/8/8/4t[3]3/4T3/8/8/T[3]7 1 3 3 0 0 moves e4e5", "p2win");
    quit(c);
}
END_TEST

START_TEST(display_eval_perft) {
    Child *c = start_game("dragonsteeth");
    send_ok(c, "position startpos moves e4e5");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, " 5   t  t  t  t  T  t  t  t  5", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Player 2: 0 off, 47 on the board", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Status: playing, player 2 to move", WAIT));
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "total for player 1", WAIT));
    send_ok(c, "position startpos");
    send_ok(c, "go perft 3");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 321352", WAIT));
    send_ok(c, "setoption name DragonsTeethSetup value B");
    send_ok(c, "position startpos");
    send_ok(c, "go perft 2");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 3392", WAIT));
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("dragonsteeth_protocol", 120, ONCE(choose_the_game), ONCE(options_apply), ONCE(win_by_six_off),
                     ONCE(dead_position_and_no_progress), ONCE(repetition), ONCE(pass_and_forfeits),
                     ONCE(display_eval_perft));
}
