/* test_zoo_position.c — Zoo Contest's position strings: every refusal the rules file lists,
 * each with a message naming its field; a refused string leaves the position untouched;
 * and on tens of thousands of random and mangled strings the module accepts exactly what
 * the independent reference accepts, printing back exactly what it read. */
#include <ctype.h>

#include "zoo_testutil.h"

static const GameOps *G;
static const GameConfig DEF = {{5, 5, 0, 200}};
static const GameConfig LONG = {{5, 5, 1, 200}};

/* The refusal of fen, whose message must contain want. */
static void refused(const char *fen, const GameConfig *cfg, const char *want) {
    GamePos p, before;
    char err[ERR_STR_MAX] = "";
    G->startpos(&p, &DEF);
    memcpy(&before, &p, sizeof p);
    ck_assert_msg(!G->parse_pos(&p, fen, cfg, err), "'%s' should be refused (%s)", fen, want);
    ck_assert_msg(strstr(err, want), "'%s': message '%s' does not say '%s'", fen, err, want);
    ck_assert_msg(!memcmp(&p, &before, sizeof p), "'%s': a refused string changed the position", fen);
    RefRules r = zoo_rules(cfg);
    ck_assert_msg(!ref_valid(fen, &r, NULL, 0), "the reference accepts '%s'", fen);
}

static void accepted(const char *fen, const GameConfig *cfg) {
    GamePos p;
    char err[ERR_STR_MAX] = "", out[POS_STR_MAX];
    ck_assert_msg(G->parse_pos(&p, fen, cfg, err), "'%s' refused: %s", fen, err);
    G->print_pos(&p, out);
    ck_assert_str_eq(out, fen);
    RefRules r = zoo_rules(cfg);
    ck_assert_msg(ref_valid(fen, &r, err, ERR_STR_MAX), "the reference refuses '%s': %s", fen, err);
}

START_TEST(good_strings) {
    accepted("m1s1e/5/5/5/E1S1M 1 Ee - - 0 0", &DEF);
    accepted("1m1se/1(Ss)3/2M2/S1(Ss)2/1(Es)1S1 1 e s Eb1/2 0 48", &DEF);
    accepted("1S1s1/(Ss)1sS1/1S(ms)E1/M2e1/5 2 - Ss mc3/1 43 173", &DEF);
    accepted("2m1e/5/2s2/5/E2S(MS) 1 Ee - - 6 6", &DEF);
    accepted("(EM)3e/5/5/5/4m 1 - EMm - 1000000000 1000000000", &DEF); /* pieces on far rows, flags set */
    GameConfig big = zoo_cfg(15, 15, 0, 0);
    accepted("m6s6e/15/15/15/15/15/15/15/15/15/15/15/15/15/E6S6M 2 Ee - - 0 1", &big);
    /* the pending squares: the invaded elephant with the enemy mouse, the elephant with
     * the retreating monkey (and the other monkey) */
    accepted("m3e/5/1(Es)3/5/4M 1 - - Eb3/2 0 9", &DEF);
    accepted("5/5/2(eMm)2/5/E4 1 - - Mc3/2 0 9", &DEF);
    accepted("5/5/2(eM)2/5/E3m 1 - m Mc3/1 0 9", &DEF);
    accepted("m3e/5/2T2/5/E3M 1 Ee - - 0 9", &LONG);
    accepted("F3e/5/5/5/n3N 2 - EM - 0 9", &LONG);
}
END_TEST

START_TEST(bad_fields) {
    refused("m1s1e/5/5/5/E1S1M 1 Ee - - 0", &DEF, "position string: 6 fields");
    refused("m1s1e/5/5/5/E1S1M 1 Ee - - 0 0 0", &DEF, "position string: more than 7");
    refused("", &DEF, "position string: empty, expected 7 fields");
    refused("m1s1e/5/5/5/E1S1M 3 Ee - - 0 0", &DEF, "side:");
    refused("m1s1e/5/5/5/E1S1M 1 eE - - 0 0", &DEF, "elephants:");
    refused("m1s1e/5/5/5/E1S1M 1 Ee x - 0 0", &DEF, "goals:");
    refused("m1s1e/5/5/5/E1S1M 1 Ee - x 0 0", &DEF, "pending:");
    refused("m1s1e/5/5/5/E1S1M 1 Ee - - 01 0", &DEF, "no-progress:");
    refused("m1s1e/5/5/5/E1S1M 1 Ee - - 0 -1", &DEF, "ply:");
    refused("m1s1e/5/5/5/E1S1M 1 Ee - - 0 1000000001", &DEF, "ply:");
}
END_TEST

START_TEST(bad_boards) {
    refused("m1s1e/5/5/E1S1M 1 Ee - - 0 0", &DEF, "board: 4 ranks, expected 5");
    refused("m1s1e/5/5/5/5/E1S1M 1 Ee - - 0 0", &DEF, "board: more than 5 ranks");
    refused("m1s1e/4/5/5/E1S1M 1 Ee - - 0 0", &DEF, "board: rank 4 has 4 files");
    refused("m1s1e/6/5/5/E1S1M 1 Ee - - 0 0", &DEF, "more than 5 files");
    refused("m1s1e/05/5/5/E1S1M 1 Ee - - 0 0", &DEF, "'0'");
    refused("m1s1e/5/5/5/E1X1M 1 Ee - - 0 0", &DEF, "unknown character 'X'");
    refused("m1s1e/5/5/5/(E)1S1M 1 Ee - - 0 0", &DEF, "brackets on a1 hold 1 piece");
    refused("m1s1e/5/5/5/(ME)1S1M 1 - - - 0 0", &DEF, "not in order");
    refused("m1s1e/5/5/5/(SS)3M 1 - - - 0 0", &DEF, "two mice of player 1");
    refused("m1s1e/5/5/5/(E1S1M 1 Ee - - 0 0", &DEF, "'1' in the brackets");
    refused("m1s1e/5/5/5/(ES 1 Ee - - 0 0", &DEF, "not closed");
    refused("m1s1e/5/5/5/(ES)2M 1 - - - 0 0", &DEF, "never stand together");
    refused("m1s1e/5/5/5/E1(Ms)2 1 - - - 0 0", &DEF, "never stand together");
    refused("m1s1e/5/5/5/(EMS)3 1 - - - 0 0", &DEF, "never stand together");
    refused("m1s1e/5/5/5/E1S2 1 Ee - - 0 0", &DEF, "player 1 has no monkey");
    refused("m1s1e/5/5/5/E1SEM 1 Ee - - 0 0", &DEF, "player 1 has two elephants (a1 and d1)");
    refused("m1s1e/5/5/SSSSS/E1S1M 1 Ee - - 0 0", &DEF, "more than 4 mice");
    refused("m1s1e/5/5/5/F1S1M 1 - - - 0 0", &DEF, "LongGame is off");
}
END_TEST

START_TEST(bad_rules) {
    refused("m1s1e/5/5/E4/2S1M 1 Ee - - 0 0", &DEF, "elephants: 'E' set");
    refused("m1s1e/5/5/5/E1S1M 1 Ee SE - 0 0", &DEF, "goals: 'SE'");
    refused("m1s1e/5/5/5/E1S1M 1 Ee EE - 0 0", &DEF, "goals: 'EE'");
    refused("m1S1e/5/5/5/E3M 1 Ee - - 0 0", &DEF, "goals: player 1's mouse stands on his far row (c5)");
    refused("m1s1e/5/5/5/E1S1M 1 Ee EMSems - 0 0", &DEF, "both players");
    /* long game */
    refused("m1S1e/5/5/5/E3M 1 Ee - - 0 0", &LONG, "Common mouse on c5");
    refused("m1s1e/5/5/5/E1T1M 1 Ee - - 0 0", &LONG, "Royal mouse is on his home row (c1)");
    refused("m1s1e/5/5/5/E1S1M 1 Ee M - 0 0", &LONG, "'M' set, but player 1's monkey is Common");
    /* retreats */
    refused("m3e/5/1(Es)3/5/4M 1 - - - 0 9", &DEF, "invaded and must retreat, but no retreat is pending");
    refused("m3e/5/1E3/5/4M 1 - - Eb3/2 0 9", &DEF, "need not retreat");
    refused("m3e/5/1(Es)3/5/4M 1 - - Eb3/1 0 9", &DEF, "so player 2 moved");
    refused("m3e/5/1(Es)3/5/4M 2 - - Eb3/2 0 9", &DEF, "side: player 1 decides");
    refused("m3e/5/1(Es)3/5/4M 1 - - Ec3/2 0 9", &DEF, "player 1 has no elephant on c3");
    refused("4e/5/1E3/m4/4M 1 - - - 0 9", &DEF, "next to the enemy elephant and must retreat");
    refused("5/5/2(eM)2/5/E3m 1 - m - 0 9", &DEF, "must retreat, but no retreat is pending");
    /* two choices at least: a monkey in a 5x5 corner next to the elephant has two */
    accepted("m4/5/5/1e3/M3E 1 - e Ma1/2 0 9", &DEF);
    refused("m4/5/5/1e3/M3E 2 - e Ma1/2 0 9", &DEF, "side: player 1 decides");
    refused("m3e/5/5/(Ss)(Ss)3/(Es)s2M 1 - s Ea1/2 0 9", &DEF, "has 1 choice");
}
END_TEST

/* ---- random strings: the module and the reference agree on every verdict ---- */

static const char LETTERS[] = "EFMNSTefmnst";

/* A random board of pieces (sometimes sharing squares), printed canonically by this test's
 * own code, with fields made to fit the board most of the time (flags for the pieces on
 * their goal rows, Royal marks, a pending retreat for the piece that must retreat), so that
 * many strings are valid and the rest fail on one subtle point. */
typedef struct {
    int pl, kind, royal, f, r;
} RPiece;

static bool sometimes(Prng *rng, int one_in) { return prng_below(rng, (uint32_t)one_in) == 0; }

static void random_string(Prng *rng, const GameConfig *cfg, char *out) {
    int w = cfg->v[0], h = cfg->v[1], lg = cfg->v[2];
    RPiece pc[16];
    int n = 0;
    for (int pl = 0; pl < 2; pl++)
        for (int k = 0; k < 3; k++) {
            int count = k < 2 ? 1 : (int)prng_below(rng, 5);
            if (sometimes(rng, 60)) count += k < 2 ? (prng_below(rng, 2) ? 1 : -1) : 1;
            for (int c = 0; c < count && n < 16; c++) {
                RPiece x = {pl, k, 0, (int)prng_below(rng, (uint32_t)w), (int)prng_below(rng, (uint32_t)h)};
                if (n && sometimes(rng, 3)) { /* near or on a piece placed before */
                    const RPiece *o = &pc[prng_below(rng, (uint32_t)n)];
                    x.f = o->f + (int)prng_below(rng, 3) - 1, x.r = o->r + (int)prng_below(rng, 3) - 1;
                    if (sometimes(rng, 2) || x.f < 0 || x.r < 0 || x.f >= w || x.r >= h) x.f = o->f, x.r = o->r;
                }
                x.royal = lg ? sometimes(rng, 3) : sometimes(rng, 200);
                pc[n++] = x;
            }
        }
    int goals[2][3] = {{0}}, eflag[2] = {0, 0}, epos[2] = {-1, -1}, mpos[2] = {-1, -1};
    for (int i = 0; i < n; i++) {
        RPiece *x = &pc[i];
        int far = x->pl ? 0 : h - 1, home = x->pl ? h - 1 : 0;
        if (x->r == far) {
            if (lg && !sometimes(rng, 30)) x->royal = 1;
            if (!lg && !sometimes(rng, 30)) goals[x->pl][x->kind] = 1;
        }
        if (lg && x->royal && x->r == home && !sometimes(rng, 30)) goals[x->pl][x->kind] = 1;
        if (x->kind == 0) epos[x->pl] = i;
        if (x->kind == 1) mpos[x->pl] = i;
    }
    for (int pl = 0; pl < 2; pl++)
        for (int k = 0; k < 3; k++)
            if (sometimes(rng, 6) && (!lg || k == 2 || (k == 0 ? epos[pl] >= 0 && pc[epos[pl]].royal
                                                                : mpos[pl] >= 0 && pc[mpos[pl]].royal)))
                goals[pl][k] = 1;
    for (int pl = 0; pl < 2; pl++) {
        int sf = pl ? w - 1 : 0, sr = pl ? h - 1 : 0;
        if (epos[pl] >= 0 && pc[epos[pl]].f == sf && pc[epos[pl]].r == sr && !pc[epos[pl]].royal)
            eflag[pl] = sometimes(rng, 2);
        if (sometimes(rng, 40)) eflag[pl] = 1;
    }
    /* the piece that must retreat, if any */
    char pend[40] = "-"; /* room for any int the compiler cannot bound */
    for (int pl = 0; pl < 2 && epos[pl] >= 0 && epos[pl ^ 1] >= 0; pl++) {
        const RPiece *e = &pc[epos[pl]], *ee = &pc[epos[pl ^ 1]];
        for (int i = 0; i < n; i++)
            if (pc[i].pl != pl && pc[i].kind == 2 && pc[i].f == e->f && pc[i].r == e->r)
                snprintf(pend, sizeof pend, "%c%c%d/%d", pl ? 'e' : 'E', 'a' + e->f, e->r + 1,
                         sometimes(rng, 20) ? pl + 1 : 2 - pl);
        if (mpos[pl] >= 0 && abs(pc[mpos[pl]].f - ee->f) <= 1 && abs(pc[mpos[pl]].r - ee->r) <= 1)
            snprintf(pend, sizeof pend, "%c%c%d/%d", pl ? 'm' : 'M', 'a' + pc[mpos[pl]].f, pc[mpos[pl]].r + 1,
                     1 + (int)prng_below(rng, 2));
    }
    if (sometimes(rng, 20))
        snprintf(pend, sizeof pend, "%c%c%d/%d", "EeMm"[prng_below(rng, 4)], 'a' + (int)prng_below(rng, (uint32_t)w),
                 1 + (int)prng_below(rng, (uint32_t)h), 1 + (int)prng_below(rng, 2));
    /* the board, canonically: per square kind by kind, player 1 first */
    char *o = out;
    for (int r = h - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < w; f++) {
            char here[16];
            int k = 0;
            for (int kind = 0; kind < 3; kind++)
                for (int pl = 0; pl < 2; pl++)
                    for (int i = 0; i < n; i++)
                        if (pc[i].f == f && pc[i].r == r && pc[i].pl == pl && pc[i].kind == kind && k < 15)
                            here[k++] = LETTERS[pl * 6 + kind * 2 + pc[i].royal];
            here[k] = 0;
            if (!k) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            o += sprintf(o, k > 1 ? "(%s)" : "%s", here);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    o += sprintf(o, " %d ", 1 + (int)prng_below(rng, 2));
    if (eflag[0]) *o++ = 'E';
    if (eflag[1]) *o++ = 'e';
    if (!eflag[0] && !eflag[1]) *o++ = '-';
    *o++ = ' ';
    int any = 0;
    for (int i = 0; i < 6; i++)
        if (goals[i / 3][i % 3]) *o++ = "EMSems"[i], any = 1;
    if (!any) *o++ = '-';
    sprintf(o, " %s %d %d", pend, (int)prng_below(rng, 300), (int)prng_below(rng, 3000));
}

/* A valid string with one character changed, inserted or deleted. */
static void mangle(Prng *rng, const char *in, char *out) {
    static const char ALPHABET[] = "EFMNSTefmnst()/0123456789 -abcxz";
    size_t len = strlen(in), at = prng_below(rng, (uint32_t)len);
    char c = ALPHABET[prng_below(rng, sizeof ALPHABET - 1)];
    switch (prng_below(rng, 3)) {
    case 0:
        strcpy(out, in);
        out[at] = c;
        break;
    case 1:
        memcpy(out, in, at);
        out[at] = c;
        strcpy(out + at + 1, in + at);
        break;
    default:
        memcpy(out, in, at);
        strcpy(out + at, in + at + 1);
    }
}

static int verdicts[2];

static void compare(const char *text, const GameConfig *cfg) {
    GamePos p, before;
    char err[ERR_STR_MAX] = "", why[128] = "", out[POS_STR_MAX];
    G->startpos(&p, cfg);
    memcpy(&before, &p, sizeof p);
    RefRules r = zoo_rules(cfg);
    bool fast = G->parse_pos(&p, text, cfg, err), ref = ref_valid(text, &r, why, sizeof why);
    REQUIRE(fast == ref, "'%s' (%dx%d%s): module %s (%s), reference %s (%s)", text, cfg->v[0], cfg->v[1],
            cfg->v[2] ? " long" : "", fast ? "accepts" : "refuses", err, ref ? "accepts" : "refuses", why);
    verdicts[fast]++;
    if (!fast) {
        REQUIRE(!memcmp(&p, &before, sizeof p), "'%s': refused but changed", text);
        static const char *FIELDS[] = {"position string:", "board:", "side:", "elephants:", "goals:",
                                       "pending:", "no-progress:", "ply:"};
        bool named = false;
        for (int i = 0; i < 8; i++) named |= !strncmp(err, FIELDS[i], strlen(FIELDS[i]));
        REQUIRE(named, "'%s': the message '%s' names no field", text, err);
        return;
    }
    /* what it prints is the text with its fields separated by single spaces */
    char norm[POS_STR_MAX + 8], *o = norm;
    for (const char *c = text; *c; c++) {
        if (*c == ' ' || *c == '\t') {
            if (o > norm && o[-1] != ' ') *o++ = ' ';
        } else {
            *o++ = *c;
        }
    }
    if (o > norm && o[-1] == ' ') o--;
    *o = 0;
    G->print_pos(&p, out);
    REQUIRE(!strcmp(out, norm), "'%s' printed back as '%s'", text, out);
    /* a random position's moves, and where each leads, as the reference has them */
    static char fast_moves[1 << 16], ref_list[1 << 16];
    moves_text(G, &p, fast_moves);
    ref_moves(out, &r, ref_list);
    REQUIRE(!strcmp(fast_moves, ref_list), "moves of %s\nfast: %s\nref:  %s", out, fast_moves, ref_list);
    Move list[MAX_MOVES];
    int n = G->gen_moves(&p, list, GEN_ALL);
    for (int i = 0; i < n; i++) {
        char text_move[MOVE_STR_MAX], want[POS_STR_MAX + 64], got[POS_STR_MAX];
        GamePos q = p;
        GameUndo u;
        G->print_move(&p, list[i], text_move);
        REQUIRE(ref_play(out, &r, text_move, want), "%s: the reference refuses %s", out, text_move);
        G->make(&q, list[i], &u);
        G->print_pos(&q, got);
        REQUIRE(!strcmp(got, want), "%s then %s\nfast: %s\nref:  %s", out, text_move, got, want);
    }
    static const int RESULT_OF_REF[4] = {RESULT_NONE, RESULT_P1_WIN, RESULT_P2_WIN, RESULT_DRAW};
    REQUIRE((int)game_result(G, &p) == RESULT_OF_REF[ref_result(out, &r)], "%s: the result differs", out);
}

START_TEST(random_strings_agree) {
    G = zoo_game();
    Prng rng = {test_seed("random_strings_agree", 5)};
    int n = (int)test_count(8000);
    char text[POS_STR_MAX + 8], mangled[POS_STR_MAX + 8];
    for (int i = 0; i < n; i++) {
        GameConfig cfg = zoo_random_cfg(&rng);
        if (i % 2) cfg = zoo_cfg(5, 4 + (int)prng_below(&rng, 3), (int)prng_below(&rng, 2), 200);
        random_string(&rng, &cfg, text);
        compare(text, &cfg);
        mangle(&rng, text, mangled);
        compare(mangled, &cfg);
    }
    fprintf(stderr, "random_strings_agree: %d accepted, %d refused\n", verdicts[1], verdicts[0]);
    ck_assert_int_gt(verdicts[1], n / 20); /* about 10% are valid */
}
END_TEST

/* Positions of random games, each changed by one character: subtle refusals near valid ones. */
START_TEST(mangled_game_positions_agree) {
    G = zoo_game();
    Prng rng = {test_seed("mangled_game_positions_agree", 9)};
    int games = (int)test_count(20);
    Move list[MAX_MOVES];
    for (int g = 0; g < games; g++) {
        GameConfig cfg = g % 2 ? zoo_random_cfg(&rng) : DEF;
        GamePos p;
        GameUndo u;
        G->startpos(&p, &cfg);
        for (int ply = 0; ply < 300; ply++) {
            char fen[POS_STR_MAX], bad[POS_STR_MAX + 8];
            G->print_pos(&p, fen);
            for (int k = 0; k < 2; k++) {
                mangle(&rng, fen, bad);
                compare(bad, &cfg);
            }
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
}
END_TEST

int main(void) {
    G = zoo_game();
    return RUN_TESTS("zoo_position", 600, ONCE(good_strings), ONCE(bad_fields), ONCE(bad_boards), ONCE(bad_rules),
                     ONCE(random_strings_agree), ONCE(mangled_game_positions_agree));
}
