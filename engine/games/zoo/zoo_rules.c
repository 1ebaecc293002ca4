/* zoo_rules.c — the rules that several parts of the module ask: the choices of a forced
 * retreat (elephant and monkey) as the board gives them, and the end of the game and why. */
#include "zoo.h"

#include <stdio.h>

int zoo_elephant_choices(const ZooPos *p, int owner, int x, uint8_t *out, int *decider) {
    int n = 0, attacker = owner ^ 1;
    /* Way 2: the legal adjacent squares (way 1, straight away, is one of them and is
     * taken before any choice is offered: see zoo_make.c). */
    for (int d = 0; d < 8; d++) {
        int y = x + ZOO_STEP[d];
        if (zoo_on(p, y) && elephant_may_enter(p->cell[y], owner)) out[n++] = (uint8_t)y;
    }
    *decider = owner;
    if (n) return n;
    /* Way 3: the owner removes one of his own mice; way 4: the attacker one of his. */
    for (int way = 3; way <= 4 && !n; way++) {
        int remover = way == 3 ? owner : attacker;
        for (int d = 0; d < 8; d++) {
            int y = x + ZOO_STEP[d];
            if (zoo_on(p, y) && removable_for(p->cell[y], remover, owner)) out[n++] = (uint8_t)y;
        }
        *decider = remover;
    }
    return n;
}

int zoo_monkey_choices(const ZooPos *p, int owner, int m, uint8_t *out) {
    int e = p->st.esq[owner ^ 1];
    /* The shortest length that has a square at distance >= 2 from the enemy elephant, the
     * line never passing over that elephant. */
    for (int len = 1; len <= 3; len++) {
        int n = 0;
        for (int d = 0; d < 8; d++) {
            int sq = m;
            bool ok = true;
            for (int k = 1; k <= len && ok; k++) {
                sq += ZOO_STEP[d];
                ok = zoo_on(p, sq) && (k == len || sq != e);
            }
            if (ok && zoo_dist(sq, e) >= 2) out[n++] = (uint8_t)sq;
        }
        if (n) return n;
    }
    return 0;
}

Outcome zoo_terminal(const GamePos *gp) {
    const ZooPos *p = (const ZooPos *)gp;
    bool c0 = complete(p, 0), c1 = complete(p, 1);
    /* Both at once never happens in play (the rules file shows why) and is refused in
     * position strings; player 1 first keeps the answer defined all the same. */
    if (c0 || c1) return (c0 ? 0 : 1) == p->st.side ? OUTCOME_WIN : OUTCOME_LOSS;
    if (p->st.limit && p->st.noprog >= p->st.limit) return OUTCOME_DRAW;
    return OUTCOME_ONGOING;
}

/* Why a finished game ended, as zoo_terminal decides it: the three goals (short game: on
 * the far row; long game: Royal pieces back on the home row), then the counter. */
void zoo_end_reason(const GamePos *gp, char *out) {
    const ZooPos *p = (const ZooPos *)gp;
    out[0] = '\0';
    if (complete(p, 0) || complete(p, 1))
        snprintf(out, REASON_STR_MAX, "player %d completed its three goals: %s", complete(p, 0) ? 1 : 2,
                 p->st.longgame ? "a Royal elephant, monkey and mouse on its home row"
                                : "elephant, monkey and a mouse on the far row");
    else if (p->st.limit && p->st.noprog >= p->st.limit)
        snprintf(out, REASON_STR_MAX, "%d plies without a goal, Royal or fling", (int)p->st.noprog);
}
