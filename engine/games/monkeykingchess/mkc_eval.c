/* mkc_eval.c — Monkey King Chess's static evaluation, from the view of the player deciding:
 * material by face on the board and by disk in hand, Fists tokens, the Pilgrim's progress
 * toward rank 8 and its free squares, and its trace for people. */
#include <stdio.h>

#include "mkc.h"

/* Values by face (centi-units). Mountains count nothing: they never move and never die. */
static const int FACE_VALUE[F_NB] = {
    [BP] = 100, [BS] = 120, [BN] = 300, [BG] = 260, [BH] = 230, [BL] = 200, [BK] = 300, [BC] = 500,
    [RP] = 100, [RM] = 260, [RN] = 300, [RL] = 200, [RH] = 230, [RK] = 0,   [RC] = 420,
};
/* A disk in hand goes to any empty square of its half: worth a little more than its front
 * face on the board. */
static const int HAND_VALUE[D_NB] = {[D_PAWN] = 110, [D_KNIGHT] = 320, [D_HERO] = 250, [D_KING] = 320,
                                     [D_CEL] = 520};
static const int TOKEN_VALUE = 180;
/* The Pilgrim's rank (0-based): from rank 8 it leaves on Red's next decision. */
static const int PILGRIM_RANK[8] = {0, 10, 25, 45, 80, 130, 220, 500};
/* Per free square around the Pilgrim (empty, not attacked by Blue). */
static const int PILGRIM_FREE = 12;

typedef struct {
    int material[2], hand[2], tokens, progress, freedom;
} Terms;

static void terms(const MKCPos *p, Terms *t) {
    t->material[BLUE] = t->material[RED] = t->hand[BLUE] = t->hand[RED] = 0;
    for (int f = 1; f < F_NB; f++) t->material[MKC_FACE[f].side] += FACE_VALUE[f] * popcount(p->bb[f]);
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++)
            if (!(s == RED && d == D_KING)) t->hand[s] += HAND_VALUE[d] * p->hand[s][d];
    t->tokens = TOKEN_VALUE * p->tokens;
    t->progress = t->freedom = 0;
    int k = mkc_pilgrim(p);
    if (k >= 0) {
        Bb occ = mkc_occ(p);
        Bb att = mkc_blue_attacks(p, occ ^ bit(k), mkc_immobilized(p, occ));
        t->progress = PILGRIM_RANK[sq_rank(k)];
        t->freedom = PILGRIM_FREE * popcount(mkc_king[k] & ~occ & ~att);
    }
}

static int red_minus_blue(const Terms *t) {
    return t->material[RED] + t->hand[RED] + t->tokens + t->progress + t->freedom - t->material[BLUE] - t->hand[BLUE];
}

/* Blue wins only by taking the Pilgrim (or a mate the stalemate rule all but forbids):
 * otherwise its best is a draw. So Red's edge x counts as it is, but a Blue edge only
 * shrinks Red's prospects toward nothing, never below: prospects(x) = x + T above zero,
 * T^2 / (T - x) below (smooth, slope 1 at zero, 0 far below). A Blue lead of any size is
 * then worth less than a draw, and dead positions end by repetition instead of shuffling
 * flips (each resets the no-progress counter) for ever. */
#define PROSPECT_T 100
static int prospects(int x) { return x >= 0 ? x + PROSPECT_T : PROSPECT_T * PROSPECT_T / (PROSPECT_T - x); }

Score mkc_evaluate(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    Terms t;
    terms(p, &t);
    int v = prospects(red_minus_blue(&t));
    return (Score)(p->stm == RED ? v : -v);
}

void mkc_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MKCPos *p = (const MKCPos *)gp;
    Terms t;
    terms(p, &t);
    snprintf(out, size,
             "term             Blue   Red\n"
             "material        %5d %5d\n"
             "hand            %5d %5d\n"
             "tokens              - %5d\n"
             "pilgrim rank        - %5d\n"
             "pilgrim freedom     - %5d\n"
             "Red's edge %d, its prospects %d\n"
             "Total (for the player deciding, %s): %d\n",
             t.material[BLUE], t.material[RED], t.hand[BLUE], t.hand[RED], t.tokens, t.progress, t.freedom,
             red_minus_blue(&t), prospects(red_minus_blue(&t)), p->stm == BLUE ? "Blue" : "Red",
             (int)mkc_evaluate(gp));
}
