/* types.h — the small value types every part of Simia shares: moves, keys, scores,
 * results and the fixed-size position/undo blobs that carry any game's state. */
#ifndef SIMIA_TYPES_H
#define SIMIA_TYPES_H

#include <stdalign.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* A move is opaque to the core: only the game module knows its bits. 0 is "no move". */
typedef uint32_t Move;
#define MOVE_NONE ((Move)0)

typedef uint64_t Key;

/* Scores are from the point of view of the player to move. Wins and losses carry their
 * distance in plies from the root: SCORE_WIN - ply for a win found ply plies away. */
typedef int32_t Score;
enum {
    SCORE_INF = 32000,
    SCORE_WIN = 31000,
    SCORE_WIN_MIN = SCORE_WIN - 1000, /* anything above is a forced win */
    SCORE_DRAW = 0,
};

/* Players, not colours: p1 is who started the game; a game may reassign colours (pie rule). */
enum { PLAYER_1 = 0, PLAYER_2 = 1 };

/* Outcome of a game for the protocol (absolute, by player). */
typedef enum { RESULT_NONE = 0, RESULT_P1_WIN, RESULT_P2_WIN, RESULT_DRAW } GameResult;

/* Outcome relative to the player to move, as the game reports terminal positions. */
typedef enum { OUTCOME_ONGOING = 0, OUTCOME_LOSS, OUTCOME_WIN, OUTCOME_DRAW } Outcome;

/* Room for any game's position and undo record, so the core can copy and stack them
 * without knowing their layout. Each game static-asserts that it fits. */
#define GAME_POS_BYTES 1024
#define GAME_UNDO_BYTES 128
typedef struct {
    alignas(64) unsigned char bytes[GAME_POS_BYTES];
} GamePos;
typedef struct {
    alignas(8) unsigned char bytes[GAME_UNDO_BYTES];
} GameUndo;

/* Room for an error message (with the NUL) wherever a function explains a refusal. */
#define ERR_STR_MAX 256

/* Upper bound on the moves any registered game can have in one position. */
#define MAX_MOVES 2048

#endif
