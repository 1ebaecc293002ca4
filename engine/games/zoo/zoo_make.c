/* zoo_make.c — Zoo Contest's make and unmake: a regular move or a retreat decision, then
 * the retreats it forces (made at once when they have one outcome, else left pending),
 * goal flags and Royal marks, the turn and the counters (and for make_delta what changed in
 * the learned evaluation's features); restored exactly by unmake. */
#include "zoo.h"

/* Every cell write goes through here, so that unmake can put back the old contents. */
static inline void set_cell(ZooPos *p, ZooUndo *u, int sq, uint8_t v) {
    u->sq[u->n] = (uint8_t)sq;
    u->old[u->n++] = p->cell[sq];
    p->cell[sq] = v;
}

static void move_elephant(ZooPos *p, ZooUndo *u, int pl, int to) {
    int from = p->st.esq[pl], r = royal_e(p, pl);
    set_cell(p, u, from, p->cell[from] & (uint8_t)~C_E(pl));
    set_cell(p, u, to, p->cell[to] | C_E(pl));
    p->st.key ^= zoo_keys.piece[pl][K_ELEPHANT][r][from] ^ zoo_keys.piece[pl][K_ELEPHANT][r][to];
    p->st.esq[pl] = (uint8_t)to;
    p->st.eflag &= (uint8_t)~(1u << pl); /* its first move, of any kind */
}

static void move_monkey(ZooPos *p, ZooUndo *u, int pl, int to) {
    int from = p->st.msq[pl], r = royal_m(p, pl);
    set_cell(p, u, from, p->cell[from] & (uint8_t)~C_M(pl));
    set_cell(p, u, to, p->cell[to] | C_M(pl));
    p->st.key ^= zoo_keys.piece[pl][K_MONKEY][r][from] ^ zoo_keys.piece[pl][K_MONKEY][r][to];
    p->st.msq[pl] = (uint8_t)to;
}

static inline int mouse_slot(const ZooPos *p, int pl, int sq) {
    int i = 0;
    while (p->st.mice[pl][i] != sq) i++;
    return i;
}

/* To the pool: it forgets its Royal mark. */
static void remove_mouse(ZooPos *p, ZooUndo *u, int pl, int sq) {
    int r = (p->cell[sq] & C_T(pl)) != 0;
    set_cell(p, u, sq, p->cell[sq] & (uint8_t)~(C_S(pl) | C_T(pl)));
    p->st.key ^= zoo_keys.piece[pl][K_MOUSE][r][sq];
    p->st.mice[pl][mouse_slot(p, pl, sq)] = ZOO_NO_SQ;
    p->st.nmice[pl]--;
}

static void add_mouse(ZooPos *p, ZooUndo *u, int pl, int sq, bool royal) {
    set_cell(p, u, sq, p->cell[sq] | C_S(pl) | (royal ? C_T(pl) : 0));
    p->st.key ^= zoo_keys.piece[pl][K_MOUSE][royal][sq];
    p->st.mice[pl][mouse_slot(p, pl, ZOO_NO_SQ)] = (uint8_t)sq;
    p->st.nmice[pl]++;
}

static void move_mouse(ZooPos *p, ZooUndo *u, int pl, int from, int to) {
    uint8_t bits = p->cell[from] & (C_S(pl) | C_T(pl));
    int r = (bits & C_T(pl)) != 0;
    set_cell(p, u, from, p->cell[from] & (uint8_t)~bits);
    set_cell(p, u, to, p->cell[to] | bits);
    p->st.key ^= zoo_keys.piece[pl][K_MOUSE][r][from] ^ zoo_keys.piece[pl][K_MOUSE][r][to];
    p->st.mice[pl][mouse_slot(p, pl, from)] = (uint8_t)to;
}

/* Goal flags and Royal marks after a step (the regular move whole, or a retreat); returns
 * whether anything changed (progress). Short game: a piece on its far row sets its flag.
 * Long game: a Common piece on its far row turns Royal, and a Royal piece on its home row
 * sets its flag. */
static bool update_marks(ZooPos *p, ZooUndo *u) {
    ZooState *s = &p->st;
    uint8_t goals = s->goals, royal = s->royal;
    bool marked = false;
    for (int pl = 0; pl < 2; pl++) {
        int far = far_rank(p, pl), fb = 3 * pl;
        if (!s->longgame) {
            if (zoo_rank(s->esq[pl]) == far) s->goals |= (uint8_t)(1u << fb);
            if (zoo_rank(s->msq[pl]) == far) s->goals |= (uint8_t)(2u << fb);
            for (int i = 0; i < 4; i++)
                if (s->mice[pl][i] != ZOO_NO_SQ && zoo_rank(s->mice[pl][i]) == far) s->goals |= (uint8_t)(4u << fb);
            continue;
        }
        int home = home_rank(p, pl);
        if (!royal_e(p, pl) && zoo_rank(s->esq[pl]) == far) {
            s->royal |= (uint8_t)(1u << (2 * pl));
            s->key ^= zoo_keys.piece[pl][K_ELEPHANT][0][s->esq[pl]] ^ zoo_keys.piece[pl][K_ELEPHANT][1][s->esq[pl]];
        }
        if (!royal_m(p, pl) && zoo_rank(s->msq[pl]) == far) {
            s->royal |= (uint8_t)(2u << (2 * pl));
            s->key ^= zoo_keys.piece[pl][K_MONKEY][0][s->msq[pl]] ^ zoo_keys.piece[pl][K_MONKEY][1][s->msq[pl]];
        }
        if (royal_e(p, pl) && zoo_rank(s->esq[pl]) == home) s->goals |= (uint8_t)(1u << fb);
        if (royal_m(p, pl) && zoo_rank(s->msq[pl]) == home) s->goals |= (uint8_t)(2u << fb);
        for (int i = 0; i < 4; i++) {
            int sq = s->mice[pl][i];
            if (sq == ZOO_NO_SQ) continue;
            if (zoo_rank(sq) == far && !(p->cell[sq] & C_T(pl))) {
                set_cell(p, u, sq, p->cell[sq] | C_T(pl));
                s->key ^= zoo_keys.piece[pl][K_MOUSE][0][sq] ^ zoo_keys.piece[pl][K_MOUSE][1][sq];
                marked = true;
            }
            if (zoo_rank(sq) == home && (p->cell[sq] & C_T(pl))) s->goals |= (uint8_t)(4u << fb);
        }
    }
    return marked || goals != s->goals || royal != s->royal;
}

static void set_pending(ZooPos *p, int kind, int owner, int sq, int mover, int decider) {
    p->st.pend = (uint8_t)kind;
    p->st.pend_owner = (uint8_t)owner;
    p->st.pend_sq = (uint8_t)sq;
    p->st.pend_mover = (uint8_t)mover;
    p->st.side = (uint8_t)decider;
}

/* The monkey of `owner` retreats to `to` (flinging an enemy mouse there); returns progress. */
static bool monkey_retreat(ZooPos *p, ZooUndo *u, int owner, int to) {
    bool progress = false;
    if (p->cell[to] & C_S(owner ^ 1)) remove_mouse(p, u, owner ^ 1, to), progress = true;
    move_monkey(p, u, owner, to);
    return update_marks(p, u) || progress;
}

/* After an elephant of player `pl` ended a move or a retreat: the enemy monkey next to it
 * (or on its square) retreats, at once if it has one way, else it is left pending. */
static bool after_elephant(ZooPos *p, ZooUndo *u, int pl, int mover) {
    int o = pl ^ 1;
    if (!monkey_threatened(p, o)) return false;
    uint8_t sq[24];
    int n = zoo_monkey_choices(p, o, p->st.msq[o], sq);
    if (n == 1) return monkey_retreat(p, u, o, sq[0]);
    /* n == 0 cannot happen on a board 5 or more wide (checked in the tests): the monkey
     * would then stay where it is. */
    if (n > 1) set_pending(p, PEND_MONKEY, o, p->st.msq[o], mover, o);
    return false;
}

/* The elephant of `owner` retreats to y, taking a mouse off y first in ways 3 and 4; then
 * the chain goes on. Returns progress. */
static bool elephant_retreat(ZooPos *p, ZooUndo *u, int owner, int y, int mover) {
    bool progress = false;
    for (int pl = 0; pl < 2; pl++)
        if (p->cell[y] & C_S(pl)) remove_mouse(p, u, pl, y), progress = true;
    move_elephant(p, u, owner, y);
    progress |= update_marks(p, u);
    return after_elephant(p, u, owner, mover) || progress;
}

/* An invasion of q's elephant on x: straight away to y0 if it may go there, else the only
 * choice, else a pending decision. */
static bool invaded(ZooPos *p, ZooUndo *u, int q, int y0, int mover) {
    if (zoo_on(p, y0) && elephant_may_enter(p->cell[y0], q)) return elephant_retreat(p, u, q, y0, mover);
    uint8_t sq[8];
    int dec, x = p->st.esq[q], n = zoo_elephant_choices(p, q, x, sq, &dec);
    if (n == 1) return elephant_retreat(p, u, q, sq[0], mover);
    if (n > 1) set_pending(p, PEND_ELEPHANT, q, x, mover, dec);
    return false;
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing): the
 * learned evaluation's changes from the state before and after the whole chain. */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    ZooPos *p = (ZooPos *)gp;
    ZooUndo *u = (ZooUndo *)gu;
    ZooState *s = &p->st;
    u->st = *s;
    u->n = 0;
    Key state_before = zoo_state_key(s);
    int pl = s->side, q = pl ^ 1, from = mv_from(m), to = mv_to(m), mover = pl;
    bool progress = false;
    s->ply++;
    switch (mv_kind(m)) {
    case MK_ELEPHANT:
        move_elephant(p, u, pl, to);
        progress = update_marks(p, u);
        progress |= after_elephant(p, u, pl, pl);
        break;
    case MK_MONKEY:
        progress = monkey_retreat(p, u, pl, to); /* the same steps as a retreat */
        break;
    case MK_MOUSE: {
        bool royal = (p->cell[from] & C_T(pl)) != 0; /* the spawn takes the side it had before */
        int l = ZOO_NO_SQ;
        move_mouse(p, u, pl, from, to);
        if (mv_spawn(m)) {
            l = spawn_sq(from, mv_spawn(m));
            if (m & MV_RELOC) remove_mouse(p, u, pl, mv_reloc(m));
            add_mouse(p, u, pl, l, royal);
        }
        progress = update_marks(p, u);
        /* Straight away from the square the invader left (the spawner's original square
         * for a spawn): beyond the elephant on the line from that square. */
        if (p->cell[to] & C_E(q)) progress |= invaded(p, u, q, 2 * to - from, pl);
        else if (l != ZOO_NO_SQ && (p->cell[l] & C_E(q))) progress |= invaded(p, u, q, 2 * l - from, pl);
        break;
    }
    case MK_DROP:
        add_mouse(p, u, pl, to, false);
        progress = update_marks(p, u);
        /* As if stepping forward from behind the home row. */
        if (p->cell[to] & C_E(q)) progress |= invaded(p, u, q, to + forward(pl), pl);
        break;
    case MK_ERETREAT: {
        int owner = s->pend_owner;
        mover = s->pend_mover;
        s->pend = PEND_NONE;
        progress = elephant_retreat(p, u, owner, to, mover);
        break;
    }
    case MK_MRETREAT: {
        int owner = s->pend_owner;
        mover = s->pend_mover;
        s->pend = PEND_NONE;
        progress = monkey_retreat(p, u, owner, to);
        break;
    }
    default: /* pass */
        break;
    }
    /* After the chain the opponent of the regular mover moves; a pending retreat has set
     * its decider instead. Fields of no pending retreat are zero (positions compare
     * bytewise). */
    if (!s->pend) {
        s->side = (uint8_t)(mover ^ 1);
        s->pend_owner = s->pend_sq = s->pend_mover = 0;
    }
    s->noprog = progress ? 0 : s->noprog + 1;
    s->key ^= state_before ^ zoo_state_key(s);
    if (d) zoo_features_delta(p, u, d);
}

void zoo_make(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void zoo_make_delta(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }
void zoo_move_delta(const GamePos *gp, Move m, const GameUndo *gu, NnueDelta *d) {
    (void)m;
    zoo_features_delta((const ZooPos *)gp, (const ZooUndo *)gu, d);
}

void zoo_unmake(GamePos *gp, Move m, const GameUndo *gu) {
    (void)m;
    ZooPos *p = (ZooPos *)gp;
    const ZooUndo *u = (const ZooUndo *)gu;
    for (int i = u->n - 1; i >= 0; i--) p->cell[u->sq[i]] = u->old[i];
    p->st = u->st;
}

/* A pass for the search's null move: the other player decides, nothing else changes.
 * Refused while a retreat is pending (its decision is owed now). */
bool zoo_make_null(GamePos *gp, GameUndo *gu) {
    ZooPos *p = (ZooPos *)gp;
    ZooUndo *u = (ZooUndo *)gu;
    if (p->st.pend) return false;
    u->st = p->st;
    u->n = 0;
    p->st.side ^= 1;
    p->st.key ^= zoo_keys.side;
    p->st.ply++;
    p->st.noprog++;
    return true;
}

void zoo_unmake_null(GamePos *gp, const GameUndo *gu) {
    ZooPos *p = (ZooPos *)gp;
    p->st = ((const ZooUndo *)gu)->st;
}
