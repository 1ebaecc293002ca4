/* embed_game.c — Embed's entry in the game contract: its options, its tables of operations
 * (one per build of the hot code) and the choice among them at start-up. */
#include "embed_game.h"

#include <limits.h>
#include "embed.h"
#include "params.h"

static const char *em_init(void);

static const char *const SETUPS[] = {[EM_SETUP_STANDARD] = "standard", [EM_SETUP_HOMEROWS] = "homerows", NULL};

static const GameOptionDef EM_OPTIONS[EM_OPT_NB] = {
    [EM_OPT_NOPROGRESS] = {"NoProgressPlies", GOPT_SPIN, 150, 0, 10000, NULL, NULL},
    [EM_OPT_SETUP] = {"Setup", GOPT_COMBO, EM_SETUP_STANDARD, 0, 1, SETUPS, NULL},
};

static bool em_is_noisy(const GamePos *gp, Move m) {
    (void)gp;
    return (m & EM_MF_CAPTURE) != 0;
}

/* Every capture takes a drone with a drone: no victim or attacker is worth more. */
static int em_noisy_value(const GamePos *gp, Move m) {
    (void)gp, (void)m;
    return 1;
}

/* From-to history, the boss's moves apart from the drones'. */
static int em_history_index(const GamePos *gp, Move m) {
    (void)gp;
    return (m & EM_MF_BOSS ? B8_SQ * B8_SQ : 0) + em_from(m) * B8_SQ + em_to(m);
}

/* The boss or a drone, and where it lands: continuation history's index. */
static int em_cont_index(const GamePos *gp, Move m) {
    (void)gp;
    return (m & EM_MF_BOSS ? B8_SQ : 0) + em_to(m);
}

static Key em_key(const GamePos *gp) { return ((const EmPos *)gp)->key; }
static int em_player_to_move(const GamePos *gp) { return ((const EmPos *)gp)->stm; }
static int em_ply(const GamePos *gp) { return ((const EmPos *)gp)->ply; }

/* A third occurrence is a draw (rules file, rule 6). */
static Outcome em_repetition_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

/* Only a capture resets the counter, and a capture cannot be undone (a drone fewer): no
 * position before the last capture can come back. */
static int em_repeat_window(const GamePos *gp) { return ((const EmPos *)gp)->noprogress; }

static int em_progress_left(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    if (!p->limit) return INT_MAX;
    return p->noprogress < p->limit ? p->limit - p->noprogress : 0;
}

/* The net's stage (its output buckets): the drones left (46 at the start), four a bucket from
 * 12 up (self-play keeps most positions between 16 and 40). */
enum { EM_BUCKETS = 8 };
static int em_bucket(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    int b = (bb_popcount(p->drones[0] | p->drones[1]) - 12) / 4;
    return b < 0 ? 0 : b < EM_BUCKETS ? b : EM_BUCKETS - 1;
}

/* qs_evasions_only: the static exchange is never worth trying, so the quiescence search
 * stands pat and only answers an immediate win threat (in_check) in its
 * first plies. Only drones take and only drones are taken, and on a crowded board both
 * sides have drones to take all over it: counted as gains, captures sent the search into
 * every interleaving of them (550 times the nodes at depth 4); counted as even, they still
 * cost more than they told. Fixed-node self-play against captures counted as even, 200
 * games each, seats swapped on engine/games/embed/openings.txt: +74.1 Elo [+25.9, +125.2] at
 * 20,000 nodes a move, +85.0 [+37.0, +136.5] at 50,000. */
/* The table the core plays with; kit_init sets its hot entries (em_hot). */
GameOps EMBED = {
    .caps = {.repetition = true, .repeat_window = true, .no_progress = true, .in_check = true,
             .winning_move = true, .null_move = true, .qs_evasions_only = true, .end_reason = true,
             .mirror = true, .nnue_delta = true, .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {830, 1000, 1060, 1440, 1750}, .wdl_scale = 328, .wdl_draw = 0},
    .name = "embed", .title = "Embed",
    .search_params = EMBED_SEARCH_PARAMS,
    .n_search_params = sizeof EMBED_SEARCH_PARAMS / sizeof EMBED_SEARCH_PARAMS[0],
    .legend = "D, B: player 1's (Red) drones and boss; d, b: player 2's (Black)",
    .options = EM_OPTIONS, .n_options = EM_OPT_NB,
    .option_prefix = "Embed", .init = em_init, .startpos = em_startpos,
    .parse_pos = em_parse_pos, .print_pos = em_print_pos, .display = em_display,
    .parse_move = em_parse_move, .print_move = em_print_move, .is_noisy = em_is_noisy,
    .noisy_value = em_noisy_value, .history_size = 2 * B8_SQ * B8_SQ,
    .history_index = em_history_index,
    .cont_size = 2 * B8_SQ, .cont_index = em_cont_index, .key = em_key, .player_to_move = em_player_to_move,
    .ply = em_ply, .make_null = em_make_null,
    .unmake_null = em_unmake_null, .terminal = em_terminal,
    .no_moves_outcome = em_no_moves_outcome, .repetition_outcome = em_repetition_outcome,
    .end_reason = em_end_reason,
    .repeat_window = em_repeat_window, .progress_left = em_progress_left,
    .eval_trace = em_eval_trace,
    .nnue_features = EM_NNUE_FEATURES, .nnue_max_active = EM_NNUE_MAX_ACTIVE, .nnue_feature_set = "embed-2", .features = em_features,
    .features_both = em_features_both,
    .mirror = em_mirror,
    .nnue_buckets = EM_BUCKETS, .nnue_bucket = em_bucket,
};

static KitDispatch em_dispatch = {.ops = &EMBED, .hot = KIT_BUILDS(em_hot), .tables = em_init_tables};

static const char *em_init(void) { return kit_init(&em_dispatch); }

int em_variants(const GameOps **out) { return kit_variants(&em_dispatch, out); }
