/* evalcheck.c — the evaluation-check build's comparison: an evaluation the search used
 * against the same position's from scratch, one line and an abort when they differ. */
#include "evalcheck.h"

#ifdef SIMIA_EVAL_CHECK

#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nnue/nnue.h"

static const char *const PATH_NAME[EVALCHECK_PATHS] = {"evaluate", "cache", "table", "root"};
enum { PERTURB_NONE = -1, PERTURB_NULL = EVALCHECK_PATHS }; /* the paths, then "null" */

/* SIMIA_EVAL_CHECK_PERTURB, read once; the first evaluation of its path takes the slip. */
static pthread_once_t perturb_once = PTHREAD_ONCE_INIT;
static int perturb_path = PERTURB_NONE;
static atomic_bool perturbed;

static void read_perturb(void) {
    const char *v = getenv("SIMIA_EVAL_CHECK_PERTURB");
    if (!v || !*v) return;
    for (int p = 0; p < EVALCHECK_PATHS; p++)
        if (!strcmp(v, PATH_NAME[p])) perturb_path = p;
    if (!strcmp(v, "null")) perturb_path = PERTURB_NULL;
    if (perturb_path == PERTURB_NONE) {
        fprintf(stderr, "evalcheck: SIMIA_EVAL_CHECK_PERTURB='%s' names no path (evaluate, cache, table, root, null)\n", v);
        exit(2);
    }
}

/* The key of the last position a pass of this thread led to, until it is evaluated (a child
 * that ends without evaluating leaves it for the next pass to replace). */
static _Thread_local Key passed_key;
static _Thread_local bool passed_set;

void evalcheck_passed(Key k) { passed_key = k, passed_set = true; }

static Score clamp(Score s) {
    return s >= SCORE_WIN_MIN ? SCORE_WIN_MIN - 1 : s <= -SCORE_WIN_MIN ? -SCORE_WIN_MIN + 1 : s;
}

Score evalcheck(const GameOps *g, const NnueNet *net, const GamePos *pos, Score got, EvalCheckPath path) {
    pthread_once(&perturb_once, read_perturb);
    bool after_pass = passed_set && g->key(pos) == passed_key;
    if (after_pass) passed_set = false;
    Score used = got;
    int slip = after_pass && perturb_path == PERTURB_NULL ? PERTURB_NULL : (int)path;
    bool slipped = slip == perturb_path && !atomic_exchange(&perturbed, true);
    used += slipped;
    /* The scalar kernel refreshing both views from the whole lists: nothing of the search's
     * incremental path (records, position features kept, vector kernel) takes part. */
    Score want = clamp(net ? nnue_evaluate_fresh(net, g, pos, NNUE_KERNEL_SCALAR) : g->evaluate(pos));
    if (used == want) return got;
    char text[POS_STR_MAX];
    g->print_pos(pos, text);
    fprintf(stderr, "evalcheck: %s: %s%s (%s): the search used %d%s, from scratch %d, in %s\n", g->name,
            PATH_NAME[path], after_pass ? " after a null move" : "", net ? "net" : "hand-written", used,
            slipped ? " (perturbed by SIMIA_EVAL_CHECK_PERTURB)" : "", want, text);
    fflush(stderr);
    abort();
}

#endif
