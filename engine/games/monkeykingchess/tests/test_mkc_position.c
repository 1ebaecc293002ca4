/* test_mkc_position.c — Monkey King Chess position strings and move texts: exact round
 * trips, every refusal naming its field and reason, the options in the key, the display. */
#include "engine/games/monkeykingchess/mkc.h"
#include "testutil.h"

static const GameOps *G;

static GameConfig cfg_of(int diagonal, int limit) {
    GameConfig c = {{diagonal, limit}};
    return c;
}

static void round_trip(const char *fen) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p;
    char err[ERR_STR_MAX], out[POS_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, &cfg, err), "parse '%s': %s", fen, err);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, fen);
}

/* A refusal: the message must contain each of the given words. */
static void refused(const char *fen, const char *field, const char *reason) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p, before;
    char err[ERR_STR_MAX] = "";
    G->startpos(&p, &cfg);
    before = p;
    ck_assert_msg(!G->parse_pos(&p, fen, &cfg, err), "'%s' was accepted", fen);
    ck_assert_msg(!strncmp(err, field, strlen(field)), "'%s': message '%s' does not start with '%s'", fen, err,
                  field);
    ck_assert_msg(strstr(err, reason) != NULL, "'%s': message '%s' does not say '%s'", fen, err, reason);
    ck_assert_msg(!memcmp(&p, &before, sizeof p), "a refused string changed the position");
}

START_TEST(start_and_round_trips) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p;
    char out[POS_STR_MAX];
    G->startpos(&p, &cfg);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, "5/7/5/5/5/5/7/5 1 PPPPPPNNHHKCppppppnnhhkc 0 - 0 0");
    round_trip("2k2/1G2x2/5/X4/5/5/6m/5 2 - 0 - 12 85"); /* the rules file's example */
    round_trip("3l1/cN5/5/P4/P4/P3C/2pkp1m/3m1 2 - 1 x 0 140");
    round_trip("2HNC/NP3L1/2K2/3P1/4p/2kph/1pn1h2/pc1pn 1 PPPPp 0 - 1 24");
    round_trip("5/5Gc/5/5/5/5/lm5/5 1 NHk 2 - 1000000000 1000000000");
    round_trip("5/7/5/5/5/5/7/K4 1 - 0 - 3 9"); /* after the exit */
}
END_TEST

START_TEST(refusals_name_the_field) {
    refused("5/7/5/5/5/5/7/5 1 - 0 -", "position string: 5 fields", "expected 7");
    refused("5/7/5/5/5/5/7/5 1 - 0 - 0 0 0", "position string: more than 7 fields", "expected 7");
    refused("5/6/5/5/5/5/7/5 1 - 0 - 0 0", "board: rank 7", "expected 7");
    refused("5/7/5/5/5/5/7/6 1 - 0 - 0 0", "board: rank 1", "do not fit");
    refused("5/7/5/5/5/5/7/4 1 - 0 - 0 0", "board: rank 1", "expected 5");
    refused("5/7/5/5/5/5/7 1 - 0 - 0 0", "board:", "7 ranks");
    refused("5/7/5/5/5/5/7/5/5 1 - 0 - 0 0", "board:", "more than 8 ranks");
    refused("Z4/7/5/5/5/5/7/5 1 - 0 - 0 0", "board: rank 8", "'Z' is not a piece letter");
    refused("05/7/5/5/5/5/7/5 1 - 0 - 0 0", "board: rank 8", "'0'");
    refused("5/5N1/5/5/5/5/7/5 1 - 0 - 0 0", "board: 'N' on cloud square q7", "only fliers");
    refused("5/7/5/5/5/5/5x1/5 1 - 0 - 0 0", "board: 'x' on cloud square q2", "only fliers");
    refused("5/7/5/5/5/5/7/5 3 - 0 - 0 0", "side:", "not 1 (Blue) or 2 (Red)");
    refused("5/7/5/5/5/5/7/5 1 PS 0 - 0 0", "hands:", "'S' is a back face");
    refused("5/7/5/5/5/5/7/5 1 pP 0 - 0 0", "hands:", "out of order");
    refused("5/7/5/5/5/5/7/5 1 PPPPPPP 0 - 0 0", "hands:", "more 'P' than the 6 disks");
    refused("5/7/5/5/5/5/7/5 1 P- 0 - 0 0", "hands:", "'-' is not a disk letter");
    refused("5/7/5/5/5/5/7/5 1 - 3 - 0 0", "tokens:", "not 0, 1 or 2");
    refused("5/7/5/5/5/5/7/5 1 - 0 y 0 0", "step:", "not '-'");
    refused("5/7/5/5/5/5/7/5 1 - 1 x 0 0", "step:", "needs side 2");
    refused("5/7/5/5/5/5/7/5 2 - 0 x 0 0", "step:", "at least one token");
    refused("5/7/5/5/5/5/7/5 1 - 0 - 01 0", "noprogress:", "plain decimal");
    refused("5/7/5/5/5/5/7/5 1 - 0 - 0 -1", "ply:", "plain decimal");
    refused("5/7/5/5/5/5/7/5 1 - 0 - 0 1000000001", "ply:", "plain decimal");
    refused("P4/7/5/5/5/5/7/5 1 PPPPPP 0 - 0 0", "board and hands: 7 pawn disks of Blue", "at most 6");
    refused("5/7/5/5/5/5/7/h4 2 hh 1 - 0 0", "board and hands: 4 hero disks of Red", "tokens");
    refused("5/7/5/5/5/5/7/kk3 2 - 0 - 0 0", "board and hands: 2 king disks of Red", "at most 1");
    refused("5/7/5/5/5/5/7/cx3 2 - 0 - 0 0", "board and hands: 2 Celestial disks of Red", "at most 1");
    refused("C4/7/5/5/5/5/7/k4 1 - 0 - 0 0", "board: the Pilgrim on a1 is attacked", "Blue is to move");
    refused("C4/7/5/5/5/5/7/k4 2 - 1 x 0 0", "board: the Pilgrim on a1 is attacked", "extra step");
}
END_TEST

START_TEST(options_in_the_position) {
    GameConfig ranks = cfg_of(0, 150), diag = cfg_of(1, 150), off = cfg_of(0, 0);
    GamePos a, b, c;
    G->startpos(&a, &ranks);
    G->startpos(&b, &diag);
    G->startpos(&c, &off);
    ck_assert(G->key(&a) != G->key(&b));  /* the rivers decide play */
    ck_assert(G->key(&a) == G->key(&c));  /* the limit is the search's business (progress_left) */
    ck_assert_int_eq(G->progress_left(&a), 150);
    ck_assert_int_eq(G->progress_left(&c), INT32_MAX);
    /* the same string is a different position under the other option */
    char err[ERR_STR_MAX];
    ck_assert(G->parse_pos(&a, "4K/7/5/5/2m2/5/7/k4 2 - 0 - 0 1", &ranks, err));
    ck_assert(G->parse_pos(&b, "4K/7/5/5/2m2/5/7/k4 2 - 0 - 0 1", &diag, err));
    ck_assert(G->parse_move(&a, "c4r2") != MOVE_NONE && G->parse_move(&b, "c4r2") == MOVE_NONE);
    ck_assert(G->parse_pos(&a, "4K/7/5/5/5/2m2/7/k4 2 - 0 - 0 1", &ranks, err));
    ck_assert(G->parse_pos(&b, "4K/7/5/5/5/2m2/7/k4 2 - 0 - 0 1", &diag, err));
    ck_assert(G->parse_move(&a, "c3q2") == MOVE_NONE && G->parse_move(&b, "c3q2") != MOVE_NONE);
}
END_TEST

START_TEST(move_texts) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p;
    char err[ERR_STR_MAX], out[MOVE_STR_MAX];
    G->startpos(&p, &cfg);
    Move m = G->parse_move(&p, "P@C5");
    ck_assert(m != MOVE_NONE && m == G->parse_move(&p, "p@c5"));
    G->print_move(&p, m, out);
    ck_assert_str_eq(out, "p@c5");
    static const char *bad[] = {"", "p@c4", "x@c5", "s@c5", "p@c5x", "p@q7", "end", "c8c9", "0000", "a1a1", "p@", NULL};
    for (int i = 0; bad[i]; i++) ck_assert_msg(G->parse_move(&p, bad[i]) == MOVE_NONE, "'%s' parsed", bad[i]);
    ck_assert(G->parse_pos(&p, "4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10", &cfg, err));
    ck_assert(G->parse_move(&p, "C4C4=F") != MOVE_NONE);
    ck_assert(G->parse_move(&p, "c4c4=h") == MOVE_NONE);
    ck_assert(G->parse_move(&p, "c2d3=p") == MOVE_NONE); /* c2 is no river square */
    ck_assert(G->parse_pos(&p, "2k2/7/5/5/5/5/7/K4 2 - 0 - 0 30", &cfg, err));
    m = G->parse_move(&p, "c8c9");
    G->print_move(&p, m, out);
    ck_assert_str_eq(out, "c8c9");
    ck_assert(G->parse_pos(&p, "4K/7/5/5/5/5/2m4/k4 2 - 2 x 3 10", &cfg, err));
    m = G->parse_move(&p, "END");
    G->print_move(&p, m, out);
    ck_assert_str_eq(out, "end");
}
END_TEST

START_TEST(display) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p;
    char err[ERR_STR_MAX], out[2048];
    ck_assert(G->parse_pos(&p, "2k2/1G2x2/5/X4/5/5/6m/5 2 p 1 - 12 85", &cfg, err));
    G->display(&p, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, " 8  . . k . .\n"));
    ck_assert_ptr_nonnull(strstr(out, " 5  X ~ ~ ~ ~\n"));
    ck_assert_ptr_nonnull(strstr(out, " 2  . . . . .    . m    red cloud"));
    ck_assert_ptr_nonnull(strstr(out, "Hands: p   Tokens: 1   River: ranks"));
    ck_assert_ptr_null(strstr(out, "extra step"));
    ck_assert(G->parse_pos(&p, "4K/7/5/5/5/5/2m4/k4 2 - 2 x 3 10", &cfg, err));
    G->display(&p, out, sizeof out);
    ck_assert_ptr_nonnull(strstr(out, "extra step"));
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    return RUN_TESTS("mkc_position", 0, ONCE(start_and_round_trips), ONCE(refusals_name_the_field),
                     ONCE(options_in_the_position), ONCE(move_texts), ONCE(display));
}
