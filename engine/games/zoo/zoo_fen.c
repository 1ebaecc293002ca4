/* zoo_fen.c — Zoo Contest's position string: printing, and parsing with a precise refusal
 * (naming the field and the reason) of anything malformed or impossible by the rules.
 *   <board> <side> <elephants> <goals> <pending> <no-progress> <ply>   (rules file, zoo.md) */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "../common/fields.h"
#include "zoo.h"
#include "../common/fail.h"

#define ZOO_MAX_COUNTER 1000000000L
static const char GOAL_LETTERS[] = "EMSems";

static const char *sqname(int sq, char *buf) {
    square_name(zoo_file(sq), zoo_rank(sq), buf);
    return buf;
}

/* ---- board ---------------------------------------------------------------------------- */

typedef struct {
    int player, kind;
    bool royal;
} Letter;

static bool read_letter(char ch, Letter *l) {
    static const char KINDS[] = "EFMNST";
    const char *k = ch ? strchr(KINDS, toupper((unsigned char)ch)) : NULL;
    if (!k || !isalpha((unsigned char)ch)) return false;
    l->player = islower((unsigned char)ch) ? 1 : 0;
    l->kind = (int)(k - KINDS) / 2;
    l->royal = (k - KINDS) % 2 == 1;
    return true;
}

/* Whether the pieces of one square (cell bits) may stand together: alone, or one of the
 * sheet's pairs, or — only while a retreat is pending, which the pending field checks —
 * an invaded elephant with the enemy mouse, or an elephant with the retreating enemy
 * monkey (and the other monkey). */
static bool combination_ok(uint8_t c) {
    c &= C_PIECES;
    if (!(c & (c - 1))) return true;
    for (int p = 0; p < 2; p++) {
        int q = p ^ 1;
        if (c == (C_E(p) | C_M(p)) || c == (C_M(p) | C_S(p)) || c == (C_E(q) | C_S(p)) || c == (C_E(q) | C_M(p)) ||
            c == (C_E(q) | C_M(p) | C_M(q)))
            return true;
    }
    return c == (C_M(0) | C_M(1)) || c == (C_S(0) | C_S(1));
}

static bool place(ZooPos *p, const Letter *l, int sq, char ch, char *err) {
    char at[8];
    static const char *NAMES[K_NB] = {"elephant", "monkey", "mouse"};
    if (l->royal && !p->st.longgame)
        return kit_fail(err, "board: Royal '%c' on %s, but LongGame is off (Royal pieces exist only in the long game)", ch,
                    sqname(sq, at));
    if (p->cell[sq] & C_PIECE(l->player, l->kind))
        return kit_fail(err, "board: two %s of player %d on %s", l->kind == K_MOUSE ? "mice" : "pieces of one kind",
                    l->player + 1, sqname(sq, at));
    int have = l->kind == K_ELEPHANT ? p->st.esq[l->player] != ZOO_NO_SQ
               : l->kind == K_MONKEY ? p->st.msq[l->player] != ZOO_NO_SQ
                                     : p->st.nmice[l->player] >= 4;
    if (have) {
        if (l->kind == K_MOUSE) return kit_fail(err, "board: player %d has more than 4 mice", l->player + 1);
        char at2[8];
        int other = l->kind == K_ELEPHANT ? p->st.esq[l->player] : p->st.msq[l->player];
        return kit_fail(err, "board: player %d has two %ss (%s and %s)", l->player + 1, NAMES[l->kind],
                    sqname(other, at2), sqname(sq, at));
    }
    zoo_place(p, l->player, l->kind, sq, l->royal);
    return true;
}

/* The order of letters in brackets: elephants, monkeys, mice; player 1 first in a kind. */
static int letter_rank(const Letter *l) { return l->kind * 2 + l->player; }

static bool parse_board(ZooPos *p, const char *s, char *err) {
    int w = p->st.w, h = p->st.h, rank = h - 1, file = 0;
    char at[8];
    for (size_t i = 0;; i++) {
        char ch = s[i];
        if (ch == '/' || ch == '\0') {
            if (file != w) return kit_fail(err, "board: rank %d has %d files, expected %d (Width)", rank + 1, file, w);
            if (ch == '\0') break;
            if (--rank < 0) return kit_fail(err, "board: more than %d ranks (Height)", h);
            file = 0;
            continue;
        }
        if (isdigit((unsigned char)ch)) {
            if (ch == '0') return kit_fail(err, "board: '0' in rank %d (a run of empty squares is 1 or more)", rank + 1);
            long n = 0;
            while (isdigit((unsigned char)s[i]) && n <= w) n = n * 10 + (s[i++] - '0');
            if (isdigit((unsigned char)s[i]) || file + n > w)
                return kit_fail(err, "board: rank %d has more than %d files (Width)", rank + 1, w);
            i--;
            file += (int)n;
            continue;
        }
        if (file >= w) return kit_fail(err, "board: rank %d has more than %d files (Width)", rank + 1, w);
        int sq = zoo_sq(file, rank);
        Letter l;
        if (ch == '(') {
            int n = 0, last = -1;
            for (i++; s[i] && s[i] != ')'; i++, n++) {
                if (!read_letter(s[i], &l))
                    return kit_fail(err, "board: '%c' in the brackets on %s is not a piece (EFMNST, efmnst)",
                                isprint((unsigned char)s[i]) ? s[i] : '?', sqname(sq, at));
                if (letter_rank(&l) == last)
                    return kit_fail(err, "board: two %s of player %d on %s",
                                (const char *[]){"elephants", "monkeys", "mice"}[l.kind], l.player + 1, sqname(sq, at));
                if (letter_rank(&l) <= last)
                    return kit_fail(err, "board: the pieces on %s are not in order (elephants, monkeys, mice; "
                                     "player 1 first)", sqname(sq, at));
                last = letter_rank(&l);
                if (!place(p, &l, sq, s[i], err)) return false;
            }
            if (!s[i]) return kit_fail(err, "board: '(' on %s is not closed", sqname(sq, at));
            if (n < 2) return kit_fail(err, "board: brackets on %s hold %d piece%s (they are for 2 or 3)", sqname(sq, at), n,
                                   n == 1 ? "" : "s");
            if (!combination_ok(p->cell[sq])) {
                char letters[8];
                zoo_cell_letters(p, sq, letters);
                return kit_fail(err, "board: %s holds (%s), pieces that never stand together", sqname(sq, at), letters);
            }
        } else if (read_letter(ch, &l)) {
            if (!place(p, &l, sq, ch, err)) return false;
        } else {
            return kit_fail(err, "board: unknown character '%c' in rank %d (pieces EFMNST efmnst, numbers, '(', ')', '/')",
                        isprint((unsigned char)ch) ? ch : '?', rank + 1);
        }
        file++;
    }
    if (rank != 0) return kit_fail(err, "board: %d ranks, expected %d (Height)", h - rank, h);
    for (int pl = 0; pl < 2; pl++) {
        if (p->st.esq[pl] == ZOO_NO_SQ) return kit_fail(err, "board: player %d has no elephant", pl + 1);
        if (p->st.msq[pl] == ZOO_NO_SQ) return kit_fail(err, "board: player %d has no monkey", pl + 1);
    }
    return true;
}

/* ---- the other fields ----------------------------------------------------------------- */

static bool parse_flags(ZooPos *p, const char *f, char *err) {
    if (!strcmp(f, "-")) return true;
    if (!strcmp(f, "E")) p->st.eflag = 1;
    else if (!strcmp(f, "e")) p->st.eflag = 2;
    else if (!strcmp(f, "Ee")) p->st.eflag = 3;
    else return kit_fail(err, "elephants: '%.20s', expected E, e, Ee or - (elephants that have never moved)", f);
    for (int pl = 0; pl < 2; pl++) {
        if (!(p->st.eflag >> pl & 1)) continue;
        int start = pl ? zoo_sq(p->st.w - 1, p->st.h - 1) : zoo_sq(0, 0);
        char at[8];
        if (p->st.esq[pl] != start || royal_e(p, pl))
            return kit_fail(err, "elephants: '%c' set, but player %d's elephant is not a Common elephant on its start square %s",
                        pl ? 'e' : 'E', pl + 1, sqname(start, at));
    }
    return true;
}

static bool parse_goals(ZooPos *p, const char *f, char *err) {
    if (!strcmp(f, "-")) return true;
    int next = 0;
    for (const char *c = f; *c; c++) {
        const char *g = strchr(GOAL_LETTERS + next, *c);
        if (!g || !*c)
            return kit_fail(err, "goals: '%.20s', expected the set flags in the order EMSems, or -", f);
        next = (int)(g - GOAL_LETTERS) + 1;
        p->st.goals |= (uint8_t)(1u << (g - GOAL_LETTERS));
    }
    return true;
}

static bool parse_pending(ZooPos *p, const char *f, char *err) {
    if (!strcmp(f, "-")) return true;
#define BAD_PENDING                                                                                  \
    "pending: '%.20s', expected - or the retreating piece (E, e, M, m), its square, '/' and the player " \
    "who moved (e.g. ea1/1)"
    int owner, kind, file, rank;
    switch (f[0]) {
    case 'E': owner = 0, kind = PEND_ELEPHANT; break;
    case 'e': owner = 1, kind = PEND_ELEPHANT; break;
    case 'M': owner = 0, kind = PEND_MONKEY; break;
    case 'm': owner = 1, kind = PEND_MONKEY; break;
    default: return kit_fail(err, BAD_PENDING, f);
    }
    int n = square_parse(f + 1, p->st.w, p->st.h, &file, &rank);
    if (!n || !islower((unsigned char)f[1]) || f[1 + n] != '/' || (f[2 + n] != '1' && f[2 + n] != '2') || f[3 + n])
        return kit_fail(err, BAD_PENDING, f);
#undef BAD_PENDING
    p->st.pend = (uint8_t)kind;
    p->st.pend_owner = (uint8_t)owner;
    p->st.pend_sq = (uint8_t)zoo_sq(file, rank);
    p->st.pend_mover = (uint8_t)(f[2 + n] - '1');
    return true;
}

/* ---- what the rules forbid ------------------------------------------------------------ */

static bool check_goals(const ZooPos *p, char *err) {
    const ZooState *s = &p->st;
    char at[8];
    for (int pl = 0; pl < 2; pl++) {
        int far = far_rank(p, pl), home = home_rank(p, pl);
        const char *gl = GOAL_LETTERS + 3 * pl;
        bool on_far[3] = {zoo_rank(s->esq[pl]) == far, zoo_rank(s->msq[pl]) == far, false};
        int far_mouse = ZOO_NO_SQ, home_royal_mouse = ZOO_NO_SQ;
        /* the mouse on the far row that matters: a Common one if there is one */
        for (int i = 0; i < 4; i++) {
            int sq = s->mice[pl][i];
            if (sq == ZOO_NO_SQ) continue;
            if (zoo_rank(sq) == far && (far_mouse == ZOO_NO_SQ || !(p->cell[sq] & C_T(pl))))
                on_far[2] = true, far_mouse = sq;
            if (zoo_rank(sq) == home && (p->cell[sq] & C_T(pl))) home_royal_mouse = sq;
        }
        int sqs[3] = {s->esq[pl], s->msq[pl], far_mouse};
        static const char *NAMES[3] = {"elephant", "monkey", "mouse"};
        if (!s->longgame) {
            for (int k = 0; k < 3; k++)
                if (on_far[k] && !(s->goals >> (3 * pl + k) & 1))
                    return kit_fail(err, "goals: player %d's %s stands on his far row (%s) but '%c' is not set", pl + 1,
                                NAMES[k], sqname(sqs[k], at), gl[k]);
            continue;
        }
        bool royal[3] = {royal_e(p, pl), royal_m(p, pl), far_mouse != ZOO_NO_SQ && (p->cell[far_mouse] & C_T(pl))};
        for (int k = 0; k < 3; k++)
            if (on_far[k] && !royal[k])
                return kit_fail(err, "board: player %d's Common %s on %s stands on his far row (it would be Royal)", pl + 1,
                            NAMES[k], sqname(sqs[k], at));
        for (int k = 0; k < 2; k++) {
            bool flag = s->goals >> (3 * pl + k) & 1;
            bool r = k ? royal_m(p, pl) : royal_e(p, pl);
            int sq = k ? s->msq[pl] : s->esq[pl];
            if (flag && !r)
                return kit_fail(err, "goals: '%c' set, but player %d's %s is Common (long game: flags need Royal pieces)",
                            gl[k], pl + 1, NAMES[k]);
            if (r && zoo_rank(sq) == home && !flag)
                return kit_fail(err, "goals: player %d's Royal %s is on his home row (%s) but '%c' is not set", pl + 1,
                            NAMES[k], sqname(sq, at), gl[k]);
        }
        if (home_royal_mouse != ZOO_NO_SQ && !(s->goals >> (3 * pl + 2) & 1))
            return kit_fail(err, "goals: player %d's Royal mouse is on his home row (%s) but '%c' is not set", pl + 1,
                        sqname(home_royal_mouse, at), gl[2]);
    }
    if (complete(p, 0) && complete(p, 1)) return kit_fail(err, "goals: both players have all three flags");
    return true;
}

/* The pending field names a piece that must retreat now, with two choices or more, decided
 * by the side field; and no other piece must retreat. */
static bool check_retreats(const ZooPos *p, char *err) {
    const ZooState *s = &p->st;
    char at[8];
    if (s->pend) {
        int o = s->pend_owner, sq = s->pend_sq;
        bool el = s->pend == PEND_ELEPHANT;
        if ((el ? s->esq[o] : s->msq[o]) != sq)
            return kit_fail(err, "pending: player %d has no %s on %s", o + 1, el ? "elephant" : "monkey", sqname(sq, at));
        if (el && !elephant_invaded(p, o))
            return kit_fail(err, "pending: the elephant on %s has no enemy mouse on its square: it need not retreat",
                        sqname(sq, at));
        if (!el && !monkey_threatened(p, o))
            return kit_fail(err, "pending: the monkey on %s is not next to the enemy elephant: it need not retreat",
                        sqname(sq, at));
        if (el && s->pend_mover == o)
            return kit_fail(err, "pending: player %d's elephant retreats from player %d's mouse, so player %d moved, not %d",
                        o + 1, 2 - o, 2 - o, o + 1);
        uint8_t sqs[24];
        int dec = o, n = el ? zoo_elephant_choices(p, o, sq, sqs, &dec) : zoo_monkey_choices(p, o, sq, sqs);
        if (n < 2)
            return kit_fail(err, "pending: the retreat from %s has %d choice%s; a retreat with one outcome is made at once",
                        sqname(sq, at), n, n == 1 ? "" : "s");
        if (s->side != dec)
            return kit_fail(err, "side: player %d decides the pending retreat, not player %d", dec + 1, s->side + 1);
    }
    for (int pl = 0; pl < 2; pl++) {
        if (elephant_invaded(p, pl) && !(s->pend == PEND_ELEPHANT && s->pend_owner == pl))
            return kit_fail(err, "pending: player %d's elephant on %s is invaded and must retreat, but no retreat is pending",
                        pl + 1, sqname(s->esq[pl], at));
        if (monkey_threatened(p, pl) && !(s->pend == PEND_MONKEY && s->pend_owner == pl))
            return kit_fail(err, "pending: player %d's monkey on %s is next to the enemy elephant and must retreat, but no "
                             "retreat is pending", pl + 1, sqname(s->msq[pl], at));
    }
    return true;
}

bool zoo_parse_pos(GamePos *gp, const char *text, const GameConfig *cfg, char *err) {
    char buf[POS_STR_MAX];
    char *f[7];
    int n = fields_split(text, buf, sizeof buf, f, 7);
    if (n < 0) return kit_fail(err, "position string: longer than %d characters", POS_STR_MAX - 1);
    if (n != 7) return fields_count_fail(err, n, 7, "board side elephants goals pending no-progress ply");
    ZooPos p;
    zoo_clear(&p, cfg);
    if (!parse_board(&p, f[0], err)) return false;
    if (strcmp(f[1], "1") && strcmp(f[1], "2"))
        return kit_fail(err, "side: '%.20s', expected 1 or 2 (the player who decides next)", f[1]);
    p.st.side = (uint8_t)(f[1][0] - '1');
    if (!parse_flags(&p, f[2], err) || !parse_goals(&p, f[3], err) || !parse_pending(&p, f[4], err)) return false;
    long np, ply;
    if (!field_uint(f[5], 0, ZOO_MAX_COUNTER, &np))
        return kit_fail(err, "no-progress: '%.20s', expected a number 0..%ld without leading zeros", f[5], ZOO_MAX_COUNTER);
    if (!field_uint(f[6], 0, ZOO_MAX_COUNTER, &ply))
        return kit_fail(err, "ply: '%.20s', expected a number 0..%ld without leading zeros", f[6], ZOO_MAX_COUNTER);
    p.st.noprog = (int32_t)np;
    p.st.ply = (int32_t)ply;
    if (!check_goals(&p, err) || !check_retreats(&p, err)) return false;
    p.st.key = zoo_compute_key(&p);
    memcpy(gp, &p, sizeof p);
    return true;
}

void zoo_print_pos(const GamePos *gp, char *out) {
    const ZooPos *p = (const ZooPos *)gp;
    const ZooState *s = &p->st;
    char *o = out;
    for (int r = s->h - 1; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < s->w; f++) {
            char letters[4];
            int k = zoo_cell_letters(p, zoo_sq(f, r), letters);
            if (!k) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            o += sprintf(o, k == 1 ? "%s" : "(%s)", letters);
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    o += sprintf(o, " %d %s ", s->side + 1, (const char *[]){"-", "E", "e", "Ee"}[s->eflag]);
    if (!s->goals) *o++ = '-';
    for (int b = 0; b < 6; b++)
        if (s->goals >> b & 1) *o++ = GOAL_LETTERS[b];
    *o++ = ' ';
    if (s->pend) {
        char at[8];
        o += sprintf(o, "%c%s/%d", (s->pend == PEND_ELEPHANT ? "Ee" : "Mm")[s->pend_owner], sqname(s->pend_sq, at),
                     s->pend_mover + 1);
    } else {
        *o++ = '-';
    }
    sprintf(o, " %d %d", (int)s->noprog, (int)s->ply);
}
