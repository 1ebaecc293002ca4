/* params.h — the one table of the search's and the clock's constants (SearchParams): each
 * with the engine's default and its range, a game's overrides, and the tuning build's names. */
#ifndef SIMIA_PARAMS_H
#define SIMIA_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

/* X(field, Name, default, min, max): field of SearchParams, Name for people, overrides and
 * the tuning build's option (Tune<Name>). The defaults are the constants the search was
 * measured with; ranges are what a tuner may try, not what is sensible to ship. Units: a
 * margin or bonus is in evaluation units (centi-units), a depth in plies, *_pct in percent
 * of what its comment says. */
#define SEARCH_PARAMS(X)                                                                                     \
    /* Reverse futility: at depth <= RfpDepth a static evaluation RfpMargin * depth above beta cuts. */     \
    X(rfp_depth, RfpDepth, 6, 0, 16)                                                                         \
    X(rfp_margin, RfpMargin, 100, 10, 400)                                                                   \
    /* Null move from NmpDepth, reduced by NmpBase + depth / NmpDiv. */                                     \
    X(nmp_depth, NmpDepth, 3, 1, 12)                                                                         \
    X(nmp_base, NmpBase, 3, 1, 8)                                                                            \
    X(nmp_div, NmpDiv, 4, 1, 12)                                                                             \
    /* Late move pruning (0: off) at depth <= LmpDepth after LmpBase + d + d*d moves. */                    \
    X(lmp_depth, LmpDepth, 0, 0, 8)                                                                          \
    X(lmp_base, LmpBase, 4, 0, 32)                                                                           \
    /* Futility pruning of quiet moves (0: off) at depth <= FutDepth, FutMargin per ply. */                 \
    X(fut_depth, FutDepth, 0, 0, 8)                                                                          \
    X(fut_margin, FutMargin, 150, 20, 500)                                                                   \
    /* Late move reductions: LmrBase/100 + log2 d * log2 m / (LmrDiv/100), from LmrDepth and the   */      \
    /* LmrMoves-th searched move; one less at a PV node, LmrCut more at an expected cut node. */            \
    X(lmr_depth, LmrDepth, 3, 1, 8)                                                                          \
    X(lmr_moves, LmrMoves, 3, 1, 10)                                                                         \
    X(lmr_base, LmrBase, 50, -100, 200)                                                                      \
    X(lmr_div, LmrDiv, 225, 100, 600)                                                                        \
    X(lmr_pv, LmrPv, 1, 0, 3)                                                                                \
    X(lmr_cut, LmrCut, 1, 0, 3)                                                                              \
    /* A position in check is searched a ply deeper (0: not), while ply < ExtCap x the root's depth */     \
    /* (0: always; a chain of checks otherwise never loses depth). */                                       \
    X(ext_check, ExtCheck, 1, 0, 1)                                                                          \
    X(ext_cap, ExtCap, 0, 0, 4)                                                                              \
    /* LMR adjusted: the move's history / LmrHist less (0: off), LmrKiller less for a killer or the */      \
    /* counter move, LmrImproving more when the static evaluation fell since the player's last move. */     \
    X(lmr_hist, LmrHist, 0, 0, 32768)                                                                        \
    X(lmr_killer, LmrKiller, 0, 0, 2)                                                                        \
    X(lmr_improving, LmrImproving, 0, 0, 2)                                                                  \
    /* LMR at the root too (1), as at a PV node; 0: every root move at full depth. */                       \
    X(lmr_root, LmrRoot, 0, 0, 1)                                                                            \
    /* Internal iterative reduction: from IirDepth (0: off) a node without a table move is searched */      \
    /* a ply shallower. */                                                                                   \
    X(iir_depth, IirDepth, 0, 0, 16)                                                                         \
    /* History pruning: at depth <= HistPruneDepth (0: off) a late quiet move whose history is */           \
    /* below -HistPruneMargin x depth is not searched. */                                                    \
    X(hist_prune_depth, HistPruneDepth, 0, 0, 8)                                                             \
    X(hist_prune_margin, HistPruneMargin, 2000, 0, 16384)                                                    \
    /* Continuation history (games with GameOps.cont_index): quiet moves ordered and reduced also by */     \
    /* what followed the last two moves, weight ContHist (0: off). */                                        \
    X(cont_hist, ContHist, 0, 0, 4)                                                                          \
    /* Correction history (games with GameOps.cont_index): the static evaluation moved by CorrHist% */     \
    /* of the error searches found after the same last move (0: off). */                                   \
    X(corr_hist, CorrHist, 0, 0, 200)                                                                        \
    /* Singular extension: from SeDepth (0: off) the table's move, when every other move fails */         \
    /* SeMargin x depth below the table's score at half the depth, is searched a ply deeper; when */      \
    /* another also holds beta, the node is cut (multi-cut); when only the table's score did, a ply less. */ \
    X(se_depth, SeDepth, 0, 0, 16)                                                                           \
    X(se_margin, SeMargin, 2, 0, 32)                                                                         \
    /* Noisy moves that lose the exchange (games with see_ge) after the quiet moves (1) or before (0). */    \
    X(bad_noisy_last, BadNoisyLast, 0, 0, 1)                                                                 \
    /* Quiescence entries of the restricted plies (from QsEvenPlies) answer only those (1), or all (0). */  \
    X(qs_tt_rules, QsTtRules, 0, 0, 1)                                                                       \
    /* History: a cut's bonus HistMul * depth^2, at most HistMax. */                                        \
    X(hist_mul, HistMul, 32, 4, 128)                                                                         \
    X(hist_max, HistMax, 2400, 256, 8192)                                                                    \
    /* Aspiration windows from AspDepth, AspDelta wide, widened by AspGrow% on a fail. */                   \
    X(asp_depth, AspDepth, 4, 1, 16)                                                                         \
    X(asp_delta, AspDelta, 25, 5, 200)                                                                       \
    X(asp_grow, AspGrow, 50, 10, 200)                                                                        \
    /* Quiescence: evasions for QsEvasionPlies, even exchanges for QsEvenPlies, at most QsMaxPlies */       \
    /* deep, QsNodeBudget nodes from one leaf; a capture must reach alpha - QsFutMargin. */                 \
    X(qs_evasion_plies, QsEvasionPlies, 2, 0, 8)                                                             \
    X(qs_even_plies, QsEvenPlies, 2, 0, 8)                                                                   \
    X(qs_max_plies, QsMaxPlies, 8, 2, 32)                                                                    \
    X(qs_node_budget, QsNodeBudget, 20000, 1000, 1000000)                                                    \
    X(qs_fut_margin, QsFutMargin, 100, 0, 1000)                                                              \
    /* Lazy SMP's vote: a thread's weight is (score - worst + SmpVote) * depth. */                          \
    X(smp_vote, SmpVote, 20, 0, 200)                                                                         \
    /* The clock (engine/timeman.c). Sudden death is planned as TmHorizon moves to go; with */              \
    /* movestogo, at most TmMtgCap. The optimum is at most TmOptCap% and the maximum TmMaxCap% */            \
    /* of the clock, the maximum at most TmMaxMul% of the optimum; TmReserve overheads and TmReserveInc */ \
    /* increments are never planned; a last move before a control may use TmLastPct%. */                   \
    X(tm_horizon, TmHorizon, 30, 5, 100)                                                                     \
    X(tm_mtg_cap, TmMtgCap, 50, 5, 100)                                                                      \
    X(tm_opt_cap, TmOptCap, 20, 2, 80)                                                                       \
    X(tm_max_cap, TmMaxCap, 70, 10, 95)                                                                      \
    X(tm_max_mul, TmMaxMul, 500, 100, 1000)                                                                  \
    X(tm_last_pct, TmLastPct, 80, 30, 95)                                                                    \
    X(tm_reserve, TmReserve, 5, 0, 100)                                                                       \
    X(tm_reserve_inc, TmReserveInc, 10, 0, 50)                                                               \
    /* After an iteration the search stops past optimum x (stability x fall x effort): */                   \
    /* stability TmStableBase% + TmChange% per best-move change (averaged over threads, decaying */         \
    /* by half each iteration); fall 100% + TmFall% per ten units the score fell since the last */          \
    /* move or iteration, within [TmFallMin%, TmFallMax%]; TmEffortScale% when the best move took */        \
    /* TmEffortPct% of the nodes. */                                                                          \
    X(tm_stable_base, TmStableBase, 70, 20, 150)                                                             \
    X(tm_change, TmChange, 50, 0, 300)                                                                       \
    X(tm_fall, TmFall, 5, 0, 30)                                                                             \
    X(tm_fall_min, TmFallMin, 60, 20, 100)                                                                   \
    X(tm_fall_max, TmFallMax, 170, 100, 300)                                                                 \
    X(tm_effort_pct, TmEffortPct, 90, 50, 100)                                                               \
    X(tm_effort_scale, TmEffortScale, 75, 30, 100)

typedef struct {
#define SEARCH_PARAM_FIELD(field, Name, def, lo, hi) int field;
    SEARCH_PARAMS(SEARCH_PARAM_FIELD)
#undef SEARCH_PARAM_FIELD
} SearchParams;

/* One parameter as the table describes it; offset is its field's in SearchParams. */
typedef struct {
    const char *name; /* "RfpMargin" */
    int def, min, max;
    size_t offset;
} SearchParamInfo;

/* A game's value for one parameter (engine/games/<game>/params.h): the name as the table
 * spells it (case-insensitive). */
typedef struct {
    const char *name;
    int value;
} SearchParamOverride;

#define SEARCH_PARAM_ONE(field, Name, def, lo, hi) +1
enum { SEARCH_PARAM_COUNT = 0 SEARCH_PARAMS(SEARCH_PARAM_ONE) };
#undef SEARCH_PARAM_ONE

extern const SearchParamInfo SEARCH_PARAM_INFO[SEARCH_PARAM_COUNT];

/* The engine's defaults. */
void search_params_default(SearchParams *p);
/* The defaults with a game's overrides applied (n may be 0). An override naming no
 * parameter, or out of its range, is refused: false, and *p holds the defaults. */
bool search_params_for(SearchParams *p, const SearchParamOverride *ov, int n);
/* The parameter called name (case-insensitive), or NULL. */
const SearchParamInfo *search_param_find(const char *name);
static inline int *search_param_ref(SearchParams *p, const SearchParamInfo *i) {
    return (int *)((char *)p + i->offset);
}
static inline int search_param_get(const SearchParams *p, const SearchParamInfo *i) {
    return *(const int *)((const char *)p + i->offset);
}

#endif
