/* mad_game.c — M.A.D.'s entry in the game contract: its option, the small operations, its
 * tables of operations (one per build of the hot code) and the choice among them. */
#include "mad_game.h"

#include <limits.h>
#include "mad.h"
#include "params.h"

static const char *mad_init(void);

static const GameOptionDef MAD_OPTIONS[MAD_OPT_NB] = {
    [MAD_OPT_NOPROGRESS] = {"NoProgressPlies", GOPT_SPIN, 150, 0, 10000, NULL, NULL},
};

static bool mad_is_noisy(const GamePos *gp, Move m) {
    return (mad_loud((const MadPos *)gp) & bb_bit(mv_to(m))) != 0;
}

/* Combat is even, so its worth is in whom it removes: the victims nearest their goal
 * first (they are the threats), then more of them; a threat to win counts as a victim on
 * the row next to the opponent's home. */
static int mad_noisy_value(const GamePos *gp, Move m) {
    const MadPos *p = (const MadPos *)gp;
    int to = mv_to(m), victims = p->h[to], k = mv_lunge(m) ? 1 : mv_count(m);
    int rank = b8_rank(to), progress = p->stm == PLAYER_1 ? 7 - rank : rank; /* theirs */
    return progress * 8 + (k < victims ? k : victims);
}

/* The direction of a king step from a to b (adjacent), by the signs of the file and
 * rank differences. */
static const uint8_t STEP_DIR[3][3] = {
    /* df = -1 */ {DIR_SW, DIR_W, DIR_NW},
    /* df =  0 */ {DIR_S, DIR_NB, DIR_N},
    /* df = +1 */ {DIR_SE, DIR_E, DIR_NE},
};

/* From x direction x kind: kinds 0-3 are simple moves of 1-4 checkers, 4-5 lunges of 2-3
 * (64 x 8 x 6 = 3072 entries: small tables, and a move keeps its meaning wherever the
 * destination's contents change). */
enum { MAD_HISTORY_SIZE = B8_SQ * DIR_NB * 6 };
static int mad_history_index(const GamePos *gp, Move m) {
    (void)gp;
    int from = mv_from(m), to = mv_to(m), k = mv_count(m), d;
    if (mv_lunge(m)) {
        d = mad_dir[from][to];
        k += 2; /* lunges of 2, 3 are kinds 4, 5 */
    } else {
        int df = b8_file(to) - b8_file(from), dr = b8_rank(to) - b8_rank(from);
        d = STEP_DIR[df + 1][dr + 1];
        k -= 1;
    }
    return (from * DIR_NB + d) * 6 + k;
}

/* The kind of move (history's six) and where it lands: continuation history's index. */
static int mad_cont_index(const GamePos *gp, Move m) {
    (void)gp;
    int k = mv_lunge(m) ? mv_count(m) + 2 : mv_count(m) - 1;
    return k * B8_SQ + mv_to(m);
}

static Key mad_key(const GamePos *gp) { return ((const MadPos *)gp)->key; }
static int mad_player_to_move(const GamePos *gp) { return ((const MadPos *)gp)->stm; }
static int mad_ply(const GamePos *gp) { return ((const MadPos *)gp)->ply; }
static Outcome mad_terminal(const GamePos *gp) { return mad_status((const MadPos *)gp); }

/* A position that is not over always has a move (see the rules file), so this answers
 * only for finished positions, as terminal() does. */
static Outcome mad_no_moves_outcome(const GamePos *gp) {
    Outcome o = mad_status((const MadPos *)gp);
    return o == OUTCOME_ONGOING ? OUTCOME_DRAW : o;
}

static Outcome mad_repetition_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

/* Every move that resets the counter is combat, which removes checkers for good: no
 * position before the last combat can come back. */
static int mad_repeat_window(const GamePos *gp) { return ((const MadPos *)gp)->noprog; }

static int mad_progress_left(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    return p->limit ? p->limit - p->noprog : INT_MAX;
}

/* A pass, for the search's null move: the other player is to move, nothing else changes. */
bool mad_make_null(GamePos *gp, GameUndo *gu) {
    MadPos *p = (MadPos *)gp;
    ((MadUndo *)gu)->key = p->key;
    p->key ^= mad_z_p2;
    p->stm ^= 1;
    p->ply++;
    return true;
}

void mad_unmake_null(GamePos *gp, const GameUndo *gu) {
    MadPos *p = (MadPos *)gp;
    p->key = ((const MadUndo *)gu)->key;
    p->stm ^= 1;
    p->ply--;
}

/* The net's stage (its output buckets): the checkers lost to combat, four a bucket, the last
 * bucket before the first combat (nearly half of self-play's positions). */
enum { MAD_BUCKETS = 8 };
static int mad_bucket(const GamePos *gp) {
    const MadPos *p = (const MadPos *)gp;
    int lost = 2 * MAD_MAX_CHECKERS;
    for (int j = 0; j < MAD_MAX_HEIGHT; j++) lost -= bb_popcount(p->atl[0][j] | p->atl[1][j]);
    int b = MAD_BUCKETS - 1 - (lost + 3) / 4;
    return b < 0 ? 0 : b;
}

/* The table the core plays with; kit_init sets its hot entries (mad_hot). */
GameOps MAD_GAME = {
    .caps = {.repetition = true, .repeat_window = true, .no_progress = true, .in_check = true,
             .winning_move = true, .null_move = true, .nnue_delta = true, .end_reason = true, .mirror = true,
             .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {830, 1000, 1010, 1230, 1670}, .wdl_scale = 384, .wdl_draw = 20},
    .name = "mad", .title = "M.A.D.",
    .search_params = MAD_SEARCH_PARAMS, .n_search_params = sizeof MAD_SEARCH_PARAMS / sizeof MAD_SEARCH_PARAMS[0],
    .legend = "C: player 1's stacks, c: player 2's, with their number of checkers (C4: 4)",
    .options = MAD_OPTIONS, .n_options = MAD_OPT_NB,
    .option_prefix = "MAD", .init = mad_init, .startpos = mad_startpos,
    .parse_pos = mad_parse_pos, .print_pos = mad_print_pos, .display = mad_display,
    .parse_move = mad_parse_move, .print_move = mad_print_move, .is_noisy = mad_is_noisy,
    .noisy_value = mad_noisy_value, .history_size = MAD_HISTORY_SIZE,
    .history_index = mad_history_index,
    .cont_size = 6 * B8_SQ, .cont_index = mad_cont_index, .key = mad_key,
    .player_to_move = mad_player_to_move, .ply = mad_ply, .make_null = mad_make_null,
    .unmake_null = mad_unmake_null, .terminal = mad_terminal,
    .no_moves_outcome = mad_no_moves_outcome, .repetition_outcome = mad_repetition_outcome,
    .end_reason = mad_end_reason,
    .repeat_window = mad_repeat_window, .progress_left = mad_progress_left,
    .eval_trace = mad_eval_trace,
    .nnue_features = MAD_NNUE_FEATURES, .nnue_max_active = MAD_NNUE_MAX_ACTIVE, .nnue_feature_set = "mad-1", .features = mad_features,
    .mirror = mad_mirror,
    .nnue_buckets = MAD_BUCKETS, .nnue_bucket = mad_bucket,
};

static KitDispatch mad_dispatch = {.ops = &MAD_GAME, .hot = KIT_BUILDS(mad_hot), .tables = mad_init_tables};

static const char *mad_init(void) { return kit_init(&mad_dispatch); }

int mad_variants(const GameOps **out) { return kit_variants(&mad_dispatch, out); }
