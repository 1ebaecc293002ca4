/* dt_game.c — Dragons Teeth's entry in the game contract: its options, its tables of
 * operations (one per build of the hot code), the end of the game and the search hints. */
#include "dt_game.h"

#include <limits.h>
#include "dt.h"
#include "params.h"

static const char *dt_init(void);

static const char *const SETUPS[] = {"A", "B", NULL};
static const GameOptionDef DT_OPTIONS[DT_OPT_NB] = {
    [DT_OPT_SETUP] = {"Setup", GOPT_COMBO, 0, 0, 1, SETUPS, NULL},
    [DT_OPT_NOPROGRESS] = {"NoProgressPlies", GOPT_SPIN, 150, 0, 10000, NULL, NULL},
    [DT_OPT_DEAD] = {"DeadPosition", GOPT_CHECK, 1, 0, 1, NULL, NULL},
};

static bool dt_is_noisy(const GamePos *gp, Move m) {
    (void)gp;
    return (m & ((DT_NOISY_ELIMINATIONS ? DT_MF_CAPTURE : 0) | (DT_NOISY_EXITS ? DT_MF_EXIT : 0))) != 0;
}

/* An exit (progress towards the win, the larger the better) before eliminations; among
 * eliminations the strongest victim, then the weakest mover. */
static int dt_noisy_value(const GamePos *gp, Move m) {
    (void)gp;
    if (m & DT_MF_EXIT) return 100 + 10 * dt_mover(m);
    return 10 * dt_victim(m) - dt_mover(m);
}

/* From-to history: 64 x 64 squares, then an exit per square, then the pass. */
enum { DT_HIST_EXIT = B8_SQ * B8_SQ, DT_HIST_PASS = DT_HIST_EXIT + B8_SQ, DT_HIST_SIZE };
static int dt_history_index(const GamePos *gp, Move m) {
    (void)gp;
    if (m == DT_MOVE_PASS) return DT_HIST_PASS;
    if (m & DT_MF_EXIT) return DT_HIST_EXIT + dt_from(m);
    return dt_from(m) * B8_SQ + dt_to(m);
}

/* Where a piece lands, which square it exits from, or the pass: continuation history's index. */
static int dt_cont_index(const GamePos *gp, Move m) {
    (void)gp;
    if (m == DT_MOVE_PASS) return 2 * B8_SQ;
    return m & DT_MF_EXIT ? B8_SQ + dt_from(m) : dt_to(m);
}

static Key dt_key(const GamePos *gp) { return ((const DTPos *)gp)->key; }
static int dt_player_to_move(const GamePos *gp) { return ((const DTPos *)gp)->stm; }
static int dt_ply(const GamePos *gp) { return ((const DTPos *)gp)->ply; }
static Outcome dt_terminal(const GamePos *gp) { return dt_terminal_of((const DTPos *)gp); }

/* A player with no move passes, so a position without moves is one the game has ended. */
static Outcome dt_no_moves_outcome(const GamePos *gp) {
    Outcome o = dt_terminal_of((const DTPos *)gp);
    return o == OUTCOME_ONGOING ? OUTCOME_DRAW : o;
}

static Outcome dt_repetition_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

/* Eliminations and exits, the only moves that reset the counter, take strength off the
 * board for good: no position before the last of them can come back. */
static int dt_repeat_window(const GamePos *gp) { return ((const DTPos *)gp)->noprog; }

static int dt_progress_left(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    if (!p->limit) return INT_MAX;
    return p->noprog >= p->limit ? 0 : p->limit - p->noprog;
}

/* The net's stage (its output buckets): the strength left on the board (96 at the start),
 * eight a bucket from 24 up (self-play keeps most positions between 35 and 75). */
enum { DT_BUCKETS = 8 };
static int dt_bucket(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    int b = (p->material[0] + p->material[1] - 24) / 8;
    return b < 0 ? 0 : b < DT_BUCKETS ? b : DT_BUCKETS - 1;
}

/* The table the core plays with; kit_init sets its hot entries (dt_hot). */
GameOps DRAGONS_TEETH = {
    .caps = {.repetition = true, .repeat_window = true, .no_progress = true, .in_check = true,
             .winning_move = true, .see = true, .null_move = true, .nnue_delta = true, .end_reason = true,
             .mirror = true, .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {780, 1000, 1030, 1300, 1780}, .wdl_scale = 215, .wdl_draw = 0},
    .name = "dragonsteeth", .title = "Dragons Teeth",
    .search_params = DT_SEARCH_PARAMS, .n_search_params = sizeof DT_SEARCH_PARAMS / sizeof DT_SEARCH_PARAMS[0],
    .legend = "T: player 1's teeth, t: player 2's, with their strength (T3: 3; a letter alone: 1)",
    .options = DT_OPTIONS,
    .n_options = DT_OPT_NB, .option_prefix = "DragonsTeeth", .init = dt_init,
    .startpos = dt_startpos, .parse_pos = dt_parse_pos, .print_pos = dt_print_pos,
    .display = dt_display, .parse_move = dt_parse_move, .print_move = dt_print_move,
    .is_noisy = dt_is_noisy, .noisy_value = dt_noisy_value, .history_size = DT_HIST_SIZE,
    .history_index = dt_history_index,
    .cont_size = 2 * B8_SQ + 1, .cont_index = dt_cont_index, .key = dt_key, .player_to_move = dt_player_to_move,
    .ply = dt_ply, .make_null = dt_make_null, .unmake_null = dt_unmake_null,
    .terminal = dt_terminal, .no_moves_outcome = dt_no_moves_outcome,
    .end_reason = dt_end_reason,
    .repetition_outcome = dt_repetition_outcome, .repeat_window = dt_repeat_window,
    .progress_left = dt_progress_left, .eval_trace = dt_eval_trace,
    .nnue_features = DT_NNUE_FEATURES, .nnue_max_active = DT_NNUE_MAX_ACTIVE, .nnue_feature_set = "dragonsteeth-1", .features = dt_features,
    .mirror = dt_mirror,
    .nnue_buckets = DT_BUCKETS, .nnue_bucket = dt_bucket,
};

static KitDispatch dt_dispatch = {.ops = &DRAGONS_TEETH, .hot = KIT_BUILDS(dt_hot), .tables = dt_init_tables};

static const char *dt_init(void) { return kit_init(&dt_dispatch); }

int dt_variants(const GameOps **out) { return kit_variants(&dt_dispatch, out); }
