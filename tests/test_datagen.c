/* test_datagen.c — the training-data file (engine/nnue/data.c) and the `simia datagen` job
 * through the real executable: every game's data replayed and re-searched, determinism,
 * appending, and every refusal (another game, truncation, corruption, foreign bytes, arguments). */
#include <fcntl.h>
#include <stdarg.h>
#include <sys/stat.h>
#include <unistd.h>

#include "conversation.h"
#include "engine/engine.h"
#include "engine/nnue/data.h"
#include "testutil.h"
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

/* Reads the whole file: its record count, or -1 with err. */
static int64_t count_records(const char *path, const DataHeader *expect, char *err) {
    DataReader *r = data_reader_open(path, expect, err);
    if (!r) return -1;
    int64_t n = 0;
    int got;
    while ((got = data_reader_next(r, NULL, NULL, NULL, err)) == 1) n++;
    data_reader_close(r);
    return got < 0 ? -1 : n;
}

/* Copies the data file src to dst as if written by an older feature set of its game ("old",
 * 40 features, every record listing features 0..2 and 0..1); with bad >= 0, record bad's
 * position string is replaced by `text` and, when flip, its player deciding swapped. */
static void write_old_set(const char *src, const char *dst, int bad, const char *text, bool flip) {
    char err[ERR_STR_MAX];
    unlink(dst);
    DataReader *r = data_reader_open(src, NULL, err);
    ck_assert_msg(r, "%s", err);
    DataHeader h = *data_reader_header(r);
    snprintf(h.feature_set, sizeof h.feature_set, "old");
    h.n_features = 40;
    uint64_t existing;
    FILE *f = data_open_append(dst, &h, &existing, err);
    ck_assert_msg(f, "%s", err);
    static DataRecord rec;
    static uint8_t buf[DATA_RECORD_MAX];
    for (int i = 0; data_reader_next(r, &rec, NULL, NULL, err) == 1; i++) {
        rec.n_us = 3, rec.n_them = 2;
        for (int k = 0; k < 5; k++) rec.feats[k] = (uint32_t)(k < 3 ? k : k - 3);
        if (i == bad) {
            if (text) snprintf(rec.pos, sizeof rec.pos, "%s", text);
            if (flip) rec.stm = (uint8_t)(3 - rec.stm);
        }
        size_t len = data_record_encode(&rec, buf);
        ck_assert_uint_eq(fwrite(buf, 1, len, f), len);
    }
    data_reader_close(r);
    ck_assert_int_eq(fclose(f), 0);
}

static int cmp_u32(const void *a, const void *b) {
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* Whether two data files hold the same records, features compared as sets of each view
 * (a game lists them in any order: Zoo's follows its piece lists, not the position). */
static bool same_records(const char *a, const char *b) {
    char err[ERR_STR_MAX];
    DataReader *ra = data_reader_open(a, NULL, err), *rb = data_reader_open(b, NULL, err);
    ck_assert(ra && rb);
    static DataRecord x, y;
    bool same = data_header_equal(data_reader_header(ra), data_reader_header(rb));
    int ga, gb;
    while (same && (ga = data_reader_next(ra, &x, NULL, NULL, err)) == 1 &&
           (gb = data_reader_next(rb, &y, NULL, NULL, err)) == 1) {
        same = x.score == y.score && x.result == y.result && x.stm == y.stm && x.n_us == y.n_us &&
               x.n_them == y.n_them && !strcmp(x.pos, y.pos);
        for (int v = 0; v < 2 && same; v++) {
            uint32_t *fx = x.feats + (v ? x.n_us : 0), *fy = y.feats + (v ? y.n_us : 0);
            size_t n = v ? x.n_them : x.n_us;
            qsort(fx, n, sizeof *fx, cmp_u32), qsort(fy, n, sizeof *fy, cmp_u32);
            same = !memcmp(fx, fy, n * sizeof *fx);
        }
    }
    if (same) same = ga == 0 && data_reader_next(rb, &y, NULL, NULL, err) == 0;
    data_reader_close(ra), data_reader_close(rb);
    return same;
}

/* A file that --mirror --refeature wrote from src: each of src's records, then its twin
 * under the game's mirror (the same score, result and player; the mirrored position) where
 * the position has one, nothing where it has none (a Zoo elephant that has never moved; the
 * contract test checks that most positions have one). Returns the records. */
static int check_twins(const GameOps *g, const char *src, const char *path) {
    char err[ERR_STR_MAX];
    DataReader *rs = data_reader_open(src, NULL, err), *r = data_reader_open(path, NULL, err);
    ck_assert(rs && r);
    static DataRecord s, x, y, z;
    GameConfig cfg = test_config(g, NULL);
    int records = 0;
    while (data_reader_next(rs, &s, NULL, NULL, err) == 1) {
        ck_assert_int_eq(data_reader_next(r, &x, NULL, NULL, err), 1);
        ck_assert_str_eq(x.pos, s.pos);
        records++;
        GamePos p;
        ck_assert_msg(g->parse_pos(&p, x.pos, &cfg, err), "%s", err);
        if (!g->mirror(&p)) continue;
        ck_assert_int_eq(data_reader_next(r, &y, NULL, NULL, err), 1);
        ck_assert(data_record_fill(&z, g, &p, x.score, x.result, err));
        ck_assert_msg(!strcmp(y.pos, z.pos) && strcmp(y.pos, x.pos), "%s: twin %s of %s", g->name, y.pos, x.pos);
        ck_assert(y.score == x.score && y.result == x.result && y.stm == x.stm && y.n_us == z.n_us &&
                  y.n_them == z.n_them);
        ck_assert(!memcmp(y.feats, z.feats, ((size_t)z.n_us + z.n_them) * sizeof *z.feats));
        records++;
    }
    ck_assert_int_eq(data_reader_next(r, &x, NULL, NULL, err), 0);
    data_reader_close(rs), data_reader_close(r);
    return records;
}

/* ---- the file format, in process ---- */

static void sample_record(DataRecord *r, int i) {
    memset(r, 0, sizeof *r);
    r->score = (int16_t)(i * 37 - 500);
    r->result = (int8_t)(i % 3 - 1);
    r->stm = (uint8_t)(1 + i % 2);
    r->n_us = (uint16_t)(i % 5), r->n_them = (uint16_t)(i % 4);
    for (int k = 0; k < r->n_us + r->n_them; k++) r->feats[k] = (uint32_t)(k * 7 + i) % 40;
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
    DataHeader h = {.n_features = 40};
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
    DataReader *r = data_reader_open(path, &h, err);
    ck_assert_msg(r, "%s", err);
    ck_assert_str_eq(data_reader_header(r)->game, "gameA");
    ck_assert_str_eq(data_reader_header(r)->feature_set, "test-v1");
    ck_assert_uint_eq(data_reader_header(r)->n_features, 40);
    DataRecord got, want;
    for (int i = 0; i < 15; i++) {
        ck_assert_int_eq(data_reader_next(r, &got, NULL, NULL, err), 1);
        sample_record(&want, i);
        ck_assert_int_eq(got.score, want.score);
        ck_assert_int_eq(got.result, want.result);
        ck_assert_int_eq(got.stm, want.stm);
        ck_assert_int_eq(got.n_us, want.n_us);
        ck_assert_int_eq(got.n_them, want.n_them);
        ck_assert_mem_eq(got.feats, want.feats, sizeof(uint32_t) * (size_t)(want.n_us + want.n_them));
        ck_assert_str_eq(got.pos, want.pos);
    }
    ck_assert_int_eq(data_reader_next(r, &got, NULL, NULL, err), 0);
    data_reader_close(r);
    /* Another header: no append, the file untouched, the fault named. */
    long size = file_size(path);
    uint64_t existing;
    DataHeader other = sample_header("gameB");
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_ptr_nonnull(strstr(err, "gameB"));
    ck_assert_ptr_nonnull(strstr(err, path));
    other = sample_header("gameA"), other.n_features = 41;
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    snprintf(other.feature_set, sizeof other.feature_set, "test-v2"), other.n_features = 40;
    ck_assert_ptr_null(data_open_append(path, &other, &existing, err));
    ck_assert_ptr_nonnull(strstr(err, "feature set"));
    ck_assert_int_eq(file_size(path), size);
    remove_tmpdir();
}
END_TEST

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

START_TEST(format_refusals) {
    make_tmpdir();
    char path[512], bad[512], err[ERR_STR_MAX];
    tmp_path(path, sizeof path, "good.dat");
    tmp_path(bad, sizeof bad, "bad.dat");
    DataHeader h = sample_header("gameA");
    write_sample(path, &h, 0, 6);
    static uint8_t bytes[1 << 16];
    size_t n = get_file(path, bytes, sizeof bytes);
    ck_assert_int_eq(count_records(path, &h, err), 6);
    uint64_t existing;

    /* Cut anywhere inside the last record: refused, the offset is that record's. */
    DataReader *r = data_reader_open(path, &h, err);
    for (int i = 0; i < 5; i++) ck_assert_int_eq(data_reader_next(r, NULL, NULL, NULL, err), 1);
    uint64_t last = data_reader_offset(r);
    data_reader_close(r);
    for (size_t cut = last + 1; cut < n; cut += 3) {
        put_file(bad, bytes, cut);
        ck_assert_int_eq(count_records(bad, &h, err), -1);
        ck_assert_msg(strstr(err, "cut short"), "%s", err);
        char at[64];
        snprintf(at, sizeof at, "byte %llu:", (unsigned long long)last);
        ck_assert_msg(strstr(err, at) && strstr(err, bad), "%s", err);
        ck_assert_ptr_null(data_open_append(bad, &h, &existing, err)); /* nothing appended to it */
        ck_assert_int_eq(file_size(bad), (long)cut);
    }
    /* The header cut short; an empty file is a new one, fine to append to. */
    put_file(bad, bytes, 20);
    ck_assert_int_eq(count_records(bad, &h, err), -1);
    ck_assert_msg(strstr(err, "header cut short"), "%s", err);

    /* Any byte of a record's body changed: the checksum names it. */
    for (size_t at = DATA_HEADER_BYTES + 4; at < last; at += 7) {
        bytes[at] ^= 0x10;
        put_file(bad, bytes, n);
        bytes[at] ^= 0x10;
        ck_assert_int_eq(count_records(bad, &h, err), -1);
        ck_assert_msg(strstr(err, "checksum mismatch") || strstr(err, "impossible") || strstr(err, "cut short"),
                      "byte %zu: %s", at, err);
    }
    /* A checksum byte changed. */
    bytes[last - 1] ^= 1;
    put_file(bad, bytes, n);
    bytes[last - 1] ^= 1;
    ck_assert_int_eq(count_records(bad, &h, err), -1);
    ck_assert_msg(strstr(err, "checksum mismatch"), "%s", err);

    /* Foreign files: random bytes, text, another version. */
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
    bytes[8] = 2;
    put_file(bad, bytes, n);
    bytes[8] = 1;
    ck_assert_int_eq(count_records(bad, NULL, err), -1);
    ck_assert_msg(strstr(err, "version 2") && strstr(err, "byte 8"), "%s", err);
    /* A valid header but records of random bytes. */
    memcpy(noise, bytes, DATA_HEADER_BYTES);
    put_file(bad, noise, sizeof noise);
    ck_assert_int_eq(count_records(bad, NULL, err), -1);

    /* A feature out of the header's range (the checksum right): refused, the byte named. */
    DataHeader small = h;
    small.n_features = 3;
    tmp_path(bad, sizeof bad, "range.dat");
    write_sample(bad, &small, 0, 6); /* sample features go up to 39 */
    ck_assert_int_eq(count_records(bad, &small, err), -1);
    ck_assert_msg(strstr(err, "out of range [0, 3)"), "%s", err);
    remove_tmpdir();
}
END_TEST

/* ---- the job, for every registered game ---- */

typedef struct {
    const char *result; /* p1win, p2win, draw */
    int kept;
    char *fen; /* NULL: the start position */
    char **moves;
    int n_moves;
} LoggedGame;

/* Parses a --games line "result=R kept=N position startpos|fen F moves M...". */
static void parse_logged(char *line, LoggedGame *lg) {
    memset(lg, 0, sizeof *lg);
    char *res = strstr(line, "result="), *kept = strstr(line, " kept="), *pos = strstr(line, " position ");
    ck_assert_msg(res == line && kept && pos, "games line '%.200s'", line);
    *kept = 0;
    lg->result = line + 7;
    lg->kept = atoi(kept + 6);
    char *body = pos + 10, *mv = strstr(body, " moves");
    ck_assert_ptr_nonnull(mv);
    *mv = 0;
    if (strncmp(body, "startpos", 8)) {
        ck_assert(!strncmp(body, "fen ", 4));
        lg->fen = body + 4;
    }
    lg->moves = malloc(sizeof *lg->moves * 4096);
    for (char *t = strtok(mv + 6, " \n"); t; t = strtok(NULL, " \n")) {
        ck_assert_int_lt(lg->n_moves, 4096);
        lg->moves[lg->n_moves++] = t;
    }
}

/* Replays one logged game on a fresh engine, searching each move after the random plies
 * at the job's node count as the job did: the engine must choose the logged moves, the
 * kept positions must be the next records of the file (position, player deciding, score
 * for that player, the game's result for them), and the game must end as logged. */
static int replay_game(const GameOps *g, Engine *e, const LoggedGame *lg, DataReader *r, bool last_game,
                       int random_plies, bool keep_noisy, int *noisy_kept) {
    char err[ERR_STR_MAX];
    engine_new_game(e);
    int filter_kept = 0, compared = 0;
    for (int i = 0; i <= lg->n_moves; i++) {
        ck_assert_msg(engine_set_position(e, lg->fen, (const char *const *)lg->moves, i, err), "%s: %s", g->name, err);
        if (i == lg->n_moves) break;
        ck_assert_msg(!engine_game_over(e), "%s: game over before move %d", g->name, i + 1);
        if (i < random_plies) continue;
        SearchRequest rq = {.position = lg->fen, .moves = (const char *const *)lg->moves, .n_moves = i};
        search_limits_init(&rq.limits);
        rq.limits.nodes = NODES;
        SearchResult rep;
        ck_assert_msg(engine_search(e, &rq, &rep, err), "%s", err);
        const GamePos *p = engine_position(e);
        char ms[MOVE_STR_MAX];
        g->print_move(p, rep.best, ms);
        ck_assert_msg(!strcmp(ms, lg->moves[i]), "%s ply %d: the search now plays %s, the job played %s", g->name,
                      i + 1, ms, lg->moves[i]);
        bool noisy = g->is_noisy(p, rep.best);
        bool keep = rep.depth > 0 && (keep_noisy || !noisy) && !(g->in_check && g->in_check(p)) &&
                    rep.score < SCORE_WIN_MIN && rep.score > -SCORE_WIN_MIN;
        if (!keep) continue;
        filter_kept++;
        if (compared == lg->kept) continue;
        *noisy_kept += noisy;
        DataRecord rec;
        ck_assert_msg(data_reader_next(r, &rec, NULL, NULL, err) == 1, "%s: record missing: %s", g->name, err);
        compared++;
        char fen[POS_STR_MAX];
        g->print_pos(p, fen);
        ck_assert_str_eq(rec.pos, fen);
        int stm = g->player_to_move(p);
        ck_assert_int_eq(rec.stm, stm + 1);
        ck_assert_int_eq(rec.score, rep.score); /* the root score: for the player deciding */
        int want = !strcmp(lg->result, "draw") ? 0 : (lg->result[1] - '1' == stm) ? 1 : -1;
        ck_assert_int_eq(rec.result, want);
        /* The features: the game's own, from each side (none while it offers none). */
        uint32_t f[2 * NNUE_MAX_ACTIVE];
        int us = 0, them = 0;
        if (g->features && g->nnue_features > 0) {
            us = g->features(p, stm, f);
            them = g->features(p, stm ^ 1, f + us);
        }
        ck_assert_int_eq(rec.n_us, us);
        ck_assert_int_eq(rec.n_them, them);
        ck_assert_mem_eq(rec.feats, f, sizeof *f * (size_t)(us + them));
    }
    ck_assert_msg(engine_game_over(e), "%s: the logged game is not over", g->name);
    GameResult res = engine_result(e);
    const char *name = res == RESULT_P1_WIN ? "p1win" : res == RESULT_P2_WIN ? "p2win" : "draw";
    ck_assert_str_eq(lg->result, name);
    ck_assert_msg(lg->kept == filter_kept || (last_game && lg->kept < filter_kept),
                  "%s: %d positions kept, the filter keeps %d", g->name, lg->kept, filter_kept);
    return compared;
}

/* Replays every game of a run's --games log against its data file (all of it read); the
 * number of records whose best move was noisy. */
static int replay_run(const GameOps *g, const char *data, const char *games, int plies, int positions,
                      bool keep_noisy) {
    char err[ERR_STR_MAX];
    DataHeader h;
    data_header_of(g, &h);
    FILE *gf = fopen(games, "r");
    ck_assert_ptr_nonnull(gf);
    static char lines[256][16384];
    int n_lines = 0;
    while (n_lines < 256 && fgets(lines[n_lines], sizeof lines[0], gf)) n_lines++;
    fclose(gf);
    ck_assert_int_gt(n_lines, 0);
    Engine *e = engine_create(g);
    ck_assert(engine_set_option(e, "Threads", "1", err) && engine_set_option(e, "Hash", "4", err));
    DataReader *r = data_reader_open(data, &h, err);
    ck_assert_msg(r, "%s", err);
    int seen = 0, noisy = 0;
    for (int i = 0; i < n_lines; i++) {
        LoggedGame lg;
        parse_logged(lines[i], &lg);
        seen += replay_game(g, e, &lg, r, i == n_lines - 1, plies, keep_noisy, &noisy);
        free(lg.moves);
    }
    ck_assert_int_eq(seen, positions);
    ck_assert_int_eq(data_reader_next(r, NULL, NULL, NULL, err), 0);
    data_reader_close(r);
    engine_destroy(e);
    return noisy;
}

START_TEST(every_game) {
    const GameOps *g = game_find(GAMES[_i]->name);
    make_tmpdir();
    char out[512], out2[512], out3[512], games[512], games2[512], err[ERR_STR_MAX];
    tmp_path(out, sizeof out, "a.dat");
    tmp_path(out2, sizeof out2, "b.dat");
    tmp_path(out3, sizeof out3, "c.dat");
    tmp_path(games, sizeof games, "a.games");
    tmp_path(games2, sizeof games2, "b.games");
    const int positions = 12;
    const char *common = "--nodes 300 --random-plies 4 --seed 11 --positions 12 --hash 4";
    ck_assert_int_eq(NODES, 300);
    ck_assert_int_eq(RANDOM_PLIES, 4);
    int rc = run("--game %s datagen --out %s --games %s %s", g->name, out, games, common);
    ck_assert_msg(rc == 0, "%s: exit %d:\n%s", g->name, rc, run_output);
    ck_assert_msg(strstr(run_output, "datagen: 12 positions"), "%s", run_output);
    DataHeader h;
    data_header_of(g, &h);
    ck_assert_int_eq(count_records(out, &h, err), positions);

    /* Every record, replayed and re-searched. */
    replay_run(g, out, games, RANDOM_PLIES, positions, false);

    /* The same seed, one thread: the same bytes. */
    rc = run("--game %s datagen --out %s --games %s %s", g->name, out2, games2, common);
    ck_assert_int_eq(rc, 0);
    ck_assert_msg(same_bytes(out, out2), "%s: two runs with one seed differ", g->name);
    ck_assert(same_bytes(games, games2));

    /* Appending with the same header; two threads. */
    rc = run("--game %s datagen --out %s --nodes 300 --seed 99 --positions 8 --threads 2", g->name, out2);
    ck_assert_msg(rc == 0, "%s", run_output);
    ck_assert_msg(strstr(run_output, "appending to"), "%s", run_output);
    ck_assert_int_eq(count_records(out2, &h, err), positions + 8);
    rc = run("--game %s datagen --check %s", g->name, out2);
    ck_assert_msg(rc == 0 && strstr(run_output, "positions: 20 "), "%s", run_output);

    /* Merging two files of the game. */
    rc = run("--game %s datagen --merge %s %s %s", g->name, out3, out, out2);
    ck_assert_msg(rc == 0, "%s", run_output);
    ck_assert_int_eq(count_records(out3, &h, err), 2 * positions + 8);

    /* Data of an older feature set: --refeature remakes every record's features from its
     * position, the very bytes datagen wrote; a position that does not parse or names the
     * other player deciding refuses the file with nothing written. */
    const GameOps *other = game_find(GAMES[(_i + 1) % GAMES_COUNT]->name);
    char old[512], redone[512];
    tmp_path(old, sizeof old, "old.dat");
    tmp_path(redone, sizeof redone, "redone.dat");
    write_old_set(out, old, -1, NULL, false);
    ck_assert_int_eq(run("--game %s datagen --merge %s %s", g->name, redone, old), 0); /* merge keeps the set */
    ck_assert_msg(strstr(run_output, "merged 12 positions"), "%s", run_output);
    unlink(redone);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, old);
    ck_assert_msg(rc == 0 && strstr(run_output, "refeatured 12 positions"), "%s: %s", g->name, run_output);
    ck_assert_msg(same_records(redone, out), "%s: refeatured data differs from datagen's", g->name);
    unlink(redone);
    rc = run("--game %s datagen --refeature %s %s", other->name, redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "data of game"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    /* --mirror: every record and its twin where it has one, for a game with a board
     * symmetry (every game has one: mirror_refused plays a game without); refused whole for
     * a game without one. */
    rc = run("--game %s datagen --mirror --refeature %s %s", g->name, redone, old);
    if (g->caps.mirror) {
        char said[64];
        ck_assert_msg(rc == 0, "%s: %s", g->name, run_output);
        snprintf(said, sizeof said, "refeatured %d positions", check_twins(g, out, redone));
        ck_assert_msg(strstr(run_output, said), "%s: %s, not %s", g->name, run_output, said);
    } else {
        ck_assert_msg(rc == 2 && strstr(run_output, "has no board symmetry"), "%s: %s", g->name, run_output);
        ck_assert_int_eq(file_size(redone), -1);
    }
    unlink(redone);
    write_old_set(out, old, 5, "no position at all", false);
    rc = run("--game %s datagen --refeature %s %s", g->name, redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse") && strstr(run_output, "byte "), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    write_old_set(out, old, 7, NULL, true);
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
    GameConfig cfg = {{0}};
    for (int k = 0; k < g->n_options && k < GAME_MAX_OPTIONS; k++) cfg.v[k] = g->options[k].def;
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
    replay_run(g, data4, games4, 2, 6, false);
    f = fopen(suite, "a");
    fprintf(f, "this is no position\n");
    fclose(f);
    rc = run("--game %s datagen --out %s --openings %s", g->name, data4, suite);
    ck_assert_msg(rc == 2 && strstr(run_output, "line 5"), "%s", run_output);

    /* --keep-noisy: the same filter but for the best move's kind; positions whose best move
     * is noisy are kept (the seed is one where every game meets some). */
    char data5[512], games5[512];
    tmp_path(data5, sizeof data5, "e.dat");
    tmp_path(games5, sizeof games5, "e.games");
    rc = run("--game %s datagen --out %s --games %s --keep-noisy --nodes 300 --random-plies 4 --seed 11 "
             "--positions 40 --hash 4", g->name, data5, games5);
    ck_assert_msg(rc == 0 && strstr(run_output, "noisy kept"), "%s", run_output);
    int noisy = replay_run(g, data5, games5, RANDOM_PLIES, 40, true);
    ck_assert_msg(noisy > 0, "%s: no kept position had a noisy best move", g->name);
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
        {"datagen --out OUT --openings /nonexistent/suite.txt", "cannot open /nonexistent/suite.txt"},
        {"datagen --check", "unknown or incomplete argument '--check'"},
        {"datagen --merge OUT", "--merge needs an output file and at least one input"},
        {"datagen --refeature OUT", "--refeature needs an output file and at least one input"},
        {"datagen --option NoSuchOption=3 --refeature OUT IN", "NoSuchOption"},
        {"datagen --mirror --out OUT --nodes 5", "--mirror goes with --refeature"},
        {"datagen --mirror --merge OUT IN", "--mirror goes with --refeature"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char args[1024];
        const char *o = strstr(cases[i][0], "OUT");
        if (o) snprintf(args, sizeof args, "%.*s%s%s", (int)(o - cases[i][0]), cases[i][0], out, o + 3);
        else snprintf(args, sizeof args, "%s", cases[i][0]);
        int rc = run("%s", args);
        ck_assert_msg(rc == 2, "'%s': exit %d", args, rc);
        ck_assert_msg(strstr(run_output, cases[i][1]), "'%s': no '%s' in:\n%s", args, cases[i][1], run_output);
        ck_assert_msg(file_size(out) <= 0, "'%s' wrote the file", args);
    }
    ck_assert_int_eq(run("--help"), 0);
    ck_assert_ptr_nonnull(strstr(run_output, "simia datagen --out FILE"));
    remove_tmpdir();
}
END_TEST

/* --refeature reads the positions under the options given before it: Zoo data of a 7 x 6
 * board is refused on the default 5 x 5 and remade exactly with the size given. */
START_TEST(refeature_reads_under_options) {
    make_tmpdir();
    char out[512], old[512], redone[512];
    tmp_path(out, sizeof out, "z.dat");
    tmp_path(old, sizeof old, "z-old.dat");
    tmp_path(redone, sizeof redone, "z-redone.dat");
    const char *size = "--option ZooWidth=7 --option ZooHeight=6";
    int rc = run("--game zoo datagen --out %s --nodes 300 --seed 5 --positions 6 %s", out, size);
    ck_assert_msg(rc == 0, "%s", run_output);
    write_old_set(out, old, -1, NULL, false);
    rc = run("--game zoo datagen --refeature %s %s", redone, old);
    ck_assert_msg(rc == 2 && strstr(run_output, "does not parse"), "%s", run_output);
    ck_assert_int_eq(file_size(redone), -1);
    rc = run("--game zoo datagen %s --refeature %s %s", size, redone, old);
    ck_assert_msg(rc == 0 && strstr(run_output, "refeatured 6 positions"), "%s", run_output);
    ck_assert(same_records(redone, out));
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
    ck_assert_str_eq(line, "simia datagen: monkeyqueen has no board symmetry for --mirror\n");
    e = engine_create(g);
    ck_assert_int_eq(datagen_run(e, true, 4, argv), 0);
    engine_destroy(e);
    ck_assert_int_eq(check_twins(g, in, out), 8);
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
             "i=0; while [ $(stat -c %%s %s 2>/dev/null || echo 0) -le 48 ] && [ $i -lt 600 ]; do sleep 0.1; i=$((i+1)); done; "
             "kill -INT $pid; wait $pid",
             SIMIA_BINARY, out, out);
    char *argv[] = {"/bin/sh", "-c", cmd, NULL};
    Child *c = child_start(argv);
    child_close_stdin(c);
    while (child_line(c, 120000)) {
    }
    ck_assert_int_eq(child_wait(c, 120000), 0);
    child_free(c);
    DataHeader h;
    data_header_of(game_find("boomzoom"), &h);
    ck_assert_int_gt(count_records(out, &h, err), 0);
    remove_tmpdir();
}
END_TEST

int main(void) {
    Suite *s = suite_create("datagen");
    TCase *tc = tcase_create("datagen");
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, format_round_trip_and_append);
    tcase_add_test(tc, format_refusals);
    tcase_add_loop_test(tc, every_game, 0, GAMES_COUNT);
    tcase_add_test(tc, check_refuses_damaged_files);
    tcase_add_test(tc, bad_arguments);
    tcase_add_test(tc, refeature_reads_under_options);
    tcase_add_test(tc, mirror_refused);
    tcase_add_test(tc, interrupt_leaves_a_valid_file);
    suite_add_tcase(s, tc);
    SRunner *sr = srunner_create(s);
    srunner_run_all(sr, CK_NORMAL);
    int failed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return failed ? 1 : 0;
}
