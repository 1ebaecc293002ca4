/* test_mkc_random.c — random games and random positions: at every position the module's
 * moves equal the reference's, every move leads where the reference says, counts, stages,
 * the k-th move and the legality test agree, make/unmake restores every byte and the key
 * is exact, and what each kind of decision and a pass change in the learned evaluation's
 * features (make_delta) is what the lists say. The number of games is test_count(150)
 * (SIMIA_TEST_SCALE), or SIMIA_MKC_GAMES. */
#include "engine/games/monkeykingchess/mkc.h"
#include "kit.h"
#include "engine/prng.h"
#include "mkc_reference.h"
#include "nnue_check.h"

static const GameOps *G;
static long GAMES_N; /* set once in main before any test runs */

/* What the checked positions covered: each rule must have been met, or the comparison
 * proves little. */
enum { C_FLIP, C_FISTS, C_EXIT, C_END, C_DROP, C_BURIAL, C_TO_CLOUD, C_FROM_CLOUD, C_EXTRA, C_CHECK,
       C_IMMOBILE, C_MATE, C_DRAW_NO_MOVE, C_NB };
static const char *const COVER_NAME[C_NB] = {"flips", "fists", "exits", "ends", "drops", "burials", "flights up",
                                             "flights down", "extra steps", "checks", "immobilized", "checkmates",
                                             "no-move draws"};
static long cover[C_NB];

static void count_cover(const GamePos *p, const Move *all, int n) {
    const MKCPos *q = (const MKCPos *)p;
    for (int i = 0; i < n; i++) {
        Move m = all[i];
        int k = mv_kind(m), v = mv_victim(m);
        cover[C_FLIP] += k == K_FLIP;
        cover[C_FISTS] += k == K_FISTS;
        cover[C_EXIT] += k == K_EXIT;
        cover[C_END] += k == K_END;
        cover[C_DROP] += k == K_DROP;
        cover[C_BURIAL] += v == BC || v == RC;
        cover[C_TO_CLOUD] += (k == K_MOVE || k == K_FLIP) && (bb_bit(mv_to(m)) & MKC_CLOUDS);
        cover[C_FROM_CLOUD] += (k == K_MOVE || k == K_FLIP) && (bb_bit(mv_from(m)) & MKC_CLOUDS);
    }
    cover[C_EXTRA] += q->extra;
    cover[C_CHECK] += G->in_check(p);
    cover[C_IMMOBILE] += mkc_immobilized(q, mkc_occ(q)) != 0;
    if (n == 0 && G->terminal(p) == OUTCOME_ONGOING) cover[G->no_moves_outcome(p) == OUTCOME_LOSS ? C_MATE : C_DRAW_NO_MOVE]++;
}

/* The kinds of decision whose make_delta was checked against the lists (every decision but
 * a plain step or a drop, a drop in 16, and one random decision, at every checked position),
 * in this test's process. */
enum { N_STEP, N_CAPTURE, N_BURIAL, N_FLIP, N_DROP, N_FISTS, N_EXIT, N_END, N_TO_CLOUD, N_FROM_CLOUD, N_INTO_EXTRA,
       N_IN_EXTRA, N_TOKEN_SPENT, N_NULL, N_NB };
static const char *const N_NAME[N_NB] = {"steps", "captures", "burials", "flips", "drops", "fists", "exits", "ends",
                                         "flights up", "flights down", "decisions giving Red an extra step",
                                         "extra steps", "tokens spent", "null moves"};
static long checked[N_NB];

static void delta_checked(const GamePos *p, Move m) {
    GamePos r = *p;
    GameUndo u;
    NnueDelta d = {0};
    nnue_make_checked(G, &r, m, &u, &d);
    const MKCPos *a = (const MKCPos *)p, *b = (const MKCPos *)&r;
    int k = mv_kind(m), v = mv_victim(m);
    checked[N_STEP] += k == K_MOVE && !v;
    checked[N_CAPTURE] += v != 0;
    checked[N_BURIAL] += v == BC || v == RC;
    checked[N_FLIP] += k == K_FLIP;
    checked[N_DROP] += k == K_DROP;
    checked[N_FISTS] += k == K_FISTS;
    checked[N_EXIT] += k == K_EXIT;
    checked[N_END] += k == K_END;
    checked[N_TO_CLOUD] += (k == K_MOVE || k == K_FLIP) && (bb_bit(mv_to(m)) & MKC_CLOUDS);
    checked[N_FROM_CLOUD] += (k == K_MOVE || k == K_FLIP) && (bb_bit(mv_from(m)) & MKC_CLOUDS);
    checked[N_INTO_EXTRA] += !a->extra && b->extra;
    checked[N_IN_EXTRA] += a->extra;
    checked[N_TOKEN_SPENT] += b->tokens < a->tokens;
}

static void require_checked(const char *test) {
    fprintf(stderr, "%s: make_delta checked on", test);
    for (int k = 0; k < N_NB; k++) fprintf(stderr, " %ld %s%s", checked[k], N_NAME[k], k + 1 < N_NB ? "," : "\n");
    for (int k = 0; k < N_NB; k++) ck_assert_msg(checked[k] > 0, "%s: no %s checked", test, N_NAME[k]);
}

static void report_cover(void) {
    fprintf(stderr, "test_mkc_random covered:");
    for (int i = 0; i < C_NB; i++) fprintf(stderr, " %s %ld%s", COVER_NAME[i], cover[i], i + 1 < C_NB ? "," : "\n");
}

static GameConfig cfg_of(int diagonal, int limit) {
    GameConfig c = {{diagonal, limit}};
    return c;
}

typedef struct {
    char text[MOVE_STR_MAX];
    Move m;
} Named;
static int cmp_named(const void *a, const void *b) { return strcmp(((const Named *)a)->text, ((const Named *)b)->text); }

static void check_position(const GamePos *p, const GameConfig *cfg, Prng *rng) {
    static char ref_moves[MAX_MOVES][16], ref_after[MAX_MOVES][MKC_REF_FEN_MAX];
    static Named named[MAX_MOVES];
    char fen[POS_STR_MAX], err[ERR_STR_MAX];
    Move all[MAX_MOVES];
    MkcRefCfg rc = {cfg->v[0], cfg->v[1]};
    G->print_pos(p, fen);
    GamePos q;
    REQUIRE(G->parse_pos(&q, fen, cfg, err), "%s does not parse back: %s", fen, err);
    REQUIRE(!memcmp(&q, p, sizeof q), "%s: parse(print(pos)) differs from pos", fen);
    REQUIRE(((const MKCPos *)p)->key == mkc_compute_key((const MKCPos *)p), "%s: key differs from scratch", fen);
    int n = G->gen_moves(p, all, GEN_ALL);
    int nref = mkc_ref_moves_after(fen, &rc, ref_moves, ref_after, MAX_MOVES);
    count_cover(p, all, n);
    for (int i = 0; i < n; i++) {
        named[i].m = all[i];
        G->print_move(p, all[i], named[i].text);
    }
    qsort(named, (size_t)n, sizeof named[0], cmp_named);
    for (int i = 0; i < n || i < nref; i++)
        REQUIRE(i < n && i < nref && !strcmp(named[i].text, ref_moves[i]), "%s: move %d: fast %s, reference %s (of %d, %d)",
                fen, i, i < n ? named[i].text : "(none)", i < nref ? ref_moves[i] : "(none)", n, nref);
    kit_check_moves(G, p, all, n, 0x1FFFFFF, rng);
    /* every move leads where the reference says, parses back, and unmakes exactly */
    for (int i = 0; i < n; i++) {
        char after[POS_STR_MAX];
        GamePos before = *p, r = *p;
        GameUndo u;
        Move m = named[i].m;
        REQUIRE(G->parse_move(p, named[i].text) == m, "%s: %s does not parse back", fen, named[i].text);
        G->make(&r, m, &u);
        G->print_pos(&r, after);
        REQUIRE(!strcmp(after, ref_after[i]), "%s after %s:\nfast %s\nref  %s", fen, named[i].text, after,
                ref_after[i]);
        REQUIRE(((const MKCPos *)&r)->key == mkc_compute_key((const MKCPos *)&r), "%s after %s: key", fen,
                named[i].text);
        G->unmake(&r, m, &u);
        REQUIRE(!memcmp(&before, &r, sizeof r), "%s: unmake of %s did not restore every byte", fen, named[i].text);
        bool rare = mv_kind(m) == K_DROP ? prng_below(rng, 16) == 0 /* a dozen at every position */
                                          : mv_kind(m) != K_MOVE || mv_victim(m) ||
                                                ((bb_bit(mv_to(m)) | bb_bit(mv_from(m))) & MKC_CLOUDS);
        if (rare) delta_checked(p, m);
    }
    if (n) delta_checked(p, all[prng_below(rng, (uint32_t)n)]);
    GamePos passed = *p;
    GameUndo pu;
    checked[N_NULL] += nnue_pass_checked(G, &passed, &pu);
    int want = mkc_ref_result(fen, &rc);
    GameResult res = game_result(G, p);
    REQUIRE((int)res == want, "%s: result %d, reference %d", fen, (int)res, want);
}

static int random_game(Prng *rng, const GameConfig *cfg, int max_plies) {
    GamePos p;
    Move list[MAX_MOVES];
    G->startpos(&p, cfg);
    int plies = 0;
    for (; plies < max_plies; plies++) {
        check_position(&p, cfg, rng);
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        /* Prefer captures and flips now and then, so games reach the rarer rules. */
        Move m = list[prng_below(rng, (uint32_t)n)];
        for (int t = 0; t < 3 && !(mv_victim(m) || mv_kind(m) == K_FLIP || mv_kind(m) == K_FISTS); t++)
            m = list[prng_below(rng, (uint32_t)n)];
        GameUndo u;
        G->make(&p, m, &u);
    }
    return plies;
}

START_TEST(random_games) {
    Prng rng = {test_seed("random_games", 20261201) + (uint64_t)_i * 7919};
    long plies = 0;
    for (long g = 0; g < GAMES_N; g++) {
        GameConfig cfg = cfg_of(_i & 1, g % 3 == 0 ? 150 : g % 3 == 1 ? 40 : 0);
        plies += random_game(&rng, &cfg, 400);
    }
    ck_assert_int_gt(plies, GAMES_N * 20);
    report_cover();
    require_checked("random_games");
}
END_TEST

/* Random positions: any disks anywhere they may stand, random hands, tokens and step;
 * kept when the engine accepts them (the reference then reads them too). */
static bool random_position(Prng *rng, const GameConfig *cfg, GamePos *p) {
    static const char *letters[2][D_NB] = {{"PS", "NG", "HL", "K", "CX"}, {"pm", "nl", "h", "k", "cx"}};
    char cell[64] = {0};
    char hands[2][16] = {{0}};
    int nh[2] = {0, 0}, tokens = 0;
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++)
            for (int i = 0; i < MKC_DISKS[d]; i++) {
                uint32_t r = prng_below(rng, 10);
                if (r < 4) continue; /* captured */
                if (r < 6) {
                    if (s == RED && d == D_HERO && r == 5 && tokens < 2) tokens++;
                    else hands[s][nh[s]++] = "PNHKCpnhkc"[s * 5 + d];
                    continue;
                }
                const char *ls = letters[s][d];
                char c = ls[prng_below(rng, (uint32_t)strlen(ls))];
                bool flier = strchr("mlcGLC", c) != NULL;
                for (int t = 0; t < 20; t++) {
                    int sq = (int)prng_below(rng, 64);
                    bool cloud = (bb_bit(sq) & MKC_CLOUDS) != 0;
                    if (cell[sq] || !(bb_bit(sq) & (MKC_EARTH | MKC_CLOUDS)) || (cloud && !flier)) continue;
                    cell[sq] = c;
                    break;
                }
            }
    char fen[POS_STR_MAX], *o = fen;
    for (int r = 7; r >= 0; r--) {
        int run = 0, width = r == 1 || r == 6 ? 7 : 5;
        for (int i = 0; i < width; i++) {
            int sq = r * 8 + (i < 5 ? i : i + 1);
            if (!cell[sq]) {
                run++;
                continue;
            }
            if (run) o += sprintf(o, "%d", run), run = 0;
            *o++ = cell[sq];
        }
        if (run) o += sprintf(o, "%d", run);
        if (r) *o++ = '/';
    }
    int side = 1 + (int)prng_below(rng, 2);
    bool extra = side == 2 && tokens && prng_below(rng, 2);
    sprintf(o, " %d %s%s%s %d %c %d %d", side, hands[0], hands[1], nh[0] + nh[1] ? "" : "-", tokens, extra ? 'x' : '-',
            (int)prng_below(rng, 45), 50 + (int)prng_below(rng, 100));
    char err[ERR_STR_MAX];
    return G->parse_pos(p, fen, cfg, err);
}

START_TEST(random_positions) {
    Prng rng = {test_seed("random_positions", 77) + (uint64_t)_i};
    int kept = 0;
    for (long i = 0; i < GAMES_N * 20; i++) {
        GameConfig cfg = cfg_of(_i & 1, 40);
        GamePos p;
        if (!random_position(&rng, &cfg, &p)) continue;
        check_position(&p, &cfg, &rng);
        /* and a few random plies on from there */
        Move list[MAX_MOVES];
        for (int k = 0; k < 6; k++) {
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            GameUndo u;
            G->make(&p, list[prng_below(&rng, (uint32_t)n)], &u);
            check_position(&p, &cfg, &rng);
        }
        kept++;
    }
    ck_assert_int_gt(kept, GAMES_N * 5);
    report_cover();
    require_checked("random_positions");
}
END_TEST

int main(void) {
    G = game_find("monkeykingchess");
    const char *env = getenv("SIMIA_MKC_GAMES");
    GAMES_N = env && *env ? strtol(env, NULL, 10) : test_count(150);
    fprintf(stderr, "test_mkc_random: %ld games per run (SIMIA_MKC_GAMES)\n", GAMES_N);
    return RUN_TESTS("mkc_random", 600, LOOP(random_games, 2), LOOP(random_positions, 2));
}
