/* bits.h — the kit's bit helpers for 64-bit boards: one spelling of Bb, bit, lsb, msb,
 * pop_lsb and popcount for every game, with the one portable popcount fallback. */
#ifndef SIMIA_KIT_BITS_H
#define SIMIA_KIT_BITS_H

#include <stdint.h>

typedef uint64_t Bb;

static inline Bb bb_bit(int sq) { return 1ULL << sq; }
static inline int bb_lsb(Bb b) { return __builtin_ctzll(b); }
static inline int bb_msb(Bb b) { return 63 - __builtin_clzll(b); }
static inline int bb_pop_lsb(Bb *b) {
    int s = bb_lsb(*b);
    *b &= *b - 1;
    return s;
}

/* Without the popcnt instruction gcc and clang call a slow library routine for the
 * builtin, so the portable build counts with shifts and masks; the copy of a game's hot
 * code built for newer CPUs (see hot.h) has __POPCNT__ and gets the instruction. */
static inline int bb_popcount(Bb b) {
#if defined(__POPCNT__) || !defined(__x86_64__)
    return __builtin_popcountll(b);
#else
    b -= (b >> 1) & 0x5555555555555555ULL;
    b = (b & 0x3333333333333333ULL) + ((b >> 2) & 0x3333333333333333ULL);
    b = (b + (b >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
    return (int)((b * 0x0101010101010101ULL) >> 56);
#endif
}

#endif
