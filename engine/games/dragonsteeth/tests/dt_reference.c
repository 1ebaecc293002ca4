/* dt_reference.c — the tests' independent Dragons Teeth rules: plain loops over an 8x8
 * array, each rule of the rules file written out as it reads. */
#include "dt_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* {file step, rank step}: N, NE, E, SE, S, SW, W, NW */
static const int DIRS[8][2] = {{0, 1}, {1, 1}, {1, 0}, {1, -1}, {0, -1}, {-1, -1}, {-1, 0}, {-1, 1}};

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }
static int owner(int v) { return v > 0 ? 1 : v < 0 ? 2 : 0; }
static int strength(int v) { return abs(v); }

bool ref_parse(const char *fen, RefPos *p) {
    memset(p, 0, sizeof *p);
    int r = 7, f = 0;
    const char *s = fen;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            if (f != 8) return false;
            r--, f = 0;
        } else if (*s >= '1' && *s <= '8') {
            f += *s - '0';
        } else if (*s == 'T' || *s == 't') {
            int sign = *s == 'T' ? 1 : -1, st = 1;
            if (s[1] == '[') {
                st = s[2] - '0';
                if (s[3] != ']') return false;
                s += 3;
            }
            if (!on_board(f, r) || st < 1 || st > 3) return false;
            p->sq[r][f++] = sign * st;
        } else {
            return false;
        }
    }
    if (r != 0 || f != 8) return false;
    return sscanf(s, " %d %d %d %ld %ld", &p->side, &p->off[1], &p->off[2], &p->noprog, &p->ply) == 5;
}

void ref_print(const RefPos *p, char *out) {
    char *o = out;
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8;) {
            if (!p->sq[r][f]) {
                int n = 0;
                while (f < 8 && !p->sq[r][f]) n++, f++;
                o += sprintf(o, "%d", n);
                continue;
            }
            char c = p->sq[r][f] > 0 ? 'T' : 't';
            if (strength(p->sq[r][f]) == 1) *o++ = c;
            else o += sprintf(o, "%c[%d]", c, strength(p->sq[r][f]));
            f++;
        }
        if (r) *o++ = '/';
    }
    sprintf(o, " %d %d %d %ld %ld", p->side, p->off[1], p->off[2], p->noprog, p->ply);
}

/* Strength of player pl's teeth on board, plus what it has moved off. */
static int potential(const RefPos *p, int pl) {
    int total = p->off[pl];
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (owner(p->sq[r][f]) == pl) total += strength(p->sq[r][f]);
    return total;
}

int ref_result(const RefPos *p, RefRules rules) {
    if (p->off[1] >= 6) return 1;
    if (p->off[2] >= 6) return 2;
    if (rules.dead && potential(p, 1) < 6 && potential(p, 2) < 6) return 3;
    if (rules.limit && p->noprog >= rules.limit) return 3;
    return 0;
}

/* Move text by hand (sprintf would be most of the test's time). */
static void move_text(char *out, int f, int r, int tf, int tr) {
    out[0] = (char)('a' + f), out[1] = (char)('1' + r);
    if (tf < 0) memcpy(out + 2, "off", 4);
    else out[2] = (char)('a' + tf), out[3] = (char)('1' + tr), out[4] = 0;
}
static int cmp(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

/* Whether the tooth on (f, r) of player pl may leave the board: on its far rank, or a
 * forward line (straight or diagonal) empty up to and including a far-rank square. */
static bool can_exit(const RefPos *p, int f, int r, int pl) {
    int far = pl == 1 ? 7 : 0, dr = pl == 1 ? 1 : -1;
    if (r == far) return true;
    for (int df = -1; df <= 1; df++) {
        for (int k = 1;; k++) {
            int tf = f + k * df, tr = r + k * dr;
            if (!on_board(tf, tr) || p->sq[tr][tf]) break; /* a side edge, or a tooth in the way */
            if (tr == far) return true;
        }
    }
    return false;
}

int ref_moves(const RefPos *p, RefRules rules, char *out) {
    static char moves[512][8];
    int n = 0, me = p->side;
    if (ref_result(p, rules)) {
        out[0] = 0;
        return 0;
    }
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            if (owner(p->sq[r][f]) != me) continue;
            int m = strength(p->sq[r][f]);
            for (int d = 0; d < 8; d++) {
                for (int k = 1;; k++) {
                    int tf = f + k * DIRS[d][0], tr = r + k * DIRS[d][1];
                    if (!on_board(tf, tr)) break;
                    if (!p->sq[tr][tf]) {
                        move_text(moves[n++], f, r, tf, tr);
                        continue;
                    }
                    if (owner(p->sq[tr][tf]) == me) break;
                    /* an enemy: the assist is every friendly tooth next to it but the mover */
                    int assist = 0;
                    for (int af = tf - 1; af <= tf + 1; af++)
                        for (int ar = tr - 1; ar <= tr + 1; ar++)
                            if (on_board(af, ar) && !(af == tf && ar == tr) && !(af == f && ar == r) &&
                                owner(p->sq[ar][af]) == me)
                                assist += strength(p->sq[ar][af]);
                    if (m + assist >= strength(p->sq[tr][tf])) move_text(moves[n++], f, r, tf, tr);
                    break;
                }
            }
            if (can_exit(p, f, r, me)) move_text(moves[n++], f, r, -1, -1);
        }
    if (n == 0) strcpy(moves[n++], "pass");
    qsort(moves, (size_t)n, sizeof moves[0], cmp);
    char *o = out;
    for (int i = 0; i < n; i++) {
        if (i) *o++ = ' ';
        size_t len = strlen(moves[i]);
        memcpy(o, moves[i], len);
        o += len;
    }
    *o = 0;
    return n;
}

void ref_play(RefPos *p, const char *move) {
    p->ply++;
    int me = p->side;
    p->side = 3 - me;
    if (!strcmp(move, "pass")) {
        p->noprog++;
        return;
    }
    int f = move[0] - 'a', r = move[1] - '1';
    int v = p->sq[r][f];
    p->sq[r][f] = 0;
    if (!strcmp(move + 2, "off")) {
        p->off[me] += strength(v);
        p->noprog = 0;
        return;
    }
    int tf = move[2] - 'a', tr = move[3] - '1';
    p->noprog = p->sq[tr][tf] ? 0 : p->noprog + 1;
    p->sq[tr][tf] = v;
}

static uint64_t splitmix(uint64_t *s) {
    uint64_t z = (*s += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t ref_key(const RefPos *p, RefRules rules) {
    uint64_t s = 0x445241474F4E5354ULL, tooth[2][4][64], side, off[2][9], nodead, k = 0;
    for (int pl = 0; pl < 2; pl++)
        for (int st = 0; st < 4; st++)
            for (int sq = 0; sq < 64; sq++) tooth[pl][st][sq] = splitmix(&s);
    side = splitmix(&s);
    for (int pl = 0; pl < 2; pl++)
        for (int o = 0; o < 9; o++) off[pl][o] = splitmix(&s);
    nodead = splitmix(&s);
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (p->sq[r][f]) k ^= tooth[owner(p->sq[r][f]) - 1][strength(p->sq[r][f])][r * 8 + f];
    k ^= off[0][p->off[1]] ^ off[1][p->off[2]];
    if (p->side == 2) k ^= side;
    if (!rules.dead) k ^= nodead;
    return k;
}
