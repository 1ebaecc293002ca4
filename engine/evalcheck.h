/* evalcheck.h — the evaluation-check build (CMake option SIMIA_EVAL_CHECK): every static
 * evaluation the search uses, compared with one worked out from scratch; elsewhere nothing. */
#ifndef SIMIA_EVALCHECK_H
#define SIMIA_EVALCHECK_H

#include "game.h"

struct NnueNet;

/* Where an evaluation the search uses came from: evaluate() working it out (the net's
 * accumulators brought up to date along the line, or the game's own), the thread's cache by
 * key, the table's kept evaluation, or the root's net evaluation (which starts the line). */
typedef enum { EVALCHECK_FRESH, EVALCHECK_CACHE, EVALCHECK_TABLE, EVALCHECK_ROOT, EVALCHECK_PATHS } EvalCheckPath;

#ifdef SIMIA_EVAL_CHECK
/* got, when it is what pos evaluates to from scratch (the net's accumulators refreshed from
 * the whole feature lists, or the game's evaluate), short of a forced win's scores as the
 * search clamps them; otherwise one line on stderr (game, position, both values, the path)
 * and abort. SIMIA_EVAL_CHECK_PERTURB=<path> in the environment (evaluate, cache, table,
 * root or null) makes the first evaluation of that path compare one more than it used, so
 * that a test can see the check fire (tests/run.sh). */
Score evalcheck(const GameOps *g, const struct NnueNet *net, const GamePos *pos, Score got, EvalCheckPath path);
/* The position of key k was reached by a null move (a pass): its evaluation is said to be
 * one "after a null move". */
void evalcheck_passed(Key k);
#define EVALCHECKED(g, net, pos, s, path) evalcheck((g), (net), (pos), (s), (path))
#define EVALCHECK_PASSED(k) evalcheck_passed(k)
#else
/* The normal build: the value itself and nothing else, so its code does not change. */
#define EVALCHECKED(g, net, pos, s, path) (s)
#define EVALCHECK_PASSED(k) ((void)0)
#endif

#endif
