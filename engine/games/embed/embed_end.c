/* embed_end.c — how an Embed position stands: the end rules 1-5 of the rules file, in
 * their order, from the position alone (repetition, rule 6, is the core's), and why. */
#include "embed.h"

#include <stdio.h>

/* The first of rules 1-5 that holds (0: none), and the player whose boss it concerns. S is
 * the player to move, M the one who just moved. */
static int end_rule(const EmPos *p, int *boss) {
    int s = p->stm, m = s ^ 1;
    if (bb_bit(p->boss[m]) & em_goal_row(m)) return *boss = m, 1; /* M's boss arrived */
    if (bb_bit(p->boss[s]) & em_goal_row(s)) return *boss = s, 2; /* only in strings */
    if (em_embedded(p, s)) return *boss = s, 3;
    if (em_embedded(p, m)) return *boss = m, 4;                    /* only in strings */
    if (p->limit && p->noprogress >= p->limit) return *boss = s, 5; /* [added] */
    return 0;
}

/* The outcome is S's: M wins by rules 1 and 3, S by 2 and 4, rule 5 draws. */
Outcome em_terminal(const GamePos *gp) {
    static const Outcome BY_RULE[] = {OUTCOME_ONGOING, OUTCOME_LOSS, OUTCOME_WIN, OUTCOME_LOSS, OUTCOME_WIN, OUTCOME_DRAW};
    int boss;
    return BY_RULE[end_rule((const EmPos *)gp, &boss)];
}

/* A position that is not over always has a move (rules file, End of the game), so a
 * player without moves is in a position that is over: its outcome is the end rule's. */
Outcome em_no_moves_outcome(const GamePos *gp) {
    Outcome o = em_terminal(gp);
    return o != OUTCOME_ONGOING ? o : OUTCOME_LOSS;
}

/* The rule in words, the bosses named by their colours (Red is player 1). */
void em_end_reason(const GamePos *gp, char *out) {
    const EmPos *p = (const EmPos *)gp;
    int boss = 0, rule = end_rule(p, &boss);
    const char *who = boss == EM_P1 ? "Red" : "Black", *other = boss == EM_P1 ? "Black" : "Red";
    out[0] = '\0';
    if (rule == 1 || rule == 2) snprintf(out, REASON_STR_MAX, "%s's boss reached %s's home row", who, other);
    else if (rule == 3 || rule == 4) snprintf(out, REASON_STR_MAX, "%s's boss fully embedded", who);
    else if (rule == 5) snprintf(out, REASON_STR_MAX, "%d plies without a capture", (int)p->noprogress);
}
