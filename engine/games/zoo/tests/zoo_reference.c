/* zoo_reference.c — an independent, slow Zoo Contest for the tests, written from the rules
 * file (zoo.md) alone: a list of pieces instead of a board, every move applied to a copy
 * and kept if the rules allow its outcome, everything read from and written to text. */
#include "zoo_reference.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { EL, MO, MS }; /* elephant, monkey, mouse */

typedef struct {
    int pl, kind, royal, f, r;
} Piece;

typedef struct {
    RefRules ru;
    Piece pc[12];
    int n;
    int side;
    int eflag[2];
    int goal[2][3];
    int pend; /* 0, 'E' or 'M' */
    int pend_pl, pend_f, pend_r, pend_mover;
    long noprog, ply;
} RP;

/* ---- looking at the board ---- */

static bool on(const RP *p, int f, int r) { return f >= 0 && r >= 0 && f < p->ru.width && r < p->ru.height; }

static int find(const RP *p, int pl, int kind, int f, int r) {
    for (int i = 0; i < p->n; i++)
        if ((pl < 0 || p->pc[i].pl == pl) && p->pc[i].kind == kind && p->pc[i].f == f && p->pc[i].r == r) return i;
    return -1;
}

static int piece_of(const RP *p, int pl, int kind) {
    for (int i = 0; i < p->n; i++)
        if (p->pc[i].pl == pl && p->pc[i].kind == kind) return i;
    return -1;
}

static int mice_on_board(const RP *p, int pl) {
    int k = 0;
    for (int i = 0; i < p->n; i++) k += p->pc[i].pl == pl && p->pc[i].kind == MS;
    return k;
}

static int kdist(int f1, int r1, int f2, int r2) {
    int a = abs(f1 - f2), b = abs(r1 - r2);
    return a > b ? a : b;
}

static int far_row(const RP *p, int pl) { return pl == 0 ? p->ru.height - 1 : 0; }
static int home_row(const RP *p, int pl) { return pl == 0 ? 0 : p->ru.height - 1; }

static const int DF[8] = {0, 1, 1, 1, 0, -1, -1, -1}, DR[8] = {1, 1, 0, -1, -1, -1, 0, 1};

/* "no enemy monkey, not the own elephant, no own mouse" */
static bool mouse_can_enter(const RP *p, int pl, int f, int r) {
    return on(p, f, r) && find(p, 1 - pl, MO, f, r) < 0 && find(p, pl, EL, f, r) < 0 && find(p, pl, MS, f, r) < 0;
}

/* "no mouse, not the other elephant" */
static bool elephant_can_enter(const RP *p, int pl, int f, int r) {
    return on(p, f, r) && find(p, -1, MS, f, r) < 0 && find(p, 1 - pl, EL, f, r) < 0;
}

static void remove_piece(RP *p, int i) { p->pc[i] = p->pc[--p->n]; }

/* ---- after every step: flags and Royal marks; true if anything changed ---- */

static bool marks(RP *p) {
    bool changed = false;
    for (int i = 0; i < p->n; i++) {
        Piece *x = &p->pc[i];
        if (!p->ru.longgame) {
            if (x->r == far_row(p, x->pl) && !p->goal[x->pl][x->kind]) p->goal[x->pl][x->kind] = 1, changed = true;
        } else {
            if (!x->royal && x->r == far_row(p, x->pl)) x->royal = 1, changed = true;
            if (x->royal && x->r == home_row(p, x->pl) && !p->goal[x->pl][x->kind])
                p->goal[x->pl][x->kind] = 1, changed = true;
        }
    }
    return changed;
}

/* ---- retreats ---- */

typedef struct {
    int n, f[24], r[24];
} Squares;

static void monkey_options(const RP *p, int pl, Squares *out) {
    const Piece *m = &p->pc[piece_of(p, pl, MO)], *e = &p->pc[piece_of(p, 1 - pl, EL)];
    for (int len = 1; len <= 3; len++) {
        out->n = 0;
        for (int d = 0; d < 8; d++) {
            bool ok = true;
            int f = m->f, r = m->r;
            for (int k = 1; k <= len; k++) {
                f += DF[d], r += DR[d];
                if (!on(p, f, r)) ok = false;
                if (k < len && f == e->f && r == e->r) ok = false; /* passing over it */
            }
            if (ok && kdist(f, r, e->f, e->r) >= 2) out->f[out->n] = f, out->r[out->n++] = r;
        }
        if (out->n) return;
    }
}

/* The elephant's retreat squares as the board gives them; *decider is who chooses. */
static void elephant_options(const RP *p, int owner, Squares *out, int *decider) {
    const Piece *x = &p->pc[piece_of(p, owner, EL)];
    out->n = 0;
    *decider = owner;
    for (int d = 0; d < 8; d++)
        if (elephant_can_enter(p, owner, x->f + DF[d], x->r + DR[d]))
            out->f[out->n] = x->f + DF[d], out->r[out->n++] = x->r + DR[d];
    if (out->n) return;
    int removers[2] = {owner, 1 - owner};
    for (int w = 0; w < 2 && !out->n; w++) {
        *decider = removers[w];
        for (int d = 0; d < 8; d++) {
            int f = x->f + DF[d], r = x->r + DR[d], i = find(p, removers[w], MS, f, r);
            if (i < 0) continue;
            RP q = *p;
            remove_piece(&q, i);
            if (elephant_can_enter(&q, owner, f, r)) out->f[out->n] = f, out->r[out->n++] = r;
        }
    }
}

static bool monkey_to(RP *p, int pl, int f, int r) {
    bool progress = false;
    int v = find(p, 1 - pl, MS, f, r);
    if (v >= 0) remove_piece(p, v), progress = true;
    Piece *m = &p->pc[piece_of(p, pl, MO)];
    m->f = f, m->r = r;
    return marks(p) || progress;
}

static void set_pend(RP *p, int kind, int pl, int f, int r, int mover, int decider) {
    p->pend = kind, p->pend_pl = pl, p->pend_f = f, p->pend_r = r, p->pend_mover = mover;
    p->side = decider;
}

/* After an elephant of pl stopped: the enemy monkey at distance 1 or 0 retreats. */
static bool monkey_check(RP *p, int pl, int mover) {
    const Piece *e = &p->pc[piece_of(p, pl, EL)], *m = &p->pc[piece_of(p, 1 - pl, MO)];
    if (kdist(e->f, e->r, m->f, m->r) > 1) return false;
    Squares s;
    monkey_options(p, 1 - pl, &s);
    if (s.n == 1) return monkey_to(p, 1 - pl, s.f[0], s.r[0]);
    if (s.n > 1) set_pend(p, 'M', 1 - pl, m->f, m->r, mover, 1 - pl);
    return false;
}

static bool elephant_to(RP *p, int owner, int f, int r, int mover) {
    bool progress = false;
    int v = find(p, -1, MS, f, r);
    if (v >= 0) remove_piece(p, v), progress = true;
    Piece *e = &p->pc[piece_of(p, owner, EL)];
    e->f = f, e->r = r;
    p->eflag[owner] = 0;
    if (marks(p)) progress = true;
    return monkey_check(p, owner, mover) || progress;
}

/* The invasion of q's elephant by a mouse that came from (sf, sr); false if it cannot retreat. */
static bool invasion(RP *p, int q, int sf, int sr, int mover, bool *progress) {
    const Piece *x = &p->pc[piece_of(p, q, EL)];
    int af = 2 * x->f - sf, ar = 2 * x->r - sr;
    if (elephant_can_enter(p, q, af, ar)) {
        *progress |= elephant_to(p, q, af, ar, mover);
        return true;
    }
    Squares s;
    int dec;
    elephant_options(p, q, &s, &dec);
    if (s.n == 0) return false;
    if (s.n == 1) *progress |= elephant_to(p, q, s.f[0], s.r[0], mover);
    else set_pend(p, 'E', q, x->f, x->r, mover, dec);
    return true;
}

/* ---- text ---- */

/* "a1" .. "o15", with the NUL; returns the length. */
static int sqtext(char *o, int f, int r) {
    int k = 0;
    o[k++] = (char)('a' + f);
    if (r + 1 >= 10) o[k++] = (char)('0' + (r + 1) / 10);
    o[k++] = (char)('0' + (r + 1) % 10);
    o[k] = 0;
    return k;
}

static char letter(const Piece *x) {
    static const char L[3][2] = {{'E', 'F'}, {'M', 'N'}, {'S', 'T'}};
    char c = L[x->kind][x->royal];
    return x->pl ? (char)tolower(c) : c;
}

static void print_rp(const RP *p, char *out) {
    char *o = out;
    for (int r = p->ru.height - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < p->ru.width; f++) {
            char here[4];
            int k = 0;
            for (int kind = 0; kind < 3; kind++)
                for (int pl = 0; pl < 2; pl++) {
                    int i = find(p, pl, kind, f, r);
                    if (i >= 0) here[k++] = letter(&p->pc[i]);
                }
            if (!k) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            if (k > 1) *o++ = '(';
            memcpy(o, here, (size_t)k);
            o += k;
            if (k > 1) *o++ = ')';
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    o += sprintf(o, " %d ", p->side + 1);
    if (p->eflag[0]) *o++ = 'E';
    if (p->eflag[1]) *o++ = 'e';
    if (!p->eflag[0] && !p->eflag[1]) *o++ = '-';
    *o++ = ' ';
    const char *g = "EMSems";
    int any = 0;
    for (int i = 0; i < 6; i++)
        if (p->goal[i / 3][i % 3]) *o++ = g[i], any = 1;
    if (!any) *o++ = '-';
    *o++ = ' ';
    if (p->pend) {
        *o++ = (char)(p->pend_pl ? tolower(p->pend) : p->pend);
        o += sqtext(o, p->pend_f, p->pend_r);
        o += sprintf(o, "/%d", p->pend_mover + 1);
    } else {
        *o++ = '-';
    }
    sprintf(o, " %ld %ld", p->noprog, p->ply);
}

/* ---- reading (strict: ref_valid says why a string is refused) ---- */

static bool why(char *buf, int size, const char *text) {
    if (buf) snprintf(buf, (size_t)size, "%s", text);
    return false;
}

static bool read_count(const char *s, long *v) {
    size_t n = strlen(s);
    if (!n || n > 10 || (s[0] == '0' && n > 1)) return false;
    long x = 0;
    for (size_t i = 0; i < n; i++) {
        if (!isdigit((unsigned char)s[i])) return false;
        x = x * 10 + (s[i] - '0');
    }
    if (x > 1000000000L) return false;
    *v = x;
    return true;
}

static bool letter_piece(char c, Piece *x) {
    const char *k = strchr("EFMNSTefmnst", c);
    if (!c || !k) return false;
    int i = (int)(k - "EFMNSTefmnst");
    x->pl = i / 6;
    x->kind = (i % 6) / 2;
    x->royal = i % 2;
    return true;
}

/* The sheet's pairs, and what only a pending retreat allows. */
static bool combo_at_rest(const RP *p, int f, int r) {
    int k = 0, e[2], m[2], s[2];
    for (int pl = 0; pl < 2; pl++) {
        e[pl] = find(p, pl, EL, f, r) >= 0, m[pl] = find(p, pl, MO, f, r) >= 0, s[pl] = find(p, pl, MS, f, r) >= 0;
        k += e[pl] + m[pl] + s[pl];
    }
    if (k <= 1) return true;
    if (k != 2) return false;
    for (int pl = 0; pl < 2; pl++)
        if ((e[pl] && m[pl]) || (m[pl] && s[pl])) return true;
    return (m[0] && m[1]) || (s[0] && s[1]);
}

static bool combo_pending(const RP *p, int f, int r) {
    int e[2], m[2], s[2], k = 0;
    for (int pl = 0; pl < 2; pl++) {
        e[pl] = find(p, pl, EL, f, r) >= 0, m[pl] = find(p, pl, MO, f, r) >= 0, s[pl] = find(p, pl, MS, f, r) >= 0;
        k += e[pl] + m[pl] + s[pl];
    }
    bool here = p->pend && p->pend_f == f && p->pend_r == r;
    for (int q = 0; q < 2; q++) {
        int a = 1 - q;
        /* the invaded elephant of q with a's mouse */
        if (k == 2 && e[q] && s[a]) return here && p->pend == 'E' && p->pend_pl == q;
        /* q's elephant with a's retreating monkey, perhaps with q's monkey too */
        if (e[q] && m[a] && (k == 2 || (k == 3 && m[q]))) return here && p->pend == 'M' && p->pend_pl == a;
    }
    return false;
}

static bool parse_rp(const char *fen, const RefRules *ru, RP *p, char *w, int ws) {
    memset(p, 0, sizeof *p);
    p->ru = *ru;
    char buf[2048];
    if (strlen(fen) >= sizeof buf) return why(w, ws, "too long");
    snprintf(buf, sizeof buf, "%s", fen);
    char *fld[8];
    int nf = 0;
    for (char *t = strtok(buf, " \t"); t; t = strtok(NULL, " \t")) {
        if (nf == 8) break;
        fld[nf++] = t;
    }
    if (nf != 7) return why(w, ws, "field count");
    /* board */
    const char *s = fld[0];
    int r = ru->height - 1, f = 0;
    for (;; s++) {
        if (*s == '/' || !*s) {
            if (f != ru->width) return why(w, ws, "files in a rank");
            if (!*s) break;
            if (--r < 0) return why(w, ws, "too many ranks");
            f = 0;
        } else if (isdigit((unsigned char)*s)) {
            if (*s == '0') return why(w, ws, "zero");
            int n = 0;
            while (isdigit((unsigned char)*s) && n < 100) n = n * 10 + (*s++ - '0');
            s--;
            f += n;
            if (f > ru->width) return why(w, ws, "files in a rank");
        } else {
            int k = 0, order[3];
            Piece x[3];
            if (*s == '(') {
                for (s++; *s && *s != ')'; s++) {
                    if (k == 3 || !letter_piece(*s, &x[k])) return why(w, ws, "bad bracket");
                    order[k] = x[k].kind * 2 + x[k].pl;
                    if (k && order[k] <= order[k - 1]) return why(w, ws, "bracket order");
                    k++;
                }
                if (!*s || k < 2) return why(w, ws, "bad bracket");
            } else {
                if (!letter_piece(*s, &x[0])) return why(w, ws, "unknown letter");
                k = 1;
            }
            if (f >= ru->width) return why(w, ws, "files in a rank");
            for (int i = 0; i < k; i++) {
                if (x[i].royal && !ru->longgame) return why(w, ws, "Royal in the short game");
                if (p->n == 12) return why(w, ws, "too many pieces");
                x[i].f = f, x[i].r = r;
                p->pc[p->n++] = x[i];
            }
            f++;
        }
    }
    if (r != 0) return why(w, ws, "rank count");
    for (int pl = 0; pl < 2; pl++) {
        int ne = 0, nm = 0;
        for (int i = 0; i < p->n; i++)
            if (p->pc[i].pl == pl) ne += p->pc[i].kind == EL, nm += p->pc[i].kind == MO;
        if (ne != 1 || nm != 1 || mice_on_board(p, pl) > 4) return why(w, ws, "piece count");
    }
    /* side, elephants, goals, pending, counters */
    if (strcmp(fld[1], "1") && strcmp(fld[1], "2")) return why(w, ws, "side");
    p->side = fld[1][0] - '1';
    if (!strcmp(fld[2], "E") || !strcmp(fld[2], "Ee")) p->eflag[0] = 1;
    if (!strcmp(fld[2], "e") || !strcmp(fld[2], "Ee")) p->eflag[1] = 1;
    if (!p->eflag[0] && !p->eflag[1] && strcmp(fld[2], "-")) return why(w, ws, "elephants");
    if (strcmp(fld[3], "-")) {
        const char *g = "EMSems";
        int last = -1;
        for (const char *c = fld[3]; *c; c++) {
            const char *at = strchr(g, *c);
            if (!at || (int)(at - g) <= last) return why(w, ws, "goals");
            last = (int)(at - g);
            p->goal[last / 3][last % 3] = 1;
        }
    }
    if (strcmp(fld[4], "-")) {
        const char *q = fld[4];
        if (!strchr("EeMm", q[0]) || !q[0]) return why(w, ws, "pending");
        p->pend = toupper((unsigned char)q[0]);
        p->pend_pl = islower((unsigned char)q[0]) ? 1 : 0;
        if (q[1] < 'a' || q[1] >= 'a' + ru->width) return why(w, ws, "pending");
        p->pend_f = q[1] - 'a';
        const char *sl = strchr(q, '/');
        if (!sl || sl == q + 2 || q[2] == '0') return why(w, ws, "pending");
        int rank = 0;
        for (const char *c = q + 2; c < sl; c++) {
            if (!isdigit((unsigned char)*c) || rank > 100) return why(w, ws, "pending");
            rank = rank * 10 + (*c - '0');
        }
        if (rank < 1 || rank > ru->height) return why(w, ws, "pending");
        p->pend_r = rank - 1;
        if ((sl[1] != '1' && sl[1] != '2') || sl[2]) return why(w, ws, "pending");
        p->pend_mover = sl[1] - '1';
    }
    if (!read_count(fld[5], &p->noprog) || !read_count(fld[6], &p->ply)) return why(w, ws, "counters");
    /* what the rules forbid */
    for (int i = 0; i < p->n; i++) {
        const Piece *x = &p->pc[i];
        for (int j = 0; j < i; j++)
            if (p->pc[j].f == x->f && p->pc[j].r == x->r && p->pc[j].pl == x->pl && p->pc[j].kind == x->kind)
                return why(w, ws, "two alike on a square");
        if (!combo_at_rest(p, x->f, x->r) && !combo_pending(p, x->f, x->r)) return why(w, ws, "combination");
    }
    for (int pl = 0; pl < 2; pl++) {
        const Piece *e = &p->pc[piece_of(p, pl, EL)];
        int sf = pl ? ru->width - 1 : 0, sr = pl ? ru->height - 1 : 0;
        if (p->eflag[pl] && (e->f != sf || e->r != sr || e->royal)) return why(w, ws, "elephant flag");
    }
    for (int i = 0; i < p->n; i++) {
        const Piece *x = &p->pc[i];
        if (!ru->longgame && x->r == far_row(p, x->pl) && !p->goal[x->pl][x->kind]) return why(w, ws, "flag missing");
        if (ru->longgame && x->r == far_row(p, x->pl) && !x->royal) return why(w, ws, "Common on the far row");
        if (ru->longgame && x->royal && x->r == home_row(p, x->pl) && !p->goal[x->pl][x->kind])
            return why(w, ws, "Royal at home without its flag");
    }
    if (ru->longgame)
        for (int pl = 0; pl < 2; pl++)
            for (int k = EL; k <= MO; k++)
                if (p->goal[pl][k] && !p->pc[piece_of(p, pl, k)].royal) return why(w, ws, "flag of a Common piece");
    if (p->goal[0][0] && p->goal[0][1] && p->goal[0][2] && p->goal[1][0] && p->goal[1][1] && p->goal[1][2])
        return why(w, ws, "both complete");
    /* retreats: who must, and the pending one */
    int must = 0;
    for (int pl = 0; pl < 2; pl++) {
        const Piece *e = &p->pc[piece_of(p, pl, EL)], *m = &p->pc[piece_of(p, pl, MO)];
        const Piece *ee = &p->pc[piece_of(p, 1 - pl, EL)];
        bool inv = find(p, 1 - pl, MS, e->f, e->r) >= 0, thr = kdist(m->f, m->r, ee->f, ee->r) <= 1;
        bool pe = p->pend == 'E' && p->pend_pl == pl, pm = p->pend == 'M' && p->pend_pl == pl;
        if ((inv && !pe) || (thr && !pm)) return why(w, ws, "retreat not pending");
        if (pe && (!inv || e->f != p->pend_f || e->r != p->pend_r)) return why(w, ws, "pending elephant");
        if (pm && (!thr || m->f != p->pend_f || m->r != p->pend_r)) return why(w, ws, "pending monkey");
        must += inv + thr;
    }
    if (p->pend) {
        Squares sq;
        int dec = p->pend_pl;
        if (p->pend == 'E') {
            if (p->pend_mover == p->pend_pl) return why(w, ws, "pending mover");
            elephant_options(p, p->pend_pl, &sq, &dec);
        } else {
            monkey_options(p, p->pend_pl, &sq);
        }
        if (sq.n < 2) return why(w, ws, "pending with one choice");
        if (p->side != dec) return why(w, ws, "side is not the decider");
    }
    (void)must;
    return true;
}

/* ---- moves ---- */

typedef struct {
    char text[64];
    RP after;
} RefMove;

static int result_of(const RP *p) {
    for (int pl = 0; pl < 2; pl++)
        if (p->goal[pl][0] && p->goal[pl][1] && p->goal[pl][2]) return pl + 1;
    if (p->ru.limit && p->noprog >= p->ru.limit) return 3;
    return 0;
}

static void finish(RP *p, int mover, bool progress) {
    if (!p->pend) p->side = 1 - mover;
    p->noprog = progress ? 0 : p->noprog + 1;
}

/* A regular move by the side: kind 'E', 'M', 'S' (step, spawn dx -1/+1/0, relocated mouse
 * (rf, rr) or rf < 0), 'D' (drop on (tf, tr)). False if the rules refuse its outcome. */
static bool regular(RP *p, int kind, int ff, int fr, int tf, int tr, int dx, int rf, int rr) {
    int pl = p->side, q = 1 - pl;
    bool progress = false;
    p->ply++;
    if (kind == 'E') {
        Piece *e = &p->pc[piece_of(p, pl, EL)];
        e->f = tf, e->r = tr;
        p->eflag[pl] = 0;
        progress = marks(p);
        progress |= monkey_check(p, pl, pl);
    } else if (kind == 'M') {
        progress = monkey_to(p, pl, tf, tr);
    } else {
        int sf = ff, sr = fr;
        if (kind == 'S') {
            Piece *mv = &p->pc[find(p, pl, MS, ff, fr)];
            int royal = mv->royal;
            mv->f = tf, mv->r = tr;
            if (dx) {
                if (mice_on_board(p, pl) < 4) {
                    Piece x = {pl, MS, royal, ff + dx, fr};
                    p->pc[p->n++] = x;
                } else {
                    Piece *re = &p->pc[find(p, pl, MS, rf, rr)];
                    re->f = ff + dx, re->r = fr, re->royal = royal;
                }
            }
        } else {
            Piece x = {pl, MS, 0, tf, tr};
            p->pc[p->n++] = x;
            sf = tf, sr = tr + (pl == 0 ? -1 : 1); /* from behind the home row */
        }
        progress = marks(p);
        const Piece *e = &p->pc[piece_of(p, q, EL)];
        if (find(p, pl, MS, e->f, e->r) >= 0 && !invasion(p, q, sf, sr, pl, &progress)) return false;
    }
    finish(p, pl, progress);
    return true;
}

static void add(RefMove *list, int *n, const RP *p, const char *text) {
    snprintf(list[*n].text, sizeof list[*n].text, "%s", text);
    list[*n].after = *p;
    (*n)++;
}

/* Every legal decision with the position after it. */
static int generate(const RP *p, RefMove *list) {
    int n = 0;
    char t[64];
    if (result_of(p)) return 0;
    if (p->pend) {
        Squares s;
        int dec;
        if (p->pend == 'E') elephant_options(p, p->pend_pl, &s, &dec);
        else monkey_options(p, p->pend_pl, &s);
        for (int i = 0; i < s.n; i++) {
            RP q = *p;
            int owner = q.pend_pl, mover = q.pend_mover;
            bool progress;
            q.pend = 0;
            q.pend_f = q.pend_r = q.pend_pl = q.pend_mover = 0;
            q.ply++;
            if (p->pend == 'E') progress = elephant_to(&q, owner, s.f[i], s.r[i], mover);
            else progress = monkey_to(&q, owner, s.f[i], s.r[i]);
            finish(&q, mover, progress);
            int k = sqtext(t, p->pend_f, p->pend_r);
            sqtext(t + k, s.f[i], s.r[i]);
            add(list, &n, &q, t);
        }
        return n;
    }
    int pl = p->side, q = 1 - pl;
    const Piece *e = &p->pc[piece_of(p, pl, EL)], *m = &p->pc[piece_of(p, pl, MO)];
    const Piece *ee = &p->pc[piece_of(p, q, EL)];
    for (int d = 0; d < 8; d++) {
        if (p->eflag[pl] && DF[d] && DR[d]) continue; /* first move: orthogonal */
        int f = e->f + DF[d], r = e->r + DR[d];
        if (!elephant_can_enter(p, pl, f, r)) continue;
        RP c = *p;
        if (regular(&c, 'E', e->f, e->r, f, r, 0, -1, -1)) {
            int k = sqtext(t, e->f, e->r);
            sqtext(t + k, f, r);
            add(list, &n, &c, t);
        }
    }
    bool shared = find(p, pl, EL, m->f, m->r) >= 0 || find(p, pl, MS, m->f, m->r) >= 0;
    for (int d = 0; d < 8; d++)
        for (int len = 1; len <= 2; len++) {
            int f = m->f + DF[d] * len, r = m->r + DR[d] * len;
            if (!on(p, f, r) || kdist(f, r, ee->f, ee->r) < 2) continue;
            if (len == 2 && (!on(p, m->f + DF[d], m->r + DR[d]) || (m->f + DF[d] == ee->f && m->r + DR[d] == ee->r)))
                continue;
            RP c = *p;
            if (regular(&c, 'M', m->f, m->r, f, r, 0, -1, -1)) {
                int k = sqtext(t, m->f, m->r);
                k += sqtext(t + k, f, r);
                if (shared) strcpy(t + k, "m");
                add(list, &n, &c, t);
            }
        }
    int pool = 4 - mice_on_board(p, pl);
    for (int i = 0; i < p->n; i++) {
        if (p->pc[i].pl != pl || p->pc[i].kind != MS) continue;
        int sf = p->pc[i].f, sr = p->pc[i].r;
        for (int d = 0; d < 8; d++) {
            int f = sf + DF[d], r = sr + DR[d];
            if (!mouse_can_enter(p, pl, f, r)) continue;
            char base[32];
            int k = sqtext(base, sf, sr);
            sqtext(base + k, f, r);
            RP c = *p;
            if (regular(&c, 'S', sf, sr, f, r, 0, -1, -1)) add(list, &n, &c, base);
            /* the spawn square is judged on the board after the step */
            RP stepped = *p;
            Piece *mv = &stepped.pc[find(&stepped, pl, MS, sf, sr)];
            mv->f = f, mv->r = r;
            for (int dx = -1; dx <= 1; dx += 2) {
                int lf = sf + dx;
                if (!mouse_can_enter(&stepped, pl, lf, sr)) continue;
                char spawn[16];
                sqtext(spawn, lf, sr);
                if (pool) {
                    c = *p;
                    if (regular(&c, 'S', sf, sr, f, r, dx, -1, -1)) {
                        snprintf(t, sizeof t, "%s+%s", base, spawn);
                        add(list, &n, &c, t);
                    }
                    continue;
                }
                for (int j = 0; j < p->n; j++) {
                    if (j == i || p->pc[j].pl != pl || p->pc[j].kind != MS) continue;
                    c = *p;
                    if (regular(&c, 'S', sf, sr, f, r, dx, p->pc[j].f, p->pc[j].r)) {
                        char rel[16];
                        sqtext(rel, p->pc[j].f, p->pc[j].r);
                        snprintf(t, sizeof t, "%s+%s%s", base, rel, spawn);
                        add(list, &n, &c, t);
                    }
                }
            }
        }
    }
    if (pool)
        for (int f = 0; f < p->ru.width; f++) {
            int r = home_row(p, pl);
            if (!mouse_can_enter(p, pl, f, r)) continue;
            RP c = *p;
            if (regular(&c, 'D', -1, -1, f, r, 0, -1, -1)) {
                t[0] = '@';
                sqtext(t + 1, f, r);
                add(list, &n, &c, t);
            }
        }
    if (n == 0) {
        RP c = *p;
        c.ply++;
        finish(&c, pl, false);
        add(list, &n, &c, "pass");
    }
    return n;
}

/* ---- the interface ---- */

static int cmp_text(const void *a, const void *b) { return strcmp(((const RefMove *)a)->text, ((const RefMove *)b)->text); }

/* The moves of the last position asked, kept: a test asks for the list and then plays one. */
static struct {
    char fen[2048];
    RefRules rules;
    RefMove *list;
    int n;
} memo;

static int listed(const char *fen, const RefRules *rules) {
    if (!memo.list) memo.list = malloc(sizeof *memo.list * 4096);
    if (strlen(fen) < sizeof memo.fen && !strcmp(fen, memo.fen) && !memcmp(rules, &memo.rules, sizeof *rules))
        return memo.n;
    RP p;
    memo.fen[0] = 0;
    if (!parse_rp(fen, rules, &p, NULL, 0)) return -1;
    memo.n = generate(&p, memo.list);
    qsort(memo.list, (size_t)memo.n, sizeof *memo.list, cmp_text);
    snprintf(memo.fen, sizeof memo.fen, "%s", fen);
    memo.rules = *rules;
    return memo.n;
}

int ref_moves(const char *fen, const RefRules *rules, char *out) {
    int n = listed(fen, rules);
    char *o = out;
    *o = 0;
    for (int i = 0; i < n; i++) {
        size_t len = strlen(memo.list[i].text);
        if (i) *o++ = ' ';
        memcpy(o, memo.list[i].text, len + 1);
        o += len;
    }
    return n;
}

bool ref_play(const char *fen, const RefRules *rules, const char *move, char *out) {
    int n = listed(fen, rules);
    for (int i = 0; i < n; i++)
        if (!strcmp(memo.list[i].text, move)) {
            print_rp(&memo.list[i].after, out);
            return true;
        }
    return false;
}

int ref_result(const char *fen, const RefRules *rules) {
    RP p;
    if (!parse_rp(fen, rules, &p, NULL, 0)) return -1;
    return result_of(&p);
}

bool ref_valid(const char *fen, const RefRules *rules, char *w, int ws) {
    RP p;
    return parse_rp(fen, rules, &p, w, ws);
}
