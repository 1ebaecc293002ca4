/* zoo_game.c — Zoo Contest's entry in the game contract: its options (with the refusal of
 * an even width) and its table of operations. */
#include "zoo_game.h"

#include <limits.h>
#include <stdio.h>

#include "zoo.h"
#include "params.h"
#include "../common/hot.h"

/* On boards at least 5 wide a monkey always has a retreat within 3 squares; the middle
 * file, where each player's first mouse stands, needs an odd width. */
static const char *refuse_width(int v) {
    return v % 2 == 0 ? "the width must be odd (the mice start on the middle file)" : NULL;
}

static const GameOptionDef ZOO_OPTIONS[ZOO_OPT_NB] = {
    [ZOO_OPT_WIDTH] = {"Width", GOPT_SPIN, ZOO_DEF_W, ZOO_MIN_W, ZOO_MAX_W, NULL, refuse_width},
    [ZOO_OPT_HEIGHT] = {"Height", GOPT_SPIN, ZOO_DEF_H, ZOO_MIN_H, ZOO_MAX_H, NULL, NULL},
    [ZOO_OPT_LONG] = {"LongGame", GOPT_CHECK, 0, 0, 1, NULL, NULL},
    [ZOO_OPT_NOPROGRESS] = {"NoProgressPlies", GOPT_SPIN, 200, 0, 10000, NULL, NULL},
};

/* A net learns the board sizes and the game it saw: its scope names them (engine/nnue/NET.md). */
static void zoo_net_scope(const GameConfig *cfg, char *out) {
    snprintf(out, NNUE_SCOPE_NAME_MAX + 1, "%dx%d%s", (int)cfg->v[ZOO_OPT_WIDTH], (int)cfg->v[ZOO_OPT_HEIGHT],
             cfg->v[ZOO_OPT_LONG] ? "-long" : "");
}

static KitDispatch zoo_dispatch = {.ops = &ZOO_CONTEST, .tables = zoo_init_tables};

static const char *zoo_init(void) { return kit_init(&zoo_dispatch); }

/* History by kind of piece (a spawn apart from a plain step), from and to on the board's
 * 225 squares; retreats share their piece's slots. */
enum { H_SQ = ZOO_MAX_W * ZOO_MAX_H, H_KINDS = 6 };
static inline int hsq(int sq) { return zoo_rank(sq) * ZOO_MAX_W + zoo_file(sq); }
static int zoo_history_index(const GamePos *gp, Move m) {
    (void)gp;
    static const int CLASS[8] = {0, 0, 1, 2, 4, 0, 1, 5};
    int kind = mv_kind(m), c = CLASS[kind] + (kind == MK_MOUSE && mv_spawn(m) ? 1 : 0);
    if (kind == MK_PASS) return H_KINDS * H_SQ * H_SQ - 1;
    return (c * H_SQ + hsq(mv_from(m))) * H_SQ + hsq(mv_to(m));
}

static Key zoo_key(const GamePos *gp) { return ((const ZooPos *)gp)->st.key; }
static int zoo_player_to_move(const GamePos *gp) { return ((const ZooPos *)gp)->st.side; }
static int zoo_ply(const GamePos *gp) { return ((const ZooPos *)gp)->st.ply; }

/* Unreachable: a player with no regular move passes, and a pending retreat always has a
 * choice; a finished game is told by terminal. */
static Outcome zoo_no_moves_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

static Outcome zoo_repetition_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

static int zoo_progress_left(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    return p->st.limit ? p->st.limit - p->st.noprog : INT_MAX;
}

/* The net's stage (its output buckets): the race's progress, goal flags and Royal marks of
 * both players (a player wins at three flags); the last bucket holds five or more. */
enum { ZOO_BUCKETS = 6 };
static int zoo_bucket(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    int n = __builtin_popcount(p->st.goals) + __builtin_popcount(p->st.royal);
    return n < ZOO_BUCKETS ? n : ZOO_BUCKETS - 1;
}

GameOps ZOO_CONTEST = {
    .caps = {.repetition = true, .no_progress = true, .in_check = true, .winning_move = true,
             .null_move = true, .double_moves = true, .end_reason = true, .mirror = true, .nnue_delta = true,
             .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {850, 1000, 1120, 1330, 1510}, .wdl_scale = 192, .wdl_draw = 5},
    .name = "zoo",
    .search_params = ZOO_SEARCH_PARAMS, .n_search_params = sizeof ZOO_SEARCH_PARAMS / sizeof ZOO_SEARCH_PARAMS[0],
    .title = "Zoo Contest",
    .legend = "E, M, S: player 1's elephant, monkey and mice; e, m, s: player 2's; F, N, T (f, n, t): "
              "Royal ones (long game); pieces sharing a square stand side by side (Ss)",
    .options = ZOO_OPTIONS,
    .n_options = ZOO_OPT_NB,
    .option_prefix = "Zoo",
    .init = zoo_init,
    .startpos = zoo_startpos,
    .parse_pos = zoo_parse_pos,
    .print_pos = zoo_print_pos,
    .display = zoo_display,
    .parse_move = zoo_parse_move,
    .print_move = zoo_print_move,
    .gen_moves = zoo_gen,
    .count_moves = zoo_count,
    .nth_move = zoo_nth,
    .is_legal = zoo_is_legal,
    .is_noisy = zoo_is_noisy,
    .noisy_value = zoo_noisy_value,
    .history_size = H_KINDS * H_SQ * H_SQ,
    .history_index = zoo_history_index,
    .make = zoo_make,
    .unmake = zoo_unmake,
    .key = zoo_key,
    .player_to_move = zoo_player_to_move,
    .ply = zoo_ply,
    .in_check = zoo_in_check,
    .winning_move = zoo_winning_move,
    .make_null = zoo_make_null,
    .unmake_null = zoo_unmake_null,
    .terminal = zoo_terminal,
    .no_moves_outcome = zoo_no_moves_outcome,
    .end_reason = zoo_end_reason,
    .repetition_outcome = zoo_repetition_outcome,
    .progress_left = zoo_progress_left,
    .evaluate = zoo_evaluate,
    .eval_trace = zoo_eval_trace,
    .nnue_features = ZOO_NNUE_FEATURES, .nnue_max_active = ZOO_NNUE_MAX_ACTIVE, .nnue_feature_set = "zoo-3", .features = zoo_features,
    .features_both = zoo_features_both, .net_scope = zoo_net_scope,
    .mirror = zoo_mirror,
    .nnue_buckets = ZOO_BUCKETS, .nnue_bucket = zoo_bucket,
    .make_delta = zoo_make_delta, .features_dynamic = zoo_features_dynamic, .move_delta = zoo_move_delta,
    .features_dynamic_after = zoo_features_dynamic_after,
};
