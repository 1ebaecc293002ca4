/* mkc_notation.c — Monkey King Chess moves as text: b2b3, c4q2 (flights), c4d5=m (flips),
 * d4d4=f (a hero to Fists), p@c2 (drops), c8c9 (the Pilgrim's exit) and end. */
#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "mkc.h"

void mkc_print_move(const GamePos *gp, Move m, char *out) {
    (void)gp;
    int kind = mv_kind(m), from = mv_from(m), to = mv_to(m), face = mv_face(m);
    char a[3], b[3];
    mkc_square_name(from, a);
    mkc_square_name(to, b);
    switch (kind) {
    case K_END: strcpy(out, "end"); break;
    case K_EXIT: sprintf(out, "%c8%c9", a[0], a[0]); break;
    case K_DROP: sprintf(out, "%c@%s", tolower((unsigned char)MKC_FACE[face].letter), b); break;
    case K_FISTS: sprintf(out, "%s%s=f", a, a); break;
    case K_FLIP: sprintf(out, "%s%s=%c", a, b, tolower((unsigned char)MKC_FACE[face].letter)); break;
    case K_MOVE: sprintf(out, "%s%s", a, b); break;
    default: strcpy(out, "0000"); break;
    }
}

/* Text is matched against the legal moves' own text, so what parses is exactly what the
 * generator lists (and prints). */
Move mkc_parse_move(const GamePos *gp, const char *text) {
    char want[MOVE_STR_MAX];
    size_t n = strlen(text);
    if (n == 0 || n >= sizeof want) return MOVE_NONE;
    for (size_t i = 0; i <= n; i++) want[i] = (char)tolower((unsigned char)text[i]);
    Move list[MAX_MOVES];
    int count = mkc_gen(gp, list, GEN_ALL);
    for (int i = 0; i < count; i++) {
        char s[MOVE_STR_MAX];
        mkc_print_move(gp, list[i], s);
        if (!strcmp(s, want)) return list[i];
    }
    return MOVE_NONE;
}
