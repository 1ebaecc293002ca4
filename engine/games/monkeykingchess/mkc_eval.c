/* mkc_eval.c — Monkey King Chess's static evaluation, from the view of the player deciding:
 * material by face on the board and by disk in hand, Fists tokens, and its trace. */
#include <stdio.h>

#include "mkc.h"

/* Values by face (centi-units). Mountains count nothing: they never move and never die. */
static const int FACE_VALUE[F_NB] = {
    [BP] = 100, [BS] = 130, [BN] = 300, [BG] = 260, [BH] = 250, [BL] = 230, [BK] = 350, [BC] = 500,
    [RP] = 100, [RM] = 260, [RN] = 300, [RL] = 230, [RH] = 250, [RK] = 0,   [RC] = 450,
};
/* A disk in hand can go to any empty square of its half: worth a little more than its
 * front face on the board. */
static const int HAND_VALUE[D_NB] = {[D_PAWN] = 110, [D_KNIGHT] = 320, [D_HERO] = 270, [D_KING] = 350,
                                     [D_CEL] = 520};
static const int TOKEN_VALUE = 200;

typedef struct {
    int material[2], hand[2], tokens;
} Terms;

static void terms(const MKCPos *p, Terms *t) {
    t->material[BLUE] = t->material[RED] = t->hand[BLUE] = t->hand[RED] = 0;
    for (int f = 1; f < F_NB; f++) t->material[MKC_FACE[f].side] += FACE_VALUE[f] * popcount(p->bb[f]);
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++)
            if (!(s == RED && d == D_KING)) t->hand[s] += HAND_VALUE[d] * p->hand[s][d];
    t->tokens = TOKEN_VALUE * p->tokens;
}

Score mkc_evaluate(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    Terms t;
    terms(p, &t);
    int blue = t.material[BLUE] + t.hand[BLUE];
    int red = t.material[RED] + t.hand[RED] + t.tokens;
    return (Score)(p->stm == BLUE ? blue - red : red - blue);
}

void mkc_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MKCPos *p = (const MKCPos *)gp;
    Terms t;
    terms(p, &t);
    snprintf(out, size,
             "term        Blue   Red\n"
             "material   %5d %5d\n"
             "hand       %5d %5d\n"
             "tokens         - %5d\n"
             "Total (for the player deciding, %s): %d\n",
             t.material[BLUE], t.material[RED], t.hand[BLUE], t.hand[RED], t.tokens, p->stm == BLUE ? "Blue" : "Red",
             (int)mkc_evaluate(gp));
}
