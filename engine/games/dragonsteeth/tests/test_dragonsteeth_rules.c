/* test_dragonsteeth_rules.c — the rules on hand-made positions (moves, blocking, the
 * strength test with its assists, exits, the pass, each end of the game, its order and
 * reason, the counters) and perft against the tables, with every build of the hot code, each
 * position also mirrored left to right (the game's symmetry). */
#include "dt_testutil.h"
#include <limits.h>

static const GameOps *G, *VARIANTS[DT_MAX_VARIANTS];
static int N_VARIANTS;

static void expect_moves(const GamePos *p, const char *want) {
    char got[8192];
    moves_text(G, p, got);
    ck_assert_str_eq(got, want);
}

/* ---- moving and blocking ---- */

START_TEST(slides_like_a_queen_and_is_blocked) {
    G = VARIANTS[_i];
    GamePos p;
    /* d4 alone in a corner of friends: own teeth block, nothing jumps */
    dt_setup(G, &p, "T:d4 T:d6 T:f4 T:b2 t3:h8 t3:h7", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d4d5"));
    ck_assert(!dt_legal(G, &p, "d4d6")); /* a friend */
    ck_assert(!dt_legal(G, &p, "d4d7")); /* beyond a friend */
    ck_assert(dt_legal(G, &p, "d4e4"));
    ck_assert(!dt_legal(G, &p, "d4g4"));
    ck_assert(dt_legal(G, &p, "d4c3"));
    ck_assert(!dt_legal(G, &p, "d4a1"));
    ck_assert(dt_legal(G, &p, "d4g7")); /* the long diagonal, up to the enemy's neighbour */
    ck_assert(!dt_legal(G, &p, "d4e6")); /* not a line */
    ck_assert(!dt_legal(G, &p, "d4h8")); /* h8 is a large enemy, d4 is small and alone */
    ck_assert(!dt_legal(G, &p, "e5e6")); /* no tooth there */
    ck_assert(!dt_legal(G, &p, "h8g8")); /* not the mover's */
}
END_TEST

/* The sheet's diagram: a small tooth eliminates a large one with a medium friend
 * diagonally next to the target; the medium cannot do it with the small one's help, the
 * small one not being next to the target. */
START_TEST(assists_as_in_the_sheet) {
    G = VARIANTS[_i];
    GamePos p;
    dt_setup(G, &p, "t3:d6 T2:e5 T:d4 t3:a8", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d4d6"));
    ck_assert(!dt_legal(G, &p, "e5d6"));
    /* two small friends next to the target help like a medium one (1 + 1 + 1 = 3) */
    dt_setup(G, &p, "t3:d6 T:c7 T:e7 T:d3 t3:a8", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d3d6"));
    dt_setup(G, &p, "t3:d6 T:c7 T:d3 t3:a8", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "d3d6"));
    /* a friend next to the mover but not to the target does not help */
    dt_setup(G, &p, "t3:d6 T2:c3 T:d3 t3:a8", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "d3d6"));
    /* enemy teeth next to the target do not count for anyone */
    dt_setup(G, &p, "t2:d6 t3:c6 t3:e6 T:d3 T:c5", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d3d6")); /* 1 + 1 (c5) >= 2 */
}
END_TEST

/* A mover next to its target is the mover, not also an assist. */
START_TEST(mover_counts_once) {
    G = VARIANTS[_i];
    GamePos p;
    dt_setup(G, &p, "t3:d6 T2:d5 t3:a8", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "d5d6")); /* 2 < 3 (not 2 + 2) */
    dt_setup(G, &p, "t3:d6 T2:d5 T:c6 t3:a8", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d5d6")); /* 2 + 1 = 3 */
    ck_assert(dt_legal(G, &p, "c6d6")); /* 1 + 2 (d5) = 3 */
    dt_setup(G, &p, "t3:d6 T2:d5 T:c7 t3:a8", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "c7d6")); /* 1 + 2 (d5) = 3, the mover next to d6 too */
    ck_assert(dt_legal(G, &p, "d5d6")); /* 2 + 1 (c7) = 3 */
    /* equal strength needs no help; weaker never needs it */
    dt_setup(G, &p, "t2:d6 T2:d2 t:f6 T:f2 t3:a8", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "d2d6"));
    ck_assert(dt_legal(G, &p, "f2f6"));
    /* a strong enemy in the way: stop before it, never beyond */
    dt_setup(G, &p, "t3:d6 T:d2 t3:a8", 1, 0, 0);
    expect_moves(&p, "d2a2 d2a5 d2b2 d2b4 d2c1 d2c2 d2c3 d2d1 d2d3 d2d4 d2d5 d2e1 d2e2 d2e3 d2f2 d2f4 "
                     "d2g2 d2g5 d2h2 d2h6");
}
END_TEST

/* ---- exits ---- */

START_TEST(exits_through_the_far_edge) {
    G = VARIANTS[_i];
    GamePos p;
    /* on the far rank: always out, even hemmed in */
    dt_setup(G, &p, "T:a8 t3:b8 t3:a7 t3:b7 t3:h1", 1, 0, 0);
    expect_moves(&p, "a8off");
    /* straight up an empty file, with one off move whatever the number of lines */
    dt_setup(G, &p, "T2:d4 t3:h1", 1, 4, 4); /* (off totals so that the position is not dead) */
    ck_assert(dt_legal(G, &p, "d4off"));
    ck_assert(dt_legal(G, &p, "D4OFF"));
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL), exits = 0;
    for (int i = 0; i < n; i++) {
        char t[MOVE_STR_MAX];
        G->print_move(&p, list[i], t);
        exits += !strcmp(t, "d4off");
    }
    ck_assert_int_eq(exits, 1);
    /* g6: north blocked, north-west blocked, north-east meets the h file before rank 8 */
    dt_setup(G, &p, "T:g6 t3:g7 t3:f7 t3:a1", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "g6off"));
    dt_setup(G, &p, "T:g6 t3:g7 t3:a1", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "g6off")); /* f7, e8 */
    dt_setup(G, &p, "T:g6 t3:g7 t3:e8 t3:a1", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "g6off")); /* the far-rank square must be empty too */
    /* through the far corner */
    dt_setup(G, &p, "T:f6 t3:f7 T:e7 t3:a1", 1, 0, 0);
    ck_assert(dt_legal(G, &p, "f6off")); /* g7, h8 */
    dt_setup(G, &p, "T:f6 t3:f7 T:e7 T:h8 t3:a1", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "f6off"));
    /* backwards is no exit; the far rank is the mover's */
    dt_setup(G, &p, "T:d1 T:d2 T:c2 T:e2 t3:a8", 1, 0, 0);
    ck_assert(!dt_legal(G, &p, "d1off"));
    /* player 2 leaves through rank 1, also on a diagonal */
    dt_setup(G, &p, "t:c4 T3:c3 T3:h8", 2, 0, 0);
    ck_assert(dt_legal(G, &p, "c4off")); /* d3, e2, f1 */
    dt_setup(G, &p, "t:c4 T3:c3 T3:f1 T3:a2", 2, 0, 0);
    ck_assert(!dt_legal(G, &p, "c4off")); /* b3 then a2 is taken; d3 e2 f1 ends on a tooth */
    dt_setup(G, &p, "t:c1 T3:c2 T3:b2 T3:d2 T3:b1 T3:d1", 2, 0, 0);
    expect_moves(&p, "c1off");
}
END_TEST

/* Exits add the tooth's strength to its player's total and reset the counter; winning
 * needs 6 or more. */
START_TEST(exit_scores_and_wins) {
    G = VARIANTS[_i];
    GamePos p;
    char fen[POS_STR_MAX], out[POS_STR_MAX];
    dt_fen(fen, "T3:d7 T2:e2 t3:a1 t3:h1", 1, 2, 0, 17, 40);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_ptr_eq((void *)(uintptr_t)G->winning_move(&p), (void *)(uintptr_t)MOVE_NONE); /* 2 + 3 = 5 */
    play(G, &p, "d7off");
    G->print_pos(&p, out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/4T[2]3/t[3]6t[3] 2 5 0 0 41");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_str_eq(reason_of(G, &p), "");
    ck_assert(G->in_check(&p)); /* player 1 would win at once with e2off */
    play(G, &p, "a1a2");
    ck_assert(G->winning_move(&p) == G->parse_move(&p, "e2off"));
    play(G, &p, "e2off");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_LOSS); /* player 2 to move has lost */
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 1 moved 7 strength off, 6 or more wins");
    ck_assert_int_eq(G->count_moves(&p), 0);
    ck_assert_int_eq(G->gen_moves(&p, (Move[MAX_MOVES]){0}, GEN_ALL), 0);
    ck_assert_int_eq(G->nth_move(&p, 0), MOVE_NONE);
    ck_assert(!G->is_legal(&p, G->parse_move(&p, "a2a3")));
    G->print_pos(&p, out);
    ck_assert_str_eq(out, "8/8/8/8/8/8/t[3]7/7t[3] 2 7 0 0 43");
}
END_TEST

/* ---- the pass ---- */

START_TEST(pass_only_without_moves) {
    G = VARIANTS[_i];
    GamePos p;
    /* a small tooth in a corner among large enemies: no move, so it passes */
    dt_setup(G, &p, "T:a1 t3:a2 t3:b2 t3:b1", 1, 0, 0);
    expect_moves(&p, "pass");
    ck_assert(dt_legal(G, &p, "PASS"));
    ck_assert_uint_eq(G->count_moves(&p), 1);
    Move list[MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(&p, list, GEN_NOISY), 0);
    ck_assert_int_eq(G->gen_moves(&p, list, GEN_QUIET), 1);
    char before[POS_STR_MAX], after[POS_STR_MAX];
    G->print_pos(&p, before);
    Key k = G->key(&p);
    play(G, &p, "pass");
    G->print_pos(&p, after);
    ck_assert_str_eq(before, "8/8/8/8/8/8/t[3]t[3]6/Tt[3]6 1 0 0 0 20");
    ck_assert_str_eq(after, "8/8/8/8/8/8/t[3]t[3]6/Tt[3]6 2 0 0 1 21");
    ck_assert(G->key(&p) != k);
    ck_assert(!dt_legal(G, &p, "pass")); /* player 2 has moves */
    ck_assert(dt_legal(G, &p, "a2a1"));  /* and eliminates */
    /* a medium tooth there would eliminate b1 with help from nobody? no: 2 < 3 */
    dt_setup(G, &p, "T2:a1 t3:a2 t3:b2 t3:b1", 1, 0, 0);
    expect_moves(&p, "pass");
    dt_setup(G, &p, "T3:a1 t3:a2 t3:b2 t3:b1", 1, 0, 0);
    expect_moves(&p, "a1a2 a1b1 a1b2");
    /* no teeth at all, while the other player can still win: pass */
    dt_setup(G, &p, "t3:d5 t3:e5", 1, 4, 0);
    expect_moves(&p, "pass");
}
END_TEST

/* ---- the end of the game, in the rules file's order ---- */

START_TEST(dead_position) {
    G = VARIANTS[_i];
    GamePos p;
    char fen[POS_STR_MAX];
    /* 3 + 2 and 2 + 3: neither can reach 6 */
    dt_fen(fen, "T2:d2 t3:d7", 1, 3, 2, 0, 30);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(G->terminal(&p), OUTCOME_DRAW);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert_str_eq(reason_of(G, &p), "dead position: neither player can reach 6 off");
    /* DeadPosition off: play goes on */
    dt_parse_ok(G, &p, fen, dt_cfg(0, 150, 0));
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_str_eq(reason_of(G, &p), "");
    ck_assert_uint_gt(G->count_moves(&p), 0);
    /* one player can still reach 6: not dead; an elimination that makes it dead ends it */
    dt_fen(fen, "T2:d2 t3:d7 t:d6 T:c5", 1, 3, 2, 0, 30);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING); /* 3 + 3 = 6 and 2 + 4 = 6 */
    play(G, &p, "c5d6");                                 /* 3 + 3 = 6 and 2 + 3 = 5 */
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    play(G, &p, "d7d6"); /* 3 + 2 = 5 and 2 + 3 = 5 */
    ck_assert_int_eq(G->terminal(&p), OUTCOME_DRAW);
    /* no teeth on either side */
    dt_fen(fen, "", 2, 0, 0, 0, 0);
    ck_assert_str_eq(fen, "8/8/8/8/8/8/8/8 2 0 0 0 0");
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    /* ... and with DeadPosition off they pass until the counter ends it */
    dt_parse_ok(G, &p, fen, dt_cfg(0, 3, 0));
    play(G, &p, "pass");
    play(G, &p, "pass");
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    play(G, &p, "pass");
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "3 plies without an elimination or exit");
}
END_TEST

START_TEST(no_progress) {
    G = VARIANTS[_i];
    GamePos p;
    char fen[POS_STR_MAX], out[POS_STR_MAX];
    dt_fen(fen, "T3:a1 T:c3 t3:h8 t:c5", 1, 2, 3, 149, 200);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(G->progress_left(&p), 1);
    ck_assert_int_eq(G->repeat_window(&p), 149);
    GamePos q = p;
    play(G, &q, "a1b1"); /* a plain move: 150, a draw */
    ck_assert_int_eq(G->terminal(&q), OUTCOME_DRAW);
    ck_assert_int_eq(game_result(G, &q), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &q), "150 plies without an elimination or exit");
    ck_assert_int_eq(G->progress_left(&q), 0);
    q = p;
    play(G, &q, "c3c5"); /* an elimination resets the counter */
    G->print_pos(&q, out);
    ck_assert_str_eq(out, "7t[3]/8/8/2T5/8/8/8/T[3]7 2 2 3 0 201");
    ck_assert_int_eq(G->terminal(&q), OUTCOME_ONGOING);
    q = p;
    play(G, &q, "a1off"); /* so does an exit */
    ck_assert_int_eq(G->terminal(&q), OUTCOME_ONGOING);
    /* at or above the limit in the string: over, no moves */
    dt_fen(fen, "T3:a1 T:c3 t3:h8 t:c5", 1, 2, 3, 150, 200);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_uint_eq(G->count_moves(&p), 0);
    dt_parse_ok(G, &p, fen, dt_cfg(0, 151, 1));
    ck_assert_uint_eq(G->count_moves(&p), 36); /* a1: 16 (c3 blocks the diagonal), c3: 20 */
    dt_parse_ok(G, &p, fen, dt_cfg(0, 0, 1));
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_int_eq(G->progress_left(&p), INT_MAX);
    /* a win outranks the counter */
    dt_fen(fen, "T3:a1 t3:h8", 2, 6, 0, 500, 600);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 1 moved 6 strength off, 6 or more wins");
    dt_fen(fen, "T3:a1 t3:h8", 2, 0, 7, 500, 600);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(G->terminal(&p), OUTCOME_WIN);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 2 moved 7 strength off, 6 or more wins");
}
END_TEST

START_TEST(repetition_is_a_draw_and_keys_skip_counters) {
    G = VARIANTS[_i];
    GamePos p, q;
    char fen[POS_STR_MAX];
    dt_fen(fen, "T3:a1 t3:h8", 1, 3, 3, 3, 10);
    dt_parse_ok(G, &p, fen, dt_default_cfg());
    ck_assert_int_eq(G->repetition_outcome(&p), OUTCOME_DRAW);
    dt_fen(fen, "T3:a1 t3:h8", 1, 3, 3, 40, 99);
    dt_parse_ok(G, &q, fen, dt_default_cfg());
    ck_assert(G->key(&p) == G->key(&q));
    Key start = G->key(&p);
    play(G, &p, "a1a2");
    play(G, &p, "h8h7");
    play(G, &p, "a2a1");
    play(G, &p, "h7h8");
    ck_assert(G->key(&p) == start);
    /* the side to move, the off totals and DeadPosition are in the key */
    dt_fen(fen, "T3:a1 t3:h8", 2, 3, 3, 3, 10);
    dt_parse_ok(G, &q, fen, dt_default_cfg());
    ck_assert(G->key(&q) != start);
    dt_fen(fen, "T3:a1 t3:h8", 1, 4, 3, 3, 10);
    dt_parse_ok(G, &q, fen, dt_default_cfg());
    ck_assert(G->key(&q) != start);
    dt_fen(fen, "T3:a1 t3:h8", 1, 3, 3, 3, 10);
    dt_parse_ok(G, &q, fen, dt_cfg(0, 150, 0));
    ck_assert(G->key(&q) != start);
}
END_TEST

/* ---- perft ---- */

START_TEST(perft_start_positions) {
    G = VARIANTS[_i];
    static const uint64_t want[2][5] = {{1, 66, 4424, 321352, 23592846}, {1, 60, 3392, 226762, 14638166}};
    for (int setup = 0; setup < 2; setup++) {
        GameConfig cfg = dt_cfg(setup, 150, 1);
        perft_start(G, &cfg, want[setup], 4, 3);
    }
}
END_TEST

static void read_fen(const GameOps *g, GamePos *p, const char *fen) { dt_parse_ok(g, p, fen, dt_default_cfg()); }

START_TEST(perft_reference_positions) {
    G = VARIANTS[_i];
    ck_assert_int_eq(perft_table(G, SIMIA_TEST_DATA "/dt_perft.txt", read_fen, NULL), 11);
}
END_TEST

int main(void) {
    G = game_find("dragonsteeth");
    N_VARIANTS = dt_variants(VARIANTS);
    return RUN_TESTS("dragonsteeth_rules", 600, LOOP(slides_like_a_queen_and_is_blocked, N_VARIANTS),
                     LOOP(assists_as_in_the_sheet, N_VARIANTS), LOOP(mover_counts_once, N_VARIANTS),
                     LOOP(exits_through_the_far_edge, N_VARIANTS), LOOP(exit_scores_and_wins, N_VARIANTS),
                     LOOP(pass_only_without_moves, N_VARIANTS), LOOP(dead_position, N_VARIANTS),
                     LOOP(no_progress, N_VARIANTS), LOOP(repetition_is_a_draw_and_keys_skip_counters, N_VARIANTS),
                     LOOP(perft_start_positions, N_VARIANTS), LOOP(perft_reference_positions, N_VARIANTS));
}
