/* zoo_notation.c — Zoo Contest's move text: `<from><to>` with `m` for a monkey sharing its
 * square with an own piece, `+<spawn>` or `+<relocated><spawn>` for a spawn, `@<square>`
 * for a drop, `pass`; read in either case, printed in lowercase. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "zoo.h"

/* "a1" .. "o15" by hand: move text is printed in hot loops (perft divide, tests). */
static int put_sq(char *o, int sq) {
    int r = zoo_rank(sq) + 1, k = 0;
    o[k++] = (char)('a' + zoo_file(sq));
    if (r >= 10) o[k++] = '1', r -= 10;
    o[k++] = (char)('0' + r);
    o[k] = 0;
    return k;
}

void zoo_print_move(const GamePos *gp, Move m, char *out) {
    const ZooPos *p = (const ZooPos *)gp;
    int kind = mv_kind(m), from = mv_from(m), to = mv_to(m);
    char *o = out;
    if (m == MOVE_NONE) {
        strcpy(out, "0000");
        return;
    }
    switch (kind) {
    case MK_PASS:
        strcpy(out, "pass");
        return;
    case MK_DROP:
        *o++ = '@';
        put_sq(o, to);
        return;
    default:
        break;
    }
    o += put_sq(o, from);
    o += put_sq(o, to);
    int pl = p->st.side;
    if (kind == MK_MONKEY && (p->cell[from] & (C_E(pl) | C_S(pl)))) *o++ = 'm';
    if (kind == MK_MOUSE && mv_spawn(m)) {
        *o++ = '+';
        if (m & MV_RELOC) o += put_sq(o, mv_reloc(m));
        o += put_sq(o, spawn_sq(from, mv_spawn(m)));
    }
    *o = 0;
}

/* Reads a square at *s (advancing it), or returns -1. */
static int read_sq(const ZooPos *p, const char **s) {
    int f, r, n = square_parse(*s, p->st.w, p->st.h, &f, &r);
    if (!n) return -1;
    *s += n;
    return zoo_sq(f, r);
}

Move zoo_parse_move(const GamePos *gp, const char *text) {
    const ZooPos *p = (const ZooPos *)gp;
    char buf[2 * MOVE_STR_MAX];
    size_t len = strlen(text);
    if (len >= sizeof buf) return MOVE_NONE;
    for (size_t i = 0; i <= len; i++) buf[i] = (char)tolower((unsigned char)text[i]);
    Move m;
    const char *s = buf;
    if (!strcmp(buf, "pass")) {
        m = ZOO_MOVE_PASS;
    } else if (*s == '@') {
        s++;
        int to = read_sq(p, &s);
        if (to < 0 || *s) return MOVE_NONE;
        m = mv_make(MK_DROP, 0, to);
    } else {
        int from = read_sq(p, &s), to = from < 0 ? -1 : read_sq(p, &s), pl = p->st.side;
        if (to < 0) return MOVE_NONE;
        uint8_t c = p->cell[from];
        bool shared = (c & (C_E(pl) | C_S(pl))) != 0;
        if (p->st.pend) {
            if (*s) return MOVE_NONE;
            m = mv_make(p->st.pend == PEND_ELEPHANT ? MK_ERETREAT : MK_MRETREAT, from, to);
        } else if (*s == 'm') {
            if (s[1] || p->st.msq[pl] != from || !shared) return MOVE_NONE;
            m = mv_make(MK_MONKEY, from, to);
        } else if (*s == '+') {
            s++;
            int a = read_sq(p, &s), b = a < 0 || !*s ? -1 : read_sq(p, &s);
            if (a < 0 || *s) return MOVE_NONE;
            int l = b < 0 ? a : b, r = b < 0 ? ZOO_NO_SQ : a;
            int sp = l == from - 1 ? SPAWN_WEST : l == from + 1 ? SPAWN_EAST : SPAWN_NONE;
            if (sp == SPAWN_NONE) return MOVE_NONE;
            m = mv_mouse(from, to, sp, r);
        } else if (*s) {
            return MOVE_NONE;
        } else if (p->st.msq[pl] == from && !shared) {
            m = mv_make(MK_MONKEY, from, to);
        } else if (p->st.esq[pl] == from) {
            m = mv_make(MK_ELEPHANT, from, to);
        } else {
            m = mv_make(MK_MOUSE, from, to);
        }
    }
    return zoo_is_legal(gp, m) ? m : MOVE_NONE;
}
