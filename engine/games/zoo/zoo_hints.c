/* zoo_hints.c — what Zoo Contest tells the search beyond the rules: a move that completes
 * the goals at once, whether a decision is owed (a pending retreat, or the opponent about
 * to complete), and the order of noisy moves. */
#include <string.h>

#include "zoo.h"

/* The row where p's pieces earn their flags: the far row, or home for Royal pieces in the
 * long game. */
static inline int absi(int x) { return x < 0 ? -x : x; }

static inline int goal_rank(const ZooPos *p, int pl) {
    return p->st.longgame ? home_rank(p, pl) : far_rank(p, pl);
}

/* Whether move m gives pl all three flags. */
static bool completes(const GamePos *gp, Move m, int pl) {
    GamePos q; /* only the module's bytes are copied */
    memcpy(&q, gp, sizeof(ZooPos));
    GameUndo u;
    zoo_make(&q, m, &u);
    return complete((const ZooPos *)&q, pl);
}

/* A move of the player who decides that gives him his last flag, looked for only where it
 * can be: when exactly one flag is missing, among the moves of the piece that lacks it,
 * and only if that piece stands within one move of its goal row (a ply that sets two flags,
 * or a flag by a chain of retreats, is left to the search). */
Move zoo_winning_move(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    const ZooState *s = &p->st;
    int pl = s->side, missing = 7 & ~(s->goals >> (3 * pl));
    if (missing & (missing - 1) || !missing) return MOVE_NONE;
    Move list[MAX_MOVES];
    int n, goal = goal_rank(p, pl);
    if (s->pend) {
        n = zoo_gen(gp, list, GEN_ALL);
        for (int i = 0; i < n; i++)
            if (zoo_rank(mv_to(list[i])) == goal && completes(gp, list[i], pl)) return list[i];
        return MOVE_NONE;
    }
    int kind = missing == 1 ? K_ELEPHANT : missing == 2 ? K_MONKEY : K_MOUSE, reach = kind == K_MONKEY ? 2 : 1;
    for (int slot = 0; slot < (kind == K_MOUSE ? 4 : 1); slot++) {
        int sq = kind == K_ELEPHANT ? s->esq[pl] : kind == K_MONKEY ? s->msq[pl] : s->mice[pl][slot];
        if (sq == ZOO_NO_SQ || absi(zoo_rank(sq) - goal) > reach) continue;
        if (s->longgame) { /* only a Royal piece earns a flag at home */
            bool royal = kind == K_ELEPHANT ? royal_e(p, pl) : kind == K_MONKEY ? royal_m(p, pl) : (p->cell[sq] & C_T(pl));
            if (!royal) continue;
        }
        n = zoo_gen_piece(gp, list, kind, slot);
        for (int i = 0; i < n; i++)
            if (zoo_rank(mv_to(list[i])) == goal && completes(gp, list[i], pl)) return list[i];
    }
    return MOVE_NONE;
}

/* A decision is owed while a retreat is pending; and the player who decides is "in check"
 * when the opponent, were it his turn, could complete his goals at once. */
bool zoo_in_check(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    if (p->st.pend) return true;
    int opp = p->st.side ^ 1, missing = 7 & ~(p->st.goals >> (3 * opp));
    if (missing & (missing - 1) || !missing) return false;
    GamePos q;
    memcpy(&q, gp, sizeof(ZooPos));
    ZooPos *z = (ZooPos *)&q;
    z->st.side = (uint8_t)opp;
    return zoo_winning_move(&q) != MOVE_NONE;
}

/* A fling first (the mouse nearer its goal first), then invasions; retreats last. */
int zoo_noisy_value(const GamePos *gp, Move m) {
    const ZooPos *p = (const ZooPos *)gp;
    int q = p->st.side ^ 1, kind = mv_kind(m), to = mv_to(m);
    if (kind == MK_MONKEY && (p->cell[to] & C_S(q))) {
        int togo = zoo_rank(to) - far_rank(p, q);
        return 100 - (togo < 0 ? -togo : togo);
    }
    if (kind == MK_MOUSE || kind == MK_DROP) return 50;
    return 0;
}
