/* bz_game.c — Boom & Zoom's entry in the game contract: its option, its tables of
 * operations (one per build of the hot code) and the choice among them at start-up. */
#include "bz_game.h"

#include <limits.h>
#include "bz.h"
#include "params.h"

static const char *bz_init(void);

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

/* Where a stack lands, or which square bears off: continuation history's index. */
static int bz_cont_index(const GamePos *gp, Move m) {
    (void)gp;
    return m & MF_OFF ? B8_SQ + mv_from(m) : mv_to(m);
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


/* The net's stage (its output buckets): the checkers left on the board, 48 at the start, six
 * a bucket (booms and bear-offs take them; self-play spends most positions below 24). */
enum { BZ_BUCKETS = 8 };
static int bz_bucket(const GamePos *gp) {
    const BZPos *p = (const BZPos *)gp;
    int n = bb_popcount(p->occ[0] | p->occ[1]) + bb_popcount(p->tall2) + bb_popcount(p->tall3);
    return n < 1 ? 0 : (n - 1) / 6 < BZ_BUCKETS ? (n - 1) / 6 : BZ_BUCKETS - 1;
}

/* The table the core plays with; kit_init sets its hot entries (bz_hot). */
GameOps BOOM_ZOOM = {
    .caps = {.repetition = true, .repeat_window = true, .no_progress = true, .winning_move = true,
             .null_move = true, .nnue_delta = true, .end_reason = true, .mirror = true, .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {700, 1000, 1150, 1450, 1690}, .wdl_scale = 183, .wdl_draw = 246},
    .name = "boomzoom", .title = "Boom & Zoom",
    .legend = "T: player 1's towers, t: player 2's, with their number of checkers (T3: 3)",
    .options = BZ_OPTIONS,
    .n_options = BZ_OPT_NB, .option_prefix = "BoomZoom", .init = bz_init,
    .search_params = BZ_SEARCH_PARAMS, .n_search_params = sizeof BZ_SEARCH_PARAMS / sizeof BZ_SEARCH_PARAMS[0],
    .startpos = bz_startpos, .parse_pos = bz_parse_pos, .print_pos = bz_print_pos,
    .display = bz_display, .parse_move = bz_parse_move, .print_move = bz_print_move,
    .is_noisy = bz_is_noisy, .noisy_value = bz_noisy_value,
    .history_size = B8_SQ * B8_SQ + B8_SQ, .history_index = bz_history_index,
    .cont_size = 2 * B8_SQ, .cont_index = bz_cont_index, .key = bz_key,
    .player_to_move = bz_player_to_move, .ply = bz_ply, .make_null = bz_make_null,
    .unmake_null = bz_unmake_null, .terminal = bz_terminal,
    .no_moves_outcome = bz_no_moves_outcome, .repetition_outcome = bz_repetition_outcome,
    .end_reason = bz_end_reason,
    .repeat_window = bz_repeat_window, .progress_left = bz_progress_left,
    .eval_trace = bz_eval_trace,
    .nnue_features = BZ_NNUE_FEATURES, .nnue_max_active = BZ_NNUE_MAX_ACTIVE, .nnue_feature_set = "boomzoom-1", .features = bz_features,
    .mirror = bz_mirror,
    .nnue_buckets = BZ_BUCKETS, .nnue_bucket = bz_bucket,
};

static KitDispatch bz_dispatch = {.ops = &BOOM_ZOOM, .hot = KIT_BUILDS(bz_hot), .tables = bz_init_tables};

static const char *bz_init(void) { return kit_init(&bz_dispatch); }

int bz_variants(const GameOps **out) { return kit_variants(&bz_dispatch, out); }
