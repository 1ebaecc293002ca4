/* mkc_movegen.c — legal moves: each piece's targets by its face (and its other face on a
 * river), drops, the exit and the extra step; the check and no-stalemate rules decided
 * by exact shortcuts where the position proves them, by playing the move otherwise. */
#include "mkc.h"

/* Legality asked of a decision: BASIC (Blue: any move; Red: the Pilgrim safe after it)
 * or FULL (also leaving the opponent a basic move: the sheet's stalemate rule). */
enum { BASIC, FULL };

typedef enum { S_LIST, S_COUNT, S_NTH, S_ANY } SinkMode;
typedef struct {
    SinkMode mode;
    GenKind kind;
    Move *list;
    int n;
    uint64_t count; /* S_COUNT: moves counted; S_NTH: moves still to skip */
    Move found;
    bool done;
} Sink;

typedef struct {
    const MKCPos *p;
    int side, level;
    Bb occ, empty, enemy, cap; /* cap: enemy pieces that can be captured (not Mountains) */
    Bb immob;                  /* Blue pieces the Red Celestial immobilizes */
    bool flip_ok;
    /* The Red Celestial's lines: the first piece each way, and the empty squares before.
     * A piece put on one of those empty squares may free the Blue piece behind it. */
    Bb c_first, c_empty;
    int ksq; /* the Pilgrim, or -1 */
    /* Red deciding */
    Bb checkers, pinned; /* pinned: Red pieces alone between the Pilgrim and a Blue slider */
    Bb blue_att;         /* squares Blue attacks (the Pilgrim in hand), or with the Pilgrim lifted */
    bool blue_hand_ok;   /* Blue will still be able to drop after any Red move */
    bool blue_k_ok;      /* the Goblin King will still have a move after most Red moves */
    /* Blue deciding */
    Bb blue_xray;        /* Blue pieces alone between the Pilgrim and a Blue slider */
    Bb check_sq[F_NB];   /* where each Blue face would attack the Pilgrim */
    bool red_drop_ok;    /* Red will still be able to drop after any Blue move */
} Ctx;

static bool red_has_basic_move(const MKCPos *p);

/* Pieces of side blockers alone between sq and a Blue slider that would see sq. */
static Bb xray_blockers(const MKCPos *p, int sq, Bb occ, int blockers) {
    Bb r = 0;
    if (!p->bb[BC] && !p->bb[BL]) return 0;
    for (int d = 0; d < 4; d++) {
        int b1 = ray_first(d, sq, occ);
        if (b1 < 0 || !(bit(b1) & p->occ[blockers])) continue;
        int b2 = ray_first(d, b1, occ);
        if (b2 >= 0 && (p->board[b2] == BC || (d == DIR_N && p->board[b2] == BL))) r |= bit(b1);
    }
    return r;
}

static int hand_total(const MKCPos *p, int side) {
    int n = 0;
    for (int d = 0; d < D_NB; d++) n += p->hand[side][d];
    return n;
}

static void ctx_init(Ctx *c, const MKCPos *p, int side, int level) {
    c->p = p;
    c->side = side;
    c->level = level;
    c->occ = mkc_occ(p);
    c->empty = (MKC_EARTH | MKC_CLOUDS) & ~c->occ;
    c->enemy = p->occ[!side];
    c->cap = c->enemy & ~(p->bb[BX] | p->bb[RX]);
    c->immob = mkc_immobilized(p, c->occ);
    c->flip_ok = p->bb[side == BLUE ? BK : RK] != 0;
    c->c_first = c->c_empty = 0;
    if (p->bb[RC]) {
        int csq = lsb(p->bb[RC]);
        Bb lines = p->bb[RC] & MKC_CLOUDS ? bit(csq ^ 1)
                                          : ray_attack(DIR_N, csq, c->occ) | ray_attack(DIR_E, csq, c->occ) |
                                                ray_attack(DIR_S, csq, c->occ) | ray_attack(DIR_W, csq, c->occ);
        c->c_first = lines & c->occ;
        c->c_empty = lines & ~c->occ;
    }
    c->ksq = mkc_pilgrim(p);
    if (side == RED) {
        c->checkers = c->pinned = c->blue_att = 0;
        if (c->ksq >= 0) {
            c->checkers = mkc_attackers(p, c->ksq, c->occ, c->immob);
            c->pinned = xray_blockers(p, c->ksq, c->occ, RED);
            c->blue_att = mkc_blue_attacks(p, c->occ ^ bit(c->ksq), c->immob);
        } else if (p->hand[RED][D_KING]) {
            c->blue_att = mkc_blue_attacks(p, c->occ, c->immob);
        }
        if (level == FULL) {
            c->blue_hand_ok = hand_total(p, BLUE) > 0 && popcount(c->empty & MKC_BLUE_HALF) >= 2;
            Bb k = p->bb[BK];
            c->blue_k_ok = k && !(k & c->immob) && (mkc_king[lsb(k)] & (c->empty | (p->occ[RED] & ~p->bb[RX])));
        }
    } else if (level == FULL) {
        int nonk = hand_total(p, RED) - p->hand[RED][D_KING];
        Bb squares = c->empty & MKC_RED_HALF & ~(c->ksq >= 0 ? c->c_empty : 0);
        c->red_drop_ok = nonk > 0 && popcount(squares) >= 2;
        if (c->ksq >= 0) {
            int k = c->ksq;
            c->blue_xray = xray_blockers(p, k, c->occ, BLUE);
            c->check_sq[BP] = c->check_sq[BS] = mkc_pawn_cap[RED][k];
            c->check_sq[BN] = mkc_knight[k];
            c->check_sq[BG] = mkc_ferz[k];
            c->check_sq[BH] = mkc_hero[RED][k];
            c->check_sq[BK] = mkc_king[k];
            c->check_sq[BL] = ray_attack(DIR_N, k, c->occ);
            c->check_sq[BC] = rook_attack(k, c->occ);
            c->check_sq[BX] = 0;
        }
    }
}

/* ---- targets ---- */

static Bb flights(const Ctx *c, int sq, int face) {
    const MKCPos *p = c->p;
    if (bit(sq) & MKC_EARTH) {
        Bb cloud = bit(sq) & p->river[RED] ? MKC_RED_CLOUD : bit(sq) & p->river[BLUE] ? MKC_BLUE_CLOUD : 0;
        return cloud & c->empty;
    }
    Bb t = mkc_cloud_down[sq] & c->empty;
    /* The other cloud's square of this colour: q2-r7 light, r2-q7 dark. Lancers fly there
     * only forward, from their own side's cloud. */
    bool lancer = face == BL || face == RL;
    bool own_cloud = face == RL ? sq < 32 : sq >= 32;
    if (!lancer || own_cloud) t |= bit(69 - sq) & c->empty;
    if (face == BC) t |= bit(sq ^ 1) & (c->empty | c->cap);
    else if (face == RC) t |= bit(sq ^ 1) & c->empty;
    return t;
}

/* Where face on sq may go by its pattern or fly (the disk on sq showing it, or turning to it). */
static Bb targets(const Ctx *c, int sq, int face) {
    Bb e = c->empty, x = c->cap, ex = e | x, t;
    switch (face) {
    case BP: t = (mkc_pawn_push[BLUE][sq] & e) | (mkc_pawn_cap[BLUE][sq] & x); break;
    case RP: t = (mkc_pawn_push[RED][sq] & e) | (mkc_pawn_cap[RED][sq] & x); break;
    case BS: t = (mkc_knight[sq] & e) | (mkc_pawn_cap[BLUE][sq] & x); break;
    case BN:
    case RN: t = mkc_knight[sq] & ex; break;
    case BG:
    case RM: t = mkc_ferz[sq] & ex; break;
    case BH: t = mkc_hero[BLUE][sq] & ex; break;
    case RH: t = mkc_hero[RED][sq] & ex; break;
    case BL: t = ray_attack(DIR_S, sq, c->occ) & ex; break;
    case RL: t = ray_attack(DIR_N, sq, c->occ) & ex; break;
    case BK: t = mkc_king[sq] & ex; break;
    case RK: t = mkc_king[sq] & e; break;
    case BC: t = rook_attack(sq, c->occ) & ex; break;
    case RC: t = rook_attack(sq, c->occ) & e; break;
    default: return 0; /* Mountains */
    }
    if (MKC_FACE[face].flier) t |= flights(c, sq, face);
    return t;
}

/* ---- legality ---- */

static Move move_of(const MKCPos *p, int from, int to, int kind, int face) {
    int victim = kind == K_MOVE || kind == K_FLIP ? p->board[to] : 0;
    return mv_make(from < 0 ? 0 : from, to, kind, face, victim);
}

/* The slow, sure way: play the move on a copy and look. */
static bool full_red_test(const Ctx *c, Move m) {
    MKCPos q = *c->p;
    mkc_apply(&q, m);
    if (mkc_pilgrim_attacked(&q)) return false;
    return c->level == BASIC || mkc_blue_has_move(&q);
}

static bool full_blue_test(const Ctx *c, Move m) {
    MKCPos q = *c->p;
    mkc_apply(&q, m);
    return red_has_basic_move(&q);
}

/* Red: the Pilgrim is safe after the move unless the move lifts the Pilgrim, a piece that
 * shields it from a slider, or the Celestial; puts a piece between the Celestial and a
 * piece it holds; buries a piece under a Blue Mountain (the captured square empties); or
 * the Pilgrim is in check. Blue keeps a move if it can drop, or if its King keeps one
 * (a Red move turns none of the King's squares into a Mountain or an own piece, short of
 * a burial) and stays free and on the board. Everything else is played out. */
static Bb red_legal(const Ctx *c, int from, int kind, int face, Bb t) {
    const MKCPos *p = c->p;
    Bb safe = 0, unsafe = 0;
    if (c->ksq < 0) {
        if (face == RK) {
            Bb plain = t & ~c->c_empty;
            safe = plain & ~c->blue_att;
            unsafe = plain & c->blue_att;
        } else {
            safe = t;
        }
    } else if (from == c->ksq && kind == K_MOVE) {
        if (!(bit(c->ksq) & c->c_first)) {
            Bb plain = t & ~c->c_empty;
            safe = plain & ~c->blue_att;
            unsafe = plain & c->blue_att;
        }
    } else if (!c->checkers && (kind == K_DROP || !(bit(from) & (c->pinned | c->c_first | p->bb[RC])))) {
        safe = t & ~c->c_empty & ~p->bb[BC];
    }
    Bb legal = safe;
    if (c->level == FULL && !c->blue_hand_ok) {
        bool celestial = (kind != K_DROP && (bit(from) & (c->c_first | p->bb[RC]))) || (face == RC && kind != K_MOVE);
        legal &= c->blue_k_ok && !celestial ? ~(p->bb[BK] | p->bb[BC]) : 0;
    }
    for (Bb u = t & ~legal & ~unsafe; u;) {
        int to = pop_lsb(&u);
        if (full_red_test(c, move_of(p, from, to, kind, face))) legal |= bit(to);
    }
    return legal;
}

/* Blue: Red keeps a basic move if it can drop a disk other than the Pilgrim on a square
 * that frees no Blue piece, and the move gives no check: it does not lift a piece that
 * shields the Pilgrim from a slider, bury the Celestial, put a piece between the
 * Celestial and a piece it holds, nor land where its face attacks the Pilgrim (unless
 * the Celestial holds it there). Everything else is played out. */
static Bb blue_legal(const Ctx *c, int from, int kind, int face, Bb t) {
    const MKCPos *p = c->p;
    Bb legal = 0;
    if (c->red_drop_ok) {
        if (c->ksq < 0) legal = t;
        else if (kind == K_DROP || !(bit(from) & c->blue_xray))
            legal = t & ~c->c_empty & ~p->bb[RC] & ~(c->check_sq[face] & ~c->c_first);
    }
    for (Bb u = t & ~legal; u;) {
        int to = pop_lsb(&u);
        if (full_blue_test(c, move_of(p, from, to, kind, face))) legal |= bit(to);
    }
    return legal;
}

static Bb legal_targets(const Ctx *c, int from, int kind, int face, Bb t) {
    if (!t) return 0;
    if (c->side == RED) return red_legal(c, from, kind, face, t);
    return c->level == BASIC ? t : blue_legal(c, from, kind, face, t);
}

/* ---- the moves, in one order for listing, counting and picking ---- */

static void emit(const Ctx *c, Sink *s, int from, int kind, int face, Bb legal) {
    if (!legal) return;
    switch (s->mode) {
    case S_COUNT: s->count += (uint64_t)popcount(legal); break;
    case S_LIST:
        while (legal) s->list[s->n++] = move_of(c->p, from, pop_lsb(&legal), kind, face);
        break;
    case S_NTH: {
        uint64_t n = (uint64_t)popcount(legal);
        if (s->count >= n) {
            s->count -= n;
            break;
        }
        for (uint64_t i = 0; i < s->count; i++) legal &= legal - 1;
        s->found = move_of(c->p, from, lsb(legal), kind, face);
        s->done = true;
        break;
    }
    case S_ANY: s->done = true; break;
    }
}

/* A batch: the moves of one kind from one square (or of one disk from the hand). */
static void batch(const Ctx *c, Sink *s, int from, int kind, int face, Bb t) {
    bool capture_kind = kind == K_MOVE || kind == K_FLIP;
    if (s->kind == GEN_NOISY) t = capture_kind ? t & c->enemy : 0;
    else if (s->kind == GEN_QUIET && capture_kind) t &= ~c->enemy;
    if (t) emit(c, s, from, kind, face, legal_targets(c, from, kind, face, t));
}

/* A move without a batch (the exit, end). */
static void emit_one(Sink *s, Move m) {
    switch (s->mode) {
    case S_COUNT: s->count++; break;
    case S_LIST: s->list[s->n++] = m; break;
    case S_NTH:
        if (s->count == 0) s->found = m, s->done = true;
        else s->count--;
        break;
    case S_ANY: s->done = true; break;
    }
}

static void gen_extra(const Ctx *c, Sink *s, bool with_end) {
    for (Bb b = c->p->bb[RM]; b && !s->done;) {
        int sq = pop_lsb(&b);
        batch(c, s, sq, K_MOVE, RM, targets(c, sq, RM));
    }
    if (with_end && !s->done && s->kind != GEN_NOISY) emit_one(s, MKC_MOVE_END);
}

static void gen_regular(const Ctx *c, Sink *s) {
    const MKCPos *p = c->p;
    int side = c->side;
    if (side == RED && c->ksq >= 0 && (bit(c->ksq) & MKC_RANK8) && s->kind != GEN_QUIET) {
        emit_one(s, mv_make(c->ksq, c->ksq, K_EXIT, RK, 0));
        if (s->done) return;
    }
    Bb rivers = p->river[RED] | p->river[BLUE];
    for (Bb b = p->occ[side] & ~c->immob; b && !s->done;) {
        int sq = pop_lsb(&b), face = p->board[sq];
        batch(c, s, sq, K_MOVE, face, targets(c, sq, face));
        if (!c->flip_ok || !(bit(sq) & rivers) || s->done) continue;
        int other = MKC_FACE[face].other;
        if (other) batch(c, s, sq, K_FLIP, other, targets(c, sq, other));
        if (face == RH && !s->done) batch(c, s, sq, K_FISTS, RH, bit(sq));
    }
    Bb half = side == BLUE ? MKC_BLUE_HALF : MKC_RED_HALF;
    for (int d = 0; d < D_NB && !s->done; d++)
        if (p->hand[side][d]) batch(c, s, -1, K_DROP, MKC_FRONT[side][d], c->empty & half);
}

static void generate(const MKCPos *p, Sink *s) {
    Ctx c;
    ctx_init(&c, p, p->stm, FULL);
    if (p->stm == RED && p->extra) gen_extra(&c, s, true);
    else gen_regular(&c, s);
}

static bool counter_over(const MKCPos *p) { return p->limit > 0 && p->np >= p->limit; }

/* ---- the contract's entry points ---- */

int mkc_gen(const GamePos *gp, Move *list, GenKind kind) {
    const MKCPos *p = (const MKCPos *)gp;
    if (mkc_exited(p) || counter_over(p)) return 0;
    Sink s = {.mode = S_LIST, .kind = kind, .list = list};
    generate(p, &s);
    return s.n;
}

uint64_t mkc_count_ignoring_counter(const MKCPos *p) {
    if (mkc_exited(p)) return 0;
    Sink s = {.mode = S_COUNT, .kind = GEN_ALL};
    generate(p, &s);
    return s.count;
}

uint64_t mkc_count(const GamePos *gp) {
    const MKCPos *p = (const MKCPos *)gp;
    return counter_over(p) ? 0 : mkc_count_ignoring_counter(p);
}

Move mkc_nth(const GamePos *gp, uint64_t k) {
    const MKCPos *p = (const MKCPos *)gp;
    if (mkc_exited(p) || counter_over(p)) return MOVE_NONE;
    Sink s = {.mode = S_NTH, .kind = GEN_ALL, .count = k};
    generate(p, &s);
    return s.done ? s.found : MOVE_NONE;
}

bool mkc_any_extra(const MKCPos *p) {
    Ctx c;
    ctx_init(&c, p, RED, FULL);
    Sink s = {.mode = S_ANY, .kind = GEN_ALL};
    gen_extra(&c, &s, false);
    return s.done;
}

bool mkc_blue_has_move(const MKCPos *p) {
    Ctx c;
    ctx_init(&c, p, BLUE, BASIC);
    Sink s = {.mode = S_ANY, .kind = GEN_ALL};
    gen_regular(&c, &s);
    return s.done;
}

static bool red_has_basic_move(const MKCPos *p) {
    if (p->bb[RK] & MKC_RANK8) return true; /* the exit */
    Ctx c;
    ctx_init(&c, p, RED, BASIC);
    Sink s = {.mode = S_ANY, .kind = GEN_ALL};
    gen_regular(&c, &s);
    return s.done;
}
bool mkc_red_has_basic_move(const MKCPos *p) { return red_has_basic_move(p); }

/* The move's batch rebuilt from the position, so a value passes only in the exact form
 * the generator lists (TT moves, killers, book moves and random values alike). */
bool mkc_is_legal(const GamePos *gp, Move m) {
    const MKCPos *p = (const MKCPos *)gp;
    if (m >> 25 || mkc_exited(p) || counter_over(p)) return false;
    int kind = mv_kind(m), from = mv_from(m), to = mv_to(m), face = mv_face(m), side = p->stm;
    if (kind == K_END) return p->extra && m == MKC_MOVE_END;
    if (kind < K_MOVE || kind > K_EXIT || face == F_NONE || face >= F_NB || MKC_FACE[face].side != side) return false;
    if (p->extra && (kind != K_MOVE || face != RM)) return false;
    if (kind == K_EXIT) return side == RED && p->bb[RK] == bit(from) && (bit(from) & MKC_RANK8) &&
                               m == mv_make(from, from, K_EXIT, RK, 0);
    Ctx c;
    ctx_init(&c, p, side, FULL);
    Bb rivers = p->river[RED] | p->river[BLUE];
    if (kind == K_DROP) {
        int disk = MKC_FACE[face].disk;
        Bb half = side == BLUE ? MKC_BLUE_HALF : MKC_RED_HALF;
        if (from || MKC_FRONT[side][disk] != face || !p->hand[side][disk] || !(bit(to) & c.empty & half) ||
            mv_victim(m))
            return false;
        return legal_targets(&c, -1, K_DROP, face, bit(to)) != 0;
    }
    if (move_of(p, from, to, kind, face) != m || (bit(from) & c.immob))
        return false;
    if (kind == K_FISTS) {
        if (face != RH || p->board[from] != RH || to != from || !c.flip_ok || !(bit(from) & rivers)) return false;
        return legal_targets(&c, from, K_FISTS, RH, bit(from)) != 0;
    }
    if (kind == K_MOVE && p->board[from] != face) return false;
    if (kind == K_FLIP && (MKC_FACE[p->board[from]].side != side || MKC_FACE[p->board[from]].other != face ||
                           !p->board[from] || !c.flip_ok || !(bit(from) & rivers)))
        return false;
    if (!(targets(&c, from, face) & bit(to))) return false;
    return legal_targets(&c, from, kind, face, bit(to)) != 0;
}
