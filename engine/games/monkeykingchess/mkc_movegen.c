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
    /* The Red Celestial's lines: the first piece each way, and the empty squares before
     * a Blue piece it holds (a piece put there frees that Blue piece). */
    Bb c_first, c_hold;
    int ksq; /* the Pilgrim, or -1 */
    /* Red deciding */
    Bb checkers, pinned; /* pinned: Red pieces alone between the Pilgrim and a Blue slider */
    Bb evasion;          /* in check: the squares a piece may go to against it */
    Bb blue_att;         /* squares Blue attacks (the Pilgrim in hand), or with the Pilgrim lifted */
    bool blue_hand_ok;   /* Blue will still be able to drop after any Red move */
    Bb blue_wit;         /* Blue pieces that keep a move after most Red moves (at most 2) */
    /* Blue deciding */
    Bb blue_xray;        /* Blue pieces alone between the Pilgrim and a Blue slider */
    Bb check_sq[F_NB];   /* where each Blue face would attack the Pilgrim */
    bool red_drop_ok;    /* Red will still be able to drop after any Blue move */
    Bb red_wit;          /* Red pieces that keep a safe move after most Blue moves (at most 2) */
    bool kwit_done;
    int n_kwit;          /* squares the Pilgrim could step (or be dropped) to safely */
    int kwit[2];
    Bb kwit_xray[2];     /* Blue pieces alone between such a square and a Blue slider */
    Bb kwit_occ;         /* the occupancy those were judged with (the Pilgrim lifted) */
} Ctx;

static bool red_has_basic_move(const MKCPos *p);

/* Pieces of side blockers alone between sq and a Blue slider that would see sq. */
static Bb xray_blockers(const MKCPos *p, int sq, Bb occ, int blockers) {
    Bb r = 0;
    if (!p->bb[BC] && !p->bb[BL]) return 0;
    for (int d = 0; d < 4; d++) {
        int b1 = ray_first(d, sq, occ);
        if (b1 < 0 || !(bb_bit(b1) & p->occ[blockers])) continue;
        int b2 = ray_first(d, b1, occ);
        if (b2 >= 0 && (p->board[b2] == BC || (d == DIR_N && p->board[b2] == BL))) r |= bb_bit(b1);
    }
    return r;
}

/* Where a Blue piece showing face would attack sq (occupancy occ). */
static Bb attack_from(int sq, int face, Bb occ) {
    switch (face) {
    case BP:
    case BS: return mkc_pawn_cap[RED][sq];
    case BN: return mkc_knight[sq];
    case BG: return mkc_ferz[sq];
    case BH: return mkc_hero[RED][sq];
    case BK: return mkc_king[sq];
    case BL: return ray_attack(DIR_N, sq, occ);
    case BC: return rook_attack(sq, occ);
    default: return 0;
    }
}

static int hand_total(const MKCPos *p, int side) {
    int n = 0;
    for (int d = 0; d < D_NB; d++) n += p->hand[side][d];
    return n;
}

static Bb step_targets(int face, int sq, Bb free) {
    switch (face) {
    case BN:
    case RN: return mkc_knight[sq] & free;
    case BG:
    case RM: return mkc_ferz[sq] & free;
    case BH: return mkc_hero[BLUE][sq] & free;
    case RH: return mkc_hero[RED][sq] & free;
    case BK: return mkc_king[sq] & free;
    default: return 0;
    }
}

/* Witnesses that Blue keeps a move after a Red move: Blue pieces on earth whose move and
 * capture patterns agree (N G H K). A Red move never turns one of their squares into a
 * square they cannot take, short of a burial; only capturing the piece or changing the
 * Celestial's lines (which the caller excludes) takes its move away. */
static void blue_witnesses(Ctx *c) {
    const MKCPos *p = c->p;
    Bb free = c->empty | (p->occ[RED] & ~p->bb[RX]), w = 0;
    static const uint8_t faces[] = {BK, BN, BG, BH};
    for (int i = 0; i < 4 && bb_popcount(w) < 2; i++)
        for (Bb b = p->bb[faces[i]] & MKC_EARTH & ~c->immob; b && bb_popcount(w) < 2;) {
            int sq = bb_pop_lsb(&b);
            if (step_targets(faces[i], sq, free)) w |= bb_bit(sq);
        }
    c->blue_wit = w;
}

/* Witnesses that Red keeps a basic move after a Blue move that gives no check: a Red
 * piece with move-and-capture pattern (n m h) off the Pilgrim's lines (so nothing pins
 * it) with two safe squares (a Blue move takes at most one: a Celestial put there, or a
 * burial's Mountain). */
static void red_witnesses(Ctx *c) {
    const MKCPos *p = c->p;
    Bb lines = c->ksq >= 0 ? rook_attack(c->ksq, 0) : 0, w = 0;
    Bb free = (c->empty | (p->occ[BLUE] & ~p->bb[BX])) & ~(c->ksq >= 0 ? c->c_hold | p->bb[BC] : 0);
    static const uint8_t faces[] = {RN, RM, RH};
    for (int i = 0; i < 3 && bb_popcount(w) < 2; i++)
        for (Bb b = p->bb[faces[i]] & MKC_EARTH & ~lines; b && bb_popcount(w) < 2;) {
            int sq = bb_pop_lsb(&b);
            if (bb_popcount(step_targets(faces[i], sq, free)) >= 2) w |= bb_bit(sq);
        }
    c->red_wit = w;
}

/* Witnesses that Red keeps a basic move after any Blue move, check or not: squares the
 * Pilgrim could step (or be dropped) to safely. A Blue move spoils one only by taking
 * the square or the Pilgrim, attacking the square from where it lands, lifting a piece
 * that shields it from a slider, or freeing a piece the Celestial holds. Found on first
 * need. */
static void pilgrim_witnesses(Ctx *c) {
    const MKCPos *p = c->p;
    c->kwit_done = true;
    c->n_kwit = 0;
    Bb squares, occ;
    if (c->ksq >= 0) {
        if (bb_bit(c->ksq) & c->c_first) return;
        occ = c->occ ^ bb_bit(c->ksq);
        squares = mkc_king[c->ksq] & c->empty;
    } else if (p->hand[RED][D_KING]) {
        occ = c->occ;
        squares = c->empty & MKC_RED_HALF;
    } else {
        return;
    }
    squares &= ~c->c_hold;
    if (!squares) return;
    squares &= ~mkc_blue_attacks(p, occ, c->immob);
    c->kwit_occ = occ;
    while (squares && c->n_kwit < 2) {
        int s = bb_pop_lsb(&squares);
        c->kwit[c->n_kwit] = s;
        c->kwit_xray[c->n_kwit++] = xray_blockers(p, s, occ, BLUE);
    }
}

/* The targets after which some Pilgrim witness survives. */
static Bb pilgrim_survivors(Ctx *c, int from, int kind, int face) {
    if (!c->kwit_done) pilgrim_witnesses(c);
    const MKCPos *p = c->p;
    Bb survive = 0;
    for (int i = 0; i < c->n_kwit && survive != ~0ULL; i++)
        if (kind == K_DROP || !(bb_bit(from) & c->kwit_xray[i]))
            survive |= ~(bb_bit(c->kwit[i]) | attack_from(c->kwit[i], face, c->kwit_occ) | c->c_hold | p->bb[RC] |
                         p->bb[RK]);
    return survive;
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
    c->c_first = c->c_hold = 0;
    if (p->bb[RC]) {
        int csq = bb_lsb(p->bb[RC]);
        if (p->bb[RC] & MKC_CLOUDS) {
            c->c_first = bb_bit(csq ^ 1) & c->occ;
        } else {
            for (int d = 0; d < 4; d++) {
                Bb ray = ray_attack(d, csq, c->occ), first = ray & c->occ;
                c->c_first |= first;
                if (first & p->occ[BLUE]) c->c_hold |= ray & ~first;
            }
        }
    }
    c->ksq = mkc_pilgrim(p);
    if (side == RED) {
        c->checkers = c->pinned = c->blue_att = c->evasion = 0;
        if (c->ksq >= 0) {
            int k = c->ksq;
            c->checkers = mkc_attackers(p, k, c->occ, c->immob);
            c->pinned = xray_blockers(p, k, c->occ, RED);
            c->blue_att = mkc_blue_attacks(p, c->occ ^ bb_bit(k), c->immob);
            if (c->checkers && !(c->checkers & (c->checkers - 1))) {
                int x = bb_lsb(c->checkers);
                c->evasion = c->checkers;
                if (p->board[x] == BC || p->board[x] == BL)
                    for (int d = 0; d < 4; d++) {
                        Bb r = ray_attack(d, k, c->occ);
                        if (r & c->checkers) c->evasion = r;
                    }
            }
        } else if (p->hand[RED][D_KING]) {
            c->blue_att = mkc_blue_attacks(p, c->occ, c->immob);
        }
        if (level == FULL) {
            c->blue_hand_ok = hand_total(p, BLUE) > 0 && bb_popcount(c->empty & MKC_BLUE_HALF) >= 2;
            c->blue_wit = 0;
            if (!c->blue_hand_ok) blue_witnesses(c);
        }
    } else if (level == FULL) {
        int nonk = hand_total(p, RED) - p->hand[RED][D_KING];
        Bb squares = c->empty & MKC_RED_HALF & ~(c->ksq >= 0 ? c->c_hold : 0);
        c->red_drop_ok = nonk > 0 && bb_popcount(squares) >= 2;
        if (c->ksq >= 0) {
            int k = c->ksq;
            c->blue_xray = xray_blockers(p, k, c->occ, BLUE);
            for (int f = BP; f <= BX; f++) c->check_sq[f] = attack_from(k, f, c->occ);
        }
        c->red_wit = 0;
        c->kwit_done = false;
        if (!c->red_drop_ok) red_witnesses(c);
    }
}

/* ---- targets ---- */

static Bb flights(const Ctx *c, int sq, int face) {
    const MKCPos *p = c->p;
    if (bb_bit(sq) & MKC_EARTH) {
        Bb cloud = bb_bit(sq) & p->river[RED] ? MKC_RED_CLOUD : bb_bit(sq) & p->river[BLUE] ? MKC_BLUE_CLOUD : 0;
        return cloud & c->empty;
    }
    Bb t = mkc_cloud_down[sq] & c->empty;
    /* The other cloud's square of this colour: q2-r7 light, r2-q7 dark. Lancers fly there
     * only forward, from their own side's cloud. */
    bool lancer = face == BL || face == RL;
    bool own_cloud = face == RL ? sq < 32 : sq >= 32;
    if (!lancer || own_cloud) t |= bb_bit(69 - sq) & c->empty;
    if (face == BC) t |= bb_bit(sq ^ 1) & (c->empty | c->cap);
    else if (face == RC) t |= bb_bit(sq ^ 1) & c->empty;
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

/* Red: the Pilgrim is safe after a move unless the move lifts a piece that shields it
 * from a slider, or the Celestial; puts a piece between the Celestial and a piece it
 * holds; or buries a piece under a Blue Mountain (the captured square empties). In check,
 * only the Pilgrim, a capture of the single checker, a block, or a change of the
 * Celestial's lines can help. Blue keeps a move if it can drop, or if one of its
 * witnesses survives (see blue_witnesses). Everything else is played out. */
static Bb red_legal(const Ctx *c, int from, int kind, int face, Bb t) {
    const MKCPos *p = c->p;
    Bb safe = 0, unsafe = 0;
    bool celestial = (kind != K_DROP && (bb_bit(from) & (c->c_first | p->bb[RC]))) || (face == RC && kind != K_MOVE);
    if (c->ksq < 0) {
        if (face == RK) {
            Bb plain = t & ~c->c_hold;
            safe = plain & ~c->blue_att;
            unsafe = plain & c->blue_att;
        } else {
            safe = t;
        }
    } else if (from == c->ksq && kind == K_MOVE) {
        if (!(bb_bit(c->ksq) & c->c_first)) {
            Bb plain = t & ~c->c_hold;
            safe = plain & ~c->blue_att;
            unsafe = plain & c->blue_att;
        }
    } else if (!c->checkers) {
        bool moving_c = (kind != K_DROP && (bb_bit(from) & p->bb[RC])) || (face == RC && kind != K_MOVE);
        if (!moving_c && (kind == K_DROP || !(bb_bit(from) & c->pinned))) safe = t & ~c->c_hold & ~p->bb[BC];
    } else if (!celestial && (kind == K_DROP || !(bb_bit(from) & c->pinned))) {
        safe = t & c->evasion & ~c->c_hold & ~p->bb[BC];
        unsafe = t & ~c->evasion & ~p->bb[BC];
    }
    Bb legal = safe;
    if (c->level == FULL && !c->blue_hand_ok) {
        Bb keep = 0;
        if (!celestial && c->blue_wit) keep = (c->blue_wit & (c->blue_wit - 1) ? ~0ULL : ~c->blue_wit) & ~p->bb[BC];
        legal &= keep;
    }
    for (Bb u = t & ~legal & ~unsafe; u;) {
        int to = bb_pop_lsb(&u);
        if (full_red_test(c, move_of(p, from, to, kind, face))) legal |= bb_bit(to);
    }
    return legal;
}

/* Blue: a move gives no check unless it lifts a piece that shields the Pilgrim from a
 * slider, buries the Celestial, frees a piece the Celestial holds, or lands where its
 * face attacks the Pilgrim (unless the Celestial holds it there). After a move without
 * check Red keeps a basic move if it can drop a disk other than the Pilgrim where it
 * frees nothing, or if a witness piece survives (see red_witnesses); after any move, if a
 * Pilgrim witness survives. Everything else is played out. */
static Bb blue_legal(Ctx *c, int from, int kind, int face, Bb t) {
    const MKCPos *p = c->p;
    Bb nocheck = t;
    if (c->ksq >= 0)
        nocheck = kind != K_DROP && (bb_bit(from) & c->blue_xray)
                      ? 0
                      : t & ~c->c_hold & ~p->bb[RC] & ~(c->check_sq[face] & ~c->c_first);
    Bb wit = c->red_wit;
    Bb keep = c->red_drop_ok ? nocheck : nocheck & (!wit ? 0 : wit & (wit - 1) ? ~0ULL : ~wit);
    if (keep != t) keep |= t & pilgrim_survivors(c, from, kind, face);
    for (Bb u = t & ~keep; u;) {
        int to = bb_pop_lsb(&u);
        if (full_blue_test(c, move_of(p, from, to, kind, face))) keep |= bb_bit(to);
    }
    return keep;
}

static Bb legal_targets(Ctx *c, int from, int kind, int face, Bb t) {
    if (!t) return 0;
    if (c->side == RED) return red_legal(c, from, kind, face, t);
    return c->level == BASIC ? t : blue_legal(c, from, kind, face, t);
}

/* ---- the moves, in one order for listing, counting and picking ---- */

static void emit(const Ctx *c, Sink *s, int from, int kind, int face, Bb legal) {
    if (!legal) return;
    switch (s->mode) {
    case S_COUNT: s->count += (uint64_t)bb_popcount(legal); break;
    case S_LIST:
        while (legal) s->list[s->n++] = move_of(c->p, from, bb_pop_lsb(&legal), kind, face);
        break;
    case S_NTH: {
        uint64_t n = (uint64_t)bb_popcount(legal);
        if (s->count >= n) {
            s->count -= n;
            break;
        }
        for (uint64_t i = 0; i < s->count; i++) legal &= legal - 1;
        s->found = move_of(c->p, from, bb_lsb(legal), kind, face);
        s->done = true;
        break;
    }
    case S_ANY: s->done = true; break;
    }
}

/* A batch: the moves of one kind from one square (or of one disk from the hand). */
static void batch(Ctx *c, Sink *s, int from, int kind, int face, Bb t) {
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

static void gen_extra(Ctx *c, Sink *s, bool with_end) {
    for (Bb b = c->p->bb[RM]; b && !s->done;) {
        int sq = bb_pop_lsb(&b);
        batch(c, s, sq, K_MOVE, RM, targets(c, sq, RM));
    }
    if (with_end && !s->done && s->kind != GEN_NOISY) emit_one(s, MKC_MOVE_END);
}

static void gen_regular(Ctx *c, Sink *s) {
    const MKCPos *p = c->p;
    int side = c->side;
    if (side == RED && c->ksq >= 0 && (bb_bit(c->ksq) & MKC_RANK8) && s->kind != GEN_QUIET) {
        emit_one(s, mv_make(c->ksq, c->ksq, K_EXIT, RK, 0));
        if (s->done) return;
    }
    Bb rivers = p->river[RED] | p->river[BLUE];
    for (Bb b = p->occ[side] & ~c->immob; b && !s->done;) {
        int sq = bb_pop_lsb(&b), face = p->board[sq];
        batch(c, s, sq, K_MOVE, face, targets(c, sq, face));
        if (!c->flip_ok || !(bb_bit(sq) & rivers) || s->done) continue;
        int other = MKC_FACE[face].other;
        if (other) batch(c, s, sq, K_FLIP, other, targets(c, sq, other));
        if (face == RH && !s->done) batch(c, s, sq, K_FISTS, RH, bb_bit(sq));
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
    if (hand_total(p, BLUE) && (MKC_BLUE_HALF & ~mkc_occ(p))) return true;
    Ctx c;
    ctx_init(&c, p, BLUE, BASIC);
    Sink s = {.mode = S_ANY, .kind = GEN_ALL};
    gen_regular(&c, &s);
    return s.done;
}

/* The likeliest answers first: a safe step of the Pilgrim, a drop. */
static bool red_has_basic_move(const MKCPos *p) {
    if (p->bb[RK] & MKC_RANK8) return true; /* the exit */
    Ctx c;
    ctx_init(&c, p, RED, BASIC);
    if (c.ksq >= 0 && !(bb_bit(c.ksq) & c.c_first) && (mkc_king[c.ksq] & c.empty & ~c.c_hold & ~c.blue_att))
        return true;
    Bb squares = c.empty & MKC_RED_HALF & ~c.c_hold;
    if (!c.checkers && squares && hand_total(p, RED) > p->hand[RED][D_KING]) return true;
    if (c.ksq < 0 && p->hand[RED][D_KING] && (squares & ~c.blue_att)) return true;
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
    if (kind == K_EXIT) return side == RED && p->bb[RK] == bb_bit(from) && (bb_bit(from) & MKC_RANK8) &&
                               m == mv_make(from, from, K_EXIT, RK, 0);
    Ctx c;
    ctx_init(&c, p, side, FULL);
    Bb rivers = p->river[RED] | p->river[BLUE];
    if (kind == K_DROP) {
        int disk = MKC_FACE[face].disk;
        Bb half = side == BLUE ? MKC_BLUE_HALF : MKC_RED_HALF;
        if (from || MKC_FRONT[side][disk] != face || !p->hand[side][disk] || !(bb_bit(to) & c.empty & half) ||
            mv_victim(m))
            return false;
        return legal_targets(&c, -1, K_DROP, face, bb_bit(to)) != 0;
    }
    if (move_of(p, from, to, kind, face) != m || (bb_bit(from) & c.immob))
        return false;
    if (kind == K_FISTS) {
        if (face != RH || p->board[from] != RH || to != from || !c.flip_ok || !(bb_bit(from) & rivers)) return false;
        return legal_targets(&c, from, K_FISTS, RH, bb_bit(from)) != 0;
    }
    if (kind == K_MOVE && p->board[from] != face) return false;
    if (kind == K_FLIP && (MKC_FACE[p->board[from]].side != side || MKC_FACE[p->board[from]].other != face ||
                           !p->board[from] || !c.flip_ok || !(bb_bit(from) & rivers)))
        return false;
    if (!(targets(&c, from, face) & bb_bit(to))) return false;
    return legal_targets(&c, from, kind, face, bb_bit(to)) != 0;
}

/* Blue flip moves that would take the Pilgrim (a capture no attack counts), as if Blue
 * decided now: the squares they start from. */
static Bb flip_takers(Ctx *c) {
    const MKCPos *p = c->p;
    Bb r = 0;
    if (c->ksq < 0 || !p->bb[BK]) return 0;
    for (Bb b = p->occ[BLUE] & (p->river[RED] | p->river[BLUE]) & ~c->immob; b;) {
        int sq = bb_pop_lsb(&b), other = MKC_FACE[p->board[sq]].other;
        if (other && (targets(c, sq, other) & bb_bit(c->ksq))) r |= bb_bit(sq);
    }
    return r;
}

bool mkc_flip_threat(const MKCPos *p) {
    if (!p->bb[RK] || !p->bb[BK] || !(p->occ[BLUE] & (p->river[RED] | p->river[BLUE]))) return false;
    Ctx c;
    ctx_init(&c, p, BLUE, BASIC);
    return flip_takers(&c) != 0;
}

Move mkc_pilgrim_capture(const MKCPos *p) {
    if (p->stm != BLUE || !p->bb[RK] || !p->bb[BK] || !(p->occ[BLUE] & (p->river[RED] | p->river[BLUE])))
        return MOVE_NONE;
    Ctx c;
    ctx_init(&c, p, BLUE, FULL);
    for (Bb b = flip_takers(&c); b;) {
        int sq = bb_pop_lsb(&b), other = MKC_FACE[p->board[sq]].other;
        if (legal_targets(&c, sq, K_FLIP, other, bb_bit(c.ksq))) return move_of(p, sq, c.ksq, K_FLIP, other);
    }
    return MOVE_NONE;
}
