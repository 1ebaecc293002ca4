/* bz_game.c — Boom & Zoom's entry in the game contract: its option, its tables of
 * operations (one per build of the hot code) and the choice among them at start-up. */
#include "bz_game.h"

#include <limits.h>
#include <pthread.h>

#include "bz.h"

static const GameOps *bz_init(void);

static const GameOptionDef BZ_OPTIONS[BZ_OPT_NB] = {
    [BZ_OPT_NO_PROGRESS] = {"NoProgressPlies", GOPT_SPIN, 100, 0, 10000, NULL, NULL},
};

/* Booms and bear-offs: the moves that change material, and the only ones that reset the
 * no-progress counter. */
static bool bz_is_noisy(const GamePos *gp, Move m) {
    (void)gp;
    return bz_noisy(m);
}

/* A bear-off first (by the checkers it banks), then a boom that removes a tower, then
 * other booms, the lower firing tower first. */
static int bz_noisy_value(const GamePos *gp, Move m) {
    const BZPos *p = (const BZPos *)gp;
    if (m & MF_OFF) return 100 + p->height[mv_from(m)];
    return (p->height[mv_to(m)] == 1 ? 50 : 20) - p->height[mv_from(m)];
}

/* From-to for zooms and booms, then one slot per square for bear-offs. */
static int bz_history_index(const GamePos *gp, Move m) {
    (void)gp;
    return m & MF_OFF ? B8_SQ * B8_SQ + mv_from(m) : mv_from(m) * B8_SQ + mv_to(m);
}

static Key bz_key(const GamePos *gp) { return ((const BZPos *)gp)->key; }
static int bz_player_to_move(const GamePos *gp) { return ((const BZPos *)gp)->stm == BZ_P1 ? PLAYER_1 : PLAYER_2; }
static int bz_ply(const GamePos *gp) { return ((const BZPos *)gp)->ply; }

static Outcome bz_terminal(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    return bz_over(p) ? bz_score_outcome(p) : OUTCOME_ONGOING;
}

/* Never reached in play (both players with towers always have a move); a position
 * without moves is over, and every end is scored the same way. */
static Outcome bz_no_moves_outcome(const GamePos *gp) { return bz_score_outcome((const BZPos *)gp); }

static Outcome bz_repetition_outcome(const GamePos *gp) { return bz_score_outcome((const BZPos *)gp); }

/* Booms and bear-offs cannot be undone: no earlier position can come back. */
static int bz_repeat_window(const GamePos *gp) { return ((const BZPos *)gp)->noprogress; }

static int bz_progress_left(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    if (p->limit <= 0) return INT_MAX;
    return p->noprogress >= p->limit ? 0 : p->limit - p->noprogress;
}


/* One table per build of the hot functions; sfx is their suffix (see BZ_HOT in bz.h). */
#define BZ_OPS(sfx, isa_name)                                                             \
    {                                                                                     \
        .name = "boomzoom", .title = "Boom & Zoom", .options = BZ_OPTIONS,                \
        .n_options = BZ_OPT_NB, .option_prefix = "BoomZoom", .isa = isa_name,             \
        .init = bz_init, .startpos = bz_startpos, .parse_pos = bz_parse_pos,              \
        .print_pos = bz_print_pos, .display = bz_display, .parse_move = bz_parse_move,    \
        .print_move = bz_print_move, .gen_moves = bz_gen##sfx, .count_moves = bz_count##sfx, \
        .nth_move = bz_nth##sfx, .is_legal = bz_is_legal##sfx, .is_noisy = bz_is_noisy,   \
        .noisy_value = bz_noisy_value, .history_size = B8_SQ * B8_SQ + B8_SQ,             \
        .history_index = bz_history_index, .make = bz_make##sfx, .unmake = bz_unmake##sfx, \
        .key = bz_key, .player_to_move = bz_player_to_move, .ply = bz_ply,                \
        .in_check = NULL,                                                                 \
        .winning_move = bz_winning_move##sfx, .see_ge = NULL,                             \
        .make_null = bz_make_null, .unmake_null = bz_unmake_null,                         \
        .terminal = bz_terminal, .no_moves_outcome = bz_no_moves_outcome,                 \
        .repetition_outcome = bz_repetition_outcome, .repeat_window = bz_repeat_window,   \
        .progress_left = bz_progress_left, .evaluate = bz_evaluate##sfx,                  \
        .eval_trace = bz_eval_trace,                                                      \
        .nnue_features = BZ_NNUE_FEATURES, .nnue_feature_set = "boomzoom-1", .features = bz_features, \
    }

const GameOps BOOM_ZOOM = BZ_OPS(, "x86-64");
#ifdef BZ_HAVE_POPCNT
static const GameOps BOOM_ZOOM_POPCNT = BZ_OPS(_popcnt, "x86-64+popcnt+bmi2");
#endif

static int cpu_variants(const GameOps **out) {
    int n = 0;
    out[n++] = &BOOM_ZOOM;
#ifdef BZ_HAVE_POPCNT
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") && __builtin_cpu_supports("bmi2"))
        out[n++] = &BOOM_ZOOM_POPCNT;
#endif
    return n;
}

static pthread_once_t bz_once = PTHREAD_ONCE_INIT;
static const GameOps *bz_best;

static void bz_init_once(void) {
    const GameOps *v[BZ_MAX_VARIANTS];
    bz_init_tables();
    bz_best = v[cpu_variants(v) - 1];
}

static const GameOps *bz_init(void) {
    pthread_once(&bz_once, bz_init_once);
    return bz_best;
}

int bz_variants(const GameOps **out) {
    bz_init();
    return cpu_variants(out);
}
