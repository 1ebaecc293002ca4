/* game.h — the contract between Simia's game-agnostic core and a game module: a table
 * of operations, the only door through which search, book and protocol reach a game. */
#ifndef SIMIA_GAME_H
#define SIMIA_GAME_H

#include "types.h"

/* A game option (declared by the game, served by the core's option table). */
typedef enum { GOPT_CHECK, GOPT_SPIN } GameOptType;
typedef struct {
    const char *name; /* as announced in `ugi`; matched case-insensitively */
    GameOptType type;
    int def, min, max; /* for GOPT_CHECK: 0 or 1 */
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

typedef struct GameOps {
    const char *name;  /* short id, e.g. "monkeyqueen" */
    const char *title; /* human name, e.g. "Monkey Queen" */
    const GameOptionDef *options;
    int n_options;

    /* Instruction set the hot functions of this table were compiled for ("x86-64", ...):
     * a game may carry several tables of the same operations for different CPUs. */
    const char *isa;

    /* Builds the game's read-only tables (once, whoever calls first) and returns the
     * table to play with: this one, or a copy whose hot functions were compiled for the
     * CPU the engine runs on. Called before anything else. */
    const struct GameOps *(*init)(void);

    /* Positions. parse_pos returns false and writes a reason into err on bad input, and
     * then leaves *pos untouched. print_pos round-trips exactly through parse_pos. */
    void (*startpos)(GamePos *pos, const GameConfig *cfg);
    bool (*parse_pos)(GamePos *pos, const char *text, const GameConfig *cfg, char *err);
    void (*print_pos)(const GamePos *pos, char *out /* POS_STR_MAX */);
    /* The board drawn for people (`d`), several lines ending in '\n'. */
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

    void (*make)(GamePos *pos, Move m, GameUndo *undo);
    void (*unmake)(GamePos *pos, Move m, const GameUndo *undo);

    Key (*key)(const GamePos *pos);
    int (*player_to_move)(const GamePos *pos); /* PLAYER_1 or PLAYER_2 */
    int (*ply)(const GamePos *pos);            /* moves made since the game's start */
    /* Terminal state found without generating moves (e.g. a captured queen). */
    Outcome (*terminal)(const GamePos *pos);
    /* Outcome for the player to move when they have no legal move. */
    Outcome (*no_moves_outcome)(const GamePos *pos);

    /* Static evaluation for the player to move, in centi-units. */
    Score (*evaluate)(const GamePos *pos);
    /* The evaluation's terms for people (`eval`). */
    void (*eval_trace)(const GamePos *pos, char *out, size_t size);
} GameOps;

/* Result of the game in a position, for the protocol (absolute, by player). */
GameResult game_result(const GameOps *g, const GamePos *pos);

#endif
