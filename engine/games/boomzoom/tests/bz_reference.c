/* bz_reference.c — the Boom & Zoom reference: every rule written out square by square from
 * the shared rules file boomzoom.md, sharing nothing with the engine's module. */
#include "bz_reference.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int owner[8][8]; /* [file][rank]: 0 empty, 1 player 1, 2 player 2 */
    int height[8][8];
    int side;        /* 1 or 2 */
    int off[3];      /* off[1], off[2] */
    long noprogress, ply;
} Ref;

static bool read_fen(const char *fen, Ref *r) {
    memset(r, 0, sizeof *r);
    int rank = 7, file = 0;
    const char *s = fen;
    for (; *s && *s != ' '; s++) {
        if (*s == '/') {
            if (file != 8) return false;
            rank--, file = 0;
        } else if (isdigit((unsigned char)*s)) {
            file += *s - '0';
        } else if (*s == 'T' || *s == 't') {
            if (file > 7 || rank < 0) return false;
            r->owner[file][rank] = *s == 'T' ? 1 : 2;
            r->height[file][rank] = 1;
            if (s[1] == '[') {
                r->height[file][rank] = s[2] - '0';
                s += 3;
            }
            file++;
        } else {
            return false;
        }
    }
    if (rank != 0 || file != 8) return false;
    return sscanf(s, " %d %d %d %ld %ld", &r->side, &r->off[1], &r->off[2], &r->noprogress, &r->ply) == 5;
}

static void write_fen(const Ref *r, char *out) {
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            if (!r->owner[file][rank]) {
                empty++;
                continue;
            }
            if (empty) out += sprintf(out, "%d", empty);
            empty = 0;
            *out++ = r->owner[file][rank] == 1 ? 'T' : 't';
            if (r->height[file][rank] > 1) out += sprintf(out, "[%d]", r->height[file][rank]);
        }
        if (empty) out += sprintf(out, "%d", empty);
        if (rank) *out++ = '/';
    }
    sprintf(out, " %d %d %d %ld %ld", r->side, r->off[1], r->off[2], r->noprogress, r->ply);
}

static int towers(const Ref *r, int player) {
    int n = 0;
    for (int f = 0; f < 8; f++)
        for (int k = 0; k < 8; k++) n += r->owner[f][k] == player;
    return n;
}

static bool on_board(int f, int r) { return f >= 0 && f < 8 && r >= 0 && r < 8; }

static int status(const Ref *r, int limit) {
    bool over = towers(r, 1) == 0 || towers(r, 2) == 0 || (limit > 0 && r->noprogress >= limit);
    if (!over) return REF_ONGOING;
    return r->off[1] > r->off[2] ? REF_P1_WIN : r->off[1] < r->off[2] ? REF_P2_WIN : REF_DRAW;
}

/* Whether the tower of player pl at (f, r) with height h may leave the board. */
static bool can_bear_off(const Ref *r, int pl, int f, int rank, int h) {
    int forward = pl == 1 ? 1 : -1;
    int k = pl == 1 ? 7 - rank : rank; /* ranks between the tower and its far rank */
    if (h < k + 1) return false;
    if (k == 0) return true;
    for (int df = -1; df <= 1; df++) {
        bool ok = true;
        for (int i = 1; i <= k && ok; i++) {
            int ff = f + i * df, rr = rank + i * forward;
            ok = on_board(ff, rr) && !r->owner[ff][rr];
        }
        if (ok) return true;
    }
    return false;
}

static int cmp(const void *a, const void *b) { return strcmp((const char *)a, (const char *)b); }

static int gen(const Ref *r, int limit, char list[][8]) {
    int n = 0;
    if (status(r, limit) != REF_ONGOING) return 0;
    int me = r->side;
    for (int f = 0; f < 8; f++)
        for (int rank = 0; rank < 8; rank++) {
            if (r->owner[f][rank] != me) continue;
            int h = r->height[f][rank];
            for (int df = -1; df <= 1; df++)
                for (int dr = -1; dr <= 1; dr++) {
                    if (!df && !dr) continue;
                    for (int k = 1; k <= h; k++) {
                        int ff = f + k * df, rr = rank + k * dr;
                        if (!on_board(ff, rr)) break;
                        if (!r->owner[ff][rr] || r->owner[ff][rr] != me)
                            sprintf(list[n++], "%c%d%c%d", 'a' + f, rank + 1, 'a' + ff, rr + 1);
                        if (r->owner[ff][rr]) break;
                    }
                }
            if (can_bear_off(r, me, f, rank, h)) sprintf(list[n++], "%c%doff", 'a' + f, rank + 1);
        }
    qsort(list, (size_t)n, 8, cmp);
    return n;
}

int bzref_moves(const char *fen, int limit, char *out) {
    Ref r;
    static char list[2048][8];
    if (!read_fen(fen, &r)) return -1;
    int n = gen(&r, limit, list);
    out[0] = 0;
    for (int i = 0; i < n; i++) strcat(strcat(out, i ? " " : ""), list[i]);
    return n;
}

int bzref_status(const char *fen, int limit) {
    Ref r;
    if (!read_fen(fen, &r)) return REF_ONGOING;
    return status(&r, limit);
}

bool bzref_play(const char *fen, int limit, const char *move, char *out) {
    Ref r;
    static char list[2048][8];
    if (!read_fen(fen, &r)) return false;
    int n = gen(&r, limit, list), found = 0;
    for (int i = 0; i < n; i++) found |= !strcmp(list[i], move);
    if (!found) return false;
    int f = move[0] - 'a', rank = move[1] - '1';
    if (!strcmp(move + 2, "off")) {
        r.off[r.side] += r.height[f][rank];
        r.owner[f][rank] = r.height[f][rank] = 0;
        r.noprogress = 0;
    } else {
        int tf = move[2] - 'a', tr = move[3] - '1';
        if (r.owner[tf][tr]) { /* a boom: the target loses its top checker */
            if (--r.height[tf][tr] == 0) r.owner[tf][tr] = 0;
            r.noprogress = 0;
        } else {
            r.owner[tf][tr] = r.owner[f][rank];
            r.height[tf][tr] = r.height[f][rank];
            r.owner[f][rank] = r.height[f][rank] = 0;
            r.noprogress++;
        }
    }
    r.side = 3 - r.side;
    r.ply++;
    write_fen(&r, out);
    return true;
}
