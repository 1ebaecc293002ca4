/* mq_tables.c — Monkey Queen's read-only tables: the line geometry of the 12x12 board,
 * the slide table, the "strictly closer" intervals and the frozen Zobrist keys. */
#include "mq.h"

#include "../../prng.h"

MQSqLines mq_sqlines[MQ_SQ_NB];
uint16_t mq_ray[MQ_N][1024];
uint16_t mq_closer[LT_NB][45][MQ_N];
int16_t mq_line_base[MQ_LINES], mq_line_step[MQ_LINES];
uint8_t mq_word_sq[MQ_SQ_NB][64];
uint16_t mq_line_off[MQ_LINES];
Key mq_z_stack[2][MQ_SQ_NB], mq_z_queen[2][MQ_SQ_NB], mq_z_height[2][128], mq_z_cigar,
    mq_z_swap[4];

/* The Zobrist seed and drawing order are part of the book format: never change them. */
#define MQ_ZOBRIST_SEED 0x53494D49414D5131ULL /* "SIMIAMQ1" */

static void init_lines(void) {
    for (int l = 0; l < MQ_LINES; l++) {
        int base, step;
        if (l < L_FILE0) base = 16 * l, step = 1;                        /* rank l */
        else if (l < L_DIAG0) base = l - L_FILE0, step = 16;              /* file */
        else if (l < L_ANTI0) base = -16 * (l - L_DIAG0 - 11), step = 17; /* f - r = d - 11 */
        else base = 16 * (l - L_ANTI0), step = -15;                       /* f + r = a */
        mq_line_base[l] = (int16_t)base;
        mq_line_step[l] = (int16_t)step;
        uint16_t off = 0xF000; /* bits 12..15 never exist */
        for (int b = 0; b < MQ_N; b++) {
            int sq = base + b * step;
            /* A bit exists when its square is on the board and really on this line. */
            bool ok = sq >= 0 && sq < MQ_SQ_NB && mq_file(sq) < MQ_N;
            if (ok && l >= L_DIAG0 && l < L_ANTI0) ok = mq_file(sq) == b;
            if (ok && l >= L_ANTI0) ok = mq_file(sq) == b;
            if (!ok) off |= (uint16_t)(1u << b);
        }
        mq_line_off[l] = off;
    }
    for (int r = 0; r < MQ_N; r++)
        for (int f = 0; f < MQ_N; f++) {
            MQSqLines *s = &mq_sqlines[mq_sq(f, r)];
            for (int t = 0; t < LT_NB; t++)
                s->line[t] = (uint8_t)mq_line_of(t, f, r), s->pos[t] = (uint8_t)mq_pos_on(t, f, r);
            for (int b = 0; b < 64; b++) {
                int l = s->line[b / 16], i = b % 16, to = mq_line_base[l] + i * mq_line_step[l];
                bool on = i < MQ_N && !(mq_line_off[l] >> i & 1);
                mq_word_sq[mq_sq(f, r)][b] = (uint8_t)(on ? to : MQ_NO_SQ);
            }
        }
}

static void init_rays(void) {
    for (int p = 0; p < MQ_N; p++)
        for (int idx = 0; idx < 1024; idx++) {
            unsigned occ = (unsigned)idx << 1, reach = 0;
            for (int i = p + 1; i < MQ_N; i++) {
                reach |= 1u << i;
                if (occ >> i & 1) break;
            }
            for (int i = p - 1; i >= 0; i--) {
                reach |= 1u << i;
                if (occ >> i & 1) break;
            }
            mq_ray[p][idx] = (uint16_t)reach;
        }
}

/* A step of k along a line with direction d (|d|^2 = n) from s changes the squared
 * distance to q by n*k^2 + 2*k*dot, dot = (s - q).d: it shrinks exactly for k strictly
 * between 0 and -2*dot/n, one open interval on the side of the queen's projection. */
static void init_closer(void) {
    for (int t = 0; t < LT_NB; t++) {
        int n = (t == LT_DIAG || t == LT_ANTI) ? 2 : 1;
        for (int dot = -22; dot <= 22; dot++)
            for (int p = 0; p < MQ_N; p++) {
                int a = dot < 0 ? -dot : dot, kmax = dot ? (2 * a - 1) / n : 0;
                unsigned mask = 0;
                for (int k = 1; k <= kmax; k++) {
                    int i = dot < 0 ? p + k : p - k;
                    if (i >= 0 && i < MQ_N) mask |= 1u << i;
                }
                mq_closer[t][dot + 22][p] = (uint16_t)mask;
            }
    }
}

/* Drawn in this order: stacks of Ivory then Cigar, queens of Ivory then Cigar, each over
 * a1, b1, ..., l1, a2, ..., l12; queen heights 0..127 of Ivory then Cigar; Cigar to move;
 * the four swap states w, a, s, -. */
static void init_zobrist(void) {
    Prng rng = {MQ_ZOBRIST_SEED};
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 144; i++) mq_z_stack[c][mq_sq(i % MQ_N, i / MQ_N)] = prng_next(&rng);
    for (int c = 0; c < 2; c++)
        for (int i = 0; i < 144; i++) mq_z_queen[c][mq_sq(i % MQ_N, i / MQ_N)] = prng_next(&rng);
    for (int c = 0; c < 2; c++)
        for (int h = 0; h < 128; h++) mq_z_height[c][h] = prng_next(&rng);
    mq_z_cigar = prng_next(&rng);
    for (int s = 0; s < 4; s++) mq_z_swap[s] = prng_next(&rng);
}

void mq_init_tables(void) {
    init_lines();
    init_rays();
    init_closer();
    init_zobrist();
}
