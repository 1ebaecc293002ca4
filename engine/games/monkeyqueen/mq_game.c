/* mq_game.c — Monkey Queen's entry in the game contract: its options, its tables of
 * operations (one per build of the hot code) and the choice among them at start-up. */
#include "mq_game.h"

#include <pthread.h>

#include "mq.h"

static const GameOps *mq_init(void);

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

/* One table per build of the hot functions; sfx is their suffix (see MQ_HOT in mq.h). */
#define MQ_OPS(sfx, isa_name)                                                             \
    {                                                                                     \
        .name = "monkeyqueen", .title = "Monkey Queen", .options = MQ_OPTIONS,            \
        .n_options = MQ_OPT_NB, .option_prefix = "", .isa = isa_name, .init = mq_init,   \
        .startpos = mq_startpos, .parse_pos = mq_parse_pos, .print_pos = mq_print_pos,    \
        .display = mq_display, .parse_move = mq_parse_move, .print_move = mq_print_move,  \
        .gen_moves = mq_gen##sfx, .count_moves = mq_count##sfx, .nth_move = mq_nth##sfx,  \
        .is_legal = mq_is_legal##sfx, .is_noisy = mq_is_noisy,                            \
        .noisy_value = mq_noisy_value, .history_size = MQ_SQ_NB * MQ_SQ_NB + 1,           \
        .history_index = mq_history_index, .make = mq_make##sfx,                          \
        .unmake = mq_unmake##sfx, .key = mq_key, .player_to_move = mq_player_to_move,     \
        .ply = mq_ply, .in_check = mq_in_check##sfx,                                      \
        .winning_move = mq_winning_move##sfx, .see_ge = mq_see_ge##sfx,                   \
        .make_null = mq_make_null, .unmake_null = mq_unmake_null,                         \
        .terminal = mq_terminal,                                                          \
        .no_moves_outcome = mq_no_moves_outcome, .evaluate = mq_evaluate##sfx,            \
        .eval_trace = mq_eval_trace,                                                      \
        .nnue_features = MQ_NNUE_FEATURES, .nnue_feature_set = "monkeyqueen-1", .features = mq_features, \
    }

const GameOps MONKEY_QUEEN = MQ_OPS(, "x86-64");
#ifdef MQ_HAVE_BMI2
static const GameOps MONKEY_QUEEN_BMI2 = MQ_OPS(_bmi2, "x86-64+popcnt+bmi2");
#endif

static int cpu_variants(const GameOps **out) {
    int n = 0;
    out[n++] = &MONKEY_QUEEN;
#ifdef MQ_HAVE_BMI2
    __builtin_cpu_init();
    if (__builtin_cpu_supports("popcnt") && __builtin_cpu_supports("bmi") &&
        __builtin_cpu_supports("bmi2"))
        out[n++] = &MONKEY_QUEEN_BMI2;
#endif
    return n;
}

static pthread_once_t mq_once = PTHREAD_ONCE_INIT;
static const GameOps *mq_best;

static void mq_init_once(void) {
    const GameOps *v[MQ_MAX_VARIANTS];
    mq_init_tables();
    mq_best = v[cpu_variants(v) - 1];
}

static const GameOps *mq_init(void) {
    pthread_once(&mq_once, mq_init_once);
    return mq_best;
}

int mq_variants(const GameOps **out) {
    mq_init();
    return cpu_variants(out);
}
