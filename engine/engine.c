/* engine.c — owns the engine's state: the game and its options, the current position
 * with its referee status, and the search threads; front ends go through engine.h. */
#include "engine.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "games/registry.h"
#include "history.h"
#include "nnue/nnue.h"
#include "strength.h"
#include "threads.h"
#include "tt.h"

#define GAME_OPT_NAME_MAX 64

/* What evaluates in a search: the game, and its net by load number (0: the game's own
 * evaluation). Two searches with equal ids give every position the same evaluation. */
typedef struct {
    const GameOps *game;
    uint64_t net_serial;
} EvaluatorId;

struct Engine {
    const GameOps *game; /* the current game: its one holder (the pool and jobs get it per search) */
    OptionTable options;
    /* Index in the table of each game's options (all games' are declared at once). */
    int game_opt[GAMES_MAX][GAME_MAX_OPTIONS];
    char opt_name[GAMES_MAX][GAME_MAX_OPTIONS][GAME_OPT_NAME_MAX]; /* prefix + name */
    const char *game_names[GAMES_MAX + 1]; /* the Game combo's values */
    GamePos pos;
    PositionStatus status;
    int forfeit_loser; /* player, under POS_FORFEIT */
    char forfeit_why[ERR_STR_MAX]; /* the illegal move and why, under POS_FORFEIT */
    KeyHistory history; /* keys of the positions from the position command's start on */
    ThreadPool *pool;
    TT tt;          /* allocated at the first engine_prepare / go */
    size_t hash_mb; /* the size the Hash option asks for */
    char notice[ERR_STR_MAX]; /* told at the next go (e.g. a smaller hash than asked) */
    EnginePreGo pre_go; /* the book, when one is attached */
    void *pre_go_ctx;
    /* The learned evaluation: each game's net (the one EvalFile last loaded for it, else
     * the embedded one), or NULL with the reason in no_net. */
    NnueNet *nets[GAMES_MAX];
    char no_net[GAMES_MAX][ERR_STR_MAX];
    char no_scope[ERR_STR_MAX]; /* why the net does not serve the configuration (engine_net) */
    /* Each game's net as a number given at its load (a freed net's address may come back for
     * another), and the evaluator of the last search: the table keeps evaluations and the
     * histories learnt from them, which a search by another evaluator must not reuse. */
    uint64_t net_serial[GAMES_MAX], nets_loaded;
    EvaluatorId searched_with;
    bool debug;                 /* `debug on`: searches say more (engine_set_debug) */
    StrengthRelay relay;        /* the strength limit's choice among lines, for the running search */
    int noted_elo;              /* the UCI_Elo last told to lie outside its game's scale ... */
    const GameOps *noted_game;  /* ... and that game */
    SearchParams params;        /* the game's search parameters (the tuning build's options on top) */
#ifdef SIMIA_TUNE
    char tune_name[SEARCH_PARAM_COUNT][GAME_OPT_NAME_MAX]; /* Tune<Name>: the options' names */
#endif
};

/* ---- the search options: Hash and Threads refuse to change during a search ---- */

static bool busy_refusal(Engine *e, const char *what, char *err) {
    if (!pool_busy(e->pool)) return false;
    snprintf(err, ERR_STR_MAX, "%s cannot change during a search (send stop first)", what);
    return true;
}

static bool apply_hash(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)str;
    Engine *e = owner;
    if (busy_refusal(e, "Hash", err)) return false;
    if (!tt_size_ok((size_t)v, e->hash_mb, err)) return false;
    /* Once a table exists, resize it now, so a failure can be refused and the old kept. */
    if (e->tt.buckets && !tt_resize(&e->tt, (size_t)v, err)) return false;
    e->hash_mb = (size_t)v;
    return true;
}

static bool apply_clear_hash(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)v, (void)str;
    Engine *e = owner;
    if (busy_refusal(e, "Clear Hash", err)) return false;
    tt_clear(&e->tt);
    return true;
}

static bool apply_threads(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)str;
    return pool_set_threads(((Engine *)owner)->pool, (int)v, err);
}

/* A game's rule option: its own refusal (e.g. an even board width); the value applies
 * when that game next sets up a position. */
static bool apply_game_option(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)owner, (void)str;
    const GameOptionDef *d = o->data;
    const char *why = d->refuse ? d->refuse((int)v) : NULL;
    if (why) {
        snprintf(err, ERR_STR_MAX, "option '%s': %s; it stays %" PRId64, o->name, why, o->value);
        return false;
    }
    return true;
}

/* The search parameters of the current game: the engine's defaults with the game's own values
 * (a game's table that names no parameter, or leaves a range, is a build's error: test_contract
 * checks every game's). The tuning build's options then show the game's values. */
static void params_for_game(Engine *e) {
    if (!search_params_for(&e->params, e->game->search_params, e->game->n_search_params))
        search_params_default(&e->params);
#ifdef SIMIA_TUNE
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        char name[GAME_OPT_NAME_MAX];
        snprintf(name, sizeof name, "Tune%s", SEARCH_PARAM_INFO[i].name);
        Option *o = options_find(&e->options, name);
        if (o) o->def = o->value = search_param_get(&e->params, &SEARCH_PARAM_INFO[i]);
    }
#endif
}

/* Switches to game GAMES[index]: what the Game option does when the table sets it (the
 * table records the new value itself, once this returns true). */
static bool switch_game(Engine *e, int index, char *err) {
    if (busy_refusal(e, "Game", err)) return false;
    const GameOps *ops = GAMES[index];
    ops->init(); /* its tables, and its hot code built for this CPU */
    if (!pool_fit_game(e->pool, ops, err)) return false;
    const GameOps *old = e->game;
    e->game = ops;
    if (!engine_set_position(e, NULL, NULL, 0, err)) { /* only out of memory */
        e->game = old;
        pool_fit_game(e->pool, old, err);
        return false;
    }
    tt_clear(&e->tt);
    params_for_game(e);
    return true;
}

#ifdef SIMIA_TUNE
/* The tuning build: each search parameter as a spin option Tune<Name> over its range, for a
 * tuner (bench/spsa.py); a normal build announces none of them. */
static bool apply_tune(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)str, (void)err;
    Engine *e = owner;
    *search_param_ref(&e->params, o->data) = (int)v;
    return true;
}

static void add_tune_options(Engine *e) {
    for (int i = 0; i < SEARCH_PARAM_COUNT; i++) {
        const SearchParamInfo *p = &SEARCH_PARAM_INFO[i];
        snprintf(e->tune_name[i], sizeof e->tune_name[i], "Tune%s", p->name);
        Option o = {.name = e->tune_name[i], .type = OPT_SPIN, .def = p->def, .min = p->min, .max = p->max,
                    .apply = apply_tune, .owner = e, .data = p};
        options_add(&e->options, &o);
    }
}
#endif

static bool apply_game(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)str;
    return switch_game(owner, (int)v, err);
}

/* The Game combo, Repetition (one option for every game) and every game's rule options,
 * each under its game's prefix: arenas send options in any order, before or after Game. */
static void add_game_options(Engine *e) {
    for (int g = 0; g < GAMES_COUNT; g++) e->game_names[g] = GAMES[g]->name;
    e->game_names[GAMES_COUNT] = NULL;
    Option game = {.name = "Game", .type = OPT_COMBO, .def = game_index(e->game), .vars = e->game_names,
                   .apply = apply_game, .owner = e};
    options_add(&e->options, &game);
    Option rep = {.name = "Repetition", .type = OPT_CHECK, .def = 1, .min = 0, .max = 1};
    options_add(&e->options, &rep);
    for (int g = 0; g < GAMES_COUNT; g++) {
        const GameOps *ops = GAMES[g];
        for (int i = 0; i < ops->n_options && i < GAME_MAX_OPTIONS; i++) {
            const GameOptionDef *d = &ops->options[i];
            snprintf(e->opt_name[g][i], GAME_OPT_NAME_MAX, "%s%s", ops->option_prefix ? ops->option_prefix : "",
                     d->name);
            Option o = {.name = e->opt_name[g][i],
                        .type = d->type == GOPT_CHECK ? OPT_CHECK : d->type == GOPT_COMBO ? OPT_COMBO : OPT_SPIN,
                        .def = d->def, .min = d->min, .max = d->max, .vars = d->vars,
                        .apply = apply_game_option, .owner = e, .data = d};
            e->game_opt[g][i] = e->options.count;
            options_add(&e->options, &o);
        }
    }
}

static void add_search_options(Engine *e) {
    int elo_lo, elo_hi;
    strength_range(&elo_lo, &elo_hi);
    const Option opts[] = {
        {.name = "Hash", .type = OPT_SPIN, .def = TT_MB_DEFAULT, .min = TT_MB_MIN, .max = TT_MB_MAX, .apply = apply_hash},
        {.name = "Clear Hash", .type = OPT_BUTTON, .apply = apply_clear_hash},
        {.name = "Threads", .type = OPT_SPIN, .def = 1, .min = 1, .max = THREADS_MAX, .apply = apply_threads},
        {.name = "MultiPV", .type = OPT_SPIN, .def = 1, .min = 1, .max = MAX_MULTIPV},
        {.name = "Move Overhead", .type = OPT_SPIN, .def = 10, .min = 0, .max = 5000},
        {.name = "Ponder", .type = OPT_CHECK, .def = 0, .min = 0, .max = 1},
        /* What GUIs set: a strength by Elo (engine/strength.h; UCI_Elo accepts every game's
         * scale, since arenas may set it before Game, and `ugi` announces the game's own:
         * engine_option_shown) and win/draw/loss in info lines. */
        {.name = "UCI_LimitStrength", .type = OPT_CHECK, .def = 0, .min = 0, .max = 1},
        {.name = "UCI_Elo", .type = OPT_SPIN, .def = STRENGTH_ANCHOR_ELO, .min = elo_lo, .max = elo_hi},
        {.name = "UCI_ShowWDL", .type = OPT_CHECK, .def = 0, .min = 0, .max = 1},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        Option o = opts[i];
        o.owner = e;
        options_add(&e->options, &o);
    }
}

/* ---- the learned evaluation: Use NNUE and EvalFile ---- */

/* The embedded net of game g, or none (with the reason). */
static void set_embedded_net(Engine *e, int g) {
    const GameOps *ops = GAMES[g];
    const unsigned char *data;
    size_t size;
    char err[ERR_STR_MAX];
    nnue_net_free(e->nets[g]);
    e->nets[g] = NULL;
    if (!nnue_embedded(ops, &data, &size)) snprintf(e->no_net[g], ERR_STR_MAX, "no net for %s", ops->name);
    else if (!(e->nets[g] = nnue_net_parse(data, size, ops, err)))
        snprintf(e->no_net[g], ERR_STR_MAX, "the embedded net of %s was refused: %.180s", ops->name, err);
    e->net_serial[g] = ++e->nets_loaded;
}

/* EvalFile loads a net for the current game (empty: its embedded net); a refused file
 * leaves the net as it was. */
static bool apply_eval_file(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)v;
    Engine *e = owner;
    if (busy_refusal(e, "EvalFile", err)) return false;
    if (!*str) {
        set_embedded_net(e, game_index(e->game));
        return true;
    }
    NnueNet *net = nnue_net_load(str, GAMES[game_index(e->game)], err);
    if (!net) return false;
    nnue_net_free(e->nets[game_index(e->game)]);
    e->nets[game_index(e->game)] = net;
    e->net_serial[game_index(e->game)] = ++e->nets_loaded;
    return true;
}

/* Use NNUE is on by default because a game ships a net only once that net has beaten the
 * hand-written evaluation in its match (engine/nnue/NET.md); a game without one keeps its
 * hand-written evaluation whatever the option says. */
static void add_nnue_options(Engine *e) {
    for (int g = 0; g < GAMES_COUNT; g++) set_embedded_net(e, g);
    const Option opts[] = {
        {.name = "Use NNUE", .type = OPT_CHECK, .def = 1, .min = 0, .max = 1},
        {.name = "EvalFile", .type = OPT_STRING, .def_str = "", .apply = apply_eval_file},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        Option o = opts[i];
        o.owner = e;
        options_add(&e->options, &o);
    }
}

/* The net a search evaluates with: the game's, while Use NNUE is on. */
static const NnueNet *search_net(Engine *e) { return engine_option_int(e, "Use NNUE") ? engine_net(e, NULL) : NULL; }

/* Before a search that evaluates otherwise than the last one (Use NNUE switched, another
 * EvalFile): the table's kept evaluations, the scores and bounds worked out from them and the
 * histories those taught belong to the other evaluator, and reverse futility and null move
 * would decide on its numbers; they go as at a new game. Done at the go, not when an option
 * is set: no search runs then, and several options set in a row clear once. A search of
 * another game needs nothing: the switch (switch_game) cleared the table and the histories. */
static void forget_other_evaluator(Engine *e, const SearchJob *job) {
    EvaluatorId was = e->searched_with, now = {job->game, job->net ? e->net_serial[game_index(job->game)] : 0};
    e->searched_with = now;
    if (!was.game || was.game != now.game || was.net_serial == now.net_serial) return;
    tt_clear(&e->tt);
    pool_clear(e->pool);
}

Score engine_static_eval(Engine *e) {
    const NnueNet *net = search_net(e);
    Score s = net ? nnue_evaluate_fresh(net, e->game, &e->pos, NNUE_KERNEL_BEST) : e->game->evaluate(&e->pos);
    return s >= SCORE_WIN_MIN ? SCORE_WIN_MIN - 1 : s <= -SCORE_WIN_MIN ? -SCORE_WIN_MIN + 1 : s;
}

bool engine_copy_nnue_options(Engine *to, const Engine *from, char *err) {
    OptionTable *t = (OptionTable *)&from->options; /* only read */
    const Option *use = options_find(t, "Use NNUE"), *file = options_find(t, "EvalFile");
    bool ok = engine_set_option(to, "EvalFile", file->str, err);
    return engine_set_option(to, "Use NNUE", use->value ? "true" : "false", err) && ok;
}

const NnueNet *engine_net(Engine *e, const char **why) {
    int g = game_index(e->game);
    if (why) *why = e->no_net[g];
    const NnueNet *net = e->nets[g];
    if (!net) return NULL;
    GameConfig cfg = engine_game_config(e);
    char name[NNUE_SCOPE_NAME_MAX + 1];
    if (nnue_net_serves(net, e->game, &cfg, name)) return net;
    /* Not an error: the hand-written evaluation plays where the net was not shown to win. */
    snprintf(e->no_scope, sizeof e->no_scope, "the net of %s serves %.70s, not %s", e->game->name, net->scope, name);
    if (why) *why = e->no_scope;
    return NULL;
}

Engine *engine_create(const GameOps *game) {
    int index = game_index(game);
    if (index < 0) return NULL;
    Engine *e = calloc(1, sizeof *e);
    if (!e) return NULL;
    e->game = game;
    history_init(&e->history);
    add_game_options(e);
    tt_init(&e->tt);
    e->hash_mb = TT_MB_DEFAULT;
    e->pool = pool_create(game, &e->tt);
    if (!e->pool) {
        free(e);
        return NULL;
    }
    add_search_options(e);
    add_nnue_options(e);
#ifdef SIMIA_TUNE
    add_tune_options(e);
#endif
    params_for_game(e);
    char err[ERR_STR_MAX];
    if (!engine_set_position(e, NULL, NULL, 0, err)) {
        engine_destroy(e);
        return NULL;
    }
    return e;
}

void engine_destroy(Engine *e) {
    if (!e) return;
    pool_stop(e->pool);
    pool_wait(e->pool);
    pool_destroy(e->pool);
    tt_free(&e->tt);
    history_free(&e->history);
    for (int g = 0; g < GAMES_COUNT; g++) nnue_net_free(e->nets[g]);
    free(e);
}

const GameOps *engine_game(const Engine *e) { return e->game; }

/* Through the option table, like `setoption name Game`: the table calls switch_game and
 * records the value, so the option and the engine always agree. */
bool engine_set_game(Engine *e, const GameOps *game, char *err) {
    if (game_index(game) < 0) {
        snprintf(err, ERR_STR_MAX, "'%s' is not a registered game", game->name);
        return false;
    }
    return options_set(&e->options, "Game", game->name, err);
}

const char *engine_game_option_name(const Engine *e, int i) {
    return i >= 0 && i < e->game->n_options && i < GAME_MAX_OPTIONS ? e->opt_name[game_index(e->game)][i] : NULL;
}
OptionTable *engine_options(Engine *e) { return &e->options; }

bool engine_option_shown(Engine *e, int i, Option *shown) {
    const Option *o = &e->options.opt[i];
    if (o->apply == apply_game_option) { /* a rule option: only the game in play's */
        bool mine = false;
        for (int k = 0; k < e->game->n_options && !mine; k++) mine = o->data == &e->game->options[k];
        if (!mine) return false;
    }
    *shown = *o;
    if (o == options_find(&e->options, "UCI_Elo")) {
        const int *scale = strength_scale(e->game);
        shown->min = scale[0], shown->max = scale[STRENGTH_LEVELS - 1];
    }
    return true;
}

void engine_add_option(Engine *e, const Option *o) { options_add(&e->options, o); }

bool engine_set_option(Engine *e, const char *name, const char *value, char *err) {
    return options_set(&e->options, name, value, err);
}

int64_t engine_option_int(Engine *e, const char *name) {
    Option *o = options_find(&e->options, name);
    return o ? o->value : 0;
}

GameConfig engine_game_config(Engine *e) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    int g = game_index(e->game);
    for (int i = 0; i < e->game->n_options && i < GAME_MAX_OPTIONS; i++)
        c.v[i] = (int)e->options.opt[e->game_opt[g][i]].value;
    return c;
}

void engine_prepare(Engine *e) {
    if (e->tt.buckets || pool_busy(e->pool)) return;
    char err[ERR_STR_MAX];
    size_t mb = e->hash_mb;
    /* Should the memory not be there after all, a smaller table beats no search. */
    while (!tt_resize(&e->tt, mb, err) && mb > TT_MB_MIN) mb /= 2;
    if (mb != e->hash_mb)
        snprintf(e->notice, sizeof e->notice, "could not allocate %zu MB for the hash table; using %zu MB",
                 e->hash_mb, e->tt.buckets ? mb : (size_t)0);
}

/* Whether the current position ends the game by repetition (the third occurrence). */
static bool repeated(const Engine *e, const GamePos *p) {
    return e->game->caps.repetition && engine_option_int((Engine *)e, "Repetition") &&
           history_count(&e->history, e->game->key(p)) >= 3;
}

static bool out_of_memory(Engine *e, char *err) {
    snprintf(err, ERR_STR_MAX, "out of memory for the game's history");
    e->status = POS_NONE;
    return false;
}

bool engine_set_position(Engine *e, const char *fen, const char *const *moves, int n_moves,
                         char *err) {
    GameConfig cfg = engine_game_config(e);
    GamePos p;
    if (fen) {
        if (!e->game->parse_pos(&p, fen, &cfg, err)) {
            e->status = POS_NONE;
            return false;
        }
    } else {
        e->game->startpos(&p, &cfg);
    }
    history_clear(&e->history);
    if (!history_push(&e->history, e->game->key(&p))) return out_of_memory(e, err);
    for (int i = 0; i < n_moves; i++) {
        bool over = game_result(e->game, &p) != RESULT_NONE || repeated(e, &p);
        Move m = over ? MOVE_NONE : e->game->parse_move(&p, moves[i]);
        if (m == MOVE_NONE) {
            int mover = e->game->player_to_move(&p);
            const char *why = over ? "the game was already over" : "not a legal move here";
            snprintf(err, ERR_STR_MAX, "illegal move '%.32s' at ply %d (move %d of the list): %s; player %d loses",
                     moves[i], e->game->ply(&p) + 1, i + 1, why, mover + 1);
            e->pos = p;
            e->status = POS_FORFEIT;
            e->forfeit_loser = mover;
            snprintf(e->forfeit_why, sizeof e->forfeit_why, "%s", err);
            return false;
        }
        GameUndo u;
        e->game->make(&p, m, &u);
        if (!history_push(&e->history, e->game->key(&p))) return out_of_memory(e, err);
    }
    e->pos = p;
    e->status = POS_PLAYING;
    return true;
}

void engine_clear_position(Engine *e) { e->status = POS_NONE; }
PositionStatus engine_position_status(const Engine *e) { return e->status; }
const GamePos *engine_position(const Engine *e) { return &e->pos; }

GameResult engine_result(const Engine *e) {
    switch (e->status) {
    case POS_NONE:
        return RESULT_NONE;
    case POS_FORFEIT:
        return e->forfeit_loser == PLAYER_1 ? RESULT_P2_WIN : RESULT_P1_WIN;
    default: {
        GameResult r = game_result(e->game, &e->pos);
        if (r != RESULT_NONE || !repeated(e, &e->pos)) return r;
        Outcome o = e->game->repetition_outcome(&e->pos);
        if (o == OUTCOME_DRAW || o == OUTCOME_ONGOING) return RESULT_DRAW;
        int winner = e->game->player_to_move(&e->pos) ^ (o == OUTCOME_LOSS);
        return winner == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN;
    }
    }
}

/* Whether the game is over by repetition (the current position's third occurrence). */
static bool repetition_end(const Engine *e) {
    return e->status == POS_PLAYING && game_result(e->game, &e->pos) == RESULT_NONE && repeated(e, &e->pos);
}

void engine_end_reason(const Engine *e, char *out, size_t size) {
    char why[REASON_STR_MAX] = "";
    if (repetition_end(e)) snprintf(why, sizeof why, "the position occurred for the third time");
    else if (e->status == POS_PLAYING) game_end_reason(e->game, &e->pos, why);
    snprintf(out, size, "%s", e->status == POS_FORFEIT ? e->forfeit_why : why);
}

bool engine_game_over(const Engine *e) {
    return e->status != POS_PLAYING || engine_result(e) != RESULT_NONE;
}

int engine_player_to_move(const Engine *e) {
    return e->status == POS_NONE ? PLAYER_1 : e->game->player_to_move(&e->pos);
}

/* ---- what GUIs ask beyond the search itself: a strength, go mate, debug, the evaluation ---- */

void engine_set_debug(Engine *e, bool on) { e->debug = on; }

WdlModel engine_wdl_model(Engine *e) {
    return wdl_model(e->game, search_net(e));
}

void engine_describe_eval(Engine *e, char *out, size_t size) {
    const char *why;
    const NnueNet *net = engine_net(e, &why);
    if (!engine_option_int(e, "Use NNUE")) why = "Use NNUE is off";
    else if (net) {
        const char *file = options_find(&e->options, "EvalFile")->str;
        char from[OPTION_STR_MAX + 16];
        if (*file) snprintf(from, sizeof from, "the net in %s", file);
        else snprintf(from, sizeof from, "the embedded net");
        snprintf(out, size, "%s (%s, %d features, hidden %d%s)", from, net->feature_set, net->n_features,
                 net->hidden, net->activation == NNUE_SCRELU ? " squared" : "");
        return;
    }
    snprintf(out, size, "hand-written (%s)", why);
}

/* The depth that covers a win within n moves of the player to move: 2n - 1 plies. (Where a
 * player may decide twice in a row, the plies still count as if players alternated, so a
 * mate found there is at most n of the winner's turns, never more.) */
static int mate_depth(int n) { return n < MAX_PLY / 2 ? 2 * n - 1 : MAX_PLY - 1; }

/* UCI_LimitStrength: the level's node count caps the go's own limits (whichever ends first);
 * one thread searches, so that a level plays the same on every machine (its nodes, or its first
 * iteration whole where that needs more); where
 * the level chooses among lines the relay plays its choice (not for go mate, which asks for
 * the proof). Notes go to report->message. */
static void limit_strength(Engine *e, SearchJob *job, const SearchReport *report) {
    if (!engine_option_int(e, "UCI_LimitStrength")) return;
    int asked = (int)engine_option_int(e, "UCI_Elo");
    StrengthSetting st = strength_setting(e->game, asked);
    if (!job->limits.nodes || job->limits.nodes > st.nodes) { /* a go's own lower count stays exact */
        job->limits.nodes = st.nodes;
        job->limits.nodes_after_first = true;
    }
    job->threads = 1;
    char note[ERR_STR_MAX];
    if (st.elo != asked && report->message && (asked != e->noted_elo || e->game != e->noted_game)) {
        const int *scale = strength_scale(e->game);
        snprintf(note, sizeof note, "UCI_Elo %d is outside the scale of %s (%d to %d): it plays at %d", asked,
                 e->game->title, scale[0], scale[STRENGTH_LEVELS - 1], st.elo);
        report->message(report->ctx, note);
        e->noted_elo = asked, e->noted_game = e->game;
    }
    if (e->debug && report->message) {
        snprintf(note, sizeof note, "debug: strength: UCI_Elo %d in %s: %llu nodes a move, %d line(s), noise %d", st.elo,
                 e->game->title, (unsigned long long)st.nodes, st.lines, st.noise);
        report->message(report->ctx, note);
    }
    if (st.noise > 0 && !job->limits.mate) {
        if (job->multipv < st.lines) job->multipv = st.lines;
        WdlModel m = engine_wdl_model(e);
        /* reproducible: the same position and Elo make the same choice */
        uint64_t seed = e->game->key(&e->pos) ^ (uint64_t)(unsigned)st.elo * 0x9E3779B97F4A7C15ULL;
        job->report = strength_relay(&e->relay, report, e->game, &st, &m, seed, e->game->player_to_move(&e->pos),
                                     job->ponder_enabled, e->debug);
    }
}

/* `debug on`: the limits a search runs with, and what evaluates. */
static void debug_note(Engine *e, const SearchJob *job, const SearchReport *report) {
    if (!e->debug || !report->message) return;
    const SearchLimits *l = &job->limits;
    char note[OPTION_STR_MAX + 2 * ERR_STR_MAX], eval[OPTION_STR_MAX + ERR_STR_MAX];
    engine_describe_eval(e, eval, sizeof eval);
    snprintf(note, sizeof note,
             "debug: search: depth %d, nodes %llu, mate %d, movetime %lld, clocks %lld %lld, %s%s%d thread(s), "
             "%d line(s); evaluation: %s",
             l->depth, (unsigned long long)l->nodes, l->mate, (long long)l->movetime, (long long)l->time[0],
             (long long)l->time[1], l->infinite ? "infinite, " : "", l->ponder ? "ponder, " : "",
             job->threads ? job->threads : pool_threads(e->pool), job->multipv, eval);
    report->message(report->ctx, note);
}

/* engine_go with the lines to search (multipv); *answered tells whether the pre-go module
 * answered (no search runs then). */
static bool go(Engine *e, const SearchLimits *limits, const SearchReport *report, int multipv, bool *answered,
               char *err) {
    *answered = false;
    if (pool_busy(e->pool)) {
        snprintf(err, ERR_STR_MAX, "a search is already running (send stop first)");
        return false;
    }
    if (e->status == POS_NONE) {
        snprintf(err, ERR_STR_MAX, "no valid position to search (the last position command failed)");
        return false;
    }
    if (engine_game_over(e)) {
        snprintf(err, ERR_STR_MAX, "the game is over, there is nothing to search");
        return false;
    }
    engine_prepare(e);
    if (!e->tt.buckets) {
        snprintf(err, ERR_STR_MAX, "no memory for even a %d MB hash table", TT_MB_MIN);
        return false;
    }
    if (e->notice[0] && report->message) report->message(report->ctx, e->notice);
    e->notice[0] = 0;
    if (e->pre_go && !limits->infinite && !limits->ponder) {
        char note[ERR_STR_MAX] = "";
        Move m = e->pre_go(e->pre_go_ctx, &e->pos, limits, note, sizeof note);
        if (note[0] && report->message) report->message(report->ctx, note);
        if (m != MOVE_NONE && e->game->is_legal(&e->pos, m)) {
            if (report->bestmove) report->bestmove(report->ctx, &e->pos, m, MOVE_NONE);
            *answered = true;
            return true;
        }
    }
    SearchJob job;
    memset(&job, 0, sizeof job);
    job.game = e->game;
    job.root = e->pos;
    job.limits = *limits;
    job.report = *report;
    job.multipv = multipv;
    job.move_overhead = engine_option_int(e, "Move Overhead");
    job.ponder_enabled = engine_option_int(e, "Ponder") != 0;
    job.net = search_net(e);
    job.params = e->params;
    /* go mate N and no other limit: it ends at the depth that covers N moves. */
    if (limits->mate && !limits->depth && !limits->nodes && limits->movetime < 0 && limits->time[0] < 0 &&
        limits->time[1] < 0 && !limits->infinite && !limits->ponder)
        job.limits.depth = mate_depth(limits->mate);
    limit_strength(e, &job, report);
    debug_note(e, &job, report);
    /* The positions before the root that the search may meet again. */
    if (e->game->caps.repetition && engine_option_int(e, "Repetition")) {
        int before = e->history.n - 1;
        int window = e->game->caps.repeat_window ? e->game->repeat_window(&e->pos) : before;
        if (window < before) before = window > 0 ? window : 0;
        job.repetition = true;
        job.history = e->history.keys + (e->history.n - 1 - before);
        job.n_history = before;
    }
    forget_other_evaluator(e, &job);
    if (!pool_start(e->pool, &job)) {
        snprintf(err, ERR_STR_MAX, "could not start the search");
        return false;
    }
    return true;
}

bool engine_go(Engine *e, const SearchLimits *limits, const SearchReport *report, char *err) {
    bool answered;
    return go(e, limits, report, (int)engine_option_int(e, "MultiPV"), &answered, err);
}

/* ---- engine_search: a report that keeps what the search said, and passes it on ---- */

typedef struct {
    SearchResult *r;
    const SearchReport *also;
} Collector;

/* Called from the search threads one at a time; read by engine_search after engine_wait. */
static void collect_info(void *ctx, const SearchInfo *in) {
    Collector *c = ctx;
    SearchResult *r = c->r;
    if (in->multipv <= 1) {
        r->depth = in->depth, r->seldepth = in->seldepth, r->score = in->score, r->bound = in->bound;
        r->nodes = in->nodes, r->time_ms = in->time_ms;
        r->pv_len = in->pv_len < MAX_PLY ? in->pv_len : MAX_PLY;
        memcpy(r->pv, in->pv, sizeof *r->pv * (size_t)r->pv_len);
    }
    if (in->bound == BOUND_EXACT && in->pv_len >= 1 && in->multipv >= 1 && in->multipv <= MAX_MULTIPV &&
        in->depth >= r->lines_depth) {
        if (in->depth > r->lines_depth) {
            r->lines_depth = in->depth;
            memset(r->line_set, 0, sizeof r->line_set);
        }
        r->line_set[in->multipv - 1] = true;
        r->line[in->multipv - 1] = (SearchLine){in->pv[0], in->score};
    }
    if (c->also && c->also->info) c->also->info(c->also->ctx, in);
}

static void collect_currmove(void *ctx, const GamePos *root, Move m, int number, int depth) {
    const SearchReport *also = ((Collector *)ctx)->also;
    if (also && also->currmove) also->currmove(also->ctx, root, m, number, depth);
}

static void collect_message(void *ctx, const char *text) {
    const SearchReport *also = ((Collector *)ctx)->also;
    if (also && also->message) also->message(also->ctx, text);
}

static void collect_bestmove(void *ctx, const GamePos *root, Move best, Move ponder) {
    Collector *c = ctx;
    c->r->best = best, c->r->ponder = ponder;
    if (c->also && c->also->bestmove) c->also->bestmove(c->also->ctx, root, best, ponder);
}

bool engine_search(Engine *e, const SearchRequest *rq, SearchResult *out, char *err) {
    memset(out, 0, sizeof *out);
    if (rq->limits.infinite || rq->limits.ponder) {
        snprintf(err, ERR_STR_MAX, "a search that waits for stop or ponderhit cannot be waited for");
        return false;
    }
    if (!engine_set_position(e, rq->position, rq->moves, rq->n_moves, err)) return false;
    Collector c = {.r = out, .also = rq->report};
    /* currmove only when asked: the search then skips the work of reporting it. */
    SearchReport collect = {.ctx = &c, .info = collect_info, .message = collect_message,
                            .bestmove = collect_bestmove,
                            .currmove = rq->report && rq->report->currmove ? collect_currmove : NULL};
    int multipv = rq->multipv > 0 ? (rq->multipv < MAX_MULTIPV ? rq->multipv : MAX_MULTIPV)
                                  : (int)engine_option_int(e, "MultiPV");
    bool answered;
    if (!go(e, &rq->limits, &collect, multipv, &answered, err)) return false;
    engine_wait(e);
    out->searched = !answered;
    return true;
}

void engine_set_pre_go(Engine *e, EnginePreGo fn, void *ctx) {
    e->pre_go = fn;
    e->pre_go_ctx = ctx;
}

void engine_stop(Engine *e) { pool_stop(e->pool); }
void engine_ponderhit(Engine *e) { pool_ponderhit(e->pool); }
void engine_wait(Engine *e) { pool_wait(e->pool); }
bool engine_searching(const Engine *e) { return pool_busy(e->pool); }
uint64_t engine_nodes(const Engine *e) { return pool_nodes(e->pool); }
void engine_new_game(Engine *e) {
    /* A new game ends any search of the old one (its bestmove is still reported). */
    pool_stop(e->pool);
    pool_wait(e->pool);
    tt_clear(&e->tt);
    pool_clear(e->pool);
    e->searched_with = (EvaluatorId){0}; /* nothing left of any evaluator */
}
