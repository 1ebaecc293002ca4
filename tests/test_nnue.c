/* test_nnue.c — the learned evaluation's mechanism for every registered game: features,
 * incremental accumulators against refreshes, kernels against each other and against an
 * independent reference, equal keys with equal inputs, the net file's round trip and
 * refusals, and the protocol's options. */
#include <inttypes.h>
#include <unistd.h>

#include "childproc.h"
#include "bench/bench_data.h"
#include "engine/nnue/nnue.h"
#include "engine/nnue/nnue_kernel.h"
#include "engine/prng.h"
#include "nnue_check.h"

/* ---- nets made by the test ---- */

/* A net with random weights: tame ones keep every sum far from the int16/int32 wrap (so an
 * int64 reference must agree), wild ones use the whole int16 range (the kernels must still
 * agree with each other, bit for bit, as sums wrap alike). With buckets, one output layer
 * per bucket of the game, each its own. */
static NnueNet *random_bucketed_net(const GameOps *g, int hidden, int buckets, bool wild, Prng *rng) {
    NnueNet *net = nnue_net_new(g, hidden, buckets);
    ck_assert_ptr_nonnull(net);
    size_t n1 = (size_t)g->nnue_features * (size_t)hidden;
    for (size_t i = 0; i < n1; i++)
        net->w1[i] = (int16_t)(wild ? (int)(prng_next(rng) & 0xFFFF) - 32768 : (int)prng_below(rng, 129) - 64);
    for (int j = 0; j < hidden; j++) net->b1[j] = (int16_t)((int)prng_below(rng, 257) - 128 + (wild ? 0 : 100));
    for (int j = 0; j < 2 * hidden * buckets; j++)
        net->w2[j] = (int16_t)(wild ? (int)(prng_next(rng) & 0xFFFF) - 32768 : (int)prng_below(rng, 255) - 127);
    for (int b = 0; b < buckets; b++)
        net->b2[b] = wild ? (int32_t)(uint32_t)prng_next(rng) : (int32_t)prng_below(rng, 20001) - 10000;
    nnue_net_seal(net);
    return net;
}
static NnueNet *random_net(const GameOps *g, int hidden, bool wild, Prng *rng) {
    return random_bucketed_net(g, hidden, 1, wild, rng);
}

/* ---- references, written apart from the engine's kernels ---- */

static int64_t floor_div(int64_t a, int64_t b) {
    int64_t q = a / b;
    return q - (a % b != 0 && (a < 0) != (b < 0));
}

/* Section 2 of the spec in int64 arithmetic, from the game's features directly. */
static Score reference_eval(const NnueNet *net, const GameOps *g, const GamePos *pos) {
    int64_t acc[2][NNUE_HIDDEN_MAX];
    for (int p = 0; p < 2; p++) {
        uint32_t f[NNUE_MAX_ACTIVE];
        int n = g->features(pos, p, f);
        for (int j = 0; j < net->hidden; j++) {
            acc[p][j] = net->b1[j];
            for (int i = 0; i < n; i++) acc[p][j] += net->w1[(size_t)f[i] * (size_t)net->hidden + (size_t)j];
            REQUIRE(acc[p][j] > -32768 && acc[p][j] < 32768, "%s: a tame net's accumulator overflowed", g->name);
        }
    }
    int us = g->player_to_move(pos);
    bool sq = net->activation == NNUE_SCRELU;
    int bucket = net->buckets > 1 ? g->nnue_bucket(pos) : 0;
    const int16_t *w2 = net->w2 + 2 * net->hidden * bucket;
    int64_t out = sq ? (int64_t)net->b2[bucket] * NNUE_QA : net->b2[bucket];
    for (int j = 0; j < 2 * net->hidden; j++) {
        int64_t v = j < net->hidden ? acc[us][j] : acc[us ^ 1][j - net->hidden];
        int64_t x = v < 0 ? 0 : v > NNUE_QA ? NNUE_QA : v;
        out += (sq ? x * x : x) * w2[j];
    }
    int64_t cp = floor_div(out * NNUE_SCALE, NNUE_QA * NNUE_QB * (sq ? NNUE_QA : 1));
    const int64_t lim = SCORE_WIN_MIN - 1;
    return (Score)(cp > lim ? lim : cp < -lim ? -lim : cp);
}

/* The features of a position: in range, no repeats, at most nnue_max_active; both views
 * at once (features_both, where the game has it) exactly the two views one by one. */
static void check_features(const GameOps *g, const GamePos *pos) {
    static unsigned char seen[1 << 16];
    uint32_t both[2][NNUE_MAX_ACTIVE];
    int n_both[2] = {-1, -1};
    if (g->features_both) {
        uint32_t *const out[2] = {both[0], both[1]};
        g->features_both(pos, out, n_both);
    }
    for (int p = 0; p < 2; p++) {
        uint32_t f[NNUE_MAX_ACTIVE];
        int n = g->features(pos, p, f);
        REQUIRE(n >= 0 && n <= g->nnue_max_active, "%s: %d features, more than the %d the game declares", g->name, n,
                g->nnue_max_active);
        if (g->features_both)
            REQUIRE(n_both[p] == n && !memcmp(both[p], f, (size_t)n * sizeof *f),
                    "%s: features_both differs from features for player %d", g->name, p + 1);
        for (int i = 0; i < n; i++) {
            REQUIRE(f[i] < (uint32_t)g->nnue_features, "%s: feature %u out of range", g->name, f[i]);
            REQUIRE(!seen[f[i]], "%s: feature %u listed twice", g->name, f[i]);
            seen[f[i]] = 1;
        }
        for (int i = 0; i < n; i++) seen[f[i]] = 0;
    }
}

static bool acc_equal(const int16_t *a, const int16_t *b, int h) { return !memcmp(a, b, (size_t)h * sizeof *a); }

/* ---- random walks: moves, unmoves and passes, positions checked along the way ---- */

#define WALK_DEPTH 150
_Static_assert(WALK_DEPTH < NNUE_PLIES, "a walk's line fits the accumulators");

typedef struct {
    NnueNet *net;
    NnueAcc *scalar, *simd;
    bool tame;
    uint64_t evaluated;
} Probe;

static void check_position(const GameOps *g, const GamePos *pos, Probe *pr) {
    Score a = nnue_evaluate(pr->scalar, pr->net, g, pos);
    Score b = nnue_evaluate(pr->simd, pr->net, g, pos);
    Score c = nnue_evaluate_fresh(pr->net, g, pos, NNUE_KERNEL_SCALAR);
    Score d = nnue_evaluate_fresh(pr->net, g, pos, NNUE_KERNEL_AVX2);
    REQUIRE(a == b && a == c && a == d, "%s: incremental scalar %d, incremental SIMD %d, fresh scalar %d, fresh SIMD %d",
            g->name, a, b, c, d);
    if (pr->tame) {
        Score r = reference_eval(pr->net, g, pos);
        REQUIRE(a == r, "%s: the net says %d, the reference %d", g->name, a, r);
    }
    alignas(32) int16_t acc[NNUE_HIDDEN_MAX];
    for (int p = 0; p < 2; p++) {
        nnue_refresh(pr->net, g, pos, p, acc, NNUE_KERNEL_SCALAR);
        REQUIRE(acc_equal(acc, nnue_acc_top(pr->scalar, p), pr->net->hidden),
                "%s: incremental scalar accumulator %d differs from a refresh", g->name, p);
        REQUIRE(acc_equal(acc, nnue_acc_top(pr->simd, p), pr->net->hidden),
                "%s: incremental SIMD accumulator %d differs from a refresh", g->name, p);
    }
    pr->evaluated++;
}

/* A move along the walk: with make_delta, both probes' lines go one ply deeper with the same
 * record, checked against the lists (with move_delta, deferred: asked as the search asks it). */
static void walk_make(const GameOps *g, GamePos *pos, Move m, GameUndo *u, Probe *pr) {
    if (!g->caps.nnue_delta) {
        g->make(pos, m, u);
        return;
    }
    NnueDelta *d = nnue_acc_push(pr->scalar, g, pos), *ds = nnue_acc_push(pr->simd, g, pos);
    if (g->move_delta) { /* the records stay empty, asked later as the search's are */
        NnueDelta checked = *d;
        nnue_make_checked(g, pos, m, u, &checked);
        nnue_acc_moved(pr->scalar, m, u, true), nnue_acc_moved(pr->simd, m, u, true);
        return;
    }
    nnue_make_checked(g, pos, m, u, d);
    *ds = *d;
    nnue_acc_moved(pr->scalar, m, u, false), nnue_acc_moved(pr->simd, m, u, false);
}

static void walk_back(const GameOps *g, Probe *pr);

/* A pass where the game allows one: its ply pushed before it is made, in the search's order
 * (a deferred record of the move before it is asked of the position it left). */
static bool walk_try_pass(const GameOps *g, GamePos *pos, GameUndo *u, Probe *pr) {
    if (!g->caps.nnue_delta) return g->make_null && g->make_null(pos, u);
    nnue_acc_push(pr->scalar, g, pos);
    nnue_acc_push(pr->simd, g, pos);
    if (nnue_pass_checked(g, pos, u)) return true;
    walk_back(g, pr);
    return false;
}

static void walk_back(const GameOps *g, Probe *pr) {
    if (!g->caps.nnue_delta) return;
    nnue_acc_pop(pr->scalar);
    nnue_acc_pop(pr->simd);
}

/* What a series of walks did: moves made, of them by a player deciding twice in a row and
 * noisy ones, and passes. */
typedef struct {
    long made, twice, noisy, passes;
} WalkCount;

/* The positions walks start from: the start, and with the default options the game's bench
 * positions (middlegames, endgames, pending decisions: where the rarer moves are). */
enum { STARTS_MAX = 64 };
static int walk_starts(const GameOps *g, const GameConfig *cfg, bool defaults, GamePos *out) {
    int n = 0;
    g->startpos(&out[n++], cfg);
    for (int i = 0; defaults && i < BENCH_DATA_COUNT; i++) {
        if (strcmp(BENCH_DATA[i].game, g->name)) continue;
        for (const char *line = BENCH_DATA[i].text; *line && n < STARTS_MAX;) {
            const char *end = strchr(line, '\n'), *bar = strchr(line, '|');
            if (!end) end = line + strlen(line);
            if (bar && bar < end && line[0] != '#') {
                char fen[POS_STR_MAX], err[ERR_STR_MAX];
                const char *stop = memchr(bar + 1, '|', (size_t)(end - bar - 1));
                int len = (int)((stop ? stop : end) - bar - 1);
                snprintf(fen, sizeof fen, "%.*s", len, bar + 1);
                ck_assert_msg(g->parse_pos(&out[n++], fen, cfg, err), "%s: bench position '%s': %s", g->name, fen, err);
            }
            line = *end ? end + 1 : end;
        }
    }
    return n;
}

/* steps random steps from the starts: a move (a random legal one), an unmove, or a pass
 * where the game has null moves; a finished game or a deep line is unwound, and the walk
 * goes on from another start. Two positions in three are evaluated and checked, so that
 * lines also skip plies as a search's do. */
static void walk(const GameOps *g, const GamePos *starts, int n_starts, Probe *pr, Prng *rng, int steps,
                 WalkCount *c) {
    GamePos pos = starts[0];
    nnue_acc_reset(pr->scalar), nnue_acc_reset(pr->simd);
    Move moves[WALK_DEPTH];
    GameUndo undo[WALK_DEPTH];
    bool null[WALK_DEPTH];
    int depth = 0;
    Move list[MAX_MOVES];
    for (int s = 0; s < steps; s++) {
        check_features(g, &pos);
        if (prng_below(rng, 3)) check_position(g, &pos, pr);
        int n = game_result(g, &pos) == RESULT_NONE ? g->gen_moves(&pos, list, GEN_ALL) : 0;
        uint32_t r = prng_below(rng, 100);
        if (depth > 0 && (n == 0 || depth == WALK_DEPTH || r < 30)) {
            depth--;
            if (null[depth]) g->unmake_null(&pos, &undo[depth]);
            else g->unmake(&pos, moves[depth], &undo[depth]);
            walk_back(g, pr);
        } else if (n == 0) {
            pos = starts[prng_below(rng, (uint32_t)n_starts)];
            nnue_acc_reset(pr->scalar), nnue_acc_reset(pr->simd);
        } else if (r < 35 && walk_try_pass(g, &pos, &undo[depth], pr)) {
            null[depth++] = true;
            c->passes++;
        } else {
            moves[depth] = list[prng_below(rng, (uint32_t)n)];
            int mover = g->player_to_move(&pos);
            c->noisy += g->is_noisy(&pos, moves[depth]);
            walk_make(g, &pos, moves[depth], &undo[depth], pr);
            c->twice += g->player_to_move(&pos) == mover; /* a player deciding twice in a row */
            null[depth++] = false;
            c->made++;
        }
    }
}

/* The game as it is, with move_delta the same game without it (records made with each move),
 * and (for a game with make_delta) the same game with the hook switched
 * off: the accumulators then diff whole lists, the fallback every game without it takes. */
static void incremental_walks(const GameOps *g, Prng *rng) {
    int steps = (int)test_count(3000);
    uint64_t refreshes = 0, updates = 0, evaluated = 0, dyn_after = 0, dyn_fresh = 0;
    WalkCount c = {0};
    static GamePos starts[STARTS_MAX];
    /* 32 and 48 lanes take the kernels' short path; 240 every tile of the vector kernel
     * (128, 64, 32 and 16 lanes);
     * nets 4 and 5 square their activations (tame, then wild); nets 6 to 8 have an output
     * layer per bucket of the game (tame clipped, wild clipped, tame squared). */
    enum { NETS = 9 };
    for (int k = 0; k < NETS; k++) {
        bool wild = k == 2 || k == 3 || k == 5 || k == 7;
        int hidden = k == 3 || k == 5 || k == 7 ? 240 : k & 1 ? 32 : 48;
        int buckets = k >= 6 && g->nnue_buckets > 1 ? g->nnue_buckets : 1;
        Probe pr = {.net = random_bucketed_net(g, hidden, buckets, wild, rng),
                    .scalar = nnue_acc_new(NNUE_KERNEL_SCALAR), .simd = nnue_acc_new(NNUE_KERNEL_BEST), .tame = !wild};
        if (k == 4 || k == 5 || k == 8) pr.net->activation = NNUE_SCRELU;
        ck_assert(pr.scalar && pr.simd);
        /* Odd nets: random options from the start; even ones: the defaults, from the start
         * and the bench positions too. */
        GameConfig cfg = test_config(g, k & 1 ? rng : NULL);
        int n_starts = walk_starts(g, &cfg, !(k & 1), starts);
        walk(g, starts, n_starts, &pr, rng, k & 1 ? steps : 2 * steps, &c);
        NnueAccStats st = nnue_acc_stats(pr.scalar);
        refreshes += st.refreshes, updates += st.updates, evaluated += pr.evaluated;
        dyn_after += st.dyn_after, dyn_fresh += st.dyn_fresh;
        nnue_acc_free(pr.scalar), nnue_acc_free(pr.simd);
        nnue_net_free(pr.net);
    }
    fprintf(stderr,
            "nnue %s%s: %" PRIu64 " positions evaluated, %ld moves made (%ld noisy, %ld by a player deciding twice), %ld "
            "passes, %s kernel; %" PRIu64 " views refreshed, %" PRIu64 " updated; position features %" PRIu64
            " from the parent's, %" PRIu64 " afresh\n",
            g->name, g->move_delta ? " (move_delta)" : g->caps.nnue_delta ? " (make_delta)" : "", evaluated, c.made, c.noisy, c.twice, c.passes,
            nnue_kernel_name(NNUE_KERNEL_BEST), refreshes, updates, dyn_after, dyn_fresh);
    ck_assert_int_gt(c.made, steps);
    ck_assert_int_gt(c.noisy, 0);
    if (g->caps.null_move) ck_assert_int_gt(c.passes, 0);
    ck_assert_uint_gt(updates, refreshes * 4); /* updates are the usual path */
    if (g->caps.nnue_delta && g->features_dynamic_after) { /* both ways taken */
        ck_assert_uint_gt(dyn_after, 0);
        ck_assert_uint_gt(dyn_fresh, 0);
    } else {
        ck_assert_uint_eq(dyn_after, 0);
    }
}

START_TEST(incremental_equals_refresh) {
    const GameOps *g = game_find(GAMES[_i]->name);
    ck_assert_int_gt(g->nnue_features, 0);
    ck_assert_ptr_nonnull(g->features);
    ck_assert_ptr_nonnull(g->nnue_feature_set);
    ck_assert_int_lt(strlen(g->nnue_feature_set), NNUE_NAME_MAX);
    ck_assert_int_lt(g->nnue_features, 1 << 16);
    ck_assert_int_gt(g->nnue_max_active, 0);
    ck_assert_int_le(g->nnue_max_active, NNUE_MAX_ACTIVE);
    Prng rng = {test_seed(g->name, 20261125) + (uint64_t)_i};
    incremental_walks(g, &rng);
    if (g->move_delta) { /* the records made with each move, as a game without move_delta */
        GameOps eager = *g;
        eager.move_delta = NULL;
        incremental_walks(&eager, &rng);
    }
    if (g->caps.nnue_delta) {
        GameOps off = *g;
        off.caps.nnue_delta = false;
        off.make_delta = NULL;
        off.features_dynamic = NULL;
        off.move_delta = NULL;
        incremental_walks(&off, &rng);
    }
}
END_TEST

/* The player to move's view: the same position with the other player to decide is the
 * other player's view, so a net whose output reads only `us` gives each its own sum. */
START_TEST(player_to_move_view) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 7) + (uint64_t)_i};
    NnueNet *net = random_net(g, 16, false, &rng);
    for (int j = 0; j < 16; j++) net->w2[16 + j] = 0; /* only `us` counts */
    nnue_net_seal(net);
    GameConfig cfg = test_config(g, NULL);
    GamePos pos;
    g->startpos(&pos, &cfg);
    Move list[MAX_MOVES];
    for (int ply = 0; ply < 40 && game_result(g, &pos) == RESULT_NONE; ply++) {
        int us = g->player_to_move(&pos);
        alignas(32) int16_t acc[NNUE_HIDDEN_MAX];
        nnue_refresh(net, g, &pos, us, acc, NNUE_KERNEL_SCALAR);
        int64_t out = net->b2[0];
        for (int j = 0; j < 16; j++) out += (acc[j] < 0 ? 0 : acc[j] > NNUE_QA ? NNUE_QA : acc[j]) * net->w2[j];
        ck_assert_int_eq(nnue_evaluate_fresh(net, g, &pos, NNUE_KERNEL_BEST),
                         (Score)floor_div(out * NNUE_SCALE, NNUE_QA * NNUE_QB));
        int n = g->gen_moves(&pos, list, GEN_ALL);
        if (!n) break;
        GameUndo u;
        g->make(&pos, list[prng_below(&rng, (uint32_t)n)], &u);
    }
    nnue_net_free(net);
}
END_TEST

/* The declared bound against the densest positions play reaches: games that only add
 * pieces when nothing is taken (Monkey Queen's babies) fill the board along quiet moves, so
 * these walks take a quiet move where there is one, and every position is checked
 * (check_features: distinct, in range, within nnue_max_active). */
START_TEST(declared_bound) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 20261127) + (uint64_t)_i};
    Move list[MAX_MOVES];
    int most = 0;
    for (long game = 0; game < test_count(60); game++) {
        GameConfig cfg = test_config(g, game & 1 ? &rng : NULL);
        GamePos pos;
        g->startpos(&pos, &cfg);
        for (int ply = 0; ply < 600 && game_result(g, &pos) == RESULT_NONE; ply++) {
            check_features(g, &pos);
            uint32_t f[NNUE_MAX_ACTIVE];
            for (int p = 0; p < 2; p++) {
                int n = g->features(&pos, p, f);
                if (n > most) most = n;
            }
            int n = g->gen_moves(&pos, list, prng_below(&rng, 10) ? GEN_QUIET : GEN_ALL);
            if (!n) n = g->gen_moves(&pos, list, GEN_ALL);
            if (!n) break;
            GameUndo u;
            g->make(&pos, list[prng_below(&rng, (uint32_t)n)], &u);
        }
    }
    fprintf(stderr, "nnue %s: at most %d active features seen in a view (declared %d)\n", g->name, most,
            g->nnue_max_active);
}
END_TEST

/* ---- equal keys, equal inputs ---- */

/* What a search keeps by key (the table's evaluation, the thread's cache) is right only if
 * positions of equal keys evaluate alike: the same features in both views (features, and
 * features_both where the game has it), the same output bucket, the same player to move (the
 * output reads that player's view first), the same hand-written evaluation. One record per key
 * seen: those, and where and by which moves it was first reached. */
typedef struct {
    Key key;
    uint64_t view[2], both[2], route;
    int bucket, player, eval, ply, walk, step;
    int seen;
    bool used, other_route, other_ply;
} KeySeen;
enum { KEYS_BITS = 18, KEYS_CAP = 1 << KEYS_BITS };

static uint64_t mix64(uint64_t h, uint64_t v) {
    h ^= v + 0x9E3779B97F4A7C15ULL + (h << 6) + (h >> 2);
    h ^= h >> 29;
    h *= 0xBF58476D1CE4E5B9ULL;
    return h ^ h >> 32;
}
static int u32_cmp(const void *x, const void *y) { return nnue_u32_cmp(x, y); }
/* A list of features as a set: sorted, then hashed with its length. */
static uint64_t set_hash(uint32_t *f, int n) {
    qsort(f, (size_t)n, sizeof *f, u32_cmp);
    uint64_t h = mix64(0, (uint64_t)n);
    for (int i = 0; i < n; i++) h = mix64(h, f[i]);
    return h;
}

static KeySeen inputs_of(const GameOps *g, const GamePos *pos) {
    KeySeen s;
    memset(&s, 0, sizeof s);
    uint32_t f[2][NNUE_MAX_ACTIVE];
    int n[2];
    for (int p = 0; p < 2; p++) s.view[p] = set_hash(f[p], g->features(pos, p, f[p]));
    if (g->features_both) {
        uint32_t *const out[2] = {f[0], f[1]};
        g->features_both(pos, out, n);
        for (int p = 0; p < 2; p++) s.both[p] = set_hash(f[p], n[p]);
    }
    s.key = g->key(pos);
    s.bucket = game_nnue_bucket(g, pos);
    s.player = g->player_to_move(pos);
    s.eval = g->evaluate(pos);
    s.ply = g->ply(pos);
    return s;
}

typedef struct {
    KeySeen *keys;
    long n_keys, visits, twice, routes, plies;
    char differ[2 * POS_STR_MAX]; /* the first key seen with other inputs, said for people */
} KeyBook;

/* Records pos (reached by the moves whose hash is route); where its key was seen with other
 * inputs, says so in b->differ (the walks then end). */
static void key_visit(const GameOps *g, KeyBook *b, const GamePos *pos, uint64_t route, int walk_no, int step) {
    KeySeen now = inputs_of(g, pos);
    b->visits++;
    size_t i = (size_t)(now.key * 0x9E3779B97F4A7C15ULL >> (64 - KEYS_BITS));
    while (b->keys[i].used && b->keys[i].key != now.key) i = (i + 1) & (KEYS_CAP - 1);
    KeySeen *s = &b->keys[i];
    if (!s->used) {
        REQUIRE(b->n_keys < KEYS_CAP * 3 / 4, "%s: more keys than the test's table holds", g->name);
        *s = now;
        s->used = true, s->seen = 1, s->route = route, s->walk = walk_no, s->step = step;
        b->n_keys++;
        return;
    }
    const char *what = s->view[0] != now.view[0] || s->view[1] != now.view[1] ? "features"
                       : s->both[0] != now.both[0] || s->both[1] != now.both[1] ? "features_both"
                       : s->bucket != now.bucket                                ? "output bucket"
                       : s->player != now.player                                ? "player to move"
                       : s->eval != now.eval                                    ? "hand-written evaluation"
                                                                                : NULL;
    if (what && !b->differ[0]) {
        char text[POS_STR_MAX];
        g->print_pos(pos, text);
        snprintf(b->differ, sizeof b->differ,
                 "%s: key %016llx: %s differ (bucket %d/%d, player %d/%d, evaluation %d/%d, ply %d/%d) between the "
                 "position first seen in walk %d at step %d and %s (walk %d, step %d)",
                 g->name, (unsigned long long)now.key, what, s->bucket, now.bucket, s->player, now.player, s->eval,
                 now.eval, s->ply, now.ply, s->walk, s->step, text, walk_no, step);
    }
    if (++s->seen == 2) b->twice++;
    if (route != s->route && !s->other_route) s->other_route = true, b->routes++;
    if (now.ply != s->ply && !s->other_ply) s->other_ply = true, b->plies++;
}

enum { KEY_WALK_DEPTH = 160 };

/* Random walks from the start that come back to positions by other ways: a random legal move
 * (a pass now and then, where the game has null moves), a few plies taken back, and the last
 * four or six plies played again with each player's moves in another order (a transposition,
 * where the moves commute; a no-progress counter then differs where a reset moved). Games with
 * reversible moves repeat positions by themselves, at other plies. */
static void key_walks(const GameOps *g, const GameConfig *cfg, KeyBook *b, Prng *rng, long walks, int steps) {
    Move line[KEY_WALK_DEPTH];
    bool passed[KEY_WALK_DEPTH];
    GameUndo undo[KEY_WALK_DEPTH];
    uint64_t route[KEY_WALK_DEPTH + 1];
    for (long w = 0; w < walks && !b->differ[0]; w++) {
        GamePos pos;
        g->startpos(&pos, cfg);
        int depth = 0;
        route[0] = 0;
        key_visit(g, b, &pos, route[0], (int)w, 0);
        for (int s = 1; s <= steps; s++) {
            bool over = game_result(g, &pos) != RESULT_NONE || g->count_moves(&pos) == 0;
            uint32_t r = prng_below(rng, 100);
            if (depth > 0 && (over || depth == KEY_WALK_DEPTH || r < 10)) { /* take back 1 to 3 plies */
                for (int k = 1 + (int)prng_below(rng, 3); k > 0 && depth > 0; k--) {
                    depth--;
                    if (passed[depth]) g->unmake_null(&pos, &undo[depth]);
                    else g->unmake(&pos, line[depth], &undo[depth]);
                }
            } else if (over) {
                break;
            } else if (r < 30 && depth >= 6) { /* the last plies again, each player's in another order */
                int n = r < 20 ? 4 : 6, from = depth - n;
                Move order[6];
                bool any_pass = false;
                for (int k = 0; k < n; k++) order[k] = line[from + k], any_pass |= passed[from + k];
                if (any_pass) continue;
                for (int k = n - 1; k >= 0; k--) { /* shuffle the even slots, and the odd ones */
                    int j = (k & 1) + 2 * (int)prng_below(rng, (uint32_t)(k / 2 + 1));
                    Move t = order[k];
                    order[k] = order[j], order[j] = t;
                }
                while (depth > from) {
                    depth--;
                    g->unmake(&pos, line[depth], &undo[depth]);
                }
                GamePos trial = pos;
                GameUndo u;
                bool ok = true;
                for (int k = 0; k < n && ok; k++) {
                    ok = game_result(g, &trial) == RESULT_NONE && g->is_legal(&trial, order[k]);
                    if (ok) g->make(&trial, order[k], &u);
                }
                if (!ok) memcpy(order, line + from, sizeof *order * (size_t)n); /* as they were */
                for (int k = 0; k < n; k++) { /* every position on the way seen */
                    g->make(&pos, order[k], &undo[depth]);
                    line[depth] = order[k], passed[depth] = false;
                    route[depth + 1] = mix64(route[depth], order[k]);
                    depth++;
                    key_visit(g, b, &pos, route[depth], (int)w, s);
                }
            } else if (r < 33 && g->caps.repetition && depth >= 2 && !passed[depth - 1] && !passed[depth - 2]) {
                /* Two plies that bring back the position of two plies ago, where there are
                 * such (pieces stepping back): a repetition, two plies later. */
                GamePos was = pos;
                g->unmake(&was, line[depth - 1], &undo[depth - 1]);
                g->unmake(&was, line[depth - 2], &undo[depth - 2]);
                Key want = g->key(&was);
                Move first[MAX_MOVES], second[MAX_MOVES], back[2] = {MOVE_NONE, MOVE_NONE};
                int n1 = g->gen_moves(&pos, first, GEN_ALL);
                for (int i = 0; i < n1 && back[0] == MOVE_NONE; i++) {
                    GameUndo u1, u2;
                    g->make(&pos, first[i], &u1);
                    int n2 = game_result(g, &pos) == RESULT_NONE ? g->gen_moves(&pos, second, GEN_ALL) : 0;
                    for (int j = 0; j < n2 && back[0] == MOVE_NONE; j++) {
                        g->make(&pos, second[j], &u2);
                        if (g->key(&pos) == want) back[0] = first[i], back[1] = second[j];
                        g->unmake(&pos, second[j], &u2);
                    }
                    g->unmake(&pos, first[i], &u1);
                }
                for (int k = 0; k < 2 && back[0] != MOVE_NONE && depth < KEY_WALK_DEPTH; k++) {
                    g->make(&pos, back[k], &undo[depth]);
                    line[depth] = back[k], passed[depth] = false;
                    route[depth + 1] = mix64(route[depth], back[k]);
                    depth++;
                    key_visit(g, b, &pos, route[depth], (int)w, s);
                }
            } else if (r < 35 && g->caps.null_move && g->make_null(&pos, &undo[depth])) {
                line[depth] = MOVE_NONE, passed[depth] = true;
                route[depth + 1] = mix64(route[depth], 0xFFFFFFFFu);
                depth++;
                key_visit(g, b, &pos, route[depth], (int)w, s);
            } else {
                Move m = g->nth_move(&pos, prng_below(rng, (uint32_t)g->count_moves(&pos)));
                g->make(&pos, m, &undo[depth]);
                line[depth] = m, passed[depth] = false;
                route[depth + 1] = mix64(route[depth], m);
                depth++;
                key_visit(g, b, &pos, route[depth], (int)w, s);
            }
        }
    }
}

/* The walks over game g: the defaults, then random option values, each configuration in a
 * book of its own (a configuration's keys need not differ from another's); the totals in t,
 * the first difference (if any) in b->differ. */
static void key_book_walks(const GameOps *g, Prng *rng, KeyBook *b, KeyBook *t) {
    memset(t, 0, sizeof *t);
    b->differ[0] = 0;
    for (int c = 0; c < 4 && !b->differ[0]; c++) {
        GameConfig cfg = test_config(g, c ? rng : NULL);
        memset(b->keys, 0, KEYS_CAP * sizeof(KeySeen));
        b->n_keys = b->visits = b->twice = b->routes = b->plies = 0;
        key_walks(g, &cfg, b, rng, test_count(c ? 40 : 160), 150);
        t->n_keys += b->n_keys, t->visits += b->visits, t->twice += b->twice, t->routes += b->routes;
        t->plies += b->plies;
    }
}

/* Equal keys, equal inputs, over random walks of every game. Prints how many keys came back,
 * at all, by other moves, at another ply, so that the test is seen not to pass for want of
 * revisits. */
START_TEST(equal_keys_equal_inputs) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 20261202) + (uint64_t)_i};
    KeyBook b = {.keys = calloc(KEYS_CAP, sizeof(KeySeen))}, t;
    ck_assert_ptr_nonnull(b.keys);
    key_book_walks(g, &rng, &b, &t);
    ck_assert_msg(!b.differ[0], "%s", b.differ);
    fprintf(stderr,
            "keys %s: %ld positions, %ld keys; %ld seen twice or more, %ld reached by other moves, %ld at another "
            "ply\n",
            g->name, t.visits, t.n_keys, t.twice, t.routes, t.plies);
    ck_assert_int_ge(t.routes, test_count(200));
    if (g->caps.repetition) ck_assert_int_ge(t.plies, test_count(50));
    free(b.keys);
}
END_TEST

/* The walks above find a difference where there is one: the default game with features that
 * read the ply (one left out at plies 2 and 3 modulo 4), so that a position met again two
 * plies later (after a pass each, or pieces stepping back) differs from itself. */
static const GameOps *plied;
static int features_by_ply(const GamePos *pos, int p, uint32_t *out) {
    int n = plied->features(pos, p, out);
    return n > 0 && plied->ply(pos) & 2 ? n - 1 : n;
}
START_TEST(equal_keys_test_sees_a_difference) {
    plied = game_default();
    GameOps bad = *plied;
    bad.features = features_by_ply;
    bad.features_both = NULL;
    Prng rng = {test_seed("equal_keys_test_sees_a_difference", 20261203)};
    KeyBook b = {.keys = calloc(KEYS_CAP, sizeof(KeySeen))}, t;
    ck_assert_ptr_nonnull(b.keys);
    key_book_walks(&bad, &rng, &b, &t);
    ck_assert_msg(strstr(b.differ, ": features differ"), "a ply in the features went unseen: '%s'", b.differ);
    fprintf(stderr, "keys: features that read the ply are seen: %.160s...\n", b.differ);
    free(b.keys);
}
END_TEST

/* ---- the file ---- */

static void temp_path(char *out, size_t size, const char *tag) {
    snprintf(out, size, "/tmp/simia-test-nnue-%ld-%s.nnue", (long)getpid(), tag);
}

static void write_bytes(const char *path, const unsigned char *d, size_t n) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(d, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

START_TEST(file_round_trip) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 11) + (uint64_t)_i};
    NnueNet *net = random_net(g, 128, true, &rng);
    char path[256], err[ERR_STR_MAX];
    temp_path(path, sizeof path, g->name);
    ck_assert_msg(nnue_net_save(net, path, err), "%s", err);
    NnueNet *back = nnue_net_load(path, g, err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_str_eq(back->game, g->name);
    ck_assert_str_eq(back->feature_set, g->nnue_feature_set);
    ck_assert_int_eq(back->hidden, 128);
    ck_assert_int_eq(back->n_features, g->nnue_features);
    ck_assert_uint_eq(back->checksum, net->checksum);
    ck_assert_int_eq(back->b2[0], net->b2[0]);
    ck_assert_int_eq(back->buckets, 1);
    ck_assert_int_eq(back->wdl_scale, 0); /* a version 1 file says no scale */
    ck_assert(!memcmp(back->w1, net->w1, (size_t)g->nnue_features * 128 * sizeof *net->w1));
    ck_assert(!memcmp(back->b1, net->b1, 128 * sizeof *net->b1));
    ck_assert(!memcmp(back->w2, net->w2, 256 * sizeof *net->w2));
    unsigned char *a, *b;
    size_t na, nb;
    ck_assert(nnue_net_serialise(net, &a, &na) && nnue_net_serialise(back, &b, &nb));
    ck_assert_uint_eq(na, nnue_file_size(g->nnue_features, 128));
    ck_assert(na == nb && !memcmp(a, b, na));
    fprintf(stderr, "nnue %s: a net of hidden size 128 is %zu bytes\n", g->name, na);
    free(a), free(b);
    nnue_net_free(back);

    /* The squared activation is a version 3 file, with a scope or without one. */
    net->activation = NNUE_SCRELU;
    for (int scoped = 0; scoped < 2; scoped++) {
        snprintf(net->scope, sizeof net->scope, "%s", scoped ? "5x5 9x9" : "");
        ck_assert_msg(nnue_net_save(net, path, err), "%s", err);
        back = nnue_net_load(path, g, err);
        ck_assert_msg(back != NULL, "%s", err);
        ck_assert_int_eq(back->activation, NNUE_SCRELU);
        ck_assert_str_eq(back->scope, net->scope);
        ck_assert(nnue_net_serialise(net, &a, &na) && nnue_net_serialise(back, &b, &nb));
        ck_assert_uint_eq(na, nnue_file_size(g->nnue_features, 128) + 4 + NNUE_SCOPE_MAX);
        ck_assert_uint_eq(a[8], NNUE_VERSION_ACTIVATION);
        ck_assert(na == nb && !memcmp(a, b, na));
        free(a), free(b);
        nnue_net_free(back);
    }
    unlink(path);
    nnue_net_free(net);
}
END_TEST

static void put32(unsigned char *p, uint32_t v) {
    for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i));
}

/* A damaged copy of d must be refused with one line naming the fault (want). */
static void expect_refused(const GameOps *g, const unsigned char *d, size_t n, const char *want) {
    char err[ERR_STR_MAX] = "";
    NnueNet *net = nnue_net_parse(d, n, g, err);
    ck_assert_msg(net == NULL, "%s: a net with %s was accepted", g->name, want);
    ck_assert_msg(strstr(err, want) != NULL, "%s: refusal '%s' does not say '%s'", g->name, err, want);
    ck_assert_msg(!strchr(err, '\n'), "%s: refusal '%s' is not one line", g->name, err);
}

START_TEST(file_refusals) {
    const GameOps *g = game_find(GAMES[_i]->name), *other = game_find(GAMES[(_i + 1) % GAMES_COUNT]->name);
    Prng rng = {test_seed(g->name, 13) + (uint64_t)_i};
    NnueNet *net = random_net(g, 32, false, &rng), *foreign = random_net(other, 32, false, &rng);
    unsigned char *d, *f;
    size_t n, nf;
    ck_assert(nnue_net_serialise(net, &d, &n) && nnue_net_serialise(foreign, &f, &nf));
    unsigned char *c = malloc(n + 1);
    char err[ERR_STR_MAX];
    NnueNet *ok = nnue_net_parse(d, n, g, err);
    ck_assert_msg(ok != NULL, "%s", err);
    nnue_net_free(ok);

    expect_refused(g, f, nf, "for the game"); /* another game's net */
    memcpy(c, d, n), memset(c + 28, 0, NNUE_NAME_MAX), memcpy(c + 28, "other-set", 9);
    expect_refused(g, c, n, "feature set");
    memcpy(c, d, n), put32(c + 44, (uint32_t)g->nnue_features + 1);
    expect_refused(g, c, n, "features");
    memcpy(c, d, n), put32(c + 48, 24);
    expect_refused(g, c, n, "multiple of 16");
    memcpy(c, d, n), put32(c + 48, 2048);
    expect_refused(g, c, n, "multiple of 16");
    memcpy(c, d, n), put32(c + 52, 127);
    expect_refused(g, c, n, "quantisation");
    memcpy(c, d, n), put32(c + 60, 600);
    expect_refused(g, c, n, "quantisation");
    memcpy(c, d, n), c[0] = 'X';
    expect_refused(g, c, n, "magic");
    memcpy(c, d, n), put32(c + 8, 4);
    expect_refused(g, c, n, "version");
    expect_refused(g, d, n - 1, "truncated");
    expect_refused(g, d, 40, "header");
    memcpy(c, d, n), c[n] = 0;
    expect_refused(g, c, n + 1, "after the parameters");
    memcpy(c, d, n), c[NNUE_HEADER_BYTES + 5] ^= 1;
    expect_refused(g, c, n, "checksum");
    memcpy(c, d, n), c[n - 1] ^= 0x80; /* B2, the last byte */
    expect_refused(g, c, n, "checksum");
    free(c), free(d), free(f);

    /* A scoped net (version 2): the scope field must be names separated by single spaces. */
    snprintf(net->scope, sizeof net->scope, "5x5 9x9");
    ck_assert(nnue_net_serialise(net, &d, &n));
    ck_assert_uint_eq(n, nnue_file_size(g->nnue_features, 32) + NNUE_SCOPE_MAX);
    c = malloc(n + 1);
    static const char *BAD_SCOPES[] = {"", " 5x5", "5x5 ", "5x5  9x9", "5x5\t9x9", "a-name-of-sixteen"};
    for (size_t k = 0; k < sizeof BAD_SCOPES / sizeof BAD_SCOPES[0]; k++) {
        memcpy(c, d, n), memset(c + NNUE_HEADER_BYTES, 0, NNUE_SCOPE_MAX);
        memcpy(c + NNUE_HEADER_BYTES, BAD_SCOPES[k], strlen(BAD_SCOPES[k]));
        expect_refused(g, c, n, "scope");
    }
    memcpy(c, d, n), memset(c + NNUE_HEADER_BYTES, 'x', NNUE_SCOPE_MAX); /* no NUL in the field */
    expect_refused(g, c, n, "scope");
    memcpy(c, d, n), c[NNUE_HEADER_BYTES + 10] = 'x'; /* text in the padding */
    expect_refused(g, c, n, "scope");
    expect_refused(g, d, NNUE_HEADER_BYTES + 10, "header");
    expect_refused(g, d, n - 1, "truncated");
    memcpy(c, d, n), c[NNUE_SCOPED_HEADER_BYTES + 5] ^= 1;
    expect_refused(g, c, n, "checksum");
    free(c), free(d);

    /* Version 3 (the squared activation): its activation field must say squared (a clipped
     * net is written as version 1 or 2), its scope may be empty but not malformed. */
    net->activation = NNUE_SCRELU;
    for (int scoped = 0; scoped < 2; scoped++) {
        snprintf(net->scope, sizeof net->scope, "%s", scoped ? "5x5" : "");
        ck_assert(nnue_net_serialise(net, &d, &n));
        ok = nnue_net_parse(d, n, g, err);
        ck_assert_msg(ok != NULL && ok->activation == NNUE_SCRELU, "%s", err);
        nnue_net_free(ok);
        c = malloc(n + 1);
        memcpy(c, d, n), put32(c + NNUE_HEADER_BYTES, NNUE_CRELU);
        expect_refused(g, c, n, "activation");
        memcpy(c, d, n), put32(c + NNUE_HEADER_BYTES, 2);
        expect_refused(g, c, n, "activation");
        memcpy(c, d, n), c[NNUE_HEADER_BYTES + 4 + 3] = ' ';
        expect_refused(g, c, n, "scope");
        expect_refused(g, d, NNUE_HEADER_BYTES + 40, "header");
        expect_refused(g, d, n - 1, "truncated");
        memcpy(c, d, n), c[n] = 0;
        expect_refused(g, c, n + 1, "after the parameters");
        memcpy(c, d, n), c[NNUE_V3_HEADER_BYTES + 1] ^= 1;
        expect_refused(g, c, n, "checksum");
        memcpy(c, d, n), put32(c + 8, NNUE_VERSION); /* read as version 1: its length is wrong */
        expect_refused(g, c, n, "after the parameters");
        free(c), free(d);
    }
    nnue_net_free(net), nnue_net_free(foreign);
}
END_TEST

/* A scoped net keeps its scope through a file and serves exactly the configurations it
 * names; a game that names none (no net_scope) is served by any net. */
START_TEST(scoped_nets) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 23) + (uint64_t)_i};
    NnueNet *net = random_net(g, 32, false, &rng);
    GameConfig a = test_config(g, NULL);
    char name_a[NNUE_SCOPE_NAME_MAX + 1], name_b[NNUE_SCOPE_NAME_MAX + 1], err[ERR_STR_MAX];
    ck_assert(nnue_net_serves(net, g, &a, name_a)); /* no scope: every configuration */
    if (!g->net_scope) {
        ck_assert_str_eq(name_a, "");
        snprintf(net->scope, sizeof net->scope, "anything");
        ck_assert(nnue_net_serves(net, g, &a, NULL));
        nnue_net_free(net);
        return;
    }
    ck_assert(name_a[0] && !strchr(name_a, ' '));
    /* another configuration with another name */
    GameConfig b;
    for (int k = 0;; k++) {
        ck_assert_int_lt(k, 1000);
        b = test_config(g, &rng);
        ck_assert(nnue_net_serves(net, g, &b, name_b));
        if (strcmp(name_a, name_b)) break;
    }
    snprintf(net->scope, sizeof net->scope, "zz %s", name_a);
    unsigned char *d;
    size_t n;
    ck_assert(nnue_net_serialise(net, &d, &n));
    NnueNet *back = nnue_net_parse(d, n, g, err);
    ck_assert_msg(back != NULL, "%s", err);
    ck_assert_str_eq(back->scope, net->scope);
    ck_assert(nnue_net_serves(back, g, &a, NULL));
    ck_assert(!nnue_net_serves(back, g, &b, NULL));
    snprintf(back->scope, sizeof back->scope, "%s %s", name_b, name_a);
    ck_assert(nnue_net_serves(back, g, &a, NULL) && nnue_net_serves(back, g, &b, NULL));
    /* a name that only starts like the configuration's does not serve it */
    snprintf(back->scope, sizeof back->scope, "%sx", name_a);
    ck_assert(!nnue_net_serves(back, g, &a, NULL));
    free(d);
    nnue_net_free(net), nnue_net_free(back);
}
END_TEST

/* Version 4: output buckets and the result scale. A bucketed or scaled net keeps both (and
 * its activation and scope) through its bytes, byte for byte; what an older version can say
 * is still written in it (above); every malformed field is refused. */
START_TEST(bucketed_files) {
    const GameOps *g = game_find(GAMES[_i]->name);
    Prng rng = {test_seed(g->name, 29) + (uint64_t)_i};
    int nb = g->nnue_buckets > 1 ? g->nnue_buckets : 1;
    char err[ERR_STR_MAX];
    for (int k = 0; k < 4; k++) {
        /* bucketed or not, with a result scale or none (not both not: an older version's net) */
        NnueNet *net = random_bucketed_net(g, 32, k == 1 ? 1 : nb, true, &rng);
        if (net->buckets == 1 && k != 1) continue; /* a game without a stage */
        net->wdl_scale = k == 2 ? 0 : 150 + 97 * k;
        net->activation = k == 3 ? NNUE_SCRELU : NNUE_CRELU;
        snprintf(net->scope, sizeof net->scope, "%s", k >= 2 ? "5x5 9x9" : "");
        nnue_net_seal(net);
        unsigned char *d, *e;
        size_t n, m;
        ck_assert(nnue_net_serialise(net, &d, &n));
        size_t want = NNUE_V4_HEADER_BYTES + nnue_file_size(g->nnue_features, 32) - NNUE_HEADER_BYTES +
                      (size_t)(net->buckets - 1) * (2 * 32 * 2 + 4);
        ck_assert_uint_eq(n, want);
        ck_assert_uint_eq(d[8], NNUE_VERSION_BUCKETS);
        NnueNet *back = nnue_net_parse(d, n, g, err);
        ck_assert_msg(back != NULL, "%s: %s", g->name, err);
        ck_assert_int_eq(back->buckets, net->buckets);
        ck_assert_int_eq(back->wdl_scale, net->wdl_scale);
        ck_assert_int_eq(nnue_net_wdl_scale(back), net->wdl_scale);
        ck_assert_int_eq(back->activation, net->activation);
        ck_assert_str_eq(back->scope, net->scope);
        ck_assert_uint_eq(back->checksum, net->checksum);
        ck_assert(!memcmp(back->w2, net->w2, (size_t)net->buckets * 64 * sizeof *net->w2));
        ck_assert(!memcmp(back->b2, net->b2, (size_t)net->buckets * sizeof *net->b2));
        ck_assert(nnue_net_serialise(back, &e, &m));
        ck_assert(m == n && !memcmp(d, e, n));
        free(e);
        nnue_net_free(back);

        /* refusals, each with one line naming the fault */
        unsigned char *c = malloc(n + 1);
        const size_t at = NNUE_HEADER_BYTES;
        memcpy(c, d, n), put32(c + at, 2);
        expect_refused(g, c, n, "activation 2");
        memcpy(c, d, n), put32(c + at + 4, 0);
        expect_refused(g, c, n, "0 output buckets");
        memcpy(c, d, n), put32(c + at + 4, NNUE_BUCKETS_MAX + 1);
        expect_refused(g, c, n, "output buckets, expected 1 to");
        if (net->buckets > 2) { /* another count than the game's: the stages would not match */
            memcpy(c, d, n), put32(c + at + 4, (uint32_t)net->buckets - 1);
            expect_refused(g, c, n, "output buckets;");
        }
        memcpy(c, d, n), put32(c + at + 8, NNUE_WDL_SCALE_MIN - 1);
        expect_refused(g, c, n, "result scale");
        memcpy(c, d, n), put32(c + at + 8, NNUE_WDL_SCALE_MAX + 1);
        expect_refused(g, c, n, "result scale");
        memcpy(c, d, n), put32(c + at + 4, 1), put32(c + at + 8, 0);
        expect_refused(g, c, n, "version 4 net with 1 output bucket and no result scale");
        memcpy(c, d, n), put32(c + at + 8, (uint32_t)net->wdl_scale + (net->wdl_scale ? 1 : 400));
        expect_refused(g, c, n, "checksum"); /* the checksum covers the header's new fields */
        memcpy(c, d, n), c[NNUE_V4_HEADER_BYTES - NNUE_SCOPE_MAX] = ' ';
        expect_refused(g, c, n, "scope");
        memcpy(c, d, n), c[n - 3] ^= 1; /* the last bucket's B2 */
        expect_refused(g, c, n, "checksum");
        memcpy(c, d, n), put32(c + 8, NNUE_VERSION_ACTIVATION); /* read as version 3 */
        expect_refused(g, c, n, net->activation == NNUE_SCRELU ? "scope" : "activation 0");
        memcpy(c, d, n), put32(c + 8, 5);
        expect_refused(g, c, n, "version 5");
        expect_refused(g, d, NNUE_V4_HEADER_BYTES - 1, "header");
        expect_refused(g, d, n - 1, "truncated");
        memcpy(c, d, n), c[n] = 0;
        expect_refused(g, c, n + 1, "after the parameters");
        free(c), free(d);
        nnue_net_free(net);
    }
    /* another game's stage: a bucketed net for a game whose count differs is refused */
    const GameOps *other = NULL;
    for (int j = 0; j < GAMES_COUNT && !other; j++)
        if (GAMES[j]->nnue_buckets != g->nnue_buckets) other = game_find(GAMES[j]->name);
    if (other && nb > 1) {
        NnueNet *net = random_bucketed_net(g, 16, nb, false, &rng);
        unsigned char *d;
        size_t n;
        ck_assert(nnue_net_serialise(net, &d, &n));
        GameOps fake = *g; /* the same game, but staged differently */
        fake.nnue_buckets = other->nnue_buckets, fake.nnue_bucket = other->nnue_bucket;
        expect_refused(&fake, d, n, "output buckets;");
        fake.nnue_buckets = 0, fake.nnue_bucket = NULL;
        expect_refused(&fake, d, n, "output buckets;");
        free(d);
        nnue_net_free(net);
    }
}
END_TEST

/* |B1[j]| + the sum of the k largest |W1[f][j]| over the lanes j: the largest accumulator any
 * view of k distinct features can reach. */
static int64_t lane_bound(const NnueNet *net, int k) {
    int64_t worst = 0;
    int nf = net->n_features;
    int32_t *col = malloc((size_t)nf * sizeof *col);
    ck_assert_ptr_nonnull(col);
    for (int j = 0; j < net->hidden; j++) {
        for (int f = 0; f < nf; f++) col[f] = abs(net->w1[(size_t)f * (size_t)net->hidden + (size_t)j]);
        int64_t sum = abs(net->b1[j]);
        for (int i = 0; i < k && i < nf; i++) { /* the k largest, by selection: small k, few lanes */
            int best = i;
            for (int f = i + 1; f < nf; f++)
                if (col[f] > col[best]) best = f;
            int32_t t = col[i];
            col[i] = col[best], col[best] = t;
            sum += col[i];
        }
        if (sum > worst) worst = sum;
    }
    free(col);
    return worst;
}

/* The shipped net cannot overflow: in every lane, the game's declared most active features
 * (distinct, as the contract says) keep the int16 accumulator in range, whatever the position. */
START_TEST(embedded_net_within_bound) {
    const GameOps *g = game_find(GAMES[_i]->name);
    const unsigned char *data;
    size_t size;
    char err[ERR_STR_MAX];
    if (!nnue_embedded(g, &data, &size)) return;
    NnueNet *net = nnue_net_parse(data, size, g, err);
    ck_assert_msg(net != NULL, "%s: %s", g->name, err);
    int64_t worst = lane_bound(net, g->nnue_max_active);
    fprintf(stderr, "nnue %s: the shipped net's largest accumulator over %d features: %" PRId64 "\n", g->name,
            g->nnue_max_active, worst);
    ck_assert_msg(worst <= INT16_MAX, "%s: %d features could take an accumulator to %" PRId64, g->name,
                  g->nnue_max_active, worst);
    nnue_net_free(net);
}
END_TEST

/* ---- through the protocol: the real executable ---- */

static const char *ask_eval(Child *c) {
    ck_assert(child_send(c, "eval"));
    const char *line = child_expect(c, "NNUE evaluation: ", 20000);
    ck_assert_msg(line != NULL, "no NNUE line in: %s", child_transcript(c));
    return line;
}

static void expect_one_error(Child *c, const char *want) {
    child_transcript_reset(c);
    ck_assert(child_send(c, "isready"));
    ck_assert_ptr_nonnull(child_expect(c, "readyok", 20000));
    ck_assert_msg(child_count(c, "info string error") == 1, "expected one error line: %s", child_transcript(c));
    ck_assert_msg(strstr(child_transcript(c), want) != NULL, "error without '%s': %s", want, child_transcript(c));
}

START_TEST(protocol_options) {
    const GameOps *g = game_find(GAMES[_i]->name), *other = game_find(GAMES[(_i + 1) % GAMES_COUNT]->name);
    Prng rng = {test_seed(g->name, 17) + (uint64_t)_i};
    NnueNet *net = random_net(g, 64, false, &rng), *foreign = random_net(other, 32, false, &rng);
    char good[256], bad[256], alien[256], err[ERR_STR_MAX];
    temp_path(good, sizeof good, "good"), temp_path(bad, sizeof bad, "bad"), temp_path(alien, sizeof alien, "alien");
    ck_assert(nnue_net_save(net, good, err) && nnue_net_save(foreign, alien, err));
    unsigned char *d;
    size_t n;
    ck_assert(nnue_net_serialise(net, &d, &n));
    write_bytes(bad, d, n - 3);
    free(d);
    GameConfig cfg = test_config(g, NULL);
    GamePos start;
    g->startpos(&start, &cfg);
    char want[64];
    snprintf(want, sizeof want, "NNUE evaluation: %d (player to move)", (int)reference_eval(net, g, &start));

    char *argv[] = {SIMIA_BINARY, "--game", (char *)g->name, NULL};
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    ck_assert(child_send(c, "ugi"));
    ck_assert_ptr_nonnull(child_expect(c, "ugiok", 20000));
    ck_assert_int_eq(child_count(c, "option name Use NNUE type check default true"), 1);
    ck_assert_int_eq(child_count(c, "option name EvalFile type string default <empty>"), 1);
    /* Without EvalFile: the embedded net's value, or none. */
    char none[96];
    const unsigned char *embedded;
    size_t embedded_size;
    if (nnue_embedded(g, &embedded, &embedded_size)) {
        NnueNet *e = nnue_net_parse(embedded, embedded_size, g, err);
        ck_assert_msg(e != NULL, "%s: embedded net: %s", g->name, err);
        snprintf(none, sizeof none, "NNUE evaluation: %d (player to move)",
                 (int)nnue_evaluate_fresh(e, g, &start, NNUE_KERNEL_SCALAR));
        nnue_net_free(e);
    } else {
        snprintf(none, sizeof none, "NNUE evaluation: none (no net for %s)", g->name);
    }
    ck_assert_str_eq(ask_eval(c), none);
    /* What evaluates is told at the first isready, then after every EvalFile. */
    char told[512];
    snprintf(told, sizeof told, "info string evaluation of %s: %s", g->title,
             nnue_embedded(g, &embedded, &embedded_size) ? "the embedded net (" : "hand-written (");
    ck_assert(child_send(c, "isready"));
    ck_assert_ptr_nonnull(child_expect(c, told, 20000));
    ck_assert(child_send(c, "setoption name EvalFile value %s", good));
    snprintf(told, sizeof told, "info string evaluation of %s: the net in %s (%s, %d features, hidden 64)", g->title, good,
             g->nnue_feature_set, g->nnue_features);
    ck_assert_ptr_nonnull(child_expect(c, told, 20000));
    ck_assert_str_eq(ask_eval(c), want);
    /* Refused files leave the loaded net in place, each with one error line. */
    ck_assert(child_send(c, "setoption name EvalFile value %s", bad));
    expect_one_error(c, "truncated");
    ck_assert_str_eq(ask_eval(c), want);
    ck_assert(child_send(c, "setoption name EvalFile value %s", alien));
    expect_one_error(c, "for the game");
    ck_assert(child_send(c, "setoption name EvalFile value /nonexistent/simia.nnue"));
    expect_one_error(c, "cannot open");
    ck_assert_int_eq(child_count(c, "info string evaluation"), 0); /* refused: nothing changed */
    ck_assert_str_eq(ask_eval(c), want);
    /* bench's evaluation speed, with the net. */
    if (_i == 0) {
        child_transcript_reset(c);
        ck_assert(child_send(c, "bench 1"));
        const char *line = child_expect(c, "Evaluations/CPU-second: classical ", 120000);
        ck_assert_msg(line != NULL, "no evaluation speed: %s", child_transcript(c));
        ck_assert_msg(strstr(line, ", NNUE ") && strstr(line, "(hidden 64, "), "%s", line);
    }
    /* A search with the net. */
    ck_assert(child_send(c, "setoption name Use NNUE value true"));
    ck_assert(child_send(c, "position startpos"));
    ck_assert(child_send(c, "go depth 3"));
    ck_assert_ptr_nonnull(child_expect(c, "bestmove ", 60000));
    /* The same weights squared (a version 3 file): its own value, bench says so, it searches. */
    {
        char squared[256], want_sq[64];
        temp_path(squared, sizeof squared, "squared");
        net->activation = NNUE_SCRELU;
        ck_assert(nnue_net_save(net, squared, err));
        snprintf(want_sq, sizeof want_sq, "NNUE evaluation: %d (player to move)", (int)reference_eval(net, g, &start));
        net->activation = NNUE_CRELU;
        ck_assert(child_send(c, "setoption name EvalFile value %s", squared));
        ck_assert_str_eq(ask_eval(c), want_sq);
        if (_i == 0) {
            child_transcript_reset(c);
            ck_assert(child_send(c, "bench 1"));
            const char *line = child_expect(c, "Evaluations/CPU-second: classical ", 120000);
            ck_assert_msg(line && strstr(line, "(hidden 64 squared, "), "%s", child_transcript(c));
        }
        ck_assert(child_send(c, "position startpos"));
        ck_assert(child_send(c, "go depth 3"));
        ck_assert_ptr_nonnull(child_expect(c, "bestmove ", 60000));
        ck_assert(child_send(c, "setoption name EvalFile value %s", good));
        ck_assert_str_eq(ask_eval(c), want);
        unlink(squared);
    }
    /* A net with an output layer per stage of the game and a fitted result scale (version 4):
     * its own value, and eval names the stage (the game's, whatever the net). */
    if (g->nnue_buckets > 1) {
        char staged[256], want_b[64], line[64];
        temp_path(staged, sizeof staged, "staged");
        NnueNet *bn = random_bucketed_net(g, 32, g->nnue_buckets, false, &rng);
        bn->wdl_scale = 321;
        nnue_net_seal(bn);
        ck_assert(nnue_net_save(bn, staged, err));
        snprintf(want_b, sizeof want_b, "NNUE evaluation: %d (player to move)", (int)reference_eval(bn, g, &start));
        snprintf(line, sizeof line, "NNUE output bucket: %d of %d", g->nnue_bucket(&start), g->nnue_buckets);
        ck_assert(child_send(c, "setoption name EvalFile value %s", staged));
        ck_assert_str_eq(ask_eval(c), want_b);
        const char *got = child_expect(c, "NNUE output bucket: ", 20000);
        ck_assert_msg(got && !strcmp(got, line), "%s: '%s', expected '%s'", g->name, got ? got : "nothing", line);
        ck_assert(child_send(c, "position startpos"));
        ck_assert(child_send(c, "go depth 3"));
        ck_assert_ptr_nonnull(child_expect(c, "bestmove ", 60000));
        ck_assert(child_send(c, "setoption name EvalFile value %s", good));
        ck_assert_str_eq(ask_eval(c), want);
        ck_assert_ptr_nonnull(child_expect(c, line, 20000)); /* the stage, with a net without buckets too */
        unlink(staged);
        nnue_net_free(bn);
    }
    /* A net scoped to the start's configuration: used there, and elsewhere the hand-written
     * evaluation plays, eval saying why (Zoo: another board size). */
    if (g->net_scope) {
        char scoped[256], name[NNUE_SCOPE_NAME_MAX + 1], line[160];
        temp_path(scoped, sizeof scoped, "scoped");
        g->net_scope(&cfg, name);
        snprintf(net->scope, sizeof net->scope, "%s", name);
        ck_assert(nnue_net_save(net, scoped, err));
        ck_assert(child_send(c, "setoption name EvalFile value %s", scoped));
        ck_assert_str_eq(ask_eval(c), want);
        ck_assert_str_eq(g->name, "zoo"); /* the one game that names configurations */
        ck_assert(child_send(c, "setoption name ZooWidth value 7"));
        ck_assert(child_send(c, "position startpos"));
        snprintf(line, sizeof line, "NNUE evaluation: none (the net of zoo serves %s, not 7x5)", name);
        ck_assert_str_eq(ask_eval(c), line);
        ck_assert(child_send(c, "go depth 3")); /* plays with the hand-written evaluation */
        ck_assert_ptr_nonnull(child_expect(c, "bestmove ", 60000));
        ck_assert(child_send(c, "setoption name ZooWidth value 5"));
        ck_assert(child_send(c, "position startpos"));
        ck_assert_str_eq(ask_eval(c), want);
        net->scope[0] = 0;
        unlink(scoped);
    }
    /* Empty: back to the embedded net (none yet). */
    ck_assert(child_send(c, "setoption name EvalFile value <empty>"));
    snprintf(told, sizeof told, "info string evaluation of %s: %s", g->title,
             nnue_embedded(g, &embedded, &embedded_size) ? "the embedded net (" : "hand-written (");
    ck_assert_ptr_nonnull(child_expect(c, told, 20000));
    ck_assert_str_eq(ask_eval(c), none);
    ck_assert(child_send(c, "quit"));
    ck_assert_int_eq(child_wait(c, 20000), 0);
    child_free(c);
    unlink(good), unlink(bad), unlink(alien);
    nnue_net_free(net), nnue_net_free(foreign);
}
END_TEST

/* Each kernel's diff of two lists of position features against a reference written here:
 * the slots that differ in slot order, the longer list's rest, appended after what the lists
 * held, nothing written past NNUE_DIFF_SLACK words beyond the counts. Lengths from 0 to the
 * most a game may list, every short tail, lists of unequal length, slots mostly equal (as a
 * move leaves them) and all different. */
START_TEST(diff_kernels) {
    enum { ROOM = 2 * NNUE_DYNAMIC_MAX + 8 + NNUE_DIFF_SLACK + 8, CANARY = 0xC0FFEEu };
    Prng rng = {20261129};
    const NnueKernel kernels[2] = {NNUE_KERNEL_SCALAR, NNUE_KERNEL_AVX2};
    for (int trial = 0; trial < 20000; trial++) {
        int nf = trial < 400 ? trial % 20 : (int)prng_below(&rng, NNUE_DYNAMIC_MAX + 1);
        int nt = trial % 3 == 0 ? nf : trial < 400 ? (trial / 20) % 20 : (int)prng_below(&rng, NNUE_DYNAMIC_MAX + 1);
        unsigned change = (unsigned)prng_below(&rng, 4); /* a slot differs with odds 0, 1/8, 1/2, 1 */
        uint32_t from[NNUE_DYNAMIC_MAX], to[NNUE_DYNAMIC_MAX];
        for (int i = 0; i < nf; i++) from[i] = (uint32_t)prng_below(&rng, 1u << 20);
        for (int i = 0; i < nt; i++) {
            bool differs = change == 3 || (change == 2 && prng_below(&rng, 2)) || (change == 1 && !prng_below(&rng, 8));
            to[i] = i < nf && !differs ? from[i] : (uint32_t)prng_below(&rng, 1u << 20) | 1u << 21;
        }
        int lead = (int)prng_below(&rng, 9); /* rows already in the lists (the move's) */
        uint32_t want_add[ROOM], want_rem[ROOM];
        int wa = lead, wr = lead;
        for (int i = 0; i < lead; i++) want_add[i] = want_rem[i] = 7u + (uint32_t)i;
        for (int i = 0; i < nf || i < nt; i++) {
            if (i < nf && i < nt && from[i] == to[i]) continue;
            if (i < nf) want_rem[wr++] = from[i];
            if (i < nt) want_add[wa++] = to[i];
        }
        for (int k = 0; k < 2; k++) {
            if (!nnue_kernel_available(kernels[k])) continue;
            const NnueKernelOps *ops = nnue_kernel_ops(kernels[k]);
            uint32_t add[ROOM], rem[ROOM];
            for (int i = 0; i < ROOM; i++) add[i] = rem[i] = CANARY;
            for (int i = 0; i < lead; i++) add[i] = rem[i] = 7u + (uint32_t)i;
            int na = lead, nr = lead;
            ops->diff(from, nf, to, nt, add, &na, rem, &nr);
            REQUIRE(na == wa && nr == wr, "%s diff, lists of %d and %d: %d added, %d removed, not %d and %d",
                    nnue_kernel_name(kernels[k]), nf, nt, na, nr, wa, wr);
            for (int i = 0; i < na; i++)
                REQUIRE(add[i] == want_add[i], "%s diff: added[%d] %u, not %u", nnue_kernel_name(kernels[k]), i, add[i],
                        want_add[i]);
            for (int i = 0; i < nr; i++)
                REQUIRE(rem[i] == want_rem[i], "%s diff: removed[%d] %u, not %u", nnue_kernel_name(kernels[k]), i,
                        rem[i], want_rem[i]);
            for (int i = na + NNUE_DIFF_SLACK; i < ROOM; i++)
                REQUIRE(add[i] == CANARY, "%s diff wrote added[%d], past %d + the slack", nnue_kernel_name(kernels[k]), i,
                        na);
            for (int i = nr + NNUE_DIFF_SLACK; i < ROOM; i++)
                REQUIRE(rem[i] == CANARY, "%s diff wrote removed[%d], past %d + the slack", nnue_kernel_name(kernels[k]),
                        i, nr);
        }
    }
}
END_TEST

int main(void) {
    return RUN_TESTS("nnue", 900, LOOP(incremental_equals_refresh, GAMES_COUNT), LOOP(player_to_move_view, GAMES_COUNT),
                     LOOP(declared_bound, GAMES_COUNT), LOOP(equal_keys_equal_inputs, GAMES_COUNT),
                     ONCE(equal_keys_test_sees_a_difference), LOOP(file_round_trip, GAMES_COUNT),
                     LOOP(file_refusals, GAMES_COUNT), LOOP(scoped_nets, GAMES_COUNT),
                     LOOP(bucketed_files, GAMES_COUNT), LOOP(embedded_net_within_bound, GAMES_COUNT),
                     LOOP(protocol_options, GAMES_COUNT), ONCE(diff_kernels));
}
