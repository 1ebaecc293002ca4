/* datatools.c — `simia datagen`'s file jobs: --check (data and features files), --merge,
 * --refeature (records remade from their positions) and --features (the trainer's input). */
#include "datatools.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "engine/nnue/featfile.h"

/* What --check counts over a file's records. */
typedef struct {
    uint64_t n, res[3], stm[2], noisy, in_check, quiet, adjudicated, games, with_static, max_active;
    int64_t sum, sum_abs, gap_abs;
    int lo, hi;
} Counts;

static void count(Counts *c, int score, int result, int stm, unsigned flags) {
    c->n++;
    c->res[result + 1]++;
    c->stm[stm - 1]++;
    c->noisy += !!(flags & DATA_NOISY), c->in_check += !!(flags & DATA_IN_CHECK);
    c->quiet += !(flags & (DATA_NOISY | DATA_IN_CHECK));
    c->adjudicated += !!(flags & DATA_ADJUDICATED), c->games += !!(flags & DATA_GAME_START);
    c->sum += score, c->sum_abs += score < 0 ? -score : score;
    if (c->n == 1 || score < c->lo) c->lo = score;
    if (c->n == 1 || score > c->hi) c->hi = score;
}

static void print_counts(const Counts *c, bool flagged) {
    double dn = c->n ? (double)c->n : 1.0;
    printf("results for the player deciding: win %" PRIu64 ", draw %" PRIu64 ", loss %" PRIu64 "\n", c->res[2],
           c->res[1], c->res[0]);
    printf("player deciding: p1 %" PRIu64 ", p2 %" PRIu64 "\n", c->stm[0], c->stm[1]);
    if (flagged)
        printf("flags: quiet (neither below) %" PRIu64 ", noisy best move %" PRIu64 ", in check %" PRIu64
               ", result adjudicated %" PRIu64 "\n",
               c->quiet, c->noisy, c->in_check, c->adjudicated);
    printf("score: mean %+.1f, mean |score| %.1f, min %d, max %d\n", (double)c->sum / dn, (double)c->sum_abs / dn, c->lo,
           c->hi);
}

static int check_features(const char *path, const char *game) {
    char err[ERR_STR_MAX];
    FeatFile *f = feat_file_open(path, game, err);
    if (!f) {
        fprintf(stderr, "simia datagen: %s\n", err);
        return 2;
    }
    Counts c = {0};
    for (uint64_t i = 0; i < f->h.n_records; i++) {
        count(&c, f->score[i], f->result[i], f->stm[i], f->flags[i]);
        uint64_t most = f->n_us[i] > f->n_them[i] ? f->n_us[i] : f->n_them[i];
        if (most > c.max_active) c.max_active = most;
    }
    printf("file: %s (features file)\n", path);
    printf("game: %s, feature set %s, %" PRIu32 " features, at most %" PRIu32 " a view (declared), %d-byte indices, "
           "%d bucket%s\n",
           f->h.game, f->h.feature_set, f->h.n_features, f->h.max_active, f->h.index_bytes, f->h.n_buckets,
           f->h.n_buckets == 1 ? "" : "s");
    printf("positions: %" PRIu64 "\n", c.n);
    print_counts(&c, true);
    printf("active features a position: mean %.1f, max a view %" PRIu64 "\n",
           c.n ? (double)f->h.n_indices / (double)c.n : 0.0, c.max_active);
    printf("valid: %zu bytes checked\n", f->size);
    feat_file_close(f);
    return ferror(stdout) ? 1 : 0;
}

int datatools_check(const char *path, const char *game) {
    if (feat_file_is(path)) return check_features(path, game);
    char err[ERR_STR_MAX];
    DataReader *r = data_reader_open(path, game, err);
    if (!r) {
        fprintf(stderr, "simia datagen: %s\n", err);
        return 2;
    }
    DataRecord *rec = malloc(sizeof *rec); /* large: not on the stack */
    if (!rec) {
        data_reader_close(r);
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    Counts c = {0};
    int got;
    while ((got = data_reader_next(r, rec, NULL, NULL, err)) == 1) {
        count(&c, rec->score, rec->result, rec->stm, rec->flags);
        if (rec->static_eval != DATA_NO_STATIC) {
            int gap = rec->score - rec->static_eval;
            c.with_static++, c.gap_abs += gap < 0 ? -gap : gap;
        }
    }
    free(rec);
    if (got < 0) {
        fprintf(stderr, "simia datagen: %s\n", err);
        data_reader_close(r);
        return 2;
    }
    const DataHeader *h = data_reader_header(r);
    bool v2 = h->version == DATA_VERSION;
    printf("file: %s (data, version %" PRIu32 ")\n", path, h->version);
    printf("game: %s, written with feature set %s, %" PRIu32 " features", h->game, h->feature_set, h->n_features);
    if (v2) printf(", at most %" PRIu32 " a view (declared)", h->max_active);
    printf("\n");
    if (v2) printf("positions: %" PRIu64 " of %" PRIu64 " games\n", c.n, c.games);
    else printf("positions: %" PRIu64 " (version 1 records no games)\n", c.n);
    print_counts(&c, v2);
    if (c.with_static)
        printf("static evaluation: %" PRIu64 " positions, mean |score - static| %.1f\n", c.with_static,
               (double)c.gap_abs / (double)c.with_static);
    printf("valid: %" PRIu64 " bytes checked\n", data_reader_offset(r));
    data_reader_close(r);
    return ferror(stdout) ? 1 : 0;
}

static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* Opens input path of a job writing out: refused (NULL, the reason printed) when it is out
 * itself, unreadable, damaged in its header or of another game than game (when given). */
static DataReader *open_input(const char *path, const char *out, const char *game) {
    char err[ERR_STR_MAX];
    if (same_file(path, out)) {
        fprintf(stderr, "simia datagen: %s is the output file too\n", path);
        return NULL;
    }
    DataReader *r = data_reader_open(path, game, err);
    if (!r) fprintf(stderr, "simia datagen: %s\n", err);
    return r;
}

int datatools_merge(const char *out, char **in, int n_in) {
    char err[ERR_STR_MAX];
    DataHeader h;
    bool have = false;
    int rc = 0;
    /* Every input checked whole first, so that a bad one appends nothing. */
    for (int pass = 0; pass < 2 && !rc; pass++) {
        FILE *f = NULL;
        uint64_t existing = 0, added = 0;
        if (pass == 1 && !(f = data_open_append(out, &h, &existing, err))) {
            fprintf(stderr, "simia datagen: %s\n", err);
            return 2;
        }
        for (int i = 0; i < n_in && !rc; i++) {
            DataReader *r = open_input(in[i], out, NULL);
            if (!r) {
                rc = 2;
                break;
            }
            /* Only version 2 records are copied as they are (older ones are remade). */
            if (!have) h = *data_reader_header(r), h.version = DATA_VERSION, have = true;
            int got = data_reader_header_is(r, &h, err) ? 1 : -1;
            const uint8_t *raw;
            size_t len;
            while (got == 1 && (got = data_reader_next(r, NULL, &raw, &len, err)) == 1) {
                if (f && fwrite(raw, 1, len, f) != len) {
                    snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", out, strerror(errno));
                    got = -1;
                }
                added++;
            }
            data_reader_close(r);
            if (got < 0) {
                fprintf(stderr, "simia datagen: %s\n", err);
                rc = pass ? 1 : 2;
            }
        }
        if (f && fclose(f) && !rc) {
            fprintf(stderr, "simia datagen: cannot write %s: %s\n", out, strerror(errno));
            rc = 1;
        } else if (f && !rc) {
            printf("merged %" PRIu64 " positions from %d file%s into %s (%" PRIu64 " positions now)\n", added, n_in,
                   n_in == 1 ? "" : "s", out, existing + added);
        }
    }
    return rc;
}

/* A record's position as the game reads it now (under e's options): false with a reason
 * when its string does not parse or names another player deciding. */
static bool read_position(Engine *e, const DataRecord *rec, GamePos *pos, char *err) {
    const GameOps *g = engine_game(e);
    GameConfig cfg = engine_game_config(e);
    char why[ERR_STR_MAX];
    if (!g->parse_pos(pos, rec->pos, &cfg, why)) {
        snprintf(err, ERR_STR_MAX, "position '%.80s' does not parse: %.120s", rec->pos, why);
        return false;
    }
    if (g->player_to_move(pos) + 1 != rec->stm) {
        snprintf(err, ERR_STR_MAX, "position '%.80s' has player %d deciding, the record says %d", rec->pos,
                 g->player_to_move(pos) + 1, rec->stm);
        return false;
    }
    return true;
}

/* Called for each record of the inputs (and, with mirror, after it for its twin: twin
 * set); false with err stops the job. */
typedef bool (*RecordFn)(void *ctx, const GameOps *g, const DataRecord *rec, const GamePos *pos, bool twin,
                         char *err);

/* Reads every record of the inputs (data of e's game), remakes its position and calls fn
 * with it and, with mirror, its twin where it has one. A refusal names the file and the
 * record's offset. */
static int each_record(Engine *e, bool mirror, const char *out, char **in, int n_in, RecordFn fn, void *ctx) {
    const GameOps *g = engine_game(e);
    DataRecord *rec = malloc(sizeof *rec);
    if (!rec) {
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (int i = 0; i < n_in && !rc; i++) {
        DataReader *r = open_input(in[i], out, g->name);
        if (!r) {
            rc = 2;
            break;
        }
        char err[ERR_STR_MAX], why[ERR_STR_MAX];
        uint64_t at = data_reader_offset(r);
        int got;
        while ((got = data_reader_next(r, rec, NULL, NULL, err)) == 1) {
            GamePos pos;
            bool ok = read_position(e, rec, &pos, why) && fn(ctx, g, rec, &pos, false, why);
            /* A position without a twin (the hook says false, pos untouched) gets none. */
            if (ok && mirror && g->mirror(&pos)) ok = fn(ctx, g, rec, &pos, true, why);
            if (!ok) {
                snprintf(err, ERR_STR_MAX, "%.60s: byte %" PRIu64 ": %.160s", in[i], at, why);
                got = -1;
                break;
            }
            at = data_reader_offset(r);
        }
        data_reader_close(r);
        if (got < 0) {
            fprintf(stderr, "simia datagen: %s\n", err);
            rc = 2;
        }
    }
    free(rec);
    return rc;
}

/* --refeature: each record remade in version 2 from its position (twins without the mark
 * of a game's start: they belong to the game before them). */
typedef struct {
    FILE *out; /* NULL: the checking pass */
    const char *path;
    uint64_t added;
    DataRecord rec;
    uint8_t buf[DATA_RECORD_MAX];
} Refeature;

static bool refeature_one(void *ctx, const GameOps *g, const DataRecord *rec, const GamePos *pos, bool twin,
                          char *err) {
    Refeature *rf = ctx;
    unsigned flags = rec->flags & (twin ? ~(unsigned)DATA_GAME_START : ~0u);
    data_record_fill(&rf->rec, g, pos, rec->score, rec->static_eval, rec->result, flags);
    rf->added++;
    if (!rf->out) return true;
    size_t len = data_record_encode(&rf->rec, rf->buf);
    if (fwrite(rf->buf, 1, len, rf->out) == len) return true;
    snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", rf->path, strerror(errno));
    return false;
}

int datatools_refeature(Engine *e, bool mirror, const char *out, char **in, int n_in) {
    Refeature *rf = calloc(1, sizeof *rf);
    if (!rf) {
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    rf->path = out;
    /* Every input remade once without writing, so that a bad one appends nothing. */
    int rc = each_record(e, mirror, out, in, n_in, refeature_one, rf);
    if (!rc) {
        char err[ERR_STR_MAX];
        DataHeader h;
        uint64_t existing;
        data_header_of(engine_game(e), &h);
        if (!(rf->out = data_open_append(out, &h, &existing, err))) {
            fprintf(stderr, "simia datagen: %s\n", err);
            rc = 2;
        } else {
            rf->added = 0;
            rc = each_record(e, mirror, out, in, n_in, refeature_one, rf) ? 1 : 0;
            if (fclose(rf->out) && !rc) {
                fprintf(stderr, "simia datagen: cannot write %s: %s\n", out, strerror(errno));
                rc = 1;
            }
            if (!rc)
                printf("refeatured %" PRIu64 " positions from %d file%s into %s (%" PRIu64 " positions now)\n",
                       rf->added, n_in, n_in == 1 ? "" : "s", out, existing + rf->added);
        }
    }
    free(rf);
    return rc;
}

/* --features: the records the job keeps, their views made by the game now. */
typedef struct {
    const FeatureJob *job;
    FeatWriter *w;
    uint64_t read, skipped;
    bool skip_twin; /* the record before the twin was not kept */
    uint32_t us[NNUE_MAX_ACTIVE], them[NNUE_MAX_ACTIVE];
} Features;

static bool features_one(void *ctx, const GameOps *g, const DataRecord *rec, const GamePos *pos, bool twin,
                         char *err) {
    Features *fs = ctx;
    if (!twin) {
        fs->read++;
        int gap = rec->static_eval == DATA_NO_STATIC ? 0 : rec->score - rec->static_eval;
        bool wide = fs->job->noisy_gap >= 0 && (rec->flags & DATA_NOISY) && (gap > fs->job->noisy_gap || -gap > fs->job->noisy_gap);
        fs->skip_twin = !data_keeps(fs->job->keep, rec->flags) || wide;
        if (fs->skip_twin) {
            fs->skipped++;
            return true;
        }
    } else if (fs->skip_twin) {
        return true;
    }
    int stm = g->player_to_move(pos);
    int n_us = g->features(pos, stm, fs->us), n_them = g->features(pos, stm ^ 1, fs->them);
    unsigned flags = rec->flags & (twin ? ~(unsigned)DATA_GAME_START : ~0u);
    return feat_writer_add(fs->w, rec->score, rec->result, rec->stm, flags, game_nnue_bucket(g, pos), fs->us, n_us,
                           fs->them, n_them, err);
}

int datatools_features(Engine *e, const FeatureJob *job, const char *out, char **in, int n_in) {
    const GameOps *g = engine_game(e);
    char err[ERR_STR_MAX];
    Features *fs = calloc(1, sizeof *fs);
    if (!fs) {
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    fs->job = job;
    /* each record's stage and the game's count, the ones the engine picks a net's layer by, so
     * that the trainer reads both from the file */
    if (!(fs->w = feat_writer_open(out, g, game_nnue_buckets(g), err))) {
        fprintf(stderr, "simia datagen: %s\n", err);
        free(fs);
        return 2;
    }
    int rc = each_record(e, job->mirror, out, in, n_in, features_one, fs);
    uint64_t written = feat_writer_count(fs->w);
    if (rc) {
        feat_writer_abort(fs->w);
    } else if (!feat_writer_finish(fs->w, err)) {
        fprintf(stderr, "simia datagen: %s\n", err);
        rc = 1;
    } else {
        printf("features of %" PRIu64 " positions (%" PRIu64 " read, %" PRIu64 " not kept%s) from %d file%s into %s\n",
               written, fs->read, fs->skipped, job->mirror ? ", each kept one with its twin" : "", n_in,
               n_in == 1 ? "" : "s", out);
    }
    free(fs);
    return rc;
}
