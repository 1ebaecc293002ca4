/* test_strength.c — what GUIs set beyond the search: the strength limit (each game's Elo
 * scale, the setting an Elo asks for, the choice among lines, node-exact searches with one
 * thread), the score-to-result model (UCI_ShowWDL), and `go mate` through the engine. */
#include <math.h>
#include <pthread.h>
#include <time.h>

#include "engine/engine.h"
#include "engine/games/registry.h"
#include "engine/nnue/nnue.h"
#include "engine/strength.h"
#include "engine/wdl.h"
#include "testutil.h"

/* ---- the scale ---- */

/* Every game's scale: its levels at their own Elo ask for exactly the level; between two
 * levels the nodes rise (and the noise falls) with the Elo; outside, the scale's ends. */
START_TEST(settings_follow_the_scale) {
    const GameOps *g = GAMES[_i];
    const int *s = strength_scale(g);
    ck_assert_int_eq(s[STRENGTH_ANCHOR_LEVEL], STRENGTH_ANCHOR_ELO);
    for (int k = 0; k < STRENGTH_LEVELS; k++) {
        const StrengthLevel *L = &STRENGTH_LEVEL[k];
        StrengthSetting st = strength_setting(g, s[k]);
        ck_assert_int_eq(st.elo, s[k]);
        ck_assert_uint_eq(st.nodes, L->nodes * (uint64_t)L->lines);
        ck_assert_int_eq(st.lines, L->lines);
        ck_assert_int_eq(st.noise, L->noise);
    }
    StrengthSetting low = strength_setting(g, s[0] - 50), high = strength_setting(g, s[STRENGTH_LEVELS - 1] + 50);
    ck_assert_int_eq(low.elo, s[0]);
    ck_assert_uint_eq(low.nodes, STRENGTH_LEVEL[0].nodes * (uint64_t)STRENGTH_LEVEL[0].lines);
    ck_assert_int_eq(high.elo, s[STRENGTH_LEVELS - 1]);
    ck_assert_uint_eq(high.nodes, STRENGTH_LEVEL[STRENGTH_LEVELS - 1].nodes);
    /* From the anchor up: nodes per line never fall, never beyond the next level's. */
    uint64_t last = 0;
    for (int elo = s[STRENGTH_ANCHOR_LEVEL]; elo <= s[STRENGTH_LEVELS - 1]; elo++) {
        StrengthSetting st = strength_setting(g, elo);
        ck_assert_int_eq(st.elo, elo);
        ck_assert_int_eq(st.lines, 1);
        ck_assert_uint_ge(st.nodes, last);
        last = st.nodes;
    }
    /* Below it: the noise falls as the Elo rises, and the lines come with the noise. */
    int noise = STRENGTH_LEVEL[0].noise + 1;
    for (int elo = s[0]; elo < s[STRENGTH_ANCHOR_LEVEL]; elo++) {
        StrengthSetting st = strength_setting(g, elo);
        ck_assert_int_le(st.noise, noise);
        ck_assert_int_eq(st.lines, st.noise > 0 ? STRENGTH_LEVEL[0].lines : 1);
        ck_assert_uint_eq(st.nodes, STRENGTH_LEVEL[0].nodes * (uint64_t)st.lines);
        noise = st.noise;
    }
}
END_TEST

/* Halfway in Elo between two levels is halfway in the logarithm of the nodes. */
START_TEST(nodes_geometric_between_levels) {
    const GameOps *g = GAMES[0];
    const int *s = strength_scale(g);
    for (int k = STRENGTH_ANCHOR_LEVEL; k + 1 < STRENGTH_LEVELS; k++) {
        if ((s[k + 1] - s[k]) % 2) continue;
        StrengthSetting mid = strength_setting(g, (s[k] + s[k + 1]) / 2);
        double want = sqrt((double)STRENGTH_LEVEL[k].nodes * (double)STRENGTH_LEVEL[k + 1].nodes);
        ck_assert_msg(fabs((double)mid.nodes - want) <= 1.0, "level %d: %llu nodes halfway, not %.1f", k,
                      (unsigned long long)mid.nodes, want);
    }
}
END_TEST

/* UCI_Elo's range spans every game's scale, the default inside it. */
START_TEST(range_spans_every_game) {
    int lo, hi;
    strength_range(&lo, &hi);
    ck_assert_int_le(lo, STRENGTH_ANCHOR_ELO);
    ck_assert_int_ge(hi, STRENGTH_ANCHOR_ELO);
    bool lo_seen = false, hi_seen = false;
    for (int i = 0; i < GAMES_COUNT; i++) {
        const int *s = strength_scale(GAMES[i]);
        ck_assert_int_ge(s[0], lo);
        ck_assert_int_le(s[STRENGTH_LEVELS - 1], hi);
        lo_seen |= s[0] == lo, hi_seen |= s[STRENGTH_LEVELS - 1] == hi;
    }
    ck_assert(lo_seen && hi_seen);
    /* A game that declares no scale plays on the core's. */
    GameOps bare = *GAMES[0];
    memset(&bare.calib, 0, sizeof bare.calib);
    const int *d = strength_scale(&bare);
    ck_assert_int_eq(d[STRENGTH_ANCHOR_LEVEL], STRENGTH_ANCHOR_ELO);
    for (int k = 1; k < STRENGTH_LEVELS; k++) ck_assert_int_gt(d[k], d[k - 1]);
}
END_TEST

/* ---- the choice among lines ---- */

START_TEST(choice_by_expected_result) {
    int e[4] = {600, 600, 400, 600};
    /* no noise or one line: the best line */
    for (uint64_t seed = 0; seed < 200; seed++) {
        ck_assert_int_eq(strength_choose(e, 4, 0, seed), 0);
        ck_assert_int_eq(strength_choose(e, 1, 100, seed), 0);
    }
    /* the same seed, the same choice */
    for (uint64_t seed = 0; seed < 200; seed++) ck_assert_int_eq(strength_choose(e, 4, 100, seed), strength_choose(e, 4, 100, seed));
    /* weights exp((e - best) / noise): the worse line 2 (200 below) at e^-2 of the others */
    enum { DRAWS = 20000 };
    int count[4] = {0};
    for (uint64_t seed = 1; seed <= DRAWS; seed++) count[strength_choose(e, 4, 100, seed * 0x9E3779B97F4A7C15ULL)]++;
    double w2 = exp(-2.0), total = 3 + w2;
    for (int i = 0; i < 4; i++) {
        double want = (i == 2 ? w2 : 1.0) / total * DRAWS;
        ck_assert_msg(fabs(count[i] - want) < 5 * sqrt(want) + 10, "line %d: %d of %d draws, expected %.0f", i, count[i],
                      DRAWS, want);
    }
    /* a line far worse is all but never played */
    int f[2] = {900, 100}, worse = 0; /* e^-8: about 7 in 20,000 */
    for (uint64_t seed = 1; seed <= DRAWS; seed++) worse += strength_choose(f, 2, 100, seed * 7919);
    ck_assert_int_le(worse, 25);
}
END_TEST

/* ---- score to result ---- */

static void check_model(const WdlModel *m, bool draws) {
    int last_win = -1, last_loss = 1001;
    for (Score s = -3000; s <= 3000; s += 7) {
        int a[3], b[3];
        wdl_of(m, s, a);
        wdl_of(m, (Score)-s, b);
        for (int k = 0; k < 3; k++) ck_assert_int_ge(a[k], 0);
        ck_assert_int_eq(a[0] + a[1] + a[2], 1000);
        ck_assert_int_eq(a[0], b[2]); /* the other player's view, mirrored */
        ck_assert_int_eq(a[2], b[0]);
        ck_assert_int_ge(a[0], last_win); /* more score, more wins, fewer losses */
        ck_assert_int_le(a[2], last_loss);
        last_win = a[0], last_loss = a[2];
        if (!draws) ck_assert_int_eq(a[1], 0);
        ck_assert_int_eq(wdl_expected(m, s), a[0] + a[1] / 2);
    }
    int z[3];
    wdl_of(m, 0, z);
    ck_assert_int_eq(z[0], z[2]);
    if (draws) ck_assert_int_gt(z[1], 0);
    wdl_of(m, SCORE_WIN - 5, z);
    ck_assert(z[0] == 1000 && z[1] == 0 && z[2] == 0);
    wdl_of(m, -SCORE_WIN + 4, z);
    ck_assert(z[0] == 0 && z[1] == 0 && z[2] == 1000);
    ck_assert_int_eq(wdl_expected(m, SCORE_WIN - 5), 1000);
}

START_TEST(wdl_model_of_each_game) {
    const GameOps *g = GAMES[_i];
    WdlModel m = wdl_model(g, NULL);
    ck_assert(m.scale > 0 && m.draw >= 0);
    check_model(&m, m.draw > 0);
    /* the logistic itself at one score: a win's share 1/(1+exp((draw - s)/scale)) */
    int w[3];
    wdl_of(&m, 150, w);
    ck_assert_int_eq(w[0], (int)lround(1000.0 / (1.0 + exp((m.draw - 150) / m.scale))));
    /* A game without constants: the default scale, no draws. */
    GameOps bare = *g;
    memset(&bare.calib, 0, sizeof bare.calib);
    WdlModel d = wdl_model(&bare, NULL);
    ck_assert(d.scale == WDL_SCALE_DEFAULT && d.draw == 0);
    check_model(&d, false);
    /* A net that carries its scale (version 4) speaks for its scores, the draw margin kept in
     * proportion; one that says none (versions 1 to 3) leaves the game's model. */
    NnueNet *net = nnue_net_new(g, 16, 1);
    ck_assert_ptr_nonnull(net);
    WdlModel plain = wdl_model(g, net);
    ck_assert(plain.scale == m.scale && plain.draw == m.draw);
    net->wdl_scale = 250;
    WdlModel own = wdl_model(g, net);
    ck_assert(own.scale == 250 && fabs(own.draw - m.draw * 250 / m.scale) < 1e-9);
    check_model(&own, own.draw > 0);
    nnue_net_free(net);
}
END_TEST

/* ---- through the engine ---- */

static const GameOps *G; /* Monkey Queen */

typedef struct {
    pthread_mutex_t lock;
    int n_best, n_info;
    Move best, ponder;
    SearchInfo last; /* the last line of multipv 1 */
    Move last_pv[MAX_PLY];
    int max_multipv;
    Move line_move[STRENGTH_LINES_MAX]; /* first move of each line of the deepest depth */
    int line_depth;
} Rec;

static void rec_info(void *ctx, const SearchInfo *in) {
    Rec *r = ctx;
    pthread_mutex_lock(&r->lock);
    r->n_info++;
    if (in->multipv > r->max_multipv) r->max_multipv = in->multipv;
    if (in->multipv == 1) {
        r->last = *in;
        memcpy(r->last_pv, in->pv, sizeof(Move) * (size_t)in->pv_len);
    }
    /* the lines of one iteration (not the first line told again at the end) */
    bool again = in->multipv == 1 && in->depth == r->line_depth && r->line_move[1];
    if (in->bound == BOUND_EXACT && in->multipv >= 1 && in->multipv <= STRENGTH_LINES_MAX && in->pv_len &&
        in->depth >= r->line_depth && !again) {
        if (in->depth > r->line_depth) memset(r->line_move, 0, sizeof r->line_move);
        r->line_depth = in->depth;
        r->line_move[in->multipv - 1] = in->pv[0];
    }
    pthread_mutex_unlock(&r->lock);
}
static void rec_best(void *ctx, const GamePos *root, Move best, Move ponder) {
    (void)root;
    Rec *r = ctx;
    pthread_mutex_lock(&r->lock);
    r->n_best++, r->best = best, r->ponder = ponder;
    pthread_mutex_unlock(&r->lock);
}
static void rec_message(void *ctx, const char *text) { (void)ctx, (void)text; }

static Rec *go_wait(Engine *e, const SearchLimits *l) {
    Rec *r = calloc(1, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    SearchReport rep = {.ctx = r, .info = rec_info, .message = rec_message, .bestmove = rec_best};
    char err[ERR_STR_MAX];
    ck_assert_msg(engine_go(e, l, &rep, err), "%s", err);
    engine_wait(e);
    ck_assert_int_eq(r->n_best, 1);
    return r;
}

static void set(Engine *e, const char *name, const char *value) {
    char err[ERR_STR_MAX];
    ck_assert_msg(engine_set_option(e, name, value, err), "%s = %s: %s", name, value, err);
}

static void set_int(Engine *e, const char *name, int v) {
    char s[32];
    snprintf(s, sizeof s, "%d", v);
    set(e, name, s);
}

static Engine *engine_at(const char *const *moves, int n) {
    Engine *e = engine_create(G);
    ck_assert_ptr_nonnull(e);
    set(e, "Hash", "8");
    char err[ERR_STR_MAX];
    ck_assert_msg(engine_set_position(e, NULL, moves, n, err), "%s", err);
    return e;
}

static const char *const OPENING[] = {"g1g4", "f12f9", "g4c4"};

/* A level's node count is the search's, exactly, with any Threads: one thread searches; a
 * smaller `go nodes` wins; UCI_Elo does nothing while UCI_LimitStrength is off. */
START_TEST(limit_is_node_exact) {
    Engine *e = engine_at(OPENING, 3);
    set(e, "Threads", "2");
    set(e, "UCI_LimitStrength", "true");
    const int *s = strength_scale(G);
    int casual = s[STRENGTH_ANCHOR_LEVEL + 1];
    set_int(e, "UCI_Elo", casual);
    SearchLimits l;
    search_limits_init(&l);
    Rec *r = go_wait(e, &l); /* no limit of its own: the level ends it */
    ck_assert_uint_eq(engine_nodes(e), strength_setting(G, casual).nodes);
    free(r);
    l.nodes = 300;
    r = go_wait(e, &l);
    ck_assert_uint_eq(engine_nodes(e), 300);
    free(r);
    l.nodes = 0, l.depth = 1; /* a depth that ends first */
    r = go_wait(e, &l);
    ck_assert_uint_lt(engine_nodes(e), strength_setting(G, casual).nodes);
    ck_assert_int_eq(r->last.depth, 1);
    free(r);
    /* off: the search is the unlimited one, whatever UCI_Elo says */
    set(e, "UCI_LimitStrength", "false");
    set(e, "Threads", "1");
    search_limits_init(&l);
    l.nodes = 20000;
    engine_new_game(e);
    Rec *a = go_wait(e, &l);
    uint64_t na = engine_nodes(e);
    set_int(e, "UCI_Elo", s[0]);
    engine_new_game(e);
    Rec *b = go_wait(e, &l);
    ck_assert_uint_eq(engine_nodes(e), na);
    ck_assert_uint_eq(a->best, b->best);
    ck_assert_int_eq(b->max_multipv, 1);
    free(a), free(b);
    engine_destroy(e);
}
END_TEST

/* go infinite under a strength limit: the level's nodes end the work, but the bestmove
 * waits for stop, as the protocol wants. */
START_TEST(limit_with_infinite_waits_for_stop) {
    Engine *e = engine_at(OPENING, 3);
    set(e, "UCI_LimitStrength", "true");
    set_int(e, "UCI_Elo", STRENGTH_ANCHOR_ELO);
    Rec *r = calloc(1, sizeof *r);
    pthread_mutex_init(&r->lock, NULL);
    SearchReport rep = {.ctx = r, .info = rec_info, .message = rec_message, .bestmove = rec_best};
    SearchLimits l;
    search_limits_init(&l);
    l.infinite = true;
    char err[ERR_STR_MAX];
    ck_assert(engine_go(e, &l, &rep, err));
    struct timespec ts = {0, 300 * 1000000L};
    nanosleep(&ts, NULL);
    ck_assert(engine_searching(e));
    pthread_mutex_lock(&r->lock);
    ck_assert_int_eq(r->n_best, 0);
    pthread_mutex_unlock(&r->lock);
    ck_assert_uint_eq(engine_nodes(e), STRENGTH_LEVEL[STRENGTH_ANCHOR_LEVEL].nodes);
    engine_stop(e);
    engine_wait(e);
    ck_assert_int_eq(r->n_best, 1);
    free(r);
    engine_destroy(e);
}
END_TEST

/* The lowest level: four lines, and a move among them by their expected results, the same
 * again for the same position; the last line told leads with the move played. */
START_TEST(lowest_level_chooses_among_lines) {
    const int *s = strength_scale(G);
    Prng rng = {test_seed("lowest_level", 5)};
    int deviations = 0, searches = 0;
    for (int game = 0; game < 12; game++) {
        Engine *e = engine_create(G);
        set(e, "Hash", "8");
        set(e, "UCI_LimitStrength", "true");
        set_int(e, "UCI_Elo", s[0]);
        set(e, "Ponder", "true");
        char moves[64][MOVE_STR_MAX];
        const char *list[64];
        GameConfig cfg = engine_game_config(e);
        GamePos p;
        G->startpos(&p, &cfg);
        int n = 0;
        for (; n < 6 + game % 5 && game_result(G, &p) == RESULT_NONE; n++) {
            Move m = G->nth_move(&p, prng_below(&rng, (uint32_t)G->count_moves(&p)));
            G->print_move(&p, m, moves[n]);
            list[n] = moves[n];
            GameUndo u;
            G->make(&p, m, &u);
        }
        if (game_result(G, &p) != RESULT_NONE) {
            engine_destroy(e);
            continue;
        }
        char err[ERR_STR_MAX];
        Move first = MOVE_NONE;
        for (int again = 0; again < 2; again++) {
            engine_new_game(e);
            ck_assert(engine_set_position(e, NULL, list, n, err));
            SearchLimits l;
            search_limits_init(&l);
            Rec *r = go_wait(e, &l);
            searches++;
            /* Its lines are whole: the level's nodes never end its first iteration (they did
             * once, and the Novice played a plain search stronger than the Beginner's); past
             * those nodes only to finish that iteration. */
            int legal = (int)G->count_moves(&p), whole = legal < STRENGTH_LEVEL[0].lines ? legal : STRENGTH_LEVEL[0].lines;
            ck_assert_int_ge(r->line_depth, 1);
            for (int k = 0; k < whole; k++) ck_assert_msg(r->line_move[k] != MOVE_NONE, "line %d not whole", k + 1);
            if (engine_nodes(e) > strength_setting(G, s[0]).nodes) ck_assert_int_eq(r->line_depth, 1);
            ck_assert(G->is_legal(&p, r->best));
            ck_assert_uint_eq(r->last_pv[0], r->best); /* the last line leads with the move */
            bool among = false;
            for (int k = 0; k < STRENGTH_LINES_MAX; k++) among |= r->line_move[k] == r->best;
            ck_assert_msg(among || r->line_depth == 0, "the move played is none of the lines");
            if (r->line_move[1]) ck_assert_int_eq(r->max_multipv, STRENGTH_LEVEL[0].lines);
            bool deviated = r->line_move[0] && r->best != r->line_move[0];
            deviations += deviated;
            if (deviated && r->ponder) { /* the reply in the line played */
                ck_assert(r->last.pv_len >= 2);
                ck_assert_uint_eq(r->ponder, r->last_pv[1]);
            }
            if (again) ck_assert_uint_eq(r->best, first); /* reproducible */
            first = r->best;
            free(r);
        }
        engine_destroy(e);
    }
    ck_assert_int_gt(searches, 10);
    ck_assert_msg(deviations > 0, "the lowest level never played another line than the best in %d searches", searches);
}
END_TEST

/* ---- go mate ---- */

/* A win in three plies for Ivory (tests/test_search.c builds it): c5c3, any reply, the
 * queen taken. */
static const char *WIN3 = "I5:k3 i:c5 C2:a1 c:l10";

static Engine *engine_fen(const char *pieces, char side) {
    Engine *e = engine_create(G);
    set(e, "Hash", "8");
    char fen[1024], err[ERR_STR_MAX];
    build_fen(fen, pieces, side, '-', 20);
    ck_assert_msg(engine_set_position(e, fen, NULL, 0, err), "%s", err);
    return e;
}

START_TEST(go_mate_finds_and_stops) {
    Engine *e = engine_fen(WIN3, 'i');
    SearchLimits l;
    search_limits_init(&l);
    l.mate = 2;
    Rec *r = go_wait(e, &l);
    ck_assert_int_eq(r->last.score, SCORE_WIN - 3);
    ck_assert_int_le(r->last.depth, 3); /* stopped once proved, within the depth of two moves */
    free(r);
    /* Not within one move: the search ends at the depth of one move, no win told. */
    engine_new_game(e);
    l.mate = 1;
    r = go_wait(e, &l);
    ck_assert_int_eq(r->last.depth, 1);
    ck_assert_int_lt(r->last.score, SCORE_WIN - 1); /* (the quiescence search may see the longer win) */
    free(r);
    /* With another limit, that one ends it: a mate in 2 sought, a depth of 5 given, the
     * win found in 3 plies ends it first; one node ends it at once. */
    engine_new_game(e);
    l.mate = 2, l.depth = 5;
    r = go_wait(e, &l);
    ck_assert_int_eq(r->last.score, SCORE_WIN - 3);
    ck_assert_int_lt(r->last.depth, 5);
    free(r);
    engine_new_game(e);
    l.mate = 1, l.depth = 4; /* no mate in 1: the depth given is searched */
    r = go_wait(e, &l);
    ck_assert_int_eq(r->last.depth, 4);
    free(r);
    engine_new_game(e);
    l.depth = 0, l.mate = 3, l.nodes = 1;
    r = go_wait(e, &l);
    ck_assert_uint_le(engine_nodes(e), 2);
    free(r);
    /* go mate with infinite: proved, but the bestmove waits for stop. */
    engine_new_game(e);
    l.nodes = 0, l.mate = 2, l.infinite = true;
    Rec *w = calloc(1, sizeof *w);
    pthread_mutex_init(&w->lock, NULL);
    SearchReport rep = {.ctx = w, .info = rec_info, .message = rec_message, .bestmove = rec_best};
    char err[ERR_STR_MAX];
    ck_assert(engine_go(e, &l, &rep, err));
    struct timespec ts = {0, 200 * 1000000L};
    nanosleep(&ts, NULL);
    pthread_mutex_lock(&w->lock);
    ck_assert_int_eq(w->n_best, 0);
    ck_assert_int_eq(w->last.score, SCORE_WIN - 3);
    pthread_mutex_unlock(&w->lock);
    engine_stop(e);
    engine_wait(e);
    ck_assert_int_eq(w->n_best, 1);
    free(w);
    /* The loser's side (Cigar after c5c3): nothing to find, the depth of one move. */
    char fen[1024];
    build_fen(fen, WIN3, 'i', '-', 20);
    const char *mv[] = {"c5c3"};
    ck_assert(engine_set_position(e, fen, mv, 1, err));
    search_limits_init(&l);
    l.mate = 1;
    r = go_wait(e, &l);
    ck_assert_int_eq(r->last.depth, 1);
    free(r);
    /* A strength limit with go mate: the best line is played (no choice among lines). */
    set(e, "UCI_LimitStrength", "true");
    set_int(e, "UCI_Elo", strength_scale(G)[0]);
    ck_assert(engine_set_position(e, fen, NULL, 0, err));
    l.mate = 2;
    r = go_wait(e, &l);
    ck_assert_int_eq(r->max_multipv, 1);
    free(r);
    engine_destroy(e);
}
END_TEST

int main(void) {
    G = game_find("monkeyqueen");
    return RUN_TESTS("strength", 300, LOOP(settings_follow_the_scale, GAMES_COUNT),
                     ONCE(nodes_geometric_between_levels), ONCE(range_spans_every_game),
                     ONCE(choice_by_expected_result), LOOP(wdl_model_of_each_game, GAMES_COUNT),
                     ONCE(limit_is_node_exact), ONCE(limit_with_infinite_waits_for_stop),
                     ONCE(lowest_level_chooses_among_lines), ONCE(go_mate_finds_and_stops));
}
