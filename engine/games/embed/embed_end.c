/* embed_end.c — how an Embed position stands: the end rules 1-5 of the rules file, in
 * their order, from the position alone (repetition, rule 6, is the core's). */
#include "embed.h"

/* S is the player to move, M the one who just moved; the outcome is S's. */
Outcome em_terminal(const GamePos *gp) {
    const EmPos *p = (const EmPos *)gp;
    int s = p->stm, m = s ^ 1;
    if (bb_bit(p->boss[m]) & em_goal_row(m)) return OUTCOME_LOSS; /* 1: M's boss arrived */
    if (bb_bit(p->boss[s]) & em_goal_row(s)) return OUTCOME_WIN;  /* 2: only in strings */
    if (em_embedded(p, s)) return OUTCOME_LOSS;                    /* 3 */
    if (em_embedded(p, m)) return OUTCOME_WIN;                     /* 4: only in strings */
    if (p->limit && p->noprogress >= p->limit) return OUTCOME_DRAW; /* 5 [added] */
    return OUTCOME_ONGOING;
}

/* A position that is not over always has a move (rules file, End of the game), so a
 * player without moves is in a position that is over: its outcome is the end rule's. */
Outcome em_no_moves_outcome(const GamePos *gp) {
    Outcome o = em_terminal(gp);
    return o != OUTCOME_ONGOING ? o : OUTCOME_LOSS;
}
