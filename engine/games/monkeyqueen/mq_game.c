/* mq_game.c — Monkey Queen's entry in the game contract: its options, its tables of
 * operations (one per build of the hot code) and the choice among them at start-up. */
#include "mq_game.h"

#include "mq.h"
#include "params.h"

static const char *mq_init(void);

static const GameOptionDef MQ_OPTIONS[MQ_OPT_NB] = {
    [MQ_OPT_PIE] = {.name = "PieRule", .type = GOPT_CHECK, .def = 1, .min = 0, .max = 1},
    [MQ_OPT_IVORY_HEIGHT] = {.name = "IvoryHeight", .type = GOPT_SPIN, .def = 20, .min = 2, .max = 99},
    [MQ_OPT_CIGAR_HEIGHT] = {.name = "CigarHeight", .type = GOPT_SPIN, .def = 20, .min = 2, .max = 99},
};

static bool mq_is_noisy(const GamePos *gp, Move m) {
    (void)gp;
    return (m & MF_CAPTURE) != 0;
}

/* Victim first (the queen above all, then a baby), then the cheaper attacker. */
static int mq_noisy_value(const GamePos *gp, Move m) {
    (void)gp;
    return (m & MF_VICTIM_QUEEN ? 100 : 10) - (m & MF_QUEEN ? 5 : 0);
}

/* From-to history: 192 x 192 squares, plus the swap in its own slot. */
static int mq_history_index(const GamePos *gp, Move m) {
    (void)gp;
    return m == MQ_MOVE_SWAP ? MQ_SQ_NB * MQ_SQ_NB : mv_from(m) * MQ_SQ_NB + mv_to(m);
}

/* The queen or a baby, and where it lands (the swap apart): continuation history's index. */
static int mq_cont_index(const GamePos *gp, Move m) {
    (void)gp;
    return m == MQ_MOVE_SWAP ? 2 * MQ_SQ_NB : (m & MF_QUEEN ? MQ_SQ_NB : 0) + mv_to(m);
}

static Key mq_key(const GamePos *gp) { return ((const MQPos *)gp)->key; }

static int mq_player_to_move(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    return (p->stm == CIGAR) ^ (p->swap == SWAP_TAKEN) ? PLAYER_2 : PLAYER_1;
}

static int mq_ply(const GamePos *gp) { return ((const MQPos *)gp)->ply; }

static Outcome mq_terminal(const GamePos *gp) {
    return ((const MQPos *)gp)->queen[((const MQPos *)gp)->stm] == MQ_NO_SQ ? OUTCOME_LOSS
                                                                             : OUTCOME_ONGOING;
}

static Outcome mq_no_moves_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_LOSS;
}

/* The net's stage (its output buckets): the checkers both queens have left to leave behind as
 * babies (40 at the standard start), the game's own clock: every quiet queen move spends one.
 * Four a bucket from 5 up (self-play keeps most positions between 9 and 34). */
enum { MQ_BUCKETS = 8 };
static int mq_bucket(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int left = 0;
    for (int c = 0; c < 2; c++) left += p->queen[c] == MQ_NO_SQ ? 0 : p->height[p->queen[c]];
    int b = (left - 5) / 4;
    return b < 0 ? 0 : b < MQ_BUCKETS ? b : MQ_BUCKETS - 1;
}

/* The table the core plays with; kit_init sets its hot entries (mq_hot). */
GameOps MONKEY_QUEEN = {
    .caps = {.in_check = true, .winning_move = true, .see = true, .null_move = true, .double_moves = true,
             .nnue_delta = true, .end_reason = true, .mirror = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {820, 1000, 1030, 1480, 1800}, .wdl_scale = 185, .wdl_draw = 0},
    .name = "monkeyqueen", .title = "Monkey Queen",
    .legend = "I, C: Ivory's and Cigar's queens, with their height (I20: 20 high); i, c: their babies; "
                 "player 1 plays Ivory unless Cigar swapped",
    .options = MQ_OPTIONS,
    .n_options = MQ_OPT_NB, .option_prefix = "", .init = mq_init, .startpos = mq_startpos,
    .search_params = MQ_SEARCH_PARAMS, .n_search_params = sizeof MQ_SEARCH_PARAMS / sizeof MQ_SEARCH_PARAMS[0],
    .parse_pos = mq_parse_pos, .print_pos = mq_print_pos, .display = mq_display,
    .parse_move = mq_parse_move, .print_move = mq_print_move, .is_noisy = mq_is_noisy,
    .noisy_value = mq_noisy_value, .history_size = MQ_SQ_NB * MQ_SQ_NB + 1,
    .cont_size = 2 * MQ_SQ_NB + 1, .cont_index = mq_cont_index,
    .history_index = mq_history_index, .key = mq_key, .player_to_move = mq_player_to_move,
    .ply = mq_ply, .make_null = mq_make_null, .unmake_null = mq_unmake_null,
    .terminal = mq_terminal, .no_moves_outcome = mq_no_moves_outcome,
    .end_reason = mq_end_reason,
    .eval_trace = mq_eval_trace,
    .nnue_features = MQ_NNUE_FEATURES, .nnue_max_active = MQ_NNUE_MAX_ACTIVE, .nnue_feature_set = "monkeyqueen-4", .features = mq_features,
    .features_both = mq_features_both, .mirror = mq_mirror,
    .nnue_buckets = MQ_BUCKETS, .nnue_bucket = mq_bucket,
};

static KitDispatch mq_dispatch = {.ops = &MONKEY_QUEEN, .hot = KIT_BUILDS(mq_hot), .tables = mq_init_tables};

static const char *mq_init(void) { return kit_init(&mq_dispatch); }

int mq_variants(const GameOps **out) { return kit_variants(&mq_dispatch, out); }
