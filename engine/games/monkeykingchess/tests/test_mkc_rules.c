/* test_mkc_rules.c — each rule of Monkey King Chess on a position made for it: drops,
 * flips, clouds and flights, the immobilizer, burials, Fists and the extra step, the exit,
 * checkmate and the stalemate rule, what is progress, the end's precedence and its words, the
 * mirror's clouds and rivers; the reference agrees on each. */
#include "engine/games/monkeykingchess/mkc.h"
#include "mkc_reference.h"
#include "testutil.h"

static const GameOps *G;

static GameConfig cfg_of(int diagonal, int limit) {
    GameConfig c = {{diagonal, limit}};
    return c;
}

static void load(GamePos *p, const char *fen, int diagonal) {
    char err[ERR_STR_MAX];
    GameConfig cfg = cfg_of(diagonal, 150);
    ck_assert_msg(G->parse_pos(p, fen, &cfg, err), "parse '%s': %s", fen, err);
}

static bool listed(const GamePos *p, const char *move) {
    Move list[MAX_MOVES];
    int n = G->gen_moves(p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        char s[MOVE_STR_MAX];
        G->print_move(p, list[i], s);
        if (!strcmp(s, move)) return true;
    }
    return false;
}

/* The moves of a position, checked against the reference as well. */
static void moves_of(const char *fen, int diagonal, char *out) {
    GamePos p;
    static char ref[65536];
    load(&p, fen, diagonal);
    moves_text(G, &p, out);
    MkcRefCfg rc = {diagonal, 150};
    mkc_ref_moves(fen, &rc, ref);
    ck_assert_str_eq(out, ref);
}

static void expect_moves(const char *fen, const char *want) {
    static char got[65536];
    moves_of(fen, 0, got);
    ck_assert_str_eq(got, want);
}

static void play_to(GamePos *p, const char *move, const char *want_fen) {
    char fen[POS_STR_MAX];
    play(G, p, move);
    G->print_pos(p, fen);
    ck_assert_str_eq(fen, want_fen);
}

START_TEST(start_is_drops_on_own_half) {
    GameConfig cfg = cfg_of(0, 150);
    GamePos p;
    G->startpos(&p, &cfg);
    ck_assert_int_eq((int)G->count_moves(&p), 100); /* 5 disk kinds x 20 squares */
    ck_assert(listed(&p, "p@a5") && listed(&p, "k@e8") && !listed(&p, "p@a4"));
    play(G, &p, "N@C6"); /* input in any case */
    /* the knight on c6 attacks b4 and d4: the Pilgrim may not be dropped there */
    ck_assert(listed(&p, "k@a4") && !listed(&p, "k@b4") && !listed(&p, "k@d4") && listed(&p, "n@d4"));
    ck_assert(!listed(&p, "n@c5"));
    ck_assert_int_eq((int)G->count_moves(&p), 98);
}
END_TEST

START_TEST(flips_need_the_river_and_the_king) {
    /* Blue pawn on c5 (blue river): a pawn step, or as Sea Serpent a knight jump */
    expect_moves("K4/7/5/2P2/5/5/7/k4 1 - 0 - 0 1",
                 "a8a7 a8b7 a8b8 c5a4=s c5a6=s c5b3=s c5b7=s c5c4 c5d3=s c5d7=s c5e4=s c5e6=s");
    /* without the Goblin King on the board no Blue disk flips */
    expect_moves("5/7/5/2P2/5/5/7/k4 1 K 0 - 0 1", "c5c4 k@a5 k@a6 k@a7 k@a8 k@b5 k@b6 k@b7 k@b8 k@c6 k@c7 "
                                                   "k@c8 k@d5 k@d6 k@d7 k@d8 k@e5 k@e6 k@e7 k@e8");
}
END_TEST

START_TEST(clouds_and_flights) {
    /* Goblin General on a5 (blue river): ferz moves, or fly to the blue cloud */
    expect_moves("K4/7/5/G4/5/5/7/k4 1 - 0 - 0 1",
                 "a5b3=n a5b4 a5b6 a5b7=n a5c4=n a5c6=n a5q7 a5r7 a8a7 a8b7 a8b8"); /* or a knight again */
    /* on q7 (dark): down to any empty dark earth square, across to r2 (dark), not to r7 */
    static char got[65536];
    moves_of("K4/5G1/5/5/5/5/7/k4 1 - 0 - 0 1", 0, got);
    ck_assert_ptr_nonnull(strstr(got, "q7r2"));
    ck_assert_ptr_null(strstr(got, "q7r7"));
    ck_assert_ptr_nonnull(strstr(got, "q7c1"));
    ck_assert_ptr_null(strstr(got, "q7b1"));
    /* a Blue Lancer flies between clouds only from the blue cloud to the red one */
    moves_of("K4/5L1/5/5/5/5/7/k4 1 - 0 - 0 1", 0, got);
    ck_assert_ptr_nonnull(strstr(got, "q7r2"));
    moves_of("K4/7/5/5/5/5/6L/k4 1 - 0 - 0 1", 0, got);
    ck_assert_ptr_null(strstr(got, "r2q7"));
    ck_assert_ptr_nonnull(strstr(got, "r2e1"));
    /* the Blue Celestial captures within a cloud; nothing else moves within one */
    moves_of("K4/5Cm/5/5/5/5/7/k4 1 - 0 - 0 1", 0, got);
    ck_assert_ptr_nonnull(strstr(got, "q7r7"));
    /* with RiverSquares=diagonal, b4 is a red river square: up to the red cloud */
    moves_of("4K/7/5/5/1m3/5/7/k4 2 - 0 - 0 1", 1, got);
    ck_assert_ptr_nonnull(strstr(got, "b4q2"));
    moves_of("4K/7/5/5/1m3/5/7/k4 2 - 0 - 0 1", 0, got);
    ck_assert_ptr_nonnull(strstr(got, "b4r2"));
    moves_of("4K/7/5/5/5/1m3/7/k4 2 - 0 - 0 1", 0, got);
    ck_assert_ptr_null(strstr(got, "b3r2"));
}
END_TEST

START_TEST(immobilizer) {
    /* the Celestial on a1 holds the knight on a4: it neither moves nor checks */
    GamePos p;
    load(&p, "K4/7/5/5/N4/5/1k5/c4 2 - 0 - 0 1", 0);
    ck_assert(!G->in_check(&p));
    ck_assert(listed(&p, "a1a2"));  /* still holds the knight */
    ck_assert(!listed(&p, "a1b1")); /* would free it, and it attacks b2 */
    load(&p, "K4/7/5/5/N4/5/1k5/c4 1 - 0 - 0 1", 0);
    ck_assert(!listed(&p, "a4b2") && !listed(&p, "a4c5") && listed(&p, "a8b8"));
    /* on a cloud the Celestial holds the other square of its cloud */
    load(&p, "K4/5cG/5/5/5/5/7/k4 1 - 0 - 0 1", 0);
    ck_assert(!listed(&p, "r7a2"));
    /* Red pieces are never held; but a move that lets the Celestial hold Blue's last
     * piece (the King on a8, once the knight leaves the file) is illegal */
    load(&p, "4K/7/5/5/n4/5/7/c3k 2 - 0 - 0 1", 0);
    ck_assert(listed(&p, "a4b6"));
    load(&p, "K4/7/5/5/n4/5/7/c3k 2 - 0 - 0 1", 0);
    ck_assert(!listed(&p, "a4b6") && listed(&p, "a4a7=l"));
}
END_TEST

START_TEST(burial) {
    /* the Red knight takes the Blue Celestial: both leave, a Blue Mountain stands on b1 */
    GamePos p;
    load(&p, "K4/7/5/5/5/2C2/7/1n2k 2 - 0 - 7 20", 0);
    play_to(&p, "b1c3", "K4/7/5/5/5/5/7/1X2k 1 - 0 - 0 21");
    /* nothing takes or passes a Mountain */
    load(&p, "K4/7/5/5/5/5/7/C2xk 1 - 0 - 0 1", 0);
    ck_assert(listed(&p, "a1c1") && !listed(&p, "a1d1"));
    /* a Mountain on a river square flips back to its Celestial and moves as one */
    load(&p, "K4/7/5/5/X4/5/7/4k 1 - 0 - 0 1", 0);
    ck_assert(listed(&p, "a4e4=c") && listed(&p, "a4a7=c") && listed(&p, "a4q2=c") && !listed(&p, "a4a5"));
}
END_TEST

START_TEST(fists_and_extra_step) {
    GamePos p;
    /* hero on c4 (red river) flips to a Fists token; the Monkey King then moves again */
    load(&p, "4K/7/5/5/2h2/5/2m4/k4 2 - 0 - 0 10", 0);
    ck_assert(listed(&p, "c4c4=f"));
    play_to(&p, "c4c4=f", "4K/7/5/5/5/5/2m4/k4 2 - 1 x 0 11");
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    ck_assert(listed(&p, "end") && listed(&p, "c2d3") && !listed(&p, "a1a2"));
    play_to(&p, "c2d3", "4K/7/5/5/5/3m1/7/k4 1 - 0 - 1 12"); /* the token is spent */
    /* end closes the turn; a token is never spent before the regular move */
    load(&p, "4K/7/5/5/5/5/2p4/k4 2 - 1 - 0 10", 0);
    ck_assert(!listed(&p, "end"));
    play_to(&p, "c2c3", "4K/7/5/5/5/2p2/7/k4 1 - 1 - 1 11"); /* no Monkey King: no extra step */
    load(&p, "4K/7/5/5/5/5/2m4/k4 2 - 2 x 3 10", 0);
    play_to(&p, "end", "4K/7/5/5/5/5/2m4/k4 1 - 2 - 4 11");
}
END_TEST

START_TEST(exit_wins_for_red) {
    GamePos p;
    load(&p, "2k2/7/5/5/5/5/7/K4 2 - 0 - 0 30", 0);
    ck_assert(listed(&p, "c8c9"));
    ck_assert(G->winning_move(&p) != MOVE_NONE);
    play_to(&p, "c8c9", "5/7/5/5/5/5/7/K4 1 - 0 - 1 31");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "the Pilgrim escaped from rank 8");
    ck_assert_int_eq((int)G->count_moves(&p), 0);
}
END_TEST

START_TEST(checkmate_and_no_move_draws) {
    GamePos p;
    /* the Pilgrim on a1, in check from the Celestial on a8, every flight covered */
    load(&p, "C4/7/5/5/5/5/2K4/k4 2 - 0 - 0 30", 0);
    ck_assert(G->in_check(&p));
    ck_assert_int_eq((int)G->count_moves(&p), 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "checkmate");
    /* no move without check is a draw, for either side */
    load(&p, "5/7/5/5/5/5/2K4/k4 2 - 0 - 0 30", 0); /* a2 is free */
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_str_eq(reason_of(G, &p), "");
    load(&p, "X4/7/5/5/5/5/7/k4 1 - 0 - 0 30", 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "Blue has no legal move");
    /* Red, not in check, with no move: the pawn on a2 blocked by a knight, b1 and b2
     * covered by the Goblin King */
    load(&p, "5/7/5/5/5/N4/p1K4/k4 2 - 0 - 0 30", 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_str_eq(reason_of(G, &p), "Red has no legal move and is not in check");
}
END_TEST

START_TEST(stalemating_moves_are_illegal) {
    GamePos p;
    /* Ne4-c3 would leave the Pilgrim on a1 no move without being in check */
    load(&p, "5/7/5/5/4N/5/7/k1K2 1 - 0 - 0 30", 0);
    ck_assert(!listed(&p, "e4c3") && listed(&p, "e4d2"));
    /* the Celestial would hold Blue's only piece: that Red move is illegal */
    load(&p, "4K/c6/5/5/5/5/7/k4 2 - 0 - 0 30", 0);
    ck_assert(!listed(&p, "a7a8") && listed(&p, "a7a6"));
    /* the exit is always legal, even when it leaves Blue nothing */
    load(&p, "k3K/c6/5/5/5/5/7/5 2 - 0 - 0 30", 0);
    ck_assert(listed(&p, "a8a9"));
}
END_TEST

START_TEST(flip_capture_of_the_pilgrim) {
    /* a capture only a flip can make is no attack: the Pilgrim may stand there, and the
     * Hero on d7 (blue river with RiverSquares=diagonal) turning Lancer takes it */
    GamePos p;
    char err[ERR_STR_MAX];
    GameConfig diag = cfg_of(1, 150);
    ck_assert(G->parse_pos(&p, "K4/3H3/5/3k1/5/5/7/4p 1 - 0 - 0 30", &diag, err));
    ck_assert(listed(&p, "d7d5=l"));
    play(G, &p, "d7d5=l");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Blue took the Pilgrim");
    /* ... but not when Red would be left without any move at all */
    ck_assert(G->parse_pos(&p, "K4/3H3/5/3k1/5/5/7/4x 1 - 0 - 0 30", &diag, err));
    ck_assert(!listed(&p, "d7d5=l"));
}
END_TEST

START_TEST(no_progress_limit_and_precedence) {
    GamePos p;
    char err[ERR_STR_MAX];
    GameConfig cfg = cfg_of(0, 20);
    ck_assert(G->parse_pos(&p, "4K/7/5/5/5/5/2m4/k4 2 - 0 - 20 40", &cfg, err));
    ck_assert_int_eq((int)G->count_moves(&p), 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_int_eq(G->progress_left(&p), 0);
    ck_assert_str_eq(reason_of(G, &p), "20 plies without a capture, drop or Fists");
    /* checkmate outranks the counter */
    ck_assert(G->parse_pos(&p, "C4/7/5/5/5/5/2K4/k4 2 - 0 - 25 40", &cfg, err));
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "checkmate");
    /* a drop resets the counter; other plies count */
    ck_assert(G->parse_pos(&p, "4K/7/5/5/5/5/2m4/k4 2 p 0 - 5 40", &cfg, err));
    play_to(&p, "c2d3", "4K/7/5/5/5/3m1/7/k4 1 p 0 - 6 41");
    play_to(&p, "e8d8", "3K1/7/5/5/5/3m1/7/k4 2 p 0 - 7 42");
    play_to(&p, "p@b1", "3K1/7/5/5/5/3m1/7/kp3 1 - 0 - 0 43");
    cfg = cfg_of(0, 0); /* off */
    ck_assert(G->parse_pos(&p, "4K/7/5/5/5/5/2m4/k4 2 - 0 - 5000 40", &cfg, err));
    ck_assert(G->count_moves(&p) > 0);
}
END_TEST

/* Progress is only what cannot be undone (rules §8, amended 2026-11-25): a capture, a
 * Celestial's capture, a drop, a hero turned into Fists; any other flip counts on. */
START_TEST(what_is_progress) {
    GamePos p;
    /* flips with a move, a flight or a Mountain's flip back to its Celestial: no progress */
    load(&p, "4K/7/5/5/2m2/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "c4c5=p", "4K/7/5/2p2/5/5/7/k4 1 - 0 - 10 41");
    load(&p, "4K/7/5/1L3/5/5/7/k4 1 - 0 - 9 40", 0);
    play_to(&p, "b5c4=h", "4K/7/5/5/2H2/5/7/k4 2 - 0 - 10 41");
    play_to(&p, "a1a2", "4K/7/5/5/2H2/5/k6/5 1 - 0 - 11 42");
    play_to(&p, "c4q2=l", "4K/7/5/5/5/5/k4L1/5 2 - 0 - 12 43");
    load(&p, "4K/7/5/5/x4/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "a4a3=c", "4K/7/5/5/5/c4/7/k4 1 - 0 - 10 41");
    /* a capture by a flip move, a Celestial's capture, a hero to Fists: progress */
    load(&p, "4K/7/5/3P1/2m2/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "c4d5", "4K/7/5/3m1/5/5/7/k4 1 - 0 - 0 41");
    load(&p, "4K/7/5/3P1/2p2/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "c4d5=m", "4K/7/5/3m1/5/5/7/k4 1 - 0 - 0 41");
    load(&p, "4K/7/5/3C1/2m2/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "c4d5", "4K/7/5/5/2X2/5/7/k4 1 - 0 - 0 41");
    load(&p, "4K/7/5/5/2h2/5/7/k4 2 - 0 - 9 40", 0);
    play_to(&p, "c4c4=f", "4K/7/5/5/5/5/7/k4 1 - 1 - 0 41");
    /* the reference agrees */
    MkcRefCfg rc = {0, 150};
    char out[MKC_REF_FEN_MAX];
    ck_assert(mkc_ref_play("4K/7/5/5/2m2/5/7/k4 2 - 0 - 9 40", &rc, "c4c5=p", out));
    ck_assert_str_eq(out, "4K/7/5/2p2/5/5/7/k4 1 - 0 - 10 41");
    ck_assert(mkc_ref_play("4K/7/5/3P1/2p2/5/7/k4 2 - 0 - 9 40", &rc, "c4d5=m", out));
    ck_assert_str_eq(out, "4K/7/5/3m1/5/5/7/k4 1 - 0 - 0 41");
}
END_TEST

/* Plays the two cycles of moves in turn from fen (counter 0) until the game ends: it must
 * end by the no-progress limit (150) exactly, a draw, every flip counted on; the reference
 * plays the same moves to the same positions and the same end. */
static void cycle_to_limit(const char *fen, const char *const *blue, int nb, const char *const *red, int nr) {
    GamePos p;
    MkcRefCfg rc = {0, 150};
    char ref[MKC_REF_FEN_MAX], got[POS_STR_MAX], next[MKC_REF_FEN_MAX];
    int flips = 0, ib = 0, ir = 0;
    load(&p, fen, 0);
    strcpy(ref, fen);
    for (int ply = 0; ply < 150; ply++) {
        ck_assert_msg(game_result(G, &p) == RESULT_NONE, "%s: over at ply %d", fen, ply);
        ck_assert_int_eq(((const MKCPos *)&p)->np, ply);
        ck_assert_int_eq(G->repeat_window(&p), ply);
        ck_assert_int_eq(G->progress_left(&p), 150 - ply);
        const char *m = G->player_to_move(&p) == PLAYER_1 ? blue[ib++ % nb] : red[ir++ % nr];
        flips += strchr(m, '=') != NULL;
        play(G, &p, m);
        ck_assert_msg(mkc_ref_play(ref, &rc, m, next), "reference: %s illegal in %s", m, ref);
        strcpy(ref, next);
        G->print_pos(&p, got);
        ck_assert_str_eq(got, ref);
    }
    ck_assert_int_ge(flips, 50);
    ck_assert_int_eq(G->progress_left(&p), 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_int_eq((int)G->count_moves(&p), 0);
    ck_assert_int_eq(mkc_ref_result(ref, &rc), 3);
    ck_assert_int_eq((int)mkc_ref_perft(ref, &rc, 1), 0);
}

/* The games of thousands of plies: a disk on the river flipping there and back. */
START_TEST(flips_back_and_forth_end_at_the_limit) {
    /* a Monkey King and its pawn face round c4 c5 d4 d5, the Goblin King to and fro */
    static const char *const king_to_and_fro[] = {"e8d8", "d8e8"};
    static const char *const monkey[] = {"c4c5=p", "c5d4=m", "d4d5=p", "d5c4=m"};
    cycle_to_limit("4K/7/5/5/2m2/5/7/k4 1 - 0 - 0 0", king_to_and_fro, 2, monkey, 4);
    /* a Phoenix Lancer and its knight face round b4 b5 d4 d5 */
    static const char *const phoenix[] = {"b4b5=l", "b5d4=n", "d4d5=l", "d5b4=n"};
    cycle_to_limit("4K/7/5/5/1n3/5/7/k4 1 - 0 - 0 0", king_to_and_fro, 2, phoenix, 4);
    /* a Goblin Lancer: to a hero-foe on c4, back to a Lancer flying to the red cloud, down
     * to b5 again; the Pilgrim to and fro */
    static const char *const goblin[] = {"b5c4=h", "c4q2=l", "q2b5"};
    static const char *const pilgrim[] = {"a1a2", "a2a1"};
    cycle_to_limit("4K/7/5/1L3/5/5/7/k4 1 - 0 - 0 0", goblin, 3, pilgrim, 2);
    /* a Goblin General and its knight face round b5 c4 e5 d4 */
    static const char *const general[] = {"b5c4=g", "c4e5=n", "e5d4=g", "d4b5=n"};
    cycle_to_limit("4K/7/5/1N3/5/5/7/k4 1 - 0 - 0 0", general, 4, pilgrim, 2);
}
END_TEST

/* A position string without the Pilgrim, on the board or in hand: the game is over; Blue
 * deciding next means it left by the exit (Red won), Red deciding next that a Blue flip
 * move took it (Blue won). Nobody moves; the reference reads it the same way. */
START_TEST(no_pilgrim_means_the_game_is_over) {
    GamePos p;
    MkcRefCfg rc = {0, 150};
    static const char *const after_exit = "5/7/5/5/5/5/7/K4 1 - 0 - 3 9", *const taken = "5/7/5/5/5/5/7/K4 2 - 0 - 3 9";
    load(&p, after_exit, 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "the Pilgrim escaped from rank 8");
    ck_assert_int_eq((int)G->count_moves(&p), 0);
    ck_assert_int_eq(mkc_ref_result(after_exit, &rc), 2);
    load(&p, taken, 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Blue took the Pilgrim");
    ck_assert_int_eq((int)G->count_moves(&p), 0);
    ck_assert_int_eq(mkc_ref_result(taken, &rc), 1);
    /* the win outranks the counter */
    load(&p, "5/7/5/5/5/5/7/K4 2 - 0 - 150 300", 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "Blue took the Pilgrim");
    /* a Pilgrim in hand is still in the game */
    load(&p, "5/7/5/5/5/5/7/K4 2 k 0 - 3 9", 0);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
}
END_TEST

/* The mirror keeps the clouds and colours (a cloud square stays where it is, an earth
 * square keeps its colour) and needs rivers symmetric themselves: both options' are, and a
 * position whose rivers were not would have no twin, left as it is. */
START_TEST(mirror_clouds_and_rivers) {
    GamePos p, m;
    char fen[POS_STR_MAX];
    load(&p, "1K3/5G1/5/5/5/5/l4c1/5 1 - 0 - 4 20", 0);
    m = p;
    ck_assert(G->mirror(&m));
    G->print_pos(&m, fen);
    ck_assert_str_eq(fen, "3K1/5G1/5/5/5/5/4lc1/5 1 - 0 - 4 20");
    for (int diagonal = 0; diagonal < 2; diagonal++) {
        load(&p, "5/7/5/5/5/5/7/5 1 PPPPPPNNHHKCppppppnnhhkc 0 - 0 0", diagonal);
        m = p;
        ck_assert(G->mirror(&m) && !memcmp(&m, &p, sizeof(MKCPos)));
        ((MKCPos *)&p)->river[RED] ^= 1; /* a1 alone: e1 stays */
        m = p;
        ck_assert(!G->mirror(&m) && !memcmp(&m, &p, sizeof m));
    }
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    return RUN_TESTS("mkc_rules", 0, ONCE(start_is_drops_on_own_half), ONCE(flips_need_the_river_and_the_king),
                     ONCE(clouds_and_flights), ONCE(immobilizer), ONCE(burial), ONCE(fists_and_extra_step),
                     ONCE(exit_wins_for_red), ONCE(checkmate_and_no_move_draws), ONCE(mirror_clouds_and_rivers),
                     ONCE(stalemating_moves_are_illegal), ONCE(flip_capture_of_the_pilgrim),
                     ONCE(no_progress_limit_and_precedence), ONCE(what_is_progress),
                     ONCE(flips_back_and_forth_end_at_the_limit), ONCE(no_pilgrim_means_the_game_is_over));
}
