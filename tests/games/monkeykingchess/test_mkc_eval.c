/* test_mkc_eval.c — the Monkey King Chess evaluation's endgame judgements: a Red lead
 * against a Blue side whose moves run out, and Blue's lead when it has the Pilgrim caged. */
#include "engine/games/monkeykingchess/mkc.h"
#include "testutil.h"

static const GameOps *G;

static Score eval_of(const char *fen) {
    GameConfig cfg = {{0, 150}};
    GamePos p;
    char err[ERR_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, &cfg, err), "parse '%s': %s", fen, err);
    return G->evaluate(&p);
}

/* Blue's only pieces are two pawns with four steps between them, the Pilgrim needs eight
 * moves to leave: Blue will run out of moves first and the game is drawn (every Red move
 * then stalemates Blue, so Red has none). A Blue knight instead moves for ever: Red,
 * though less ahead in material, has real winning chances there. */
START_TEST(red_lead_shrinks_when_blue_runs_out_of_moves) {
    Score pawns_only = eval_of("5/7/5/5/5/P3P/7/nhkhn 2 - 0 - 0 20");
    Score with_knight = eval_of("N4/7/5/5/5/P3P/7/nhkhn 2 - 0 - 0 20");
    ck_assert_int_gt(pawns_only, 0);
    ck_assert_int_lt(pawns_only, with_knight / 2);
    /* the same pawns, the Pilgrim one move from leaving: the race is Red's */
    Score near_exit = eval_of("5/2k4/5/5/5/P3P/7/nh1hn 2 - 0 - 0 20");
    ck_assert_int_gt(near_exit, with_knight);
}
END_TEST

/* Far ahead, Blue wins only by mating the Pilgrim: a Pilgrim with no free square is worth
 * more to Blue than one in the open, and more than a draw (so Blue does not repeat), until
 * the game has gone on for hundreds of plies. */
START_TEST(blue_lead_pays_for_caging_the_pilgrim) {
    Score caged = eval_of("5/7/5/1C3/5/K4/7/k4 1 - 0 - 0 20");
    Score open = eval_of("4C/7/4K/5/5/2k2/7/5 1 - 0 - 0 20");
    ck_assert_int_gt(caged, 0);
    ck_assert_int_gt(caged, open);
    /* flips keep resetting the no-progress counter: late in a game the pay has faded and
     * a draw by repetition is worth more to Blue again */
    ck_assert_int_lt(eval_of("5/7/5/1C3/5/K4/7/k4 1 - 0 - 0 450"), caged);
    ck_assert_int_lt(eval_of("5/7/5/1C3/5/K4/7/k4 1 - 0 - 0 700"), 0);
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    Suite *s = suite_create("mkc_eval");
    TCase *tc = tcase_create("eval");
    tcase_add_test(tc, red_lead_shrinks_when_blue_runs_out_of_moves);
    tcase_add_test(tc, blue_lead_pays_for_caging_the_pilgrim);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
