/* test_datagen.c — the training-data files (engine/nnue/data.c, featfile.c) and the `simia
 * datagen` jobs through the real executable: every game's data replayed and re-searched
 * (adjudication included), its features file checked against the game, version 1 files read and
 * converted, determinism, appending, and every refusal (another game, truncation, corruption,
 * foreign bytes, arguments). */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conversation.h"
#include "engine/engine.h"
#include "engine/nnue/data.h"
#include "engine/nnue/featfile.h"
#include "engine/nnue/nnue.h"
#include "testutil.h"
#include "uci-like/adjudicate.h"
#include "uci-like/datagen.h"

#define NODES 300
#define RANDOM_PLIES 4

static char tmpdir[256];

static void make_tmpdir(void) {
    snprintf(tmpdir, sizeof tmpdir, "/tmp/simia-datagen-XXXXXX");
    ck_assert_ptr_nonnull(mkdtemp(tmpdir));
}

static void remove_tmpdir(void) {
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmpdir);
    ck_assert_int_eq(system(cmd), 0);
}

static void tmp_path(char *out, size_t size, const char *name) { snprintf(out, size, "%s/%s", tmpdir, name); }

/* Runs `simia ARGS` (a shell line) with stderr joined to stdout: its exit status, its output in out. */
static char run_output[65536];
static int run(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int run(const char *fmt, ...) {
    char args[4096], cmd[4608];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(args, sizeof args, fmt, ap);
    va_end(ap);
    snprintf(cmd, sizeof cmd, "exec '%s' %s 2>&1", SIMIA_BINARY, args);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    child_close_stdin(c);
    while (child_line(c, 300000)) {
    }
    snprintf(run_output, sizeof run_output, "%s", child_transcript(c));
    int status = child_wait(c, 300000);
    child_free(c);
    return status;
}

static long file_size(const char *path) {
    struct stat st;
    return stat(path, &st) ? -1 : (long)st.st_size;
}

static bool same_bytes(const char *a, const char *b) {
    FILE *fa = fopen(a, "rb"), *fb = fopen(b, "rb");
    ck_assert(fa && fb);
    int ca, cb;
    do {
        ca = fgetc(fa), cb = fgetc(fb);
    } while (ca == cb && ca != EOF);
    fclose(fa), fclose(fb);
    return ca == cb;
}

/* Writes bytes to path (replacing it). */
static void put_file(const char *path, const uint8_t *bytes, size_t n) {
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(bytes, 1, n, f), n);
    ck_assert_int_eq(fclose(f), 0);
}

static size_t get_file(const char *path, uint8_t *bytes, size_t cap) {
    FILE *f = fopen(path, "rb");
    ck_assert_ptr_nonnull(f);
    size_t n = fread(bytes, 1, cap, f);
    fclose(f);
    return n;
}

static void le16(uint8_t *p, unsigned v) { p[0] = (uint8_t)v, p[1] = (uint8_t)(v >> 8); }
static void le32(uint8_t *p, uint32_t v) { le16(p, v & 0xffff), le16(p + 2, v >> 16); }
static uint32_t rd32(const uint8_t *p) { return p[0] | p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24; }

/* Reads the whole file: its record count, or -1 with err. */
static int64_t count_records(const char *path, const char *game, char *err) {
    DataReader *r = data_reader_open(path, game, err);
    if (!r) return -1;
    int64_t n = 0;
    int got;
    while ((got = data_reader_next(r, NULL, NULL, NULL, err)) == 1) n++;
    data_reader_close(r);
    return got < 0 ? -1 : n;
}

/* ---- version 1 files, as older builds wrote them (written here byte by byte) ---- */

/* A version 1 record: score, result, stm, its features (us then them), the position. */
static size_t encode_v1(const DataRecord *r, const uint32_t *feats, int n_us, int n_them, uint8_t *out) {
    size_t n = (size_t)(n_us + n_them), pos_len = strlen(r->pos), body = 10 + 4 * n + pos_len;
    uint8_t *b = out + 4;
    le32(out, (uint32_t)body);
    le16(b, (uint16_t)r->score);
    b[2] = (uint8_t)r->result, b[3] = r->stm;
    le16(b + 4, (unsigned)n_us), le16(b + 6, (unsigned)n_them);
    for (size_t i = 0; i < n; i++) le32(b + 8 + 4 * i, feats[i]);
    le16(b + 8 + 4 * n, (unsigned)pos_len);
    memcpy(b + 10 + 4 * n, r->pos, pos_len);
    le32(b + body, nnue_fnv1a(b, body, NNUE_FNV_BASIS));
    return 4 + body + 4;
}

static FILE *create_v1(const char *path, const char *game, const char *set, uint32_t n_features) {
    uint8_t h[DATA_HEADER_BYTES_V1] = "SIMIADG1";
    le32(h + 8, 1), le32(h + 12, n_features);
    memcpy(h + 16, game, strlen(game)), memcpy(h + 32, set, strlen(set));
    FILE *f = fopen(path, "wb");
    ck_assert_ptr_nonnull(f);
    ck_assert_uint_eq(fwrite(h, 1, sizeof h, f), sizeof h);
    return f;
}

/* The records of src (a version 2 file) as a version 1 file of an older feature set of its
 * game ("old", 40 features, every record listing features 0..2 and 0..1); with bad >= 0,
 * record bad's position string is replaced by `text` and, when flip, its player deciding
 * swapped. */
static void write_v1_from(const char *src, const char *dst, int bad, const char *text, bool flip) {
    char err[ERR_STR_MAX];
    DataReader *r = data_reader_open(src, NULL, err);
    ck_assert_msg(r, "%s", err);
    FILE *f = create_v1(dst, data_reader_header(r)->game, "old", 40);
    static DataRecord rec;
    static uint8_t buf[4 + DATA_V1_BODY_MAX + 4];
    const uint32_t feats[5] = {0, 1, 2, 0, 1};
    for (int i = 0; data_reader_next(r, &rec, NULL, NULL, err) == 1; i++) {
        if (i == bad) {
            if (text) snprintf(rec.pos, sizeof rec.pos, "%s", text);
            if (flip) rec.stm = (uint8_t)(3 - rec.stm);
        }
        size_t len = encode_v1(&rec, feats, 3, 2, buf);
        ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    }
    data_reader_close(r);
    ck_assert_int_eq(fclose(f), 0);
}

/* Whether two data files hold the same records; labels_only: the scores, results, players
 * and positions (a record converted from version 1 has no flags and no static evaluation). */
static bool same_records(const char *a, const char *b, bool labels_only) {
    char err[ERR_STR_MAX];
    DataReader *ra = data_reader_open(a, NULL, err), *rb = data_reader_open(b, NULL, err);
    ck_assert(ra && rb);
    static DataRecord x, y;
    bool same = true;
    int ga, gb = 1;
    while (same && (ga = data_reader_next(ra, &x, NULL, NULL, err)) == 1 &&
           (gb = data_reader_next(rb, &y, NULL, NULL, err)) == 1) {
        same = x.score == y.score && x.result == y.result && x.stm == y.stm && !strcmp(x.pos, y.pos) &&
               (labels_only || (x.flags == y.flags && x.static_eval == y.static_eval));
    }
    if (same) same = ga == 0 && gb == 1 && data_reader_next(rb, &y, NULL, NULL, err) == 0;
    data_reader_close(ra), data_reader_close(rb);
    return same;
}

/* A file that --mirror --refeature wrote from src: each of src's records, then its twin
 * under the game's mirror (the same labels and flags but a game's start; the mirrored position)
 * where the position has one, nothing where it has none (a Zoo elephant that has never moved;
 * the contract test checks that most positions have one). Returns the records. */
static int check_twins(const GameOps *g, const char *src, const char *path, const GameConfig *cfg) {
    char err[ERR_STR_MAX];
    DataReader *rs = data_reader_open(src, NULL, err), *r = data_reader_open(path, NULL, err);
    ck_assert(rs && r);
    static DataRecord s, x, y;
    int records = 0;
    while (data_reader_next(rs, &s, NULL, NULL, err) == 1) {
        ck_assert_int_eq(data_reader_next(r, &x, NULL, NULL, err), 1);
        ck_assert_str_eq(x.pos, s.pos);
        records++;
        GamePos p;
        ck_assert_msg(g->parse_pos(&p, x.pos, cfg, err), "%s", err);
        if (!g->mirror(&p)) continue;
        ck_assert_int_eq(data_reader_next(r, &y, NULL, NULL, err), 1);
        char twin[POS_STR_MAX];
        g->print_pos(&p, twin);
        ck_assert_msg(!strcmp(y.pos, twin) && strcmp(y.pos, x.pos), "%s: twin %s of %s", g->name, y.pos, x.pos);
        ck_assert(y.score == x.score && y.result == x.result && y.stm == x.stm && y.static_eval == x.static_eval &&
                  y.flags == (x.flags & ~DATA_GAME_START));
        records++;
    }
    ck_assert_int_eq(data_reader_next(r, &x, NULL, NULL, err), 0);
    data_reader_close(rs), data_reader_close(r);
    return records;
}

/* A features file made from the data file src (--features, --keep keep, --mirror when
 * mirror): the records keep takes, in order, each (and its twin) with the labels of its
 * record and the features the game makes of its position now. */
static int check_features(const GameOps *g, const char *src, const char *path, DataKeep keep, bool mirror,
                          const GameConfig *cfg) {
    char err[ERR_STR_MAX];
    FeatFile *f = feat_file_open(path, g->name, err);
    ck_assert_msg(f, "%s", err);
    ck_assert_str_eq(f->h.game, g->name);
    ck_assert_str_eq(f->h.feature_set, g->nnue_feature_set);
    ck_assert_uint_eq(f->h.n_features, (uint32_t)g->nnue_features);
    ck_assert_uint_eq(f->h.max_active, (uint32_t)g->nnue_max_active);
    /* the game's stages (GameOps.nnue_bucket), as the engine picks a net's output layer */
    ck_assert_int_eq(f->h.n_buckets, g->nnue_buckets > 1 ? g->nnue_buckets : 1);
    DataReader *r = data_reader_open(src, NULL, err);
    ck_assert(r);
    static DataRecord rec;
    uint64_t i = 0, k = 0;
    uint32_t want[2][NNUE_MAX_ACTIVE];
    while (data_reader_next(r, &rec, NULL, NULL, err) == 1) {
        if (!data_keeps(keep, rec.flags)) continue;
        GamePos p;
        ck_assert_msg(g->parse_pos(&p, rec.pos, cfg, err), "%s", err);
        for (int twin = 0; twin <= (int)mirror; twin++) {
            if (twin && !g->mirror(&p)) break; /* a position without a twin gets none */
            ck_assert_uint_lt(i, f->h.n_records);
            ck_assert(f->score[i] == rec.score && f->result[i] == rec.result && f->stm[i] == rec.stm);
            int stage = g->nnue_buckets > 1 ? g->nnue_bucket(&p) : 0; /* the contract's, as the engine's */
            ck_assert_int_eq(f->bucket[i], stage);
            ck_assert_uint_eq(f->flags[i], twin ? rec.flags & ~DATA_GAME_START : rec.flags);
            int stm = g->player_to_move(&p);
            int n[2] = {g->features(&p, stm, want[0]), g->features(&p, stm ^ 1, want[1])};
            ck_assert_int_eq(f->n_us[i], n[0]);
            ck_assert_int_eq(f->n_them[i], n[1]);
            for (int v = 0; v < 2; v++)
                for (int j = 0; j < n[v]; j++, k++)
                    ck_assert_msg(feat_file_index(f, k) == want[v][j], "%s: record %llu view %d feature %d", g->name,
                                  (unsigned long long)i, v, j);
            i++;
        }
    }
    ck_assert_uint_eq(i, f->h.n_records);
    ck_assert_uint_eq(k, f->h.n_indices);
    data_reader_close(r);
    feat_file_close(f);
    return (int)i;
}

/* ---- the data file, in process ---- */

static void sample_record(DataRecord *r, int i) {
    memset(r, 0, sizeof *r);
    r->score = (int16_t)(i * 37 - 500);
    r->static_eval = (int16_t)(i % 4 == 3 ? DATA_NO_STATIC : i * 11 - 90);
    r->result = (int8_t)(i % 3 - 1);
    r->stm = (uint8_t)(1 + i % 2);
    r->flags = (uint8_t)(i % 16);
    snprintf(r->pos, sizeof r->pos, "position %d with spaces", i);
}

static void write_sample(const char *path, const DataHeader *h, int from, int n) {
    char err[ERR_STR_MAX];
    uint64_t existing;
    FILE *f = data_open_append(path, h, &existing, err);
    ck_assert_msg(f, "%s", err);
    uint8_t buf[DATA_RECORD_MAX];
    for (int i = from; i < from + n; i++) {
        DataRecord r;
        sample_record(&r, i);
        size_t len = data_record_encode(&r, buf);
        ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    }
    ck_assert_int_eq(fclose(f), 0);
}

static DataHeader sample_header(const char *game) {
    DataHeader h = {.version = DATA_VERSION, .n_features = 40, .max_active = 12};
    snprintf(h.game, sizeof h.game, "%s", game);
    snprintf(h.feature_set, sizeof h.feature_set, "test-v1");
    return h;
}

START_TEST(format_round_trip_and_append) {
    make_tmpdir();
    char path[512], err[ERR_STR_MAX];
    tmp_path(path, sizeof path, "a.dat");
    DataHeader h = sample_header("gameA");
    write_sample(path, &h, 0, 10);
    ck_assert_int_eq(file_size(path) > DATA_HEADER_BYTES, 1);
    write_sample(path, &h, 10, 5); /* appends: the header matches */
    DataReader *r = data_reader_open(path, "gameA", err);
    ck_assert_msg(r, "%s", err);
    ck_assert(data_header_equal(data_reader_header(r), &h));
    DataRecord got, want;
    for (int i = 0; i < 15; i++) {
        ck_assert_int_eq(data_reader_next(r, &got, NULL, NULL, err), 1);
        sample_record(&want, i);
        ck_assert_int_eq(got.score, want.score);
        ck_assert_int_eq(got.static_eval, want.static_eval);
        ck_assert_int_eq(got.result, want.result);
        ck_assert_int_eq(got.stm, want.stm);
        ck_assert_int_eq(got.flags, want.flags);
        ck_assert_str_eq(got.pos, want.pos);
    }
    ck_assert_int_eq(data_reader_next(r, &got, NULL, NULL, err), 0);
    data_reader_close(r);
    /* A record is its position and labels: 13 bytes and the string. */
    ck_assert_int_eq(file_size(path), DATA_HEADER_BYTES + 15 * 13 + 10 * 22 + 5 * 23);
    /* Another header: no append, the file untouched, the field named. */
    long size = file_size(path);
    uint64_t existing;
    DataHeader other = sample_header("gameB");
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_msg(strstr(err, "gameB") && strstr(err, path) && strstr(err, "byte 16"), "%s", err);
    other = sample_header("gameA"), other.n_features = 41;
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_msg(strstr(err, "byte 12"), "%s", err);
    other = sample_header("gameA"), other.max_active = 13;
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_msg(strstr(err, "byte 48") && strstr(err, "declares 13"), "%s", err);
    other = sample_header("gameA");
    snprintf(other.feature_set, sizeof other.feature_set, "test-v2");
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_msg(strstr(err, "feature set"), "%s", err);
    ck_assert_int_eq(file_size(path), size);
    /* Scores are clamped into the format's range; a missing static evaluation stays missing. */
    const GameOps *g = game_find("monkeyqueen");
    GamePos p;
    GameConfig cfg = test_config(g, NULL);
    g->startpos(&p, &cfg);
    DataRecord rec;
    data_record_fill(&rec, g, &p, 40000, DATA_NO_STATIC, 5, DATA_NOISY | 0x80);
    ck_assert(rec.score == DATA_SCORE_MAX && rec.static_eval == DATA_NO_STATIC && rec.result == 1 &&
              rec.flags == DATA_NOISY && rec.stm == 1);
    data_record_fill(&rec, g, &p, -40000, -40000, -3, 0);
    ck_assert(rec.score == -DATA_SCORE_MAX && rec.static_eval == -DATA_SCORE_MAX && rec.result == -1);
    remove_tmpdir();
}
END_TEST

/* Replaces record bytes at `at` (a body field) and mends its checksum, so that the field's
 * own check must catch it. rec: the record's offset. */
static void patch_body(uint8_t *bytes, size_t rec, size_t at, const void *v, size_t n) {
    memcpy(bytes + at, v, n);
    size_t body = (size_t)(bytes[rec] | bytes[rec + 1] << 8);
    le32(bytes + rec + 2 + body, nnue_fnv1a(bytes + rec + 2, body, NNUE_FNV_BASIS));
}

START_TEST(format_refusals) {
    make_tmpdir();
    char path[512], bad[512], err[ERR_STR_MAX];
    tmp_path(path, sizeof path, "good.dat");
    tmp_path(bad, sizeof bad, "bad.dat");
    DataHeader h = sample_header("gameA");
    write_sample(path, &h, 0, 6);
    static uint8_t bytes[1 << 16];
    size_t n = get_file(path, bytes, sizeof bytes);
    ck_assert_int_eq(count_records(path, "gameA", err), 6);
    uint64_t existing;

    /* Cut anywhere inside the last record: refused, the offset is that record's. */
    DataReader *r = data_reader_open(path, NULL, err);
    for (int i = 0; i < 5; i++) ck_assert_int_eq(data_reader_next(r, NULL, NULL, NULL, err), 1);
    uint64_t last = data_reader_offset(r);
    data_reader_close(r);
    for (size_t cut = last + 1; cut < n; cut++) {
        put_file(bad, bytes, cut);
        ck_assert_int_eq(count_records(bad, NULL, err), -1);
        ck_assert_msg(strstr(err, "cut short"), "%s", err);
        char at[64];
        snprintf(at, sizeof at, "byte %llu:", (unsigned long long)last);
        ck_assert_msg(strstr(err, at) && strstr(err, bad), "%s", err);
        ck_assert_ptr_null(data_open_append(bad, &h, &existing, err)); /* nothing appended to it */
        ck_assert_int_eq(file_size(bad), (long)cut);
    }
    /* The header cut short (at any length); an empty file is a new one, fine to append to. */
    for (size_t cut = 1; cut < DATA_HEADER_BYTES; cut += 5) {
        put_file(bad, bytes, cut);
        ck_assert_int_eq(count_records(bad, NULL, err), -1);
        ck_assert_msg(strstr(err, "header cut short"), "%zu: %s", cut, err);
    }

    /* Any byte of a record's body changed: the checksum names it. */
    for (size_t at = DATA_HEADER_BYTES + 2; at < last; at += 3) {
        bytes[at] ^= 0x10;
        put_file(bad, bytes, n);
        bytes[at] ^= 0x10;
        ck_assert_int_eq(count_records(bad, NULL, err), -1);
        ck_assert_msg(strstr(err, "checksum mismatch") || strstr(err, "impossible") || strstr(err, "cut short"),
                      "byte %zu: %s", at, err);
    }
    /* A checksum byte changed. */
    bytes[last - 1] ^= 1;
    put_file(bad, bytes, n);
    bytes[last - 1] ^= 1;
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "checksum mismatch"), "%s", err);

    /* Each field out of its range, the checksum right: refused, its byte named. */
    const size_t rec = DATA_HEADER_BYTES, b = rec + 2;
    struct {
        size_t at;
        uint8_t v[2];
        size_t n;
        const char *what;
    } fields[] = {
        {b, {0x01, 0x7d}, 2, "score 32001 beyond"},             /* 32001 */
        {b, {0xff, 0x82}, 2, "score -32001 beyond"},            /* -32001 */
        {b + 2, {0x01, 0x7d}, 2, "static evaluation 32001"},    /* and the static evaluation */
        {b + 4, {2}, 1, "result 2"},
        {b + 5, {3}, 1, "player deciding 3"},
        {b + 5, {0}, 1, "player deciding 0"},
        {b + 6, {0x10}, 1, "flags 0x10"},
        {b + 7, {0}, 1, "holds a NUL byte"},
    };
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        static uint8_t copy[sizeof bytes];
        memcpy(copy, bytes, n);
        patch_body(copy, rec, fields[i].at, fields[i].v, fields[i].n);
        put_file(bad, copy, n);
        ck_assert_int_eq(count_records(bad, NULL, err), -1);
        char at[32];
        snprintf(at, sizeof at, "byte %zu:", fields[i].at);
        ck_assert_msg(strstr(err, fields[i].what) && strstr(err, at), "%s: %s", fields[i].what, err);
    }
    /* A body too short to hold a position. */
    uint8_t tiny[DATA_HEADER_BYTES + 2 + DATA_BODY_FIXED + 4];
    memcpy(tiny, bytes, DATA_HEADER_BYTES);
    le16(tiny + DATA_HEADER_BYTES, DATA_BODY_FIXED);
    memset(tiny + DATA_HEADER_BYTES + 2, 0, DATA_BODY_FIXED + 4);
    put_file(bad, tiny, sizeof tiny);
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "impossible"), "%s", err);

    /* Foreign files: random bytes, text, another version, a reserved byte set. */
    uint64_t s = 12345;
    uint8_t noise[4096];
    for (size_t i = 0; i < sizeof noise; i++) noise[i] = (uint8_t)((s = s * 6364136223846793005ULL + 1) >> 56);
    put_file(bad, noise, sizeof noise);
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "not a Simia data file") && strstr(err, "byte 0"), "%s", err);
    ck_assert_ptr_null(data_open_append(bad, &h, &existing, err));
    ck_assert_int_eq(file_size(bad), (long)sizeof noise);
    put_file(bad, (const uint8_t *)"position startpos moves a1a2\n", 29);
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "not a Simia data file"), "%s", err);
    bytes[8] = 3;
    put_file(bad, bytes, n);
    bytes[8] = 2;
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "version 3") && strstr(err, "byte 8"), "%s", err);
    bytes[60] = 1;
    put_file(bad, bytes, n);
    bytes[60] = 0;
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "reserved") && strstr(err, "byte 60"), "%s", err);
    bytes[48] = 0; /* 0 active features a view for 40 features */
    put_file(bad, bytes, n);
    bytes[48] = 12;
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "byte 48"), "%s", err);
    /* A valid header but records of random bytes. */
    memcpy(noise, bytes, DATA_HEADER_BYTES);
    put_file(bad, noise, sizeof noise);
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    /* Another game, when one is expected. */
    ck_assert_int_eq(count_records(path, "gameB", err), -1);
    ck_assert_msg(strstr(err, "data of game 'gameA', not of 'gameB'") && strstr(err, "byte 16"), "%s", err);
    remove_tmpdir();
}
END_TEST

/* Version 1 files (records with their features) are read: labels and positions, the
 * features checked and dropped; they are never appended to nor merged (convert them). */
START_TEST(version_1_files) {
    make_tmpdir();
    char path[512], err[ERR_STR_MAX];
    tmp_path(path, sizeof path, "v1.dat");
    FILE *f = create_v1(path, "gameA", "old", 40);
    static uint8_t buf[4 + DATA_V1_BODY_MAX + 4];
    uint32_t feats[7] = {1, 5, 39, 0, 2, 3, 4};
    for (int i = 0; i < 4; i++) {
        DataRecord r;
        sample_record(&r, i);
        size_t len = encode_v1(&r, feats, i, 3, buf);
        ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    }
    fclose(f);
    DataReader *r = data_reader_open(path, "gameA", err);
    ck_assert_msg(r, "%s", err);
    ck_assert_uint_eq(data_reader_header(r)->version, 1);
    ck_assert_uint_eq(data_reader_header(r)->max_active, 0);
    for (int i = 0; i < 4; i++) {
        DataRecord got, want;
        ck_assert_int_eq(data_reader_next(r, &got, NULL, NULL, err), 1);
        sample_record(&want, i);
        ck_assert(got.score == want.score && got.result == want.result && got.stm == want.stm && got.flags == 0 &&
                  got.static_eval == DATA_NO_STATIC);
        ck_assert_str_eq(got.pos, want.pos);
    }
    ck_assert_int_eq(data_reader_next(r, NULL, NULL, NULL, err), 0);
    data_reader_close(r);
    /* Not appended to. */
    uint64_t existing;
    DataHeader h = sample_header("gameA");
    long size = file_size(path);
    ck_assert_ptr_null(data_open_append(path, &h, &existing, err));
    ck_assert_msg(strstr(err, "version 1") && strstr(err, "--refeature") && strstr(err, "byte 8"), "%s", err);
    ck_assert_int_eq(file_size(path), size);
    /* A feature out of the header's range (the checksum right): refused, its byte named. */
    f = create_v1(path, "gameA", "old", 3);
    DataRecord one;
    sample_record(&one, 1);
    size_t len = encode_v1(&one, feats, 2, 1, buf);
    fwrite(buf, 1, len, f);
    fclose(f);
    ck_assert_int_eq(count_records(path, NULL, err), -1);
    char at[32];
    snprintf(at, sizeof at, "byte %d:", DATA_HEADER_BYTES_V1 + 4 + 8 + 4);
    ck_assert_msg(strstr(err, "feature 5 out of range [0, 3)") && strstr(err, at), "%s", err);
    remove_tmpdir();
}
END_TEST

/* ---- the features file, in process ---- */

/* Recomputes a features file's checksum (the sum of its 32-bit words before it). */
static void mend_sum(uint8_t *bytes, size_t n) {
    uint64_t s = 0;
    for (size_t i = 0; i + 4 <= n - 8; i += 4) s += rd32(bytes + i);
    for (int k = 0; k < 8; k++) bytes[n - 8 + (size_t)k] = (uint8_t)(s >> (8 * k));
}

static int64_t open_features(const char *path, const char *game, char *err) {
    FeatFile *f = feat_file_open(path, game, err);
    if (!f) return -1;
    int64_t n = (int64_t)f->h.n_records;
    feat_file_close(f);
    return n;
}

START_TEST(features_file_round_trip_and_refusals) {
    make_tmpdir();
    const GameOps *g = game_find("monkeyqueen");
    char path[512], bad[512], err[ERR_STR_MAX];
    tmp_path(path, sizeof path, "a.feat");
    tmp_path(bad, sizeof bad, "bad.feat");
    FeatWriter *w = feat_writer_open(path, g, 1, err);
    ck_assert_msg(w, "%s", err);
    uint32_t us[3] = {7, 861, 0}, them[2] = {5, 9};
    for (int i = 0; i < 5; i++)
        ck_assert_msg(feat_writer_add(w, i * 100 - 200, i % 3 - 1, 1 + i % 2, (unsigned)i, 0, us, i % 4, them, 2, err),
                      "%s", err);
    /* Refused without a trace: a repeat in a view, an id out of range, more than declared. */
    uint32_t twice[2] = {4, 4}, out[1] = {862};
    ck_assert(!feat_writer_add(w, 0, 0, 1, 0, 0, twice, 2, them, 2, err) && strstr(err, "feature 4 twice"));
    feat_writer_abort(w);
    ck_assert_int_eq(file_size(path), -1);
    w = feat_writer_open(path, g, 1, err);
    ck_assert(!feat_writer_add(w, 0, 0, 1, 0, 0, out, 1, them, 2, err) && strstr(err, "outside [0, 862)"));
    feat_writer_abort(w);
    w = feat_writer_open(path, g, 1, err);
    static uint32_t many[NNUE_MAX_ACTIVE];
    for (int i = 0; i < NNUE_MAX_ACTIVE; i++) many[i] = (uint32_t)i;
    ck_assert(!feat_writer_add(w, 0, 0, 1, 0, 0, many, g->nnue_max_active + 1, them, 2, err) &&
              strstr(err, "beyond the 155"));
    ck_assert(!feat_writer_finish(w, err)); /* a refused record fails the file */
    ck_assert_int_eq(file_size(path), -1);
    w = feat_writer_open(path, g, 1, err);
    ck_assert(!feat_writer_add(w, 0, 0, 1, 0, 1, us, 1, them, 1, err) && strstr(err, "bucket 1"));
    for (int i = 0; i < 5; i++) ck_assert(feat_writer_add(w, i * 100 - 200, i % 3 - 1, 1 + i % 2, (unsigned)i, 0, us, i % 4, them, 2, err));
    ck_assert_msg(feat_writer_finish(w, err), "%s", err);
    ck_assert_ptr_null(feat_writer_open(path, g, 1, err)); /* never over a file */
    ck_assert_msg(strstr(err, "exists"), "%s", err);

    FeatFile *f = feat_file_open(path, "monkeyqueen", err);
    ck_assert_msg(f, "%s", err);
    ck_assert(f->h.n_records == 5 && f->h.n_indices == 0 + 1 + 2 + 3 + 0 + 5 * 2 && f->h.index_bytes == 2 &&
              f->h.max_active == 155 && f->h.n_features == 862);
    uint64_t k = 0;
    for (int i = 0; i < 5; i++) {
        ck_assert(f->score[i] == i * 100 - 200 && f->result[i] == i % 3 - 1 && f->stm[i] == 1 + i % 2 &&
                  f->flags[i] == i && f->bucket[i] == 0 && f->n_us[i] == i % 4 && f->n_them[i] == 2);
        for (int j = 0; j < i % 4; j++) ck_assert_uint_eq(feat_file_index(f, k++), us[j]);
        for (int j = 0; j < 2; j++) ck_assert_uint_eq(feat_file_index(f, k++), them[j]);
    }
    size_t size = f->size;
    feat_file_close(f);
    ck_assert_ptr_null(feat_file_open(path, "embed", err));
    ck_assert_msg(strstr(err, "byte 16") && strstr(err, "not of 'embed'"), "%s", err);

    static uint8_t bytes[4096], copy[4096];
    ck_assert_uint_eq(get_file(path, bytes, sizeof bytes), size);
    /* Cut anywhere, or a byte more: refused. */
    for (size_t cut = 0; cut < size; cut++) {
        put_file(bad, bytes, cut);
        ck_assert_msg(open_features(bad, NULL, err) < 0, "cut at %zu accepted", cut);
    }
    put_file(bad, bytes, size + 1);
    ck_assert(open_features(bad, NULL, err) < 0 && strstr(err, "bytes after the end"));
    /* Any bit flipped: refused (the checksum, or the header field it names). */
    for (size_t at = 0; at < size; at++) {
        memcpy(copy, bytes, size);
        copy[at] ^= (uint8_t)(1u << (at % 8));
        put_file(bad, copy, size);
        ck_assert_msg(open_features(bad, NULL, err) < 0, "byte %zu flipped, accepted", at);
    }
    /* Each column's value out of range, the checksum mended: refused at that value's byte. */
    /* 16 two-byte indices, then the columns of 5 records, each padded to 8 bytes */
    const size_t n_idx = 16, cols = FEAT_HEADER_BYTES + 32;
    struct {
        size_t at;
        uint8_t v;
        const char *what;
    } fields[] = {
        {cols + 16 + 1, 2, "result 2"},                         /* result[1] */
        {cols + 24 + 2, 0, "player deciding 0"},                /* stm[2] */
        {cols + 32 + 3, 0x30, "flags 0x30"},                    /* flags[3] */
        {cols + 40 + 4, 1, "bucket 1"},                         /* bucket[4] */
        {cols + 48 + 2, 200, "more than the 155 declared"},     /* n_us[1], low byte */
        {cols + 64 + 8, 200, "more than the 155 declared"},     /* n_them[4], low byte */
        {FEAT_HEADER_BYTES + 2 * 3 + 1, 0x04, "out of range"},  /* index 3: 1024 and its low byte */
        {cols + 1, 0x80, "beyond"},                             /* score[0]: -32768 and its low byte */
        {53, 0, "no buckets"},
        {52, 4, "indices"},
        {72, 1, "reserved"},
        {48, 0, "out of range 1..512"},
        {8, 2, "version 2"},
        {0, 'X', "not a Simia features file"},
    };
    ck_assert_uint_eq(cols + 88, size);
    ck_assert_uint_eq(n_idx * 2 + FEAT_HEADER_BYTES, cols);
    for (size_t i = 0; i < sizeof fields / sizeof fields[0]; i++) {
        memcpy(copy, bytes, size);
        copy[fields[i].at] = fields[i].v;
        mend_sum(copy, size);
        put_file(bad, copy, size);
        ck_assert_msg(open_features(bad, NULL, err) < 0 && strstr(err, fields[i].what), "%s: %s", fields[i].what, err);
    }
    /* n_us changed by one, with the header's count: the totals disagree. */
    memcpy(copy, bytes, size);
    copy[cols + 48] = 1; /* n_us[0] */
    mend_sum(copy, size);
    put_file(bad, copy, size);
    ck_assert(open_features(bad, NULL, err) < 0 && strstr(err, "the records list 17 features"));
    remove_tmpdir();
}
END_TEST

/* ---- the adjudication rule, in process ---- */

/* Feeds scores (for the player deciding; UNS: no score) of plies alternating from player 1
 * at ply `from`; returns the ply index (from 0) at which the rule decided, -1 if never, and
 * the verdict in *res. */
#define UNS 99999
static int feed(const Adjudication *a, bool draws, int from, const int *scores, int n, GameResult *res) {
    AdjudicationState s = {0};
    for (int i = 0; i < n; i++) {
        *res = adjudication_step(a, &s, draws, from + i, i % 2 ? PLAYER_2 : PLAYER_1, scores[i], scores[i] != UNS);
        if (*res != RESULT_NONE) return i;
    }
    *res = RESULT_NONE;
    return -1;
}

START_TEST(adjudication_rule) {
    Adjudication a;
    adjudication_defaults(&a);
    char err[ERR_STR_MAX];
    ck_assert(adjudication_parse_win(&a, "500:3", err) && adjudication_parse_draw(&a, "10:4:20", err));
    GameResult r;
    /* Player 1 ahead by 500+ on three plies in a row, both sides' scores: a win for player 1. */
    int p1[] = {100, -600, 550, -500, 0};
    ck_assert_int_eq(feed(&a, true, 0, p1, 5, &r), 3);
    ck_assert_int_eq(r, RESULT_P1_WIN);
    /* The same for player 2 (scores for the player deciding). */
    int p2[] = {-700, 700, -501, 800};
    ck_assert_int_eq(feed(&a, true, 0, p2, 4, &r), 2);
    ck_assert_int_eq(r, RESULT_P2_WIN);
    /* A lead that changes hands, a score below the threshold or a ply without a score breaks the run. */
    int swap[] = {600, 600, 600, -499, 600, -600, UNS, -600, 600};
    ck_assert_int_eq(feed(&a, true, 0, swap, 9, &r), -1);
    /* A forced win both players see ends it at once, whatever the threshold and run. */
    ck_assert(adjudication_parse_win(&a, "30000:10", err));
    int forced[] = {50, 30990, -30991, 0}; /* player 2 wins */
    ck_assert_int_eq(feed(&a, true, 0, forced, 4, &r), 2);
    ck_assert_int_eq(r, RESULT_P2_WIN);
    int once[] = {50, 30990, 20, 30990};
    ck_assert_int_eq(feed(&a, true, 0, once, 4, &r), -1);
    int both[] = {30990, 30990, 30990}; /* each player claims the win: no agreement */
    ck_assert_int_eq(feed(&a, true, 0, both, 3, &r), -1);
    /* Draws: a dead stretch from ply 20 on, only in a game that can draw. */
    int dead[] = {5, -10, 0, 10, 3, 0};
    ck_assert_int_eq(feed(&a, true, 18, dead, 6, &r), 5); /* plies 18, 19 do not count */
    ck_assert_int_eq(r, RESULT_DRAW);
    ck_assert_int_eq(feed(&a, false, 18, dead, 6, &r), -1);
    int alive[] = {5, -10, 11, 10, 3, 0, 1};
    ck_assert_int_eq(feed(&a, true, 20, alive, 7, &r), 6);
    /* Off. */
    ck_assert(adjudication_parse_win(&a, "off", err) && adjudication_parse_draw(&a, "off", err));
    ck_assert_int_eq(feed(&a, true, 20, forced, 4, &r), -1);
    ck_assert_int_eq(feed(&a, true, 20, dead, 6, &r), -1);
    /* Bad forms: refused, the rule untouched. */
    adjudication_defaults(&a);
    Adjudication before = a;
    const char *bad_win[] = {"", "500", "500:", ":3", "500:0", "0:3", "x:3", "500:3:1", "-5:3", "500:3x", "Off", NULL, "31001:2"};
    for (size_t i = 0; i < sizeof bad_win / sizeof bad_win[0]; i++) {
        ck_assert_msg(!adjudication_parse_win(&a, bad_win[i], err), "'%s' accepted", bad_win[i] ? bad_win[i] : "NULL");
        ck_assert(strstr(err, "--adjudicate-win needs SCORE:PLIES"));
    }
    const char *bad_draw[] = {"10:8", "10:8:", "10:0:40", "-1:8:40", "10:8:40:1", "10:8:x", "30000:8:40"};
    for (size_t i = 0; i < sizeof bad_draw / sizeof bad_draw[0]; i++) {
        ck_assert_msg(!adjudication_parse_draw(&a, bad_draw[i], err), "'%s' accepted", bad_draw[i]);
        ck_assert(strstr(err, "--adjudicate-draw needs SCORE:PLIES:AFTER"));
    }
    ck_assert(!memcmp(&a, &before, sizeof a));
}
END_TEST

/* ---- the job, for every registered game ---- */

typedef struct {
    const char *result;      /* p1win, p2win, draw */
    const char *adjudicated; /* no, win, draw */
    int kept;
    long index;
    char *fen; /* NULL: the start position */
    char **moves, **scores;
    int n_moves, n_scores;
} LoggedGame;

/* Parses a --games line "result=R kept=N adjudicated=A game=I position startpos|fen F moves
 * M... scores S...". */
static void parse_logged(char *line, LoggedGame *lg) {
    memset(lg, 0, sizeof *lg);
    char *res = strstr(line, "result="), *kept = strstr(line, " kept="), *adj = strstr(line, " adjudicated="),
         *idx = strstr(line, " game="), *pos = strstr(line, " position ");
    ck_assert_msg(res == line && kept && adj && idx && pos && kept < adj && adj < idx && idx < pos,
                  "games line '%.200s'", line);
    *kept = *adj = *idx = 0;
    lg->result = line + 7;
    lg->kept = atoi(kept + 6);
    lg->adjudicated = adj + 13;
    lg->index = atol(idx + 6);
    char *body = pos + 10, *mv = strstr(body, " moves"), *sc = strstr(body, " scores");
    ck_assert(mv && sc && mv < sc);
    *mv = *sc = 0;
    if (strncmp(body, "startpos", 8)) {
        ck_assert(!strncmp(body, "fen ", 4));
        lg->fen = body + 4;
    }
    lg->moves = malloc(sizeof *lg->moves * 4096);
    lg->scores = malloc(sizeof *lg->scores * 4096);
    for (char *t = strtok(mv + 6, " \n"); t; t = strtok(NULL, " \n")) {
        ck_assert_int_lt(lg->n_moves, 4096);
        lg->moves[lg->n_moves++] = t;
    }
    for (char *t = strtok(sc + 7, " \n"); t; t = strtok(NULL, " \n")) {
        ck_assert_int_lt(lg->n_scores, 4096);
        lg->scores[lg->n_scores++] = t;
    }
}

static const char *result_text(GameResult r) {
    return r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : "draw";
}

/* Replays one logged game on a fresh engine as the job played it: a move that wins on the
 * spot played unsearched, every other searched at the job's node count: the engine must
 * choose the logged moves and scores, the kept positions must be the next records of the file
 * (position, player deciding, score, static evaluation and flags, the game's result for
 * them), and the game must end as logged: by its rules, or where the default adjudication
 * decides it. */
static int replay_game(const GameOps *g, Engine *e, const LoggedGame *lg, DataReader *r, bool last_game,
                       int random_plies, DataKeep keep, int *noisy_kept) {
    char err[ERR_STR_MAX];
    Adjudication rule;
    adjudication_defaults(&rule);
    AdjudicationState st = {0};
    engine_new_game(e);
    int filter_kept = 0, compared = 0;
    GameResult verdict = RESULT_NONE;
    for (int i = 0;; i++) {
        ck_assert_msg(engine_set_position(e, lg->fen, (const char *const *)lg->moves, i, err), "%s: %s", g->name, err);
        if (i < random_plies) continue;
        if (engine_game_over(e)) {
            ck_assert_msg(i == lg->n_moves, "%s: game over before move %d", g->name, i + 1);
            break;
        }
        const GamePos *p = engine_position(e);
        ck_assert_int_lt(i - random_plies, lg->n_scores);
        const char *logged = lg->scores[i - random_plies];
        Move win = g->winning_move(p);
        if (win != MOVE_NONE) {
            char ms[MOVE_STR_MAX];
            g->print_move(p, win, ms);
            ck_assert_msg(i < lg->n_moves && !strcmp(ms, lg->moves[i]) && !strcmp(logged, "*"),
                          "%s ply %d: the winning move %s, logged %s", g->name, i + 1, ms, logged);
            continue;
        }
        SearchRequest rq = {.position = lg->fen, .moves = (const char *const *)lg->moves, .n_moves = i};
        search_limits_init(&rq.limits);
        rq.limits.nodes = NODES;
        SearchResult rep;
        ck_assert_msg(engine_search(e, &rq, &rep, err), "%s", err);
        int player = g->player_to_move(p);
        char want[16];
        if (rep.depth > 0) snprintf(want, sizeof want, "%d", player == PLAYER_1 ? rep.score : -rep.score);
        else snprintf(want, sizeof want, "-");
        ck_assert_msg(!strcmp(logged, want), "%s ply %d: score %s, logged %s", g->name, i + 1, want, logged);
        unsigned flags = (g->is_noisy(p, rep.best) ? DATA_NOISY : 0u) | (g->in_check && g->in_check(p) ? DATA_IN_CHECK : 0u);
        bool keep_it = rep.depth > 0 && data_keeps(keep, flags) && rep.score < SCORE_WIN_MIN && rep.score > -SCORE_WIN_MIN;
        if (keep_it && filter_kept++ < lg->kept) {
            *noisy_kept += !!(flags & DATA_NOISY);
            DataRecord rec;
            ck_assert_msg(data_reader_next(r, &rec, NULL, NULL, err) == 1, "%s: record missing: %s", g->name, err);
            char fen[POS_STR_MAX];
            g->print_pos(p, fen);
            ck_assert_str_eq(rec.pos, fen);
            ck_assert_int_eq(rec.stm, player + 1);
            ck_assert_int_eq(rec.score, rep.score); /* the root score: for the player deciding */
            ck_assert_int_eq(rec.static_eval, engine_static_eval(e));
            int res = !strcmp(lg->result, "draw") ? 0 : (lg->result[1] - '1' == player) ? 1 : -1;
            ck_assert_int_eq(rec.result, res);
            unsigned want_flags = flags | (compared ? 0u : DATA_GAME_START) |
                                  (strcmp(lg->adjudicated, "no") ? DATA_ADJUDICATED : 0u);
            ck_assert_msg(rec.flags == want_flags, "%s: flags %#x, want %#x", g->name, rec.flags, want_flags);
            compared++;
        }
        verdict = adjudication_step(&rule, &st, g->caps.draws, i, player, rep.score, rep.depth > 0);
        if (verdict != RESULT_NONE) {
            ck_assert_msg(i == lg->n_moves, "%s: adjudicated at ply %d, the log goes on to %d", g->name, i, lg->n_moves);
            break;
        }
        char ms[MOVE_STR_MAX];
        g->print_move(p, rep.best, ms);
        ck_assert_msg(i < lg->n_moves && !strcmp(ms, lg->moves[i]), "%s ply %d: the search now plays %s, the job played %s",
                      g->name, i + 1, ms, i < lg->n_moves ? lg->moves[i] : "nothing");
    }
    if (verdict != RESULT_NONE) {
        ck_assert_str_eq(lg->adjudicated, verdict == RESULT_DRAW ? "draw" : "win");
        ck_assert_str_eq(lg->result, result_text(verdict));
    } else {
        ck_assert_str_eq(lg->adjudicated, "no");
        ck_assert_str_eq(lg->result, result_text(engine_result(e)));
    }
    ck_assert_int_eq(lg->n_scores, lg->n_moves - random_plies + (verdict != RESULT_NONE));
    ck_assert_msg(lg->kept == filter_kept || (last_game && lg->kept < filter_kept),
                  "%s: %d positions kept, the filter keeps %d", g->name, lg->kept, filter_kept);
    return compared;
}

/* Replays every game of a run's --games log against its data file (all of it read); the
 * number of records whose best move was noisy. */
static int replay_run(const GameOps *g, const char *data, const char *games, int plies, int positions,
                      DataKeep keep) {
    char err[ERR_STR_MAX];
    FILE *gf = fopen(games, "r");
    ck_assert_ptr_nonnull(gf);
    static char lines[256][16384];
    int n_lines = 0;
    while (n_lines < 256 && fgets(lines[n_lines], sizeof lines[0], gf)) n_lines++;
    fclose(gf);
    ck_assert_int_gt(n_lines, 0);
    Engine *e = engine_create(g);
    ck_assert(engine_set_option(e, "Threads", "1", err) && engine_set_option(e, "Hash", "4", err));
    DataReader *r = data_reader_open(data, g->name, err);
    ck_assert_msg(r, "%s", err);
    int seen = 0, noisy = 0;
    for (int i = 0; i < n_lines; i++) {
        LoggedGame lg;
        parse_logged(lines[i], &lg);
        seen += replay_game(g, e, &lg, r, i == n_lines - 1, plies, keep, &noisy);
        free(lg.moves), free(lg.scores);
    }
    ck_assert_int_eq(seen, positions);
    ck_assert_int_eq(data_reader_next(r, NULL, NULL, NULL, err), 0);
    data_reader_close(r);
    engine_destroy(e);
    return noisy;
}

START_TEST(every_game) {
    const GameOps *g = game_find(GAMES[_i]->name);
    GameConfig cfg = test_config(g, NULL);
    make_tmpdir();
    char out[512], out2[512], out3[512], games[512], games2[512], feat[512], err[ERR_STR_MAX];
    tmp_path(out, sizeof out, "a.dat");
    tmp_path(out2, sizeof out2, "b.dat");
    tmp_path(out3, sizeof out3, "c.dat");
    tmp_path(games, sizeof games, "a.games");
    tmp_path(games2, sizeof games2, "b.games");
    tmp_path(feat, sizeof feat, "a.feat");
    const int positions = 12;
    const char *common = "--nodes 300 --random-plies 4 --seed 11 --positions 12 --hash 4";
    ck_assert_int_eq(NODES, 300);
    ck_assert_int_eq(RANDOM_PLIES, 4);
    int rc = run("--game %s datagen --out %s --games %s %s", g->name, out, games, common);
    ck_assert_msg(rc == 0, "%s: exit %d:\n%s", g->name, rc, run_output);
    ck_assert_msg(strstr(run_output, "datagen: 12 positions") && strstr(run_output, "noisy kept"), "%s", run_output);
    ck_assert_int_eq(count_records(out, g->name, err), positions);

    /* Every record, replayed and re-searched. */
    replay_run(g, out, games, RANDOM_PLIES, positions, DATA_KEEP_NOISY);

    /* The same seed, one thread: the same bytes. */
    rc = run("--game %s datagen --out %s --games %s %s", g->name, out2, games2, common);
    ck_assert_int_eq(rc, 0);
    ck_assert_msg(same_bytes(out, out2), "%s: two runs with one seed differ", g->name);
    ck_assert(same_bytes(games, games2));

    /* Appending with the same header; two threads. */
    rc = run("--game %s datagen --out %s --nodes 300 --seed 99 --positions 8 --threads 2", g->name, out2);
    ck_assert_msg(rc == 0, "%s", run_output);
    ck_assert_msg(strstr(run_output, "appending to"), "%s", run_output);
    ck_assert_int_eq(count_records(out2, g->name, err), positions + 8);
    rc = run("--game %s datagen --check %s", g->name, out2);
    ck_assert_msg(rc == 0 && strstr(run_output, "positions: 20 of ") && strstr(run_output, "(data, version 2)"), "%s",
                  run_output);

    /* Merging two files of the game. */
    rc = run("--game %s datagen --merge %s %s %s", g->name, out3, out, out2);
    ck_assert_msg(rc == 0, "%s", run_output);
    ck_assert_int_eq(count_records(out3, g->name, err), 2 * positions + 8);

    /* The features file: every record's views as the game makes them; --keep quiet takes the
     * quiet ones; --mirror adds twins, for a game with a board symmetry. */
    rc = run("--game %s datagen --features %s %s", g->name, feat, out);
    ck_assert_msg(rc == 0 && strstr(run_output, "features of 12 positions"), "%s: %s", g->name, run_output);
    check_features(g, out, feat, DATA_KEEP_ALL, false, &cfg);
    rc = run("--game %s datagen --check %s", g->name, feat);
    ck_assert_msg(rc == 0 && strstr(run_output, "positions: 12\n") && strstr(run_output, "(features file)"), "%s",
                  run_output);
    unlink(feat);
    rc = run("--game %s datagen --keep quiet --features %s %s", g->name, feat, out);
    ck_assert_msg(rc == 0, "%s", run_output);
    check_features(g, out, feat, DATA_KEEP_QUIET, false, &cfg);
    unlink(feat);
    if (g->caps.mirror) {
        char said[64];
        rc = run("--game %s datagen --mirror --features %s %s", g->name, feat, out);
        ck_assert_msg(rc == 0, "%s", run_output);
        int records = check_features(g, out, feat, DATA_KEEP_ALL, true, &cfg);
        snprintf(said, sizeof said, "features of %d positions", records);
        ck_assert_msg(strstr(run_output, said), "%s: %s, not %s", g->name, run_output, said);
        unlink(feat);
    }

    /* Data of an older format and feature set: --refeature remakes every record from its
     * position, the very positions and labels datagen wrote; a position that does not parse
     * or names the other player deciding refuses the file with nothing written. Data of
     * this build made again is the same bytes. */
    const GameOps *other = game_find(GAMES[(_i + 1) % GAMES_COUNT]->name);
    char old[512], redone[512];
    tmp_path(old, sizeof old, "old.dat");
    tmp_path(redone, sizeof redone, "redone.dat");
    write_v1_from(out, old, -1, NULL, false);
    rc = run("--game %s datagen --merge %s %s", g->name, redone, old); /* merge keeps the format */
    ck_assert_msg(rc == 2 && strstr(run_output, "version 1") && strstr(run_output, "--refeature"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, old);
    ck_assert_msg(rc == 0 && strstr(run_output, "refeatured 12 positions"), "%s: %s", g->name, run_output);
    ck_assert_msg(same_records(redone, out, true), "%s: refeatured data differs from datagen's", g->name);
    unlink(redone);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, out);
    ck_assert_msg(rc == 0 && same_bytes(redone, out), "%s: %s", g->name, run_output);
    unlink(redone);
    rc = run("--game %s datagen --features %s %s", g->name, feat, old); /* features of old data too */
    ck_assert_msg(rc == 0, "%s", run_output);
    unlink(feat);
    rc = run("--game %s datagen --refeature %s %s", other->name, redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "data of game"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    rc = run("--game %s datagen --features %s %s", other->name, feat, out);
    ck_assert_msg(rc == 2 && strstr(run_output, "data of game"), "%s", run_output);
    ck_assert(file_size(feat) == -1 && access(feat, F_OK) && strstr(run_output, "byte 16"));
    /* --mirror: every record and its twin where it has one, for a game with a board
     * symmetry (every game has one: mirror_refused plays a game without); refused whole for
     * a game without one. */
    rc = run("--game %s datagen --mirror --refeature %s %s", g->name, redone, out);
    if (g->caps.mirror) {
        char said[64];
        ck_assert_msg(rc == 0, "%s: %s", g->name, run_output);
        snprintf(said, sizeof said, "refeatured %d positions", check_twins(g, out, redone, &cfg));
        ck_assert_msg(strstr(run_output, said), "%s: %s, not %s", g->name, run_output, said);
    } else {
        ck_assert_msg(rc == 2 && strstr(run_output, "has no board symmetry"), "%s: %s", g->name, run_output);
        ck_assert_int_eq(file_size(redone), -1);
    }
    unlink(redone);
    write_v1_from(out, old, 5, "no position at all", false);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse") && strstr(run_output, "byte "), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    rc = run("--game %s datagen --features %s %s", g->name, feat, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse"), "%s", run_output);
    ck_assert_int_eq(file_size(feat), -1);
    char part[600];
    snprintf(part, sizeof part, "%s.part", feat);
    ck_assert_int_eq(file_size(part), -1); /* nothing left behind */
    write_v1_from(out, old, 7, NULL, true);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "deciding"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);

    /* Another game's file: refused by the job and by --check, nothing appended. */
    long size = file_size(out);
    rc = run("--game %s datagen --out %s --nodes 300 --positions 4", other->name, out);
    ck_assert_msg(rc == 2 && strstr(run_output, out) && strstr(run_output, "byte 16") &&
                      strstr(run_output, g->name),
                  "%s", run_output);
    ck_assert_int_eq(file_size(out), size);
    rc = run("--game %s datagen --check %s", other->name, out);
    ck_assert_msg(rc == 2 && strstr(run_output, "data of game"), "%s", run_output);

    /* From an opening suite: two positions a few plies in, then 2 random plies. */
    char suite[512], data4[512], games4[512];
    tmp_path(suite, sizeof suite, "suite.txt");
    tmp_path(data4, sizeof data4, "d.dat");
    tmp_path(games4, sizeof games4, "d.games");
    FILE *f = fopen(suite, "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "# a test suite\n\n");
    for (int line = 0; line < 2; line++) {
        GamePos p;
        g->startpos(&p, &cfg);
        for (int k = 0; k < 2 + line; k++) {
            GameUndo u;
            g->make(&p, g->nth_move(&p, (uint64_t)(k * 7 + line) % g->count_moves(&p)), &u);
        }
        char fen[POS_STR_MAX];
        g->print_pos(&p, fen);
        fprintf(f, "%s\n", fen);
    }
    fclose(f);
    rc = run("--game %s datagen --out %s --games %s --openings %s --nodes 300 --random-plies 2 --seed 3 "
             "--positions 6 --hash 4", g->name, data4, games4, suite);
    ck_assert_msg(rc == 0, "%s", run_output);
    replay_run(g, data4, games4, 2, 6, DATA_KEEP_NOISY);
    f = fopen(suite, "a");
    fprintf(f, "this is no position\n");
    fclose(f);
    rc = run("--game %s datagen --out %s --openings %s", g->name, data4, suite);
    ck_assert_msg(rc == 2 && strstr(run_output, "line 5"), "%s", run_output);

    /* --keep: quiet takes no noisy best move (the seed is one where every game meets some),
     * all also those in check. */
    char data5[512], games5[512];
    tmp_path(data5, sizeof data5, "e.dat");
    tmp_path(games5, sizeof games5, "e.games");
    rc = run("--game %s datagen --out %s --games %s --keep quiet --nodes 300 --random-plies 4 --seed 11 "
             "--positions 40 --hash 4", g->name, data5, games5);
    ck_assert_msg(rc == 0 && strstr(run_output, "quiet kept"), "%s", run_output);
    ck_assert_int_eq(replay_run(g, data5, games5, RANDOM_PLIES, 40, DATA_KEEP_QUIET), 0);
    unlink(data5), unlink(games5);
    rc = run("--game %s datagen --out %s --games %s --keep all --nodes 300 --random-plies 4 --seed 11 "
             "--positions 40 --hash 4", g->name, data5, games5);
    ck_assert_msg(rc == 0 && strstr(run_output, "all kept"), "%s", run_output);
    int noisy = replay_run(g, data5, games5, RANDOM_PLIES, 40, DATA_KEEP_ALL);
    ck_assert_msg(noisy > 0, "%s: no kept position had a noisy best move", g->name);
    remove_tmpdir();
}
END_TEST

/* Adjudication ends games where playing them out mostly gives the same result: the same
 * games (one thread, one seed) with it and without, each adjudicated game the start of its
 * played-out twin. */
START_TEST(adjudication_agrees_with_play) {
    make_tmpdir();
    static const char *const games[] = {"monkeyqueen", "boomzoom", "mad", "zoo"};
    int adjudicated = 0, agree = 0;
    for (size_t k = 0; k < sizeof games / sizeof games[0]; k++) {
        char on[512], off[512], gon[512], goff[512];
        tmp_path(on, sizeof on, "on.dat"), tmp_path(off, sizeof off, "off.dat");
        tmp_path(gon, sizeof gon, "on.games"), tmp_path(goff, sizeof goff, "off.games");
        unlink(on), unlink(off), unlink(gon), unlink(goff);
        const char *common = "--nodes 1000 --seed 21 --positions 300";
        int rc = run("--game %s datagen --out %s --games %s %s", games[k], on, gon, common);
        ck_assert_msg(rc == 0, "%s", run_output);
        rc = run("--game %s datagen --out %s --games %s %s --adjudicate-win off --adjudicate-draw off", games[k], off,
                 goff, common);
        ck_assert_msg(rc == 0 && strstr(run_output, " 0 of "), "%s", run_output);
        FILE *fa = fopen(gon, "r"), *fb = fopen(goff, "r");
        static char la[16384], lb[16384];
        static LoggedGame played[1024];
        static char lines[1024][16384];
        int n_played = 0;
        while (n_played < 1024 && fgets(lines[n_played], sizeof lines[0], fb)) {
            parse_logged(lines[n_played], &played[n_played]);
            n_played++;
        }
        while (fgets(la, sizeof la, fa)) {
            LoggedGame a;
            parse_logged(la, &a);
            if (strcmp(a.adjudicated, "no")) {
                const LoggedGame *b = NULL;
                for (int i = 0; i < n_played && !b; i++)
                    if (played[i].index == a.index) b = &played[i];
                if (b) { /* not cut by the other run's --positions */
                    ck_assert_int_le(a.n_moves, b->n_moves);
                    for (int i = 0; i < a.n_moves; i++) ck_assert_str_eq(a.moves[i], b->moves[i]);
                    adjudicated++;
                    agree += !strcmp(a.result, b->result);
                }
            }
            free(a.moves), free(a.scores);
        }
        for (int i = 0; i < n_played; i++) free(played[i].moves), free(played[i].scores);
        (void)lb;
        fclose(fa), fclose(fb);
    }
    fprintf(stderr, "adjudication: %d of %d adjudicated games agree with their played-out twins\n", agree,
            adjudicated);
    ck_assert_int_ge(adjudicated, 20);
    ck_assert_msg(agree * 100 >= adjudicated * 95, "%d of %d agree", agree, adjudicated);
    remove_tmpdir();
}
END_TEST

START_TEST(check_refuses_damaged_files) {
    make_tmpdir();
    char out[512], bad[512];
    tmp_path(out, sizeof out, "a.dat");
    tmp_path(bad, sizeof bad, "bad.dat");
    ck_assert_int_eq(run("datagen --out %s --nodes 200 --positions 6 --seed 5", out), 0);
    static uint8_t bytes[1 << 20];
    size_t n = get_file(out, bytes, sizeof bytes);
    /* the last record cut */
    put_file(bad, bytes, n - 3);
    ck_assert_int_eq(run("datagen --check %s", bad), 2);
    ck_assert_msg(strstr(run_output, "cut short") && strstr(run_output, bad), "%s", run_output);
    long size = file_size(bad);
    ck_assert_int_eq(run("datagen --out %s --nodes 200 --positions 2", bad), 2);
    ck_assert_msg(strstr(run_output, "nothing appended"), "%s", run_output);
    ck_assert_int_eq(file_size(bad), size);
    /* one byte of a position string changed */
    bytes[n - 10] ^= 0x20;
    put_file(bad, bytes, n);
    bytes[n - 10] ^= 0x20;
    ck_assert_int_eq(run("datagen --check %s", bad), 2);
    ck_assert_msg(strstr(run_output, "checksum mismatch"), "%s", run_output);
    /* a foreign file */
    put_file(bad, (const uint8_t *)"\x7f" "ELF\x02\x01\x01 and more bytes that are no data file", 44);
    ck_assert_int_eq(run("datagen --check %s", bad), 2);
    ck_assert_msg(strstr(run_output, "not a Simia data file"), "%s", run_output);
    ck_assert_int_eq(run("datagen --check %s/missing.dat", tmpdir), 2);
    ck_assert_msg(strstr(run_output, "cannot open"), "%s", run_output);
    /* merging a damaged input appends nothing */
    size = file_size(out);
    put_file(bad, bytes, n - 3);
    ck_assert_int_eq(run("datagen --merge %s %s %s", out, out, bad), 2);
    ck_assert_int_eq(run("datagen --merge %s %s", out, bad), 2);
    ck_assert_int_eq(file_size(out), size);
    /* a damaged features file */
    char feat[512];
    tmp_path(feat, sizeof feat, "a.feat");
    ck_assert_int_eq(run("datagen --features %s %s", feat, out), 0);
    n = get_file(feat, bytes, sizeof bytes);
    bytes[n / 2] ^= 4;
    put_file(bad, bytes, n);
    ck_assert_int_eq(run("datagen --check %s", bad), 2);
    ck_assert_msg(strstr(run_output, "checksum mismatch") && strstr(run_output, bad), "%s", run_output);
    /* --features never writes over a file */
    size = file_size(feat);
    ck_assert_int_eq(run("datagen --features %s %s", feat, out), 2);
    ck_assert_msg(strstr(run_output, "exists"), "%s", run_output);
    ck_assert_int_eq(file_size(feat), size);
    remove_tmpdir();
}
END_TEST

START_TEST(bad_arguments) {
    make_tmpdir();
    char out[512];
    tmp_path(out, sizeof out, "a.dat");
    const char *cases[][2] = {
        {"datagen", "--out FILE is needed"},
        {"datagen --out OUT --nodes 0", "--nodes needs a number"},
        {"datagen --out OUT --nodes ten", "--nodes needs a number"},
        {"datagen --out OUT --positions -5", "--positions needs a number"},
        {"datagen --out OUT --threads 0", "--threads needs a number"},
        {"datagen --out OUT --random-plies x", "--random-plies needs a number"},
        {"datagen --out OUT --seed", "--seed needs a value"},
        {"datagen --out OUT --frobnicate 3", "unknown or incomplete argument '--frobnicate'"},
        {"datagen --out OUT --option NoSuchOption=3", "NoSuchOption"},
        {"datagen --out OUT --option Hash", "--option needs NAME=VALUE"},
        {"datagen --out OUT --keep-noisy=1 --nodes 5", "unknown or incomplete argument '--keep-noisy=1'"},
        {"datagen --out OUT --keep some", "--keep needs quiet, noisy or all, not 'some'"},
        {"datagen --out OUT --keep", "--keep needs a value"},
        {"datagen --out OUT --adjudicate-win 500", "--adjudicate-win needs SCORE:PLIES"},
        {"datagen --out OUT --adjudicate-win 500:0", "--adjudicate-win needs SCORE:PLIES"},
        {"datagen --out OUT --adjudicate-win x:4", "--adjudicate-win needs SCORE:PLIES"},
        {"datagen --out OUT --adjudicate-draw 10:8", "--adjudicate-draw needs SCORE:PLIES:AFTER"},
        {"datagen --out OUT --adjudicate-draw of", "--adjudicate-draw needs SCORE:PLIES:AFTER"},
        {"datagen --out OUT --adjudicate-draw", "--adjudicate-draw needs a value"},
        {"datagen --out OUT --noisy-gap 50", "--noisy-gap goes with --features"},
        {"datagen --out OUT --openings /nonexistent/suite.txt", "cannot open /nonexistent/suite.txt"},
        {"datagen --check", "unknown or incomplete argument '--check'"},
        {"datagen --merge OUT", "--merge needs an output file and at least one input"},
        {"datagen --refeature OUT", "--refeature needs an output file and at least one input"},
        {"datagen --features OUT", "--features needs an output file and at least one input"},
        {"datagen --option NoSuchOption=3 --refeature OUT IN", "NoSuchOption"},
        {"datagen --mirror --out OUT --nodes 5", "--mirror goes with --refeature or --features"},
        {"datagen --mirror --merge OUT IN", "--mirror goes with --refeature or --features"},
        {"datagen --keep quiet --merge OUT IN", "--keep goes with --out or --features"},
        {"datagen --noisy-gap x --features OUT IN", "--noisy-gap needs a number"},
        {"datagen --adjudicate-win off --features OUT IN", "go with --out"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024];
        const char *o = strstr(cases[i][0], "OUT");
        if (o) snprintf(args, sizeof args, "%.*s%s%s", (int)(o - cases[i][0]), cases[i][0], out, o + 3);
        else snprintf(args, sizeof args, "%s", cases[i][0]);
        int rc = run("%s", args);
        ck_assert_msg(rc == 2, "'%s': exit %d", args, rc);
        ck_assert_msg(strstr(run_output, cases[i][1]), "'%s': no '%s' in:\n%s", args, cases[i][1], run_output);
        /* one line: the refusal, nothing else */
        ck_assert_msg(strchr(run_output, '\n') == run_output + strlen(run_output) - 1, "'%s': more than a line:\n%s",
                      args, run_output);
        ck_assert_msg(file_size(out) <= 0, "'%s' wrote the file", args);
    }
    ck_assert_int_eq(run("--help"), 0);
    ck_assert_ptr_nonnull(strstr(run_output, "simia datagen --out FILE"));
    ck_assert_ptr_nonnull(strstr(run_output, "--features OUT IN..."));
    remove_tmpdir();
}
END_TEST

/* --refeature and --features read the positions under the options given before them: Zoo data
 * of a 7 x 6 board is refused on the default 5 x 5 and remade exactly with the size given. */
START_TEST(positions_read_under_options) {
    make_tmpdir();
    char out[512], redone[512], feat[512];
    tmp_path(out, sizeof out, "z.dat");
    tmp_path(redone, sizeof redone, "z-redone.dat");
    tmp_path(feat, sizeof feat, "z.feat");
    const char *size = "--option ZooWidth=7 --option ZooHeight=6";
    int rc = run("--game zoo datagen --out %s --nodes 300 --seed 5 --positions 6 %s", out, size);
    ck_assert_msg(rc == 0, "%s", run_output);
    rc = run("--game zoo datagen --refeature %s %s", redone, out);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    rc = run("--game zoo datagen --features %s %s", feat, out);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse"), "%s", run_output);
    ck_assert_int_eq(file_size(feat), -1);
    rc = run("--game zoo datagen %s --refeature %s %s", size, redone, out);
    ck_assert_msg(rc == 0 && strstr(run_output, "refeatured 6 positions"), "%s", run_output);
    ck_assert(same_bytes(redone, out));
    rc = run("--game zoo datagen %s --features %s %s", size, feat, out);
    ck_assert_msg(rc == 0 && strstr(run_output, "features of 6 positions"), "%s", run_output);
    remove_tmpdir();
}
END_TEST

/* --features --keep and --noisy-gap choose by the records' flags and gaps. */
START_TEST(features_choose_records) {
    make_tmpdir();
    char dat[512], feat[512], err[ERR_STR_MAX];
    tmp_path(dat, sizeof dat, "e.dat");
    tmp_path(feat, sizeof feat, "e.feat");
    DataHeader h;
    const GameOps *g = game_find("embed");
    data_header_of(g, &h);
    /* Records of the start position with every flag and a gap of 0..150 between score and static. */
    GamePos p;
    GameConfig cfg = test_config(g, NULL);
    g->startpos(&p, &cfg);
    uint64_t existing;
    FILE *f = data_open_append(dat, &h, &existing, err);
    ck_assert(f);
    for (int i = 0; i < 16; i++) {
        DataRecord r;
        data_record_fill(&r, g, &p, 100, i == 15 ? DATA_NO_STATIC : 100 - 10 * i, 0, (unsigned)(i % 4));
        uint8_t buf[DATA_RECORD_MAX];
        size_t len = data_record_encode(&r, buf);
        fwrite(buf, 1, len, f);
    }
    fclose(f);
    struct {
        const char *args;
        int n;
    } cases[] = {
        {"", 16},
        {"--keep all", 16},
        {"--keep noisy", 8},       /* flags 0 and 1 */
        {"--keep-noisy", 8},
        {"--keep quiet", 4},       /* flags 0 */
        {"--noisy-gap 50", 12},    /* the noisy ones (flags 1, 3) at gaps 70..130 dropped: 7, 9, 11, 13 */
        {"--keep noisy --noisy-gap 0", 4},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        unlink(feat);
        int rc = run("--game embed datagen %s --features %s %s", cases[i].args, feat, dat);
        ck_assert_msg(rc == 0, "%s", run_output);
        ck_assert_int_eq(open_features(feat, "embed", err), cases[i].n);
    }
    remove_tmpdir();
}
END_TEST

/* --mirror for a game without a board symmetry is refused whole, with one line: every game
 * has one, so the test plays Monkey Queen through a copy of its table with the hook
 * switched off (in process), beside the table itself, which mirrors the same file. */
START_TEST(mirror_refused) {
    make_tmpdir();
    char in[512], out[512], said[512];
    tmp_path(in, sizeof in, "in.dat");
    tmp_path(out, sizeof out, "out.dat");
    tmp_path(said, sizeof said, "stderr.txt");
    int rc = run("--game monkeyqueen datagen --out %s --nodes 300 --seed 3 --positions 4", in);
    ck_assert_msg(rc == 0, "%s", run_output);
    const GameOps *g = game_find("monkeyqueen");
    GameOps off = *g;
    off.caps.mirror = false, off.mirror = NULL;
    char *argv[] = {"--mirror", "--refeature", out, in};
    Engine *e = engine_create(&off);
    ck_assert_ptr_nonnull(e);
    fflush(stderr);
    int saved = dup(2), fd = open(said, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    ck_assert(saved >= 0 && fd >= 0 && dup2(fd, 2) == 2);
    rc = datagen_run(e, true, 4, argv);
    fflush(stderr);
    ck_assert(dup2(saved, 2) == 2);
    close(fd), close(saved);
    engine_destroy(e);
    ck_assert_int_eq(rc, 2);
    ck_assert_int_eq(file_size(out), -1);
    FILE *f = fopen(said, "r");
    char line[256] = "";
    ck_assert(f && fgets(line, sizeof line, f));
    fclose(f);
    ck_assert_str_eq(line, "simia datagen: monkeyqueen has no board symmetry for --mirror (simia --help shows the usage)\n");
    e = engine_create(g);
    ck_assert_int_eq(datagen_run(e, true, 4, argv), 0);
    engine_destroy(e);
    GameConfig cfg = test_config(g, NULL);
    ck_assert_int_eq(check_twins(g, in, out, &cfg), 8);
    remove_tmpdir();
}
END_TEST

/* Ctrl-C: the job stops, says so, exits 0 and leaves a whole file. */
START_TEST(interrupt_leaves_a_valid_file) {
    make_tmpdir();
    char out[512], cmd[2048], err[ERR_STR_MAX];
    tmp_path(out, sizeof out, "a.dat");
    snprintf(cmd, sizeof cmd,
             "'%s' --game boomzoom datagen --out %s --nodes 300 --threads 2 2>&1 & pid=$!; "
             "i=0; while [ $(stat -c %%s %s 2>/dev/null || echo 0) -le 64 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
             "kill -INT $pid; wait $pid",
             SIMIA_BINARY, out, out);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    Child *c = child_start(argv);
    child_close_stdin(c);
    while (child_line(c, 120000)) {
    }
    ck_assert_int_eq(child_wait(c, 120000), 0);
    child_free(c);
    ck_assert_int_gt(count_records(out, "boomzoom", err), 0);
    remove_tmpdir();
}
END_TEST

int main(void) {
    return RUN_TESTS("datagen", 600, ONCE(format_round_trip_and_append), ONCE(format_refusals), ONCE(version_1_files),
                     ONCE(features_file_round_trip_and_refusals), ONCE(adjudication_rule),
                     LOOP(every_game, GAMES_COUNT), ONCE(adjudication_agrees_with_play),
                     ONCE(check_refuses_damaged_files), ONCE(bad_arguments), ONCE(positions_read_under_options),
                     ONCE(features_choose_records), ONCE(mirror_refused), ONCE(interrupt_leaves_a_valid_file));
}
