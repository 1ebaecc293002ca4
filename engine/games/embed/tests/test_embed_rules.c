/* test_embed_rules.c — Embed's rules case by case, from the rules file: moves and captures,
 * embedding on inner, edge and corner squares, the order of the end rules (the file's
 * examples) and their reasons, the no-progress counter and its limit, repetition's hooks, the search hints
 * (winning move, threat, static exchange) and the null move. */
#include <limits.h>

#include "embed_testutil.h"

static const GameOps *G;

static GameResult result_of(const char *fen, int limit) {
    GamePos p;
    em_parse_ok(G, &p, fen, limit);
    return game_result(G, &p);
}

/* Why the game of a position string ended ("" while it goes on). */
static const char *reason_for(const char *fen, int limit) {
    GamePos p;
    em_parse_ok(G, &p, fen, limit);
    return reason_of(G, &p);
}

static void moves_of(const char *pieces, int side, char *out) {
    GamePos p;
    em_setup(G, &p, pieces, side, 0, 150);
    moves_text(G, &p, out);
}

START_TEST(start_moves) {
    GamePos p;
    GameConfig cfg = EM_DEFAULT_CFG;
    G->startpos(&p, &cfg);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL), steps = 0, captures = 0;
    ck_assert_int_eq(n, 39);
    for (int i = 0; i < n; i++) {
        if (G->is_noisy(&p, list[i])) {
            captures++;
            ck_assert_int_eq(b8_rank(em_from(list[i])), 3); /* rank 4 takes on rank 5 */
            ck_assert_int_eq(b8_rank(em_to(list[i])), 4);
        } else {
            steps++;
            ck_assert_int_eq(b8_rank(em_from(list[i])), 1); /* rank 2 steps onto rank 1 */
            ck_assert_int_eq(b8_rank(em_to(list[i])), 0);
        }
        ck_assert(!(list[i] & EM_MF_BOSS)); /* the bosses cannot move */
    }
    ck_assert_int_eq(steps, 22);
    ck_assert_int_eq(captures, 17);
}
END_TEST

/* The moves of the piece on from. */
static int moves_from(const char *pieces, int side, const char *from) {
    GamePos p;
    em_setup(G, &p, pieces, side, 0, 150);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL), k = 0;
    for (int i = 0; i < n; i++) k += em_from(list[i]) == b8_sq(from[0] - 'a', from[1] - '1');
    return k;
}

START_TEST(queen_moves_without_jumping) {
    ck_assert_int_eq(moves_from("D:d4 B:a6 b:h2", 1, "d4"), 27); /* like a chess queen */
    ck_assert_int_eq(moves_from("D:d4 B:a6 b:h2 d:f6", 1, "d4"), 25); /* takes f6, not beyond */
    ck_assert_int_eq(moves_from("D:d4 B:a6 b:h2 D:f6", 1, "d4"), 24); /* stops before its own */
    ck_assert_int_eq(moves_from("B:d4 D:a8 b:h2 d:f6", 1, "d4"), 24); /* a boss takes nothing */
    ck_assert_int_eq(moves_from("D:a1 B:g7 b:a5", 1, "a1"), 15); /* both bosses stop it */
}
END_TEST

START_TEST(blocking_and_captures) {
    char text[4096];
    /* d1 drone: its own drone on d3 stops it at d2; an enemy drone on f3 is taken (and stops
     * it); the enemy boss on b3 stops it before; its own boss on a1 stops it at b1, c1. */
    moves_of("D:d1,d3 d:f3 b:b3 B:a1", 1, text);
    ck_assert_msg(strstr(text, "d1d2 "), "%s", text);
    ck_assert_msg(!strstr(text, "d1d3"), "%s", text);
    ck_assert_msg(strstr(text, "d1e2 ") && strstr(text, "d1f3 "), "%s", text);
    ck_assert_msg(!strstr(text, "d1g4"), "%s", text);
    ck_assert_msg(strstr(text, "d1c2 "), "%s", text);
    ck_assert_msg(!strstr(text, "d1b3"), "%s", text);
    ck_assert_msg(strstr(text, "d1b1 d1c1"), "%s", text);
    ck_assert_msg(!strstr(text, "d1a1"), "%s", text);
    /* a boss never enters an occupied square: not a drone, not the other boss */
    moves_of("B:a1 D:a2 b:b2 d:b1", 1, text);
    ck_assert_msg(!strstr(text, "a1a2") && !strstr(text, "a1b2") && !strstr(text, "a1b1"), "%s", text);
    /* ...and that boss, its three neighbours taken, has no move; player 1's drone has */
    ck_assert_msg(strstr(text, "a2a3"), "%s", text);
    /* a drone takes only an enemy drone */
    moves_of("D:c3 d:c4 b:d4 B:h6 D:b3", 1, text);
    ck_assert_msg(strstr(text, "c3c4"), "%s", text);
    ck_assert_msg(!strstr(text, "c3d4"), "%s", text);
    ck_assert_msg(!strstr(text, "c3b3"), "%s", text);
}
END_TEST

START_TEST(capture_and_counter) {
    GamePos p;
    em_setup(G, &p, "D:c3 d:c6 b:h8 B:a1", 1, 17, 150);
    play(G, &p, "c3c6");
    const EmPos *e = (const EmPos *)&p;
    ck_assert_int_eq(e->noprogress, 0);
    ck_assert_int_eq(bb_popcount(e->drones[EM_P2]), 0);
    ck_assert(e->drones[EM_P1] == bb_bit(b8_sq(2, 5)));
    play(G, &p, "h8g8");
    ck_assert_int_eq(e->noprogress, 1);
    play(G, &p, "c6c5");
    ck_assert_int_eq(e->noprogress, 2);
    ck_assert_int_eq(G->ply(&p), 13);
}
END_TEST

START_TEST(embedding) {
    /* an inner boss: 8 neighbours */
    ck_assert_int_eq(result_of("8/8/2DDD3/2DbD3/2DDD3/8/8/B7 2 0 9", 150), RESULT_P1_WIN);
    ck_assert_int_eq(result_of("8/8/2DDD3/2DbD3/2DD4/8/8/B7 2 0 9", 150), RESULT_NONE);
    /* the boss's own drone or an empty square among them: not embedded */
    ck_assert_int_eq(result_of("8/8/2DDD3/2DbD3/2DDd3/8/8/B7 2 0 9", 150), RESULT_NONE);
    /* the other boss counts as one of the surrounding pieces */
    ck_assert_int_eq(result_of("8/8/2DDD3/2DbB3/2DDD3/8/8/8 2 0 9", 150), RESULT_P1_WIN);
    /* an edge: 5 neighbours (the rules file: a2 with a1, b1, b2, b3, a3) */
    ck_assert_int_eq(result_of("8/8/8/8/8/Dd6/bD6/DD5B 2 0 9", 150), RESULT_NONE);
    ck_assert_int_eq(result_of("8/8/8/8/8/DD6/bD6/DD5B 2 0 9", 150), RESULT_P1_WIN);
    /* home rows are edges too: 5 neighbours */
    ck_assert_int_eq(result_of("b7/8/8/8/8/8/ddd5/dBd5 1 0 9", 150), RESULT_P2_WIN);
    /* a corner: 3 neighbours (h1 with g1, g2, h2) */
    ck_assert_int_eq(result_of("b7/8/8/8/8/8/6dd/6dB 1 0 9", 150), RESULT_P2_WIN);
    ck_assert_int_eq(result_of("b7/8/8/8/8/8/6dd/7B 1 0 9", 150), RESULT_NONE);
}
END_TEST

/* The rules file's examples of the end rules' order. */
START_TEST(end_rule_order) {
    ck_assert_int_eq(result_of("3B4/8/8/4b3/8/8/2D2d2/8 1 4 90", 150), RESULT_P1_WIN); /* rule 2 */
    ck_assert_int_eq(result_of("3B4/8/8/8/8/8/2D2d2/b7 1 4 90", 150), RESULT_P2_WIN);  /* rule 1 */
    ck_assert_int_eq(result_of("3B4/8/8/8/8/8/2D2d2/b7 2 4 90", 150), RESULT_P1_WIN);  /* rule 1 */
    ck_assert_int_eq(result_of("6Db/6DD/8/8/8/8/dd6/Bd6 1 0 9", 150), RESULT_P2_WIN);  /* rule 3 */
    ck_assert_int_eq(result_of("6Db/6DD/8/8/8/8/dd6/Bd6 2 0 9", 150), RESULT_P1_WIN);  /* rule 3 */
    ck_assert_int_eq(result_of("8/8/8/3DDD2/3DbD2/3DDD2/8/B7 1 0 30", 150), RESULT_P1_WIN); /* rule 4 */
    /* each rule in words, the bosses by colour (Red is player 1) */
    ck_assert_str_eq(reason_for("3B4/8/8/4b3/8/8/2D2d2/8 1 4 90", 150), "Red's boss reached Black's home row");
    ck_assert_str_eq(reason_for("3B4/8/8/8/8/8/2D2d2/b7 1 4 90", 150), "Black's boss reached Red's home row");
    ck_assert_str_eq(reason_for("6Db/6DD/8/8/8/8/dd6/Bd6 1 0 9", 150), "Red's boss fully embedded");
    ck_assert_str_eq(reason_for("6Db/6DD/8/8/8/8/dd6/Bd6 2 0 9", 150), "Black's boss fully embedded");
    ck_assert_str_eq(reason_for("8/8/8/3DDD2/3DbD2/3DDD2/8/B7 1 0 30", 150), "Black's boss fully embedded");
    ck_assert_str_eq(reason_for("3B4/8/8/8/8/8/2D2d2/b7 1 150 90", 150), "Black's boss reached Red's home row");
    ck_assert_str_eq(reason_for("b7/8/8/8/8/8/8/B7 1 0 0", 150), "");
    /* a boss on its own home row has not arrived anywhere */
    ck_assert_int_eq(result_of("b7/8/8/8/8/8/8/B7 1 0 0", 150), RESULT_NONE);
    /* rules 1-4 before the no-progress draw (rule 5) */
    ck_assert_int_eq(result_of("3B4/8/8/8/8/8/2D2d2/b7 1 150 90", 150), RESULT_P2_WIN);
    ck_assert_int_eq(result_of("8/8/8/3DDD2/3DbD2/3DDD2/8/B7 2 200 30", 150), RESULT_P1_WIN);
    /* an over position has no moves */
    GamePos p;
    em_parse_ok(G, &p, "3B4/8/8/4b3/8/8/2D2d2/8 1 4 90", 150);
    Move list[MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(&p, list, GEN_ALL), 0);
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert_uint_eq(G->nth_move(&p, 0), MOVE_NONE);
    ck_assert_int_eq(G->no_moves_outcome(&p), OUTCOME_WIN);
    ck_assert(!G->is_legal(&p, em_move(b8_sq(2, 1), b8_sq(2, 2), 0)));
}
END_TEST

START_TEST(wins_by_moving) {
    GamePos p;
    /* the boss runs to the far home row */
    em_setup(G, &p, "B:d5 b:a2 d:a7", 1, 0, 150);
    play(G, &p, "d5d8");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Red's boss reached Black's home row");
    em_setup(G, &p, "B:h7 b:e4 D:a7", 2, 0, 150);
    play(G, &p, "e4b1");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Black's boss reached Red's home row");
    /* the last square around the enemy boss filled (a capture does it too) */
    em_setup(G, &p, "b:a8 D:a7,b7 d:b8 B:h1 D:e5", 1, 0, 150);
    play(G, &p, "e5b8");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Black's boss fully embedded");
    /* the boss itself may be the last piece */
    em_setup(G, &p, "b:a8 D:a7,b7 B:h2", 1, 0, 150);
    play(G, &p, "h2b8");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    /* a win on the move that reaches the no-progress limit stands */
    em_setup(G, &p, "B:d5 b:a2 d:a7", 1, 149, 150);
    play(G, &p, "d5d8");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Red's boss reached Black's home row");
}
END_TEST

START_TEST(no_progress) {
    GamePos p;
    em_setup(G, &p, "B:d4 b:e6 D:a1 d:h8", 1, 148, 150);
    play(G, &p, "a1a2");
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_str_eq(reason_of(G, &p), "");
    play(G, &p, "h8h7");
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "150 plies without a capture");
    ck_assert_str_eq(reason_for("8/8/4b3/8/3B4/8/8/8 1 151 0", 150), "151 plies without a capture");
    /* limit 0: no end by the counter */
    em_setup(G, &p, "B:d4 b:e6 D:a1 d:h8", 1, 1000000, 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_int_eq(G->progress_left(&p), INT_MAX);
    /* a string already at or beyond the limit is over */
    ck_assert_int_eq(result_of("8/8/4b3/8/3B4/8/8/8 1 150 0", 150), RESULT_DRAW);
    ck_assert_int_eq(result_of("8/8/4b3/8/3B4/8/8/8 1 151 0", 150), RESULT_DRAW);
    ck_assert_int_eq(result_of("8/8/4b3/8/3B4/8/8/8 1 149 0", 150), RESULT_NONE);
    em_setup(G, &p, "B:d4 b:e6", 1, 140, 150);
    ck_assert_int_eq(G->progress_left(&p), 10);
    em_setup(G, &p, "B:d4 b:e6", 1, 160, 150);
    ck_assert_int_eq(G->progress_left(&p), 0);
}
END_TEST

START_TEST(repetition_hooks) {
    GamePos p;
    em_setup(G, &p, "B:d4 b:e6 D:a1 d:h8", 1, 37, 150);
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_DRAW);
    ck_assert_int_eq(G->repeat_window(&p), 37);
    /* the key leaves the counters out, and only them */
    Key k = G->key(&p);
    play(G, &p, "a1a2");
    play(G, &p, "h8h7");
    play(G, &p, "a2a1");
    play(G, &p, "h7h8");
    ck_assert_uint_eq(G->key(&p), k);
    ck_assert_int_eq(G->repeat_window(&p), 41);
    GamePos q;
    em_setup(G, &q, "B:d4 b:e6 D:a1 d:h8", 2, 37, 150);
    ck_assert_uint_ne(G->key(&q), k);
}
END_TEST

START_TEST(hints) {
    GamePos p;
    char ms[MOVE_STR_MAX];
    /* a boss with an open line to the goal row: the winning move, and a threat for the other */
    em_setup(G, &p, "B:d5 b:a2 d:a7", 1, 0, 150);
    G->print_move(&p, G->winning_move(&p), ms);
    ck_assert_msg(!strcmp(ms, "d5a8") || !strcmp(ms, "d5d8") || !strcmp(ms, "d5g8"), "%s", ms);
    em_setup(G, &p, "B:d5 b:a2 d:a7", 2, 0, 150);
    ck_assert(G->in_check(&p));
    /* blocked: no win, no threat */
    em_setup(G, &p, "B:d5 b:a2 d:c6,d6,e6", 2, 0, 150);
    ck_assert(!G->in_check(&p));
    /* one square short of embedding; a neighbour cannot close the ring by moving in */
    em_setup(G, &p, "b:a8 D:a7,b7 B:a1 D:a2,b2", 1, 0, 150);
    ck_assert_uint_eq(G->winning_move(&p), MOVE_NONE);
    em_setup(G, &p, "b:a8 D:a7,b7,d6 B:a1 D:a2,b2", 1, 0, 150);
    G->print_move(&p, G->winning_move(&p), ms);
    ck_assert_str_eq(ms, "d6b8");
    /* an enemy drone on the last square: only a drone takes it */
    em_setup(G, &p, "b:a8 D:a7,b7,e5 d:b8 B:a1 D:a2,b2", 1, 0, 150);
    G->print_move(&p, G->winning_move(&p), ms);
    ck_assert_str_eq(ms, "e5b8");
    em_setup(G, &p, "b:a8 D:a7,b7,e6,f6 d:b8 B:e5", 1, 0, 150);
    ck_assert_uint_eq(G->winning_move(&p), MOVE_NONE);
    /* two squares short: nothing */
    em_setup(G, &p, "b:a8 D:a7,d6 B:a1 D:a2,b2", 1, 0, 150);
    ck_assert_uint_eq(G->winning_move(&p), MOVE_NONE);
}
END_TEST

/* No exchange is worth trying in the quiescence search (see em_see_ge): not the capture of
 * an undefended drone, not a quiet move, whatever the threshold. */
/* Exchanges never tell in Embed (a drone that takes is at once open to retaking, the boss
 * cannot be taken), so the game declares no static exchange test: the quiescence search
 * answers checks only. */
START_TEST(static_exchange) {
    ck_assert(!G->caps.see);
    ck_assert(G->see_ge == NULL);
    ck_assert(G->caps.qs_evasions_only);
}
END_TEST

START_TEST(null_move) {
    GamePos p, before;
    em_setup(G, &p, "B:d4 b:e6 D:a1 d:h8", 1, 12, 150);
    before = p;
    GameUndo u;
    ck_assert(G->make_null(&p, &u));
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    ck_assert_int_eq(((const EmPos *)&p)->noprogress, 12);
    ck_assert_uint_eq(G->key(&p), em_compute_key((const EmPos *)&p));
    G->unmake_null(&p, &u);
    ck_assert(!memcmp(&p, &before, sizeof p));
}
END_TEST

int main(void) {
    G = game_find("embed");
    return RUN_TESTS("embed_rules", 0, ONCE(start_moves), ONCE(queen_moves_without_jumping),
                     ONCE(blocking_and_captures), ONCE(capture_and_counter), ONCE(embedding), ONCE(end_rule_order),
                     ONCE(wins_by_moving), ONCE(no_progress), ONCE(repetition_hooks), ONCE(hints),
                     ONCE(static_exchange), ONCE(null_move));
}
