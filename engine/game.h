/* game.h — the contract between Simia's game-agnostic core and a game module: a table
 * of operations, the only door through which search, book and protocol reach a game. */
#ifndef SIMIA_GAME_H
#define SIMIA_GAME_H

#include "params.h"
#include "types.h"

/* A game option (declared by the game, served by the core's option table). The core
 * announces it as the game's option_prefix followed by name, so that every game's options
 * can be declared at once and arrive in any order (arenas send options unordered). */
typedef enum { GOPT_CHECK, GOPT_SPIN, GOPT_COMBO } GameOptType;
typedef struct {
    const char *name; /* as the game's rules name it, e.g. "NoProgressPlies" */
    GameOptType type;
    int def, min, max;       /* check: 0 or 1; combo: the index of the default in vars */
    const char *const *vars; /* combo: its values, NULL-terminated (the value is their index) */
    /* Optional: a reason to refuse a value the range allows (e.g. an even board width), or
     * NULL to accept it. */
    const char *(*refuse)(int value);
} GameOptionDef;

/* Current values of the game's options, in the order of GameOps.options. */
#define GAME_MAX_OPTIONS 8
typedef struct {
    int v[GAME_MAX_OPTIONS];
} GameConfig;

/* Which moves gen_moves lists: all, only the noisy ones (quiescence), only the quiet. */
typedef enum { GEN_ALL, GEN_NOISY, GEN_QUIET } GenKind;

/* Longest text a game prints for a move or a position string, with the NUL. */
#define MOVE_STR_MAX 16
#define POS_STR_MAX 1024
#define NNUE_MAX_ACTIVE 512
#define NNUE_BUCKETS_MAX 16
/* Longest reason a game ended (GameOps.end_reason), with the NUL. */
#define REASON_STR_MAX 128

/* What a game supports, said once in its table (as OpenSpiel's GameType and
 * Fairy-Stockfish's Variant say it): the core reads these, never whether a hook is NULL,
 * and tests/test_contract.c checks for every game that the record and the hooks agree (a
 * hook is set exactly when its capability is declared). */
typedef struct {
    bool repetition;    /* positions can repeat: repetition_outcome */
    bool repeat_window; /* an equal position lies a bounded number of plies back: repeat_window */
    bool no_progress;   /* a no-progress counter ends the game: progress_left */
    bool in_check;      /* a position can be "in check" (the quiescence search answers it): in_check */
    bool winning_move;  /* a cheap test for a move that wins on the spot: winning_move */
    bool see;           /* a static exchange test for noisy moves: see_ge */
    bool null_move;     /* the player to move may pass in the search: make_null, unmake_null */
    /* No hook: the quiescence search tries noisy moves only to answer a check (where
     * exchanges never tell, e.g. Embed); excludes see. */
    bool qs_evasions_only;
    /* No hook: a player may decide twice in a row (a pass, a pie swap, a second part of a
     * turn); when false, player_to_move alternates after every move (tested). */
    bool double_moves;
    /* No hook: a game can end drawn (by any of its rules: a repetition, a no-progress
     * counter, a tie); `datagen` adjudicates a long dead stretch as a draw only then. */
    bool draws;
    /* Hooks make_delta (and features_dynamic, optional): the learned evaluation's
     * accumulators follow each move instead of diffing whole feature lists. */
    bool nnue_delta;
    bool end_reason; /* the game names why a finished position ended: end_reason */
    /* A board symmetry keeps every position's value, the same player deciding: mirror. */
    bool mirror;
} GameCaps;

/* What a move changed in the learned evaluation's tracked features (see make_delta), per
 * view (0: player 1's, 1: player 2's): the features it removed and added, or that the view
 * must be built again. It reaches make_delta empty. */
enum { NNUE_DELTA_MAX = 32 };
typedef struct {
    bool refresh[2];
    uint8_t n_rem[2], n_add[2];
    uint32_t rem[2][NNUE_DELTA_MAX], add[2][NNUE_DELTA_MAX];
} NnueDelta;
/* More changes than a record holds turn into a refresh of that view. */
static inline void nnue_delta_rem(NnueDelta *d, int view, uint32_t f) {
    if (d->n_rem[view] < NNUE_DELTA_MAX) d->rem[view][d->n_rem[view]++] = f;
    else d->refresh[view] = true;
}
static inline void nnue_delta_add(NnueDelta *d, int view, uint32_t f) {
    if (d->n_add[view] < NNUE_DELTA_MAX) d->add[view][d->n_add[view]++] = f;
    else d->refresh[view] = true;
}
/* The most position features (features_dynamic) a view may list. */
enum { NNUE_DYNAMIC_MAX = 128 };
/* The core's strength levels (engine/strength.c: a node count per move, and below the lowest a
 * choice among the best lines), weakest first; a game measures the Elo of each (GameCalibration). */
#define STRENGTH_LEVELS 5

/* What a game measured about its own play, for the conventions GUIs expect (UCI_Elo,
 * UCI_ShowWDL); all zero: the core's defaults (engine/strength.c, engine/wdl.c). Each game's
 * page says how its numbers were measured; tests/test_contract.c checks their shape. */
typedef struct {
    /* The UCI_Elo of each strength level in this game, rising. The second level (Beginner,
     * 100 nodes a move) is the scale's anchor: STRENGTH_ANCHOR_ELO in every game. */
    int level_elo[STRENGTH_LEVELS];
    /* Score to result, for a score s of the player to move (centi-units): a win with chance
     * 1/(1+exp((wdl_draw - s)/wdl_scale)), a loss the same for -s, a draw the rest. wdl_draw
     * is 0 for a game without draws. */
    int wdl_scale, wdl_draw;
} GameCalibration;

/* A game's table: all the core knows of a game. The hooks by who uses them (a new game
 * writes the required ones; each optional one is declared in caps or by its size, and
 * without it the core does what the last column says):
 *
 *   who uses it          required                                 optional -> without it
 *   protocol, people     name, title, legend, options, display,   calib -> the core's Elo
 *                        print_pos/parse_pos, print_move/         and WDL defaults;
 *                        parse_move, eval_trace                   end_reason -> game_end_reason
 *   the rules (referee,  init, startpos, gen_moves, count_moves,  repetition_outcome,
 *   perft, datagen)      nth_move, is_legal, make, unmake, key,   repeat_window, progress_left
 *                        player_to_move, ply, terminal,           -> no repetition, no counter
 *                        no_moves_outcome
 *   the search           is_noisy, noisy_value, history_size/     in_check, winning_move, see_ge,
 *                        history_index, evaluate                  make_null -> no check answer,
 *                                                                 no shortcut, no exchange test,
 *                                                                 no null move; cont_size/
 *                                                                 cont_index -> no continuation
 *                                                                 history; search_params -> the
 *                                                                 engine's defaults
 *   the learned eval     (nnue_features 0: the game has no net)   features_both, make_delta,
 *                        nnue_features, nnue_feature_set,         move_delta, features_dynamic(_
 *                        nnue_max_active, features                after) -> whole lists diffed;
 *                                                                 nnue_buckets -> one output;
 *                                                                 net_scope -> every config
 *   datagen's symmetry                                            mirror -> no twins
 */
typedef struct GameOps {
    const char *name;  /* short id, e.g. "monkeyqueen" */
    const char *title; /* human name, e.g. "Monkey Queen" */
    /* What the symbols of its board (display) stand for, in one line for people: `selfplay`
     * prints it first, since "I20" or "t3" says nothing to someone new to the game. */
    const char *legend;
    const GameOptionDef *options;
    int n_options;
    const char *option_prefix; /* put before each option's name in `ugi` ("" for none) */
    /* The game's own values of the search parameters (engine/params.h), where they differ
     * from the engine's defaults: engine/games/<game>/params.h; NULL and 0 for none. */
    const SearchParamOverride *search_params;
    int n_search_params;
    GameCaps caps;
    GameCalibration calib;

    /* Builds the game's read-only tables and completes this table (once, whoever calls
     * first; called before anything else). Returns the instruction set the game's hot
     * code runs on here ("x86-64", "x86-64+popcnt+bmi2"), for benchmarks to report: a
     * game may build it for several CPUs (engine/games/common/hot.h). */
    const char *(*init)(void);

    /* Positions. parse_pos returns false and writes a reason into err on bad input, and
     * then leaves *pos untouched. print_pos round-trips exactly through parse_pos. */
    void (*startpos)(GamePos *pos, const GameConfig *cfg);
    bool (*parse_pos)(GamePos *pos, const char *text, const GameConfig *cfg, char *err);
    void (*print_pos)(const GamePos *pos, char *out /* POS_STR_MAX */);
    /* The board drawn for people (`d`), several lines ending in '\n': the ranks one a line, each
     * starting with its number, and a line of file letters (a b c ...), each letter under a
     * character of every cell of its column (test_contract checks it). */
    void (*display)(const GamePos *pos, char *out, size_t size);

    /* Moves. parse_move returns MOVE_NONE when the text is not a legal move here. */
    Move (*parse_move)(const GamePos *pos, const char *text);
    void (*print_move)(const GamePos *pos, Move m, char *out /* MOVE_STR_MAX */);
    int (*gen_moves)(const GamePos *pos, Move *list, GenKind kind);
    uint64_t (*count_moves)(const GamePos *pos); /* == gen_moves(GEN_ALL), without listing */
    /* The k-th (from 0) move gen_moves(GEN_ALL) would list, without listing the others;
     * MOVE_NONE for k >= count_moves. With k uniform: a uniformly random legal move. */
    Move (*nth_move)(const GamePos *pos, uint64_t k);
    bool (*is_legal)(const GamePos *pos, Move m); /* any 32-bit value: TT, book, collisions */
    bool (*is_noisy)(const GamePos *pos, Move m);
    /* Ordering hint for a noisy move: larger is more promising (victim, then attacker). */
    int (*noisy_value)(const GamePos *pos, Move m);
    /* Index of a move for history tables, in [0, history_size). */
    int history_size;
    int (*history_index)(const GamePos *pos, Move m);
    /* Optional: a compact index of a move by what moves and where it lands, in [0, cont_size)
     * (continuation history squares it: history_index is too large). Absent (cont_size 0):
     * no continuation history. */
    int cont_size;
    int (*cont_index)(const GamePos *pos, Move m);

    void (*make)(GamePos *pos, Move m, GameUndo *undo);
    void (*unmake)(GamePos *pos, Move m, const GameUndo *undo);

    Key (*key)(const GamePos *pos);
    int (*player_to_move)(const GamePos *pos); /* PLAYER_1 or PLAYER_2 */
    int (*ply)(const GamePos *pos);            /* moves made since the game's start */
    /* Optional search hints (set as caps declares); they only speed a search up or
     * sharpen it, never change what is legal. in_check: the opponent would win at once if
     * the player to move could pass (a quiescence search may not stand pat then).
     * winning_move: a legal move that wins on the spot, found cheaply, or MOVE_NONE. */
    bool (*in_check)(const GamePos *pos);
    Move (*winning_move)(const GamePos *pos);
    /* see_ge: whether the static exchange started by noisy move m wins at least
     * threshold (evaluation units) for the player making it, every recapture assumed. */
    bool (*see_ge)(const GamePos *pos, Move m, int threshold);
    /* make_null: the player to move passes (for null-move pruning); false, with nothing
     * changed, where a pass means nothing (e.g. while a pie swap is pending). */
    bool (*make_null)(GamePos *pos, GameUndo *undo);
    void (*unmake_null)(GamePos *pos, const GameUndo *undo);

    /* Terminal state found without generating moves (e.g. a captured queen), by any rule
     * the position alone decides, the no-progress counter included. */
    Outcome (*terminal)(const GamePos *pos);
    /* Outcome for the player to move when they have no legal move. */
    Outcome (*no_moves_outcome)(const GamePos *pos);
    /* Optional (caps.end_reason): why the game ended in this position, by terminal() or
     * by no legal move, in the game's own words for people ("Cigar's queen captured",
     * "player 2 has no checker left"), colours named as the game names them; "" while
     * the game goes on. Repetition is the core's to name. Without it: game_end_reason. */
    void (*end_reason)(const GamePos *pos, char *out /* REASON_STR_MAX */);

    /* Repetition and the no-progress counter. The core ends a game at the third
     * occurrence of a position (its key: board, player deciding, every field but the two
     * counters) when the Repetition option is on; key() must therefore leave the counters
     * and the ply out. caps declares which of the three a game has (none where positions
     * cannot repeat). */
    /* What a repeated position scores for the player to move (by the game's rules). */
    Outcome (*repetition_outcome)(const GamePos *pos);
    /* How many plies back an equal position may lie (e.g. the no-progress counter, when
     * every move that resets it is irreversible); without it: anywhere in the game. A bound on
     * the search's scans only: equal keys are equal positions either way. */
    int (*repeat_window)(const GamePos *pos);
    /* Plies left before the no-progress counter ends the game (INT_MAX: never), for a game
     * with one (caps.no_progress). The search keys its table by the counter near that end. */
    int (*progress_left)(const GamePos *pos);

    /* Static evaluation for the player to move, in centi-units. */
    Score (*evaluate)(const GamePos *pos);
    /* The evaluation's terms for people (`eval`). */
    void (*eval_trace)(const GamePos *pos, char *out, size_t size);
    /* Learned evaluation: the position as sparse binary features, seen from one player.
     * nnue_features: how many exist (0: the game offers none); nnue_feature_set: a name
     * that changes whenever their meaning does (a net or data file records it); features:
     * writes the active ones seen from player persp (PLAYER_1 or PLAYER_2), each in
     * [0, nnue_features), in any order, and returns how many (at most NNUE_MAX_ACTIVE). */
    int nnue_features;
    const char *nnue_feature_set;
    /* The most features one view can hold in any position parse_pos accepts (at most
     * NNUE_MAX_ACTIVE), worked out from the rules: the trainer keeps every accumulator of
     * that many rows within int16, so that no position can wrap it. A view's features are
     * distinct (a repeat would be counted twice by a refresh and once by a diff). */
    int nnue_max_active;
    int (*features)(const GamePos *pos, int persp, uint32_t *out);
    /* Optional, for a game whose two views share work (what each side's pieces see, say):
     * both views in one call, out[p] and n[p] exactly what features(pos, p, out[p]) gives.
     * The search's evaluation uses it when set. */
    void (*features_both)(const GamePos *pos, uint32_t *const out[2], int n[2]);
    /* Incremental updates (caps.nnue_delta), as the field's engines make them: a view's
     * features are of two kinds. Tracked features change only by what a move does to the
     * board (a piece leaves a square, lands on one, is taken or dropped; a hand, a flag the
     * move sets): make_delta is make that also lists, per view, the tracked features the
     * move removed and added (a view rebuilt as a whole, e.g. after a pie swap, is a
     * refresh), worked out where make does the work. Position features are what each
     * evaluation works out from the position (what pieces see, races, counts over lines):
     * features_dynamic lists both views' (NULL: a game has none), at most NNUE_DYNAMIC_MAX
     * each, none of them tracked; an evaluation diffs them against an ancestor's slot by
     * slot, so a game that keeps each in its own slot (a count always at the same index)
     * pays only for those that changed. features() lists both kinds; a pass (make_null) changes no
     * tracked feature. The search's accumulators then cost what a move changes; a game
     * without the hook is evaluated by diffing whole lists (tests/test_nnue.c checks both
     * ways for every game). */
    void (*make_delta)(GamePos *pos, Move m, GameUndo *undo, NnueDelta *d);
    void (*features_dynamic)(const GamePos *pos, uint32_t *const out[2], int n[2]);
    /* Optional, with make_delta: the same record said after the move, from the position m
     * led to and make's undo record (d empty), for a game that can work it out from them.
     * The search then makes its moves with make and asks for a ply's record only when the
     * accumulators need it (its evaluation, or a move from it), so a ply no evaluation
     * reaches (a cut-off, a cached evaluation, a leaf decided without one) costs nothing
     * more than make. The record must be make_delta's (tests/nnue_check.h checks it). */
    void (*move_delta)(const GamePos *pos, Move m, const GameUndo *undo, NnueDelta *d);
    /* Optional, with features_dynamic: the position features of pos, reached by m (make's
     * undo record) from a position whose lists features_dynamic gave as prev (n_prev long),
     * for a game that can keep those the move cannot have changed instead of working them out
     * again (a race's board search). It must say exactly what features_dynamic says
     * (tests/nnue_check.h checks it on every checked move). */
    void (*features_dynamic_after)(const GamePos *pos, Move m, const GameUndo *undo, const uint32_t *const prev[2],
                                   const int n_prev[2], uint32_t *const out[2], int n[2]);
    /* Optional, for a game whose configurations a net may not all serve (Zoo: one net
     * learns some board sizes): the configuration's name among them (e.g. "9x9"), at most
     * NNUE_SCOPE_NAME_MAX characters, no spaces. A net may list the names it serves (its
     * scope, engine/nnue/NET.md); elsewhere the hand-written evaluation plays. */
    void (*net_scope)(const GameConfig *cfg, char *out);
    /* Optional: the stage of the game, as a net's output buckets (one output layer per
     * stage, as the field's nets have by pieces left): nnue_buckets stages (0 or 1: none; at
     * most NNUE_BUCKETS_MAX), nnue_bucket the stage of a position parse_pos accepts, in
     * [0, nnue_buckets), from a measure of the game's own (pieces left, a race's progress).
     * A net with buckets has exactly nnue_buckets (engine/nnue/NET.md, version 4); a net's
     * buckets mean what the measure meant when it learnt, so changing the measure renames
     * nnue_feature_set. Declared and hooked together (tests/test_contract.c). */
    int nnue_buckets;
    int (*nnue_bucket)(const GamePos *pos);
    /* Optional (caps.mirror): the board mirrored left to right, where the rules see no
     * side: turns *pos into its twin (the same player deciding, the same value, moves and
     * children mapped one to one, counters and ply kept) and returns true; or returns false,
     * *pos untouched, for a position that has no twin (Zoo: an elephant that has never
     * moved, whose restriction belongs to its start corner). `datagen --mirror --refeature`
     * adds each record's twin: a net trained without them learns each half of the board
     * from fewer games. A game's page says which symmetries its rules have and why. */
    bool (*mirror)(GamePos *pos);
} GameOps;
enum { NNUE_SCOPE_NAME_MAX = 15 };

/* Result of the game in a position, for the protocol (absolute, by player). */
GameResult game_result(const GameOps *g, const GamePos *pos);
/* Why the game ended in a position, by the position alone: the game's end_reason, else
 * "no legal move" where the player to move has none, else "" (the result alone says it);
 * "" while the game goes on. */
void game_end_reason(const GameOps *g, const GamePos *pos, char *out /* REASON_STR_MAX */);
/* The game's stages (nnue_buckets, at least 1) and a position's (nnue_bucket, 0 in a game
 * without stages): what a bucketed net and its training data both go by. */
int game_nnue_buckets(const GameOps *g);
int game_nnue_bucket(const GameOps *g, const GamePos *pos);

#endif
