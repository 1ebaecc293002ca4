/* search_internal.h — what search.c shares with the pool (threads.c) that runs it: the
 * state of one search thread and the state all threads of one search share. */
#ifndef SIMIA_SEARCH_INTERNAL_H
#define SIMIA_SEARCH_INTERNAL_H

#include <stdatomic.h>

#include "evalcache.h"
#include "history.h"
#include "search.h"
#include "timeman.h"
#include "tt.h"

/* ---- one search, shared by its threads ---- */
typedef struct SearchThread SearchThread;

typedef struct {
    const SearchJob *job;
    TT *tt;
    atomic_bool *stop;        /* the pool's one stop flag */
    atomic_bool *pondering;   /* while set, the search does not end on time */
    /* Set by thread 0 when an iteration found it had searched enough while pondering: the
     * ponderhit then ends the search at once (the field's way: the time pondered counts). */
    atomic_bool ponder_stop;
    _Atomic int64_t *clock_start; /* ms: the go (pondering included) */
    int64_t go_start;             /* ms: the go (for the time printed in info) */
    SearchThread **threads;
    int n_threads;
    TimeBudget budget;
    _Atomic int searching[MAX_PLY]; /* threads searching each depth now */
    /* Repetition on: the counts of the keys of the game's positions before the root
     * (read-only during the search); NULL when off or the game cannot repeat. */
    const KeyCounts *history;
    /* The score thread 0 played with at the last search of this game (for the player to move
     * then), for the time manager's fall since the last move; has_last_score false: none. */
    bool has_last_score;
    Score last_score;
} SearchShared;

/* ---- one search thread ---- */
typedef struct {
    Move move;
    Score score, prev_score; /* score: this iteration (-SCORE_INF until searched) */
    Bound bound;
    int seldepth;
    uint64_t nodes; /* spent below this move, every iteration of this search */
    int pv_len;
    Move pv[MAX_PLY];
} RootMove;

typedef struct {
    Key key;        /* of the position at this ply (repetition scans) */
    Move move;      /* the move made from this ply */
    int hist_index; /* its history index (for the counter move of the reply); -1: a pass */
    int player;     /* who decides at this ply */
    int cont_row;   /* the move's row of continuation history, -1: none (a pass, no table) */
    Move killer[2][2]; /* by player: plies of one depth may belong to either in some games */
    Score static_eval;
    Move excluded; /* a singular extension's test: the move this ply's search leaves out */
} SearchStack;

struct SearchThread {
    int id;
    /* The game of the search it runs: its job's, taken at the start of each search (a
     * copy for the hot path, never a second record of the engine's game). */
    const GameOps *game;
    const SearchParams *params; /* its job's: every constant of the search */
    SearchShared *sh;
    /* Late-move reductions by [depth][moves searched], made from params (and the two
     * parameters they were made from). */
    bool lmr_made;
    int lmr_base, lmr_div;
    uint8_t lmr[64][64];
    GamePos pos;
    _Atomic uint64_t nodes; /* written by this thread only; others read the total */
    /* Times another root move became the best in this thread's iterations since thread 0
     * last took them (it sums every thread's for the time manager). */
    _Atomic int best_changes;
    int seldepth;
    uint64_t qs_start; /* its node count when the current quiescence search began */
    int completed_depth;
    bool stopped;
    int root_player;
    Move reported; /* thread 0: first move of the last line it reported */

    int n_root, root_cap, pv_idx;
    RootMove *root;

    /* Learned move-ordering knowledge, kept between searches of a game. */
    int history_size; /* the size the tables are made for (the game's history_size) */
    int16_t *history; /* [2][history_size], by player to move */
    Move *counter;    /* [history_size]: the reply that refuted a move */
    /* Continuation history, [cont_n][cont_n] with cont_n = 2 x the game's cont_size (by
     * player): what followed a move (the row) by the move (the column); NULL: none. */
    int16_t *cont;
    int cont_n;
    /* Correction history, [2][cont_n] (games with continuation rows): by the player to move
     * and the last move's row, how far searches found the static evaluation off (x
     * CORR_GRAIN); NULL: none. cont_n is set when either table is. */
    int16_t *corr;
    int root_depth; /* the iteration's depth */
    struct NnueAcc *nnue; /* the learned evaluation's accumulators (job->net) */
    const struct NnueNet *net; /* the search's net, or NULL: the game's own evaluation */
    bool nnue_line;            /* net and the game's make_delta: the accumulators follow the line */
    EvalCache *evals;          /* this search's static evaluations by key */

    SearchStack stack[MAX_PLY + 4];
    int pv_len[MAX_PLY + 1];
    Move pv[MAX_PLY + 1][MAX_PLY + 1];
};

/* A thread whose tables hold history_size moves (a game's GameOps.history_size). */
SearchThread *search_thread_new(int history_size, int id);
void search_thread_free(SearchThread *t);
/* Tables for history_size moves, cleared; false without memory (the thread is unchanged). */
bool search_thread_resize(SearchThread *t, int history_size);
void search_thread_clear(SearchThread *t); /* forget histories (a new game) */

/* The iterative deepening of one thread; thread 0 also keeps time and reports. */
void search_iterate(SearchThread *t);
/* After all threads stopped: the thread whose result to play (by depth and score). */
SearchThread *search_pick_best(SearchShared *sh);
/* The final info line (if the chosen thread is not the one already reported) and the
 * best and ponder moves. */
void search_finish(SearchShared *sh, SearchThread *best, Move *best_move, Move *ponder);

uint64_t search_total_nodes(const SearchShared *sh);

#endif
