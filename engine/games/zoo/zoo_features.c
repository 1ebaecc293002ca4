/* zoo_features.c — Zoo Contest as sparse features for the learned evaluation: pieces by
 * square and by distance to the far row, marks, goals, pools, a pending retreat, the size
 * and the moves each goal flag still needs. */
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "zoo.h"

/* Squares are numbered rank * 15 + file on the largest board (15 x 15), the board turned
 * half a turn for player 2 so that every view starts from its own home row: one feature
 * space serves every board size. Per side (the viewer's, then the other's): elephant,
 * monkey, mouse by square [3 x 225]; Royal elephant, monkey, some mouse [3]; the elephant
 * has never moved [1]; goal flags E, M, S [3]; mice in the pool, a thermometer [4]. Then a
 * pending retreat: (its owner's side * 2 + elephant/monkey) * 225 + its square [900], and
 * the side that made the turn's regular move [2]. Then, because the far row's rank depends
 * on the height the squares do not show: per side, the ranks the elephant, the monkey and
 * the mouse nearest to it still have to go to the far row [3 x 15]; per side, what the
 * hand-written evaluation's race counts, the moves the elephant's, the monkey's and the
 * mice's flags still need (zoo_race; 0 for a flag set, 31 for 31 or more) and the slowest
 * of them [4 x 32], a board search no square feature can stand for, the same on every
 * size; last the board's width [6] and height [12], so that one net can weigh the same
 * squares differently per size. */
enum {
    ZOO_F_SQ = ZOO_MAX_W * ZOO_MAX_H,
    ZOO_F_ROYAL = 3 * ZOO_F_SQ,
    ZOO_F_EFLAG = ZOO_F_ROYAL + 3,
    ZOO_F_GOALS = ZOO_F_EFLAG + 1,
    ZOO_F_POOL = ZOO_F_GOALS + 3,
    ZOO_F_SIDE = ZOO_F_POOL + 4,
    ZOO_F_PEND = 2 * ZOO_F_SIDE,
    ZOO_F_PEND_MOVER = ZOO_F_PEND + 4 * ZOO_F_SQ,
    ZOO_F_FAR = ZOO_F_PEND_MOVER + 2,
    ZOO_F_FAR_SIDE = 3 * ZOO_MAX_H,
    ZOO_F_RACE = ZOO_F_FAR + 2 * ZOO_F_FAR_SIDE,
    ZOO_RACE_MAX = 31,
    ZOO_F_RACE_SIDE = 4 * (ZOO_RACE_MAX + 1),
    ZOO_F_WIDTH = ZOO_F_RACE + 2 * ZOO_F_RACE_SIDE,
    ZOO_F_HEIGHT = ZOO_F_WIDTH + (ZOO_MAX_W - 5) / 2 + 1,
};
_Static_assert(ZOO_F_HEIGHT + ZOO_MAX_H - 3 == ZOO_NNUE_FEATURES, "Zoo features");

/* A square's number, rank * 15 + file; for player 2 that of the square turned half a turn,
 * the board's last square's number (flip) less it. */
static inline uint32_t sq_num(int sq) { return (uint32_t)(sq - zoo_rank(sq)); }
static inline uint32_t flip(const ZooPos *p) { return (uint32_t)((p->st.h - 1) * ZOO_MAX_W + p->st.w - 1); }
static inline uint32_t at(const ZooPos *p, int persp, int sq) {
    return persp == PLAYER_2 ? flip(p) - sq_num(sq) : sq_num(sq);
}
_Static_assert(ZOO_STRIDE == ZOO_MAX_W + 1, "a square's number less its rank is rank * 15 + file");

/* Player 1's far row is the last rank, player 2's the first. */
static inline int far_ranks(const ZooPos *p, int pl, int sq) { return pl ? zoo_rank(sq) : p->st.h - 1 - zoo_rank(sq); }

/* The indices of view v, for features() and make_delta alike: pl's piece of a kind (K_*) on
 * the square numbered a in v (at()); pl's flag at offset k of its side's block (ZOO_F_ROYAL +
 * kind, ZOO_F_EFLAG, ZOO_F_GOALS + kind, ZOO_F_POOL + k); the ranks pl's piece of a kind (the
 * nearest mouse for K_MOUSE) has still to go, d; the pending retreat on the square numbered a
 * in v; the side of its regular mover. */
static inline uint32_t f_piece(int v, int pl, int kind, uint32_t a) {
    return (uint32_t)((pl ^ v) * ZOO_F_SIDE + kind * ZOO_F_SQ) + a;
}
static inline uint32_t f_flag(int v, int pl, int k) { return (uint32_t)((pl ^ v) * ZOO_F_SIDE + k); }
static inline uint32_t f_far(int v, int pl, int kind, int d) {
    return (uint32_t)(ZOO_F_FAR + (pl ^ v) * ZOO_F_FAR_SIDE + kind * ZOO_MAX_H + d);
}
static inline uint32_t f_pend(int v, const ZooState *s, uint32_t a) {
    return ZOO_F_PEND + (uint32_t)(((s->pend_owner != v) * 2 + s->pend - 1) * ZOO_F_SQ) + a;
}
static inline uint32_t f_pend_mover(int v, const ZooState *s) { return ZOO_F_PEND_MOVER + (uint32_t)(s->pend_mover != v); }

/* The ranks pl's nearest mouse has still to go, ZOO_MAX_H for none on the board. */
static int nearest_mouse(const ZooPos *p, const ZooState *s, int pl) {
    int best = ZOO_MAX_H;
    for (int i = 0; i < 4; i++) {
        int d = s->mice[pl][i] != ZOO_NO_SQ ? far_ranks(p, pl, s->mice[pl][i]) : ZOO_MAX_H;
        if (d < best) best = d;
    }
    return best;
}

static bool royal_mouse(const ZooPos *p, int pl) {
    for (int i = 0; i < 4; i++)
        if (p->st.mice[pl][i] != ZOO_NO_SQ && (p->cell[p->st.mice[pl][i]] & C_T(pl))) return true;
    return false;
}

/* A race count as its feature shows it: 0 for a flag set, at most ZOO_RACE_MAX. */
static inline int race_value(int t) { return t == ZOO_RACE_DONE ? 0 : t < ZOO_RACE_MAX ? t : ZOO_RACE_MAX; }

/* The slowest of a player's three values, the fourth. */
static inline void race_slowest(int v[4]) {
    v[3] = 0;
    for (int k = 0; k < 3; k++)
        if (v[k] > v[3]) v[3] = v[k];
}

/* Each player's race features as values: the three flags' moves, then the slowest. */
static void race_values(const ZooPos *p, int v[2][4]) {
    for (int pl = 0; pl < 2; pl++) {
        int t[3];
        zoo_race(p, pl, t);
        for (int k = 0; k < 3; k++) v[pl][k] = race_value(t[k]);
        race_slowest(v[pl]);
    }
}

/* The race of view persp (position features: a board search each), in fixed slots. */
static int race_view(int persp, const int race[2][4], uint32_t *out) {
    int n = 0;
    for (int side = 0; side < 2; side++) {
        uint32_t base = (uint32_t)(ZOO_F_RACE + side * ZOO_F_RACE_SIDE);
        for (int k = 0; k < 4; k++) out[n++] = base + (uint32_t)(k * (ZOO_RACE_MAX + 1) + race[persp ^ side][k]);
    }
    return n;
}

/* One view, the race values of both players given (a board search each: made once for
 * both views by zoo_features_both). */
static int view(const ZooPos *p, int persp, const int race[2][4], uint32_t *out) {
    const ZooState *s = &p->st;
    int n = 0;
    for (int pl = 0; pl < 2; pl++) {
        if (s->esq[pl] != ZOO_NO_SQ) out[n++] = f_piece(persp, pl, K_ELEPHANT, at(p, persp, s->esq[pl]));
        if (s->msq[pl] != ZOO_NO_SQ) out[n++] = f_piece(persp, pl, K_MONKEY, at(p, persp, s->msq[pl]));
        for (int i = 0; i < 4; i++)
            if (s->mice[pl][i] != ZOO_NO_SQ) out[n++] = f_piece(persp, pl, K_MOUSE, at(p, persp, s->mice[pl][i]));
        if (royal_e(p, pl)) out[n++] = f_flag(persp, pl, ZOO_F_ROYAL + K_ELEPHANT);
        if (royal_m(p, pl)) out[n++] = f_flag(persp, pl, ZOO_F_ROYAL + K_MONKEY);
        if (royal_mouse(p, pl)) out[n++] = f_flag(persp, pl, ZOO_F_ROYAL + K_MOUSE);
        if (s->eflag >> pl & 1) out[n++] = f_flag(persp, pl, ZOO_F_EFLAG);
        for (int k = 0; k < 3; k++)
            if (s->goals >> (3 * pl + k) & 1) out[n++] = f_flag(persp, pl, ZOO_F_GOALS + k);
        for (int k = 0; k < pool_of(p, pl) && k < 4; k++) out[n++] = f_flag(persp, pl, ZOO_F_POOL + k);
        if (s->esq[pl] != ZOO_NO_SQ) out[n++] = f_far(persp, pl, K_ELEPHANT, far_ranks(p, pl, s->esq[pl]));
        if (s->msq[pl] != ZOO_NO_SQ) out[n++] = f_far(persp, pl, K_MONKEY, far_ranks(p, pl, s->msq[pl]));
        int best = nearest_mouse(p, s, pl);
        if (best < ZOO_MAX_H) out[n++] = f_far(persp, pl, K_MOUSE, best);
    }
    out[n++] = ZOO_F_WIDTH + (uint32_t)((s->w - 5) / 2);
    out[n++] = ZOO_F_HEIGHT + (uint32_t)(s->h - 4);
    if (s->pend != PEND_NONE) {
        out[n++] = f_pend(persp, s, at(p, persp, s->pend_sq));
        out[n++] = f_pend_mover(persp, s);
    }
    return n + race_view(persp, race, out + n);
}

int zoo_features(const GamePos *gp, int persp, uint32_t *out) {
    const ZooPos *p = (const ZooPos *)gp;
    int race[2][4];
    race_values(p, race);
    return view(p, persp, race, out);
}

void zoo_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const ZooPos *p = (const ZooPos *)gp;
    int race[2][4];
    race_values(p, race);
    n[0] = view(p, PLAYER_1, race, out[0]);
    n[1] = view(p, PLAYER_2, race, out[1]);
}

void zoo_features_dynamic(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const ZooPos *p = (const ZooPos *)gp;
    int race[2][4];
    race_values(p, race);
    n[0] = race_view(PLAYER_1, race, out[0]);
    n[1] = race_view(PLAYER_2, race, out[1]);
}

/* Whether the board search of pl's piece of a kind (zoo_race_piece) reads anything changed
 * since state o besides the squares the elephant's search may not enter (race_kept weighs
 * those): both read their flag, their Royal bit and the board's rules;
 * the monkey's also its square and the enemy elephant's; the elephant's its own square. */
static bool race_touched(const ZooPos *p, const ZooState *o, int pl, int kind) {
    const ZooState *s = &p->st;
    if (((o->goals ^ s->goals) >> (3 * pl + kind) & 1) || ((o->royal ^ s->royal) >> (2 * pl + kind) & 1) ||
        o->w != s->w || o->h != s->h || o->longgame != s->longgame)
        return true;
    if (kind == K_MONKEY) return o->msq[pl] != s->msq[pl] || o->esq[pl ^ 1] != s->esq[pl ^ 1];
    return o->esq[pl] != s->esq[pl] || s->esq[pl] == ZOO_NO_SQ;
}

/* The fewest king moves of a path from e to the row goal through square sq. */
static inline int path_through(int e, int sq, int goal) {
    int dr = abs(zoo_rank(sq) - zoo_rank(e)), df = abs(zoo_file(sq) - zoo_file(e));
    return (dr > df ? dr : df) + abs(zoo_rank(sq) - goal);
}

/* Whether pl's elephant's search (unmoved, its rules untouched) still finds what it found in
 * state o, value (its race feature), though the squares it may not enter changed (the mice,
 * the enemy elephant). The search finds min(D, cap), D the fewest king moves to
 * its row avoiding those squares, d before. A square taken that no path of d moves can pass
 * (more than d moves through it) leaves a shortest path whole; a square freed that no path
 * of fewer than d moves can pass (d or more through it) opens none shorter: then D, and what
 * the search finds, stay. Most decisions move a piece far from every short path. */
static bool race_kept(const ZooPos *p, const ZooState *o, int pl, int value) {
    const ZooState *s = &p->st;
    if (value == 0) return true;             /* its flag set, or on its row: neither changed */
    if (value >= ZOO_RACE_MAX) return false; /* capped: the moves are not known */
    int goal = far_rank(p, pl), d = value;
    if (s->longgame && royal_e(p, pl)) goal = home_rank(p, pl);
    else if (s->longgame) d -= s->h - 1; /* to the far row and back home */
    /* The squares it may not enter, before and after: each square that left (or came) is in
     * a slot that changed, but a slot that changed may name one a mouse of another slot
     * still holds (a capture, a drop): only a square that truly left or came counts. */
    uint8_t was[9], now[9];
    _Static_assert(sizeof o->mice == 8, "eight mice");
    memcpy(was, o->mice, 8), memcpy(now, s->mice, 8);
    was[8] = o->esq[pl ^ 1], now[8] = s->esq[pl ^ 1];
    const int e = s->esq[pl];
    for (int i = 0; i < 9; i++) {
        if (was[i] == now[i]) continue;
        if (was[i] != ZOO_NO_SQ && path_through(e, was[i], goal) < d && !memchr(now, was[i], 9)) return false;
        if (now[i] != ZOO_NO_SQ && path_through(e, now[i], goal) <= d && !memchr(was, now[i], 9)) return false;
    }
    return true;
}

/* The race after a decision from the race before it (prev: zoo_features_dynamic's lists
 * there): a board search only where the decision touched what it reads (most decisions
 * move one piece, and each search reads few), the mice's count (no search) always. */
void zoo_features_dynamic_after(const GamePos *gp, Move m, const GameUndo *gu, const uint32_t *const prev[2],
                                const int n_prev[2], uint32_t *const out[2], int n[2]) {
    (void)m;
    const ZooPos *p = (const ZooPos *)gp;
    const ZooState *o = &((const ZooUndo *)gu)->st;
    if (n_prev[0] != 2 * 4) { /* not this game's lists */
        zoo_features_dynamic(gp, out, n);
        return;
    }
    int race[2][4];
    for (int pl = 0; pl < 2; pl++) {
        /* Player 1's view lists pl's values in slots 4 pl .. 4 pl + 3 (race_view). */
        const uint32_t base = (uint32_t)(ZOO_F_RACE + pl * ZOO_F_RACE_SIDE);
        for (int kind = K_ELEPHANT; kind <= K_MONKEY; kind++) {
            int was = (int)(prev[0][4 * pl + kind] - base - (uint32_t)(kind * (ZOO_RACE_MAX + 1)));
            bool kept = !race_touched(p, o, pl, kind) && (kind == K_MONKEY || race_kept(p, o, pl, was));
            race[pl][kind] = kept ? was : race_value(zoo_race_piece(p, pl, kind));
        }
        race[pl][K_MOUSE] = race_value(zoo_race_mice(p, pl));
        race_slowest(race[pl]);
    }
    n[0] = race_view(PLAYER_1, race, out[0]);
    n[1] = race_view(PLAYER_2, race, out[1]);
}

/* ---- what a decision changed in the tracked features (make_delta) ---- */

/* The changes of one decision, both views at once, written into the record with counters of
 * their own: the record's are bytes, which the compiler reloads after every store to its lists.
 * Every change names a feature in both views, so one count serves both; flip is the board's
 * (at()), read once. */
typedef struct {
    NnueDelta *d;
    int nr, na;
    bool over; /* more than a record holds: both views are built again */
    uint32_t flip;
} Out;

static inline void put(Out *o, bool on, uint32_t f0, uint32_t f1) {
    uint32_t(*list)[NNUE_DELTA_MAX] = on ? o->d->add : o->d->rem;
    int *n = on ? &o->na : &o->nr;
    if (*n == NNUE_DELTA_MAX) {
        o->over = true;
        return;
    }
    list[0][*n] = f0, list[1][*n] = f1;
    ++*n;
}
/* pl's piece of a kind on sq, pl's flag k, the ranks pl's piece of a kind has to go, the
 * pending retreat of state s: f_piece, f_flag, f_far, f_pend and f_pend_mover of each view. */
static inline void piece(Out *o, bool on, int pl, int kind, int sq) {
    put(o, on, f_piece(0, pl, kind, sq_num(sq)), f_piece(1, pl, kind, o->flip - sq_num(sq)));
}
static inline void flag(Out *o, bool on, int pl, int k) { put(o, on, f_flag(0, pl, k), f_flag(1, pl, k)); }
static inline void far(Out *o, bool on, int pl, int kind, int ranks) {
    put(o, on, f_far(0, pl, kind, ranks), f_far(1, pl, kind, ranks));
}
static inline void pending(Out *o, bool on, const ZooState *s) {
    put(o, on, f_pend(0, s, sq_num(s->pend_sq)), f_pend(1, s, o->flip - sq_num(s->pend_sq)));
    put(o, on, f_pend_mover(0, s), f_pend_mover(1, s));
}

/* pl's flag k, bit `bit` of a before and of b after, where it turned. */
static inline void flag_change(Out *o, int pl, int k, unsigned a, unsigned b, unsigned bit) {
    if ((a ^ b) & bit) flag(o, (b & bit) != 0, pl, k);
}

/* A piece of pl of a kind from square a to square b (ZOO_NO_SQ: none), with its ranks to go
 * when far (the elephant's and the monkey's). */
static inline void square_change(Out *o, const ZooPos *p, int pl, int kind, int a, int b, bool far_too) {
    if (a == b) return;
    if (a != ZOO_NO_SQ) piece(o, false, pl, kind, a);
    if (b != ZOO_NO_SQ) piece(o, true, pl, kind, b);
    if (!far_too) return;
    int fa = a != ZOO_NO_SQ ? far_ranks(p, pl, a) : -1, fb = b != ZOO_NO_SQ ? far_ranks(p, pl, b) : -1;
    if (fa == fb) return;
    if (fa >= 0) far(o, false, pl, kind, fa);
    if (fb >= 0) far(o, true, pl, kind, fb);
}

/* Whether a mouse of pl was Royal before the decision whose writes u records: the cells of
 * its mice then, each the first old contents u holds for it, or the cell as it is now. */
static bool royal_mouse_before(const ZooPos *p, const ZooUndo *u, int pl) {
    for (int i = 0; i < 4; i++) {
        int sq = u->st.mice[pl][i], w = 0;
        if (sq == ZOO_NO_SQ) continue;
        while (w < u->n && u->sq[w] != sq) w++;
        if ((w < u->n ? u->old[w] : p->cell[sq]) & C_T(pl)) return true;
    }
    return false;
}

/* Four bytes of the state at once: the elephants' and monkeys' squares, a player's mice, the
 * pending retreat (kind, owner, square, mover). */
_Static_assert(offsetof(ZooState, msq) == offsetof(ZooState, esq) + 2, "esq, msq: four bytes");
_Static_assert(offsetof(ZooState, pend_mover) == offsetof(ZooState, pend) + 3, "the pending retreat: four bytes");
static inline uint32_t bytes4(const uint8_t *b) {
    uint32_t v;
    memcpy(&v, b, sizeof v);
    return v;
}

/* A player's mice changed: their squares, the ranks the nearest has to go, the pool. */
static void mice_change(Out *o, const ZooPos *p, const ZooState *was, int pl) {
    const ZooState *s = &p->st;
    for (int i = 0; i < 4; i++) square_change(o, p, pl, K_MOUSE, was->mice[pl][i], s->mice[pl][i], false);
    int a = nearest_mouse(p, was, pl), b = nearest_mouse(p, s, pl);
    if (a != b && a < ZOO_MAX_H) far(o, false, pl, K_MOUSE, a);
    if (a != b && b < ZOO_MAX_H) far(o, true, pl, K_MOUSE, b);
    /* The pool's thermometer: features pool_before .. pool_after - 1, or back. */
    int pa = 4 - was->nmice[pl], pb = 4 - s->nmice[pl];
    for (int k = pb; k < pa; k++) flag(o, false, pl, ZOO_F_POOL + k);
    for (int k = pa; k < pb; k++) flag(o, true, pl, ZOO_F_POOL + k);
}

/* The tracked features that differ between the position p after a decision and before it
 * (u: the state then and the cells the decision wrote), into d as it reaches make_delta
 * (empty): the state is small, and a decision's chain of retreats, flings, spawns and marks
 * lands in it. Each part compared at once first: most decisions move one piece. */
void zoo_features_delta(const ZooPos *p, const ZooUndo *u, NnueDelta *d) {
    const ZooState *s = &p->st, *o = &u->st;
    Out out = {d, 0, 0, false, flip(p)};
    if (bytes4(o->esq) != bytes4(s->esq))
        for (int pl = 0; pl < 2; pl++) {
            square_change(&out, p, pl, K_ELEPHANT, o->esq[pl], s->esq[pl], true);
            square_change(&out, p, pl, K_MONKEY, o->msq[pl], s->msq[pl], true);
        }
    for (int pl = 0; pl < 2; pl++)
        if (bytes4(o->mice[pl]) != bytes4(s->mice[pl])) mice_change(&out, p, o, pl);
    if (o->royal != s->royal || o->eflag != s->eflag || o->goals != s->goals)
        for (int pl = 0; pl < 2; pl++) {
            flag_change(&out, pl, ZOO_F_ROYAL + K_ELEPHANT, o->royal, s->royal, 1u << (2 * pl));
            flag_change(&out, pl, ZOO_F_ROYAL + K_MONKEY, o->royal, s->royal, 2u << (2 * pl));
            flag_change(&out, pl, ZOO_F_EFLAG, o->eflag, s->eflag, 1u << pl);
            for (int k = 0; k < 3; k++) flag_change(&out, pl, ZOO_F_GOALS + k, o->goals, s->goals, 1u << (3 * pl + k));
        }
    /* A Royal mouse: only in the long game (nothing else has Royal marks: parse_pos refuses
     * them, make sets none), and where a write changed a mark. */
    unsigned marks = 0;
    for (int i = 0; s->longgame && i < u->n; i++) marks |= (unsigned)(u->old[i] ^ p->cell[u->sq[i]]);
    for (int pl = 0; marks && pl < 2; pl++)
        if (marks & C_T(pl)) {
            bool a = royal_mouse_before(p, u, pl), b = royal_mouse(p, pl);
            if (a != b) flag(&out, b, pl, ZOO_F_ROYAL + K_MOUSE);
        }
    if (bytes4(&o->pend) != bytes4(&s->pend)) { /* pend, its owner, square and mover */
        if (o->pend != PEND_NONE) pending(&out, false, o);
        if (s->pend != PEND_NONE) pending(&out, true, s);
    }
    d->n_rem[0] = d->n_rem[1] = (uint8_t)out.nr;
    d->n_add[0] = d->n_add[1] = (uint8_t)out.na;
    d->refresh[0] = d->refresh[1] = out.over;
}
