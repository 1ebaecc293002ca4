/* zoo_movegen.c — Zoo Contest's legal moves: listing (all, noisy, quiet), counting without
 * listing, the k-th move, and the legality of any 32-bit value. */
#include <string.h>

#include "zoo.h"

/* Noisy moves: a monkey flinging a mouse, an invasion (the enemy elephant must retreat),
 * and every retreat decision (a forced choice that the quiescence search must resolve). */

/* Whether the elephant of q on x, invaded by a mouse of p, has any retreat on the board
 * after p's move: p's mouse went from s (ZOO_NO_SQ for a drop) to t, a mouse spawned on l
 * and one was taken off r (each ZOO_NO_SQ when not part of the move). Way 1 is one of the
 * legal squares of way 2, so the test is whether any of ways 2-4 has a square. */
static bool retreat_exists(const ZooPos *p, int pl, int x, int s, int t, int l, int r) {
    int q = pl ^ 1;
    for (int d = 0; d < 8; d++) {
        int y = x + ZOO_STEP[d];
        if (!zoo_on(p, y)) continue;
        uint8_t c = p->cell[y];
        if (y == s || y == r) c &= (uint8_t)~C_S(pl);
        if (y == t || y == l) c |= C_S(pl);
        if (elephant_may_enter(c, q) || removable_for(c, q, q) || removable_for(c, pl, q)) return true;
    }
    return false;
}

/* Where the listing goes: moves are kept if their noisiness is wanted; with list NULL
 * they are only counted. */
typedef struct {
    Move *list;
    int n;
    bool noisy, quiet;
} Sink;

static inline void emit(Sink *k, Move m, bool noisy) {
    if (noisy ? k->noisy : k->quiet) {
        if (k->list) k->list[k->n] = m;
        k->n++;
    }
}

static void gen_retreats(const ZooPos *p, Sink *k) {
    uint8_t sq[24];
    int dec, n, from = p->st.pend_sq;
    if (p->st.pend == PEND_ELEPHANT) {
        n = zoo_elephant_choices(p, p->st.pend_owner, from, sq, &dec);
        for (int i = 0; i < n; i++) emit(k, mv_make(MK_ERETREAT, from, sq[i]), true);
    } else {
        n = zoo_monkey_choices(p, p->st.pend_owner, from, sq);
        for (int i = 0; i < n; i++) emit(k, mv_make(MK_MRETREAT, from, sq[i]), true);
    }
}

static void gen_elephant(const ZooPos *p, int pl, Sink *k) {
    if (!k->quiet) return;
    int e = p->st.esq[pl], diag = !(p->st.eflag >> pl & 1);
    for (int d = 0; d < 8; d += 1 + !diag) {
        int t = e + ZOO_STEP[d];
        if (zoo_on(p, t) && elephant_may_enter(p->cell[t], pl)) emit(k, mv_make(MK_ELEPHANT, e, t), false);
    }
}

static void gen_monkey(const ZooPos *p, int pl, Sink *k) {
    int m = p->st.msq[pl], e = p->st.esq[pl ^ 1];
    uint8_t prey = C_S(pl ^ 1);
    for (int d = 0; d < 8; d++) {
        int t = m + ZOO_STEP[d];
        if (!zoo_on(p, t)) continue;
        if (zoo_dist(t, e) >= 2) emit(k, mv_make(MK_MONKEY, m, t), (p->cell[t] & prey) != 0);
        if (t == e) continue; /* never over the enemy elephant */
        t += ZOO_STEP[d];
        if (zoo_on(p, t) && zoo_dist(t, e) >= 2) emit(k, mv_make(MK_MONKEY, m, t), (p->cell[t] & prey) != 0);
    }
}

/* The steps of the mouse in slot i, each without a spawn and with every spawn. */
static void gen_mouse(const ZooPos *p, int pl, int i, Sink *k) {
    int s = p->st.mice[pl][i], q = pl ^ 1;
    uint8_t enemy_e = C_E(q);
    bool pool = pool_of(p, pl) > 0;
    /* The spawn squares do not depend on the step (only the step's own square is barred). */
    int lsq[2], nl = 0;
    bool linv[2];
    for (int sp = SPAWN_WEST; sp <= SPAWN_EAST; sp++) {
        int l = spawn_sq(s, sp);
        if (zoo_on(p, l) && mouse_may_enter(p->cell[l], pl)) lsq[nl] = l, linv[nl++] = (p->cell[l] & enemy_e) != 0;
    }
    for (int d = 0; d < 8; d++) {
        int t = s + ZOO_STEP[d];
        if (!zoo_on(p, t) || !mouse_may_enter(p->cell[t], pl)) continue;
        bool inv = (p->cell[t] & enemy_e) != 0;
        if (!inv || retreat_exists(p, pl, t, s, t, ZOO_NO_SQ, ZOO_NO_SQ))
            emit(k, mv_mouse(s, t, SPAWN_NONE, ZOO_NO_SQ), inv);
        for (int j = 0; j < nl; j++) {
            int l = lsq[j], sp = l < s ? SPAWN_WEST : SPAWN_EAST;
            if (l == t) continue;
            bool noisy = inv || linv[j];
            int x = inv ? t : l;
            if (pool) {
                if (!noisy || retreat_exists(p, pl, x, s, t, l, ZOO_NO_SQ)) emit(k, mv_mouse(s, t, sp, ZOO_NO_SQ), noisy);
                continue;
            }
            for (int o = 0; o < 4; o++) {
                int r = p->st.mice[pl][o];
                if (o == i) continue;
                if (!noisy || retreat_exists(p, pl, x, s, t, l, r)) emit(k, mv_mouse(s, t, sp, r), noisy);
            }
        }
    }
}

static void gen_drops(const ZooPos *p, int pl, Sink *k) {
    if (!pool_of(p, pl)) return;
    int base = zoo_sq(0, home_rank(p, pl));
    for (int f = 0; f < p->st.w; f++) {
        int t = base + f;
        uint8_t c = p->cell[t];
        if (!mouse_may_enter(c, pl)) continue;
        bool inv = (c & C_E(pl ^ 1)) != 0;
        if (!inv || retreat_exists(p, pl, t, ZOO_NO_SQ, t, ZOO_NO_SQ, ZOO_NO_SQ)) emit(k, mv_make(MK_DROP, 0, t), inv);
    }
}

/* Only noisy moves wanted (quiescence): an invasion needs a mouse next to the enemy
 * elephant (a step or a spawn beside it) or that elephant on the own home row (a drop). */
static void gen_regular(const ZooPos *p, Sink *k) {
    int pl = p->st.side, e = p->st.esq[pl ^ 1];
    gen_elephant(p, pl, k);
    gen_monkey(p, pl, k);
    for (int i = 0; i < 4; i++)
        if (p->st.mice[pl][i] != ZOO_NO_SQ && (k->quiet || zoo_dist(p->st.mice[pl][i], e) == 1)) gen_mouse(p, pl, i, k);
    if (k->quiet || zoo_rank(e) == home_rank(p, pl)) gen_drops(p, pl, k);
}

int zoo_gen_piece(const GamePos *gp, Move *list, int kind, int slot) {
    const ZooPos *p = (const ZooPos *)gp;
    Sink k = {list, 0, true, true};
    int pl = p->st.side;
    if (kind == K_ELEPHANT) gen_elephant(p, pl, &k);
    else if (kind == K_MONKEY) gen_monkey(p, pl, &k);
    else if (p->st.mice[pl][slot] != ZOO_NO_SQ) gen_mouse(p, pl, slot, &k);
    return k.n;
}

/* Every listing goes through here, so that lists, counts and the k-th move agree. */
static int generate(const ZooPos *p, Move *list, bool noisy, bool quiet) {
    Sink k = {list, 0, noisy, quiet};
    if (zoo_terminal((const GamePos *)p) != OUTCOME_ONGOING) return 0;
    if (p->st.pend) {
        gen_retreats(p, &k);
        return k.n;
    }
    gen_regular(p, &k);
    /* pass: only when no regular move exists at all (unreachable in play). */
    if (k.n == 0 && quiet) {
        Sink all = {NULL, 0, true, true};
        if (!noisy) gen_regular(p, &all);
        if (all.n == 0) emit(&k, ZOO_MOVE_PASS, false);
    }
    return k.n;
}

int zoo_gen(const GamePos *gp, Move *list, GenKind kind) {
    return generate((const ZooPos *)gp, list, kind != GEN_QUIET, kind != GEN_NOISY);
}

uint64_t zoo_count(const GamePos *gp) { return (uint64_t)generate((const ZooPos *)gp, NULL, true, true); }

Move zoo_nth(const GamePos *gp, uint64_t k) {
    Move list[MAX_MOVES];
    int n = generate((const ZooPos *)gp, list, true, true);
    return k < (uint64_t)n ? list[k] : MOVE_NONE;
}

/* ---- legality of any value ------------------------------------------------------------ */

static bool retreat_legal(const ZooPos *p, Move m) {
    int kind = mv_kind(m);
    if (kind != (p->st.pend == PEND_ELEPHANT ? MK_ERETREAT : MK_MRETREAT)) return false;
    if (m != mv_make(kind, p->st.pend_sq, mv_to(m))) return false;
    uint8_t sq[24];
    int dec, n = kind == MK_ERETREAT ? zoo_elephant_choices(p, p->st.pend_owner, p->st.pend_sq, sq, &dec)
                                     : zoo_monkey_choices(p, p->st.pend_owner, p->st.pend_sq, sq);
    return memchr(sq, mv_to(m), (size_t)n) != NULL;
}

/* The direction index of a single step from a to b, or -1. */
static int step_dir(int a, int b) {
    for (int d = 0; d < 8; d++)
        if (a + ZOO_STEP[d] == b) return d;
    return -1;
}

static bool mouse_legal(const ZooPos *p, int pl, Move m) {
    int s = mv_from(m), t = mv_to(m), sp = mv_spawn(m), q = pl ^ 1;
    if (!zoo_on(p, s) || !(p->cell[s] & C_S(pl))) return false;
    if (step_dir(s, t) < 0 || !zoo_on(p, t) || !mouse_may_enter(p->cell[t], pl)) return false;
    int l = ZOO_NO_SQ, r = ZOO_NO_SQ;
    if (sp == 3) return false;
    if (sp != SPAWN_NONE) {
        l = spawn_sq(s, sp);
        if (!zoo_on(p, l) || l == t || !mouse_may_enter(p->cell[l], pl)) return false;
        if (!pool_of(p, pl)) {
            r = mv_reloc(m);
            if (!(m & MV_RELOC) || r == s || !zoo_on(p, r) || !(p->cell[r] & C_S(pl))) return false;
        }
    }
    if (m != mv_mouse(s, t, sp, r)) return false; /* stray bits, or a relocation not allowed */
    int x = p->cell[t] & C_E(q) ? t : l != ZOO_NO_SQ && (p->cell[l] & C_E(q)) ? l : ZOO_NO_SQ;
    return x == ZOO_NO_SQ || retreat_exists(p, pl, x, s, t, l, r);
}

bool zoo_is_legal(const GamePos *gp, Move m) {
    const ZooPos *p = (const ZooPos *)gp;
    if (m == MOVE_NONE || (m >> 30) || zoo_terminal(gp) != OUTCOME_ONGOING) return false;
    if (p->st.pend) return retreat_legal(p, m);
    int pl = p->st.side, from = mv_from(m), to = mv_to(m), kind = mv_kind(m);
    switch (kind) {
    case MK_ELEPHANT: {
        int d = step_dir(from, to);
        return m == mv_make(kind, from, to) && from == p->st.esq[pl] && d >= 0 &&
               (!(d & 1) || !(p->st.eflag >> pl & 1)) && zoo_on(p, to) && elephant_may_enter(p->cell[to], pl);
    }
    case MK_MONKEY: {
        if (m != mv_make(kind, from, to) || from != p->st.msq[pl]) return false;
        int e = p->st.esq[pl ^ 1];
        for (int d = 0; d < 8; d++) {
            int t1 = from + ZOO_STEP[d];
            if (!zoo_on(p, t1)) continue;
            if (t1 == to) return zoo_dist(to, e) >= 2;
            if (t1 + ZOO_STEP[d] == to) return t1 != e && zoo_on(p, to) && zoo_dist(to, e) >= 2;
        }
        return false;
    }
    case MK_MOUSE:
        return mouse_legal(p, pl, m);
    case MK_DROP:
        if (m != mv_make(kind, 0, to) || !pool_of(p, pl) || !zoo_on(p, to) || zoo_rank(to) != home_rank(p, pl) ||
            !mouse_may_enter(p->cell[to], pl))
            return false;
        return !(p->cell[to] & C_E(pl ^ 1)) || retreat_exists(p, pl, to, ZOO_NO_SQ, to, ZOO_NO_SQ, ZOO_NO_SQ);
    case MK_PASS: {
        if (m != ZOO_MOVE_PASS) return false;
        Sink all = {NULL, 0, true, true};
        gen_regular(p, &all);
        return all.n == 0;
    }
    default:
        return false;
    }
}

bool zoo_is_noisy(const GamePos *gp, Move m) {
    const ZooPos *p = (const ZooPos *)gp;
    int q = p->st.side ^ 1;
    switch (mv_kind(m)) {
    case MK_ERETREAT:
    case MK_MRETREAT:
        return true;
    case MK_MONKEY:
        return (p->cell[mv_to(m)] & C_S(q)) != 0;
    case MK_MOUSE: {
        int l = mv_spawn(m) ? spawn_sq(mv_from(m), mv_spawn(m)) : ZOO_NO_SQ;
        return (p->cell[mv_to(m)] & C_E(q)) || ((unsigned)l < ZOO_NO_SQ && (p->cell[l] & C_E(q)));
    }
    case MK_DROP:
        return (p->cell[mv_to(m)] & C_E(q)) != 0;
    default:
        return false;
    }
}
