/* data.c — the training-data file of the learned evaluation (engine/nnue/DATA.md): its
 * records made from positions, its appending writer and its reader that checks every byte. */
#include "data.h"

#include <errno.h>
#include <stdarg.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#define FNV_OFFSET 2166136261u
#define FNV_PRIME 16777619u

static uint32_t fnv1a(const uint8_t *p, size_t n) {
    uint32_t h = FNV_OFFSET;
    for (size_t i = 0; i < n; i++) h = (h ^ p[i]) * FNV_PRIME;
    return h;
}

static void put16(uint8_t *p, uint16_t v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void put32(uint8_t *p, uint32_t v) { put16(p, (uint16_t)v), put16(p + 2, (uint16_t)(v >> 16)); }
static uint16_t get16(const uint8_t *p) { return (uint16_t)(p[0] | p[1] << 8); }
static uint32_t get32(const uint8_t *p) { return get16(p) | (uint32_t)get16(p + 2) << 16; }

void data_header_of(const GameOps *g, DataHeader *h) {
    memset(h, 0, sizeof *h);
    bool has = g->features && g->nnue_features > 0;
    h->n_features = has ? (uint32_t)g->nnue_features : 0;
    snprintf(h->game, sizeof h->game, "%s", g->name);
    snprintf(h->feature_set, sizeof h->feature_set, "%s",
             has && g->nnue_feature_set ? g->nnue_feature_set : DATA_NO_FEATURE_SET);
}

bool data_header_equal(const DataHeader *a, const DataHeader *b) {
    return a->n_features == b->n_features && !strcmp(a->game, b->game) && !strcmp(a->feature_set, b->feature_set);
}

static void encode_header(const DataHeader *h, uint8_t out[DATA_HEADER_BYTES]) {
    memset(out, 0, DATA_HEADER_BYTES);
    memcpy(out, DATA_MAGIC, 8);
    put32(out + 8, DATA_VERSION);
    put32(out + 12, h->n_features);
    memcpy(out + 16, h->game, strlen(h->game));
    memcpy(out + 32, h->feature_set, strlen(h->feature_set));
}

static int clamp_score(Score s) {
    return s > DATA_SCORE_MAX ? DATA_SCORE_MAX : s < -DATA_SCORE_MAX ? -DATA_SCORE_MAX : (int)s;
}

/* The features of pos seen from persp, checked against the contract. */
static int features_of(const GameOps *g, const GamePos *pos, int persp, uint32_t *out, char *err) {
    if (!g->features || g->nnue_features <= 0) return 0;
    int n = g->features(pos, persp, out);
    if (n < 0 || n > NNUE_MAX_ACTIVE) {
        snprintf(err, ERR_STR_MAX, "%s: features() returned %d, outside 0..%d", g->name, n, NNUE_MAX_ACTIVE);
        return -1;
    }
    for (int i = 0; i < n; i++)
        if (out[i] >= (uint32_t)g->nnue_features) {
            snprintf(err, ERR_STR_MAX, "%s: feature %" PRIu32 " outside [0, %d)", g->name, out[i], g->nnue_features);
            return -1;
        }
    return n;
}

bool data_record_fill(DataRecord *r, const GameOps *g, const GamePos *pos, Score score, int result,
                      char *err) {
    int stm = g->player_to_move(pos);
    r->score = (int16_t)clamp_score(score);
    r->result = (int8_t)(result > 0 ? 1 : result < 0 ? -1 : 0);
    r->stm = (uint8_t)(stm + 1);
    int us = features_of(g, pos, stm, r->feats, err);
    if (us < 0) return false;
    int them = features_of(g, pos, stm ^ 1, r->feats + us, err);
    if (them < 0) return false;
    r->n_us = (uint16_t)us, r->n_them = (uint16_t)them;
    g->print_pos(pos, r->pos);
    return true;
}

size_t data_record_encode(const DataRecord *r, uint8_t *out) {
    size_t n_feats = (size_t)r->n_us + r->n_them, pos_len = strlen(r->pos);
    size_t body = DATA_BODY_FIXED + 4 * n_feats + pos_len;
    uint8_t *b = out + 4;
    put32(out, (uint32_t)body);
    put16(b, (uint16_t)r->score);
    b[2] = (uint8_t)r->result;
    b[3] = r->stm;
    put16(b + 4, r->n_us);
    put16(b + 6, r->n_them);
    for (size_t i = 0; i < n_feats; i++) put32(b + 8 + 4 * i, r->feats[i]);
    put16(b + 8 + 4 * n_feats, (uint16_t)pos_len);
    memcpy(b + 10 + 4 * n_feats, r->pos, pos_len);
    put32(b + body, fnv1a(b, body));
    return 4 + body + 4;
}

/* ---- reading ---- */

struct DataReader {
    FILE *f;
    char *path;
    DataHeader header;
    uint64_t offset; /* of the next record */
    uint8_t buf[DATA_RECORD_MAX];
};

static void fault(char *err, const DataReader *r, uint64_t at, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
static void fault(char *err, const DataReader *r, uint64_t at, const char *fmt, ...) {
    char what[ERR_STR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(err, ERR_STR_MAX, "%.100s: byte %" PRIu64 ": %.120s", r->path, at, what);
}

/* A NUL-padded name field: printable, not empty, nothing after the first NUL. */
static bool name_field(const uint8_t *p, char *out) {
    int n = 0;
    while (n < DATA_NAME_BYTES && p[n]) {
        if (p[n] < 0x21 || p[n] > 0x7e) return false;
        n++;
    }
    for (int i = n; i < DATA_NAME_BYTES; i++)
        if (p[i]) return false;
    memcpy(out, p, (size_t)n);
    out[n] = 0;
    return n > 0;
}

static bool read_header(DataReader *r, const DataHeader *expect, char *err) {
    uint8_t h[DATA_HEADER_BYTES];
    size_t got = fread(h, 1, sizeof h, r->f);
    if (got < 8 || memcmp(h, DATA_MAGIC, 8)) {
        if (got >= 8 || (got > 0 && memcmp(h, DATA_MAGIC, got)))
            fault(err, r, 0, "not a Simia data file (no '%s' magic)", DATA_MAGIC);
        else
            fault(err, r, got, "header cut short (%zu of %d bytes)", got, DATA_HEADER_BYTES);
        return false;
    }
    if (got < sizeof h) {
        fault(err, r, got, "header cut short (%zu of %d bytes)", got, DATA_HEADER_BYTES);
        return false;
    }
    uint32_t version = get32(h + 8);
    if (version != DATA_VERSION) {
        fault(err, r, 8, "data format version %" PRIu32 ", this engine reads version %u", version, DATA_VERSION);
        return false;
    }
    r->header.n_features = get32(h + 12);
    if (r->header.n_features >= 1u << 31) {
        fault(err, r, 12, "%" PRIu32 " features is out of range", r->header.n_features);
        return false;
    }
    if (!name_field(h + 16, r->header.game)) {
        fault(err, r, 16, "the game's name is not a NUL-padded name");
        return false;
    }
    if (!name_field(h + 32, r->header.feature_set)) {
        fault(err, r, 32, "the feature set's name is not a NUL-padded name");
        return false;
    }
    if (!expect) return true;
    if (strcmp(expect->game, r->header.game)) {
        fault(err, r, 16, "data of game '%s', not of '%s'", r->header.game, expect->game);
        return false;
    }
    if (strcmp(expect->feature_set, r->header.feature_set)) {
        fault(err, r, 32, "feature set '%s', but %s's is now '%s' (data of another version of the features)",
              r->header.feature_set, expect->game, expect->feature_set);
        return false;
    }
    if (expect->n_features != r->header.n_features) {
        fault(err, r, 12, "%" PRIu32 " features, but %s has %" PRIu32, r->header.n_features, expect->game,
              expect->n_features);
        return false;
    }
    return true;
}

DataReader *data_reader_open(const char *path, const DataHeader *expect, char *err) {
    DataReader *r = calloc(1, sizeof *r);
    if (!r || !(r->path = strdup(path))) {
        free(r);
        snprintf(err, ERR_STR_MAX, "out of memory");
        return NULL;
    }
    r->f = fopen(path, "rb");
    if (!r->f) {
        snprintf(err, ERR_STR_MAX, "cannot open %.120s: %s", path, strerror(errno));
        data_reader_close(r);
        return NULL;
    }
    if (!read_header(r, expect, err)) {
        data_reader_close(r);
        return NULL;
    }
    r->offset = DATA_HEADER_BYTES;
    return r;
}

const DataHeader *data_reader_header(const DataReader *r) { return &r->header; }
uint64_t data_reader_offset(const DataReader *r) { return r->offset; }

void data_reader_close(DataReader *r) {
    if (!r) return;
    if (r->f) fclose(r->f);
    free(r->path);
    free(r);
}

int data_reader_next(DataReader *r, DataRecord *rec, const uint8_t **raw, size_t *raw_len, char *err) {
    uint64_t at = r->offset;
    uint8_t *p = r->buf;
    size_t got = fread(p, 1, 4, r->f);
    if (got == 0 && !ferror(r->f)) return 0;
    if (got < 4) {
        if (ferror(r->f)) fault(err, r, at, "read error: %s", strerror(errno));
        else fault(err, r, at, "record cut short: %zu bytes where its length needs 4", got);
        return -1;
    }
    uint32_t body = get32(p);
    if (body < DATA_BODY_FIXED || body > DATA_BODY_MAX) {
        fault(err, r, at, "a record body of %" PRIu32 " bytes is impossible (%d..%d)", body, DATA_BODY_FIXED,
              DATA_BODY_MAX);
        return -1;
    }
    size_t need = (size_t)body + 4;
    got = fread(p + 4, 1, need, r->f);
    if (got < need) {
        if (ferror(r->f)) fault(err, r, at, "read error: %s", strerror(errno));
        else fault(err, r, at, "record cut short: it needs %zu bytes, %zu are left", need + 4, got + 4);
        return -1;
    }
    const uint8_t *b = p + 4;
    uint32_t stored = get32(b + body), computed = fnv1a(b, body);
    if (stored != computed) {
        fault(err, r, at, "checksum mismatch (stored %08" PRIx32 ", computed %08" PRIx32 "): the record is corrupt",
              stored, computed);
        return -1;
    }
    int16_t score = (int16_t)get16(b);
    int8_t result = (int8_t)b[2];
    uint8_t stm = b[3];
    uint16_t n_us = get16(b + 4), n_them = get16(b + 6);
    if (score > DATA_SCORE_MAX || score < -DATA_SCORE_MAX) {
        fault(err, r, at + 4, "score %d beyond +-%d", score, DATA_SCORE_MAX);
        return -1;
    }
    if (result < -1 || result > 1) {
        fault(err, r, at + 6, "result %d, not -1, 0 or 1", result);
        return -1;
    }
    if (stm != 1 && stm != 2) {
        fault(err, r, at + 7, "player deciding %u, not 1 or 2", stm);
        return -1;
    }
    if (n_us > NNUE_MAX_ACTIVE || n_them > NNUE_MAX_ACTIVE) {
        fault(err, r, at + 8, "%u+%u active features, more than %d a side", n_us, n_them, NNUE_MAX_ACTIVE);
        return -1;
    }
    size_t n_feats = (size_t)n_us + n_them;
    if (DATA_BODY_FIXED + 4 * n_feats > body) {
        fault(err, r, at + 8, "%zu features overrun a body of %" PRIu32 " bytes", n_feats, body);
        return -1;
    }
    size_t pos_len = get16(b + 8 + 4 * n_feats);
    if (DATA_BODY_FIXED + 4 * n_feats + pos_len != body) {
        fault(err, r, at, "body length %" PRIu32 " disagrees with its contents (%zu bytes)", body,
              DATA_BODY_FIXED + 4 * n_feats + pos_len);
        return -1;
    }
    const uint8_t *text = b + 10 + 4 * n_feats;
    if (pos_len == 0 || memchr(text, 0, pos_len)) {
        fault(err, r, at + 4 + 10 + 4 * n_feats, "the position string is empty or holds a NUL byte");
        return -1;
    }
    for (size_t i = 0; i < n_feats; i++) {
        uint32_t f = get32(b + 8 + 4 * i);
        if (f >= r->header.n_features) {
            fault(err, r, at + 4 + 8 + 4 * i, "feature %" PRIu32 " out of range [0, %" PRIu32 ")", f,
                  r->header.n_features);
            return -1;
        }
        if (rec) rec->feats[i] = f;
    }
    if (rec) {
        rec->score = score, rec->result = result, rec->stm = stm, rec->n_us = n_us, rec->n_them = n_them;
        memcpy(rec->pos, text, pos_len);
        rec->pos[pos_len] = 0;
    }
    if (raw) *raw = p;
    if (raw_len) *raw_len = need + 4;
    r->offset = at + need + 4;
    return 1;
}

/* ---- writing ---- */

FILE *data_open_append(const char *path, const DataHeader *h, uint64_t *n_existing, char *err) {
    *n_existing = 0;
    FILE *f = fopen(path, "ab");
    if (!f) {
        snprintf(err, ERR_STR_MAX, "cannot open %.120s for writing: %s", path, strerror(errno));
        return NULL;
    }
    if (fseek(f, 0, SEEK_END) || ftell(f) < 0) {
        snprintf(err, ERR_STR_MAX, "cannot seek in %.120s: %s", path, strerror(errno));
        fclose(f);
        return NULL;
    }
    if (ftell(f) == 0) {
        uint8_t hb[DATA_HEADER_BYTES];
        encode_header(h, hb);
        if (fwrite(hb, 1, sizeof hb, f) != sizeof hb || fflush(f)) {
            snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", path, strerror(errno));
            fclose(f);
            return NULL;
        }
        return f;
    }
    /* Appending: only to a whole, valid file of the same game and features. */
    DataReader *r = data_reader_open(path, h, err);
    int got = r ? 1 : -1;
    while (got == 1) {
        got = data_reader_next(r, NULL, NULL, NULL, err);
        if (got == 1) ++*n_existing;
    }
    data_reader_close(r);
    if (got < 0) {
        size_t n = strlen(err);
        snprintf(err + n, ERR_STR_MAX - n, "; nothing appended");
        fclose(f);
        return NULL;
    }
    return f;
}
