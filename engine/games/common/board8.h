/* board8.h — what the 8×8 games (Boom & Zoom, Dragons Teeth, Embed, M.A.D.) share: squares
 * and bitboards, shifts, rays and neighbours, and the board field of their position strings. */
#ifndef SIMIA_BOARD8_H
#define SIMIA_BOARD8_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "bits.h"

/* Squares are rank * 8 + file: a1 = 0, h1 = 7, a8 = 56, h8 = 63. Rank 1 is player 1's side. */
enum { B8_SQ = 64 };
static inline int b8_sq(int file, int rank) { return rank * 8 + file; }
static inline int b8_file(int sq) { return sq & 7; }
static inline int b8_rank(int sq) { return sq >> 3; }

#define B8_FILE_A 0x0101010101010101ULL
#define B8_FILE_H 0x8080808080808080ULL
#define B8_RANK_1 0x00000000000000FFULL
#define B8_RANK_8 0xFF00000000000000ULL
static inline Bb b8_rank_bb(int rank) { return B8_RANK_1 << (8 * rank); }

/* The eight directions, clockwise from north (towards rank 8). The first four raise the
 * square index (N +8, NE +9, E +1, NW +7 — note NW), the others lower it. */
enum { DIR_N, DIR_NE, DIR_E, DIR_SE, DIR_S, DIR_SW, DIR_W, DIR_NW, DIR_NB };
extern const int B8_DF[DIR_NB], B8_DR[DIR_NB]; /* file and rank step of each */
static inline bool b8_dir_up(int dir) { return dir <= DIR_E || dir == DIR_NW; }
static inline int b8_dir_opposite(int dir) { return (dir + 4) & 7; }

/* Every piece of b moved one step in direction dir (those that would leave the board go). */
static inline Bb b8_shift(Bb b, int dir) {
    switch (dir) {
    case DIR_N: return b << 8;
    case DIR_NE: return (b & ~B8_FILE_H) << 9;
    case DIR_E: return (b & ~B8_FILE_H) << 1;
    case DIR_SE: return (b & ~B8_FILE_H) >> 7;
    case DIR_S: return b >> 8;
    case DIR_SW: return (b & ~B8_FILE_A) >> 9;
    case DIR_W: return (b & ~B8_FILE_A) >> 1;
    default: return (b & ~B8_FILE_A) << 7; /* DIR_NW */
    }
}

/* The board mirrored left to right (files a-h reversed, ranks kept): a square, and every
 * square of a set (each rank's byte bit-reversed). */
static inline int b8_mirror_sq(int sq) { return sq ^ 7; }
static inline Bb b8_mirror(Bb b) {
    b = (b >> 1 & 0x5555555555555555ULL) | (b & 0x5555555555555555ULL) << 1;
    b = (b >> 2 & 0x3333333333333333ULL) | (b & 0x3333333333333333ULL) << 2;
    return (b >> 4 & 0x0F0F0F0F0F0F0F0FULL) | (b & 0x0F0F0F0F0F0F0F0FULL) << 4;
}

/* Read-only tables, made once by b8_init (any module may call it; it runs once). */
extern Bb b8_ray[B8_SQ][DIR_NB];     /* the squares from sq in dir, sq excluded, to the edge */
extern Bb b8_king[B8_SQ];            /* the (up to 8) neighbours */
extern uint8_t b8_edge[B8_SQ][DIR_NB]; /* steps from sq in dir before the board ends */
void b8_init(void);

/* The first occupied square of occ from sq in dir, or -1. */
static inline int b8_first(int sq, int dir, Bb occ) {
    Bb hit = b8_ray[sq][dir] & occ;
    if (!hit) return -1;
    return b8_dir_up(dir) ? bb_lsb(hit) : bb_msb(hit);
}
/* The squares from sq in dir up to and including the first occupied one. */
static inline Bb b8_slide(int sq, int dir, Bb occ) {
    int f = b8_first(sq, dir, occ);
    return f < 0 ? b8_ray[sq][dir] : b8_ray[sq][dir] ^ b8_ray[f][dir];
}
/* The square k steps from sq in dir (the caller knows it is on the board). */
static inline int b8_step(int sq, int dir, int k) { return sq + k * (B8_DR[dir] * 8 + B8_DF[dir]); }

/* ---- the board field of a position string ----
 * Ranks 8 down to 1 separated by '/', files a to h; a number 1-8 (no leading zero; digits
 * next to each other are one number) is that many empty squares; a piece is a letter,
 * optionally followed by "[n]" for its height. Printing merges empty squares. */
typedef struct {
    char piece;     /* the letter as written, 0 for an empty square */
    uint8_t height; /* 1 without brackets */
} B8Cell;

/* Parses the board field. letters: the allowed piece letters; brackets hold a height from
 * min_h to max_h (min_h > max_h: no brackets allowed). A refusal names the field ("board:
 * ...") in err (ERR_STR_MAX bytes) and leaves cells undefined. */
bool b8_parse_board(const char *text, B8Cell cells[B8_SQ], const char *letters, int min_h, int max_h, char *err);
/* Prints the board field; returns its length. out must hold 64 * 5 + 8 bytes. */
int b8_print_board(const B8Cell cells[B8_SQ], char *out);
/* The board for people (the `d` command): ranks 8 to 1 with file letters; a piece as its
 * letter and height ("T3"), an empty square as '.'. Returns the length written. */
size_t b8_display(const B8Cell cells[B8_SQ], char *out, size_t size);

#endif
