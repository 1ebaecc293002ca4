/* mkc_make.c — playing a decision and taking it back: the board's change (burials under
 * Mountains, drops, Fists tokens, the exit), then whose decision follows: Blue, or Red
 * again in its extra step while a token and a legal extra move remain (and for make_delta
 * what changed in the learned evaluation's features). */
#include "mkc.h"

static void set_turn(MKCPos *p, int stm, int extra) {
    if (p->stm != stm) p->key ^= mkc_z_red;
    if (p->extra != extra) p->key ^= mkc_z_extra;
    p->stm = (uint8_t)stm;
    p->extra = (uint8_t)extra;
}

/* What unmake cannot derive from the move. */
static void save(const MKCPos *p, GameUndo *gu) {
    MKCUndo *u = (MKCUndo *)gu;
    u->key = p->key;
    u->np = p->np;
    u->tokens = p->tokens;
    u->extra = p->extra;
    u->stm = p->stm;
}

/* make, and make_delta when d is given (inlined twice: the plain make pays nothing). */
static inline void make(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) {
    MKCPos *p = (MKCPos *)gp;
    save(p, gu);
    int kind = mv_kind(m);
    /* Progress is what cannot be undone: a capture, a drop, a hero turned into Fists. A
     * flip is not (the disk, back on a river square, can flip again). */
    bool progress = mv_victim(m) || kind == K_DROP || kind == K_FISTS;
    mkc_apply(p, m);
    if (p->stm == BLUE || kind == K_EXIT || kind == K_END) {
        set_turn(p, p->stm == BLUE ? RED : BLUE, 0);
    } else {
        if (p->extra) mkc_set_tokens(p, p->tokens - 1);
        /* Red decides again only while it holds a token and has a legal extra move. */
        set_turn(p, RED, 1);
        if (!p->tokens || !mkc_any_extra(p)) set_turn(p, BLUE, 0);
    }
    p->np = progress ? 0 : p->np + 1;
    p->ply++;
    if (d) mkc_features_delta(p, m, (const MKCUndo *)gu, d);
}

void mkc_make(GamePos *gp, Move m, GameUndo *gu) { make(gp, m, gu, NULL); }
void mkc_make_delta(GamePos *gp, Move m, GameUndo *gu, NnueDelta *d) { make(gp, m, gu, d); }
void mkc_move_delta(const GamePos *gp, Move m, const GameUndo *gu, NnueDelta *d) {
    mkc_features_delta((const MKCPos *)gp, m, (const MKCUndo *)gu, d);
}

void mkc_unmake(GamePos *gp, Move m, const GameUndo *gu) {
    MKCPos *p = (MKCPos *)gp;
    const MKCUndo *u = (const MKCUndo *)gu;
    int from = mv_from(m), to = mv_to(m), face = mv_face(m), victim = mv_victim(m);
    switch (mv_kind(m)) {
    case K_MOVE:
    case K_FLIP:
        if (victim == BC || victim == RC) mkc_remove(p, from, victim == BC ? BX : RX);
        else mkc_remove(p, to, face);
        if (victim) mkc_put(p, to, victim);
        mkc_put(p, from, mv_kind(m) == K_FLIP ? MKC_FACE[face].origin : face);
        break;
    case K_DROP: {
        int side = MKC_FACE[face].side, disk = MKC_FACE[face].disk;
        mkc_remove(p, to, face);
        p->hand[side][disk]++;
        break;
    }
    case K_FISTS: mkc_put(p, from, RH); break;
    case K_EXIT: mkc_put(p, from, RK); break;
    default: break;
    }
    p->key = u->key;
    p->np = u->np;
    p->tokens = u->tokens;
    p->extra = u->extra;
    p->stm = u->stm;
    p->ply--;
}

/* A pass hands the decision to the other player; it means nothing inside Red's turn. */
bool mkc_make_null(GamePos *gp, GameUndo *gu) {
    MKCPos *p = (MKCPos *)gp;
    if (p->extra) return false;
    save(p, gu);
    set_turn(p, !p->stm, 0);
    p->np++;
    p->ply++;
    return true;
}

void mkc_unmake_null(GamePos *gp, const GameUndo *gu) {
    MKCPos *p = (MKCPos *)gp;
    const MKCUndo *u = (const MKCUndo *)gu;
    p->key = u->key;
    p->np = u->np;
    p->stm = u->stm;
    p->ply--;
}
