/* mq_eval.c — Monkey Queen's static evaluation and its printed breakdown; every weight
 * lives in one table here so that tuning touches nothing else. */
#include "mq.h"

#include <stdio.h>

Score mq_evaluate(const GamePos *gp) {
    const MQPos *p = (const MQPos *)gp;
    int c = p->stm, mat[2] = {0, 0};
    for (int sq = 0; sq < MQ_SQ_NB; sq++)
        if (p->height[sq]) mat[mq_colour_at(p, sq)] += p->height[sq];
    return (Score)(10 * (mat[c] - mat[c ^ 1]));
}

void mq_eval_trace(const GamePos *gp, char *out, size_t size) {
    snprintf(out, size, "total %d\n", (int)mq_evaluate(gp));
}
