/* embed_reference.c — the tests' independent Embed referee: every rule written out square
 * by square from the rules file, with no bitboards, no tables and nothing of the engine. */
#include "embed_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int owner(char c) { return c == 'D' || c == 'B' ? 1 : c == 'd' || c == 'b' ? 2 : 0; }
static bool is_boss(char c) { return c == 'B' || c == 'b'; }
static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

bool ref_parse(const char *fen, int limit, RefPos *p) {
    memset(p, 0, sizeof *p);
    memset(p->at, '.', sizeof p->at);
    int r = 7, f = 0;
    const char *s = fen;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            r--, f = 0;
        } else if (*s >= '1' && *s <= '8') {
            f += *s - '0';
        } else {
            if (r < 0 || f > 7) return false;
            p->at[r][f++] = *s;
        }
    }
    char side[4];
    return sscanf(s, " %3s %ld %ld", side, &p->noprogress, &p->ply) == 3 &&
           ((p->side = atoi(side)) == 1 || p->side == 2) && (p->limit = limit, true);
}

void ref_print(const RefPos *p, char *out) {
    char *o = out;
    for (int r = 7; r >= 0; r--) {
        for (int f = 0; f < 8;) {
            if (p->at[r][f] != '.') {
                *o++ = p->at[r][f++];
                continue;
            }
            int n = 0;
            while (f < 8 && p->at[r][f] == '.') n++, f++;
            *o++ = (char)('0' + n);
        }
        if (r) *o++ = '/';
    }
    sprintf(o, " %d %ld %ld", p->side, p->noprogress, p->ply);
}

static void find_boss(const RefPos *p, int who, int *bf, int *br) {
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++)
            if (is_boss(p->at[r][f]) && owner(p->at[r][f]) == who) *bf = f, *br = r;
}

/* Every on-board neighbour of who's boss holds a piece of the other player. */
static bool embedded(const RefPos *p, int who) {
    int bf = 0, br = 0;
    find_boss(p, who, &bf, &br);
    for (int df = -1; df <= 1; df++)
        for (int dr = -1; dr <= 1; dr++) {
            int f = bf + df, r = br + dr;
            if ((df || dr) && on_board(f, r) && owner(p->at[r][f]) != 3 - who) return false;
        }
    return true;
}

/* who's boss stands on the other player's home row (rank 8 for player 1, rank 1 for 2). */
static bool arrived(const RefPos *p, int who) {
    int bf = 0, br = 0;
    find_boss(p, who, &bf, &br);
    return br == (who == 1 ? 7 : 0);
}

int ref_status(const RefPos *p) {
    int s = p->side, m = 3 - s;
    if (arrived(p, m)) return m;   /* 1 (REF_P1_WINS = 1, REF_P2_WINS = 2) */
    if (arrived(p, s)) return s;   /* 2 */
    if (embedded(p, s)) return m;  /* 3 */
    if (embedded(p, m)) return s;  /* 4 */
    if (p->limit && p->noprogress >= p->limit) return REF_DRAW; /* 5 */
    return REF_ONGOING;
}

static int cmp(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int ref_moves(const RefPos *p, char *out) {
    static char list[2048][8];
    int n = 0;
    out[0] = '\0';
    if (ref_status(p) != REF_ONGOING) return 0;
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 8; f++) {
            char c = p->at[r][f];
            if (owner(c) != p->side) continue;
            for (int df = -1; df <= 1; df++)
                for (int dr = -1; dr <= 1; dr++) {
                    if (!df && !dr) continue;
                    for (int k = 1; on_board(f + k * df, r + k * dr); k++) {
                        int tf = f + k * df, tr = r + k * dr;
                        char t = p->at[tr][tf];
                        bool capture = t != '.' && !is_boss(c) && !is_boss(t) && owner(t) == 3 - p->side;
                        if (t == '.' || capture) sprintf(list[n++], "%c%d%c%d", 'a' + f, r + 1, 'a' + tf, tr + 1);
                        if (t != '.') break;
                    }
                }
        }
    qsort(list, (size_t)n, sizeof list[0], cmp);
    for (int i = 0; i < n; i++) strcat(strcat(out, i ? " " : ""), list[i]);
    return n;
}

void ref_play(RefPos *p, const char *move) {
    int f = move[0] - 'a', r = move[1] - '1', tf = move[2] - 'a', tr = move[3] - '1';
    bool capture = p->at[tr][tf] != '.';
    p->at[tr][tf] = p->at[r][f];
    p->at[r][f] = '.';
    p->noprogress = capture ? 0 : p->noprogress + 1;
    p->ply++;
    p->side = 3 - p->side;
}
