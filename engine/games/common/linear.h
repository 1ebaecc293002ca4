/* linear.h — the kit's linear evaluation: a game's weighted terms declared once, scored
 * by one inline sum (hot) and printed by one trace (`eval`) that adds up to the same. */
#ifndef SIMIA_KIT_LINEAR_H
#define SIMIA_KIT_LINEAR_H

#include <stddef.h>

/* One term: its name for people and its weight per count. */
typedef struct {
    const char *name;
    int weight;
} KitTerm;

/* A game's evaluation: n terms, and the tempo given to the side to move. */
typedef struct {
    const KitTerm *terms;
    int n, tempo;
} KitEval;

/* The score for the side to move: tempo + sum of weight * (mine - theirs), where mine[t]
 * and theirs[t] are term t's counts for the side to move and for the other side. */
static inline int kit_eval(const KitEval *e, const int *mine, const int *theirs) {
    int s = e->tempo;
    for (int t = 0; t < e->n; t++) s += e->terms[t].weight * (mine[t] - theirs[t]);
    return s;
}

/* Appends to out (size bytes, n already written) the table of every term, the tempo and
 * a last line "total S (for NAME, to move)" with S == kit_eval; returns the new length
 * (as snprintf, possibly more than size). mover (0 or 1) is the side to move; names, by
 * side, what the columns are called (NULL: "player 1" and "player 2"). */
size_t kit_eval_trace(const KitEval *e, const int *mine, const int *theirs, int mover,
                      const char *const *names, char *out, size_t size, size_t n);

#endif
