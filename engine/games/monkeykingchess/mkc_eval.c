/* mkc_eval.c — Monkey King Chess's static evaluation, from the view of the player deciding:
 * material, hands, tokens, the Pilgrim's progress and freedom, Blue's flip chances, the
 * endgame judgements (Blue running out of moves, Blue caging the Pilgrim) and the trace. */
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
/* The Goblin King on Red's half while Red holds disks to drop: a drop beside it attacks it,
 * a Celestial dropped on its line holds it there, and lost it takes Blue's every chance to
 * win (below). Every King lost against the reference players was lost there. */
static const int GOBLIN_EXPOSED = 80;
/* The Pilgrim's rank (0-based): from rank 8 it leaves on Red's next decision. */
static const int PILGRIM_RANK[8] = {0, 15, 40, 80, 140, 230, 380, 700};
/* Per free square around the Pilgrim (empty, not attacked by Blue). */
static const int PILGRIM_FREE = 12;


/* Where attack_from is reused: the squares from which face f would take on sq. */
static Bb reach_from(int sq, int f, Bb occ) {
    switch (f) {
    case BN: return mkc_knight[sq];
    case BG: return mkc_ferz[sq];
    case BH: return mkc_hero[RED][sq];
    case BL: return ray_attack(DIR_N, sq, occ);
    case BC: return rook_attack(sq, occ);
    default: return 0;
    }
}

/* Blue wins by taking the Pilgrim with a flip move: a disk on a river square turning to
 * a face that reaches the Pilgrim. Counted: such disks in place (a threat now), and disks
 * one step or one drop away from such a square. No flips without the Goblin King. */
enum { CHANCE_NOW = 60, CHANCE_NEAR = 20 };
static int capture_chances(const MKCPos *p, int k, Bb occ, Bb immob, int *now_out, int *near_out) {
    static const uint8_t pairs[][2] = {{BL, BH}, {BN, BG}, {BG, BN}, {BC, BX}, {BH, BL}}; /* new face, shown */
    *now_out = *near_out = 0;
    if (!p->bb[BK]) return 0;
    Bb rivers = p->river[RED] | p->river[BLUE], free_blue = p->occ[BLUE] & ~immob;
    int now = 0, near = 0;
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int nf = pairs[i][0], shown = pairs[i][1];
        Bb sq = reach_from(k, nf, occ) & rivers;
        if (!sq) continue;
        now += bb_popcount(sq & p->bb[shown] & free_blue);
        for (Bb b = sq & ~p->occ[BLUE]; b;) {
            int s = bb_pop_lsb(&b);
            if (reach_from(s, shown, occ) & p->bb[shown] & free_blue) near++;
            else if (!(bb_bit(s) & occ) && (bb_bit(s) & MKC_BLUE_HALF) && MKC_FRONT[BLUE][MKC_FACE[shown].disk] == shown &&
                     p->hand[BLUE][MKC_FACE[shown].disk])
                near++;
        }
    }
    *now_out = now, *near_out = near;
    return CHANCE_NOW * now + CHANCE_NEAR * near;
}

/* Blue pieces that can never move again (a pawn or a Lancer on rank 1, a Mountain off the
 * river or without the Goblin King) or cannot now (held by the Celestial). */
static Bb blue_stuck(const MKCPos *p, Bb immob) {
    Bb rivers = p->river[RED] | p->river[BLUE];
    Bb mountains = p->bb[BK] ? p->bb[BX] & ~rivers : p->bb[BX];
    return ((p->bb[BP] | p->bb[BL]) & 0x1FULL & ~rivers) | mountains | immob;
}

/* A side's disks whose moves run out: pawns, and Lancers (they only slide forward) unless
 * on a river square or a cloud, from where a flier shuttles between river and cloud. */
static Bb running_out(const MKCPos *p, int side) {
    Bb lancers = p->bb[side == BLUE ? BL : RL] & ~(p->river[RED] | p->river[BLUE] | MKC_CLOUDS);
    return p->bb[side == BLUE ? BP : RP] | lancers;
}

/* Red's pieces that are no spares: the Pilgrim, and those that can never move again (a pawn
 * or a Lancer on rank 8, a Mountain off the river or while the Pilgrim is off the board:
 * Red flips only with it on the board). */
static Bb red_stuck(const MKCPos *p) {
    Bb rivers = p->river[RED] | p->river[BLUE];
    Bb mountains = p->bb[RK] ? p->bb[RX] & ~rivers : p->bb[RX];
    return ((p->bb[RP] | p->bb[RL]) & MKC_RANK8 & ~rivers) | mountains | p->bb[RK];
}

void mkc_counts(const MKCPos *p, MKCTerms *t) {
    t->progress = t->freedom = t->chances = t->chances_now = t->chances_near = 0;
    Bb occ = mkc_occ(p), immob = mkc_immobilized(p, occ);
    t->immob = immob;
    Bb movers = p->occ[BLUE] & ~blue_stuck(p, immob), running = movers & running_out(p, BLUE);
    t->blue_units = bb_popcount(movers);
    t->blue_lasting = bb_popcount(movers & ~running);
    t->blue_supply = 0;
    /* a pawn steps down one rank a move; a Lancer slides, most often further than one */
    for (Bb b = running & p->bb[BP]; b;) t->blue_supply += sq_rank(bb_pop_lsb(&b));
    for (Bb b = running & p->bb[BL]; b;) t->blue_supply += (sq_rank(bb_pop_lsb(&b)) + 1) / 2;
    for (int d = 0; d < D_NB; d++) {
        t->blue_units += p->hand[BLUE][d];
        if (d != D_PAWN) t->blue_lasting += p->hand[BLUE][d];
    }
    t->blue_supply += 5 * p->hand[BLUE][D_PAWN]; /* a drop on rank 5, then four steps */
    /* The same count for Red's pieces but the Pilgrim (Blue has no immobilizer) */
    Bb red_movers = p->occ[RED] & ~red_stuck(p);
    Bb red_running = red_movers & running_out(p, RED);
    t->red_units = bb_popcount(red_movers);
    t->red_lasting = bb_popcount(red_movers & ~red_running);
    t->red_supply = 0;
    for (Bb b = red_running & p->bb[RP]; b;) t->red_supply += 7 - sq_rank(bb_pop_lsb(&b));
    for (Bb b = red_running & p->bb[RL]; b;) t->red_supply += (8 - sq_rank(bb_pop_lsb(&b))) / 2;
    t->red_in_hand = 0;
    for (int d = 0; d < D_NB; d++)
        if (d != D_KING) t->red_in_hand += p->hand[RED][d];
    t->red_units += t->red_in_hand;
    t->red_lasting += t->red_in_hand;
    int k = mkc_pilgrim(p);
    t->exit_distance = k >= 0 ? 8 - sq_rank(k) : p->hand[RED][D_KING] ? 6 : 0;
    t->cage = 0;
    t->red_celestial = bb_popcount(p->bb[RC]) + p->hand[RED][D_CEL];
    if (k >= 0) {
        Bb att = mkc_blue_attacks(p, occ ^ bb_bit(k), immob);
        t->progress = PILGRIM_RANK[sq_rank(k)];
        t->chances = capture_chances(p, k, occ, immob, &t->chances_now, &t->chances_near);
        int free = bb_popcount(mkc_king[k] & ~occ & ~att);
        t->freedom = PILGRIM_FREE * free;
        t->cage = 8 - free;
    }
}

void mkc_terms(const MKCPos *p, MKCTerms *t) {
    t->material[BLUE] = t->material[RED] = t->hand[BLUE] = t->hand[RED] = 0;
    for (int f = 1; f < F_NB; f++)
        if (f != BK) t->material[MKC_FACE[f].side] += FACE_VALUE[f] * bb_popcount(p->bb[f]);
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++)
            if (d != D_KING) t->hand[s] += HAND_VALUE[d] * p->hand[s][d];
    t->goblin_king = FACE_VALUE[BK] * bb_popcount(p->bb[BK]) + HAND_VALUE[D_KING] * p->hand[BLUE][D_KING];
    /* Red's hand counts every disk but the Pilgrim, so it is 0 exactly when Red cannot drop */
    if ((p->bb[BK] & MKC_RED_HALF) && t->hand[RED]) t->goblin_king -= GOBLIN_EXPOSED;
    t->tokens = TOKEN_VALUE * p->tokens;
    mkc_counts(p, t);
}

static int red_minus_blue(const MKCTerms *t) {
    return t->material[RED] + t->hand[RED] + t->tokens + t->progress + t->freedom - t->material[BLUE] - t->hand[BLUE];
}

/* Blue wins only by taking the Pilgrim with a flip move (a mate is all but forbidden by
 * the stalemate rule), and flips need its Goblin King: otherwise its best is a draw. So
 * Red's edge x counts as it is, but a Blue edge only shrinks Red's prospects toward
 * nothing, never below: prospects(x) = x + T above zero, T^2 / (T - x) below (smooth,
 * slope 1 at zero, 0 far below). The Goblin King stays out of x and is subtracted whole:
 * compressed with the rest, a far-ahead Blue would give it away for nothing and with it
 * every chance to win (all draws left against random and greedy players were that). A
 * Blue lead without the King is worth less than a draw, and such dead positions end by
 * repetition or the no-progress counter (flips do not reset it). */
#define PROSPECT_T 100
static int prospects(int x) { return x >= 0 ? x + PROSPECT_T : PROSPECT_T * PROSPECT_T / (PROSPECT_T - x); }

/* A side with fewer than three pieces that may still move can be left without one: the
 * other side's edge is scaled down with their count. */
static int few_units(int v, int units) { return units >= 3 ? v : v * (units + 1) / 4; }

/* A Blue side left without a move makes every Red move illegal (the stalemate rule) and
 * the game a draw: Red's prospects shrink as Blue runs out of pieces that can move. */
static int stalemate_guard(int v, const MKCTerms *t) {
    if (v <= 0) return v;
    /* Only pawns and Lancers left: Blue's moves run out after their steps and drops, and the
     * game is drawn then unless the Pilgrim has left: Red's edge shrinks with its lead in
     * that race. */
    if (t->blue_lasting == 0) {
        int lead = t->blue_supply - t->exit_distance;
        if (lead < 6) return lead < 0 ? v / 8 : v * (lead + 2) / 8;
    }
    /* One Blue piece whose moves never run out keeps Blue moving while Red leaves it be (Red
     * taking it is the race above); counted by all pieces, a pawn blocked by the Pilgrim
     * weighed more than the Pilgrim's progress and froze it for 700 plies */
    if (t->blue_lasting >= 1) return v;
    return few_units(v, t->blue_units);
}

/* With few pieces left, Red's lasting ones count only if they can move now: a Celestial
 * beside the Pilgrim in a corner, holding the Blue pieces that would attack it, is pinned
 * there for good (every draw left with Simia as Blue in 1000 games was that fortress).
 * Red's legal moves are listed as if Red decided now: rare, only in such endgames. */
static int red_lasting_now(const MKCPos *p, const MKCTerms *t) {
    int k = mkc_pilgrim(p);
    if (t->red_lasting == 0 || k < 0) return t->red_lasting;
    GamePos g;
    MKCPos *q = (MKCPos *)&g;
    *q = *p;
    q->stm = RED, q->extra = 0, q->np = 0;
    Move list[MAX_MOVES];
    int n = mkc_gen(&g, list, GEN_ALL), drops = 0;
    Bb moving = 0;
    for (int i = 0; i < n; i++) {
        if (mv_kind(list[i]) == K_DROP) drops = 1;
        else if (mv_from(list[i]) != k) moving |= bb_bit(mv_from(list[i]));
    }
    return bb_popcount(moving & ~running_out(p, RED)) + (drops ? t->red_in_hand : 0);
}

/* The stalemate rule binds Blue's winning move too: taking the Pilgrim with a flip move is
 * illegal when Red has no other regular move afterwards, and so is a mate. Against a lone
 * Pilgrim (Mountains aside) Blue cannot win at all: Blue's edge shrinks as Red's pieces that
 * can still move run out (pawns and Lancers march to rank 8; Blue taking the last ones). */
static int spare_guard(int v, const MKCTerms *t, const MKCPos *p) {
    if (v >= 0) return v;
    int lasting = t->red_units >= 3 ? t->red_lasting : red_lasting_now(p, t);
    if (lasting == 0) return t->red_supply >= 6 ? v : t->red_supply == 0 ? v / 8 : v * (t->red_supply + 2) / 8;
    return few_units(v, t->red_units);
}

/* A Blue lead well past material parity counts for little in prospects (above); what
 * turns it into a win is taking the Pilgrim, so Blue (with its Goblin King, without which
 * it cannot flip) is paid for closing the Pilgrim in: without this its search sees no
 * difference between quiet moves and repeats the position for a draw. (Red's edge x leaves
 * the Goblin King out: -300 here is -600 counting it, where mop-up always began.) */
enum { MOP_FROM = -300, MOP_CAGE = 15, MOP_NO_CELESTIAL = 60 };
static int mop_up(const MKCTerms *t, int x) {
    return x < MOP_FROM && t->goblin_king ? MOP_CAGE * t->cage + (t->red_celestial ? 0 : MOP_NO_CELESTIAL) : 0;
}

static int red_view(const MKCPos *p, const MKCTerms *t, int x) {
    int v = stalemate_guard(prospects(x) - t->goblin_king, t) - t->chances - mop_up(t, x);
    return spare_guard(v, t, p);
}

Score mkc_evaluate(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_terms(p, &t);
    int v = red_view(p, &t, red_minus_blue(&t));
    return (Score)(p->stm == RED ? v : -v);
}

void mkc_eval_trace(const GamePos *gp, char *out, size_t size) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_terms(p, &t);
    int x = red_minus_blue(&t);
    snprintf(out, size,
             "term             Blue   Red\n"
             "material        %5d %5d\n"
             "goblin king     %5d     -\n"
             "hand            %5d %5d\n"
             "tokens              - %5d\n"
             "pilgrim rank        - %5d\n"
             "pilgrim freedom     - %5d\n"
             "capture chances %5d     -\n"
             "Red's edge (without the goblin king) %d, its prospects %d\n"
             "stalemate guard on prospects minus goblin king: Blue units %d (lasting %d, pawn steps and "
             "drops %d), the Pilgrim %d moves from leaving: %d\n"
             "mop-up (Blue far ahead): cage %d of 8 squares, %d\n"
             "spare guard on a Blue edge: Red units but the Pilgrim %d (lasting %d, %d of them moving "
             "now; pawn and Lancer moves %d)\n"
             "Red's view %d\n"
             "Total (for the player deciding, %s): %d\n",
             t.material[BLUE], t.material[RED], t.goblin_king, t.hand[BLUE], t.hand[RED], t.tokens, t.progress, t.freedom,
             t.chances, x, prospects(x), t.blue_units, t.blue_lasting, t.blue_supply, t.exit_distance,
             stalemate_guard(prospects(x) - t.goblin_king, &t), t.cage, mop_up(&t, x), t.red_units, t.red_lasting,
             red_lasting_now(p, &t), t.red_supply, red_view(p, &t, x), p->stm == BLUE ? "Blue" : "Red",
             (int)mkc_evaluate(gp));
}
