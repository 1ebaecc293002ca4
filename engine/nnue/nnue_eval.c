/* nnue_eval.c — the integer inference of the learned evaluation: the accumulator cache of
 * one search thread (diffs of feature lists, or a refresh) and the scalar and AVX2 kernels. */
#include "nnue.h"

#include <stdlib.h>
#include <string.h>

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define NNUE_HAVE_AVX2 1
#include <immintrin.h>
#endif

/* ---- kernels: every sum is modular (int16 lanes, int32 output), so any order, any
 * vector width gives the same bits; the trainer keeps real nets clear of the wrap. ---- */

/* apply: acc = from + the rows of w1 named in add - those named in sub (from may be acc).
 * One pass over the accumulator whatever the number of rows: a move changes several
 * features, and loading and storing the accumulator once per row cost more than the sums. */
typedef struct {
    void (*apply)(int16_t *acc, const int16_t *from, const int16_t *w1, int h, const uint32_t *add, int na,
                  const uint32_t *sub, int nr);
    int32_t (*output)(const int16_t *us, const int16_t *them, const int16_t *w2, int32_t b2, int h);
    /* the squared activation's sum of x * x * W2 (x = the clipped value), without B2 */
    int32_t (*output_sq)(const int16_t *us, const int16_t *them, const int16_t *w2, int h);
} Kernel;

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
static const Kernel SCALAR = {apply_scalar, output_scalar, output_sq_scalar};

#ifdef NNUE_HAVE_AVX2
/* Eight vectors (128 lanes) at a time stay in registers while every row is summed in. */
__attribute__((target("avx2"))) static void apply_avx2(int16_t *acc, const int16_t *from, const int16_t *w1, int h,
                                                       const uint32_t *add, int na, const uint32_t *sub, int nr) {
    enum { TILE = 8 };
    int j = 0;
    for (; j + TILE * 16 <= h; j += TILE * 16) {
        __m256i v[TILE];
        for (int t = 0; t < TILE; t++) v[t] = _mm256_loadu_si256((const __m256i *)(from + j + 16 * t));
        for (int i = 0; i < na; i++) {
            const int16_t *row = w1 + (size_t)add[i] * (size_t)h + (size_t)j;
            for (int t = 0; t < TILE; t++)
                v[t] = _mm256_add_epi16(v[t], _mm256_loadu_si256((const __m256i *)(row + 16 * t)));
        }
        for (int i = 0; i < nr; i++) {
            const int16_t *row = w1 + (size_t)sub[i] * (size_t)h + (size_t)j;
            for (int t = 0; t < TILE; t++)
                v[t] = _mm256_sub_epi16(v[t], _mm256_loadu_si256((const __m256i *)(row + 16 * t)));
        }
        for (int t = 0; t < TILE; t++) _mm256_storeu_si256((__m256i *)(acc + j + 16 * t), v[t]);
    }
    for (; j < h; j += 16) {
        __m256i v = _mm256_loadu_si256((const __m256i *)(from + j));
        for (int i = 0; i < na; i++)
            v = _mm256_add_epi16(v, _mm256_loadu_si256((const __m256i *)(w1 + (size_t)add[i] * (size_t)h + (size_t)j)));
        for (int i = 0; i < nr; i++)
            v = _mm256_sub_epi16(v, _mm256_loadu_si256((const __m256i *)(w1 + (size_t)sub[i] * (size_t)h + (size_t)j)));
        _mm256_storeu_si256((__m256i *)(acc + j), v);
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
static const Kernel AVX2 = {apply_avx2, output_avx2, output_sq_avx2};
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

static const Kernel *kernel_of(NnueKernel k) {
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
static Score output(const Kernel *k, const NnueNet *net, int bucket, const int16_t *us, const int16_t *them) {
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
    refresh(kernel_of(k), net, f, features_of(g, pos, p, f), acc);
}

Score nnue_evaluate_fresh(const NnueNet *net, const GameOps *g, const GamePos *pos, NnueKernel k) {
    _Static_assert(NNUE_HIDDEN_MAX % 16 == 0, "hidden sizes are whole vectors");
    alignas(32) int16_t acc[2][NNUE_HIDDEN_MAX];
    nnue_refresh(net, g, pos, PLAYER_1, acc[0], k);
    nnue_refresh(net, g, pos, PLAYER_2, acc[1], k);
    int us = g->player_to_move(pos);
    return output(kernel_of(k), net, nnue_net_bucket(net, g, pos), acc[us], acc[us ^ 1]);
}

/* The cache remembers the last evaluated position's feature lists; marks[p][f] holds the
 * generation in which f was last seen active from view p, so that a diff costs one pass
 * over each list (features come in any order). */
struct NnueCache {
    alignas(32) int16_t acc[2][NNUE_HIDDEN_MAX];
    const Kernel *kernel;
    const NnueNet *net;
    const GameOps *game;
    uint32_t checksum;
    bool valid;
    uint32_t gen;
    int n[2];
    uint32_t feats[2][NNUE_MAX_ACTIVE];
    uint32_t *marks[2];
    int marks_size;
    uint64_t refreshes, updates;
};

NnueCache *nnue_cache_new(NnueKernel k) {
    NnueCache *c = calloc(1, sizeof *c);
    if (!c) return NULL;
    c->kernel = kernel_of(k);
    return c;
}

void nnue_cache_free(NnueCache *c) {
    if (!c) return;
    free(c->marks[0]), free(c->marks[1]);
    free(c);
}

void nnue_cache_reset(NnueCache *c) { c->valid = false; }

const int16_t *nnue_cache_acc(const NnueCache *c, int p) { return c->acc[p]; }

void nnue_cache_stats(const NnueCache *c, uint64_t *refreshes, uint64_t *updates) {
    *refreshes = c->refreshes;
    *updates = c->updates;
}

/* Makes the cache fit net and game; false without memory for the marks. */
static bool prepare(NnueCache *c, const NnueNet *net, const GameOps *g) {
    if (c->valid && c->net == net && c->game == g && c->checksum == net->checksum && c->gen < UINT32_MAX - 1)
        return true;
    c->valid = false;
    if (c->marks_size < net->n_features) {
        for (int p = 0; p < 2; p++) {
            uint32_t *m = realloc(c->marks[p], (size_t)net->n_features * sizeof *m);
            if (!m) return false;
            c->marks[p] = m;
        }
        c->marks_size = net->n_features;
    }
    memset(c->marks[0], 0, (size_t)c->marks_size * sizeof *c->marks[0]);
    memset(c->marks[1], 0, (size_t)c->marks_size * sizeof *c->marks[1]);
    c->gen = 1;
    c->net = net, c->game = g, c->checksum = net->checksum;
    return true;
}

static void update(NnueCache *c, const NnueNet *net, int p, const uint32_t *f, int n) {
    uint32_t *mark = c->marks[p], old = c->gen, now = c->gen + 1;
    int16_t *acc = c->acc[p];
    if (!c->valid) {
        refresh(c->kernel, net, f, n, acc);
        for (int i = 0; i < n; i++) mark[f[i]] = now;
        c->refreshes++;
    } else {
        uint32_t added[NNUE_MAX_ACTIVE], removed[NNUE_MAX_ACTIVE];
        int na = 0, nr = 0;
        /* Branch-free: whether a feature is new is a coin toss to the predictor. */
        for (int i = 0; i < n; i++) {
            added[na] = f[i];
            na += mark[f[i]] != old;
            mark[f[i]] = now;
        }
        for (int i = 0; i < c->n[p]; i++) {
            removed[nr] = c->feats[p][i];
            nr += mark[c->feats[p][i]] != now;
        }
        if (na + nr >= n) {
            refresh(c->kernel, net, f, n, acc);
            c->refreshes++;
        } else {
            c->kernel->apply(acc, acc, net->w1, net->hidden, added, na, removed, nr);
            c->updates++;
        }
    }
    memcpy(c->feats[p], f, (size_t)n * sizeof *f);
    c->n[p] = n;
}

Score nnue_evaluate(NnueCache *c, const NnueNet *net, const GameOps *g, const GamePos *pos) {
    if (!prepare(c, net, g)) return nnue_evaluate_fresh(net, g, pos, NNUE_KERNEL_SCALAR);
    uint32_t f[2][NNUE_MAX_ACTIVE];
    if (g->features_both) {
        uint32_t *const out[2] = {f[0], f[1]};
        int n[2];
        g->features_both(pos, out, n);
        for (int p = 0; p < 2; p++) update(c, net, p, f[p], checked(g, f[p], n[p]));
    } else {
        for (int p = 0; p < 2; p++) update(c, net, p, f[p], features_of(g, pos, p, f[p]));
    }
    c->gen++;
    c->valid = true;
    int us = g->player_to_move(pos);
    return output(c->kernel, net, nnue_net_bucket(net, g, pos), c->acc[us], c->acc[us ^ 1]);
}
