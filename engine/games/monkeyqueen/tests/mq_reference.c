/* mq_reference.c — the tests' independent Monkey Queen rules: no bitboards, no tables,
 * each rule of the sheet written out as it reads. */
#include "mq_reference.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int h[12][12]; /* [rank][file]: +height Ivory, -height Cigar, 0 empty */
    int ivory_to_move;
    char swap;
} RefPos;

static void ref_parse(const char *fen, RefPos *p) {
    memset(p, 0, sizeof *p);
    int r = 11, f = 0;
    const char *s = fen;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') { r--; f = 0; }
        else if (*s >= '0' && *s <= '9') {
            int n = 0;
            while (*s >= '0' && *s <= '9') n = n * 10 + (*s++ - '0');
            s--;
            f += n;
        } else if (*s == 'i' || *s == 'c') {
            p->h[r][f++] = *s == 'i' ? 1 : -1;
        } else { /* I[h] or C[h] */
            int sign = *s == 'I' ? 1 : -1;
            int h = atoi(s + 2);
            p->h[r][f++] = sign * h;
            s = strchr(s, ']');
        }
    }
    p->ivory_to_move = s[1] == 'i';
    p->swap = s[3];
}

static int cmp(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

int ref_moves(const char *fen, int pie, char *out) {
    RefPos p;
    ref_parse(fen, &p);
    int me = p.ivory_to_move ? 1 : -1;
    int qf = -1, qr = -1, have_queen = 0;
    for (int r = 0; r < 12; r++)
        for (int f = 0; f < 12; f++) {
            if (p.h[r][f] * me >= 2) have_queen = 1;
            if (p.h[r][f] * -me >= 2) qf = f, qr = r;
        }
    static char moves[4096][8];
    int n = 0;
    if (have_queen && qf >= 0) {
        static const int dirs[8][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}, {1, 1}, {1, -1}, {-1, 1}, {-1, -1}};
        for (int r = 0; r < 12; r++)
            for (int f = 0; f < 12; f++) {
                int h = p.h[r][f] * me;
                if (h <= 0) continue;
                int d0 = (f - qf) * (f - qf) + (r - qr) * (r - qr);
                for (int d = 0; d < 8; d++) {
                    for (int k = 1;; k++) {
                        int tf = f + k * dirs[d][0], tr = r + k * dirs[d][1];
                        if (tf < 0 || tf > 11 || tr < 0 || tr > 11) break;
                        int t = p.h[tr][tf] * me;
                        int ok;
                        if (t > 0) break;        /* own stack blocks */
                        if (t < 0) ok = 1;        /* enemy: capture, then stop */
                        else if (h >= 3) ok = 1;  /* queen gives birth */
                        else if (h == 2) ok = 0;  /* a height-2 queen only captures */
                        else ok = (tf - qf) * (tf - qf) + (tr - qr) * (tr - qr) < d0;
                        if (ok) sprintf(moves[n++], "%c%d%c%d", 'a' + f, r + 1, 'a' + tf, tr + 1);
                        if (t < 0) break;
                    }
                }
            }
        if (pie && p.swap == 'a') strcpy(moves[n++], "swap");
    }
    qsort(moves, (size_t)n, sizeof moves[0], cmp);
    out[0] = 0;
    for (int i = 0; i < n; i++) strcat(strcat(out, i ? " " : ""), moves[i]);
    return n;
}
