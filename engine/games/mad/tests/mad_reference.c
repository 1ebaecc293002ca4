/* mad_reference.c — the tests' plain M.A.D. referee: an 8x8 array of owners and heights,
 * every rule of the shared rules file mad.md written out as directly as it reads, no speed. */
#include "mad_reference.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

static const int DX[8] = {0, 1, 1, 1, 0, -1, -1, -1};
static const int DY[8] = {1, 1, 0, -1, -1, -1, 0, 1};

static bool on_board(int r, int f) { return r >= 0 && r < 8 && f >= 0 && f < 8; }

bool ref_parse(const char *fen, RefPos *p) {
    memset(p, 0, sizeof *p);
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) p->owner[r][f] = -1;
    const char *s = fen;
    for (int r = 7; r >= 0; r--) {
        int f = 0;
        while (f < 8) {
            if (isdigit((unsigned char)*s)) {
                f += *s++ - '0';
            } else if (*s == 'C' || *s == 'c') {
                int who = *s++ == 'C' ? 0 : 1, h = 1;
                if (*s == '[') {
                    h = s[1] - '0';
                    if (s[2] != ']') return false;
                    s += 3;
                }
                p->owner[r][f] = who;
                p->height[r][f] = h;
                f++;
            } else {
                return false;
            }
        }
        if (f != 8) return false;
        if (r > 0 && *s++ != '/') return false;
    }
    int side;
    if (sscanf(s, " %d %ld %ld", &side, &p->noprog, &p->ply) != 3 || (side != 1 && side != 2)) return false;
    p->side = side - 1;
    return true;
}

void ref_print(const RefPos *p, char *out) {
    char *o = out;
    for (int r = 7; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 8; f++) {
            if (p->height[r][f] == 0) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty);
            empty = 0;
            char letter = p->owner[r][f] == 0 ? 'C' : 'c';
            if (p->height[r][f] == 1) o += sprintf(o, "%c", letter);
            else o += sprintf(o, "%c[%d]", letter, p->height[r][f]);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r > 0) *o++ = '/';
    }
    sprintf(o, " %d %ld %ld", p->side + 1, p->noprog, p->ply);
}

static bool has_checker(const RefPos *p, int who) {
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (p->height[r][f] && p->owner[r][f] == who) return true;
    return false;
}

static bool on_goal(const RefPos *p, int who) {
    int goal = who == 0 ? 7 : 0;
    for (int f = 0; f < 8; f++)
        if (p->height[goal][f] && p->owner[goal][f] == who) return true;
    return false;
}

static int win_of(int who) { return who == 0 ? REF_P1_WIN : REF_P2_WIN; }

int ref_status(const RefPos *p, int limit) {
    int s = p->side, m = 1 - s; /* to move; who just moved */
    if (on_goal(p, m)) return win_of(m);
    if (on_goal(p, s)) return win_of(s);
    bool has_s = has_checker(p, s), has_m = has_checker(p, m);
    if (!has_s && !has_m) return REF_DRAW;
    if (!has_s) return win_of(m);
    if (!has_m) return win_of(s);
    if (limit > 0 && p->noprog >= limit) return REF_DRAW;
    return REF_ONGOING;
}

/* The move's text: from, to, and "x<k>" for a simple move of part of a stack. */
static void text_of(RefMove *m, int height) {
    char *t = m->text;
    *t++ = (char)('a' + m->ff);
    *t++ = (char)('1' + m->fr);
    *t++ = (char)('a' + m->tf);
    *t++ = (char)('1' + m->tr);
    if (!m->lunge && m->count < height) *t++ = 'x', *t++ = (char)('0' + m->count);
    *t = 0;
}

int ref_moves(const RefPos *p, int limit, RefMove *out) {
    if (ref_status(p, limit) != REF_ONGOING) return 0;
    int n = 0, me = p->side;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (!p->height[r][f] || p->owner[r][f] != me) continue;
            int h = p->height[r][f];
            for (int d = 0; d < 8; d++) {
                int tr = r + DY[d], tf = f + DX[d];
                if (!on_board(tr, tf)) continue;
                /* simple moves of k checkers: a friendly stack there may not pass 4 */
                for (int k = 1; k <= h; k++) {
                    if (p->height[tr][tf] && p->owner[tr][tf] == me && p->height[tr][tf] + k > 4) continue;
                    RefMove *m = &out[n++];
                    m->fr = r, m->ff = f, m->tr = tr, m->tf = tf, m->count = k, m->lunge = false;
                    text_of(m, h);
                }
                /* lunges of L = 2 .. h - 1 checkers, one a square along this line */
                for (int len = 2; len <= h - 1; len++) {
                    bool ok = true;
                    for (int i = 1; i <= len && ok; i++) {
                        int sr = r + i * DY[d], sf = f + i * DX[d];
                        if (!on_board(sr, sf)) ok = false;
                        else if (i < len && p->height[sr][sf]) ok = false;
                        else if (i == len && p->height[sr][sf] && p->owner[sr][sf] == me) ok = false;
                    }
                    if (!ok) continue;
                    RefMove *m = &out[n++];
                    m->fr = r, m->ff = f, m->tr = r + len * DY[d], m->tf = f + len * DX[d];
                    m->count = len, m->lunge = true;
                    text_of(m, h);
                }
            }
        }
    return n;
}

bool ref_combat(const RefPos *p, const RefMove *m) {
    return p->height[m->tr][m->tf] && p->owner[m->tr][m->tf] != p->side;
}

/* k of the mover's checkers arrive on (r, f): stacking with friends, attrition with enemies. */
static void arrive(RefPos *q, int r, int f, int k, int me) {
    int h = q->height[r][f];
    if (h == 0 || q->owner[r][f] == me) {
        q->height[r][f] = h + k;
        q->owner[r][f] = me;
        return;
    }
    int dead = k < h ? k : h;
    k -= dead;
    h -= dead;
    if (k > 0) {
        q->height[r][f] = k;
        q->owner[r][f] = me;
    } else if (h > 0) {
        q->height[r][f] = h;
    } else {
        q->height[r][f] = 0;
        q->owner[r][f] = -1;
    }
}

RefPos ref_apply(const RefPos *p, const RefMove *m) {
    RefPos q = *p;
    int me = p->side;
    bool combat = ref_combat(p, m);
    q.height[m->fr][m->ff] -= m->count;
    if (q.height[m->fr][m->ff] == 0) q.owner[m->fr][m->ff] = -1;
    if (m->lunge) {
        int dr = (m->tr > m->fr) - (m->tr < m->fr), df = (m->tf > m->ff) - (m->tf < m->ff);
        for (int i = 1; i <= m->count; i++) arrive(&q, m->fr + i * dr, m->ff + i * df, 1, me);
    } else {
        arrive(&q, m->tr, m->tf, m->count, me);
    }
    q.noprog = combat ? 0 : p->noprog + 1;
    q.ply = p->ply + 1;
    q.side = 1 - me;
    return q;
}
