/* test_mad_rules.c — every rule of M.A.D. on hand-made positions: simple moves and the
 * stacking limit, lunges and what blocks them, attrition, each way a game ends, their order
 * and reasons, the no-progress counter, move text, keys, the goal-row threats. */
#include "engine/games/mad/mad_game.h"
#include "mad_test.h"

static const GameOps *G;

static GamePos pos_of(const char *fen, int limit) {
    GameConfig cfg = {{limit}};
    GamePos p;
    char err[ERR_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, &cfg, err), "%s: %s", fen, err);
    return p;
}

static bool legal(const char *fen, const char *move) {
    GamePos p = pos_of(fen, 150);
    return G->parse_move(&p, move) != MOVE_NONE;
}

/* The position string after a move (the move must be legal), with a no-progress limit. */
static const char *after_l(const char *fen, const char *move, int limit) {
    static char out[POS_STR_MAX];
    GamePos p = pos_of(fen, limit);
    play(G, &p, move);
    G->print_pos(&p, out);
    return out;
}
static const char *after(const char *fen, const char *move) { return after_l(fen, move, 150); }

static GameResult result_l(const char *fen, int limit) {
    GamePos p = pos_of(fen, limit);
    return game_result(G, &p);
}
static GameResult result_after_l(const char *fen, const char *move, int limit) {
    return result_l(after_l(fen, move, limit), limit);
}
static GameResult result_after(const char *fen, const char *move) { return result_after_l(fen, move, 150); }
/* Why the game of a position string ended ("" while it goes on), the limit at 150. */
static const char *why(const char *fen) {
    GamePos p = pos_of(fen, 150);
    return reason_of(G, &p);
}

/* The legal moves from one square, sorted, as text. */
static void moves_from(const char *fen, const char *sq, char *out) {
    GamePos p = pos_of(fen, 150);
    char all[MAX_MOVES * MOVE_STR_MAX];
    moves_text(G, &p, all);
    out[0] = 0;
    for (char *t = strtok(all, " "); t; t = strtok(NULL, " "))
        if (!strncmp(t, sq, 2)) strcat(strcat(out, *out ? " " : ""), t);
}

#define START "8/c[4]c[4]c[4]c[4]c[4]c[4]c[4]c[4]/8/8/8/8/C[4]C[4]C[4]C[4]C[4]C[4]C[4]C[4]/8 1 0 0"

START_TEST(start_position) {
    GameConfig cfg = {{150}};
    GamePos p;
    char fen[POS_STR_MAX];
    G->startpos(&p, &cfg);
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, START);
    /* 214 moves: 176 simple moves, 38 lunges (the rules file counts them so) */
    char all[MAX_MOVES * MOVE_STR_MAX];
    moves_text(G, &p, all);
    int simple = 0, lunges = 0;
    for (char *t = strtok(all, " "); t; t = strtok(NULL, " ")) {
        int df = abs(t[2] - t[0]), dr = abs(t[3] - t[1]);
        if ((df > dr ? df : dr) == 1) simple++;
        else lunges++;
    }
    ck_assert_int_eq(simple, 176);
    ck_assert_int_eq(lunges, 38);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
}
END_TEST

/* The rules file's first example: a 4 next to a friendly 3 may move one checker onto it. */
START_TEST(stacking_limit) {
    const char *fen = "8/7c/8/8/8/8/C[4]C[3]6/8 1 0 0";
    char out[4096];
    moves_from(fen, "a2", out);
    ck_assert_str_eq(out, "a2a1 a2a1x1 a2a1x2 a2a1x3 a2a3 a2a3x1 a2a3x2 a2a3x3 a2a4 a2a5 a2b1 a2b1x1 a2b1x2 "
                          "a2b1x3 a2b2x1 a2b3 a2b3x1 a2b3x2 a2b3x3 a2c4 a2d5");
    moves_from(fen, "b2", out);
    ck_assert_str_eq(out, "b2a1 b2a1x1 b2a1x2 b2a3 b2a3x1 b2a3x2 b2b1 b2b1x1 b2b1x2 b2b3 b2b3x1 b2b3x2 b2b4 "
                          "b2c1 b2c1x1 b2c1x2 b2c2 b2c2x1 b2c2x2 b2c3 b2c3x1 b2c3x2 b2d2 b2d4");
    ck_assert_str_eq(after(fen, "a2b2x1"), "8/7c/8/8/8/8/C[3]C[4]6/8 2 1 1");
    ck_assert(!legal(fen, "a2b2x2"));
    ck_assert(!legal(fen, "a2b2"));
    ck_assert(!legal(fen, "b2a2x1"));
    /* moving part of a stack leaves the rest; moving all empties the square */
    ck_assert_str_eq(after(fen, "b2c2x2"), "8/7c/8/8/8/8/C[4]CC[2]5/8 2 1 1");
    ck_assert_str_eq(after(fen, "b2c2"), "8/7c/8/8/8/8/C[4]1C[3]5/8 2 1 1");
}
END_TEST

/* The rules file's lunge examples, and what blocks a lunge. */
START_TEST(lunges) {
    const char *fen = "8/7c/8/2c5/8/8/2C[4]5/8 1 5 20";
    ck_assert_str_eq(after(fen, "c2c4"), "8/7c/8/2c5/2C5/2C5/2C[2]5/8 2 6 21");
    ck_assert_str_eq(after(fen, "c2c5"), "8/7c/8/8/2C5/2C5/2C5/8 2 0 21");
    ck_assert_str_eq(after(fen, "c2f5"), "8/7c/8/2c2C2/4C3/3C4/2C5/8 2 6 21");
    const char *blocked = "8/7c/8/8/2c5/8/2C[4]5/8 1 0 0";
    ck_assert_str_eq(after(blocked, "c2c4"), "8/7c/8/8/8/2C5/2C[2]5/8 2 0 1");
    ck_assert(!legal(blocked, "c2c5"));
    /* a friendly checker anywhere on the line blocks, also on the last square */
    const char *own = "8/7c/8/8/2C5/8/2C[4]5/8 1 0 0";
    ck_assert(!legal(own, "c2c4"));
    ck_assert(!legal(own, "c2c5"));
    ck_assert(legal(own, "c2e4"));
    /* a stack of 3 lunges 2 only; a stack of 2 does not lunge; off the board is no lunge */
    ck_assert(legal("8/7c/8/8/8/8/C[3]7/8 1 0 0", "a2a4"));
    ck_assert(!legal("8/7c/8/8/8/8/C[3]7/8 1 0 0", "a2a5"));
    ck_assert(!legal("8/7c/8/8/8/8/C[2]7/8 1 0 0", "a2a4"));
    ck_assert(!legal("8/7c/8/8/8/8/8/C[4]7 1 0 0", "a1a3x2"));
    ck_assert(!legal("8/7c/8/8/8/8/8/C[4]7 1 0 0", "a1c3x2"));
    ck_assert(legal("8/7c/8/8/8/8/8/C[4]7 1 0 0", "a1c3"));
    /* lines only: no knight's or longer jumps */
    ck_assert(!legal(START, "a2b4"));
    ck_assert(!legal(START, "a2a6"));
    ck_assert(!legal(START, "a2e6"));
    ck_assert(legal(START, "a2d5"));
    ck_assert(legal(START, "h2e5"));
    ck_assert(!legal(START, "a2b2"));
}
END_TEST

/* Attrition is one for one; the survivors hold the square. */
START_TEST(attrition) {
    const char *fen = "8/7c/8/3c[2]4/3C[3]4/8/8/C7 1 0 7";
    ck_assert_str_eq(after(fen, "d4d5"), "8/7c/8/3C4/8/8/8/C7 2 0 8");
    ck_assert_str_eq(after(fen, "d4d5x2"), "8/7c/8/8/3C4/8/8/C7 2 0 8");
    ck_assert_str_eq(after(fen, "d4d5x1"), "8/7c/8/3c4/3C[2]4/8/8/C7 2 0 8");
    /* the limit of 4 counts one side only: 4 attack 4 */
    const char *big = "8/7c/8/3c[4]4/3C[4]4/8/8/C7 1 3 7";
    ck_assert_str_eq(after(big, "d4d5"), "8/7c/8/8/8/8/8/C7 2 0 8");
    ck_assert_str_eq(after(big, "d4d5x3"), "8/7c/8/3c4/3C4/8/8/C7 2 0 8");
    /* a lunge ending on enemies kills one of them and dies */
    const char *lunge = "8/7c/3c[3]4/8/3C[3]4/8/8/C7 1 3 7";
    ck_assert_str_eq(after(lunge, "d4d6"), "8/7c/3c[2]4/3C4/3C4/8/8/C7 2 0 8");
}
END_TEST

START_TEST(goal_row_wins) {
    /* a simple move onto the goal row wins */
    ck_assert_int_eq(result_after("8/6C1/8/c7/8/8/8/8 1 0 0", "g7h8"), RESULT_P1_WIN);
    ck_assert_int_eq(result_after("8/8/8/C7/8/8/1c6/8 2 0 0", "b2a1"), RESULT_P2_WIN);
    /* into enemies on the goal row: only if some of the movers survive there */
    const char *fight = "7c[2]/6C[3]1/c7/8/8/C7/8/8 1 0 0";
    ck_assert_int_eq(result_after(fight, "g7h8"), RESULT_P1_WIN);
    ck_assert_int_eq(result_after(fight, "g7h8x2"), RESULT_NONE);
    ck_assert_str_eq(after(fight, "g7h8x2"), "8/6C1/c7/8/8/C7/8/8 2 0 1");
    ck_assert_int_eq(result_after(fight, "g7h8x1"), RESULT_NONE);
    /* a lunge wins by an empty last square on the goal row, never by killing there */
    ck_assert_int_eq(result_after("8/8/4C[3]3/c7/8/C7/8/8 1 0 0", "e6e8"), RESULT_P1_WIN);
    ck_assert_int_eq(result_after("4c3/8/4C[3]3/c7/8/C7/8/8 1 0 0", "e6e8"), RESULT_NONE);
    ck_assert_str_eq(after("4c3/8/4C[3]3/c7/8/C7/8/8 1 0 0", "e6e8"), "8/4C3/4C3/c7/8/C7/8/8 2 0 1");
    /* the game is over: no moves, and a move after the end is not legal */
    GamePos p = pos_of("6C1/8/8/c7/8/8/8/8 2 1 1", 150);
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert(G->parse_move(&p, "a5a4") == MOVE_NONE);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_LOSS);
}
END_TEST

/* The order of the rules when a position string shows several ends at once. */
START_TEST(end_rules_in_order) {
    /* rule 1 before rule 2: the player who just moved wins first */
    ck_assert_int_eq(result_l("C7/8/8/8/8/8/8/7c 1 0 0", 150), RESULT_P2_WIN);
    ck_assert_int_eq(result_l("C7/8/8/8/8/8/8/7c 2 0 0", 150), RESULT_P1_WIN);
    /* rule 2: the player to move already on its goal row */
    ck_assert_int_eq(result_l("C7/8/8/8/8/8/c7/8 1 0 0", 150), RESULT_P1_WIN);
    /* rule 3: nobody has a checker */
    ck_assert_int_eq(result_l("8/8/8/8/8/8/8/8 1 0 0", 150), RESULT_DRAW);
    ck_assert_int_eq(result_after("8/8/8/3c[2]4/3C[2]4/8/8/8 1 0 0", "d4d5"), RESULT_DRAW);
    /* rule 4: the player to move has none */
    ck_assert_int_eq(result_l("8/8/8/3C4/8/8/8/8 2 0 0", 150), RESULT_P1_WIN);
    ck_assert_int_eq(result_after("8/8/8/3c[2]4/3C[3]4/8/8/8 1 0 0", "d4d5"), RESULT_P1_WIN);
    /* rule 5: the player who moved has none (its last checkers died attacking) */
    ck_assert_int_eq(result_l("8/8/8/3C4/8/8/8/8 1 0 0", 150), RESULT_P1_WIN);
    ck_assert_int_eq(result_after("8/8/8/3c[3]4/3C4/8/8/8 1 0 0", "d4d5"), RESULT_P2_WIN);
    /* each rule in words, the same fens */
    ck_assert_str_eq(why("C7/8/8/8/8/8/8/7c 1 0 0"), "player 2 reached rank 1, its goal row");
    ck_assert_str_eq(why("C7/8/8/8/8/8/8/7c 2 0 0"), "player 1 reached rank 8, its goal row");
    ck_assert_str_eq(why("C7/8/8/8/8/8/c7/8 1 0 0"), "player 1 reached rank 8, its goal row");
    ck_assert_str_eq(why("8/8/8/8/8/8/8/8 1 0 0"), "neither player has a checker left");
    ck_assert_str_eq(why(after("8/8/8/3c[2]4/3C[2]4/8/8/8 1 0 0", "d4d5")), "neither player has a checker left");
    ck_assert_str_eq(why("8/8/8/3C4/8/8/8/8 2 0 0"), "player 2 has no checker left");
    ck_assert_str_eq(why("8/8/8/3C4/8/8/8/8 1 0 0"), "player 2 has no checker left");
    ck_assert_str_eq(why(after("8/8/8/3c[3]4/3C4/8/8/8 1 0 0", "d4d5")), "player 1 has no checker left");
    ck_assert_str_eq(why("7C/8/8/c7/8/8/8/8 2 150 1"), "player 1 reached rank 8, its goal row");
    ck_assert_str_eq(why("8/8/8/c7/8/8/8/C7 1 0 1"), "");
    /* wins before the no-progress draw */
    ck_assert_int_eq(result_after("8/6C1/8/c7/8/8/8/8 1 149 0", "g7h8"), RESULT_P1_WIN);
    ck_assert_int_eq(result_l("7C/8/8/c7/8/8/8/8 2 150 1", 150), RESULT_P1_WIN);
}
END_TEST

START_TEST(no_progress) {
    const char *fen = "8/8/c7/8/3c4/3C[2]4/8/8 1 148 0";
    ck_assert_str_eq(after(fen, "d3e3x1"), "8/8/c7/8/3c4/3CC3/8/8 2 149 1");
    ck_assert_int_eq(result_after(fen, "d3e3x1"), RESULT_NONE);
    ck_assert_str_eq(after(after(fen, "d3e3x1"), "a6a5"), "8/8/8/c7/3c4/3CC3/8/8 1 150 2");
    ck_assert_int_eq(result_after(after(fen, "d3e3x1"), "a6a5"), RESULT_DRAW);
    ck_assert_str_eq(why(after(after(fen, "d3e3x1"), "a6a5")), "150 plies without combat");
    /* combat resets it, by a simple move or a lunge */
    ck_assert_str_eq(after(fen, "d3d4x1"), "8/8/c7/8/8/3C4/8/8 2 0 1");
    ck_assert_str_eq(after("8/8/c7/8/3c4/8/3C[3]4/8 1 148 0", "d2d4"), "8/8/c7/8/8/3C4/3C4/8 2 0 1");
    /* a position string at or over the limit is over; 0 switches the rule off */
    ck_assert_int_eq(result_l("8/8/c7/8/8/3C4/8/8 1 150 9", 150), RESULT_DRAW);
    ck_assert_int_eq(result_l("8/8/c7/8/8/3C4/8/8 1 149 9", 150), RESULT_NONE);
    ck_assert_int_eq(result_l("8/8/c7/8/8/3C4/8/8 1 1000000 9", 0), RESULT_NONE);
    ck_assert_int_eq(result_l("8/8/c7/8/8/3C4/8/8 1 10 9", 10), RESULT_DRAW);
    GamePos p = pos_of("8/8/c7/8/8/3C4/8/8 1 140 9", 150);
    ck_assert_int_eq(G->progress_left(&p), 10);
    ck_assert_int_eq(G->repeat_window(&p), 140);
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_DRAW);
    p = pos_of("8/8/c7/8/8/3C4/8/8 1 140 9", 0);
    ck_assert_int_eq(G->progress_left(&p), INT32_MAX);
}
END_TEST

START_TEST(move_text) {
    ck_assert(legal(START, "a2b3x2"));
    ck_assert(legal(START, "A2B3X2"));
    ck_assert(legal(START, "a2b3"));
    ck_assert(!legal(START, "a2b3x4")); /* the whole stack has no suffix */
    ck_assert(!legal(START, "a2b3x0"));
    ck_assert(!legal(START, "a2b3x5"));
    ck_assert(!legal(START, "a2b3x"));
    ck_assert(!legal(START, "a2b3x22"));
    ck_assert(!legal(START, "a2b3x2 "));
    ck_assert(!legal(START, "a2b3y2"));
    ck_assert(!legal(START, "a2a4x2")); /* a lunge has no suffix */
    ck_assert(!legal(START, "a2a2"));
    ck_assert(!legal(START, "a7a6")); /* not the mover's */
    ck_assert(!legal(START, "a3a4"));  /* empty */
    ck_assert(!legal(START, "a2"));
    ck_assert(!legal(START, ""));
    ck_assert(!legal(START, "a0a1"));
    ck_assert(!legal(START, "i2i3"));
    ck_assert(!legal(START, "a2a9"));
    ck_assert(!legal(START, "0000"));
    ck_assert(legal(START, "a2a1x3"));
    /* every legal move prints as the one text that parses back to it */
    GamePos p = pos_of("8/7c/8/2c5/8/8/2C[4]C[3]4/8 1 0 0", 150);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        char text[MOVE_STR_MAX];
        G->print_move(&p, list[i], text);
        ck_assert_msg(G->parse_move(&p, text) == list[i], "%s", text);
    }
    char none[MOVE_STR_MAX];
    G->print_move(&p, MOVE_NONE, none);
    ck_assert_str_eq(none, "0000");
}
END_TEST

/* What quiescence searches: combat, and steps onto the row before the goal (threats). */
START_TEST(noisy_moves) {
    GamePos p = pos_of("8/8/3c4/3C[3]4/8/7c/8/8 1 0 0", 150);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_NOISY);
    char texts[MAX_MOVES][MOVE_STR_MAX], all[1024] = "";
    for (int i = 0; i < n; i++) G->print_move(&p, list[i], texts[i]);
    qsort(texts, (size_t)n, MOVE_STR_MAX, cmp_str);
    for (int i = 0; i < n; i++) strcat(strcat(all, i ? " " : ""), texts[i]);
    ck_assert_str_eq(all, "d5b7 d5d6 d5d6x1 d5d6x2 d5f7"); /* d6 blocks d5d7 */
    p = pos_of("8/8/3c4/3C[3]4/8/7c/8/8 2 0 0", 150);
    n = G->gen_moves(&p, list, GEN_NOISY);
    for (int i = 0; i < n; i++) G->print_move(&p, list[i], texts[i]);
    qsort(texts, (size_t)n, MOVE_STR_MAX, cmp_str);
    all[0] = 0;
    for (int i = 0; i < n; i++) strcat(strcat(all, i ? " " : ""), texts[i]);
    ck_assert_str_eq(all, "d6d5 h3g2 h3h2");
}
END_TEST

START_TEST(keys) {
    GameConfig cfg = {{150}};
    GamePos a, b;
    G->startpos(&a, &cfg);
    G->startpos(&b, &cfg);
    play(G, &a, "a2a3"), play(G, &a, "a7a6"), play(G, &a, "b2b3"), play(G, &a, "b7b6");
    play(G, &b, "b2b3"), play(G, &b, "b7b6"), play(G, &b, "a2a3"), play(G, &b, "a7a6");
    ck_assert(G->key(&a) == G->key(&b));
    /* the counters are not part of the key; the player to move is */
    GamePos c = pos_of("8/8/c7/8/8/3C4/8/8 1 3 9", 150), d = pos_of("8/8/c7/8/8/3C4/8/8 1 40 90", 150),
            e = pos_of("8/8/c7/8/8/3C4/8/8 2 3 9", 150);
    ck_assert(G->key(&c) == G->key(&d));
    ck_assert(G->key(&c) != G->key(&e));
    /* heights count */
    GamePos f = pos_of("8/8/c7/8/8/3C[2]4/8/8 1 3 9", 150);
    ck_assert(G->key(&c) != G->key(&f));
}
END_TEST

START_TEST(threats) {
    /* a checker next to its goal row: the mover wins at once; the other player is in check */
    GamePos p = pos_of("8/6C1/8/c7/8/8/8/8 1 0 0", 150);
    ck_assert(G->winning_move(&p) != MOVE_NONE);
    ck_assert(!G->in_check(&p));
    p = pos_of("8/6C1/8/c7/8/8/8/8 2 0 0", 150);
    ck_assert(G->in_check(&p));
    ck_assert(G->winning_move(&p) == MOVE_NONE);
    /* every goal square in reach held by at least as many enemies: no threat */
    p = pos_of("5c[2]c[2]c[2]/6C[2]1/8/c7/8/8/8/8 2 0 0", 150);
    ck_assert(!G->in_check(&p));
    p = pos_of("5c[2]cc[2]/6C[2]1/8/c7/8/8/8/8 2 0 0", 150);
    ck_assert(G->in_check(&p));
    /* lunges: 2 from the sixth rank with 3 checkers, 3 from the fifth with 4 */
    p = pos_of("8/8/4C[3]3/c7/8/8/8/8 1 0 0", 150);
    Move w = G->winning_move(&p);
    char text[MOVE_STR_MAX];
    G->print_move(&p, w, text);
    ck_assert_msg(!strcmp(text, "e6c8") || !strcmp(text, "e6e8") || !strcmp(text, "e6g8"), "%s", text);
    p = pos_of("8/8/4C[2]3/c7/8/8/8/8 1 0 0", 150);
    ck_assert(G->winning_move(&p) == MOVE_NONE);
    p = pos_of("8/8/8/c3C[4]3/8/8/8/8 1 0 0", 150);
    ck_assert(G->winning_move(&p) != MOVE_NONE);
    p = pos_of("8/2c1c1c1/8/c3C[4]3/8/8/8/8 1 0 0", 150);
    ck_assert(G->winning_move(&p) == MOVE_NONE);
    /* over: nobody threatens anything */
    p = pos_of("6C1/6C1/8/c7/8/8/8/8 2 0 0", 150);
    ck_assert(!G->in_check(&p));
    ck_assert(G->winning_move(&p) == MOVE_NONE);
}
END_TEST

int main(void) {
    G = mad_game();
    return RUN_TESTS("mad_rules", 0, ONCE(start_position), ONCE(stacking_limit), ONCE(lunges), ONCE(attrition),
                     ONCE(goal_row_wins), ONCE(end_rules_in_order), ONCE(no_progress), ONCE(move_text),
                     ONCE(noisy_moves), ONCE(keys), ONCE(threats));
}
