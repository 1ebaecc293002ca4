/* nnue_eval.c — the integer inference of the learned evaluation: the scalar and AVX2
 * kernels, the output layer, and an evaluation from scratch (the reference). */
#include "nnue_kernel.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NNUE_HAVE_AVX2 1
#include <immintrin.h>
#endif

/* ---- kernels: every sum is modular (int16 lanes, int32 output), so any order, any
 * vector width gives the same bits; the trainer keeps real nets clear of the wrap. ---- */

typedef NnueKernelOps Kernel;

static void apply_scalar(int16_t *acc, const int16_t *from, const int16_t *w1, int h, const uint32_t *add,
                         int na, const uint32_t *sub, int nr) {
    if (acc != from) memcpy(acc, from, (size_t)h * sizeof *acc);
    for (int i = 0; i < na; i++) {
        const int16_t *row = w1 + (size_t)add[i] * (size_t)h;
        for (int j = 0; j < h; j++) acc[j] = (int16_t)(uint16_t)((uint16_t)acc[j] + (uint16_t)row[j]);
    }
    for (int i = 0; i < nr; i++) {
        const int16_t *row = w1 + (size_t)sub[i] * (size_t)h;
        for (int j = 0; j < h; j++) acc[j] = (int16_t)(uint16_t)((uint16_t)acc[j] - (uint16_t)row[j]);
    }
}
static void apply_views_scalar(int16_t *acc, const int16_t *from, size_t stride, const int16_t *w1, int h,
                               const NnueView v[2]) {
    for (int p = 0; p < 2; p++)
        apply_scalar(acc + p * stride, from + p * stride, w1, h, v[p].add, v[p].na, v[p].sub, v[p].nr);
}
/* Exact in any order (the rows added less those removed are the lists' difference), and only
 * what changed where a game keeps each feature in its slot (features_dynamic in game.h). */
static void diff_scalar(const uint32_t *from, int nf, const uint32_t *to, int nt, uint32_t *add, int *na,
                        uint32_t *rem, int *nr) {
    int i = 0, n = nf < nt ? nf : nt, a = *na, r = *nr;
    for (; i < n; i++)
        if (from[i] != to[i]) rem[r++] = from[i], add[a++] = to[i];
    for (; i < nf; i++) rem[r++] = from[i];
    for (; i < nt; i++) add[a++] = to[i];
    *na = a, *nr = r;
}
static void apply_views_dyn_scalar(int16_t *acc, const int16_t *from, size_t stride, const int16_t *w1, int h,
                                   const NnueDynView v[2]) {
    for (int p = 0; p < 2; p++) {
        uint32_t add[NNUE_GATHER_MAX], sub[NNUE_GATHER_MAX];
        int na = nnue_append_rows(add, v[p].add, v[p].na), nr = nnue_append_rows(sub, v[p].sub, v[p].nr);
        diff_scalar(v[p].was, v[p].n_was, v[p].now, v[p].n_now, add, &na, sub, &nr);
        apply_scalar(acc + p * stride, from + p * stride, w1, h, add, na, sub, nr);
    }
}
static inline int32_t crelu(int16_t v) { return v < 0 ? 0 : v > NNUE_QA ? NNUE_QA : v; }
static int32_t output_scalar(const int16_t *us, const int16_t *them, const int16_t *w2, int32_t b2, int h) {
    uint32_t sum = (uint32_t)b2;
    for (int j = 0; j < h; j++) sum += (uint32_t)(crelu(us[j]) * w2[j]);
    for (int j = 0; j < h; j++) sum += (uint32_t)(crelu(them[j]) * w2[h + j]);
    return (int32_t)sum;
}
/* x * W2 is kept as int16 (modulo 2^16) before the second x: what the vector kernel's
 * 16-bit multiply does, so the two agree on any net; a trained net keeps |W2| <= 128, where
 * x * W2 (x <= 255) is exact. */
static int32_t output_sq_scalar(const int16_t *us, const int16_t *them, const int16_t *w2, int h) {
    uint32_t sum = 0;
    for (int j = 0; j < 2 * h; j++) {
        int32_t x = crelu(j < h ? us[j] : them[j - h]);
        int16_t xw = (int16_t)(uint16_t)((uint32_t)x * (uint16_t)w2[j]);
        sum += (uint32_t)(xw * x);
    }
    return (int32_t)sum;
}
static const Kernel SCALAR = {apply_scalar,  apply_views_scalar, diff_scalar, apply_views_dyn_scalar,
                              output_scalar, output_sq_scalar};

#ifdef NNUE_HAVE_AVX2
/* Lanes j .. j + 16 * tile (tile 1, 2, 4 or 8 vectors) stay in registers while every row is
 * summed in. Named variables, not an array: gcc left a 4-vector array on the stack, storing it
 * in 16-byte halves and loading it whole, a failed store forward on every update (M.A.D.'s net
 * ran 17% slower for it); clang kept every array in memory. tile is a constant where it is
 * inlined, so the tests on it vanish. */
#define NNUE_TILE_ROWS(op, list, n)                                                                                  \
    for (int i = 0; i < (n); i++) {                                                                                  \
        const __m256i *r = (const __m256i *)(w1 + (size_t)(list)[i] * h + (size_t)j);                                \
        v0 = op(v0, _mm256_loadu_si256(r));                                                                          \
        if (tile > 1) v1 = op(v1, _mm256_loadu_si256(r + 1));                                                        \
        if (tile > 2) v2 = op(v2, _mm256_loadu_si256(r + 2)), v3 = op(v3, _mm256_loadu_si256(r + 3));               \
        if (tile > 4) {                                                                                              \
            v4 = op(v4, _mm256_loadu_si256(r + 4)), v5 = op(v5, _mm256_loadu_si256(r + 5));                          \
            v6 = op(v6, _mm256_loadu_si256(r + 6)), v7 = op(v7, _mm256_loadu_si256(r + 7));                          \
        }                                                                                                            \
    }
__attribute__((target("avx2"), always_inline)) static inline void apply_tile_avx2(
    int16_t *acc, const int16_t *from, const int16_t *w1, size_t h, const uint32_t *add, int na,
    const uint32_t *sub, int nr, int j, int tile) {
    const __m256i *f = (const __m256i *)(from + j);
    const __m256i z = _mm256_setzero_si256();
    __m256i v0 = _mm256_loadu_si256(f), v1 = tile > 1 ? _mm256_loadu_si256(f + 1) : z;
    __m256i v2 = tile > 2 ? _mm256_loadu_si256(f + 2) : z, v3 = tile > 2 ? _mm256_loadu_si256(f + 3) : z;
    __m256i v4 = tile > 4 ? _mm256_loadu_si256(f + 4) : z, v5 = tile > 4 ? _mm256_loadu_si256(f + 5) : z;
    __m256i v6 = tile > 4 ? _mm256_loadu_si256(f + 6) : z, v7 = tile > 4 ? _mm256_loadu_si256(f + 7) : z;
    NNUE_TILE_ROWS(_mm256_add_epi16, add, na)
    NNUE_TILE_ROWS(_mm256_sub_epi16, sub, nr)
    __m256i *o = (__m256i *)(acc + j);
    _mm256_storeu_si256(o, v0);
    if (tile > 1) _mm256_storeu_si256(o + 1, v1);
    if (tile > 2) _mm256_storeu_si256(o + 2, v2), _mm256_storeu_si256(o + 3, v3);
    if (tile > 4) {
        _mm256_storeu_si256(o + 4, v4), _mm256_storeu_si256(o + 5, v5);
        _mm256_storeu_si256(o + 6, v6), _mm256_storeu_si256(o + 7, v7);
    }
}
#undef NNUE_TILE_ROWS
/* 128 lanes at a time, then the rest in one pass over the rows per power of two of vectors
 * (a 32- or 64-lane net's whole accumulator in one pass, as a 128-lane one's). */
__attribute__((target("avx2"), always_inline)) static inline void apply_lanes_avx2(
    int16_t *acc, const int16_t *from, const int16_t *w1, int h, const uint32_t *add, int na, const uint32_t *sub,
    int nr) {
    const size_t hs = (size_t)h;
    int j = 0;
    for (; j + 128 <= h; j += 128) apply_tile_avx2(acc, from, w1, hs, add, na, sub, nr, j, 8);
    if (j == h) return;
    if (h - j >= 64) apply_tile_avx2(acc, from, w1, hs, add, na, sub, nr, j, 4), j += 64;
    if (h - j >= 32) apply_tile_avx2(acc, from, w1, hs, add, na, sub, nr, j, 2), j += 32;
    if (h - j >= 16) apply_tile_avx2(acc, from, w1, hs, add, na, sub, nr, j, 1);
}
__attribute__((target("avx2"))) static void apply_avx2(int16_t *acc, const int16_t *from, const int16_t *w1, int h,
                                                       const uint32_t *add, int na, const uint32_t *sub, int nr) {
    apply_lanes_avx2(acc, from, w1, h, add, na, sub, nr);
}
__attribute__((target("avx2"))) static void apply_views_avx2(int16_t *acc, const int16_t *from, size_t stride,
                                                             const int16_t *w1, int h, const NnueView v[2]) {
    apply_lanes_avx2(acc, from, w1, h, v[0].add, v[0].na, v[0].sub, v[0].nr);
    apply_lanes_avx2(acc + stride, from + stride, w1, h, v[1].add, v[1].na, v[1].sub, v[1].nr);
}
/* Eight slots at a time without a branch on what differs (a coin toss to the predictor, one
 * per changed slot): in each half of the vector the slots that differ are packed to its front
 * (PACK4: the byte shuffle for each mask of four), each half stored whole where the last one
 * ended, the counts moving on by how many differ. A short last group is loaded masked (its
 * missing slots read as equal zeros). */
static const uint8_t PACK4[16][16] = {
#define Z 0x80
    {Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},          {0, 1, 2, 3, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},          {0, 1, 2, 3, 4, 5, 6, 7, Z, Z, Z, Z, Z, Z, Z, Z},
    {8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},        {0, 1, 2, 3, 8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, 8, 9, 10, 11, Z, Z, Z, Z, Z, Z, Z, Z},        {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, Z, Z, Z, Z},
    {12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z, Z},      {0, 1, 2, 3, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},
    {4, 5, 6, 7, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},      {0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15, Z, Z, Z, Z},
    {8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z, Z, Z, Z, Z},    {0, 1, 2, 3, 8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z},
    {4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, Z, Z, Z, Z},    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
#undef Z
};
_Static_assert(NNUE_DIFF_SLACK >= 4, "a half is stored whole, even where none of it differs");
/* The bits of a mask of four (0..15), four bits each. */
#define NNUE_BITS4(m) ((int)(0x4332322132212110ULL >> (4 * (m)) & 15))
__attribute__((target("avx2"), always_inline)) static inline void diff_lists_avx2(const uint32_t *from, int nf,
                                                                                  const uint32_t *to, int nt,
                                                                                  uint32_t *add, int *na,
                                                                                  uint32_t *rem, int *nr) {
    int n = nf < nt ? nf : nt, a = *na, r = *nr;
    const __m256i iota = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    for (int i = 0; i < n; i += 8) {
        __m256i live = _mm256_cmpgt_epi32(_mm256_set1_epi32(n - i), iota);
        __m256i x = _mm256_maskload_epi32((const int *)(from + i), live);
        __m256i y = _mm256_maskload_epi32((const int *)(to + i), live);
        unsigned m = ~(unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(_mm256_cmpeq_epi32(x, y))) & 255;
        unsigned lo = m & 15, hi = m >> 4;
        __m256i pack = _mm256_inserti128_si256(_mm256_castsi128_si256(_mm_loadu_si128((const __m128i *)PACK4[lo])),
                                               _mm_loadu_si128((const __m128i *)PACK4[hi]), 1);
        x = _mm256_shuffle_epi8(x, pack), y = _mm256_shuffle_epi8(y, pack);
        int k = NNUE_BITS4(lo);
        _mm_storeu_si128((__m128i *)(rem + r), _mm256_castsi256_si128(x));
        _mm_storeu_si128((__m128i *)(add + a), _mm256_castsi256_si128(y));
        _mm_storeu_si128((__m128i *)(rem + r + k), _mm256_extracti128_si256(x, 1));
        _mm_storeu_si128((__m128i *)(add + a + k), _mm256_extracti128_si256(y, 1));
        k += NNUE_BITS4(hi);
        r += k, a += k;
    }
    for (int i = n; i < nf; i++) rem[r++] = from[i];
    for (int i = n; i < nt; i++) add[a++] = to[i];
    *na = a, *nr = r;
}
#undef NNUE_BITS4
__attribute__((target("avx2"))) static void diff_avx2(const uint32_t *from, int nf, const uint32_t *to, int nt,
                                                      uint32_t *add, int *na, uint32_t *rem, int *nr) {
    diff_lists_avx2(from, nf, to, nt, add, na, rem, nr);
}
__attribute__((target("avx2"))) static void apply_views_dyn_avx2(int16_t *acc, const int16_t *from, size_t stride,
                                                                 const int16_t *w1, int h, const NnueDynView v[2]) {
    for (int p = 0; p < 2; p++) {
        uint32_t add[NNUE_GATHER_MAX], sub[NNUE_GATHER_MAX];
        int na = nnue_append_rows(add, v[p].add, v[p].na), nr = nnue_append_rows(sub, v[p].sub, v[p].nr);
        diff_lists_avx2(v[p].was, v[p].n_was, v[p].now, v[p].n_now, add, &na, sub, &nr);
        apply_lanes_avx2(acc + p * stride, from + p * stride, w1, h, add, na, sub, nr);
    }
}
/* The eight int32 lanes' sum (modular, like the scalar sums). */
__attribute__((target("avx2"))) static int32_t hsum_avx2(__m256i v) {
    __m128i s = _mm_add_epi32(_mm256_castsi256_si128(v), _mm256_extracti128_si256(v, 1));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0x4E));
    s = _mm_add_epi32(s, _mm_shuffle_epi32(s, 0xB1));
    return _mm_cvtsi128_si32(s);
}
/* Clipped to 0..QA the activations are non-negative int16 and madd's pairwise sums stay
 * within int32 (2 * 255 * 32768); the lanes' sums wrap like the scalar one. */
__attribute__((target("avx2"))) static __m256i dot_avx2(__m256i sum, const int16_t *a, const int16_t *w, int h) {
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    for (int j = 0; j < h; j += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(a + j));
        x = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(x, _mm256_loadu_si256((const __m256i *)(w + j))));
    }
    return sum;
}
__attribute__((target("avx2"))) static int32_t output_avx2(const int16_t *us, const int16_t *them,
                                                            const int16_t *w2, int32_t b2, int h) {
    __m256i sum = dot_avx2(_mm256_setzero_si256(), us, w2, h);
    return (int32_t)((uint32_t)hsum_avx2(dot_avx2(sum, them, w2 + h, h)) + (uint32_t)b2);
}
__attribute__((target("avx2"))) static __m256i dot_sq_avx2(__m256i sum, const int16_t *a, const int16_t *w, int h) {
    const __m256i zero = _mm256_setzero_si256(), qa = _mm256_set1_epi16(NNUE_QA);
    for (int j = 0; j < h; j += 16) {
        __m256i x = _mm256_loadu_si256((const __m256i *)(a + j));
        x = _mm256_min_epi16(_mm256_max_epi16(x, zero), qa);
        __m256i xw = _mm256_mullo_epi16(x, _mm256_loadu_si256((const __m256i *)(w + j)));
        sum = _mm256_add_epi32(sum, _mm256_madd_epi16(xw, x));
    }
    return sum;
}
__attribute__((target("avx2"))) static int32_t output_sq_avx2(const int16_t *us, const int16_t *them,
                                                               const int16_t *w2, int h) {
    __m256i sum = dot_sq_avx2(_mm256_setzero_si256(), us, w2, h);
    return hsum_avx2(dot_sq_avx2(sum, them, w2 + h, h));
}
static const Kernel AVX2 = {apply_avx2, apply_views_avx2, diff_avx2, apply_views_dyn_avx2, output_avx2, output_sq_avx2};
#endif

bool nnue_kernel_available(NnueKernel k) {
    switch (k) {
    case NNUE_KERNEL_SCALAR:
    case NNUE_KERNEL_BEST:
        return true;
    case NNUE_KERNEL_AVX2:
#ifdef NNUE_HAVE_AVX2
        return __builtin_cpu_supports("avx2");
#else
        return false;
#endif
    }
    return false;
}

static NnueKernel resolve(NnueKernel k) {
    if (k == NNUE_KERNEL_BEST) return nnue_kernel_available(NNUE_KERNEL_AVX2) ? NNUE_KERNEL_AVX2 : NNUE_KERNEL_SCALAR;
    return nnue_kernel_available(k) ? k : NNUE_KERNEL_SCALAR;
}

const char *nnue_kernel_name(NnueKernel k) { return resolve(k) == NNUE_KERNEL_AVX2 ? "avx2" : "scalar"; }

const NnueKernelOps *nnue_kernel_ops(NnueKernel k) {
#ifdef NNUE_HAVE_AVX2
    if (resolve(k) == NNUE_KERNEL_AVX2) return &AVX2;
#else
    (void)k;
#endif
    return &SCALAR;
}

/* ---- evaluation ---- */

/* out in units of 1 / (QA * QB), or of 1 / (QA * QA * QB) with the squared activation. */
static Score to_score(int64_t out, bool squared) {
    int64_t v = out * NNUE_SCALE, d = (int64_t)NNUE_QA * NNUE_QB * (squared ? NNUE_QA : 1);
    int64_t q = v / d - (v % d != 0 && v < 0); /* floor division */
    const int64_t lim = SCORE_WIN_MIN - 1;
    return (Score)(q > lim ? lim : q < -lim ? -lim : q);
}

/* The output layer of bucket (nnue_net_bucket) on the player to move's accumulator and the
 * other's. */
Score nnue_output(const Kernel *k, const NnueNet *net, int bucket, const int16_t *us, const int16_t *them) {
    const int16_t *w2 = net->w2 + (size_t)bucket * 2 * (size_t)net->hidden;
    int32_t b2 = net->b2[bucket];
    if (net->activation == NNUE_SCRELU)
        return to_score((int64_t)k->output_sq(us, them, w2, net->hidden) + (int64_t)b2 * NNUE_QA, true);
    return to_score(k->output(us, them, w2, b2, net->hidden), false);
}

static void refresh(const Kernel *k, const NnueNet *net, const uint32_t *f, int n, int16_t *acc) {
    k->apply(acc, net->b1, net->w1, net->hidden, f, n, NULL, 0);
}

/* A feature list from the game, every entry checked: a bad one is a game's bug, and an
 * index out of range would read outside the net. */
static int checked(const GameOps *g, const uint32_t *f, int n) {
    if (n < 0 || n > NNUE_MAX_ACTIVE) abort();
    for (int i = 0; i < n; i++)
        if (f[i] >= (uint32_t)g->nnue_features) abort();
    return n;
}
static int features_of(const GameOps *g, const GamePos *pos, int p, uint32_t *out) {
    return checked(g, out, g->features(pos, p, out));
}

void nnue_refresh(const NnueNet *net, const GameOps *g, const GamePos *pos, int p, int16_t *acc, NnueKernel k) {
    uint32_t f[NNUE_MAX_ACTIVE];
    refresh(nnue_kernel_ops(k), net, f, features_of(g, pos, p, f), acc);
}

Score nnue_evaluate_fresh(const NnueNet *net, const GameOps *g, const GamePos *pos, NnueKernel k) {
    _Static_assert(NNUE_HIDDEN_MAX % 16 == 0, "hidden sizes are whole vectors");
    alignas(32) int16_t acc[2][NNUE_HIDDEN_MAX];
    nnue_refresh(net, g, pos, PLAYER_1, acc[0], k);
    nnue_refresh(net, g, pos, PLAYER_2, acc[1], k);
    int us = g->player_to_move(pos);
    return nnue_output(nnue_kernel_ops(k), net, nnue_net_bucket(net, g, pos), acc[us], acc[us ^ 1]);
}

