/* mkc_features.c — Monkey King Chess as sparse features for the learned evaluation: faces
 * by square, hands, tokens, the extra step, the river option and the evaluation's counts. */
#include "mkc.h"

/* Blue and Red differ in every way, so nothing is mirrored: each view has its own block
 * (Blue's view first, then Red's) holding the same absolute facts, and the net learns each
 * side's view apart. In a block: (face - 1) * 64 + square [17 faces]; then hands as
 * thermometers (side, disk, k: on while at least k + 1 are in hand) [2 x 12]; Red's tokens
 * (at least 1, at least 2); Red in its extra step; rivers on the diagonal. Then what the
 * hand-written evaluation counts along lines and over the whole board, which squares alone
 * cannot say (set mkc-1 had none of it and lost): the Blue pieces the Celestial holds (by
 * square), the Pilgrim's cage, pieces that can still move and those whose moves never run
 * out (per side), the race of Blue's last steps against the Pilgrim's exit and Red's last
 * moves (the stalemate rule ends such games), Blue's flip chances, an exposed Goblin King.
 * Counts are one-hot, not thermometers: every active feature costs each evaluation a diff
 * (mkc-2's thermometers doubled the active features and halved the net's speed). */
enum {
    MKC_F_HANDS = (F_NB - 1) * 64,
    MKC_F_HAND_SIDE = 12,
    MKC_F_TOKENS = MKC_F_HANDS + 2 * MKC_F_HAND_SIDE,
    MKC_F_EXTRA = MKC_F_TOKENS + 2,
    MKC_F_DIAGONAL = MKC_F_EXTRA + 1,
    MKC_F_IMMOB = MKC_F_DIAGONAL + 1,   /* 64 squares */
    MKC_F_CAGE = MKC_F_IMMOB + 64,      /* one of 0 .. 8 */
    MKC_F_BLUE_UNITS = MKC_F_CAGE + 9,  /* one of 0 .. 4+ */
    MKC_F_BLUE_LASTING = MKC_F_BLUE_UNITS + 5, /* one of 0 .. 3+ */
    MKC_F_RED_UNITS = MKC_F_BLUE_LASTING + 4,  /* one of 0 .. 4+ */
    MKC_F_RED_LASTING = MKC_F_RED_UNITS + 5,   /* one of 0 .. 3+ */
    MKC_F_RACE = MKC_F_RED_LASTING + 4, /* Blue without lasting pieces: its lead -1 .. 6 */
    MKC_F_RED_SUPPLY = MKC_F_RACE + 8,  /* Red without lasting pieces: its moves 0 .. 6 */
    MKC_F_CHANCE_NOW = MKC_F_RED_SUPPLY + 7,   /* one of 1 .. 3+ (none: no feature) */
    MKC_F_CHANCE_NEAR = MKC_F_CHANCE_NOW + 3,  /* one of 1 .. 4+ */
    MKC_F_GOBLIN_EXPOSED = MKC_F_CHANCE_NEAR + 4,
    MKC_F_BLOCK = MKC_F_GOBLIN_EXPOSED + 1,
};
_Static_assert(2 * MKC_F_BLOCK == MKC_NNUE_FEATURES, "Monkey King Chess features");

static int clampi(int v, int lo, int hi) { return v < lo ? lo : v > hi ? hi : v; }

/* The tracked features at block offset base: faces by square, hands, tokens, the extra
 * step and the river option (make_delta's changes, mkc_features_delta). */
static inline uint32_t f_face(int face, int sq) { return (uint32_t)((face - 1) * 64 + sq); }
static inline uint32_t f_hand(int side, int disk, int k) {
    static const uint8_t AT[D_NB] = {0, 6, 8, 10, 11}; /* the disks before each kind (MKC_DISKS) */
    return (uint32_t)(MKC_F_HANDS + side * MKC_F_HAND_SIDE + AT[disk] + k);
}

static int thermometer(uint32_t *out, uint32_t at, int v, int cap) {
    int n = 0;
    for (int k = 0; k < v && k < cap; k++) out[n++] = at + (uint32_t)k;
    return n;
}

static int tracked_at(const MKCPos *p, uint32_t base, uint32_t *out) {
    int n = 0;
    for (Bb b = mkc_occ(p); b; b &= b - 1) {
        int sq = bb_lsb(b);
        out[n++] = base + f_face(p->board[sq], sq);
    }
    for (int s = 0; s < 2; s++)
        for (int d = 0; d < D_NB; d++) n += thermometer(out + n, base + f_hand(s, d, 0), p->hand[s][d], MKC_DISKS[d]);
    n += thermometer(out + n, base + MKC_F_TOKENS, p->tokens, 2);
    if (p->extra) out[n++] = base + MKC_F_EXTRA;
    if (p->diagonal) out[n++] = base + MKC_F_DIAGONAL;
    return n;
}

/* The evaluation's counts at block offset base (position features), those always there
 * first and the Celestial's held pieces last, so that most keep their slots from one
 * evaluation to the next; t: the evaluation's counts of this position. */
static int counts_at(const MKCPos *p, const MKCTerms *t, uint32_t base, uint32_t *out) {
    int n = 0;
    out[n++] = base + MKC_F_BLUE_UNITS + (uint32_t)clampi(t->blue_units, 0, 4);
    out[n++] = base + MKC_F_BLUE_LASTING + (uint32_t)clampi(t->blue_lasting, 0, 3);
    out[n++] = base + MKC_F_RED_UNITS + (uint32_t)clampi(t->red_units, 0, 4);
    out[n++] = base + MKC_F_RED_LASTING + (uint32_t)clampi(t->red_lasting, 0, 3);
    if (mkc_pilgrim(p) >= 0) out[n++] = base + MKC_F_CAGE + (uint32_t)clampi(t->cage, 0, 8);
    if (t->chances_now) out[n++] = base + MKC_F_CHANCE_NOW + (uint32_t)clampi(t->chances_now, 1, 3) - 1;
    if (t->chances_near) out[n++] = base + MKC_F_CHANCE_NEAR + (uint32_t)clampi(t->chances_near, 1, 4) - 1;
    if ((p->bb[BK] & MKC_RED_HALF) && t->red_in_hand) out[n++] = base + MKC_F_GOBLIN_EXPOSED;
    if (t->blue_lasting == 0)
        out[n++] = base + MKC_F_RACE + (uint32_t)(clampi(t->blue_supply - t->exit_distance, -1, 6) + 1);
    if (t->red_lasting == 0) out[n++] = base + MKC_F_RED_SUPPLY + (uint32_t)clampi(t->red_supply, 0, 6);
    for (Bb b = t->immob; b; b &= b - 1) out[n++] = base + MKC_F_IMMOB + (uint32_t)bb_lsb(b);
    return n;
}

/* One view's features at block offset base; t: the evaluation's counts of this position. */
static int features_at(const MKCPos *p, const MKCTerms *t, uint32_t base, uint32_t *out) {
    int n = tracked_at(p, base, out);
    return n + counts_at(p, t, base, out + n);
}

int mkc_features(const GamePos *gp, int persp, uint32_t *out) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_counts(p, &t);
    return features_at(p, &t, (uint32_t)(persp == PLAYER_1 ? 0 : MKC_F_BLOCK), out);
}

void mkc_features_both(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_counts(p, &t);
    n[0] = features_at(p, &t, 0, out[0]);
    n[1] = features_at(p, &t, MKC_F_BLOCK, out[1]);
}

/* Both views hold the same facts a block apart: the counts made once, copied. */
void mkc_features_dynamic(const GamePos *gp, uint32_t *const out[2], int n[2]) {
    const MKCPos *p = (const MKCPos *)gp;
    MKCTerms t;
    mkc_counts(p, &t);
    n[0] = n[1] = counts_at(p, &t, 0, out[0]);
    for (int i = 0; i < n[0]; i++) out[1][i] = out[0][i] + MKC_F_BLOCK;
}

/* ---- what a decision changed in the tracked features (make_delta) ---- */

/* Tracked feature f of the absolute block leaves (on false) or comes, in both views. */
static inline void put(NnueDelta *d, bool on, uint32_t f) {
    for (int v = 0; v < 2; v++) {
        if (on) nnue_delta_add(d, v, f + (uint32_t)v * MKC_F_BLOCK);
        else nnue_delta_rem(d, v, f + (uint32_t)v * MKC_F_BLOCK);
    }
}

/* A thermometer at `at` of cap features going from a to b. */
static inline void thermometer_change(NnueDelta *d, uint32_t at, int a, int b, int cap) {
    a = a < cap ? a : cap, b = b < cap ? b : cap;
    for (int k = b; k < a; k++) put(d, false, at + (uint32_t)k);
    for (int k = a; k < b; k++) put(d, true, at + (uint32_t)k);
}

/* Decision m, made on p (u: what make saved): its board change read from the move's bits,
 * as mkc_apply made it, then the tokens and the extra step as make left them. */
void mkc_features_delta(const MKCPos *p, Move m, const MKCUndo *u, NnueDelta *d) {
    int from = mv_from(m), to = mv_to(m), face = mv_face(m), victim = mv_victim(m);
    switch (mv_kind(m)) {
    case K_MOVE:
    case K_FLIP:
        put(d, false, f_face(mv_kind(m) == K_FLIP ? MKC_FACE[face].origin : face, from));
        if (victim) put(d, false, f_face(victim, to));
        if (victim == BC || victim == RC) put(d, true, f_face(victim == BC ? BX : RX, from));
        else put(d, true, f_face(face, to));
        break;
    case K_DROP: {
        int side = MKC_FACE[face].side, disk = MKC_FACE[face].disk;
        put(d, true, f_face(face, to));
        put(d, false, f_hand(side, disk, p->hand[side][disk])); /* one fewer in hand */
        break;
    }
    case K_FISTS: put(d, false, f_face(RH, from)); break;
    case K_EXIT: put(d, false, f_face(RK, from)); break;
    default: break; /* end: nothing on the board */
    }
    thermometer_change(d, MKC_F_TOKENS, u->tokens, p->tokens, 2);
    if (u->extra != p->extra) put(d, p->extra, MKC_F_EXTRA);
}
