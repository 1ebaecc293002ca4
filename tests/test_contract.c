/* test_contract.c — the game contract, checked the same way for every registered game over
 * random games: notation, make/unmake, keys, move lists, legality, ends and why they came; and
 * that each registered game has its folder (engine/games/<game>/). */
#include <ctype.h>
#include <sys/stat.h>

#include "engine/game.h"
#include "engine/perft.h"
#include "engine/prng.h"
#include "engine/strength.h"
#include "testutil.h"

/* Random games per game and option set (a quarter in sanitizer builds); SIMIA_CONTRACT_GAMES
 * sets it for a soak. */
static int games_per_config(void) {
    const char *env = getenv("SIMIA_CONTRACT_GAMES");
    return env && atoi(env) > 0 ? atoi(env) : (int)test_count(16);
}
#define PLY_CAP 400

static int cmp_move(const void *a, const void *b) {
    Move x = *(const Move *)a, y = *(const Move *)b;
    return x < y ? -1 : x > y;
}

static bool listed(const Move *list, int n, Move m) {
    for (int i = 0; i < n; i++)
        if (list[i] == m) return true;
    return false;
}

/* print -> parse -> print is the identity, and the parsed position (its key computed from
 * the text) has the same key. A position with no position string must be a finished game. */
static void check_notation(const GameOps *g, const GamePos *p, const GameConfig *cfg) {
    char fen[POS_STR_MAX], again[POS_STR_MAX], err[ERR_STR_MAX];
    GamePos q;
    g->print_pos(p, fen);
    if (!g->parse_pos(&q, fen, cfg, err)) {
        REQUIRE(game_result(g, p) != RESULT_NONE, "%s: '%s' does not parse back: %s", g->name, fen, err);
        return;
    }
    g->print_pos(&q, again);
    REQUIRE(!strcmp(fen, again), "%s: '%s' prints back as '%s'", g->name, fen, again);
    REQUIRE(g->key(&q) == g->key(p), "%s: the key of '%s' differs from the key computed from its text", g->name, fen);
    REQUIRE(g->player_to_move(&q) == g->player_to_move(p) && g->ply(&q) == g->ply(p), "%s: side or ply of '%s'",
            g->name, fen);
    /* The counters are not part of the key (repetition compares positions without them). */
    if (g->repetition_outcome) {
        char *last = strrchr(fen, ' ');
        REQUIRE(last != NULL, "%s: '%s' has one field", g->name, fen);
        *last = '\0';
        if (g->progress_left) {
            char *np = strrchr(fen, ' ');
            REQUIRE(np != NULL, "%s: no counter field", g->name);
            strcpy(np, " 0");
        }
        strcat(fen, " 7777");
        REQUIRE(g->parse_pos(&q, fen, cfg, err), "%s: '%s' with other counters: %s", g->name, fen, err);
        REQUIRE(g->key(&q) == g->key(p), "%s: the counters change the key of '%s'", g->name, fen);
    }
}

static void check_lists(const GameOps *g, const GamePos *p, Prng *rng) {
    static Move all[MAX_MOVES], noisy[MAX_MOVES], quiet[MAX_MOVES], both[MAX_MOVES];
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    int n = g->gen_moves(p, all, GEN_ALL);
    REQUIRE(n >= 0 && n <= MAX_MOVES, "%s: %d moves", g->name, n);
    REQUIRE(g->count_moves(p) == (uint64_t)n, "%s: count_moves %llu, gen_moves %d in %s", g->name,
            (unsigned long long)g->count_moves(p), n, fen);
    for (int i = 0; i <= n; i++)
        REQUIRE(g->nth_move(p, (uint64_t)i) == (i < n ? all[i] : MOVE_NONE), "%s: nth_move(%d) in %s", g->name, i, fen);
    REQUIRE(g->nth_move(p, UINT64_MAX) == MOVE_NONE, "%s: nth_move(max) in %s", g->name, fen);
    int nn = g->gen_moves(p, noisy, GEN_NOISY), nq = g->gen_moves(p, quiet, GEN_QUIET);
    REQUIRE(nn + nq == n, "%s: noisy %d + quiet %d != %d in %s", g->name, nn, nq, n, fen);
    memcpy(both, noisy, sizeof *both * (size_t)nn);
    memcpy(both + nn, quiet, sizeof *both * (size_t)nq);
    qsort(both, (size_t)n, sizeof *both, cmp_move);
    Move sorted[MAX_MOVES];
    memcpy(sorted, all, sizeof *sorted * (size_t)n);
    qsort(sorted, (size_t)n, sizeof *sorted, cmp_move);
    REQUIRE(!memcmp(both, sorted, sizeof *both * (size_t)n), "%s: noisy and quiet moves are not the moves of %s",
            g->name, fen);
    for (int i = 0; i < n; i++) {
        REQUIRE(all[i] != MOVE_NONE, "%s: MOVE_NONE listed in %s", g->name, fen);
        REQUIRE(i == 0 || sorted[i] != sorted[i - 1], "%s: a move listed twice in %s", g->name, fen);
        REQUIRE(g->is_legal(p, all[i]), "%s: is_legal refuses listed %08x in %s", g->name, all[i], fen);
        REQUIRE(g->is_noisy(p, all[i]) == listed(noisy, nn, all[i]), "%s: is_noisy(%08x) in %s", g->name,
                all[i], fen);
        int h = g->history_index(p, all[i]);
        REQUIRE(h >= 0 && h < g->history_size, "%s: history_index %d in %s", g->name, h, fen);
        char text[MOVE_STR_MAX], upper[MOVE_STR_MAX];
        g->print_move(p, all[i], text);
        REQUIRE(g->parse_move(p, text) == all[i], "%s: move '%s' does not parse back in %s", g->name, text, fen);
        for (int k = 0; k < MOVE_STR_MAX; k++) upper[k] = (char)toupper((unsigned char)text[k]);
        REQUIRE(g->parse_move(p, upper) == all[i], "%s: move '%s' refused in capitals in %s", g->name, upper, fen);
        for (int j = 0; j < i; j++) {
            char other[MOVE_STR_MAX];
            g->print_move(p, all[j], other);
            REQUIRE(strcmp(text, other), "%s: two moves print as '%s' in %s", g->name, text, fen);
        }
        if (g->is_noisy(p, all[i])) (void)g->noisy_value(p, all[i]);
    }
    /* Any 32-bit value (the table's moves, a book's, a collision's) is legal only if listed. */
    for (int k = 0; k < 64; k++) {
        Move m = (Move)prng_next(rng);
        if (k % 3 == 1 && n) m = all[prng_below(rng, (uint32_t)n)] ^ (1u << prng_below(rng, 32));
        if (k % 3 == 2) m &= 0xFFFFF >> prng_below(rng, 12);
        REQUIRE(g->is_legal(p, m) == listed(all, n, m), "%s: is_legal(%08x) in %s", g->name, m, fen);
    }
    REQUIRE(g->parse_move(p, "") == MOVE_NONE && g->parse_move(p, "zz99zz99") == MOVE_NONE,
            "%s: nonsense parsed as a move in %s", g->name, fen);
}

/* Every move made and unmade restores every byte; each child's key is its text's key. */
static void check_make(const GameOps *g, GamePos *p, const GameConfig *cfg, bool every_child) {
    Move list[MAX_MOVES];
    int n = g->gen_moves(p, list, GEN_ALL);
    GamePos before = *p;
    for (int i = 0; i < n; i++) {
        GameUndo u;
        g->make(p, list[i], &u);
        REQUIRE(g->ply(p) == g->ply(&before) + 1, "%s: a move adds %d plies", g->name, g->ply(p) - g->ply(&before));
        int who = g->player_to_move(p);
        REQUIRE(who == PLAYER_1 || who == PLAYER_2, "%s: player %d", g->name, who);
        REQUIRE(g->caps.double_moves || who != g->player_to_move(&before),
                "%s: a player decides twice in a row, yet caps.double_moves is not declared", g->name);
        if (every_child || i == 0) check_notation(g, p, cfg);
        if (g->caps.no_progress && game_result(g, p) == RESULT_NONE)
            REQUIRE(g->progress_left(p) > 0, "%s: a game going on with no plies left", g->name);
        g->unmake(p, list[i], &u);
        REQUIRE(!memcmp(&before, p, sizeof before), "%s: unmake of move %d did not restore every byte", g->name, i);
    }
    if (g->caps.null_move) {
        GameUndo u;
        if (g->make_null(p, &u)) {
            g->unmake_null(p, &u);
            REQUIRE(!memcmp(&before, p, sizeof before), "%s: unmake_null did not restore every byte", g->name);
        } else {
            REQUIRE(!memcmp(&before, p, sizeof before), "%s: a refused make_null changed the position", g->name);
        }
    }
}

/* Why the game ended: a line of printable text exactly where it ended, from the game's
 * hook; without the hook (the same game with it switched off), "no legal move" where the
 * player to move has none, else nothing (the result alone). */
static void check_reason(const GameOps *g, const GamePos *p) {
    bool over = game_result(g, p) != RESULT_NONE;
    char why[REASON_STR_MAX], fen[POS_STR_MAX];
    memset(why, 'x', sizeof why);
    game_end_reason(g, p, why);
    g->print_pos(p, fen);
    REQUIRE(memchr(why, '\0', sizeof why), "%s: an unterminated reason in %s", g->name, fen);
    REQUIRE(over == (why[0] != '\0'), "%s: reason '%s' in %s, a %s position", g->name, why, fen,
            over ? "finished" : "playing");
    for (const char *c = why; *c; c++) REQUIRE(isprint((unsigned char)*c), "%s: reason '%s' is not one line of text", g->name, why);
    if (g->caps.end_reason) {
        char own[REASON_STR_MAX];
        g->end_reason(p, own);
        REQUIRE(!strcmp(own, why), "%s: the hook says '%s', the core '%s' in %s", g->name, own, why, fen);
    }
    GameOps bare = *g;
    bare.caps.end_reason = false, bare.end_reason = NULL;
    game_end_reason(&bare, p, why);
    const char *want = over && g->terminal(p) == OUTCOME_ONGOING ? "no legal move" : "";
    REQUIRE(!strcmp(why, want), "%s without its hook: reason '%s', not '%s' in %s", g->name, why, want, fen);
}

/* A game over (by the position alone) has no moves; a game with no moves is over. */
static void check_end(const GameOps *g, const GamePos *p) {
    Outcome t = g->terminal(p);
    uint64_t n = g->count_moves(p);
    if (t != OUTCOME_ONGOING) REQUIRE(n == 0, "%s: a finished position has %llu moves", g->name, (unsigned long long)n);
    if (n == 0) {
        Outcome o = t != OUTCOME_ONGOING ? t : g->no_moves_outcome(p);
        REQUIRE(o == OUTCOME_WIN || o == OUTCOME_LOSS || o == OUTCOME_DRAW, "%s: no move and no outcome", g->name);
        REQUIRE(game_result(g, p) != RESULT_NONE, "%s: no move, yet no result", g->name);
    } else {
        REQUIRE(game_result(g, p) == RESULT_NONE, "%s: moves in a finished game", g->name);
    }
    check_reason(g, p);
    char text[16384];
    g->display(p, text, sizeof text);
    REQUIRE(strlen(text) > 0, "%s: empty display", g->name);
    g->eval_trace(p, text, sizeof text);
    (void)g->evaluate(p);
    if (g->caps.in_check) (void)g->in_check(p);
    if (g->caps.winning_move && n) {
        Move w = g->winning_move(p);
        if (w != MOVE_NONE) {
            REQUIRE(g->is_legal(p, w), "%s: winning_move gives an illegal move", g->name);
            GamePos q = *p;
            GameUndo u;
            int me = g->player_to_move(p);
            g->make(&q, w, &u);
            GameResult r = game_result(g, &q);
            REQUIRE(r == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN), "%s: winning_move does not win", g->name);
        }
    }
}

/* The capability record and the hooks agree: a hook is set exactly when its capability
 * is declared (on the table the engine plays with). */
static void check_caps(const GameOps *g) {
    const GameCaps *c = &g->caps;
#define AGREE(cap, hook) REQUIRE(c->cap == (g->hook != NULL), "%s: caps." #cap " is %d but " #hook " is %s", \
                                 g->name, c->cap, g->hook ? "set" : "NULL")
    AGREE(repetition, repetition_outcome);
    AGREE(repeat_window, repeat_window);
    AGREE(no_progress, progress_left);
    AGREE(in_check, in_check);
    AGREE(winning_move, winning_move);
    AGREE(see, see_ge);
    AGREE(null_move, make_null);
    AGREE(null_move, unmake_null);
    AGREE(nnue_delta, make_delta);
    AGREE(end_reason, end_reason);
#undef AGREE
    REQUIRE(!g->features_dynamic || c->nnue_delta, "%s: features_dynamic without make_delta", g->name);
    REQUIRE(!c->repeat_window || c->repetition, "%s: a repeat window without repetition", g->name);
    /* Output buckets: a count and its hook, declared together. */
    REQUIRE(g->nnue_buckets >= 0 && g->nnue_buckets <= NNUE_BUCKETS_MAX, "%s: nnue_buckets %d is not in 0..%d",
            g->name, g->nnue_buckets, NNUE_BUCKETS_MAX);
    REQUIRE((g->nnue_buckets > 1) == (g->nnue_bucket != NULL), "%s: nnue_buckets is %d but nnue_bucket is %s",
            g->name, g->nnue_buckets, g->nnue_bucket ? "set" : "NULL");
    REQUIRE(!(c->see && c->qs_evasions_only), "%s: both see and qs_evasions_only", g->name);
}

/* A game's board symmetry (GameOps.mirror) keeps what the rules and the evaluation say:
 * the twin has as many moves (and leaves, two plies on), the same end and evaluation, its
 * text reads back, and mirroring it again gives the position back. */
static void check_mirror(const GameOps *g, const GamePos *p, const GameConfig *cfg, bool deep) {
    if (!g->mirror) return;
    GamePos a = *p, b = *p;
    g->mirror(&b);
    Move list[MAX_MOVES];
    char fa[POS_STR_MAX], fb[POS_STR_MAX];
    g->print_pos(&a, fa);
    REQUIRE(g->player_to_move(&b) == g->player_to_move(&a) && g->ply(&b) == g->ply(&a),
            "%s: the mirror of %s changes who decides or the ply", g->name, fa);
    REQUIRE(g->gen_moves(&b, list, GEN_ALL) == g->gen_moves(&a, list, GEN_ALL) && g->terminal(&b) == g->terminal(&a),
            "%s: the mirror of %s has other moves or another end", g->name, fa);
    REQUIRE(g->evaluate(&b) == g->evaluate(&a), "%s: the mirror of %s evaluates %d, not %d", g->name, fa,
            (int)g->evaluate(&b), (int)g->evaluate(&a));
    if (deep) REQUIRE(perft(g, &b, 2) == perft(g, &a, 2), "%s: the mirror of %s: perft 2 differs", g->name, fa);
    if (game_result(g, &b) == RESULT_NONE) {
        g->print_pos(&b, fb);
        GamePos c;
        char err[ERR_STR_MAX];
        REQUIRE(g->parse_pos(&c, fb, cfg, err) && g->key(&c) == g->key(&b), "%s: the mirror %s does not read back",
                g->name, fb);
    }
    g->mirror(&b);
    g->print_pos(&b, fb);
    REQUIRE(!strcmp(fa, fb) && g->key(&b) == g->key(&a), "%s: mirrored twice, %s became %s", g->name, fa, fb);
}

/* The position's stage (GameOps.nnue_bucket) is one of the declared buckets; seen collects
 * which (a stage that never moves would be no measure). */
static void check_bucket(const GameOps *g, const GamePos *p, uint32_t *seen) {
    if (!g->nnue_bucket) return;
    int b = g->nnue_bucket(p);
    char fen[POS_STR_MAX];
    g->print_pos(p, fen);
    REQUIRE(b >= 0 && b < g->nnue_buckets, "%s: bucket %d of %d in %s", g->name, b, g->nnue_buckets, fen);
    *seen |= 1u << b;
}

/* One random game: every position checked, every child made and unmade. */
static int random_game(const GameOps *g, const GameConfig *cfg, Prng *rng, uint32_t *buckets) {
    GamePos p;
    g->startpos(&p, cfg);
    Move list[MAX_MOVES];
    int plies = 0;
    for (; plies < PLY_CAP; plies++) {
        check_notation(g, &p, cfg);
        check_lists(g, &p, rng);
        check_end(g, &p);
        check_make(g, &p, cfg, plies < 4);
        check_mirror(g, &p, cfg, plies < 4);
        check_bucket(g, &p, buckets);
        int n = g->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        GameUndo u;
        g->make(&p, list[prng_below(rng, (uint32_t)n)], &u);
    }
    return plies;
}

START_TEST(random_games) {
    const GameOps *g = game_find(GAMES[_i]->name);
    ck_assert_ptr_nonnull(g);
    check_caps(g);
    Prng rng = {test_seed(g->name, 20261123) + (uint64_t)_i};
    long plies = 0, ended = 0;
    uint32_t buckets = 0;
    int n = games_per_config();
    for (int k = 0; k < 2 * n; k++) {
        /* The first half with the defaults, the second with options drawn at random. */
        GameConfig cfg = test_config(g, k < n ? NULL : &rng);
        int len = random_game(g, &cfg, &rng, &buckets);
        plies += len;
        ended += len < PLY_CAP;
    }
    fprintf(stderr, "contract %s: %d games, %ld plies, %ld ended within %d plies\n", g->name, 2 * n, plies, ended,
            PLY_CAP);
    ck_assert_int_gt(plies, 2 * n);
    if (g->nnue_bucket) {
        fprintf(stderr, "contract %s: %d of its %d output buckets reached\n", g->name, __builtin_popcount(buckets),
                g->nnue_buckets);
        ck_assert_msg(__builtin_popcount(buckets) > 1, "%s: every position is in one bucket", g->name);
    }
}
END_TEST

/* The registry's promises: names unique, each game found by its name in any case. */
START_TEST(registry) {
    for (int i = 0; i < GAMES_COUNT; i++) {
        char upper[64];
        snprintf(upper, sizeof upper, "%s", GAMES[i]->name);
        for (char *c = upper; *c; c++) *c = (char)toupper((unsigned char)*c);
        const GameOps *g = game_find(upper);
        ck_assert_ptr_nonnull(g);
        ck_assert_str_eq(g->name, GAMES[i]->name);
        ck_assert_int_eq(game_index(g), i);
        ck_assert_ptr_nonnull(g->option_prefix);
        for (int j = 0; j < i; j++) ck_assert_str_ne(GAMES[i]->name, GAMES[j]->name);
        ck_assert_int_le(g->n_options, GAME_MAX_OPTIONS);
        /* The three repetition hooks come together with repetition_outcome. */
        if (!g->repetition_outcome) ck_assert(!g->repeat_window && !g->progress_left);
    }
    ck_assert_ptr_null(game_find("no-such-game"));
}
END_TEST

/* A game is one folder named as the game (engine/games/README.md): every registered game's
 * holds what the build, bench, CI, arenas and the page find there by globbing. */
START_TEST(game_folder) {
    static const char *const FILES[] = {"README.md", "bench.txt", "signature.txt", "openings.txt",
                                        "board.js", "tests/CMakeLists.txt"};
    const GameOps *g = GAMES[_i];
    for (size_t k = 0; k < sizeof FILES / sizeof FILES[0]; k++) {
        char path[512];
        struct stat st;
        snprintf(path, sizeof path, "%s/%s/%s", SIMIA_GAMES_DIR, g->name, FILES[k]);
        ck_assert_msg(!stat(path, &st) && S_ISREG(st.st_mode) && st.st_size > 0, "%s: missing or empty", path);
    }
}
END_TEST

/* What a game measured about its play (GameCalibration): the Elo of the strength levels rising
 * from the anchor, a score-to-result model that makes sense; its page says the same numbers. */
START_TEST(calibration) {
    const GameOps *g = GAMES[_i];
    const GameCalibration *c = &g->calib;
    bool declared = false;
    for (int k = 0; k < STRENGTH_LEVELS; k++) declared |= c->level_elo[k] != 0;
    if (declared) {
        ck_assert_msg(c->level_elo[STRENGTH_ANCHOR_LEVEL] == STRENGTH_ANCHOR_ELO, "%s: the anchor level is %d, not %d",
                      g->name, c->level_elo[STRENGTH_ANCHOR_LEVEL], STRENGTH_ANCHOR_ELO);
        for (int k = 0; k < STRENGTH_LEVELS; k++) {
            ck_assert_msg(c->level_elo[k] >= 100 && c->level_elo[k] <= 4000, "%s: level %d at %d", g->name, k,
                          c->level_elo[k]);
            ck_assert_msg(k == 0 || c->level_elo[k] > c->level_elo[k - 1], "%s: the levels' Elo must rise", g->name);
        }
    }
    ck_assert_msg(c->wdl_scale == 0 ? c->wdl_draw == 0 : c->wdl_scale >= 20 && c->wdl_scale <= 20000,
                  "%s: wdl_scale %d", g->name, c->wdl_scale);
    ck_assert_msg(c->wdl_draw >= 0 && c->wdl_draw <= 10 * c->wdl_scale, "%s: wdl_draw %d", g->name, c->wdl_draw);
    /* the page's line, as each game's page writes it (engine/games/<game>/README.md) */
    const int *e = strength_scale(g);
    char want[160], path[512];
    snprintf(want, sizeof want, "levels %d, %d, %d, %d, %d; wdl_scale %d, wdl_draw %d.", e[0], e[1], e[2], e[3], e[4],
             c->wdl_scale ? c->wdl_scale : WDL_SCALE_DEFAULT, c->wdl_draw);
    snprintf(path, sizeof path, "%s/%s/README.md", SIMIA_GAMES_DIR, g->name);
    FILE *f = fopen(path, "r");
    ck_assert_msg(f, "%s: no page", path);
    static char page[1 << 20];
    size_t n = fread(page, 1, sizeof page - 1, f);
    page[n] = 0;
    fclose(f);
    /* the line may wrap: compare with runs of blanks as one space */
    char *o = page;
    for (const char *i = page; *i; i++)
        if (!(isspace((unsigned char)*i) && o > page && o[-1] == ' ')) *o++ = isspace((unsigned char)*i) ? ' ' : *i;
    *o = 0;
    ck_assert_msg(strstr(page, want), "%s: the page does not say '%s' (its section UCI_Elo and UCI_ShowWDL)", path, want);
}
END_TEST

int main(void) {
    Suite *s = suite_create("contract");
    TCase *tc = tcase_create("contract");
    tcase_set_timeout(tc, 900);
    tcase_add_test(tc, registry);
    tcase_add_loop_test(tc, game_folder, 0, GAMES_COUNT);
    tcase_add_loop_test(tc, calibration, 0, GAMES_COUNT);
    tcase_add_loop_test(tc, random_games, 0, GAMES_COUNT);
    suite_add_tcase(s, tc);
    return run_suite(s);
}
