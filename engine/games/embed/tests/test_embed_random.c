/* test_embed_random.c — random games and random positions: at every position the fast
 * generator agrees with the reference referee (moves, captures, game end, result, the
 * position string), counts, stages and the k-th move agree, the legality test accepts
 * exactly the listed moves, the winning-move and threat hints are exact, make/unmake
 * restores every byte, keys are exact and collision-free, and the learned evaluation's
 * features (one view, or both at once) are the reference's, and what each kind of move and a
 * pass change in them (make_delta) is what the lists say; with every build of the hot code
 * this CPU runs. Counts scale with SIMIA_TEST_SCALE (test_count); seeds print (SIMIA_SEED). */
#include <ctype.h>

#include "embed_reference.h"
#include "kit.h"
#include "embed_testutil.h"
#include "nnue_check.h"

static const GameOps *G, *VARIANTS[EM_MAX_VARIANTS];
static int N_VARIANTS;

/* The kinds of decision whose learned-evaluation changes were checked (make_delta against
 * the lists), in this test's process. */
enum { KIND_STEP, KIND_CAPTURE, KIND_BOSS, KIND_PASS, KIND_NB };
static const char *const KIND_NAME[KIND_NB] = {"drone steps", "captures", "boss moves", "passes"};
static long kinds[KIND_NB];

static void require_kinds(const char *test) {
    fprintf(stderr, "%s: make_delta checked on", test);
    for (int k = 0; k < KIND_NB; k++) fprintf(stderr, " %ld %s%s", kinds[k], KIND_NAME[k], k + 1 < KIND_NB ? "," : "\n");
    for (int k = 0; k < KIND_NB; k++) ck_assert_msg(kinds[k] > 0, "%s: no %s checked", test, KIND_NAME[k]);
}

static int ref_result(int status) {
    return status == REF_P1_WINS ? RESULT_P1_WIN : status == REF_P2_WINS ? RESULT_P2_WIN
                                                 : status == REF_DRAW    ? RESULT_DRAW
                                                                         : RESULT_NONE;
}

/* Whether the player to move in p has a move after which they have won. */
static bool has_win(const GamePos *p) {
    Move list[MAX_MOVES];
    int n = G->gen_moves(p, list, GEN_ALL), me = G->player_to_move(p);
    for (int i = 0; i < n; i++) {
        GamePos q = *p;
        GameUndo u;
        G->make(&q, list[i], &u);
        if (game_result(G, &q) == (me == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN)) return true;
    }
    return false;
}

/* Keys seen in one game: the same board and side must give the same key, and a different
 * board or side a different key. */
#define SEEN_MAX 4096
typedef struct {
    Key key[SEEN_MAX];
    char text[SEEN_MAX][80];
    int n;
} Seen;

static void check_key_identity(Seen *s, Key k, const char *fen) {
    char id[80];
    int len = (int)(strchr(strchr(fen, ' ') + 1, ' ') - fen); /* board and side */
    snprintf(id, sizeof id, "%.*s", len, fen);
    for (int i = 0; i < s->n; i++) {
        bool same_text = !strcmp(s->text[i], id);
        REQUIRE(same_text == (s->key[i] == k), "keys: '%s' and '%s' give %016llx and %016llx", id, s->text[i],
                (unsigned long long)k, (unsigned long long)s->key[i]);
        if (same_text) return;
    }
    if (s->n < SEEN_MAX) {
        s->key[s->n] = k;
        snprintf(s->text[s->n++], sizeof s->text[0], "%s", id);
    }
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

static bool on_board(int r, int f) { return r >= 0 && r < 8 && f >= 0 && f < 8; }

/* The features of embed_features.c for player persp (0 or 1) written from the reference's
 * letters, sorted: squares turned for player 2, then per boss its ring, its room and its
 * run threats counted square by square. */
static int ref_features(const RefPos *r, int persp, uint32_t *out) {
    static const int DR[8] = {1, 1, 0, -1, -1, -1, 0, 1}, DF[8] = {0, 1, 1, 1, 0, -1, -1, -1};
    int n = 0;
    for (int side = 0; side < 2; side++) {
        int owner = persp ^ side;
        char drone = owner ? 'd' : 'D', boss = owner ? 'b' : 'B';
        int br = -1, bf = -1;
        for (int sq = 0; sq < 64; sq++) {
            int t = persp ? 63 - sq : sq;
            if (r->at[sq >> 3][sq & 7] == drone) out[n++] = (uint32_t)(side * 64 + t);
            if (r->at[sq >> 3][sq & 7] == boss) out[n++] = (uint32_t)((2 + side) * 64 + t), br = sq >> 3, bf = sq & 7;
        }
        int enemy = 0, ring = 0, reach = 0, run2 = 0, goal = owner ? 0 : 7;
        for (int d = 0; d < 8; d++) {
            int rr = br + DR[d], ff = bf + DF[d];
            if (!on_board(rr, ff)) continue;
            ring++;
            char c = r->at[rr][ff];
            enemy += c != '.' && (isupper((unsigned char)c) ? 0 : 1) != owner;
            for (; on_board(rr, ff) && r->at[rr][ff] == '.'; rr += DR[d], ff += DF[d]) {
                reach++;
                bool sees = false;
                for (int e = 0; e < 8 && !sees; e++)
                    for (int r2 = rr + DR[e], f2 = ff + DF[e]; on_board(r2, f2) && r->at[r2][f2] == '.';
                         r2 += DR[e], f2 += DF[e])
                        sees |= r2 == goal;
                run2 += sees;
            }
        }
        uint32_t base = (uint32_t)(256 + side * 74);
        out[n++] = base + (uint32_t)enemy;
        out[n++] = base + 9 + (uint32_t)(ring - enemy);
        out[n++] = base + 18 + (uint32_t)reach;
        out[n++] = base + 46 + (uint32_t)run2;
    }
    qsort(out, (size_t)n, sizeof *out, cmp_u32);
    return n;
}

/* Every build's features, one view at a time and both at once, against the reference. */
static void check_features(const GamePos *p, const RefPos *r, const char *fen) {
    uint32_t both[2][NNUE_MAX_ACTIVE], f[NNUE_MAX_ACTIVE], want[NNUE_MAX_ACTIVE];
    uint32_t *const out[2] = {both[0], both[1]};
    int n_both[2];
    G->features_both(p, out, n_both);
    for (int persp = 0; persp < 2; persp++) {
        int nw = ref_features(r, persp, want), k = G->features(p, persp, f);
        qsort(f, (size_t)k, sizeof *f, cmp_u32);
        REQUIRE(k == nw && !memcmp(f, want, (size_t)k * sizeof *f), "%s: features of player %d differ from the reference's",
                fen, persp + 1);
        qsort(both[persp], (size_t)n_both[persp], sizeof *f, cmp_u32);
        REQUIRE(n_both[persp] == k && !memcmp(both[persp], f, (size_t)k * sizeof *f),
                "%s: features_both differs from features for player %d", fen, persp + 1);
    }
}

static void check_position(const GamePos *p, int limit, Prng *rng, Seen *seen) {
    static char ref[16384];
    char fen[POS_STR_MAX], again[POS_STR_MAX], err[ERR_STR_MAX];
    Move all[MAX_MOVES];
    G->print_pos(p, fen);
    RefPos r;
    REQUIRE(ref_parse(fen, limit, &r), "reference cannot read %s", fen);
    ref_print(&r, again);
    REQUIRE(!strcmp(fen, again), "position string %s, reference writes %s", fen, again);
    check_features(p, &r, fen);

    /* the key: incremental == from scratch == after a round trip; identity within the game */
    GamePos q;
    GameConfig cfg = em_cfg(limit, EM_SETUP_STANDARD);
    REQUIRE(G->parse_pos(&q, fen, &cfg, err), "%s: %s", fen, err);
    REQUIRE(!memcmp(&q, p, sizeof q), "%s: parse(print(p)) differs from p", fen);
    REQUIRE(G->key(p) == em_compute_key((const EmPos *)p), "%s: incremental key", fen);
    if (seen) check_key_identity(seen, G->key(p), fen);

    /* the end and the result */
    int status = ref_status(&r);
    REQUIRE((int)game_result(G, p) == ref_result(status), "%s: result %d, reference %d", fen,
            (int)game_result(G, p), ref_result(status));
    REQUIRE((G->terminal(p) != OUTCOME_ONGOING) == (status != REF_ONGOING), "%s: terminal", fen);

    /* the moves */
    int nref = ref_moves(&r, ref);
    int n = kit_check_against(G, p, ref, nref, all, EM_MOVE_BITS, rng);
    /* noisy moves are captures: onto an occupied square */
    Bb occ = em_occ((const EmPos *)p);
    for (int i = 0; i < n; i++)
        REQUIRE(G->is_noisy(p, all[i]) == (occ >> em_to(all[i]) & 1), "%s: noisy %08x", fen, all[i]);
    /* every listed move's text parses back to it */
    for (int i = 0; i < n; i++) {
        char ms[MOVE_STR_MAX];
        G->print_move(p, all[i], ms);
        REQUIRE(G->parse_move(p, ms) == all[i], "%s: move %s does not parse back", fen, ms);
    }

    /* the hints: a winning move exactly when one exists, and it wins; a threat exactly when
     * the opponent could win after a pass */
    Move w = G->winning_move(p);
    bool win = has_win(p);
    REQUIRE((w != MOVE_NONE) == win, "%s: winning_move %08x, a win %s", fen, w, win ? "exists" : "does not exist");
    if (w != MOVE_NONE) {
        REQUIRE(G->is_legal(p, w), "%s: winning move %08x is not legal", fen, w);
        GamePos after = *p;
        GameUndo u;
        G->make(&after, w, &u);
        REQUIRE(game_result(G, &after) == (G->player_to_move(p) == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN),
                "%s: winning move %08x does not win", fen, w);
    }
    if (status == REF_ONGOING) {
        GamePos passed = *p;
        GameUndo u;
        REQUIRE(nnue_pass_checked(G, &passed, &u), "%s: no pass", fen);
        kinds[KIND_PASS]++;
        bool threat = G->terminal(&passed) == OUTCOME_ONGOING && has_win(&passed);
        REQUIRE(G->in_check(p) == threat, "%s: in_check %d, a threat %d", fen, G->in_check(p), threat);
        G->unmake_null(&passed, &u);
        REQUIRE(!memcmp(&passed, p, sizeof passed), "%s: unmake_null did not restore the position", fen);
    }
}

/* Makes m and checks that the key is exact and that unmake restores every byte; with
 * against_ref, also that the position is the one the reference reaches. */
static void make_checked(GamePos *p, Move m, int limit, bool against_ref) {
    GamePos before = *p;
    GameUndo u;
    char fen[POS_STR_MAX], ms[MOVE_STR_MAX], want[POS_STR_MAX], got[POS_STR_MAX];
    G->make(p, m, &u);
    bool key_ok = G->key(p) == em_compute_key((const EmPos *)p);
    G->unmake(p, m, &u);
    bool restored = !memcmp(&before, p, sizeof before);
    if (against_ref || !key_ok || !restored) {
        G->print_pos(&before, fen);
        G->print_move(&before, m, ms);
        REQUIRE(key_ok, "%s then %s: incremental key", fen, ms);
        REQUIRE(restored, "%s: unmake of %s did not restore the position", fen, ms);
        RefPos r;
        ref_parse(fen, limit, &r);
        ref_play(&r, ms);
        ref_print(&r, want);
        NnueDelta d = {0};
        nnue_make_checked(G, p, m, &u, &d);
        kinds[m & EM_MF_BOSS ? KIND_BOSS : m & EM_MF_CAPTURE ? KIND_CAPTURE : KIND_STEP]++;
        G->print_pos(p, got);
        REQUIRE(!strcmp(got, want), "%s then %s: %s, reference %s", fen, ms, got, want);
        return;
    }
    G->make(p, m, &u);
}

/* A random game from the start, to its end or max_plies; returns its length. */
static int random_game(Prng *rng, int limit, int setup, int check_every, int max_plies) {
    static Seen seen;
    GameConfig cfg = em_cfg(limit, setup);
    GamePos p;
    Move list[MAX_MOVES];
    G->startpos(&p, &cfg);
    seen.n = 0;
    int plies = 0;
    for (; plies < max_plies; plies++) {
        if (plies % check_every == 0) check_position(&p, limit, rng, &seen);
        int n = G->gen_moves(&p, list, GEN_ALL);
        if (n == 0) break;
        make_checked(&p, list[prng_below(rng, (uint32_t)n)], limit, plies % check_every == 0);
    }
    check_position(&p, limit, rng, NULL);
    REQUIRE(plies == max_plies || game_result(G, &p) != RESULT_NONE, "a game stopped before its end");
    return plies;
}

/* Two seeds per build of the hot code; every position of every game checked. */
START_TEST(random_games_standard) {
    G = VARIANTS[_i / 2];
    Prng rng = {test_seed("random_games_standard", 1) + (uint64_t)_i * 7919};
    long games = test_count(8), plies = 0;
    for (long g = 0; g < games; g++) plies += random_game(&rng, 150, EM_SETUP_STANDARD, 1, 100000);
    ck_assert_int_gt(plies, games);
    require_kinds("random_games_standard");
}
END_TEST

/* Many games, each position checked at every 32nd ply (each move is still made and unmade
 * checked): both starts, short no-progress limits, and no limit (up to 1000 plies). */
START_TEST(random_games_many) {
    G = VARIANTS[N_VARIANTS - 1];
    Prng rng = {test_seed("random_games_many", 2)};
    long games = test_count(3000);
    static const int LIMITS[] = {150, 150, 10, 40, 0};
    for (long g = 0; g < games; g++)
        random_game(&rng, LIMITS[prng_below(&rng, 5)], (int)prng_below(&rng, 2), 32, 1000);
}
END_TEST

/* ---- random positions ---- */

static void put(char at[8][8], int sq, char c) { at[sq >> 3][sq & 7] = c; }

/* A random board: any square for the bosses, any number of drones; often a boss with its
 * ring (almost) full of enemy pieces, or standing on a home row, so that every end rule
 * and every near-win comes up. */
static void random_fen(Prng *rng, char *out, int *limit) {
    char at[8][8];
    memset(at, '.', sizeof at);
    int bsq[2];
    bsq[0] = (int)prng_below(rng, 64);
    do bsq[1] = (int)prng_below(rng, 64);
    while (bsq[1] == bsq[0]);
    put(at, bsq[0], 'B');
    put(at, bsq[1], 'b');
    int drones[2] = {0, 0};
    if (prng_below(rng, 3) == 0) { /* a ring to fill: the enemy around one boss */
        int who = (int)prng_below(rng, 2), sq = bsq[who], skip = (int)prng_below(rng, 12);
        for (int df = -1, k = 0; df <= 1; df++)
            for (int dr = -1; dr <= 1; dr++, k++) {
                int f = (sq & 7) + df, r = (sq >> 3) + dr;
                if ((!df && !dr) || f < 0 || f > 7 || r < 0 || r > 7 || at[r][f] != '.' || k == skip) continue;
                at[r][f] = who ? 'D' : 'd';
                drones[who ^ 1]++;
            }
    }
    int want[2] = {(int)prng_below(rng, 24), (int)prng_below(rng, 24)};
    for (int s = 0; s < 2; s++)
        for (int tries = 0; drones[s] < want[s] && tries < 200; tries++) {
            int sq = (int)prng_below(rng, 64);
            if (at[sq >> 3][sq & 7] != '.') continue;
            put(at, sq, s ? 'd' : 'D');
            drones[s]++;
        }
    RefPos r;
    memset(&r, 0, sizeof r);
    memcpy(r.at, at, sizeof at);
    r.side = 1 + (int)prng_below(rng, 2);
    *limit = prng_below(rng, 4) == 0 ? 0 : 1 + (int)prng_below(rng, 200);
    r.noprogress = *limit && prng_below(rng, 3) == 0 ? *limit - 1 + (int)prng_below(rng, 3) : (int)prng_below(rng, 100);
    r.ply = (long)prng_below(rng, 1000);
    ref_print(&r, out);
}

START_TEST(random_positions) {
    G = VARIANTS[_i];
    Prng rng = {test_seed("random_positions", 3) + (uint64_t)_i * 104729};
    long count = test_count(2000), over = 0;
    for (long i = 0; i < count; i++) {
        char fen[POS_STR_MAX];
        int limit;
        random_fen(&rng, fen, &limit);
        GamePos p;
        em_parse_ok(G, &p, fen, limit);
        check_position(&p, limit, &rng, NULL);
        over += G->terminal(&p) != OUTCOME_ONGOING;
        /* a few plies on from there */
        Move list[MAX_MOVES];
        for (int k = 0; k < 4; k++) {
            int n = G->gen_moves(&p, list, GEN_ALL);
            if (!n) break;
            make_checked(&p, list[prng_below(&rng, (uint32_t)n)], limit, true);
            check_position(&p, limit, &rng, NULL);
        }
    }
    ck_assert_int_gt(over, count / 20); /* the end rules came up */
}
END_TEST

int main(void) {
    G = game_find("embed");
    N_VARIANTS = em_variants(VARIANTS);
    return RUN_TESTS("embed_random", 600, LOOP(random_games_standard, 2 * N_VARIANTS), ONCE(random_games_many),
                     LOOP(random_positions, N_VARIANTS));
}
