/* featfile.c — the features file (engine/nnue/DATA.md): training records with their features
 * made, in flat little-endian columns that numpy maps straight into arrays; writer and checked reader. */
#include "featfile.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include "data.h"

/* The reader hands out the columns in place (FeatFile): they are little-endian. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "the features file is read in place");

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v), put16(p + 2, (uint16_t)(v >> 16)); }
static void put64(uint8_t *p, uint64_t v) { put32(p, (uint32_t)v), put32(p + 4, (uint32_t)(v >> 32)); }
static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t get32(const uint8_t *p) { return get16(p) | (uint32_t)get16(p + 2) << 16; }
static uint64_t get64(const uint8_t *p) { return get32(p) | (uint64_t)get32(p + 4) << 32; }
static uint64_t pad8(uint64_t n) { return (n + 7) & ~(uint64_t)7; }

/* The checksum: the sum, modulo 2^64, of the file's little-endian 32-bit words before it
 * (numpy checks it in one pass: a flipped bit anywhere changes it). */
static uint64_t word_sum(const uint8_t *p, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i + 4 <= n; i += 4) s += get32(p + i);
    return s;
}

/* Where each column starts, from the header's counts; the file's size. */
typedef struct {
    uint64_t indices, score, result, stm, flags, bucket, n_us, n_them, checksum, size;
} Layout;

static Layout layout_of(const FeatHeader *h) {
    Layout l;
    uint64_t n = h->n_records;
    l.indices = FEAT_HEADER_BYTES;
    l.score = l.indices + pad8(h->n_indices * (uint64_t)h->index_bytes);
    l.result = l.score + pad8(2 * n);
    l.stm = l.result + pad8(n);
    l.flags = l.stm + pad8(n);
    l.bucket = l.flags + pad8(n);
    l.n_us = l.bucket + pad8(n);
    l.n_them = l.n_us + pad8(2 * n);
    l.checksum = l.n_them + pad8(2 * n);
    l.size = l.checksum + 8;
    return l;
}

static void encode_header(const FeatHeader *h, uint8_t out[FEAT_HEADER_BYTES]) {
    memset(out, 0, FEAT_HEADER_BYTES);
    data_encode_names(out, FEAT_MAGIC, FEAT_VERSION, h->n_features, h->game, h->feature_set, h->max_active);
    out[52] = (uint8_t)h->index_bytes;
    out[53] = (uint8_t)h->n_buckets;
    put64(out + 56, h->n_records);
    put64(out + 64, h->n_indices);
}

/* ---- writing ---- */

struct FeatWriter {
    FILE *f;
    char *path, *part;
    FeatHeader h;
    uint64_t sum;     /* of the words written after the header */
    uint8_t carry[4]; /* a word's first bytes, until the rest comes */
    int n_carry;
    uint8_t *seen; /* one byte per feature: a view's repeats are refused */
    /* the columns, in memory until the end */
    int16_t *score;
    int8_t *result;
    uint8_t *stm, *flags, *bucket;
    uint16_t *n_us, *n_them;
    uint64_t cap;
    bool failed;
};

static bool emit(FeatWriter *w, const void *data, size_t n) {
    const uint8_t *p = data;
    if (fwrite(p, 1, n, w->f) != n) return false;
    for (size_t i = 0; i < n; i++) {
        w->carry[w->n_carry++] = p[i];
        if (w->n_carry == 4) w->sum += get32(w->carry), w->n_carry = 0;
    }
    return true;
}

static bool emit_pad(FeatWriter *w, uint64_t written) {
    static const uint8_t zero[8];
    return emit(w, zero, (size_t)(pad8(written) - written));
}

FeatWriter *feat_writer_open(const char *path, const GameOps *g, int n_buckets, char *err) {
    if (!g->features || g->nnue_features <= 0) {
        snprintf(err, ERR_STR_MAX, "%s offers no features", g->name);
        return NULL;
    }
    struct stat st;
    if (!stat(path, &st)) {
        snprintf(err, ERR_STR_MAX, "%.120s exists (a features file is written anew)", path);
        return NULL;
    }
    FeatWriter *w = calloc(1, sizeof *w);
    size_t len = strlen(path);
    if (!w || !(w->path = strdup(path)) || !(w->part = malloc(len + 6)) ||
        !(w->seen = calloc((size_t)g->nnue_features, 1))) {
        if (w) free(w->path), free(w->part), free(w);
        snprintf(err, ERR_STR_MAX, "out of memory");
        return NULL;
    }
    snprintf(w->part, len + 6, "%s.part", path);
    w->h.n_features = (uint32_t)g->nnue_features;
    w->h.max_active = (uint32_t)g->nnue_max_active;
    w->h.index_bytes = g->nnue_features <= 65536 ? 2 : 4;
    w->h.n_buckets = n_buckets;
    snprintf(w->h.game, sizeof w->h.game, "%s", g->name);
    snprintf(w->h.feature_set, sizeof w->h.feature_set, "%s", g->nnue_feature_set ? g->nnue_feature_set : "none");
    uint8_t hb[FEAT_HEADER_BYTES] = {0};
    if (!(w->f = fopen(w->part, "wb")) || fwrite(hb, 1, sizeof hb, w->f) != sizeof hb) {
        snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", w->part, strerror(errno));
        feat_writer_abort(w);
        return NULL;
    }
    return w;
}

uint64_t feat_writer_count(const FeatWriter *w) { return w->h.n_records; }

static bool grow(FeatWriter *w) {
    uint64_t cap = w->cap ? 2 * w->cap : 4096;
#define GROW(field)                                                                                                  \
    do {                                                                                                             \
        void *p = realloc(w->field, sizeof *w->field * cap);                                                         \
        if (!p) return false;                                                                                        \
        w->field = p;                                                                                                \
    } while (0)
    GROW(score);
    GROW(result);
    GROW(stm);
    GROW(flags);
    GROW(bucket);
    GROW(n_us);
    GROW(n_them);
#undef GROW
    w->cap = cap;
    return true;
}

/* One view's features: checked against the game's declared bound, range and distinctness
 * (the contract: a game that breaks it is refused here, not trained on), then written. */
static bool add_view(FeatWriter *w, const uint32_t *f, int n, const char *which, char *err) {
    if (n < 0 || (uint32_t)n > w->h.max_active) {
        snprintf(err, ERR_STR_MAX, "%s: %s view of %d features, beyond the %" PRIu32 " the game declares", w->h.game,
                 which, n, w->h.max_active);
        return false;
    }
    bool ok = true;
    int i = 0;
    for (; i < n && ok; i++) {
        if (f[i] >= w->h.n_features) {
            snprintf(err, ERR_STR_MAX, "%s: feature %" PRIu32 " outside [0, %" PRIu32 ")", w->h.game, f[i],
                     w->h.n_features);
            ok = false;
        } else if (w->seen[f[i]]) {
            snprintf(err, ERR_STR_MAX, "%s: feature %" PRIu32 " twice in the %s view", w->h.game, f[i], which);
            ok = false;
        } else {
            w->seen[f[i]] = 1;
        }
    }
    /* i counts the refused feature too, which may lie outside the marks */
    for (int k = 0; k < i; k++)
        if (f[k] < w->h.n_features) w->seen[f[k]] = 0;
    if (!ok) return false;
    if (n == 0) return true;
    uint8_t buf[4 * NNUE_MAX_ACTIVE];
    for (int k = 0; k < n; k++) {
        if (w->h.index_bytes == 2) put16(buf + 2 * k, (uint16_t)f[k]);
        else put32(buf + 4 * k, f[k]);
    }
    if (!emit(w, buf, (size_t)n * (size_t)w->h.index_bytes)) {
        snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", w->part, strerror(errno));
        return false;
    }
    w->h.n_indices += (uint64_t)n;
    return true;
}

bool feat_writer_add(FeatWriter *w, int score, int result, int stm, unsigned flags, int bucket, const uint32_t *us,
                     int n_us, const uint32_t *them, int n_them, char *err) {
    if (bucket < 0 || bucket >= w->h.n_buckets) {
        snprintf(err, ERR_STR_MAX, "%s: bucket %d outside [0, %d)", w->h.game, bucket, w->h.n_buckets);
        return false;
    }
    if (w->h.n_records == w->cap && !grow(w)) {
        snprintf(err, ERR_STR_MAX, "out of memory");
        return false;
    }
    if (!add_view(w, us, n_us, "player deciding's", err) || !add_view(w, them, n_them, "other player's", err)) {
        w->failed = true;
        return false;
    }
    uint64_t i = w->h.n_records++;
    w->score[i] = (int16_t)score, w->result[i] = (int8_t)result, w->stm[i] = (uint8_t)stm;
    w->flags[i] = (uint8_t)flags, w->bucket[i] = (uint8_t)bucket;
    w->n_us[i] = (uint16_t)n_us, w->n_them[i] = (uint16_t)n_them;
    return true;
}

static void free_writer(FeatWriter *w) {
    if (w->f) fclose(w->f);
    free(w->path), free(w->part), free(w->seen);
    free(w->score), free(w->result), free(w->stm), free(w->flags), free(w->bucket), free(w->n_us), free(w->n_them);
    free(w);
}

void feat_writer_abort(FeatWriter *w) {
    if (!w) return;
    if (w->f) fclose(w->f), w->f = NULL;
    unlink(w->part);
    free_writer(w);
}

/* A column of n values of size bytes each, little-endian, then its padding. */
static bool emit_column(FeatWriter *w, const void *values, int size) {
    uint64_t n = w->h.n_records;
    const uint8_t *v = values;
    uint8_t buf[4096];
    size_t fill = 0;
    for (uint64_t i = 0; i < n; i++) {
        if (size == 2) put16(buf + fill, ((const uint16_t *)values)[i]);
        else buf[fill] = v[i];
        fill += (size_t)size;
        if (fill == sizeof buf) {
            if (!emit(w, buf, fill)) return false;
            fill = 0;
        }
    }
    return (fill == 0 || emit(w, buf, fill)) && emit_pad(w, n * (uint64_t)size);
}

bool feat_writer_finish(FeatWriter *w, char *err) {
    uint8_t hb[FEAT_HEADER_BYTES], sum[8];
    bool ok = !w->failed && emit_pad(w, w->h.n_indices * (uint64_t)w->h.index_bytes) && emit_column(w, w->score, 2) &&
              emit_column(w, w->result, 1) && emit_column(w, w->stm, 1) && emit_column(w, w->flags, 1) &&
              emit_column(w, w->bucket, 1) && emit_column(w, w->n_us, 2) && emit_column(w, w->n_them, 2);
    if (ok) {
        encode_header(&w->h, hb);
        put64(sum, w->sum + word_sum(hb, sizeof hb));
        ok = fwrite(sum, 1, 8, w->f) == 8 && !fseek(w->f, 0, SEEK_SET) && fwrite(hb, 1, sizeof hb, w->f) == sizeof hb;
    }
    ok = !fclose(w->f) && ok;
    w->f = NULL;
    if (ok) ok = !rename(w->part, w->path);
    if (!ok) {
        snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", w->part, strerror(errno));
        unlink(w->part);
    }
    free_writer(w);
    return ok;
}

/* ---- reading ---- */

static bool check_header(const uint8_t *p, size_t size, const char *path, const char *game, FeatHeader *h, char *err) {
    if (size < 8 || memcmp(p, FEAT_MAGIC, 8)) return data_fault(err, path, 0, "not a Simia features file (no '%s' magic)", FEAT_MAGIC);
    if (size < FEAT_HEADER_BYTES) return data_fault(err, path, size, "header cut short (%zu of %d bytes)", size, FEAT_HEADER_BYTES);
    uint32_t version = get32(p + 8);
    if (version != FEAT_VERSION)
        return data_fault(err, path, 8, "features file version %" PRIu32 ", this engine reads version %u", version, FEAT_VERSION);
    memset(h, 0, sizeof *h);
    h->n_features = get32(p + 12);
    if (h->n_features == 0 || h->n_features >= 1u << 31) return data_fault(err, path, 12, "%" PRIu32 " features is out of range", h->n_features);
    if (!data_name_field(p + 16, h->game)) return data_fault(err, path, 16, "the game's name is not a NUL-padded name");
    if (!data_name_field(p + 32, h->feature_set)) return data_fault(err, path, 32, "the feature set's name is not a NUL-padded name");
    h->max_active = get32(p + 48);
    if (h->max_active == 0 || h->max_active > NNUE_MAX_ACTIVE)
        return data_fault(err, path, 48, "at most %" PRIu32 " active features a view is out of range 1..%d", h->max_active,
                     NNUE_MAX_ACTIVE);
    h->index_bytes = p[52];
    if (h->index_bytes != (h->n_features <= 65536 ? 2 : 4))
        return data_fault(err, path, 52, "%d-byte feature indices for %" PRIu32 " features", h->index_bytes, h->n_features);
    h->n_buckets = p[53];
    if (h->n_buckets == 0) return data_fault(err, path, 53, "no buckets");
    if (get16(p + 54) || get64(p + 72)) return data_fault(err, path, get16(p + 54) ? 54 : 72, "a reserved header byte is not zero");
    h->n_records = get64(p + 56);
    h->n_indices = get64(p + 64);
    if (h->n_records > ((uint64_t)1 << 40) || h->n_indices > h->n_records * 2 * h->max_active)
        return data_fault(err, path, 56, "%" PRIu64 " records holding %" PRIu64 " features is impossible", h->n_records,
                     h->n_indices);
    if (game && strcmp(game, h->game)) return data_fault(err, path, 16, "features of game '%s', not of '%s'", h->game, game);
    return true;
}

static bool check_body(FeatFile *f, const Layout *l, const char *path, char *err) {
    const uint8_t *p = f->map;
    const FeatHeader *h = &f->h;
    uint64_t stored = get64(p + l->checksum), computed = word_sum(p, (size_t)l->checksum);
    if (stored != computed)
        return data_fault(err, path, l->checksum, "checksum mismatch (stored %016" PRIx64 ", computed %016" PRIx64 "): the file is corrupt",
                     stored, computed);
    uint64_t total = 0;
    for (uint64_t i = 0; i < h->n_records; i++) {
        int score = (int16_t)get16(p + l->score + 2 * i), result = (int8_t)p[l->result + i];
        if (score > DATA_SCORE_MAX || score < -DATA_SCORE_MAX)
            return data_fault(err, path, l->score + 2 * i, "score %d beyond +-%d", score, DATA_SCORE_MAX);
        if (result < -1 || result > 1) return data_fault(err, path, l->result + i, "result %d, not -1, 0 or 1", result);
        if (p[l->stm + i] != 1 && p[l->stm + i] != 2)
            return data_fault(err, path, l->stm + i, "player deciding %u, not 1 or 2", p[l->stm + i]);
        if (p[l->flags + i] & ~(unsigned)DATA_FLAGS_KNOWN) return data_fault(err, path, l->flags + i, "flags %#x: unknown bits", p[l->flags + i]);
        if (p[l->bucket + i] >= h->n_buckets)
            return data_fault(err, path, l->bucket + i, "bucket %u, not below %d", p[l->bucket + i], h->n_buckets);
        uint16_t us = get16(p + l->n_us + 2 * i), them = get16(p + l->n_them + 2 * i);
        if (us > h->max_active) return data_fault(err, path, l->n_us + 2 * i, "%u active features, more than the %" PRIu32 " declared", us, h->max_active);
        if (them > h->max_active)
            return data_fault(err, path, l->n_them + 2 * i, "%u active features, more than the %" PRIu32 " declared", them, h->max_active);
        total += (uint64_t)us + them;
    }
    if (total != h->n_indices)
        return data_fault(err, path, 64, "the records list %" PRIu64 " features, the header %" PRIu64, total, h->n_indices);
    for (uint64_t k = 0; k < h->n_indices; k++) {
        uint32_t v = feat_file_index(f, k);
        if (v >= h->n_features)
            return data_fault(err, path, l->indices + k * (uint64_t)h->index_bytes, "feature %" PRIu32 " out of range [0, %" PRIu32 ")",
                         v, h->n_features);
    }
    return true;
}

uint32_t feat_file_index(const FeatFile *f, uint64_t k) {
    const uint8_t *p = f->indices;
    return f->h.index_bytes == 2 ? get16(p + 2 * k) : get32(p + 4 * k);
}

FeatFile *feat_file_open(const char *path, const char *game, char *err) {
    int fd = open(path, O_RDONLY);
    struct stat st;
    if (fd < 0 || fstat(fd, &st)) {
        snprintf(err, ERR_STR_MAX, "cannot open %.120s: %s", path, strerror(errno));
        if (fd >= 0) close(fd);
        return NULL;
    }
    FeatFile *f = calloc(1, sizeof *f);
    if (!f) {
        close(fd);
        snprintf(err, ERR_STR_MAX, "out of memory");
        return NULL;
    }
    f->size = (size_t)st.st_size;
    if (f->size) {
        f->map = mmap(NULL, f->size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (f->map == MAP_FAILED) {
            f->map = NULL;
            snprintf(err, ERR_STR_MAX, "cannot map %.120s: %s", path, strerror(errno));
            close(fd);
            feat_file_close(f);
            return NULL;
        }
    }
    close(fd);
    const uint8_t *p = f->map;
    bool ok = check_header(p, f->size, path, game, &f->h, err);
    Layout l;
    if (ok) {
        l = layout_of(&f->h);
        if (l.size != f->size)
            ok = data_fault(err, path, f->size < l.size ? f->size : l.size, "%zu bytes, the header's counts make %" PRIu64 " (%s)",
                       f->size, l.size, f->size < l.size ? "cut short" : "bytes after the end");
    }
    if (ok) {
        f->indices = p + l.indices;
        f->score = (const int16_t *)(p + l.score);
        f->result = (const int8_t *)(p + l.result);
        f->stm = p + l.stm, f->flags = p + l.flags, f->bucket = p + l.bucket;
        f->n_us = (const uint16_t *)(p + l.n_us), f->n_them = (const uint16_t *)(p + l.n_them);
        ok = check_body(f, &l, path, err);
    }
    if (!ok) {
        feat_file_close(f);
        return NULL;
    }
    return f;
}

void feat_file_close(FeatFile *f) {
    if (!f) return;
    if (f->map) munmap(f->map, f->size);
    free(f);
}

bool feat_file_is(const char *path) {
    FILE *fp = fopen(path, "rb");
    char magic[8];
    bool is = fp && fread(magic, 1, 8, fp) == 8 && !memcmp(magic, FEAT_MAGIC, 8);
    if (fp) fclose(fp);
    return is;
}
