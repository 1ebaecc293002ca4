/* mkc_reference.c — the tests' independent Monkey King Chess rules: a character array, no
 * bitboards and no tables, each rule of the shared rules file monkeykingchess.md written as it reads. */
#include "mkc_reference.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { BLUE = 1, RED = 2 };

typedef struct {
    char b[8][7];   /* [rank][file]: files a-e are 0-4, then q r (5, 6) on ranks 2 and 7; '.' empty */
    int hand[3][5]; /* [BLUE|RED][pawn knight hero king celestial] */
    int tokens, extra, side;
    long np, ply;
    const MkcRefCfg *cfg;
} RPos;

typedef struct {
    char text[16];
    RPos q; /* the board after the move, before the turn logic */
    int progress, exit, extra_move, end;
} Cand;

typedef struct {
    Cand *c;
    int n, cap;
    int stop_at; /* keep no more than this many (0: all) */
} Cands;

static const char FRONT[2][6] = {"PNHKC", "pnhkc"};

static int owner(char c) { return c >= 'A' && c <= 'Z' ? BLUE : c >= 'a' && c <= 'z' ? RED : 0; }
static int earth(int f, int r) { return r >= 0 && r < 8 && f >= 0 && f < 5; }
static int square_exists(int f, int r) { return earth(f, r) || ((r == 1 || r == 6) && (f == 5 || f == 6)); }

/* Colours of a chessboard with a1 dark; the clouds are its squares g2 h2 g7 h7. */
static int dark(int f, int r) {
    int file = f < 5 ? f : f + 1;
    return (file + r) % 2 == 0;
}

static int river(const RPos *p, int f, int r) {
    if (f >= 5) return 0;
    if (!p->cfg->diagonal) return r == 3 ? RED : r == 4 ? BLUE : 0;
    static const char *red_sq[] = {"a1", "b2", "c3", "d4", "e1", "d2", "b4"};
    static const char *blue_sq[] = {"a8", "b7", "c6", "d5", "e8", "d7", "b5"};
    for (int i = 0; i < 7; i++) {
        if (red_sq[i][0] - 'a' == f && red_sq[i][1] - '1' == r) return RED;
        if (blue_sq[i][0] - 'a' == f && blue_sq[i][1] - '1' == r) return BLUE;
    }
    return 0;
}

static int is_flier(char c) { return c && strchr("mlcGLC", c) != NULL; }

static void sqname(int f, int r, char *out) {
    out[0] = f < 5 ? (char)('a' + f) : f == 5 ? 'q' : 'r';
    out[1] = (char)('1' + r);
    out[2] = 0;
}

/* A Blue piece on the same board as the Red Celestial, on its rank or file, with only
 * empty squares between. */
static int immobilized(const RPos *p, int f, int r) {
    if (owner(p->b[r][f]) != BLUE) return 0;
    for (int cr = 0; cr < 8; cr++)
        for (int cf = 0; cf < 7; cf++) {
            if (!square_exists(cf, cr) || p->b[cr][cf] != 'c') continue;
            if ((cf >= 5) != (f >= 5)) return 0;
            if (cf >= 5) return cr == r;
            if (cr == r) {
                int lo = cf < f ? cf : f, hi = cf < f ? f : cf;
                for (int x = lo + 1; x < hi; x++)
                    if (p->b[r][x] != '.') return 0;
                return 1;
            }
            if (cf == f) {
                int lo = cr < r ? cr : r, hi = cr < r ? r : cr;
                for (int y = lo + 1; y < hi; y++)
                    if (p->b[y][f] != '.') return 0;
                return 1;
            }
            return 0;
        }
    return 0;
}

static int clear_between(const RPos *p, int f, int r, int tf, int tr) {
    int df = (tf > f) - (tf < f), dr = (tr > r) - (tr < r);
    for (int x = f + df, y = r + dr; x != tf || y != tr; x += df, y += dr)
        if (p->b[y][x] != '.') return 0;
    return 1;
}

/* Whether the Blue piece on (f, r) could capture on (tf, tr) with the face it shows. */
static int blue_attacks(const RPos *p, int f, int r, int tf, int tr) {
    if (!earth(f, r) || !earth(tf, tr) || immobilized(p, f, r)) return 0;
    int df = tf - f, dr = tr - r, adf = abs(df), adr = abs(dr);
    switch (p->b[r][f]) {
    case 'P':
    case 'S': return adf == 1 && dr == -1;
    case 'N': return (adf == 1 && adr == 2) || (adf == 2 && adr == 1);
    case 'G': return adf == 1 && adr == 1;
    case 'H': return (adf == 1 && adr == 1) || (df == 0 && dr == -1);
    case 'L': return df == 0 && dr < 0 && clear_between(p, f, r, tf, tr);
    case 'K': return adf <= 1 && adr <= 1 && (adf || adr);
    case 'C': return ((df == 0) != (dr == 0)) && clear_between(p, f, r, tf, tr);
    default: return 0;
    }
}

static int pilgrim_attacked(const RPos *p) {
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 5; f++)
            if (p->b[r][f] == 'k') {
                for (int y = 0; y < 8; y++)
                    for (int x = 0; x < 5; x++)
                        if (owner(p->b[y][x]) == BLUE && blue_attacks(p, x, y, f, r)) return 1;
                return 0;
            }
    return 0;
}

static int on_board(const RPos *p, char piece) {
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 5; f++)
            if (p->b[r][f] == piece) return 1;
    return 0;
}

static void push(Cands *L, const Cand *c) {
    if (L->stop_at && L->n >= L->stop_at) return;
    if (L->n == L->cap) {
        L->cap = L->cap ? 2 * L->cap : 64;
        L->c = realloc(L->c, sizeof *L->c * (size_t)L->cap);
        if (!L->c) abort();
    }
    L->c[L->n++] = *c;
}

/* The disk on (f, r), showing face, goes to (tf, tr): a move, a capture (a Celestial's
 * capture buries the capturer under the Celestial's Mountain on its own square) or a
 * flight; flip: the disk turned to face on its way. */
static void add_move(Cands *L, const RPos *p, int f, int r, int tf, int tr, char face, int flip) {
    Cand c;
    memset(&c, 0, sizeof c);
    c.q = *p;
    char victim = p->b[tr][tf];
    c.q.b[r][f] = '.';
    if (victim == 'c' || victim == 'C') {
        c.q.b[tr][tf] = '.';
        c.q.b[r][f] = victim == 'c' ? 'x' : 'X';
    } else {
        c.q.b[tr][tf] = face;
    }
    c.progress = victim != '.'; /* a flip is no progress: it can be undone */
    char a[3], b[3];
    sqname(f, r, a), sqname(tf, tr, b);
    snprintf(c.text, sizeof c.text, "%s%s%s%c", a, b, flip ? "=" : "", flip ? tolower((unsigned char)face) : 0);
    push(L, &c);
}

/* One step or jump target: a move onto an empty earth square, a capture of an enemy
 * that is not a Mountain. */
static void step(Cands *L, const RPos *p, int f, int r, int tf, int tr, char face, int flip, int can_move,
                 int can_capture) {
    if (!earth(tf, tr)) return;
    char t = p->b[tr][tf];
    if (t == '.') {
        if (can_move) add_move(L, p, f, r, tf, tr, face, flip);
    } else if (can_capture && owner(t) != owner(face) && t != 'x' && t != 'X') {
        add_move(L, p, f, r, tf, tr, face, flip);
    }
}

static void slide(Cands *L, const RPos *p, int f, int r, int df, int dr, char face, int flip, int can_capture) {
    for (int x = f + df, y = r + dr; earth(x, y); x += df, y += dr) {
        if (p->b[y][x] == '.') {
            add_move(L, p, f, r, x, y, face, flip);
            continue;
        }
        step(L, p, f, r, x, y, face, flip, 0, can_capture);
        return;
    }
}

static const int KNIGHT[8][2] = {{1, 2}, {2, 1}, {2, -1}, {1, -2}, {-1, -2}, {-2, -1}, {-2, 1}, {-1, 2}};
static const int KING[8][2] = {{1, 0}, {1, 1}, {0, 1}, {-1, 1}, {-1, 0}, {-1, -1}, {0, -1}, {1, -1}};
static const int DIAG[4][2] = {{1, 1}, {-1, 1}, {1, -1}, {-1, -1}};
static const int ROOK[4][2] = {{1, 0}, {-1, 0}, {0, 1}, {0, -1}};

/* Every move of the disk on (f, r) showing face (the face it shows, or its other face
 * when flip): its pattern on the earth board, then its flights and moves on clouds. */
static void face_moves(Cands *L, const RPos *p, int f, int r, char face, int flip) {
    int fw = owner(face) == RED ? 1 : -1;
    if (f < 5) {
        switch (face) {
        case 'P':
        case 'p':
            step(L, p, f, r, f, r + fw, face, flip, 1, 0);
            step(L, p, f, r, f - 1, r + fw, face, flip, 0, 1);
            step(L, p, f, r, f + 1, r + fw, face, flip, 0, 1);
            break;
        case 'S':
            for (int i = 0; i < 8; i++) step(L, p, f, r, f + KNIGHT[i][0], r + KNIGHT[i][1], face, flip, 1, 0);
            step(L, p, f, r, f - 1, r - 1, face, flip, 0, 1);
            step(L, p, f, r, f + 1, r - 1, face, flip, 0, 1);
            break;
        case 'N':
        case 'n':
            for (int i = 0; i < 8; i++) step(L, p, f, r, f + KNIGHT[i][0], r + KNIGHT[i][1], face, flip, 1, 1);
            break;
        case 'G':
        case 'm':
            for (int i = 0; i < 4; i++) step(L, p, f, r, f + DIAG[i][0], r + DIAG[i][1], face, flip, 1, 1);
            break;
        case 'H':
        case 'h':
            for (int i = 0; i < 4; i++) step(L, p, f, r, f + DIAG[i][0], r + DIAG[i][1], face, flip, 1, 1);
            step(L, p, f, r, f, r + fw, face, flip, 1, 1);
            break;
        case 'L':
        case 'l': slide(L, p, f, r, 0, fw, face, flip, 1); break;
        case 'K':
            for (int i = 0; i < 8; i++) step(L, p, f, r, f + KING[i][0], r + KING[i][1], face, flip, 1, 1);
            break;
        case 'k':
            for (int i = 0; i < 8; i++) step(L, p, f, r, f + KING[i][0], r + KING[i][1], face, flip, 1, 0);
            break;
        case 'C':
        case 'c':
            for (int i = 0; i < 4; i++) slide(L, p, f, r, ROOK[i][0], ROOK[i][1], face, flip, face == 'C');
            break;
        default: break;
        }
    }
    if (!is_flier(face)) return;
    if (f < 5) {
        int rc = river(p, f, r);
        if (!rc) return;
        int cr = rc == RED ? 1 : 6;
        for (int cf = 5; cf < 7; cf++)
            if (p->b[cr][cf] == '.') add_move(L, p, f, r, cf, cr, face, flip);
        return;
    }
    for (int y = 0; y < 8; y++)
        for (int x = 0; x < 5; x++)
            if (p->b[y][x] == '.' && dark(x, y) == dark(f, r)) add_move(L, p, f, r, x, y, face, flip);
    int other_r = r == 1 ? 6 : 1;
    int lancer_ok = (face == 'l' && r == 1) || (face == 'L' && r == 6);
    if (tolower((unsigned char)face) != 'l' || lancer_ok)
        for (int x = 5; x < 7; x++)
            if (dark(x, other_r) == dark(f, r) && p->b[other_r][x] == '.') add_move(L, p, f, r, x, other_r, face, flip);
    if (face == 'c' || face == 'C') {
        int x = f == 5 ? 6 : 5;
        char t = p->b[r][x];
        if (t == '.' || (face == 'C' && owner(t) == RED)) add_move(L, p, f, r, x, r, face, flip);
    }
}

static char other_face(char c) {
    static const char *pairs[] = {"PS", "SP", "NG", "GN", "HL", "LH", "XC", "pm", "mp", "nl", "ln", "xc"};
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++)
        if (pairs[i][0] == c) return pairs[i][1];
    return 0;
}

/* Every move by the rules of §2-§7 for side, before the check and stalemate rules. */
static void pseudo_moves(const RPos *p, int side, Cands *L) {
    int can_flip = on_board(p, side == BLUE ? 'K' : 'k');
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 7; f++) {
            if (!square_exists(f, r)) continue;
            char c = p->b[r][f];
            if (owner(c) != side || (side == BLUE && immobilized(p, f, r))) continue;
            face_moves(L, p, f, r, c, 0);
            if (c == 'k' && r == 7) {
                Cand e;
                memset(&e, 0, sizeof e);
                e.q = *p;
                e.q.b[r][f] = '.';
                e.exit = 1;
                snprintf(e.text, sizeof e.text, "%c8%c9", 'a' + f, 'a' + f);
                push(L, &e);
            }
            if (!can_flip || !river(p, f, r)) continue;
            char o = other_face(c);
            if (o) face_moves(L, p, f, r, o, 1);
            if (c == 'h') {
                Cand e;
                memset(&e, 0, sizeof e);
                e.q = *p;
                e.q.b[r][f] = '.';
                e.q.tokens++;
                e.progress = 1;
                char a[3];
                sqname(f, r, a);
                snprintf(e.text, sizeof e.text, "%s%s=f", a, a);
                push(L, &e);
            }
        }
    for (int k = 0; k < 5; k++) {
        if (!p->hand[side][k]) continue;
        for (int r = side == BLUE ? 4 : 0; r < (side == BLUE ? 8 : 4); r++)
            for (int f = 0; f < 5; f++) {
                if (p->b[r][f] != '.') continue;
                Cand d;
                memset(&d, 0, sizeof d);
                d.q = *p;
                d.q.hand[side][k]--;
                d.q.b[r][f] = FRONT[side - 1][k];
                d.progress = 1;
                char a[3];
                sqname(f, r, a);
                snprintf(d.text, sizeof d.text, "%c@%s", FRONT[1][k], a);
                push(L, &d);
            }
    }
}

/* Extra-step moves: one Monkey King's move, capture or flight (no flip). */
static void extra_moves(const RPos *p, Cands *L) {
    for (int r = 0; r < 8; r++)
        for (int f = 0; f < 7; f++)
            if (square_exists(f, r) && p->b[r][f] == 'm') {
                int before = L->n;
                face_moves(L, p, f, r, 'm', 0);
                for (int i = before; i < L->n; i++) L->c[i].extra_move = 1;
            }
}

static int blue_has_move(const RPos *q) {
    Cands L = {.stop_at = 1};
    pseudo_moves(q, BLUE, &L);
    int n = L.n;
    free(L.c);
    return n > 0;
}

static int red_has_basic_move(const RPos *q) {
    Cands L = {0};
    pseudo_moves(q, RED, &L);
    int ok = 0;
    for (int i = 0; i < L.n && !ok; i++) ok = L.c[i].exit || !pilgrim_attacked(&L.c[i].q);
    free(L.c);
    return ok;
}

/* A Red decision (other than the exit and end) is legal when it leaves the Pilgrim safe
 * and Blue some move. */
static int red_legal(const Cand *c) { return c->exit || (!pilgrim_attacked(&c->q) && blue_has_move(&c->q)); }

static int has_legal_extra(const RPos *q) {
    Cands L = {0};
    extra_moves(q, &L);
    int ok = 0;
    for (int i = 0; i < L.n && !ok; i++) ok = red_legal(&L.c[i]);
    free(L.c);
    return ok;
}

static int exited(const RPos *p) { return !on_board(p, 'k') && !p->hand[RED][3]; }

/* Legal moves, each with its complete next position, ignoring the no-progress limit. */
static void legal_moves(const RPos *p, Cands *out) {
    Cands L = {0};
    if (exited(p)) return;
    if (p->side == BLUE) {
        pseudo_moves(p, BLUE, &L);
    } else if (!p->extra) {
        pseudo_moves(p, RED, &L);
    } else {
        extra_moves(p, &L);
        Cand e;
        memset(&e, 0, sizeof e);
        e.q = *p;
        e.end = 1;
        strcpy(e.text, "end");
        push(&L, &e);
    }
    for (int i = 0; i < L.n; i++) {
        Cand c = L.c[i];
        int ok = p->side == BLUE ? red_has_basic_move(&c.q) : c.end || red_legal(&c);
        if (!ok) continue;
        c.q.np = c.progress ? 0 : p->np + 1;
        c.q.ply = p->ply + 1;
        c.q.extra = 0;
        c.q.side = p->side == BLUE ? RED : BLUE;
        if (p->side == RED && !c.exit && !c.end) {
            if (c.extra_move) c.q.tokens--;
            if (c.q.tokens >= 1 && has_legal_extra(&c.q)) c.q.side = RED, c.q.extra = 1;
        }
        push(out, &c);
    }
    free(L.c);
}

static int over_by_counter(const RPos *p) { return p->cfg->limit > 0 && p->np >= p->cfg->limit; }

/* ---- position strings ---- */

static int parse(const char *fen, const MkcRefCfg *cfg, RPos *p) {
    memset(p, 0, sizeof *p);
    p->cfg = cfg;
    char board[256], hands[64], step[8];
    int tokens, side;
    long np, ply;
    char extra;
    if (sscanf(fen, "%255s %d %63s %d %7s %ld %ld %c", board, &side, hands, &tokens, step, &np, &ply, &extra) != 7)
        return 0;
    int r = 7, f = 0;
    for (const char *s = board; *s; s++) {
        if (*s == '/') {
            if (f != (r == 1 || r == 6 ? 7 : 5) || r == 0) return 0;
            r--, f = 0;
        } else if (isdigit((unsigned char)*s)) {
            int n = (int)strtol(s, NULL, 10);
            while (isdigit((unsigned char)s[1])) s++;
            for (int i = 0; i < n; i++, f++) {
                if (!square_exists(f, r)) return 0;
                p->b[r][f] = '.';
            }
        } else {
            if (!strchr("PSNGHLKCXpmnlhkcx", *s) || !square_exists(f, r)) return 0;
            if (f >= 5 && !is_flier(*s)) return 0;
            p->b[r][f++] = *s;
        }
    }
    if (r != 0 || f != 5) return 0;
    for (int i = 0; hands[0] != '-' && hands[i]; i++) {
        const char *k = strchr(FRONT[0], hands[i]);
        if (k) p->hand[BLUE][k - FRONT[0]]++;
        else if ((k = strchr(FRONT[1], hands[i]))) p->hand[RED][k - FRONT[1]]++;
        else return 0;
    }
    if (side != 1 && side != 2) return 0;
    p->side = side == 1 ? BLUE : RED;
    p->tokens = tokens;
    p->extra = step[0] == 'x';
    p->np = np;
    p->ply = ply;
    return 1;
}

static void print(const RPos *p, char *out) {
    char *o = out;
    for (int r = 7; r >= 0; r--) {
        int run = 0, width = r == 1 || r == 6 ? 7 : 5;
        for (int f = 0; f < width; f++) {
            if (p->b[r][f] == '.') {
                run++;
                continue;
            }
            if (run) o += sprintf(o, "%d", run), run = 0;
            *o++ = p->b[r][f];
        }
        if (run) o += sprintf(o, "%d", run);
        if (r) *o++ = '/';
    }
    *o++ = ' ';
    *o++ = p->side == BLUE ? '1' : '2';
    *o++ = ' ';
    char *h = o;
    for (int s = BLUE; s <= RED; s++)
        for (int k = 0; k < 5; k++)
            for (int i = 0; i < p->hand[s][k]; i++) *o++ = FRONT[s - 1][k];
    if (o == h) *o++ = '-';
    sprintf(o, " %d %c %ld %ld", p->tokens, p->extra ? 'x' : '-', p->np, p->ply);
}

/* ---- the interface ---- */

static int cmp_text(const void *a, const void *b) { return strcmp(((const Cand *)a)->text, ((const Cand *)b)->text); }

int mkc_ref_moves(const char *fen, const MkcRefCfg *cfg, char *out) {
    RPos p;
    out[0] = 0;
    if (!parse(fen, cfg, &p)) return -1;
    if (over_by_counter(&p)) return 0;
    Cands L = {0};
    legal_moves(&p, &L);
    if (L.n) qsort(L.c, (size_t)L.n, sizeof *L.c, cmp_text); /* L.c is NULL when there is no move */
    for (int i = 0; i < L.n; i++) strcat(strcat(out, i ? " " : ""), L.c[i].text);
    int n = L.n;
    free(L.c);
    return n;
}

int mkc_ref_moves_after(const char *fen, const MkcRefCfg *cfg, char (*moves)[16], char (*after)[MKC_REF_FEN_MAX],
                        int max) {
    RPos p;
    if (!parse(fen, cfg, &p)) return -1;
    if (over_by_counter(&p)) return 0;
    Cands L = {0};
    legal_moves(&p, &L);
    if (L.n) qsort(L.c, (size_t)L.n, sizeof *L.c, cmp_text); /* L.c is NULL when there is no move */
    int n = L.n < max ? L.n : max;
    for (int i = 0; i < n; i++) {
        strcpy(moves[i], L.c[i].text);
        print(&L.c[i].q, after[i]);
    }
    free(L.c);
    return n;
}

bool mkc_ref_play(const char *fen, const MkcRefCfg *cfg, const char *move, char *out) {
    RPos p;
    if (!parse(fen, cfg, &p) || over_by_counter(&p)) return false;
    Cands L = {0};
    legal_moves(&p, &L);
    bool found = false;
    for (int i = 0; i < L.n && !found; i++)
        if (!strcmp(L.c[i].text, move)) {
            print(&L.c[i].q, out);
            found = true;
        }
    free(L.c);
    return found;
}

static uint64_t perft(const RPos *p, int depth) {
    if (over_by_counter(p)) return 0;
    Cands L = {0};
    legal_moves(p, &L);
    uint64_t n = 0;
    if (depth == 1) n = (uint64_t)L.n;
    else
        for (int i = 0; i < L.n; i++) n += perft(&L.c[i].q, depth - 1);
    free(L.c);
    return n;
}

uint64_t mkc_ref_perft(const char *fen, const MkcRefCfg *cfg, int depth) {
    RPos p;
    if (!parse(fen, cfg, &p)) return 0;
    return depth <= 0 ? 1 : perft(&p, depth);
}

int mkc_ref_result(const char *fen, const MkcRefCfg *cfg) {
    RPos p;
    if (!parse(fen, cfg, &p)) return 0;
    /* Gone after its exit (Blue to decide: Red won) or taken by a Blue flip move (Red to
     * decide: Blue won, the sheet's "royal, whose capture brings Goblin victory"). */
    if (exited(&p)) return p.side == BLUE ? 2 : 1;
    Cands L = {0};
    legal_moves(&p, &L);
    int n = L.n;
    free(L.c);
    if (n == 0) return p.side == RED && !p.extra && pilgrim_attacked(&p) ? 1 : 3;
    return over_by_counter(&p) ? 3 : 0;
}
