/* linear.c — the kit's printed breakdown of a linear evaluation (see linear.h): one table
 * layout for every game's `eval`, summed exactly as kit_eval sums. */
#include "linear.h"

#include <stdio.h>
#include <string.h>

static const char *const PLAYERS[2] = {"player 1", "player 2"};

size_t kit_eval_trace(const KitEval *e, const int *mine, const int *theirs, int mover,
                      const char *const *names, char *out, size_t size, size_t n) {
    if (!names) names = PLAYERS;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    int w = 5; /* the name column fits "tempo" and every term's name */
    for (int t = 0; t < e->n; t++)
        if ((int)strlen(e->terms[t].name) > w) w = (int)strlen(e->terms[t].name);
    PUT("%-*s %7s %9s %9s %7s\n", w, "term", "weight", names[mover], names[mover ^ 1], "score");
    int total = e->tempo;
    for (int t = 0; t < e->n; t++) {
        int v = e->terms[t].weight * (mine[t] - theirs[t]);
        total += v;
        PUT("%-*s %7d %9d %9d %7d\n", w, e->terms[t].name, e->terms[t].weight, mine[t], theirs[t], v);
    }
    PUT("%-*s %7d %9s %9s %7d\n", w, "tempo", e->tempo, "", "", e->tempo);
    PUT("total %d (for %s, to move)\n", total, names[mover]);
#undef PUT
    return n;
}
