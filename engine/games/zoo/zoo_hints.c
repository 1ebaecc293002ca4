/* zoo_hints.c — what Zoo Contest tells the search beyond the rules: a move that completes
 * the goals at once, whether a decision is owed (a pending retreat, or the opponent about
 * to complete), and the order of noisy moves. */
#include <string.h>

#include "zoo.h"

/* The row where p's pieces earn their flags: the far row, or home for Royal pieces in the
 * long game. */
static inline int goal_rank(const ZooPos *p, int pl) {
    return p->st.longgame ? home_rank(p, pl) : far_rank(p, pl);
}

/* A move of the player who decides that gives him his last flag. Only when exactly one
 * flag is missing (a ply that sets two is a rare chain; the search finds it anyway), and
 * only moves that land on the goal row or invade (whose chain may move one's monkey). */
Move zoo_winning_move(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    int pl = p->st.side, missing = 7 & ~(p->st.goals >> (3 * pl));
    if (missing & (missing - 1) || !missing) return MOVE_NONE;
    Move list[MAX_MOVES];
    int n = zoo_gen(gp, list, GEN_ALL), goal = goal_rank(p, pl);
    for (int i = 0; i < n; i++) {
        Move m = list[i];
        int kind = mv_kind(m);
        bool piece_ok = (missing == 1 && (kind == MK_ELEPHANT || kind == MK_ERETREAT)) ||
                        (missing == 2 && (kind == MK_MONKEY || kind == MK_MRETREAT)) ||
                        (missing == 4 && kind == MK_MOUSE);
        if (!(piece_ok && zoo_rank(mv_to(m)) == goal) && !(missing == 2 && zoo_is_noisy(gp, m))) continue;
        GamePos q; /* only the module's bytes are copied */
        memcpy(&q, gp, sizeof(ZooPos));
        GameUndo u;
        zoo_make(&q, m, &u);
        if (complete((const ZooPos *)&q, pl)) return m;
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
