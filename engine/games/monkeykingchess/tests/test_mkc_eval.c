/* test_mkc_eval.c — the Monkey King Chess evaluation's endgame judgements: a Red lead
 * against a Blue side whose moves run out, a Blue lead against a Red side whose moves run
 * out, the Goblin King's value, the Pilgrim caged, no fade late in a game. */
#include <stdio.h>
#include <stdlib.h>

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

/* A Blue piece whose moves never run out (the Sea Serpent on d5) keeps Blue moving: the
 * Pilgrim's step off a1, which lets the Blue pawn it blocked take its last step, is
 * progress (counted by all Blue pieces, the step cost a quarter of Red's edge and the
 * Pilgrim stayed on a1 for 700 plies). */
START_TEST(one_lasting_blue_piece_lets_the_pilgrim_advance) {
    Score before = eval_of("2c2/m1m4/1nX2/3S1/5/4P/P1m1m2/k4 2 nhh 0 - 39 103");
    Score after = eval_of("2c2/m1m4/1nX2/3S1/5/4P/1km1m2/P4 2 nhh 0 - 39 105");
    ck_assert_int_gt(after, before);
}
END_TEST

/* Far ahead, Blue wins only by taking the Pilgrim with a flip move, and only its Goblin
 * King lets it flip: the King keeps its whole value however far Blue is ahead (compressed
 * with the rest of the lead it was worth nothing there, and Blue gave it away), and
 * without it a Blue lead is worth no more than a draw. */
START_TEST(goblin_king_keeps_its_value_when_blue_is_far_ahead) {
    Score with_king = eval_of("5/7/5/1C3/5/K4/4p2/k4 1 - 0 - 0 20");
    Score with_knight = eval_of("5/7/5/1C3/5/N4/4p2/k4 1 - 0 - 0 20");
    ck_assert_int_gt(with_king, with_knight + 250);
    ck_assert_int_le(with_knight, 0);
    /* the King in hand counts too */
    ck_assert_int_gt(eval_of("5/7/5/1C3/5/5/4p2/k4 1 K 0 - 0 20"), with_knight + 250);
}
END_TEST

/* Red drops beside a Goblin King standing on Red's half attack it (a Celestial on its line
 * holds it): there it is worth less while Red has a disk to drop, the same once Red has none. */
START_TEST(goblin_king_on_reds_half_is_exposed_to_drops) {
    Score home = eval_of("K4/PPP4/4k/5/5/5/7/5 1 n 0 - 0 20");
    Score away = eval_of("5/PPP4/4k/5/5/5/7/K4 1 n 0 - 0 20");
    ck_assert_int_ge(home - away, 80);
    ck_assert_int_eq(eval_of("K4/PPP4/4k/5/5/5/7/5 1 - 0 - 0 20"), eval_of("5/PPP4/4k/5/5/5/7/K4 1 - 0 - 0 20"));
}
END_TEST

/* The same race for Blue when its only pieces but pawns are Lancers on rank 1: they have
 * no move left there (no river on rank 1), so they count as pawns with no steps. */
START_TEST(a_lancer_on_rank_1_has_no_moves_left) {
    Score lancer = eval_of("5/7/5/5/5/P3P/7/nhkhL 2 - 0 - 0 20");
    Score knight = eval_of("N4/7/5/5/5/P3P/7/nhkhn 2 - 0 - 0 20");
    ck_assert_int_gt(lancer, 0);
    ck_assert_int_lt(lancer, knight / 2);
    /* on the river it shuttles to the cloud and back for ever */
    ck_assert_int_gt(eval_of("5/7/5/5/L4/P3P/7/nhkhn 2 - 0 - 0 20"), knight / 2);
}
END_TEST

/* The stalemate rule binds Blue's winning flip too: against a lone Pilgrim it is illegal
 * (Red would have no move), so Blue, however far ahead, cannot win: its edge is small
 * there, and grows with the moves Red's other pieces have left (a pawn on rank 8 has none,
 * on rank 6 two, on rank 2 six, enough for the whole edge). */
START_TEST(blue_lead_shrinks_against_a_lone_pilgrim) {
    Score lone = eval_of("5/7/5/1C3/5/K4/7/k4 1 - 0 - 0 20");
    Score stuck_pawn = eval_of("4p/7/5/1C3/5/K4/7/k4 1 - 0 - 0 20");
    Score pawn = eval_of("5/7/4p/1C3/5/K4/7/k4 1 - 0 - 0 20");
    Score far_pawn = eval_of("5/7/5/1C3/5/K4/4p2/k4 1 - 0 - 0 20");
    ck_assert_int_gt(lone, 0);
    ck_assert_int_lt(2 * lone, pawn);
    ck_assert_int_lt(2 * stuck_pawn, pawn);
    ck_assert_int_lt(pawn, far_pawn);
    ck_assert_int_lt(4 * lone, far_pawn);
}
END_TEST

/* Red's Celestial beside the Pilgrim in the corner holds the Blue pieces that would attack
 * it, so it is pinned there for good: no spare, and a Blue edge there is as small as against
 * a lone Pilgrim. A pawn with three steps left, or a knight that moves, is a spare. */
START_TEST(a_pinned_celestial_is_no_spare) {
    Score fortress = eval_of("p4/1PK4/5/5/1S2N/N4/Lc1S3/kC3 1 - 0 - 2 60");
    Score pawn = eval_of("5/1PK4/5/p4/1S2N/N4/Lc1S3/kC3 1 - 0 - 2 60");
    Score knight = eval_of("p4/1PK4/5/5/1S2N/N4/Lc1S3/kC2n 1 - 0 - 2 60");
    ck_assert_int_gt(fortress, 0);
    ck_assert_int_lt(4 * fortress, pawn);
    ck_assert_int_lt(4 * fortress, knight);
}
END_TEST

/* Far ahead, Blue is paid for Red's Celestial gone (taken, the taker buried under a
 * Mountain): it is what breaks that fortress, and it frees every Blue piece it held.
 * Red keeps three spares either way, so no guard differs. */
START_TEST(blue_far_ahead_is_paid_for_reds_celestial_gone) {
    Score celestial = eval_of("2mm1/4c2/NNHH1/1C3/5/K4/4p2/k4 1 - 0 - 0 20");
    Score mountain = eval_of("2mm1/4x2/NNHH1/1C3/5/K4/4p2/k4 1 - 0 - 0 20");
    ck_assert_int_gt(celestial, 0);
    ck_assert_int_ge(mountain - celestial, 60);
}
END_TEST

/* Blue far ahead with its Goblin King is paid for closing the Pilgrim in: a caged Pilgrim
 * is worth more to Blue than one in the open. Without the King caging leads nowhere and
 * earns nothing. */
START_TEST(blue_lead_pays_for_caging_the_pilgrim) {
    Score caged = eval_of("5/7/5/1C3/5/K4/4p2/k4 1 - 0 - 0 20");
    Score open = eval_of("4C/7/4K/5/5/2k2/4p2/5 1 - 0 - 0 20");
    ck_assert_int_gt(caged, 0);
    ck_assert_int_gt(caged, open + 60);
    Score caged_no_king = eval_of("5/7/5/1C3/5/N4/4p2/k4 1 - 0 - 0 20");
    Score open_no_king = eval_of("4C/7/4N/5/5/2k2/4p2/5 1 - 0 - 0 20");
    ck_assert_int_lt(caged_no_king - open_no_king, 15);
}
END_TEST

/* A flip is no progress (rules §8 since 2026-11-25), so a game without progress ends by
 * the counter: the evaluation no longer fades to a draw late in a game (it did while flips
 * reset the counter) and a judgement at ply 5000 is the one at ply 20. */
static Score eval_at_ply(const char *fen_without_ply, int ply) {
    char fen[128];
    snprintf(fen, sizeof fen, "%s %d", fen_without_ply, ply);
    return eval_of(fen);
}

START_TEST(evaluation_keeps_its_judgement_late_in_the_game) {
    static const char *const fens[] = {
        "5/7/5/1C3/5/K4/4p2/k4 1 - 0 - 0",  /* Blue far ahead */
        "N4/7/5/5/5/P3P/7/nhkhn 2 - 0 - 0", /* Red ahead */
        "5/7/5/5/5/5/7/5 1 PPPPPPNNHHKCppppppnnhhkc 0 - 0",
    };
    for (size_t i = 0; i < sizeof fens / sizeof fens[0]; i++) {
        Score early = eval_at_ply(fens[i], 20);
        ck_assert_int_ne(early, 0);
        ck_assert_int_eq(eval_at_ply(fens[i], 600), early);
        ck_assert_int_eq(eval_at_ply(fens[i], 5000), early);
    }
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    return RUN_TESTS("mkc_eval", 0, ONCE(red_lead_shrinks_when_blue_runs_out_of_moves),
                     ONCE(one_lasting_blue_piece_lets_the_pilgrim_advance),
                     ONCE(goblin_king_keeps_its_value_when_blue_is_far_ahead),
                     ONCE(goblin_king_on_reds_half_is_exposed_to_drops), ONCE(a_lancer_on_rank_1_has_no_moves_left),
                     ONCE(blue_lead_shrinks_against_a_lone_pilgrim), ONCE(a_pinned_celestial_is_no_spare),
                     ONCE(blue_far_ahead_is_paid_for_reds_celestial_gone), ONCE(blue_lead_pays_for_caging_the_pilgrim),
                     ONCE(evaluation_keeps_its_judgement_late_in_the_game));
}
