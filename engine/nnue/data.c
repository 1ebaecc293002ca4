/* data.c — the training-data file of the learned evaluation (engine/nnue/DATA.md): its
 * records (a position and its labels), its appending writer and its reader that checks every byte. */
#include "data.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
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
    h->version = DATA_VERSION;
    h->n_features = has ? (uint32_t)g->nnue_features : 0;
    h->max_active = has ? (uint32_t)g->nnue_max_active : 0;
    snprintf(h->game, sizeof h->game, "%s", g->name);
    snprintf(h->feature_set, sizeof h->feature_set, "%s",
             has && g->nnue_feature_set ? g->nnue_feature_set : DATA_NO_FEATURE_SET);
}

bool data_header_equal(const DataHeader *a, const DataHeader *b) {
    return a->version == b->version && a->n_features == b->n_features && a->max_active == b->max_active &&
           !strcmp(a->game, b->game) && !strcmp(a->feature_set, b->feature_set);
}

static const char *const KEEP_NAMES[] = {"quiet", "noisy", "all"};

bool data_keep_parse(const char *text, DataKeep *keep) {
    for (int k = 0; k < 3; k++)
        if (text && !strcmp(text, KEEP_NAMES[k])) return *keep = (DataKeep)k, true;
    return false;
}

const char *data_keep_name(DataKeep keep) { return KEEP_NAMES[keep]; }

bool data_keeps(DataKeep keep, unsigned flags) {
    return keep == DATA_KEEP_ALL || (!(flags & DATA_IN_CHECK) && (keep == DATA_KEEP_NOISY || !(flags & DATA_NOISY)));
}

void data_encode_names(uint8_t *out, const char *magic, uint32_t version, uint32_t n_features, const char *game,
                       const char *feature_set, uint32_t max_active) {
    memcpy(out, magic, 8);
    put32(out + 8, version);
    put32(out + 12, n_features);
    memset(out + 16, 0, 2 * DATA_NAME_BYTES);
    memcpy(out + 16, game, strlen(game));
    memcpy(out + 32, feature_set, strlen(feature_set));
    put32(out + 48, max_active);
}

static void encode_header(const DataHeader *h, uint8_t out[DATA_HEADER_BYTES]) {
    memset(out, 0, DATA_HEADER_BYTES);
    data_encode_names(out, DATA_MAGIC, DATA_VERSION, h->n_features, h->game, h->feature_set, h->max_active);
}

static int clamp_score(int s) {
    return s > DATA_SCORE_MAX ? DATA_SCORE_MAX : s < -DATA_SCORE_MAX ? -DATA_SCORE_MAX : s;
}

void data_record_fill(DataRecord *r, const GameOps *g, const GamePos *pos, Score score, int static_eval,
                      int result, unsigned flags) {
    r->score = (int16_t)clamp_score(score);
    r->static_eval = (int16_t)(static_eval == DATA_NO_STATIC ? DATA_NO_STATIC : clamp_score(static_eval));
    r->result = (int8_t)(result > 0 ? 1 : result < 0 ? -1 : 0);
    r->stm = (uint8_t)(g->player_to_move(pos) + 1);
    r->flags = (uint8_t)(flags & DATA_FLAGS_KNOWN);
    g->print_pos(pos, r->pos);
}

size_t data_record_encode(const DataRecord *r, uint8_t *out) {
    size_t pos_len = strlen(r->pos), body = DATA_BODY_FIXED + pos_len;
    uint8_t *b = out + 2;
    put16(out, (uint16_t)body);
    put16(b, (uint16_t)r->score);
    put16(b + 2, (uint16_t)r->static_eval);
    b[4] = (uint8_t)r->result;
    b[5] = r->stm;
    b[6] = r->flags;
    memcpy(b + DATA_BODY_FIXED, r->pos, pos_len);
    put32(b + body, fnv1a(b, body));
    return 2 + body + 4;
}

/* ---- reading ---- */

struct DataReader {
    FILE *f;
    char *path;
    DataHeader header;
    uint64_t offset; /* of the next record */
    uint8_t buf[4 + DATA_V1_BODY_MAX + 4];
};

bool data_fault(char *err, const char *path, uint64_t at, const char *fmt, ...) {
    char what[ERR_STR_MAX];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(what, sizeof what, fmt, ap);
    va_end(ap);
    snprintf(err, ERR_STR_MAX, "%.100s: byte %" PRIu64 ": %.120s", path, at, what);
    return false;
}

bool data_name_field(const uint8_t *p, char *out) {
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

static bool read_header(DataReader *r, const char *game, char *err) {
    uint8_t h[DATA_HEADER_BYTES];
    size_t got = fread(h, 1, DATA_HEADER_BYTES_V1, r->f);
    if (got < 8 || memcmp(h, DATA_MAGIC, 8)) {
        if (got >= 8 || (got > 0 && memcmp(h, DATA_MAGIC, got)))
            data_fault(err, r->path, 0, "not a Simia data file (no '%s' magic)", DATA_MAGIC);
        else
            data_fault(err, r->path, got, "header cut short (%zu of %d bytes)", got, DATA_HEADER_BYTES);
        return false;
    }
    uint32_t version = got >= 12 ? get32(h + 8) : DATA_VERSION;
    int size = version == DATA_VERSION_FEATURES ? DATA_HEADER_BYTES_V1 : DATA_HEADER_BYTES;
    if (got == DATA_HEADER_BYTES_V1 && size > DATA_HEADER_BYTES_V1)
        got += fread(h + got, 1, (size_t)(size - DATA_HEADER_BYTES_V1), r->f);
    if (got < (size_t)size) {
        data_fault(err, r->path, got, "header cut short (%zu of %d bytes)", got, size);
        return false;
    }
    if (version != DATA_VERSION && version != DATA_VERSION_FEATURES) {
        data_fault(err, r->path, 8, "data format version %" PRIu32 ", this engine reads versions %u and %u", version,
              DATA_VERSION_FEATURES, DATA_VERSION);
        return false;
    }
    r->header.version = version;
    r->header.n_features = get32(h + 12);
    if (r->header.n_features >= 1u << 31) {
        data_fault(err, r->path, 12, "%" PRIu32 " features is out of range", r->header.n_features);
        return false;
    }
    if (!data_name_field(h + 16, r->header.game)) {
        data_fault(err, r->path, 16, "the game's name is not a NUL-padded name");
        return false;
    }
    if (!data_name_field(h + 32, r->header.feature_set)) {
        data_fault(err, r->path, 32, "the feature set's name is not a NUL-padded name");
        return false;
    }
    if (version == DATA_VERSION) {
        r->header.max_active = get32(h + 48);
        if (r->header.max_active > NNUE_MAX_ACTIVE || (r->header.max_active == 0) != (r->header.n_features == 0)) {
            data_fault(err, r->path, 48, "at most %" PRIu32 " active features a view, for %" PRIu32 " features", r->header.max_active,
                  r->header.n_features);
            return false;
        }
        for (int i = 52; i < DATA_HEADER_BYTES; i++)
            if (h[i]) {
                data_fault(err, r->path, (uint64_t)i, "a reserved header byte is not zero");
                return false;
            }
    }
    if (game && strcmp(game, r->header.game)) {
        data_fault(err, r->path, 16, "data of game '%s', not of '%s'", r->header.game, game);
        return false;
    }
    r->offset = (uint64_t)size;
    return true;
}

bool data_reader_header_is(const DataReader *r, const DataHeader *want, char *err) {
    const DataHeader *h = &r->header;
    if (h->version != want->version)
        data_fault(err, r->path, 8, "data format version %" PRIu32 ", not %" PRIu32 " (convert it with --refeature)", h->version,
              want->version);
    else if (strcmp(want->game, h->game))
        data_fault(err, r->path, 16, "data of game '%s', not of '%s'", h->game, want->game);
    else if (strcmp(want->feature_set, h->feature_set))
        data_fault(err, r->path, 32, "feature set '%s', but %s's is now '%s' (data of another version of the features)",
              h->feature_set, want->game, want->feature_set);
    else if (want->n_features != h->n_features)
        data_fault(err, r->path, 12, "%" PRIu32 " features, but %s has %" PRIu32, h->n_features, want->game, want->n_features);
    else if (want->max_active != h->max_active)
        data_fault(err, r->path, 48, "at most %" PRIu32 " active features a view, but %s declares %" PRIu32, h->max_active,
              want->game, want->max_active);
    else
        return true;
    return false;
}

DataReader *data_reader_open(const char *path, const char *game, char *err) {
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
    if (!read_header(r, game, err)) {
        data_reader_close(r);
        return NULL;
    }
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

/* Reads a record's length (len_bytes), body and checksum into r->buf; its body's size in
 * *body, or -1/0 as data_reader_next returns them. */
static int read_body(DataReader *r, int len_bytes, size_t fixed, size_t max, uint32_t *body, char *err) {
    uint64_t at = r->offset;
    uint8_t *p = r->buf;
    size_t got = fread(p, 1, (size_t)len_bytes, r->f);
    if (got == 0 && !ferror(r->f)) return 0;
    if (got < (size_t)len_bytes) {
        if (ferror(r->f)) data_fault(err, r->path, at, "read error: %s", strerror(errno));
        else data_fault(err, r->path, at, "record cut short: %zu bytes where its length needs %d", got, len_bytes);
        return -1;
    }
    *body = len_bytes == 2 ? get16(p) : get32(p);
    if (*body < fixed || *body > max) {
        data_fault(err, r->path, at, "a record body of %" PRIu32 " bytes is impossible (%zu..%zu)", *body, fixed, max);
        return -1;
    }
    size_t need = (size_t)*body + 4;
    got = fread(p + len_bytes, 1, need, r->f);
    if (got < need) {
        if (ferror(r->f)) data_fault(err, r->path, at, "read error: %s", strerror(errno));
        else data_fault(err, r->path, at, "record cut short: it needs %zu bytes, %zu are left", need + (size_t)len_bytes,
                   got + (size_t)len_bytes);
        return -1;
    }
    const uint8_t *b = p + len_bytes;
    uint32_t stored = get32(b + *body), computed = fnv1a(b, *body);
    if (stored != computed) {
        data_fault(err, r->path, at, "checksum mismatch (stored %08" PRIx32 ", computed %08" PRIx32 "): the record is corrupt",
              stored, computed);
        return -1;
    }
    return 1;
}

/* The fields both versions share, checked; at: the score's offset in the file. */
static bool labels_ok(const DataReader *r, uint64_t at, int score, int result, int stm, uint64_t result_at,
                      uint64_t stm_at, char *err) {
    if (score > DATA_SCORE_MAX || score < -DATA_SCORE_MAX) data_fault(err, r->path, at, "score %d beyond +-%d", score, DATA_SCORE_MAX);
    else if (result < -1 || result > 1) data_fault(err, r->path, result_at, "result %d, not -1, 0 or 1", result);
    else if (stm != 1 && stm != 2) data_fault(err, r->path, stm_at, "player deciding %d, not 1 or 2", stm);
    else return true;
    return false;
}

static bool position_ok(const DataReader *r, uint64_t at, const uint8_t *text, size_t len, char *err) {
    if (len && !memchr(text, 0, len)) return true;
    data_fault(err, r->path, at, "the position string is empty or holds a NUL byte");
    return false;
}

static int next_v2(DataReader *r, DataRecord *rec, char *err) {
    uint64_t at = r->offset;
    uint32_t body;
    int got = read_body(r, 2, DATA_BODY_FIXED + 1, DATA_BODY_MAX, &body, err);
    if (got <= 0) return got;
    const uint8_t *b = r->buf + 2;
    int16_t score = (int16_t)get16(b), static_eval = (int16_t)get16(b + 2);
    int8_t result = (int8_t)b[4];
    uint8_t stm = b[5], flags = b[6];
    if (!labels_ok(r, at + 2, score, result, stm, at + 6, at + 7, err)) return -1;
    if (static_eval != DATA_NO_STATIC && (static_eval > DATA_SCORE_MAX || static_eval < -DATA_SCORE_MAX)) {
        data_fault(err, r->path, at + 4, "static evaluation %d beyond +-%d", static_eval, DATA_SCORE_MAX);
        return -1;
    }
    if (flags & ~DATA_FLAGS_KNOWN) {
        data_fault(err, r->path, at + 8, "flags %#x: unknown bits", flags);
        return -1;
    }
    size_t pos_len = body - DATA_BODY_FIXED;
    if (!position_ok(r, at + 2 + DATA_BODY_FIXED, b + DATA_BODY_FIXED, pos_len, err)) return -1;
    if (rec) {
        rec->score = score, rec->static_eval = static_eval, rec->result = result, rec->stm = stm, rec->flags = flags;
        memcpy(rec->pos, b + DATA_BODY_FIXED, pos_len);
        rec->pos[pos_len] = 0;
    }
    r->offset = at + 2 + body + 4;
    return 1;
}

static int next_v1(DataReader *r, DataRecord *rec, char *err) {
    uint64_t at = r->offset;
    uint32_t body;
    int got = read_body(r, 4, DATA_V1_BODY_FIXED, DATA_V1_BODY_MAX, &body, err);
    if (got <= 0) return got;
    const uint8_t *b = r->buf + 4;
    int16_t score = (int16_t)get16(b);
    int8_t result = (int8_t)b[2];
    uint8_t stm = b[3];
    uint16_t n_us = get16(b + 4), n_them = get16(b + 6);
    if (!labels_ok(r, at + 4, score, result, stm, at + 6, at + 7, err)) return -1;
    if (n_us > NNUE_MAX_ACTIVE || n_them > NNUE_MAX_ACTIVE) {
        data_fault(err, r->path, at + 8, "%u+%u active features, more than %d a side", n_us, n_them, NNUE_MAX_ACTIVE);
        return -1;
    }
    size_t n_feats = (size_t)n_us + n_them;
    if (DATA_V1_BODY_FIXED + 4 * n_feats > body) {
        data_fault(err, r->path, at + 8, "%zu features overrun a body of %" PRIu32 " bytes", n_feats, body);
        return -1;
    }
    size_t pos_len = get16(b + 8 + 4 * n_feats);
    if (DATA_V1_BODY_FIXED + 4 * n_feats + pos_len != body) {
        data_fault(err, r->path, at, "body length %" PRIu32 " disagrees with its contents (%zu bytes)", body,
              DATA_V1_BODY_FIXED + 4 * n_feats + pos_len);
        return -1;
    }
    const uint8_t *text = b + 10 + 4 * n_feats;
    if (!position_ok(r, at + 4 + 10 + 4 * n_feats, text, pos_len, err)) return -1;
    for (size_t i = 0; i < n_feats; i++) {
        uint32_t f = get32(b + 8 + 4 * i);
        if (f >= r->header.n_features) {
            data_fault(err, r->path, at + 4 + 8 + 4 * i, "feature %" PRIu32 " out of range [0, %" PRIu32 ")", f,
                  r->header.n_features);
            return -1;
        }
    }
    if (rec) {
        rec->score = score, rec->static_eval = DATA_NO_STATIC, rec->result = result, rec->stm = stm, rec->flags = 0;
        memcpy(rec->pos, text, pos_len);
        rec->pos[pos_len] = 0;
    }
    r->offset = at + 4 + body + 4;
    return 1;
}

int data_reader_next(DataReader *r, DataRecord *rec, const uint8_t **raw, size_t *raw_len, char *err) {
    uint64_t at = r->offset;
    int got = r->header.version == DATA_VERSION ? next_v2(r, rec, err) : next_v1(r, rec, err);
    if (got == 1) {
        if (raw) *raw = r->buf;
        if (raw_len) *raw_len = (size_t)(r->offset - at);
    }
    return got;
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
    /* Appending: only to a whole, valid file of the same version, game and features. */
    DataReader *r = data_reader_open(path, NULL, err);
    int got = r && data_reader_header_is(r, h, err) ? 1 : -1;
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
