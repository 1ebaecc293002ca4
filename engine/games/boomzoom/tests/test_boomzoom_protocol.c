/* test_boomzoom_protocol.c — Boom & Zoom through the real executable over pipes: choosing the
 * game (--game, the Game option), its option, the referee's answers at every kind of end
 * (no towers, bear-off of the last tower, no-progress, repetition, forfeits) and d's reason, eval,
 * go perft and searches; every wait bounded (whole games searched move by move, and its bad
 * position strings, data/refusals.txt: the kit, tests/test_contract.c). */
#include "bz_testutil.h"
#include "conversation.h"

#define START_FEN "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/8/8/8/8/8/8/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0"

START_TEST(choose_the_game) {
    /* by the parameter */
    Child *c = start_game("boomzoom");
    ANNOUNCED(c, "ugi", "option name BoomZoomNoProgressPlies type spin default 100 min 0 max 10000\n",
              "option name Repetition type check default true\n", " var boomzoom");
    send_ok(c, "position startpos");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: " START_FEN, WAIT));
    referee(c, "false", "none", "true");
    quit(c);
    /* by the option, sent to an engine started without parameters */
    c = start();
    ck_assert_int_eq(errors_of(c, "setoption name Game value boomzoom"), 0);
    send_ok(c, "position startpos moves a1a4");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/8/8/8/T[3]7/8/8/1T[3]T[3]T[3]T[3]T[3]T[3]T[3] 2 0 0 1 1", WAIT));
    referee(c, "false", "none", "false");
    /* the game's option before or after Game, in any case */
    ck_assert_int_eq(errors_of(c, "setoption name boomzoomnoprogressplies value 3"), 0);
    send_ok(c, "position startpos moves a1a2 a8a7 a2a1");
    referee(c, "true", "draw", "false");
    ck_assert_int_eq(errors_of(c, "setoption name BoomZoomNoProgressPlies value 10001"), 1);
    ck_assert_int_eq(errors_of(c, "setoption name BoomZoomNoProgressPlies value -1"), 1);
    quit(c);
}
END_TEST

START_TEST(perft_d_eval) {
    Child *c = start_game("boomzoom");
    send_ok(c, "position startpos");
    send_ok(c, "go perft 2");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 3600", WAIT));
    ck_assert_int_eq(child_count(c, "a1a4: 60"), 1);
    child_transcript_reset(c);
    send_ok(c, "position fen 8/8/8/8/8/8/8/T7 1 0 0 0 0 moves");
    send_ok(c, "position fen 7t/8/5T[3]2/8/8/8/8/8 1 0 0 0 7");
    send_ok(c, "go perft 1");
    ck_assert_ptr_nonnull(child_expect(c, "Nodes searched: 20", WAIT));
    ck_assert_int_eq(child_count(c, "f6off: 1"), 1);
    ck_assert_int_eq(child_count(c, "f6h8: 1"), 1); /* a boom */
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Borne off:   player 1 0, player 2 0", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 7t/8/5T[3]2/8/8/8/8/8 1 0 0 0 7", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "Status: playing, player 1 to move", WAIT));
    send_ok(c, "eval");
    ck_assert_ptr_nonnull(child_expect(c, "borne off", WAIT));
    ck_assert_ptr_nonnull(child_expect(c, "total ", WAIT));
    ck_assert_int_eq(errors_of(c, "go perft x"), 1);
    quit(c);
}
END_TEST

START_TEST(ends_without_towers) {
    Child *c = start_game("boomzoom");
    /* a boom that removes the last enemy tower: scored by checkers off, not by the boom */
    send_ok(c, "position fen 8/8/8/3t4/3T4/8/8/8 1 2 5 0 40");
    referee(c, "false", "none", "true");
    send_ok(c, "position fen 8/8/8/3t4/3T4/8/8/8 1 2 5 0 40 moves d4d5");
    referee(c, "true", "p2win", "false");
    ck_assert_str_eq(d_line(c, "Status: "),
                     "game over, player 2 wins (player 2 has no tower left; player 2 bore off more, 5 to 2)");
    send_ok(c, "go depth 3");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    /* bearing off one's own last tower ends the game at once */
    send_ok(c, "position fen 4T3/8/8/8/8/8/t[3]t[3]6/8 1 3 3 0 50 moves e8off");
    referee(c, "true", "p1win", "false");
    ck_assert_str_eq(d_line(c, "Status: "),
                     "game over, player 1 wins (player 1 has no tower left; player 1 bore off more, 4 to 3)");
    send_ok(c, "position fen 4T3/8/8/8/8/8/t[3]t[3]6/8 1 2 3 0 50 moves e8off");
    referee(c, "true", "draw", "false");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (player 1 has no tower left; both bore off 3)");
    /* a move after the end is the mover's illegal move: player 2 loses */
    ck_assert_int_eq(errors_of(c, "position fen 4T3/8/8/8/8/8/t[3]t[3]6/8 1 2 3 0 50 moves e8off a2a3"), 1);
    ck_assert_ptr_nonnull(strstr(child_transcript(c), "the game was already over"));
    referee(c, "true", "p1win", "false");
    /* the search takes a win on the spot */
    send_ok(c, "position fen 8/8/8/3t4/3T4/8/8/7T 1 6 5 0 40");
    send_ok(c, "go depth 4");
    ck_assert_str_eq(bestmove(c, WAIT), "d4d5");
    quit(c);
}
END_TEST

START_TEST(no_progress_end) {
    Child *c = start_game("boomzoom");
    send_ok(c, "position fen 8/6t1/8/8/3T[3]4/8/8/t7 1 1 0 99 99");
    referee(c, "false", "none", "true");
    send_ok(c, "position fen 8/6t1/8/8/3T[3]4/8/8/t7 1 1 0 99 99 moves d4d5");
    referee(c, "true", "p1win", "false");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "No progress: 100 of 100 plies", WAIT));
    ck_assert_ptr_nonnull(child_expect(
        c, "Status: game over, player 1 wins (100 plies without a boom or bear-off; player 1 bore off more, 1 to 0)", WAIT));
    /* a boom resets the counter instead */
    send_ok(c, "position fen 8/6t1/8/8/3T[3]4/8/8/t7 1 1 0 99 99 moves d4g7");
    referee(c, "false", "none", "false");
    /* the limit is the option's, read when the position is set; 0 switches it off */
    ck_assert_int_eq(errors_of(c, "setoption name BoomZoomNoProgressPlies value 0"), 0);
    send_ok(c, "position fen 8/6t1/8/8/3T[3]4/8/8/t7 1 1 0 99 99 moves d4d5");
    referee(c, "false", "none", "false");
    ck_assert_int_eq(errors_of(c, "setoption name BoomZoomNoProgressPlies value 100"), 0);
    /* from the start: 100 zooms back and forth, the last one ends it (a draw at 0-0) */
    char line[4096] = "position startpos moves";
    for (int i = 0; i < 100; i++) strcat(line, (const char *[]){" a1b2", " a8b7", " b2a1", " b7a8", " c1c2", " c8c7", " c2c1", " c7c8"}[i % 8]);
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    send_ok(c, line);
    referee(c, "true", "draw", "true");
    quit(c);
}
END_TEST

START_TEST(repetition_end) {
    Child *c = start_game("boomzoom");
    /* the start occurs a third time after eight plies: scored by checkers off (0-0: a draw) */
    send_ok(c, "position startpos moves a1a2 a8a7 a2a1 a7a8 a1a2 a8a7 a2a1");
    referee(c, "false", "none", "false");
    send_ok(c, "position startpos moves a1a2 a8a7 a2a1 a7a8 a1a2 a8a7 a2a1 a7a8");
    referee(c, "true", "draw", "true");
    ck_assert_str_eq(d_line(c, "Status: "), "game over, a draw (the position occurred for the third time)");
    send_ok(c, "go depth 2");
    ck_assert_str_eq(bestmove(c, WAIT), "0000");
    /* the player ahead by checkers off wins a repetition */
    const char *fen = "t[3]7/8/8/8/8/8/8/7T[3] 2 3 0 10 60";
    char cmd[512];
    snprintf(cmd, sizeof cmd, "position fen %s moves a8a7 h1h2 a7a8 h2h1 a8a7 h1h2 a7a8 h2h1", fen);
    send_ok(c, cmd);
    referee(c, "true", "p1win", "false");
    /* a move after a repetition's end is illegal */
    snprintf(cmd, sizeof cmd, "position fen %s moves a8a7 h1h2 a7a8 h2h1 a8a7 h1h2 a7a8 h2h1 a8a7", fen);
    ck_assert_int_eq(errors_of(c, cmd), 1);
    referee(c, "true", "p1win", "false");
    /* (the counters moved on meanwhile: they are no part of the position) */
    /* with Repetition off, the game goes on */
    ck_assert_int_eq(errors_of(c, "setoption name Repetition value false"), 0);
    send_ok(c, "position startpos moves a1a2 a8a7 a2a1 a7a8 a1a2 a8a7 a2a1 a7a8");
    referee(c, "false", "none", "true");
    quit(c);
}
END_TEST

START_TEST(forfeits) {
    Child *c = start_game("boomzoom");
    /* ply 3 is player 1's illegal move (a tower cannot pass through another) */
    illegal_at(c, "position startpos moves a1a3 a8a5 a3a6 h8h6", "a3a6", 3, "p2win");
    ck_assert_str_eq(ask(c, "p1turn"), "true");
    send_ok(c, "d");
    ck_assert_ptr_nonnull(child_expect(c, "Fen: 1t[3]t[3]t[3]t[3]t[3]t[3]t[3]/8/8/t[3]7/8/T[3]7/8/1T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 2 2", WAIT));
    /* player 2's bear-off from its home rank */
    ck_assert_int_eq(errors_of(c, "position startpos moves a1a4 a8off"), 1);
    referee(c, "true", "p1win", "false");
    /* the 0000 an arena sends for a dead engine */
    ck_assert_int_eq(errors_of(c, "position startpos moves 0000"), 1);
    referee(c, "true", "p2win", "true");
    /* then a good position is a fresh start */
    ck_assert_int_eq(errors_of(c, "position startpos moves a1a4 a8a5 a4a5"), 0);
    referee(c, "false", "none", "false");
    quit(c);
}
END_TEST

int main(void) {
    return RUN_TESTS("boomzoom_protocol", 300, ONCE(choose_the_game), ONCE(perft_d_eval), ONCE(ends_without_towers),
                     ONCE(no_progress_end), ONCE(repetition_end), ONCE(forfeits));
}
