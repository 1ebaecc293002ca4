/* test_mq_rules.c — every rule of Monkey Queen on a small hand-made position: queen and
 * baby moves, captures, the game's end and its reason, the pie rule and players after a swap. */
#include "testutil.h"

static const GameOps *G;

/* Sorts the space-separated words of a move list, as moves_text does. */
static void sort_words(const char *in, char *out) {
    static char words[512][MOVE_STR_MAX];
    char buf[8192];
    int n = 0;
    snprintf(buf, sizeof buf, "%s", in);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) snprintf(words[n++], MOVE_STR_MAX, "%s", t);
    qsort(words, (size_t)n, MOVE_STR_MAX, cmp_str);
    out[0] = 0;
    for (int i = 0; i < n; i++) strcat(strcat(out, i ? " " : ""), words[i]);
}

static void expect_moves(const char *pieces, char side, const char *want) {
    GamePos p;
    char got[8192], sorted[8192];
    setup(G, &p, pieces, side);
    moves_text(G, &p, got);
    sort_words(want, sorted);
    ck_assert_str_eq(got, sorted);
}

static void expect_after(const char *pieces, char side, const char *move, const char *after,
                         char after_side) {
    GamePos p;
    char want[1024], got[1024];
    setup(G, &p, pieces, side);
    play(G, &p, move);
    build_fen(want, after, after_side, '-', 11);
    fen_of(G, &p, got);
    ck_assert_str_eq(got, want);
}

START_TEST(height_two_queen_only_captures) {
    /* d4 sees the baby on d8 and the queen on j10; nothing else it may do. */
    expect_moves("I2:d4 c:d8 C5:j10", 'i', "d4d8 d4j10");
}
END_TEST

START_TEST(height_three_queen_gives_birth) {
    expect_after("I3:d4 C5:j12", 'i', "d4d5", "i:d4 I2:d5 C5:j12", 'c');
    /* and the new height-2 queen can no longer make a quiet move */
    GamePos p;
    setup(G, &p, "i:d4 I2:d5 C5:j12", 'i');
    ck_assert_uint_eq(G->parse_move(&p, "d5d6"), MOVE_NONE);
}
END_TEST

START_TEST(capturing_queen_leaves_no_baby) {
    expect_after("I5:d4 c:d8 C5:j12", 'i', "d4d8", "I5:d8 C5:j12", 'c');
    expect_after("I5:d4 C3:j10 c:a1", 'c', "a1d4", "c:d4 C3:j10", 'i');
}
END_TEST

START_TEST(baby_moves_strictly_closer) {
    /* Figure 6: baby i5, enemy queen f6 (squared distance 10). c5, g3, e9, i7 are at the
     * same distance and so illegal; j5, i4, j6 are farther. */
    expect_moves("C5:f6 i:i5 I5:a12", 'i',
                 "a12a11 a12a10 a12a9 a12a8 a12a7 a12a6 a12a5 a12a4 a12a3 a12a2 a12a1 "
                 "a12b12 a12c12 a12d12 a12e12 a12f12 a12g12 a12h12 a12i12 a12j12 a12k12 a12l12 "
                 "a12b11 a12c10 a12d9 a12e8 a12f7 a12g6 a12h5 a12i4 a12j3 a12k2 a12l1 "
                 "i5d5 i5e5 i5f5 i5f8 i5g5 i5g7 i5h4 i5h5 i5h6 i5i6");
    GamePos p;
    setup(G, &p, "C5:f6 i:i5 I5:a12", 'i');
    ck_assert_uint_eq(G->parse_move(&p, "i5c5"), MOVE_NONE);
    ck_assert_uint_eq(G->parse_move(&p, "i5g3"), MOVE_NONE);
    ck_assert_uint_ne(G->parse_move(&p, "i5d5"), MOVE_NONE);
}
END_TEST

static void expect_noisy(const char *pieces, char side, const char *want) {
    GamePos p;
    Move list[MAX_MOVES];
    char names[64][MOVE_STR_MAX], got[1024] = "";
    setup(G, &p, pieces, side);
    int n = G->gen_moves(&p, list, GEN_NOISY);
    ck_assert_int_le(n, 64);
    for (int i = 0; i < n; i++) {
        ck_assert(G->is_noisy(&p, list[i]));
        G->print_move(&p, list[i], names[i]);
    }
    qsort(names, (size_t)n, MOVE_STR_MAX, cmp_str);
    for (int i = 0; i < n; i++) strcat(strcat(got, i ? " " : ""), names[i]);
    ck_assert_str_eq(got, want);
}

START_TEST(baby_captures_anywhere_in_sight) {
    /* A capture need not bring the baby closer: c5 takes c1, moving away from l12. */
    expect_noisy("i:c5 c:c1 C2:l12 I2:a7", 'i', "c5c1");
    GamePos p;
    setup(G, &p, "i:c5 c:c1 C2:l12 I2:a7", 'i');
    ck_assert_uint_ne(G->parse_move(&p, "c5c1"), MOVE_NONE);
    ck_assert_uint_eq(G->parse_move(&p, "c5c4"), MOVE_NONE); /* quiet and farther */
}
END_TEST

START_TEST(own_pieces_block_and_nothing_jumps) {
    /* The queen on a1 sees neither a3 (behind a2) nor l12 (behind b2); b2 sees both. */
    expect_noisy("I2:a1 i:a2 c:a3 C2:l12 i:b2", 'i', "a2a3 b2a3 b2l12");
    GamePos p;
    setup(G, &p, "I2:a1 i:a2 c:a3 C2:l12 i:b2", 'i');
    ck_assert_uint_eq(G->parse_move(&p, "a1a3"), MOVE_NONE);
    ck_assert_uint_eq(G->parse_move(&p, "a1l12"), MOVE_NONE);
    ck_assert_uint_eq(G->parse_move(&p, "a1a2"), MOVE_NONE);
}
END_TEST

START_TEST(queen_capture_ends_the_game) {
    GamePos p;
    setup(G, &p, "I5:d4 C3:d8", 'i');
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_str_eq(reason_of(G, &p), "");
    play(G, &p, "d4d8");
    ck_assert_int_eq(G->terminal(&p), OUTCOME_LOSS);
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Cigar's queen captured");
    ck_assert_uint_eq(G->count_moves(&p), 0);
    Move list[MAX_MOVES];
    ck_assert_int_eq(G->gen_moves(&p, list, GEN_ALL), 0);
    /* a baby may kill the queen too */
    setup(G, &p, "i:d4 I3:a1 C3:d8", 'i');
    play(G, &p, "d4d8");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    setup(G, &p, "I3:a1 C3:d8 c:a12", 'c');
    play(G, &p, "a12a1");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Ivory's queen captured");
}
END_TEST

START_TEST(no_moves_loses) {
    /* Figure 8: a height-2 queen, no babies, nothing in sight: Ivory cannot move. */
    GamePos p;
    setup(G, &p, "I2:a1 C5:c12 c:l2", 'i');
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert_int_eq(G->terminal(&p), OUTCOME_ONGOING);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Ivory has no legal move");
    /* the same for Cigar; with a baby, Cigar could move */
    setup(G, &p, "C2:a12 I5:c1 i:l11", 'c');
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Cigar has no legal move");
    setup(G, &p, "C2:a12 c:b1 I5:c3", 'c');
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_str_eq(reason_of(G, &p), "");
}
END_TEST

START_TEST(only_move_capture_then_loss) {
    /* Figure 9: Ivory's only move kills the baby on a5, and Cigar's queen then kills it. */
    GamePos p;
    setup(G, &p, "I2:a1 c:a5 C5:l5", 'i');
    char got[8192];
    moves_text(G, &p, got);
    ck_assert_str_eq(got, "a1a5");
    play(G, &p, "a1a5");
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    play(G, &p, "l5a5");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
}
END_TEST

START_TEST(swap_only_on_second_turn) {
    GameConfig on = mq_cfg(1, 20, 20), off = mq_cfg(0, 20, 20);
    GamePos p;
    G->startpos(&p, &on);
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);
    ck_assert_uint_eq(G->count_moves(&p), 33);
    play(G, &p, "g1g7");
    ck_assert_uint_ne(G->parse_move(&p, "swap"), MOVE_NONE);
    play(G, &p, "f12f11");
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);
    play(G, &p, "g7g6");
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);

    G->startpos(&p, &on);
    play(G, &p, "g1g7");
    play(G, &p, "swap");
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);

    G->startpos(&p, &off);
    play(G, &p, "g1g7");
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);
    ck_assert_uint_eq(G->is_legal(&p, G->parse_move(&p, "f12f11")), 1);

    /* the position string decides: "a" allows it (with PieRule on), "-" does not */
    char fen[1024];
    build_fen(fen, "i:g1 I19:g7 C20:f12", 'c', 'a', 1);
    parse_ok(G, &p, fen, 1);
    ck_assert_uint_ne(G->parse_move(&p, "swap"), MOVE_NONE);
    parse_ok(G, &p, fen, 0);
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);
    build_fen(fen, "i:g1 I19:g7 C20:f12", 'c', '-', 1);
    parse_ok(G, &p, fen, 1);
    ck_assert_uint_eq(G->parse_move(&p, "swap"), MOVE_NONE);
}
END_TEST

START_TEST(players_after_swap) {
    GameConfig on = mq_cfg(1, 20, 20);
    GamePos p;
    char fen[1024];
    G->startpos(&p, &on);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    play(G, &p, "g1g7");
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    Key before = G->key(&p);
    play(G, &p, "swap");
    /* Cigar is still to move on the same board, but it is now player 1's turn */
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert(G->key(&p) != before);
    fen_of(G, &p, fen);
    ck_assert_str_eq(fen, "5C[20]6/12/12/12/12/6I[19]5/12/12/12/12/12/6i5 c s 2");
    play(G, &p, "f12f11"); /* replies are written in the real board's coordinates */
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    play(G, &p, "g7g6"); /* Ivory, played by player 2 now */
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);

    build_fen(fen, "I4:c3 C4:c9", 'c', 's', 7);
    parse_ok(G, &p, fen, 1);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_1);
    play(G, &p, "c9c3");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    /* the reason names colours: player 1, playing Cigar, killed Ivory's queen */
    ck_assert_str_eq(reason_of(G, &p), "Ivory's queen captured");
    build_fen(fen, "I4:c3 C4:c9", 'i', 's', 7);
    parse_ok(G, &p, fen, 1);
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    play(G, &p, "c3c9");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Cigar's queen captured");
    /* after the swap Ivory is player 2: its queen stuck at height two loses for player 2 */
    build_fen(fen, "I2:a1 C5:c12 c:l2", 'i', 's', 9);
    parse_ok(G, &p, fen, 1);
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Ivory has no legal move");
}
END_TEST

START_TEST(start_heights_follow_options) {
    GameConfig cfg = mq_cfg(1, 2, 99);
    GamePos p;
    char fen[1024];
    G->startpos(&p, &cfg);
    fen_of(G, &p, fen);
    ck_assert_str_eq(fen, "5C[99]6/12/12/12/12/12/12/12/12/12/12/6I[2]5 i w 0");
    /* a height-2 queen with nothing in sight: Ivory cannot move and loses at once */
    ck_assert_uint_eq(G->count_moves(&p), 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Ivory has no legal move");
}
END_TEST

int main(void) {
    G = game_default();
    return RUN_TESTS("mq_rules", 0, ONCE(height_two_queen_only_captures), ONCE(height_three_queen_gives_birth),
                     ONCE(capturing_queen_leaves_no_baby), ONCE(baby_moves_strictly_closer),
                     ONCE(baby_captures_anywhere_in_sight), ONCE(own_pieces_block_and_nothing_jumps),
                     ONCE(queen_capture_ends_the_game), ONCE(no_moves_loses), ONCE(only_move_capture_then_loss),
                     ONCE(swap_only_on_second_turn), ONCE(players_after_swap), ONCE(start_heights_follow_options));
}
