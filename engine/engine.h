/* engine.h — the engine as its front ends see it: one object that owns the game, the
 * option table, the current position (and its referee state), the hash table and the
 * search threads. The protocol only parses text and calls these. */
#ifndef SIMIA_ENGINE_H
#define SIMIA_ENGINE_H

#include "game.h"
#include "options.h"
#include "search.h"
#include "wdl.h"

typedef struct Engine Engine;

/* An engine playing game (a registered game; NULL if not, or out of memory). */
Engine *engine_create(const GameOps *game);
void engine_destroy(Engine *e); /* stops and joins any search */

const GameOps *engine_game(const Engine *e);
/* Switches to another registered game, at its start position, with a cleared hash and
 * histories: sets the option Game (exactly what `setoption name Game` does). Refused during
 * a search. */
bool engine_set_game(Engine *e, const GameOps *game, char *err);
/* The name under which the current game's i-th option is announced (its game's prefix and
 * its name), or NULL. */
const char *engine_game_option_name(const Engine *e, int i);

/* ---- options: one table, the engine's own and those modules register ---- */
OptionTable *engine_options(Engine *e);
/* Whether `ugi` announces option i of the table, and as what (a copy in *shown): a game's
 * rule options only while their game is played (setoption takes every game's, in any order),
 * and UCI_Elo over the game's own scale (it accepts any game's; engine/strength.h). */
bool engine_option_shown(Engine *e, int i, Option *shown);
/* Registers a front-end or book option in the same table (before the first `ugi`). */
void engine_add_option(Engine *e, const Option *o);
/* Sets an option by name (case-insensitive). Game, Hash, Clear Hash and Threads are refused
 * during a search (err says so; stop first). The search options are Hash (MB, checked
 * against the machine's memory), Clear Hash, Threads, MultiPV, Move Overhead (ms), Ponder,
 * UCI_LimitStrength with UCI_Elo (engine/strength.h) and UCI_ShowWDL (for the front end);
 * all but the first three take effect at the next go. Every game's rule
 * options are declared, under the game's prefix; they apply when their game next sets up
 * a position. Repetition (one option for all games) applies at once. */
bool engine_set_option(Engine *e, const char *name, const char *value, char *err);
int64_t engine_option_int(Engine *e, const char *name);
/* The game's option values, for start positions and parsing. */
GameConfig engine_game_config(Engine *e);

/* Allocates what was deferred (the hash table) so that `isready` can answer readyok.
 * Should the memory be missing, a smaller table is taken and the next go says so. */
void engine_prepare(Engine *e);

/* The learned evaluation's net of the current game (EvalFile's, else the embedded one),
 * or NULL with the reason in *why (none, or one whose scope does not list the game's
 * configuration); a search uses it when the Use NNUE option is on. */
struct NnueNet;
const struct NnueNet *engine_net(Engine *e, const char **why);
/* The static evaluation a search of the current position starts from (the net while Use
 * NNUE is on and one serves the game, else the game's own), for the player to move, short of
 * a forced win's scores; meaningless under POS_NONE. */
Score engine_static_eval(Engine *e);
/* Gives engine to the Use NNUE and EvalFile values of engine from (both playing one game):
 * what a benchmark engine needs to measure what play would use. */
bool engine_copy_nnue_options(Engine *to, const Engine *from, char *err);

/* What the search evaluates with now, for people: "the embedded net (<feature set>, <n>
 * features, hidden <h>)", "the net in <EvalFile> (...)", or "hand-written (<why>)" (Use NNUE
 * off, no net, a net that does not serve the configuration). */
void engine_describe_eval(Engine *e, char *out, size_t size);
/* The score-to-result model of the scores the search gives now (engine/wdl.h): the game's
 * constants, or the fitted scale of the net in use when it carries one. */
WdlModel engine_wdl_model(Engine *e);
/* `debug on`: each search also tells (through its report's message) the limits it runs with,
 * what evaluates, and the strength limit's choice. */
void engine_set_debug(Engine *e, bool on);

/* ---- the current game, as the referee sees it ---- */
typedef enum {
    POS_NONE,    /* no valid position (a malformed position string): nobody's loss */
    POS_PLAYING, /* a legally reached position (which may be a finished game) */
    POS_FORFEIT, /* a move list held an illegal move: the position is the legal prefix,
                    and the player who made the illegal move lost */
} PositionStatus;

/* Sets the position from a position string (NULL: the start position) and a move list,
 * remembering every position reached (for repetition). A malformed string leaves
 * POS_NONE; an illegal move k (0-based), or any move after the game ended (the third
 * occurrence of a position included), leaves the prefix and POS_FORFEIT. Returns false
 * with a message in err in both cases. */
bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int n_moves,
                         char *err);
/* Drops the position (POS_NONE): for a position command too malformed to say which. */
void engine_clear_position(Engine *e);
PositionStatus engine_position_status(const Engine *e);
const GamePos *engine_position(const Engine *e); /* meaningless under POS_NONE */
bool engine_game_over(const Engine *e);
GameResult engine_result(const Engine *e);
/* Why the game ended, for people: the illegal move of a forfeit, the repetition (the
 * core's), else the game's words (game_end_reason); "" while it goes on or under POS_NONE,
 * or where the result alone says it. Fits ERR_STR_MAX. */
void engine_end_reason(const Engine *e, char *out, size_t size);
/* Player to move (PLAYER_1/2) also when the game is over; PLAYER_1 under POS_NONE. */
int engine_player_to_move(const Engine *e);

/* ---- search ---- */
/* Starts a search of the current position in the background; its report arrives through
 * the callbacks and ends with exactly one bestmove. Refused (false, err) when a search is
 * running or there is nothing to search (no position, game over): the caller answers. */
bool engine_go(Engine *e, const SearchLimits *limits, const SearchReport *report, char *err);
/* A module that may answer a `go` without searching (the opening book). Asked in the
 * caller's thread by engine_go, after the position checks and before any search starts,
 * except for `go infinite` and `go ponder` (they must wait for stop or ponderhit). A note
 * it writes goes out through report->message; a legal move it returns is reported at once
 * as the bestmove (still in the caller's thread), and no search runs. */
typedef Move (*EnginePreGo)(void *ctx, const GamePos *pos, const SearchLimits *limits, char *note,
                            size_t note_size);
void engine_set_pre_go(Engine *e, EnginePreGo fn, void *ctx);
void engine_stop(Engine *e);      /* returns at once; bestmove follows promptly */
void engine_ponderhit(Engine *e); /* the pondered move was played: search on, on the clock */
void engine_wait(Engine *e);      /* until the running search, if any, has reported */
bool engine_searching(const Engine *e);
/* Nodes (positions made, all threads) of the running search so far, or of the last. */
uint64_t engine_nodes(const Engine *e);
/* Forgets everything learned (hash, histories); a running search is stopped first. */
void engine_new_game(Engine *e);

/* ---- one search from start to end: the entry point of jobs (bench, selfplay, the book
 * tools, datagen), synchronous and silent unless asked ---- */
typedef struct {
    /* The position to search, as engine_set_position takes it (the position string, NULL
     * for the start position, and the moves played from it: a game's moves give the search
     * its repetition history); the engine's position is this one afterwards. */
    const char *position;
    const char *const *moves;
    int n_moves;
    SearchLimits limits;
    int multipv;                /* lines to search; 0: the MultiPV option's */
    const SearchReport *report; /* also told everything as it comes (e.g. to print it); NULL: nothing */
} SearchRequest;

typedef struct {
    Move move;
    Score score;
} SearchLine;

/* What one search found. */
typedef struct {
    Move best, ponder; /* ponder: MOVE_NONE unless the Ponder option is on */
    bool searched;     /* false: a module (the book) answered without searching */
    /* The last line reported for the best move (MultiPV line 1), the one the protocol
     * prints last before bestmove; 0 and empty if none was. nodes and time_ms are the
     * search's (all threads) when that line was reported. */
    int depth, seldepth;
    Score score;
    Bound bound;
    uint64_t nodes;
    int64_t time_ms;
    int pv_len;
    Move pv[MAX_PLY];
    /* The lines of the deepest iteration that reported exact scores (MultiPV), by line
     * number less one; line_set tells which were reported. lines_depth 0: none. */
    int lines_depth;
    bool line_set[MAX_MULTIPV];
    SearchLine line[MAX_MULTIPV];
} SearchResult;

/* Sets the request's position and searches it with its limits until the search ends
 * (so the limits must end it: a depth, nodes or time, never infinite or ponder), as
 * engine_go does (the book, when attached and on, may answer). False (err) if the
 * position is refused (the engine then holds what engine_set_position left) or the search
 * cannot start. Engines are independent: several may each search in their own thread. */
bool engine_search(Engine *e, const SearchRequest *rq, SearchResult *out, char *err);

#endif
