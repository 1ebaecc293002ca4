/* test_dragonsteeth_position.c — the position string and move text: the set-ups as the
 * rules file writes them, exact round trips, a precise refusal of each kind of bad field
 * (that leaves the position untouched), move text in either case, and the display. */
#include <ctype.h>
#include <strings.h>

#include "dt_testutil.h"

static const GameOps *G;

static const char *const START_A =
    "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/8/tttttttt/TTTTTTTT/8/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0";
static const char *const START_B =
    "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/tttttttt/8/8/TTTTTTTT/"
    "T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3] 1 0 0 0 0";

START_TEST(setups_as_written) {
    GamePos p;
    char out[POS_STR_MAX];
    GameConfig a = dt_cfg(0, 150, 1), b = dt_cfg(1, 150, 1);
    G->startpos(&p, &a);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, START_A);
    G->startpos(&p, &b);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, START_B);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert_int_eq(G->ply(&p), 0);
}
END_TEST

START_TEST(round_trips) {
    static const char *const FENS[] = {
        "8/8/8/8/8/8/8/8 2 0 0 0 0",
        "t[3]7/1T[2]6/2t5/8/8/8/6T[3]1/7t 1 5 3 149 1000000000",
        ("TTTTTTTT/T[2]T[2]T[2]T[2]T[2]T[2]T[2]T[2]/T[3]T[3]T[3]T[3]T[3]T[3]T[3]T[3]/8/8/"
         "t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[2]t[2]t[2]t[2]t[2]t[2]t[2]t[2]/tttttttt 2 0 0 1000000000 7"),
        "4T[3]3/7T/8/2t[2]5/4T[3]2t[3]/t[3]T[2]6/8/T[3]2T[3]4 2 0 0 2 77",
        "8/8/8/8/8/8/8/8 1 8 0 0 0", /* a finished game is a valid position */
    };
    GameConfig cfg = dt_default_cfg();
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) reads_as(G, &cfg, FENS[i], NULL);
    /* spaces and tabs between fields are any run of blanks */
    reads_as(G, &cfg, "  8/8/8/8/8/8/8/T[3]7 \t 1  3 0 0 0  ", "8/8/8/8/8/8/8/T[3]7 1 3 0 0 0");
}
END_TEST

/* Each bad string, and a piece of the message that must name its field and reason. */
static const struct {
    const char *fen, *why;
} BAD[] = {
    {"", "empty, expected 6 fields"},
    {"8/8/8/8/8/8/8/8 1 0 0 0", "5 fields"},
    {"8/8/8/8/8/8/8/8 1 0 0 0 0 0", "more than 6 fields"},
    {"8/8/8/8/8/8/8 1 0 0 0 0", "board: 7 ranks"},
    {"8/8/8/8/8/8/8/8/8 1 0 0 0 0", "board: more than 8 ranks"},
    {"9/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has more than 8 squares"},
    {"44/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has more than 8 squares"},
    {"7/8/8/8/8/8/8/8 1 0 0 0 0", "board: rank 8 has 7 squares"},
    {"08/8/8/8/8/8/8/8 1 0 0 0 0", "may not start with 0"},
    {"T[1]7/8/8/8/8/8/8/8 1 0 0 0 0", "must be 2 to 3"},
    {"T[0]7/8/8/8/8/8/8/8 1 0 0 0 0", "must be 2 to 3"},
    {"T[4]7/8/8/8/8/8/8/8 1 0 0 0 0", "must be 2 to 3"},
    {"T[02]7/8/8/8/8/8/8/8 1 0 0 0 0", "must be 2 to 3"},
    {"T[2/8/8/8/8/8/8/8 1 0 0 0 0", "must be 2 to 3"},
    {"x7/8/8/8/8/8/8/8 1 0 0 0 0", "unexpected character 'x'"},
    {"TTTTTTTT/T7/8/8/8/8/8/8 1 0 0 0 0", "player 1 has more than 8 teeth of strength 1"},
    {"t[3]t[3]t[3]t[3]t[3]t[3]t[3]t[3]/t[3]7/8/8/8/8/8/8 1 0 0 0 0", "player 2 has more than 8 teeth of strength 3"},
    {"8/8/8/8/8/8/8/8 3 0 0 0 0", "side: '3'"},
    {"8/8/8/8/8/8/8/8 w 0 0 0 0", "side: 'w'"},
    {"8/8/8/8/8/8/8/8 01 0 0 0 0", "side: '01'"},
    {"8/8/8/8/8/8/8/8 1 9 0 0 0", "off1: '9'"},
    {"8/8/8/8/8/8/8/8 1 0 -1 0 0", "off2: '-1'"},
    {"8/8/8/8/8/8/8/8 1 6 7 0 0", "only one can win"},
    {"8/8/8/8/8/8/8/8 1 0 0 01 0", "noprogress: '01'"},
    {"8/8/8/8/8/8/8/8 1 0 0 1000000001 0", "noprogress: '1000000001'"},
    {"8/8/8/8/8/8/8/8 1 0 0 0 +1", "ply: '+1'"},
    {"8/8/8/8/8/8/8/8 1 0 0 0 99999999999999999999999", "ply: '99999999999999999999...'"},
};

START_TEST(bad_strings_refused_precisely) {
    GamePos p, before;
    GameConfig cfg = dt_default_cfg();
    G->startpos(&p, &cfg);
    before = p;
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        char err[ERR_STR_MAX] = "";
        ck_assert_msg(!G->parse_pos(&p, BAD[i].fen, &cfg, err), "accepted '%s'", BAD[i].fen);
        ck_assert_msg(strstr(err, BAD[i].why), "'%s': message '%s' lacks '%s'", BAD[i].fen, err, BAD[i].why);
        ck_assert_msg(!memcmp(&p, &before, sizeof p), "'%s' changed the position", BAD[i].fen);
    }
}
END_TEST

START_TEST(move_text) {
    GamePos p;
    GameConfig cfg = dt_default_cfg();
    G->startpos(&p, &cfg);
    static const char *const GOOD[] = {"e4e5", "E4E5", "e4E5", "a2a3", "h4h5", "b2c3"};
    for (size_t i = 0; i < sizeof GOOD / sizeof GOOD[0]; i++) {
        Move m = G->parse_move(&p, GOOD[i]);
        ck_assert_msg(m != MOVE_NONE, "%s refused", GOOD[i]);
        char out[MOVE_STR_MAX], lower[MOVE_STR_MAX];
        G->print_move(&p, m, out);
        size_t k = 0;
        do lower[k] = (char)tolower((unsigned char)GOOD[i][k]);
        while (GOOD[i][k++]);
        ck_assert_str_eq(out, lower);
        bool elimination = !strcasecmp(GOOD[i], "e4e5") || !strcasecmp(GOOD[i], "h4h5");
        ck_assert(G->is_noisy(&p, m) == elimination);
    }
    static const char *const BAD_MOVES[] = {"",     "e4",    "e4e4",   "e4e5x", "e9e5",  "i4e5", "e4 e5",
                                             "off",  "e4of",  "e4offf", "pass",  "0000",  "e0e5", "e4e05",
                                             "a1a2", "e5e4",  "e4e6",   "e4off", "e2e3 ", "e4-e5"};
    for (size_t i = 0; i < sizeof BAD_MOVES / sizeof BAD_MOVES[0]; i++)
        ck_assert_msg(G->parse_move(&p, BAD_MOVES[i]) == MOVE_NONE, "'%s' accepted", BAD_MOVES[i]);
    char out[MOVE_STR_MAX];
    G->print_move(&p, MOVE_NONE, out);
    ck_assert_str_eq(out, "0000");
    /* exits and the pass, in either case */
    dt_setup(G, &p, "T2:c7 t3:a1 t3:h1", 2, 5, 0);
    ck_assert(G->parse_move(&p, "h1off") != MOVE_NONE);
    ck_assert(G->parse_move(&p, "H1Off") != MOVE_NONE);
    G->print_move(&p, G->parse_move(&p, "H1OFF"), out);
    ck_assert_str_eq(out, "h1off");
    dt_setup(G, &p, "T:a1 t3:a2 t3:b2 t3:b1", 1, 0, 0);
    ck_assert(G->parse_move(&p, "Pass") != MOVE_NONE);
    G->print_move(&p, G->parse_move(&p, "pass"), out);
    ck_assert_str_eq(out, "pass");
}
END_TEST

START_TEST(display_and_trace) {
    GamePos p;
    char text[8192];
    dt_setup(G, &p, "T3:a1 T2:b2 T:c3 t3:h8", 2, 5, 1);
    G->display(&p, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, " 1  T3  .  .  .  .  .  .  .  1\n"));
    ck_assert_ptr_nonnull(strstr(text, " 8   .  .  .  .  .  .  . t3  8\n"));
    ck_assert_ptr_nonnull(strstr(text, "To move:  player 2"));
    ck_assert_ptr_nonnull(strstr(text, "Player 1: 5 off, 6 on the board (1 + 1 + 1 teeth"));
    G->eval_trace(&p, text, sizeof text);
    ck_assert_ptr_nonnull(strstr(text, "total for player 1"));
    /* the reason of an ended game is the contract's (end_reason), not the display's */
    dt_setup(G, &p, "T3:a1 t3:h8", 2, 6, 1);
    ck_assert_str_eq(reason_of(G, &p), "player 1 moved 6 strength off, 6 or more wins");
    dt_setup(G, &p, "T3:a1 t3:h8", 2, 2, 2);
    ck_assert_str_eq(reason_of(G, &p), "dead position: neither player can reach 6 off");
    G->display(&p, text, sizeof text);
    /* a small buffer is never overrun */
    char small[40];
    memset(small, 'x', sizeof small);
    G->display(&p, small, 20);
    ck_assert_int_eq(small[20], 'x');
    ck_assert(strlen(small) < 20);
}
END_TEST

int main(void) {
    G = game_find("dragonsteeth");
    return RUN_TESTS("dragonsteeth_position", 0, ONCE(setups_as_written), ONCE(round_trips),
                     ONCE(bad_strings_refused_precisely), ONCE(move_text), ONCE(display_and_trace));
}
