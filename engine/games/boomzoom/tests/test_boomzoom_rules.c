/* test_boomzoom_rules.c — the rules file's cases one by one: the start, zooms and booms
 * with their ranges and blockers, every bear-off example, the ends (no towers, the
 * no-progress counter), their scoring and reasons, move text, the key, the contract's hooks. */
#include <limits.h>

#include "bz_testutil.h"

static const GameOps *G;

static void expect_moves(const char *pieces, int side, const char *want) {
    GamePos p;
    char got[16384];
    bz_setup(G, &p, pieces, side, 0, 0);
    moves_text(G, &p, got);
    ck_assert_msg(!strcmp(got, want), "%s (side %d)\n got: %s\nwant: %s", pieces, side, got, want);
}

/* Whether the move (text) is legal in the position. */
static bool legal(const char *pieces, int side, const char *move) {
    GamePos p;
    bz_setup(G, &p, pieces, side, 0, 0);
    return G->parse_move(&p, move) != MOVE_NONE;
}

START_TEST(start_position) {
    GamePos p;
    GameConfig cfg = bz_cfg(100);
    char fen[POS_STR_MAX];
    G->startpos(&p, &cfg);
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/8/8/8/8/8/8/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0");
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert_uint_eq(G->count_moves(&p), 60);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    GamePos q;
    bz_parse_ok(G, &q, fen, 100);
    ck_assert(!memcmp(&p, &q, sizeof p));
}
END_TEST

START_TEST(zoom_range_and_blockers) {
    /* a tower of height h moves 1..h squares over empty squares, on all eight lines */
    expect_moves("T:d4 t:h8", 1, "d4c3 d4c4 d4c5 d4d3 d4d5 d4e3 d4e4 d4e5");
    expect_moves("T2:a1 t:h8", 1, "a1a2 a1a3 a1b1 a1b2 a1c1 a1c3");
    /* no tower moves into or through another, friend or enemy */
    expect_moves("T3:a1 T:a2 t:c1 t:h8", 1,
                 "a1b1 a1b2 a1c1 a1c3 a1d4 a2a3 a2b1 a2b2 a2b3"); /* c1 boomed, not entered */
    /* a boom fires at the first tower of the line, if it is an enemy's and within range */
    expect_moves("T2:a1 T:a2 t:a3 t:c3 t:d1 t:h8", 1, "a1b1 a1b2 a1c1 a1c3 a2a3 a2b1 a2b2 a2b3");
}
END_TEST

START_TEST(boom_effects) {
    GamePos p;
    char fen[POS_STR_MAX];
    bz_setup(G, &p, "T3:d4 t3:d7 t:f6 t:h8", 1, 0, 0);
    play(G, &p, "d4d7"); /* range 3: d5, d6 empty */
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "7t/3t[2]4/5t2/8/3T[3]4/8/8/8 2 0 0 0 21"); /* the firing tower stays */
    play(G, &p, "f6e5"); /* boomed checkers are gone, nothing recorded */
    play(G, &p, "d4e5"); /* a height-1 target is removed */
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "7t/3t[2]4/8/8/3T[3]4/8/8/8 2 0 0 0 23");
    /* never at one's own towers, never beyond the first tower of a line */
    ck_assert(!legal("T3:d4 T:d5 t:d6 t:h8", 1, "d4d6"));
    ck_assert(!legal("T3:d4 T:d5 t:h8", 1, "d4d5"));
    ck_assert(!legal("T2:d4 t:d7 t:h8", 1, "d4d7")); /* out of range */
    ck_assert(!legal("T3:d4 t:e6", 1, "d4e6")); /* not on a line */
    ck_assert(legal("t3:e5 T:b2 T:h8", 2, "e5b2"));
}
END_TEST

START_TEST(bear_off_examples) {
    /* T[3] on f6 bears off if f7 and f8, or g7 and h8, or e7 and d8 are empty */
    ck_assert(legal("T3:f6 t:a1", 1, "f6off"));
    ck_assert(!legal("T3:f6 T:f7 t:h8 t:d8 t:a1", 1, "f6off"));
    ck_assert(legal("T3:f6 T:f7 t:d8 t:a1", 1, "f6off"));  /* g7, h8: through the corner */
    ck_assert(legal("T3:f6 T:f8 T:h8 t:a1", 1, "f6off"));  /* e7, d8 */
    ck_assert(!legal("T3:f6 t:f7 t:g7 t:e7 t:a1", 1, "f6off"));
    /* T[2] on c7: b8, c8 or d8 empty */
    ck_assert(legal("T2:c7 t:b8 t:c8 t:a1", 1, "c7off"));
    ck_assert(!legal("T2:c7 t:b8 t:c8 t:d8 t:a1", 1, "c7off"));
    ck_assert(!legal("T:c7 t:a1", 1, "c7off")); /* height 1 cannot leave from rank 7 */
    /* T on e8: always, even hemmed in */
    ck_assert(legal("T:e8 t:d8 t:f8 t:d7 t:e7 t:f7", 1, "e8off"));
    /* T[3] on a5 (three ranks to go) never; T[2] on h6 never */
    ck_assert(!legal("T3:a5 t:h1", 1, "a5off"));
    ck_assert(!legal("T2:h6 t:a1", 1, "h6off"));
    /* a diagonal that meets the side edge first is no bear-off line: h6 north-east */
    ck_assert(!legal("T3:h6 T:h7 T:g7 t:a1", 1, "h6off"));
    ck_assert(legal("T3:h6 T:h7 t:a1", 1, "h6off")); /* g7, f8 */
    ck_assert(!legal("T3:g6 T:g7 T:f7 t:a1", 1, "g6off")); /* north-east meets the side at h7 */
    /* player 2 bears off through rank 1, the same way */
    ck_assert(legal("t3:c3 T:c2 T:d2 T:h8", 2, "c3off")); /* b2, a1 */
    ck_assert(!legal("t3:c3 T:c2 T:d2 T:b2 T:h8", 2, "c3off"));
    ck_assert(legal("t:a1 T:h8", 2, "a1off"));
    ck_assert(!legal("t:a8 T:h1", 2, "a8off")); /* player 2's home rank is not its far rank */
    ck_assert(!legal("T:a1 t:h1", 1, "a1off"));
    /* one off move per tower, listed with the rest */
    expect_moves("T:e8 t:a1", 1, "e8d7 e8d8 e8e7 e8f7 e8f8 e8off");
}
END_TEST

START_TEST(bear_off_counts_and_ends) {
    GamePos p;
    char fen[POS_STR_MAX];
    bz_setup(G, &p, "T3:f6 T2:a1 t:h1", 1, 0, 0);
    play(G, &p, "f6off");
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "8/8/8/8/8/8/8/T[2]6t 2 3 0 0 21");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_str_eq(reason_of(G, &p), "");
    /* bearing off one's own last tower ends the game at once, scored by checkers off */
    bz_setup(G, &p, "T:e8 t3:a4 t3:b4", 1, 2, 2);
    play(G, &p, "e8off");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_LOSS); /* player 2 to move, 2 against 3 */
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert_str_eq(reason_of(G, &p), "player 1 has no tower left; player 1 bore off more, 3 to 2");
    /* booming the last enemy tower ends it too; equal counts draw */
    bz_setup(G, &p, "T:e4 t:e5", 1, 4, 4);
    play(G, &p, "e4e5");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_DRAW);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "player 2 has no tower left; both bore off 4");
    /* the player who booms the last tower can still lose on checkers off */
    bz_setup(G, &p, "T:e4 t:e5", 1, 0, 3);
    play(G, &p, "e4e5");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 2 has no tower left; player 2 bore off more, 3 to 0");
    /* a given position without towers is over */
    bz_parse_ok(G, &p, "8/8/8/8/8/8/8/8 1 5 7 0 40", 100);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "no tower left on the board; player 2 bore off more, 7 to 5");
    bz_parse_ok(G, &p, "8/8/8/8/8/8/8/T7 2 0 7 0 40", 100);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_WIN);
}
END_TEST

START_TEST(no_progress_counter) {
    GamePos p;
    char fen[POS_STR_MAX];
    /* a zoom adds one, a boom or a bear-off resets it; at the limit the game is over */
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 98 98", 100);
    play(G, &p, "d4d5");
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "7t/8/8/3T[3]4/8/8/8/t7 2 1 0 99 99");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    GamePos q = p;
    play(G, &q, "h8g7");
    ck_assert_int_eq(game_result(G, &q), RESULT_P1_WIN);
    ck_assert_uint_eq(G->count_moves(&q), 0);
    ck_assert_int_eq(G->progress_left(&q), 0);
    ck_assert_str_eq(reason_of(G, &q), "100 plies without a boom or bear-off; player 1 bore off more, 1 to 0");
    bz_parse_ok(G, &q, "3t4/8/8/8/3T[3]4/8/8/t7 1 1 0 50 50", 100);
    play(G, &q, "d4d5");
    play(G, &q, "a1a2");
    play(G, &q, "d5d8"); /* boom: back to 0 */
    G->print_pos(&q, fen);
    ck_assert_str_eq(fen, "8/8/8/3T[3]4/8/8/t7/8 2 1 0 0 53");
    /* the limit comes from the configuration: 0 switches the rule off */
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 5000 5000", 0);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_int_eq(G->progress_left(&p), INT_MAX);
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 5000 5000", 5000);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_WIN);
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 10 30", 12);
    ck_assert_int_eq(G->progress_left(&p), 2);
    ck_assert_int_eq(G->repeat_window(&p), 10);
    GameConfig cfg = bz_cfg(7);
    G->startpos(&p, &cfg);
    for (int i = 0; i < 7; i++) play(G, &p, i % 4 == 0 ? "a1a2" : i % 4 == 1 ? "a8a7" : i % 4 == 2 ? "a2a1" : "a7a8");
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "7 plies without a boom or bear-off; both bore off 0");
}
END_TEST

START_TEST(repetition_hooks) {
    GamePos p;
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 2 4 3 10 30", 100);
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_LOSS); /* scored by checkers off */
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 4 3 10 30", 100);
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_WIN);
    bz_parse_ok(G, &p, "7t/8/8/8/3T[3]4/8/8/t7 1 3 3 10 30", 100);
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_DRAW);
}
END_TEST

START_TEST(keys) {
    GamePos a, b;
    /* the counters are not part of the key; the side to move and the off counts are */
    bz_parse_ok(G, &a, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 10 30", 100);
    bz_parse_ok(G, &b, "7t/8/8/8/3T[3]4/8/8/t7 1 1 0 0 99", 100);
    ck_assert(G->key(&a) == G->key(&b));
    bz_parse_ok(G, &b, "7t/8/8/8/3T[3]4/8/8/t7 2 1 0 10 30", 100);
    ck_assert(G->key(&a) != G->key(&b));
    bz_parse_ok(G, &b, "7t/8/8/8/3T[3]4/8/8/t7 1 0 1 10 30", 100);
    ck_assert(G->key(&a) != G->key(&b));
    bz_parse_ok(G, &b, "7t/8/8/8/3T[2]4/8/8/t7 1 1 0 10 30", 100);
    ck_assert(G->key(&a) != G->key(&b));
    bz_parse_ok(G, &b, "7T/8/8/8/3T[3]4/8/8/t7 1 1 0 10 30", 100);
    ck_assert(G->key(&a) != G->key(&b));
    /* a move and its way back give the same key */
    GameConfig cfg = bz_cfg(100);
    G->startpos(&a, &cfg);
    b = a;
    play(G, &b, "a1a2");
    play(G, &b, "a8a7");
    play(G, &b, "a2a1");
    play(G, &b, "a7a8");
    ck_assert(G->key(&a) == G->key(&b));
}
END_TEST

START_TEST(move_text) {
    GamePos p;
    char s[MOVE_STR_MAX];
    bz_setup(G, &p, "T3:d1 T3:f6 t:d4 t:h1", 1, 0, 0);
    Move m = G->parse_move(&p, "D1D3");
    ck_assert(m != MOVE_NONE && !G->is_noisy(&p, m));
    G->print_move(&p, m, s);
    ck_assert_str_eq(s, "d1d3");
    m = G->parse_move(&p, "d1D4");
    ck_assert(m != MOVE_NONE && G->is_noisy(&p, m)); /* d4 holds an enemy: a boom */
    m = G->parse_move(&p, "F6OFF");
    ck_assert(m != MOVE_NONE && G->is_noisy(&p, m));
    G->print_move(&p, m, s);
    ck_assert_str_eq(s, "f6off");
    static const char *const BAD[] = {"", "d1", "d1d", "d1d33", "d1d3x", "d1 d3", "d1off2", "d1of", "d1offf",
                                      "i1i2", "d0d1", "d9d1", "d1d1", "d1off", "e1e2", "h1h2", "d1d5",
                                      "d1d4off", "off", "0000", "d01d3", " d1d3"};
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        ck_assert_msg(G->parse_move(&p, BAD[i]) == MOVE_NONE, "'%s' accepted", BAD[i]);
    G->print_move(&p, MOVE_NONE, s);
    ck_assert_str_eq(s, "0000");
}
END_TEST

/* A refused position string: the message names the field (its start is given). */
static void refused(const char *fen, const char *want) {
    GamePos p, before;
    char err[ERR_STR_MAX] = "";
    GameConfig cfg = bz_cfg(100);
    memset(&p, 0x5A, sizeof p);
    before = p;
    ck_assert_msg(!G->parse_pos(&p, fen, &cfg, err), "'%s' accepted", fen);
    ck_assert_msg(!strncmp(err, want, strlen(want)), "'%s': message '%s', expected '%s...'", fen, err, want);
    ck_assert_msg(!memcmp(&p, &before, sizeof p), "'%s': a refusal changed the position", fen);
}

START_TEST(position_strings) {
    static const char *const GOOD[] = {
        "8/8/8/8/8/8/8/8 1 0 0 0 0",
        "T7/8/8/8/8/8/8/7t 2 23 0 1000000000 1000000000",
        "T[2]t[3]TtT[3]t[2]Tt/8/8/8/8/8/8/8 1 0 0 3 7",
        "8/8/8/8/8/8/8/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 2 0 24 0 0",
    };
    GameConfig cfg = bz_cfg(100);
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++) reads_as(G, &cfg, GOOD[i], NULL);
    /* spaces and tabs between fields are fine */
    reads_as(G, &cfg, "  T7/8/8/8/8/8/8/7t\t1  0 0 0 0 ", "T7/8/8/8/8/8/8/7t 1 0 0 0 0");

    refused("", "position string: empty, expected 6 fields");
    refused("8/8/8/8/8/8/8/8 1 0 0 0", "position string: 5 fields, expected 6");
    refused("8/8/8/8/8/8/8/8 1 0 0 0 0 0", "position string: more than 6 fields");
    refused("8/8/8/8/8/8/8 1 0 0 0 0", "board: 7 ranks");
    refused("8/8/8/8/8/8/8/8/8 1 0 0 0 0", "board: more than 8 ranks");
    refused("9/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has more than 8");
    refused("44/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has more than 8");
    refused("7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has 7 squares");
    refused("08/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a count of empty squares may not start with 0");
    refused("T[1]7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a height in brackets must be 2 to 3");
    refused("T[4]7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a height in brackets must be 2 to 3");
    refused("T[0]7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a height in brackets");
    refused("T[02]7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a height in brackets");
    refused("T[3/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: a height in brackets");
    refused("X7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8: unexpected character 'X'");
    refused("8/8/8/8/8/8/8/8/ 1 0 0 0 0", "board: more than 8 ranks");
    refused("TTTTTTTT/T7/8/8/8/8/8/8 1 0 0 0 0", "board: player 1 has 9 towers, at most 8");
    refused("tttttttt/t7/8/8/8/8/8/8 1 0 0 0 0", "board: player 2 has 9 towers, at most 8");
    refused("8/8/8/8/8/8/8/8 0 0 0 0 0", "side: '0', expected 1 or 2");
    refused("8/8/8/8/8/8/8/8 12 0 0 0 0", "side: '12'");
    refused("8/8/8/8/8/8/8/8 w 0 0 0 0", "side: 'w'");
    refused("8/8/8/8/8/8/8/8 1 25 0 0 0", "off1: '25', expected a number 0..24");
    refused("8/8/8/8/8/8/8/8 1 0 -1 0 0", "off2: '-1'");
    refused("8/8/8/8/8/8/8/8 1 01 0 0 0", "off1: '01'");
    refused("8/8/8/8/8/8/8/8 1 0 0 x 0", "noprogress: 'x'");
    refused("8/8/8/8/8/8/8/8 1 0 0 1000000001 0", "noprogress: '1000000001'");
    refused("8/8/8/8/8/8/8/8 1 0 0 0 +1", "ply: '+1'");
    refused("8/8/8/8/8/8/8/8 1 0 0 0 99999999999999999999", "ply: '99999999999999999999'");
    refused("t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/8/8/8/8/8/8/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 1 0 0 0",
            "off1: player 1 has 24 checkers on the board and 1 borne off, more than 24");
    refused("8/8/8/8/8/8/8/T[3]T[3]T[3]T[3]t[3]t[3]t[3]t[3] 1 0 13 0 0",
            "off2: player 2 has 12 checkers on the board and 13 borne off, more than 24");
    char longer[POS_STR_MAX + 10];
    memset(longer, 'T', sizeof longer - 1);
    longer[sizeof longer - 1] = 0;
    refused(longer, "position string: longer than");
}
END_TEST

START_TEST(contract_hooks) {
    GamePos p;
    GameConfig cfg = bz_cfg(100);
    G->startpos(&p, &cfg);
    ck_assert_str_eq(G->name, "boomzoom");
    ck_assert_str_eq(G->option_prefix, "BoomZoom");
    ck_assert_int_eq(G->n_options, 1);
    ck_assert_str_eq(G->options[0].name, "NoProgressPlies");
    ck_assert_int_eq(G->options[0].def, 100);
    ck_assert_int_eq(G->options[0].max, 10000);
    ck_assert_int_eq(G->repeat_window(&p), 0);
    ck_assert_int_eq(G->progress_left(&p), 100);
    /* a pass changes the player and the key, and counts a ply without progress */
    GamePos q = p;
    GameUndo u;
    ck_assert(G->make_null(&q, &u));
    ck_assert_int_eq(G->player_to_move(&q), PLAYER_2);
    ck_assert(G->key(&q) != G->key(&p));
    ck_assert_int_eq(G->progress_left(&q), 99);
    G->unmake_null(&q, &u);
    ck_assert(!memcmp(&p, &q, sizeof p));
    /* the win-in-one hint */
    bz_setup(G, &p, "T:d4 t:d5 t:h8", 1, 2, 0);
    ck_assert(G->winning_move(&p) == MOVE_NONE); /* two enemy towers */
    bz_setup(G, &p, "T:d4 t:d5", 1, 2, 0);
    ck_assert(G->winning_move(&p) == G->parse_move(&p, "d4d5"));
    bz_setup(G, &p, "T:d4 t:d5", 1, 0, 0);
    ck_assert(G->winning_move(&p) == MOVE_NONE); /* a draw, not a win */
    bz_setup(G, &p, "T2:d7 t3:a1", 1, 2, 4);
    ck_assert(G->winning_move(&p) == MOVE_NONE); /* 4 against 4: a draw */
    bz_setup(G, &p, "T2:d7 t3:a1", 1, 3, 4);
    ck_assert(G->winning_move(&p) == G->parse_move(&p, "d7off"));
}
END_TEST

int main(void) {
    G = game_find("boomzoom");
    return RUN_TESTS("boomzoom_rules", 0, ONCE(start_position), ONCE(zoom_range_and_blockers), ONCE(boom_effects),
                     ONCE(bear_off_examples), ONCE(bear_off_counts_and_ends), ONCE(no_progress_counter),
                     ONCE(repetition_hooks), ONCE(keys), ONCE(move_text), ONCE(position_strings), ONCE(contract_hooks));
}
