/* test_zoo_rules.c — Zoo Contest's rules on hand-made positions: the start moves, perft on
 * the default and other boards (and mirrored left to right: every size, either game), each
 * way of an elephant's retreat and who decides it, the monkey's shortest retreat, chains,
 * invasions that are refused, spawns and relocations, the long game's Royal marks, the wins
 * and the no-progress draw (in words too), and geometry facts the rules rely on. */
#include "engine/games/zoo/zoo.h"
#include "engine/perft.h"
#include "zoo_testutil.h"

static const GameOps *G;
static const GameConfig DEF = {{5, 5, 0, 200}};

static void load(GamePos *p, const char *fen, const GameConfig *cfg) {
    char err[ERR_STR_MAX];
    ck_assert_msg(G->parse_pos(p, fen, cfg, err), "'%s' refused: %s", fen, err);
}

static void expect_moves(const char *fen, const GameConfig *cfg, const char *want) {
    GamePos p;
    static char got[1 << 16];
    load(&p, fen, cfg);
    moves_text(G, &p, got);
    ck_assert_msg(!strcmp(got, want), "%s\n got: %s\nwant: %s", fen, got, want);
}

/* Plays the space-separated moves from fen and compares the position string reached. */
static void expect_after(const char *fen, const GameConfig *cfg, const char *moves, const char *want) {
    GamePos p;
    char buf[256], got[POS_STR_MAX];
    load(&p, fen, cfg);
    snprintf(buf, sizeof buf, "%s", moves);
    for (char *t = strtok(buf, " "); t; t = strtok(NULL, " ")) play(G, &p, t);
    G->print_pos(&p, got);
    ck_assert_msg(!strcmp(got, want), "%s then %s\n got: %s\nwant: %s", fen, moves, got, want);
}

static bool legal(const char *fen, const GameConfig *cfg, const char *move) {
    GamePos p;
    load(&p, fen, cfg);
    return G->parse_move(&p, move) != MOVE_NONE;
}

START_TEST(start_moves) {
    /* the rules file's list */
    expect_moves("m1s1e/5/5/5/E1S1M 1 Ee - - 0 0", &DEF,
                 "@b1 @d1 @e1 a1a2 a1b1 c1b1 c1b1+d1 c1b2 c1b2+b1 c1b2+d1 c1c2 c1c2+b1 c1c2+d1 c1d1 c1d1+b1 "
                 "c1d2 c1d2+b1 c1d2+d1 e1c1 e1c3 e1d1 e1d2 e1e2 e1e3");
    GamePos p;
    GameConfig c = zoo_cfg(7, 6, 0, 200);
    G->startpos(&p, &c);
    char fen[POS_STR_MAX];
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "m2s2e/7/7/7/7/E2S2M 1 Ee - - 0 0");
    c = zoo_cfg(15, 4, 1, 0);
    G->startpos(&p, &c);
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "m6s6e/15/15/E6S6M 1 Ee - - 0 0");
}
END_TEST

START_TEST(perft_cases) {
    FILE *f = fopen(SIMIA_TEST_DATA "/zoo_perft.txt", "r");
    ck_assert_ptr_nonnull(f);
    char line[2048];
    int cases = 0, twins = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '#' || line[0] == '\n') continue;
        int w, h, lg;
        ck_assert_int_eq(sscanf(line, "%d %d %d", &w, &h, &lg), 3);
        char *a = strchr(line, '|'), *b = strchr(a + 1, '|');
        *b = 0;
        GameConfig cfg = zoo_cfg(w, h, lg, 200);
        GamePos p, m;
        load(&p, a + 2, &cfg);
        /* The board mirrored left to right counts the same, where the position has a twin:
         * exactly when no elephant has its first-move flag. */
        char elephants[8];
        ck_assert_int_eq(sscanf(a + 2, "%*s %*s %7s", elephants), 1);
        m = p;
        bool twin = G->mirror(&m);
        ck_assert(twin == !strcmp(elephants, "-"));
        twins += twin;
        char *s = b + 1;
        for (int d = 1;; d++) {
            char *end;
            long long want = strtoll(s, &end, 10);
            if (end == s) break;
            s = end;
            if (want > 2000000) continue; /* the deepest counts stay for `simia perft` */
            ck_assert_msg(perft(G, &p, d) == (uint64_t)want, "%s depth %d: %llu, expected %lld", a + 2, d,
                          (unsigned long long)perft(G, &p, d), want);
            if (twin)
                ck_assert_msg(perft(G, &m, d) == (uint64_t)want, "%s mirrored, depth %d: %llu, expected %lld", a + 2,
                              d, (unsigned long long)perft(G, &m, d), want);
        }
        cases++;
    }
    fclose(f);
    ck_assert_int_ge(cases, 9);
    ck_assert_int_ge(twins, 3);
}
END_TEST

/* The mirror on every board size, short and long game: random games whose elephants move
 * early (before both have moved a position has no twin, and the mirror leaves it as it is),
 * then at every fifth ply perft 1-3 of the position and of its twin agree, the twin reads
 * back, and the twin's twin is the position. */
START_TEST(mirror_every_size) {
    Prng rng = {test_seed("zoo mirror", 20261127)};
    for (int w = ZOO_MIN_W; w <= ZOO_MAX_W; w += 2)
        for (int h = ZOO_MIN_H; h <= ZOO_MAX_H; h += h < 7 ? 1 : 4)
            for (int lg = 0; lg < 2; lg++) {
                GameConfig cfg = zoo_cfg(w, h, lg, 200);
                GamePos p, m;
                G->startpos(&p, &cfg);
                Move list[MAX_MOVES];
                int checked = 0;
                for (int ply = 0; ply < 40 && G->gen_moves(&p, list, GEN_ALL); ply++) {
                    m = p;
                    bool flags = ((const ZooPos *)&p)->st.eflag != 0;
                    ck_assert(G->mirror(&m) == !flags);
                    if (flags) {
                        ck_assert(!memcmp(&m, &p, sizeof m));
                    } else if (ply % 5 == 0) {
                        char a[POS_STR_MAX], b[POS_STR_MAX], err[ERR_STR_MAX];
                        for (int d = 1; d <= 3; d++) ck_assert_uint_eq(perft(G, &m, d), perft(G, &p, d));
                        G->print_pos(&m, b);
                        GamePos r;
                        ck_assert_msg(G->parse_pos(&r, b, &cfg, err), "%s: %s", b, err);
                        ck_assert(G->mirror(&r));
                        G->print_pos(&r, b), G->print_pos(&p, a);
                        ck_assert_str_eq(a, b);
                        checked++;
                    }
                    GameUndo u;
                    int n = G->gen_moves(&p, list, GEN_ALL), k = (int)prng_below(&rng, (uint32_t)n);
                    for (int i = 0; i < n && flags; i++)
                        if (mv_kind(list[i]) == MK_ELEPHANT) k = i;
                    G->make(&p, list[k], &u);
                }
                ck_assert_msg(checked >= 4, "%dx%d%s: %d twins checked", w, h, lg ? " long" : "", checked);
            }
}
END_TEST

/* Straight away from the square the invader left: no decision, no ply. */
START_TEST(retreat_way1) {
    expect_after("m4/5/2e2/2S2/E3M 1 - - - 0 0", &DEF, "c2c3", "m4/2e2/2S2/5/E3M 2 - - - 1 1");
    /* a spawn invades sideways: away is further along the rank */
    expect_after("4m/5/M4/2Se1/E4 1 - - - 0 0", &DEF, "c2c3+d2", "4m/5/M1S2/3Se/E4 2 - - - 1 1");
    /* a drop invades as if from behind the home row: the elephant goes up a rank */
    expect_after("m4/5/5/4M/E1e2 1 - e - 0 0", &DEF, "@c1", "m4/5/5/2e1M/E1S2 2 - e - 1 1");
}
END_TEST

/* Way 2: the owner chooses among the legal adjacent squares; a chain follows. */
START_TEST(retreat_way2_and_chain) {
    const char *fen = "m4/2s2/2e2/2S2/E3M 1 - - - 0 0";
    expect_after(fen, &DEF, "c2c3", "m4/2s2/2(eS)2/5/E3M 2 - - ec3/1 1 1");
    GamePos p;
    load(&p, fen, &DEF);
    play(G, &p, "c2c3");
    char got[4096];
    moves_text(G, &p, got);
    ck_assert_str_eq(got, "c3b2 c3b3 c3b4 c3c2 c3d2 c3d3 c3d4");
    ck_assert_int_eq(G->player_to_move(&p), PLAYER_2);
    ck_assert(G->in_check(&p)); /* a decision is owed */
    GameUndo u;
    ck_assert(!G->make_null(&p, &u));
    /* next to player 1's monkey: it must retreat, 3 squares (b1 or e4), player 1 decides */
    play(G, &p, "c3d2");
    char fen2[POS_STR_MAX];
    G->print_pos(&p, fen2);
    ck_assert_str_eq(fen2, "m4/2s2/2S2/3e1/E3M 1 - - Me1/1 2 2");
    moves_text(G, &p, got);
    ck_assert_str_eq(got, "e1b1 e1e4");
    play(G, &p, "e1e4");
    G->print_pos(&p, fen2);
    ck_assert_str_eq(fen2, "m4/2s1M/2S2/3e1/E4 2 - - - 3 3");
}
END_TEST

/* Way 3: the owner removes one of his own mice (progress); with one choice it is made at
 * once. Way 4: the attacker removes one of his, so he decides twice in a row. */
START_TEST(retreat_way3_way4) {
    const char *fen3 = "m4/5/4M/ss3/es2E 1 - es - 5 9";
    expect_after(fen3, &DEF, "@a1", "m4/5/4M/ss3/(eS)s2E 2 - es ea1/1 6 10");
    expect_moves("m4/5/4M/ss3/(eS)s2E 2 - es ea1/1 6 10", &DEF, "a1a2 a1b1 a1b2");
    /* player 2 decides the retreat, then moves: player 1 made the regular move */
    expect_after(fen3, &DEF, "@a1 a1b2", "m4/5/4M/se3/Ss2E 2 - es - 0 11");
    /* one mouse of the owner only: removed at once */
    expect_after("m4/5/4M/s(Ss)3/e(Ss)2E 1 - es - 5 9", &DEF, "@a1", "m4/5/4M/e(Ss)3/S(Ss)2E 2 - es - 0 10");
    const char *fen4 = "m4/5/4M/SS3/e(Ss)2E 1 - es - 5 9";
    expect_after(fen4, &DEF, "@a1", "m4/5/4M/SS3/(eS)(Ss)2E 1 - es ea1/1 6 10");
    expect_moves("m4/5/4M/SS3/(eS)(Ss)2E 1 - es ea1/1 6 10", &DEF, "a1a2 a1b2");
    expect_after(fen4, &DEF, "@a1 a1b2", "m4/5/4M/Se3/S(Ss)2E 2 - es - 0 11");
}
END_TEST

/* No retreat at all (off the board, the mover's own elephant, squares of two mice): the
 * invasion is not a legal move. */
START_TEST(invasion_without_retreat) {
    const char *fen = "4m/5/5/(Ss)E3/e(Ss)2M 1 - es - 0 0";
    ck_assert(!legal(fen, &DEF, "@a1"));
    ck_assert(legal(fen, &DEF, "@c1"));
    ck_assert(legal(fen, &DEF, "@e1"));
}
END_TEST

/* The monkey retreats the shortest way: one square if it can, else two, else three. */
START_TEST(monkey_retreat_lengths) {
    GameConfig big = zoo_cfg(7, 7, 0, 200);
    /* length 1: the elephant steps next to the monkey in open space */
    expect_after("2e4/7/3m3/7/3E3/7/6M 1 - - - 0 0", &big, "d3d4", "2e4/7/3m3/3E3/7/7/6M 2 - - md5/1 1 1");
    /* not one square away: the elephant on b2 next to the monkey in the corner a1 */
    GameConfig c5 = zoo_cfg(5, 5, 0, 200);
    expect_moves("4M/5/1E3/5/m3e 1 - Mem - 0 0", &c5,
                 "@b1 @c1 @d1 @e1 b3a2 b3a3 b3a4 b3b2 b3b4 b3c2 b3c3 b3c4 e5c3 e5c5 e5d4 e5d5 e5e3 e5e4");
    GamePos q;
    load(&q, "4M/5/1E3/5/m3e 1 - Mem - 0 0", &c5);
    play(G, &q, "b3b2");
    char fen[POS_STR_MAX];
    G->print_pos(&q, fen);
    /* from a1 past b2: a4 (up 3) or d1 (right 3); never over the elephant */
    ck_assert_str_eq(fen, "4M/5/5/1E3/m3e 2 - Mem ma1/1 1 1");
    char got[1024];
    moves_text(G, &q, got);
    ck_assert_str_eq(got, "a1a4 a1d1");
}
END_TEST

/* A spawn: its square must pass the mouse test after the step; with all four mice on the
 * board one of the other three moves there; never onto the stepping mouse's square. */
START_TEST(spawns_and_relocations) {
    const char *fen = "m3e/5/S1S2/1S3/E2SM 1 Ee - - 0 0";
    GamePos p;
    load(&p, fen, &DEF);
    ck_assert(legal(fen, &DEF, "b2b3+d1a2"));
    ck_assert(legal(fen, &DEF, "b2b3+a3c2"));
    ck_assert(!legal(fen, &DEF, "b2b3+b2c2")); /* the mover is not "additional" */
    ck_assert(!legal(fen, &DEF, "b2b3+c2"));   /* no pool: the relocated mouse is named */
    ck_assert(!legal(fen, &DEF, "b2a2+a2"));   /* onto the stepping mouse's square */
    expect_after(fen, &DEF, "b2b3+d1a2", "m3e/5/SSS2/S4/E3M 2 Ee - - 1 1");
    /* a spawn next to the stepping square is fine, the own elephant's square is not */
    const char *fen2 = "m3e/5/5/5/ES2M 1 Ee - - 0 0";
    ck_assert(!legal(fen2, &DEF, "b1b2+a1"));
    ck_assert(legal(fen2, &DEF, "b1b2+c1"));
    ck_assert(legal(fen2, &DEF, "@e1"));  /* onto the own monkey */
    ck_assert(!legal(fen2, &DEF, "@a1")); /* not onto the own elephant */
}
END_TEST

/* Long game: Royal marks come after the whole move (a Common mouse reaching the far row
 * spawns a Common mouse); a relocated mouse takes the spawner's side; flags at home. */
START_TEST(long_game_marks) {
    GameConfig lg = zoo_cfg(5, 5, 1, 200);
    expect_after("m3e/3S1/5/5/E3M 1 Ee - - 7 7", &lg, "d4d5+c4", "m2Te/2S2/5/5/E3M 2 Ee - - 0 8");
    /* a Royal mouse spawns Royal, and relocates Royal */
    expect_after("m3e/1S3/3T1/S4/E1S1M 1 Ee - - 0 8", &lg, "d3d2+a2c3", "m3e/1S3/2T2/3T1/E1S1M 2 Ee - - 1 9");
    /* a Royal mouse back home sets S */
    expect_after("m3e/5/5/2T2/E3M 1 Ee - - 3 40", &lg, "c2c1", "m3e/5/5/5/E1T1M 2 Ee S - 0 41");
    char err[ERR_STR_MAX];
    GamePos p;
    /* ... the last flag: the long game's win, in its words; and player 2's short-game win */
    load(&p, "m3e/5/5/2T2/F3N 1 - EM - 3 40", &lg);
    play(G, &p, "c2c1");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 1 completed its three goals: a Royal elephant, monkey and mouse on its home row");
    load(&p, "m4/4e/5/1s3/E3M 2 - em - 9 9", &DEF);
    play(G, &p, "b2b1");
    ck_assert_int_eq(game_result(G, &p), RESULT_P2_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 2 completed its three goals: elephant, monkey and a mouse on the far row");
    ck_assert(!G->parse_pos(&p, "m3e/5/5/2T2/E3M 1 Ee - - 3 40", &DEF, err)); /* short game */
    ck_assert_ptr_nonnull(strstr(err, "LongGame"));
}
END_TEST

/* The counter: progress (a flag, a Royal mark, a mouse to the pool) resets it; at the limit
 * the game is drawn and has no moves; a win is checked first. */
START_TEST(no_progress) {
    GameConfig c = zoo_cfg(5, 5, 0, 10);
    GamePos p;
    load(&p, "m3e/5/2S2/5/E3M 1 Ee - - 9 9", &c);
    play(G, &p, "a1a2");
    ck_assert_int_eq(game_result(G, &p), RESULT_DRAW);
    ck_assert_int_eq(G->count_moves(&p), 0);
    ck_assert_int_eq(G->progress_left(&p), 0);
    ck_assert_str_eq(reason_of(G, &p), "10 plies without a goal, Royal or fling");
    /* a fling resets it */
    load(&p, "m3e/5/2s2/5/E1M2 1 Ee - - 9 9", &c);
    play(G, &p, "c1c3");
    char fen[POS_STR_MAX];
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "m3e/5/2M2/5/E4 2 Ee - - 0 10");
    /* the last flag wins even at the limit */
    load(&p, "m3e/1S3/5/4E/4M 1 - EM - 9 9", &c);
    play(G, &p, "b4b5");
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 1 completed its three goals: elephant, monkey and a mouse on the far row");
    /* 0 = off */
    c = zoo_cfg(5, 5, 0, 0);
    load(&p, "m3e/5/2S2/5/E3M 1 Ee - - 999999 999999", &c);
    ck_assert_int_eq(game_result(G, &p), RESULT_NONE);
    ck_assert_str_eq(reason_of(G, &p), "");
}
END_TEST

/* A win with a retreat still pending: the retreat is never made; the side field stays its
 * decider. */
START_TEST(win_with_pending) {
    GamePos p;
    load(&p, "m1se1/2S2/5/5/E3M 1 - EM - 0 20", &DEF);
    play(G, &p, "c4d5"); /* invades e, and reaches the far row: S, the last flag */
    ck_assert_int_eq(game_result(G, &p), RESULT_P1_WIN);
    ck_assert_str_eq(reason_of(G, &p), "player 1 completed its three goals: elephant, monkey and a mouse on the far row");
    ck_assert_int_eq(G->count_moves(&p), 0);
    char fen[POS_STR_MAX];
    G->print_pos(&p, fen);
    ck_assert_str_eq(fen, "m1s(eS)1/5/5/5/E3M 2 - EMS ed5/1 0 21");
}
END_TEST

/* Exhaustively, on every allowed board: a monkey next to (or under) the enemy elephant has
 * a retreat of at most 3 squares; a monkey at rest always has a regular move. */
START_TEST(geometry_facts) {
    for (int w = 5; w <= 15; w += 2)
        for (int h = 4; h <= 15; h++) {
            GameConfig c = zoo_cfg(w, h, 0, 0);
            ZooPos z;
            zoo_clear(&z, &c);
            for (int m = 0; m < ZOO_SQ_NB; m++) {
                if (!zoo_on(&z, m)) continue;
                for (int e = 0; e < ZOO_SQ_NB; e++) {
                    if (!zoo_on(&z, e)) continue;
                    z.st.msq[0] = (uint8_t)m, z.st.esq[1] = (uint8_t)e;
                    uint8_t sq[24];
                    if (zoo_dist(m, e) <= 1)
                        REQUIRE(zoo_monkey_choices(&z, 0, m, sq) > 0, "%dx%d: no retreat from %d (elephant %d)", w, h, m, e);
                    if (zoo_dist(m, e) < 2) continue;
                    int moves = 0;
                    for (int d = 0; d < 8; d++) {
                        int t = m + ZOO_STEP[d];
                        if (!zoo_on(&z, t)) continue;
                        moves += zoo_dist(t, e) >= 2;
                        if (t != e && zoo_on(&z, t + ZOO_STEP[d])) moves += zoo_dist(t + ZOO_STEP[d], e) >= 2;
                    }
                    REQUIRE(moves > 0, "%dx%d: a monkey on %d without a move (elephant %d)", w, h, m, e);
                }
            }
        }
}
END_TEST

/* Keys cover who decides, the flags, the goals and the pending retreat, not the counters. */
START_TEST(keys) {
    GamePos a, b;
    load(&a, "m3e/5/2S2/5/E3M 1 Ee - - 0 0", &DEF);
    load(&b, "m3e/5/2S2/5/E3M 1 Ee - - 17 90", &DEF);
    ck_assert(G->key(&a) == G->key(&b));
    const char *other[] = {"m3e/5/2S2/5/E3M 2 Ee - - 0 0", "m3e/5/2S2/5/E3M 1 E - - 0 0",
                           "m3e/5/2S2/5/E3M 1 e - - 0 0"};
    for (int i = 0; i < 3; i++) {
        load(&b, other[i], &DEF);
        ck_assert_msg(G->key(&a) != G->key(&b), "%s", other[i]);
    }
    /* the same board on another size or in the long game is another game */
    GameConfig c = zoo_cfg(5, 6, 0, 200);
    load(&a, "m3e/5/5/2S2/5/E3M 1 Ee - - 0 0", &c);
    c = zoo_cfg(5, 6, 1, 200);
    load(&b, "m3e/5/5/2S2/5/E3M 1 Ee - - 0 0", &c);
    ck_assert(G->key(&a) != G->key(&b));
    /* the pending retreat's mover is part of it */
    load(&a, "1S1s1/(Ss)1sS1/1S(ms)E1/M2e1/5 2 - Ss mc3/1 43 173", &DEF);
    load(&b, "1S1s1/(Ss)1sS1/1S(ms)E1/M2e1/5 2 - Ss mc3/2 43 173", &DEF);
    ck_assert(G->key(&a) != G->key(&b));
}
END_TEST

int main(void) {
    G = zoo_game();
    return RUN_TESTS("zoo_rules", 600, ONCE(start_moves), ONCE(perft_cases), ONCE(mirror_every_size),
                     ONCE(retreat_way1), ONCE(retreat_way2_and_chain), ONCE(retreat_way3_way4),
                     ONCE(invasion_without_retreat), ONCE(monkey_retreat_lengths), ONCE(spawns_and_relocations),
                     ONCE(long_game_marks), ONCE(no_progress), ONCE(win_with_pending), ONCE(geometry_facts),
                     ONCE(keys));
}
