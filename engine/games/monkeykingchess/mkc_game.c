/* mkc_game.c — Monkey King Chess's entry in the game contract: its options, the end of the
 * game and its precedence (and why it ended), search hints and the table of operations. */
#include "mkc_game.h"

#include <limits.h>
#include <stdio.h>

#include "mkc.h"
#include "../common/hot.h"

static const char *const RIVER_VARS[] = {"ranks", "diagonal", NULL};
static const GameOptionDef MKC_OPTIONS[MKC_OPT_NB] = {
    [MKC_OPT_RIVER] = {"RiverSquares", GOPT_COMBO, 0, 0, 1, RIVER_VARS, NULL},
    [MKC_OPT_NOPROGRESS] = {"NoProgressPlies", GOPT_SPIN, 150, 0, 10000, NULL, NULL},
};

static KitDispatch mkc_dispatch = {.ops = &MONKEY_KING_CHESS, .tables = mkc_init_tables};

static const char *mkc_init(void) { return kit_init(&mkc_dispatch); }

static Key mkc_key(const GamePos *gp) { return ((const MKCPos *)gp)->key; }
static int mkc_player_to_move(const GamePos *gp) { return ((const MKCPos *)gp)->stm == BLUE ? PLAYER_1 : PLAYER_2; }
static int mkc_ply(const GamePos *gp) { return ((const MKCPos *)gp)->ply; }

/* Red deciding its regular move with the Pilgrim attacked and no legal move is mated;
 * every other player without a legal move draws (Blue is never in check). */
static Outcome mkc_no_moves_outcome(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    return p->stm == RED && !p->extra && mkc_pilgrim_attacked(p) ? OUTCOME_LOSS : OUTCOME_DRAW;
}

/* Precedence: the Pilgrim gone, then no legal move, then the no-progress limit
 * (repetition, the weakest, is the core's). The Pilgrim is gone after its exit (Red won;
 * Blue decides next) or after Blue took it with a flip move (Blue won; Red decides next):
 * either way the player deciding has lost. */
static Outcome mkc_terminal(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    if (mkc_exited(p)) return OUTCOME_LOSS;
    if (p->limit > 0 && p->np >= p->limit)
        return mkc_count_ignoring_counter(p) == 0 ? mkc_no_moves_outcome(gp) : OUTCOME_DRAW;
    return OUTCOME_ONGOING;
}

/* Why a finished game ended, in the same precedence: the Pilgrim gone (its exit, or taken
 * by a flip move), then no legal move (checkmate, else a draw), then the counter. */
static void mkc_end_reason(const GamePos *gp, char *out) {
    const MKCPos *p = (const MKCPos *)gp;
    const char *text = "";
    char limit[REASON_STR_MAX];
    if (mkc_exited(p)) {
        text = p->stm == BLUE ? "the Pilgrim escaped from rank 8" : "Blue took the Pilgrim";
    } else if (mkc_count_ignoring_counter(p) == 0) {
        text = mkc_no_moves_outcome(gp) == OUTCOME_LOSS ? "checkmate"
               : p->stm == BLUE                         ? "Blue has no legal move"
                                                        : "Red has no legal move and is not in check";
    } else if (p->limit > 0 && p->np >= p->limit) {
        snprintf(limit, sizeof limit, "%d plies without a capture, drop or Fists", (int)p->np);
        text = limit;
    }
    snprintf(out, REASON_STR_MAX, "%s", text);
}

static Outcome mkc_repetition_outcome(const GamePos *gp) {
    (void)gp;
    return OUTCOME_DRAW;
}

/* Every move that resets the counter shrinks something that never grows back (a capture or
 * a hero turned into Fists: the disks in play; a drop: a hand), so no position before it
 * can come again. */
static int mkc_repeat_window(const GamePos *gp) { return ((const MKCPos *)gp)->np; }

static int mkc_progress_left(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    if (!p->limit) return INT_MAX;
    return p->np >= p->limit ? 0 : p->limit - p->np;
}

/* The search's hint that the player deciding may not stand pat: Red with the Pilgrim
 * attacked, or open to a Blue flip move that takes it; Blue with the Pilgrim on rank 8
 * (it leaves on Red's next decision unless Blue takes it now). */
static bool mkc_in_check(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    if (p->stm == BLUE) return (p->bb[RK] & MKC_RANK8) != 0;
    return mkc_pilgrim_attacked(p) || mkc_flip_threat(p);
}

/* The exit, or a Blue flip move taking the Pilgrim. */
static Move mkc_winning_move(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    if (p->limit > 0 && p->np >= p->limit) return MOVE_NONE;
    if (p->stm == BLUE) return mkc_pilgrim_capture(p);
    if (p->extra || !(p->bb[RK] & MKC_RANK8)) return MOVE_NONE;
    int k = bb_lsb(p->bb[RK]);
    return mv_make(k, k, K_EXIT, RK, 0);
}

static bool mkc_is_noisy(const GamePos *gp, Move m) {
    (void)gp;
    return mv_victim(m) || mv_kind(m) == K_EXIT;
}

/* Victim first, then the cheaper capturer; the exit above all. */
static int mkc_noisy_value(const GamePos *gp, Move m) {
    (void)gp;
    static const int ORDER[F_NB] = {[BP] = 1, [BS] = 2, [BN] = 4, [BG] = 4, [BH] = 3, [BL] = 3, [BK] = 5, [BC] = 6,
                                    [RP] = 1, [RM] = 4, [RN] = 4, [RL] = 3, [RH] = 3, [RK] = 7, [RC] = 6};
    if (mv_kind(m) == K_EXIT) return 1000;
    return ORDER[mv_victim(m)] * 16 - ORDER[mv_face(m)];
}

/* History by the face after the move and its square; drops apart; end in its own slot. */
#define MKC_HISTORY (2 * F_NB * 64 + 1)
static int mkc_history_index(const GamePos *gp, Move m) {
    (void)gp;
    if (mv_kind(m) == K_END) return MKC_HISTORY - 1;
    return ((mv_kind(m) == K_DROP) * F_NB + mv_face(m)) * 64 + mv_to(m);
}

/* The net's stage (its output buckets): the disks left, on the board and in hand (24 at the
 * start, captures take them), three a bucket. */
enum { MKC_BUCKETS = 8 };
static int mkc_bucket(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    int n = bb_popcount(p->occ[0] | p->occ[1]);
    for (int d = 0; d < D_NB; d++) n += p->hand[0][d] + p->hand[1][d];
    int b = (n - 3) / 3;
    return b < 0 ? 0 : b < MKC_BUCKETS ? b : MKC_BUCKETS - 1;
}

GameOps MONKEY_KING_CHESS = {
    .caps = {.repetition = true, .repeat_window = true, .no_progress = true, .in_check = true,
             .winning_move = true, .null_move = true, .double_moves = true, .end_reason = true,
             .mirror = true, .nnue_delta = true, .draws = true},
    /* UCI_Elo of the strength levels, measured each against the next (its page: UCI_Elo and UCI_ShowWDL);
     * score to result: fitted to games of simia datagen (the same section) */
    .calib = {.level_elo = {880, 1000, 1210, 1430, 1770}, .wdl_scale = 373, .wdl_draw = 616},
    .name = "monkeykingchess",
    .title = "Monkey King Chess",
    .legend = "upper case Blue's (player 1) disks by their face up, lower case Red's: P pawn, N knight, C Celestial, "
              "X Mountain; Blue's S Sea Serpent, G Goblin General, H hero-foe, L Goblin Lancer, K Goblin King; Red's "
              "m Monkey King, l Phoenix Lancer, h hero, k Pilgrim; ~ an empty river square; files q, r: the clouds",
    .options = MKC_OPTIONS,
    .n_options = MKC_OPT_NB,
    .option_prefix = "MonkeyKingChess",
    .init = mkc_init,
    .startpos = mkc_startpos,
    .parse_pos = mkc_parse_pos,
    .print_pos = mkc_print_pos,
    .display = mkc_display,
    .parse_move = mkc_parse_move,
    .print_move = mkc_print_move,
    .gen_moves = mkc_gen,
    .count_moves = mkc_count,
    .nth_move = mkc_nth,
    .is_legal = mkc_is_legal,
    .is_noisy = mkc_is_noisy,
    .noisy_value = mkc_noisy_value,
    .history_size = MKC_HISTORY,
    .history_index = mkc_history_index,
    .cont_size = MKC_HISTORY, .cont_index = mkc_history_index, /* already by face and square */
    .make = mkc_make,
    .unmake = mkc_unmake,
    .key = mkc_key,
    .player_to_move = mkc_player_to_move,
    .ply = mkc_ply,
    .in_check = mkc_in_check,
    .winning_move = mkc_winning_move,
    .make_null = mkc_make_null,
    .unmake_null = mkc_unmake_null,
    .terminal = mkc_terminal,
    .no_moves_outcome = mkc_no_moves_outcome,
    .end_reason = mkc_end_reason,
    .repetition_outcome = mkc_repetition_outcome,
    .repeat_window = mkc_repeat_window,
    .progress_left = mkc_progress_left,
    .evaluate = mkc_evaluate,
    .eval_trace = mkc_eval_trace,
    .nnue_features = MKC_NNUE_FEATURES, .nnue_max_active = MKC_NNUE_MAX_ACTIVE, .nnue_feature_set = "mkc-3", .features = mkc_features,
    .features_both = mkc_features_both, .make_delta = mkc_make_delta, .features_dynamic = mkc_features_dynamic,
    .move_delta = mkc_move_delta,
    .mirror = mkc_mirror,
    .nnue_buckets = MKC_BUCKETS, .nnue_bucket = mkc_bucket,
};
