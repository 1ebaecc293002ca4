/* strength.h — the playing-strength limit (UCI_LimitStrength, UCI_Elo): the core's levels,
 * each game's Elo scale over them, what an Elo asks of a search, and the choice among the best
 * lines that makes the weakest levels err as a weak player does. */
#ifndef SIMIA_STRENGTH_H
#define SIMIA_STRENGTH_H

#include "search.h"
#include "wdl.h"

/* The Elo of the Beginner level (100 nodes a move) in every game: the anchor of each
 * game's scale, whose other points are measured from it (each level against the next). */
enum { STRENGTH_ANCHOR_ELO = 1000, STRENGTH_ANCHOR_LEVEL = 1 };
/* The most lines a level chooses among. */
enum { STRENGTH_LINES_MAX = 8 };

/* A level: nodes searched per line, the lines searched (MultiPV), and noise: the
 * temperature of the choice among them in per mille of expected result (0: the best line). */
typedef struct {
    const char *name;
    uint64_t nodes;
    int lines, noise;
} StrengthLevel;
extern const StrengthLevel STRENGTH_LEVEL[STRENGTH_LEVELS];

/* The Elo of each level in game g: its declaration (GameCalibration), else the core's. */
const int *strength_scale(const GameOps *g);
/* The lowest and highest Elo over every registered game's scale: UCI_Elo's range. */
void strength_range(int *lo, int *hi);

/* What UCI_Elo elo asks of a search in game g. Between two levels the nodes go geometrically
 * and the noise linearly with the Elo; outside the game's scale, its end (clamped). */
typedef struct {
    int elo;        /* the Elo played: elo within the game's scale */
    uint64_t nodes; /* per move, all lines together */
    int lines, noise;
} StrengthSetting;
StrengthSetting strength_setting(const GameOps *g, int elo);

/* Which of n lines to play, given each line's expected result (per mille, line 0 the
 * search's best): line i with a weight exp((expected[i] - best) / noise), drawn from seed;
 * 0 when noise is 0. The same seed and lines give the same choice on every machine. */
int strength_choose(const int *expected, int n, int noise, uint64_t seed);

/* A search report in between the search and its front end that keeps the lines of the
 * deepest iteration and, at the bestmove, plays the line strength_choose picks (telling it
 * first as the final line 1, as the protocol wants the last line to lead with the move). */
typedef struct {
    SearchReport next;
    const GameOps *game;
    StrengthSetting set;
    WdlModel wdl;
    uint64_t seed;
    int root_player;
    bool ponder_enabled; /* bestmove may carry a ponder move */
    bool debug;          /* say which line was played (an `info string`) */
    int depth;           /* of the lines kept; line k is multipv k + 1 */
    bool have[STRENGTH_LINES_MAX];
    SearchInfo line[STRENGTH_LINES_MAX];
    Move pv[STRENGTH_LINES_MAX][MAX_PLY];
} StrengthRelay;
/* Readies r for one search (root_player moving at its root) and returns the report to give
 * the search in place of next; r must live until the bestmove. */
SearchReport strength_relay(StrengthRelay *r, const SearchReport *next, const GameOps *g, const StrengthSetting *set,
                            const WdlModel *wdl, uint64_t seed, int root_player, bool ponder_enabled,
                            bool debug);

#endif
