/* dt_movegen.c — Dragons Teeth's moves: listing (all / noisy / quiet), counting, the k-th
 * move, the legality test of any 32-bit value, and the wins in one (hot: see KIT_HOT in common/hot.h). */
#include "dt.h"

/* Moves of the tooth on from (strength s) in the order gen_moves(GEN_ALL) lists them:
 * destinations by square (eliminations and plain moves mixed), then its exit. */
static inline Bb destinations(const DTPos *p, const Targets *t, int from, int s, Bb occ) {
    return dt_queen(from, occ) & (~occ | (p->occ[p->stm ^ 1] & dt_eliminations(t, from, s)));
}

/* Whether the player to move has a move other than the pass. */
static inline bool has_move(const DTPos *p, const Targets *t, Bb occ) {
    for (Bb b = p->occ[p->stm]; b;) {
        int from = bb_pop_lsb(&b);
        if (destinations(p, t, from, p->str[from], occ) || dt_can_exit(p, p->stm, from)) return true;
    }
    return false;
}

int KIT_HOT(dt_gen)(const GamePos *gp, Move *list, GenKind kind) {
    const DTPos *p = (const DTPos *)gp;
    if (dt_terminal_of(p) != OUTCOME_ONGOING) return 0;
    int me = p->stm, n = 0;
    Bb occ = p->occ[0] | p->occ[1], enemy = p->occ[me ^ 1];
    Targets t = dt_targets(p, me);
    /* plain moves are quiet; eliminations and exits are noisy or quiet by the switches */
    bool all = kind == GEN_ALL, noisy = kind == GEN_NOISY;
    Bb empty_mask = all || !noisy ? ~(Bb)0 : 0;
    Bb enemy_mask = all || noisy == DT_NOISY_ELIMINATIONS ? ~(Bb)0 : 0;
    bool want_exit = all || noisy == DT_NOISY_EXITS;
    for (Bb b = p->occ[me]; b;) {
        int from = bb_pop_lsb(&b), s = p->str[from];
        Bb att = dt_queen(from, occ);
        Bb to_set = att & ((~occ & empty_mask) | (enemy & enemy_mask & dt_eliminations(&t, from, s)));
        while (to_set) {
            int to = bb_pop_lsb(&to_set);
            list[n++] = p->str[to] ? dt_capture(from, to, s, p->str[to]) : dt_quiet(from, to, s);
        }
        if (want_exit && dt_can_exit(p, me, from)) list[n++] = dt_exit(from, s);
    }
    /* The pass (a quiet move): only when the player has no move of any kind. */
    if (n == 0 && kind != GEN_NOISY && (kind == GEN_ALL || !has_move(p, &t, occ))) list[n++] = DT_MOVE_PASS;
    return n;
}

uint64_t KIT_HOT(dt_count)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    if (dt_terminal_of(p) != OUTCOME_ONGOING) return 0;
    int me = p->stm;
    Bb occ = p->occ[0] | p->occ[1];
    Targets t = dt_targets(p, me);
    uint64_t n = 0;
    for (Bb b = p->occ[me]; b;) {
        int from = bb_pop_lsb(&b);
        n += (uint64_t)bb_popcount(destinations(p, &t, from, p->str[from], occ)) + dt_can_exit(p, me, from);
    }
    return n ? n : 1; /* no move of any kind: the pass */
}

Move KIT_HOT(dt_nth)(const GamePos *gp, uint64_t k) {
    const DTPos *p = (const DTPos *)gp;
    if (dt_terminal_of(p) != OUTCOME_ONGOING) return MOVE_NONE;
    int me = p->stm;
    Bb occ = p->occ[0] | p->occ[1];
    Targets t = dt_targets(p, me);
    bool any = false;
    for (Bb b = p->occ[me]; b;) {
        int from = bb_pop_lsb(&b), s = p->str[from];
        Bb dest = destinations(p, &t, from, s, occ);
        uint64_t nd = (uint64_t)bb_popcount(dest);
        bool ex = dt_can_exit(p, me, from);
        any |= nd || ex;
        if (k < nd) {
            while (k--) dest &= dest - 1;
            int to = bb_lsb(dest);
            return p->str[to] ? dt_capture(from, to, s, p->str[to]) : dt_quiet(from, to, s);
        }
        k -= nd;
        if (ex) {
            if (k == 0) return dt_exit(from, s);
            k--;
        }
    }
    return !any && k == 0 ? DT_MOVE_PASS : MOVE_NONE;
}

bool KIT_HOT(dt_is_legal)(const GamePos *gp, Move m) {
    const DTPos *p = (const DTPos *)gp;
    if (dt_terminal_of(p) != OUTCOME_ONGOING || m > DT_MOVE_PASS) return false;
    if (m == DT_MOVE_PASS) {
        Targets t = dt_targets(p, p->stm);
        return !has_move(p, &t, p->occ[0] | p->occ[1]);
    }
    int me = p->stm, from = dt_from(m), s = p->str[from];
    if (!(p->occ[me] & bb_bit(from)) || dt_mover(m) != s) return false;
    if (m & DT_MF_EXIT) return m == dt_exit(from, s) && dt_can_exit(p, me, from);
    int to = dt_to(m);
    Bb occ = p->occ[0] | p->occ[1];
    if (!(dt_queen(from, occ) & bb_bit(to))) return false;
    if (!(m & DT_MF_CAPTURE)) return m == dt_quiet(from, to, s) && !(occ & bb_bit(to));
    if (m != dt_capture(from, to, s, p->str[to]) || !(p->occ[me ^ 1] & bb_bit(to))) return false;
    int need = (int)p->str[to] - (int)p->assist.b[me][to];
    return need <= 0 || (s >= need && !(b8_king[to] & bb_bit(from)));
}

/* An exit of player c that reaches DT_WIN_OFF, or MOVE_NONE. */
static inline Move winning_exit(const DTPos *p, int c) {
    int need = DT_WIN_OFF - p->off[c];
    if (need > 3) return MOVE_NONE;
    Bb cand = p->by_str[c][3];
    if (need <= 2) cand |= p->by_str[c][2];
    if (need <= 1) cand |= p->by_str[c][1];
    while (cand) {
        int sq = bb_pop_lsb(&cand);
        if (dt_can_exit(p, c, sq)) return dt_exit(sq, p->str[sq]);
    }
    return MOVE_NONE;
}

bool KIT_HOT(dt_in_check)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    return winning_exit(p, p->stm ^ 1) != MOVE_NONE;
}

Move KIT_HOT(dt_winning_move)(const GamePos *gp) {
    const DTPos *p = (const DTPos *)gp;
    if (dt_terminal_of(p) != OUTCOME_ONGOING) return MOVE_NONE;
    return winning_exit(p, p->stm);
}

/* The entries of the table this build sets (see common/hot.h). */
const GameOps KIT_HOT(dt_hot) = {
    KIT_HOT_ENTRIES(dt),
    .in_check = KIT_HOT(dt_in_check), .winning_move = KIT_HOT(dt_winning_move), .see_ge = KIT_HOT(dt_see_ge),
    .make_delta = KIT_HOT(dt_make_delta),
};
