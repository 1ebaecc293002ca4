/* board8.c — the 8×8 games' shared tables (rays, neighbours, distances to the edge), made
 * once, and the board field of their position strings, parsed strictly and printed. */
#include "board8.h"

#include <ctype.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "../../types.h"

const int B8_DF[DIR_NB] = {0, 1, 1, 1, 0, -1, -1, -1};
const int B8_DR[DIR_NB] = {1, 1, 0, -1, -1, -1, 0, 1};

Bb b8_ray[B8_SQ][DIR_NB];
Bb b8_king[B8_SQ];
uint8_t b8_edge[B8_SQ][DIR_NB];

static pthread_once_t once = PTHREAD_ONCE_INIT;

static void make_tables(void) {
    for (int sq = 0; sq < B8_SQ; sq++)
        for (int d = 0; d < DIR_NB; d++) {
            int f = b8_file(sq) + B8_DF[d], r = b8_rank(sq) + B8_DR[d], k = 0;
            while (f >= 0 && f < 8 && r >= 0 && r < 8) {
                b8_ray[sq][d] |= bb_bit(b8_sq(f, r));
                if (k == 0) b8_king[sq] |= bb_bit(b8_sq(f, r));
                f += B8_DF[d], r += B8_DR[d], k++;
            }
            b8_edge[sq][d] = (uint8_t)k;
        }
}

void b8_init(void) { pthread_once(&once, make_tables); }

bool b8_parse_board(const char *text, B8Cell cells[B8_SQ], const char *letters, int min_h, int max_h, char *err) {
    memset(cells, 0, sizeof *cells * B8_SQ);
    const char *s = text;
    for (int rank = 7; rank >= 0; rank--) {
        int file = 0;
        while (*s && *s != '/') {
            if (isdigit((unsigned char)*s)) {
                if (*s == '0') {
                    snprintf(err, ERR_STR_MAX, "board: rank %d: a count of empty squares may not start with 0", rank + 1);
                    return false;
                }
                int n = 0;
                while (isdigit((unsigned char)*s) && n <= 8) n = n * 10 + (*s++ - '0');
                if (file + n > 8) {
                    snprintf(err, ERR_STR_MAX, "board: rank %d has more than 8 squares", rank + 1);
                    return false;
                }
                file += n;
                continue;
            }
            if (!isalpha((unsigned char)*s) || !strchr(letters, *s)) {
                snprintf(err, ERR_STR_MAX, "board: rank %d: unexpected character '%c' (pieces are %s)", rank + 1,
                         isprint((unsigned char)*s) ? *s : '?', letters);
                return false;
            }
            if (file >= 8) {
                snprintf(err, ERR_STR_MAX, "board: rank %d has more than 8 squares", rank + 1);
                return false;
            }
            B8Cell *c = &cells[b8_sq(file, rank)];
            c->piece = *s++;
            c->height = 1;
            if (*s == '[') {
                int h = 0, digits = 0;
                s++;
                while (isdigit((unsigned char)*s) && digits < 3) h = h * 10 + (*s++ - '0'), digits++;
                if (*s != ']' || !digits || h < min_h || h > max_h || (digits > 1 && s[-digits] == '0')) {
                    if (min_h > max_h)
                        snprintf(err, ERR_STR_MAX, "board: rank %d: '%c' takes no height in brackets", rank + 1, c->piece);
                    else
                        snprintf(err, ERR_STR_MAX, "board: rank %d: a height in brackets must be %d to %d", rank + 1,
                                 min_h, max_h);
                    return false;
                }
                s++;
                c->height = (uint8_t)h;
            }
            file++;
        }
        if (file != 8) {
            snprintf(err, ERR_STR_MAX, "board: rank %d has %d squares, not 8", rank + 1, file);
            return false;
        }
        if (rank > 0) {
            if (*s != '/') {
                snprintf(err, ERR_STR_MAX, "board: %d ranks, not 8", 8 - rank);
                return false;
            }
            s++;
        }
    }
    if (*s) {
        snprintf(err, ERR_STR_MAX, "board: more than 8 ranks");
        return false;
    }
    return true;
}

int b8_print_board(const B8Cell cells[B8_SQ], char *out) {
    int n = 0;
    for (int rank = 7; rank >= 0; rank--) {
        int empty = 0;
        for (int file = 0; file < 8; file++) {
            const B8Cell *c = &cells[b8_sq(file, rank)];
            if (!c->piece) {
                empty++;
                continue;
            }
            if (empty) n += sprintf(out + n, "%d", empty), empty = 0;
            out[n++] = c->piece;
            if (c->height > 1) n += sprintf(out + n, "[%d]", c->height);
        }
        if (empty) n += sprintf(out + n, "%d", empty);
        if (rank) out[n++] = '/';
    }
    out[n] = '\0';
    return n;
}

size_t b8_display(const B8Cell cells[B8_SQ], char *out, size_t size) {
    size_t n = 0;
#define PUT(...) (n += (size_t)snprintf(out + n, n < size ? size - n : 0, __VA_ARGS__))
    /* Each letter over the cell's last character: one-character pieces and '.' stand there. */
    PUT("\n     a  b  c  d  e  f  g  h\n");
    for (int rank = 7; rank >= 0; rank--) {
        PUT(" %d ", rank + 1);
        for (int file = 0; file < 8; file++) {
            const B8Cell *c = &cells[b8_sq(file, rank)];
            if (!c->piece) PUT("  .");
            else if (c->height > 1) PUT(" %c%d", c->piece, c->height);
            else PUT("  %c", c->piece);
        }
        PUT("  %d\n", rank + 1);
    }
    PUT("     a  b  c  d  e  f  g  h\n");
#undef PUT
    return n < size ? n : size ? size - 1 : 0;
}
