/* test_embed_position.c — Embed's notation: the start positions of both setups, position
 * strings printed and parsed back exactly, every refusal with its reason naming the field,
 * move text (case, malformed and illegal moves), and the board shown by `d`. */
#include "embed_testutil.h"

static const GameOps *G;

static const char *STANDARD = "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0";
static const char *HOMEROWS = "dddddddd/dddddddd/dddBdddd/8/8/DDDDbDDD/DDDDDDDD/DDDDDDDD 1 0 0";

START_TEST(start_positions) {
    GamePos p;
    char fen[POS_STR_MAX];
    GameConfig cfg = em_cfg(150, EM_SETUP_STANDARD);
    G->startpos(&p, &cfg);
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, STANDARD);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert_int_eq(G->ply(&p), 0);
    cfg = em_cfg(150, EM_SETUP_HOMEROWS);
    G->startpos(&p, &cfg);
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, HOMEROWS);
    /* the pieces stand where the rules file draws them */
    const EmPos *e = (const EmPos *)&p;
    ck_assert_int_eq(e->boss[EM_P1], b8_sq(3, 5)); /* d6 */
    ck_assert_int_eq(e->boss[EM_P2], b8_sq(4, 2)); /* e3 */
    ck_assert_int_eq(bb_popcount(e->drones[0]), 23);
    ck_assert_int_eq(bb_popcount(e->drones[1]), 23);
}
END_TEST

START_TEST(round_trip) {
    static const char *const FENS[] = {
        "8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0",
        "3B4/8/8/4b3/8/8/2D2d2/8 1 4 90",
        "3B4/8/8/8/8/8/2D2d2/b7 1 4 90",
        "6Db/6DD/8/8/8/8/dd6/Bd6 2 0 9",
        "8/8/8/3DDD2/3DbD2/3DDD2/8/B7 1 0 30",
        "B7/8/8/8/8/8/8/7b 2 1000000000 1000000000",
        "2dd2d1/D1D5/6dd/1b6/D5D1/DD6/d5Bd/D1D4d 1 1 140",
    };
    GameConfig cfg = EM_DEFAULT_CFG;
    for (size_t i = 0; i < sizeof FENS / sizeof FENS[0]; i++) reads_as(G, &cfg, FENS[i], NULL);
    /* extra spaces between fields are read */
    reads_as(G, &cfg, "  B7/8/8/8/8/8/8/7b \t 2   5 7 ", "B7/8/8/8/8/8/8/7b 2 5 7");
    /* the piece-list helper and the engine agree */
    char fen[POS_STR_MAX];
    em_fen(fen, "B:d5 b:e4 D:a4,b4,c4 d:a5,h7", 2, 3, 11);
    ck_assert_str_eq(fen, "8/7d/8/d2B4/DDD1b3/8/8/8 2 3 11");
    reads_as(G, &cfg, fen, NULL);
}
END_TEST

/* Each bad string is refused with a reason that names the field (and the cause). */
START_TEST(refusals) {
    static const struct {
        const char *fen, *reason;
    } BAD[] = {
        {"", "empty, expected 4 fields"},
        {"   ", "empty, expected 4 fields"},
        {"8/8/8/8/8/8/8/B6b 1 0", "3 fields"},
        {"8/8/8/8/8/8/8/B6b 1 0 0 0", "more than 4 fields"},
        {"8/8/8/8/8/8/8/3B4 1 0 0", "player 2 has no boss"},
        {"8/8/8/8/8/8/8/3b4 1 0 0", "player 1 has no boss"},
        {"B7/8/8/8/8/8/8/B6b 1 0 0", "player 1 has 2 bosses ('B' on a1 and a8)"},
        {"bb6/8/8/8/8/8/8/B7 1 0 0", "player 2 has 2 bosses"},
        {"8/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/D7 1 0 0", "player 1 has 24 drones"},
        {"d7/dddddddd/dddddddd/dddBdddd/DDDDbDDD/DDDDDDDD/DDDDDDDD/8 1 0 0", "player 2 has 24 drones"},
        {"8/8/8/8/8/8/B6b 1 0 0", "board: 7 ranks"},
        {"8/8/8/8/8/8/8/8/B6b 1 0 0", "board: more than 8 ranks"},
        {"8/8/8/8/8/8/8/B7b 1 0 0", "board: rank 1 has more than 8 squares"},
        {"8/8/8/8/8/8/8/B5b 1 0 0", "board: rank 1 has 7 squares"},
        {"8/8/8/8/8/8/8/B9b 1 0 0", "board: rank 1 has more than 8 squares"},
        {"8/8/8/8/8/8/8/B06b 1 0 0", "board: rank 1: a count of empty squares may not start with 0"},
        {"8/8/8/8/8/8/8/B6k 1 0 0", "board: rank 1: unexpected character 'k'"},
        {"8/8/8/8/8/8/8/B6x 1 0 0", "board: rank 1: unexpected character 'x'"},
        {"8/8/8/8/8/8/8/B[3]6b 1 0 0", "board: rank 1: 'B' takes no height"},
        {"8/8/8/8/8/8/8/B6b 0 0 0", "side to move: '0'"},
        {"8/8/8/8/8/8/8/B6b 3 0 0", "side to move: '3'"},
        {"8/8/8/8/8/8/8/B6b w 0 0", "side to move: 'w', expected 1 or 2"},
        {"8/8/8/8/8/8/8/B6b 12 0 0", "side to move: '12'"},
        {"8/8/8/8/8/8/8/B6b 1 -1 0", "no-progress counter: '-1'"},
        {"8/8/8/8/8/8/8/B6b 1 01 0", "no-progress counter: '01'"},
        {"8/8/8/8/8/8/8/B6b 1 1000000001 0", "no-progress counter: '1000000001'"},
        {"8/8/8/8/8/8/8/B6b 1 x 0", "no-progress counter: 'x', expected a number 0..1000000000"},
        {"8/8/8/8/8/8/8/B6b 1 0 00", "ply: '00'"},
        {"8/8/8/8/8/8/8/B6b 1 0 +5", "ply: '+5'"},
        {"8/8/8/8/8/8/8/B6b 1 0 99999999999999999999999", "ply: '99999999999999999999..'"},
        {"8/8/8/8/8/8/8/B6b 1 0 1\x01", "ply: '1?'"},
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++) {
        const char *err = em_refusal(G, BAD[i].fen);
        ck_assert_msg(strstr(err, BAD[i].reason), "'%s': reason '%s', expected '%s'", BAD[i].fen, err, BAD[i].reason);
    }
    /* far too long */
    char big[2 * POS_STR_MAX];
    memset(big, '8', sizeof big - 1);
    big[sizeof big - 1] = '\0';
    ck_assert_ptr_nonnull(strstr(em_refusal(G, big), "longer than"));
}
END_TEST

/* A refused string leaves the position as it was. */
START_TEST(refusal_leaves_position) {
    GamePos p, before;
    char err[ERR_STR_MAX];
    GameConfig cfg = EM_DEFAULT_CFG;
    G->startpos(&p, &cfg);
    before = p;
    ck_assert(!G->parse_pos(&p, "8/8/8/8/8/8/8/3B4 1 0 0", &cfg, err));
    ck_assert(!G->parse_pos(&p, "8/8/8/8/8/8/8/B6b 1 0 x", &cfg, err));
    ck_assert(!memcmp(&p, &before, sizeof p));
}
END_TEST

START_TEST(move_text) {
    GamePos p;
    GameConfig cfg = EM_DEFAULT_CFG;
    G->startpos(&p, &cfg);
    char out[MOVE_STR_MAX];
    Move m = G->parse_move(&p, "a2a1");
    ck_assert_uint_ne(m, MOVE_NONE);
    G->print_move(&p, m, out);
    ck_assert_str_eq(out, "a2a1");
    ck_assert_uint_eq(G->parse_move(&p, "A2A1"), m); /* uppercase is read */
    ck_assert_uint_eq(G->parse_move(&p, "a2A1"), m);
    m = G->parse_move(&p, "c4c5"); /* a capture is written the same way */
    ck_assert_uint_ne(m, MOVE_NONE);
    ck_assert(G->is_noisy(&p, m));
    G->print_move(&p, m, out);
    ck_assert_str_eq(out, "c4c5");
    G->print_move(&p, MOVE_NONE, out);
    ck_assert_str_eq(out, "0000");
    static const char *const BAD[] = {
        "", "a2", "a2a", "a2a1 ", " a2a1", "a2a1a", "a2-a1", "i2i1", "a0a1", "a9a8", "a2a10", "a02a1",
        "0000", "a2a2",
        "a3a1", /* over a drone */
        "d5d6", /* a boss into a drone */
        "e4e5", /* the enemy boss */
        "c4d5", /* a drone into a boss */
        "a4a3", /* onto its own drone */
        "a5a4", /* not the mover's piece */
        "a2c3", /* not on a line */
        "h1h2", /* an empty square */
    };
    for (size_t i = 0; i < sizeof BAD / sizeof BAD[0]; i++)
        ck_assert_msg(G->parse_move(&p, BAD[i]) == MOVE_NONE, "'%s' should be refused", BAD[i]);
}
END_TEST

START_TEST(display) {
    GamePos p;
    char text[4096];
    em_parse_ok(G, &p, "6Db/6DD/8/8/8/8/dd6/Bd6 2 7 9", 150);
    G->display(&p, text, sizeof text);
    ck_assert_msg(strstr(text, " 8   .  .  .  .  .  .  D  b  8\n"), "%s", text);
    ck_assert_msg(strstr(text, " 1   B  d  .  .  .  .  .  .  1\n"), "%s", text);
    ck_assert_msg(strstr(text, "To move:     player 2 (Black, d/b)\n"), "%s", text);
    ck_assert_msg(strstr(text, "Drones:      3 (player 1), 3 (player 2)\n"), "%s", text);
    ck_assert_msg(strstr(text, "No-progress: 7 of 150 plies\n"), "%s", text);
    ck_assert_msg(strstr(text, "Ply:         9\n"), "%s", text);
    em_parse_ok(G, &p, "6Db/6DD/8/8/8/8/dd6/Bd6 2 7 9", 0);
    G->display(&p, text, sizeof text);
    ck_assert_msg(strstr(text, "No-progress: 7 plies (no limit)\n"), "%s", text);
    /* a small buffer is cut, never overrun */
    char small[40];
    memset(small, 'x', sizeof small);
    G->display(&p, small, 20);
    ck_assert_int_eq(small[20], 'x');
    ck_assert_int_lt((int)strlen(small), 20);
}
END_TEST

int main(void) {
    G = game_find("embed");
    return RUN_TESTS("embed_position", 0, ONCE(start_positions), ONCE(round_trip), ONCE(refusals),
                     ONCE(refusal_leaves_position), ONCE(move_text), ONCE(display));
}
