/* datagen.c — the `simia datagen` job: self-play games at a fixed node count per move on
 * worker threads, the positions they keep written to a training-data file; and its checker. */
#include "datagen.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "engine/nnue/data.h"
#include "engine/prng.h"

const char DATAGEN_USAGE[] =
    "  simia datagen --out FILE [--positions N] [--nodes N] [--random-plies K]\n"
    "                [--threads T] [--seed S] [--hash MB] [--max-plies N]\n"
    "                [--openings FILE] [--games FILE] [--keep-noisy] [--option NAME=VALUE]...\n"
    "      Plays games against itself, each move searched at --nodes (default 5000), after K\n"
    "      random legal plies (default 8; from a line of --openings FILE when given, K\n"
    "      default 0), and appends the positions it keeps (below) to FILE with the search score\n"
    "      and the game's result, both for the player deciding (engine/nnue/DATA.md). Stops\n"
    "      after --positions (default: at Ctrl-C, which leaves a whole file). Game i uses seed\n"
    "      S+i (default S: from the clock, printed); one thread gives the same file for a seed.\n"
    "      --max-plies (default 600) drops longer games; --games writes each game's moves;\n"
    "      each thread has its own engine with a hash of --hash MB (default 4). A position is\n"
    "      kept when its search scored it, short of a won or lost score, the player deciding\n"
    "      is not in check and the best move is quiet; --keep-noisy also keeps those whose\n"
    "      best move is noisy (a capture), for games where most best moves are.\n"
    "  simia datagen --check FILE\n"
    "      Checks a data file (of the game --game names, when given) and prints its counts.\n"
    "  simia datagen --merge OUT IN...\n"
    "      Appends the records of the data files IN to OUT, after checking them all.\n"
    "  simia datagen [--option NAME=VALUE]... [--mirror] --refeature OUT IN...\n"
    "      The same for data of the game in an older feature set: each record's features are\n"
    "      made again from its position string with the game's features now, the position\n"
    "      read under the options given before it (e.g. a Zoo board's ZooWidth, ZooHeight).\n"
    "      --mirror also appends each record's twin under the game's board symmetry (the\n"
    "      board mirrored left to right; a position without a twin, as a Zoo position with an\n"
    "      elephant that has never moved, gets none), the same score and result.\n";

#define PROGRESS_MS 1000
#define DEFAULT_NODES 5000
#define DEFAULT_RANDOM_PLIES 8
#define DEFAULT_MAX_PLIES 600
#define DEFAULT_HASH_MB 4

/* Set by SIGINT: a signal handler can only reach a static flag; the job polls it. */
static volatile sig_atomic_t interrupted;
static void on_sigint(int sig) {
    (void)sig;
    interrupted = 1;
}

typedef struct {
    const GameOps *game;
    const char *out_path, *games_path, *openings_path;
    uint64_t positions; /* 0: until stopped */
    uint64_t nodes, seed;
    int random_plies, max_plies, threads, hash_mb;
    bool keep_noisy;
    const char **opt_names, **opt_values;
    int n_opts;
    char **openings; /* position strings, when --openings */
    int n_openings;
} Config;

/* What the workers share: the output files and counters, behind one lock. */
typedef struct {
    const Config *cfg;
    pthread_mutex_t lock;
    FILE *out, *games_out;
    uint64_t written, games, dropped, wins, draws, losses;
    bool failed;
    char error[ERR_STR_MAX];
    atomic_bool stop;
    atomic_uint_fast64_t next_game;
    atomic_int running;
} Shared;

/* A position kept during the game, its result filled in at the end. */
typedef struct {
    DataRecord rec;
} Kept;

typedef struct {
    Shared *sh;
    Engine *e;
    pthread_t thread;
    Kept *kept;
    int n_kept, cap_kept;
    const char *fen; /* the game's first position (an opening), or NULL: the start */
    char (*moves)[MOVE_STR_MAX];
    const char **ptrs;
    int n_moves, cap_moves;
} Worker;

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void fail(Shared *sh, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void fail(Shared *sh, const char *fmt, ...) {
    pthread_mutex_lock(&sh->lock);
    if (!sh->failed) {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(sh->error, sizeof sh->error, fmt, ap);
        va_end(ap);
    }
    sh->failed = true;
    pthread_mutex_unlock(&sh->lock);
    atomic_store(&sh->stop, true);
}

/* ---- one search ---- */

/* Searches the game so far (its moves from fen give the search its repetition history):
 * the move to play and its score for the player deciding (the last line the search
 * reported, which leads with that move); *scored false when the node budget ended before
 * a first line (the move stands). */
static bool search_position(Engine *e, const char *fen, const char *const *moves, int n_moves, uint64_t nodes,
                            Move *best, Score *score, bool *scored, char *err) {
    SearchRequest rq = {.position = fen, .moves = moves, .n_moves = n_moves};
    search_limits_init(&rq.limits);
    rq.limits.nodes = nodes;
    SearchResult res;
    if (!engine_search(e, &rq, &res, err)) return false;
    if (res.best == MOVE_NONE) {
        snprintf(err, ERR_STR_MAX, "the search returned no move");
        return false;
    }
    *best = res.best, *score = res.score, *scored = res.depth > 0;
    return true;
}

/* ---- one game ---- */

static bool push_move(Worker *w, const char *text) {
    if (w->n_moves == w->cap_moves) {
        int cap = w->cap_moves ? 2 * w->cap_moves : 256;
        char(*m)[MOVE_STR_MAX] = realloc(w->moves, sizeof *m * (size_t)cap);
        if (!m) return false;
        w->moves = m;
        const char **p = realloc(w->ptrs, sizeof *p * (size_t)cap);
        if (!p) return false;
        w->ptrs = p, w->cap_moves = cap;
    }
    memcpy(w->moves[w->n_moves++], text, MOVE_STR_MAX);
    for (int k = 0; k < w->n_moves; k++) w->ptrs[k] = w->moves[k];
    return true;
}

static Kept *push_kept(Worker *w) {
    if (w->n_kept == w->cap_kept) {
        int cap = w->cap_kept ? 2 * w->cap_kept : 64;
        Kept *k = realloc(w->kept, sizeof *k * (size_t)cap);
        if (!k) return NULL;
        w->kept = k, w->cap_kept = cap;
    }
    return &w->kept[w->n_kept++];
}

/* Plays the move (text) through the engine's referee. */
static bool play(Worker *w, const char *fen, const char *text, char *err) {
    if (!push_move(w, text)) {
        snprintf(err, ERR_STR_MAX, "out of memory");
        return false;
    }
    return engine_set_position(w->e, fen, w->ptrs, w->n_moves, err);
}

typedef enum { GAME_DONE, GAME_DROPPED, GAME_STOPPED, GAME_FAILED } GameEnd;

/* Plays game number index: w->kept holds its kept positions, results filled in. */
static GameEnd play_game(Worker *w, uint64_t index, GameResult *result) {
    const Config *c = w->sh->cfg;
    const GameOps *g = engine_game(w->e);
    Prng rng = {c->seed + index};
    char err[ERR_STR_MAX];
    const char *fen = w->fen = c->n_openings ? c->openings[index % (uint64_t)c->n_openings] : NULL;
    w->n_kept = w->n_moves = 0;
    engine_new_game(w->e);
    if (!engine_set_position(w->e, fen, NULL, 0, err)) {
        fail(w->sh, "simia datagen: an opening was refused: %s", err);
        return GAME_FAILED;
    }
    for (int k = 0; k < c->random_plies; k++) {
        if (engine_game_over(w->e)) return GAME_DROPPED; /* ended in the opening */
        const GamePos *p = engine_position(w->e);
        uint64_t n = g->count_moves(p);
        char ms[MOVE_STR_MAX];
        g->print_move(p, g->nth_move(p, prng_below(&rng, (uint32_t)n)), ms);
        if (!play(w, fen, ms, err)) {
            fail(w->sh, "simia datagen: internal error, a random move was refused: %s", err);
            return GAME_FAILED;
        }
    }
    while (!engine_game_over(w->e)) {
        if (atomic_load_explicit(&w->sh->stop, memory_order_relaxed)) return GAME_STOPPED;
        if (w->n_moves >= c->max_plies) return GAME_DROPPED;
        Move best;
        Score score;
        bool scored;
        if (!search_position(w->e, fen, w->ptrs, w->n_moves, c->nodes, &best, &score, &scored, err)) {
            fail(w->sh, "simia datagen: %s", err);
            return GAME_FAILED;
        }
        const GamePos *p = engine_position(w->e);
        bool eligible = (c->keep_noisy || !g->is_noisy(p, best)) && !(g->in_check && g->in_check(p));
        bool decided = score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN;
        if (scored && eligible && !decided) {
            Kept *k = push_kept(w);
            if (!k || !data_record_fill(&k->rec, g, p, score, 0, err)) {
                fail(w->sh, "simia datagen: %s", k ? err : "out of memory");
                return GAME_FAILED;
            }
        }
        char ms[MOVE_STR_MAX];
        g->print_move(p, best, ms);
        if (!play(w, fen, ms, err)) {
            fail(w->sh, "simia datagen: internal error, the engine's move was refused: %s", err);
            return GAME_FAILED;
        }
    }
    *result = engine_result(w->e);
    for (int i = 0; i < w->n_kept; i++) {
        DataRecord *r = &w->kept[i].rec;
        int winner = *result == RESULT_P1_WIN ? 1 : *result == RESULT_P2_WIN ? 2 : 0;
        r->result = (int8_t)(winner == 0 ? 0 : winner == r->stm ? 1 : -1);
    }
    return GAME_DONE;
}

static const char *result_name(GameResult r) {
    return r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : "draw";
}

/* Writes a finished game's records (as many as --positions still wants), whole, and
 * flushes them, so that the file is valid whenever the job ends. */
static void submit(Worker *w, GameResult result) {
    Shared *sh = w->sh;
    const Config *c = sh->cfg;
    uint8_t buf[DATA_RECORD_MAX];
    pthread_mutex_lock(&sh->lock);
    if (sh->failed || (c->positions && sh->written >= c->positions)) {
        pthread_mutex_unlock(&sh->lock);
        return;
    }
    uint64_t n = (uint64_t)w->n_kept;
    if (c->positions && sh->written + n > c->positions) n = c->positions - sh->written;
    bool ok = true;
    for (uint64_t i = 0; i < n && ok; i++) {
        const DataRecord *r = &w->kept[i].rec;
        size_t len = data_record_encode(r, buf);
        ok = fwrite(buf, 1, len, sh->out) == len;
        sh->wins += r->result > 0, sh->draws += r->result == 0, sh->losses += r->result < 0;
    }
    ok = ok && !fflush(sh->out);
    if (ok && sh->games_out) {
        fprintf(sh->games_out, "result=%s kept=%" PRIu64 " position %s%s moves", result_name(result), n,
                w->fen ? "fen " : "startpos", w->fen ? w->fen : "");
        for (int i = 0; i < w->n_moves; i++) fprintf(sh->games_out, " %s", w->moves[i]);
        ok = fprintf(sh->games_out, "\n") > 0 && !fflush(sh->games_out);
    }
    if (!ok) {
        snprintf(sh->error, sizeof sh->error, "simia datagen: cannot write %.100s: %s", c->out_path, strerror(errno));
        sh->failed = true;
        atomic_store(&sh->stop, true);
    }
    sh->written += n;
    sh->games++;
    if (c->positions && sh->written >= c->positions) atomic_store(&sh->stop, true);
    pthread_mutex_unlock(&sh->lock);
}

static void *worker_main(void *arg) {
    Worker *w = arg;
    Shared *sh = w->sh;
    while (!atomic_load(&sh->stop)) {
        uint64_t index = atomic_fetch_add(&sh->next_game, 1);
        GameResult result = RESULT_NONE;
        GameEnd end = play_game(w, index, &result);
        if (end == GAME_DONE) submit(w, result);
        else if (end == GAME_DROPPED) {
            pthread_mutex_lock(&sh->lock);
            sh->dropped++;
            pthread_mutex_unlock(&sh->lock);
        } else break;
    }
    atomic_fetch_sub(&sh->running, 1);
    return NULL;
}

/* ---- the job ---- */

static void print_progress(Shared *sh, int64_t start_ms, bool final) {
    const Config *c = sh->cfg;
    pthread_mutex_lock(&sh->lock);
    uint64_t written = sh->written, games = sh->games, dropped = sh->dropped;
    pthread_mutex_unlock(&sh->lock);
    int64_t ms = now_ms() - start_ms;
    double rate = ms > 0 ? (double)written * 1000.0 / (double)ms : 0.0;
    char eta[64] = "";
    if (c->positions && !final) {
        if (rate > 0) {
            int64_t left = (int64_t)((double)(c->positions - (written < c->positions ? written : c->positions)) / rate);
            snprintf(eta, sizeof eta, ", ETA %" PRId64 ":%02" PRId64 ":%02" PRId64, left / 3600, left / 60 % 60,
                     left % 60);
        } else {
            snprintf(eta, sizeof eta, ", ETA unknown");
        }
    }
    fprintf(stderr, "datagen: %" PRIu64 " positions (%.0f/s), %" PRIu64 " games (%" PRIu64 " dropped), %" PRId64
                    ".%01" PRId64 " s%s%s\n",
            written, rate, games, dropped, ms / 1000, ms % 1000 / 100, eta, final ? ", done" : "");
}

static bool parse_u64(const char *flag, const char *s, uint64_t min, uint64_t max, uint64_t *out) {
    char *end;
    errno = 0;
    unsigned long long v = s && *s != '-' ? strtoull(s, &end, 10) : 0;
    if (!s || *s == '-' || end == s || *end || errno || v < min || v > max) {
        fprintf(stderr, "simia datagen: %s needs a number from %" PRIu64 " to %" PRIu64 ", not '%s'\n", flag, min,
                max, s ? s : "(nothing)");
        return false;
    }
    *out = v;
    return true;
}

/* The position strings of an opening suite: one a line; '#' comments and blank lines skipped. */
static bool load_openings(Config *c, Engine *e, char *err) {
    FILE *f = fopen(c->openings_path, "r");
    if (!f) {
        snprintf(err, ERR_STR_MAX, "cannot open %.120s: %s", c->openings_path, strerror(errno));
        return false;
    }
    char line[POS_STR_MAX + 2];
    int lineno = 0;
    bool ok = true;
    while (ok && fgets(line, sizeof line, f)) {
        lineno++;
        size_t n = strcspn(line, "\r\n");
        line[n] = 0;
        if (!line[0] || line[0] == '#') continue;
        char why[ERR_STR_MAX];
        if (!engine_set_position(e, line, NULL, 0, why)) {
            snprintf(err, ERR_STR_MAX, "%.100s line %d: %.120s", c->openings_path, lineno, why);
            ok = false;
            break;
        }
        char **grown = realloc(c->openings, sizeof *grown * (size_t)(c->n_openings + 1));
        char *copy = strdup(line);
        if (grown) c->openings = grown;
        if (!grown || !copy) {
            free(copy);
            snprintf(err, ERR_STR_MAX, "out of memory");
            ok = false;
            break;
        }
        c->openings[c->n_openings++] = copy;
    }
    fclose(f);
    if (ok && !c->n_openings) {
        snprintf(err, ERR_STR_MAX, "%.120s holds no position", c->openings_path);
        ok = false;
    }
    return ok;
}

/* A worker's engine: one search thread, its own table, the job's options. */
static Engine *worker_engine(const Config *c, char *err) {
    Engine *e = engine_create(c->game);
    if (!e) {
        snprintf(err, ERR_STR_MAX, "out of memory");
        return NULL;
    }
    char hash[32];
    snprintf(hash, sizeof hash, "%d", c->hash_mb);
    char why[ERR_STR_MAX];
    bool ok = engine_set_option(e, "Threads", "1", why) && engine_set_option(e, "Hash", hash, why);
    for (int i = 0; ok && i < c->n_opts; i++) ok = engine_set_option(e, c->opt_names[i], c->opt_values[i], why);
    if (!ok) {
        snprintf(err, ERR_STR_MAX, "%.200s", why);
        engine_destroy(e);
        return NULL;
    }
    return e;
}

static int run_job(Config *c) {
    DataHeader h;
    data_header_of(c->game, &h);
    char err[ERR_STR_MAX];
    Shared sh;
    memset(&sh, 0, sizeof sh);
    sh.cfg = c;
    pthread_mutex_init(&sh.lock, NULL);
    atomic_init(&sh.stop, false);
    atomic_init(&sh.next_game, 0);
    atomic_init(&sh.running, 0);
    Worker *w = calloc((size_t)c->threads, sizeof *w);
    int rc = 0, made = 0;
    if (!w) {
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    for (; made < c->threads; made++) {
        w[made].sh = &sh;
        if (!(w[made].e = worker_engine(c, err))) {
            fprintf(stderr, "simia datagen: %s\n", err);
            rc = 2;
            break;
        }
    }
    uint64_t existing = 0;
    if (!rc && !(sh.out = data_open_append(c->out_path, &h, &existing, err))) {
        fprintf(stderr, "simia datagen: %s\n", err);
        rc = 2;
    }
    if (!rc && c->games_path && !(sh.games_out = fopen(c->games_path, "a"))) {
        fprintf(stderr, "simia datagen: cannot open %s: %s\n", c->games_path, strerror(errno));
        rc = 2;
    }
    if (!rc) {
        fprintf(stderr,
                "datagen: %s, %" PRIu64 " nodes a move, %d random plies,%s %d thread%s, seed %" PRIu64
                ", %s %s (%" PRIu64 " positions there)\n",
                c->game->name, c->nodes, c->random_plies, c->keep_noisy ? " noisy kept," : "", c->threads,
                c->threads == 1 ? "" : "s", c->seed, existing ? "appending to" : "writing", c->out_path, existing);
        struct sigaction sa, old;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_sigint;
        sa.sa_flags = SA_RESETHAND; /* a second Ctrl-C kills at once */
        sigemptyset(&sa.sa_mask);
        interrupted = 0;
        sigaction(SIGINT, &sa, &old);
        int64_t start = now_ms(), last = start;
        int started = 0;
        for (; started < c->threads; started++) {
            atomic_fetch_add(&sh.running, 1);
            if (pthread_create(&w[started].thread, NULL, worker_main, &w[started])) {
                atomic_fetch_sub(&sh.running, 1);
                fail(&sh, "simia datagen: cannot start thread %d", started + 1);
                break;
            }
        }
        while (atomic_load(&sh.running) > 0) {
            struct timespec nap = {0, 20 * 1000 * 1000};
            nanosleep(&nap, NULL);
            if (interrupted) atomic_store(&sh.stop, true);
            if (now_ms() - last >= PROGRESS_MS) {
                print_progress(&sh, start, false);
                last = now_ms();
            }
        }
        for (int i = 0; i < started; i++) pthread_join(w[i].thread, NULL);
        sigaction(SIGINT, &old, NULL);
        print_progress(&sh, start, true);
        if (sh.failed) {
            fprintf(stderr, "%s\n", sh.error);
            rc = 1;
        } else {
            fprintf(stderr, "datagen: %s holds %" PRIu64 " positions; this run: win %" PRIu64 ", draw %" PRIu64
                            ", loss %" PRIu64 " for the player deciding%s\n",
                    c->out_path, existing + sh.written, sh.wins, sh.draws, sh.losses,
                    interrupted ? " (interrupted)" : "");
        }
    }
    if (sh.out && fclose(sh.out) && !rc) {
        fprintf(stderr, "simia datagen: cannot write %s: %s\n", c->out_path, strerror(errno));
        rc = 1;
    }
    if (sh.games_out && fclose(sh.games_out) && !rc) rc = 1;
    for (int i = 0; i < made; i++) {
        engine_destroy(w[i].e);
        free(w[i].kept);
        free(w[i].moves);
        free(w[i].ptrs);
    }
    free(w);
    pthread_mutex_destroy(&sh.lock);
    return rc;
}

/* ---- --check and --merge ---- */

static int check_file(const char *path, const DataHeader *expect) {
    char err[ERR_STR_MAX];
    DataReader *r = data_reader_open(path, expect, err);
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
    uint64_t n = 0, res[3] = {0}, stm[2] = {0}, feats = 0, max_active = 0;
    int64_t sum = 0, sum_abs = 0;
    int lo = 0, hi = 0;
    int got;
    while ((got = data_reader_next(r, rec, NULL, NULL, err)) == 1) {
        n++;
        res[rec->result + 1]++;
        stm[rec->stm - 1]++;
        sum += rec->score, sum_abs += rec->score < 0 ? -rec->score : rec->score;
        if (n == 1 || rec->score < lo) lo = rec->score;
        if (n == 1 || rec->score > hi) hi = rec->score;
        feats += (uint64_t)rec->n_us + rec->n_them;
        if (rec->n_us > max_active) max_active = rec->n_us;
        if (rec->n_them > max_active) max_active = rec->n_them;
    }
    free(rec);
    const DataHeader *h = data_reader_header(r);
    if (got < 0) {
        fprintf(stderr, "simia datagen: %s\n", err);
        data_reader_close(r);
        return 2;
    }
    double dn = n ? (double)n : 1.0;
    printf("file: %s\n", path);
    printf("game: %s, feature set %s, %" PRIu32 " features\n", h->game, h->feature_set, h->n_features);
    printf("positions: %" PRIu64 " (games are not recorded in the format)\n", n);
    printf("results for the player deciding: win %" PRIu64 ", draw %" PRIu64 ", loss %" PRIu64 "\n", res[2], res[1],
           res[0]);
    printf("player deciding: p1 %" PRIu64 ", p2 %" PRIu64 "\n", stm[0], stm[1]);
    printf("score: mean %+.1f, mean |score| %.1f, min %d, max %d\n", (double)sum / dn, (double)sum_abs / dn, lo, hi);
    printf("active features a position: mean %.1f, max a side %" PRIu64 "\n", (double)feats / dn, max_active);
    printf("valid: %" PRIu64 " bytes checked\n", data_reader_offset(r));
    data_reader_close(r);
    return ferror(stdout) ? 1 : 0;
}

static bool same_file(const char *a, const char *b) {
    struct stat sa, sb;
    return !stat(a, &sa) && !stat(b, &sb) && sa.st_dev == sb.st_dev && sa.st_ino == sb.st_ino;
}

/* A record of an older feature set made again from its position string with the game's
 * features now: false with err when the string does not parse or names another player. */
static bool refeature(Engine *e, DataRecord *rec, char *err) {
    char why[ERR_STR_MAX];
    if (!engine_set_position(e, rec->pos, NULL, 0, why)) {
        snprintf(err, ERR_STR_MAX, "position '%.80s' does not parse: %.120s", rec->pos, why);
        return false;
    }
    const GameOps *g = engine_game(e);
    const GamePos *pos = engine_position(e);
    if (g->player_to_move(pos) + 1 != rec->stm) {
        snprintf(err, ERR_STR_MAX, "position '%.80s' has player %d deciding, the record says %d", rec->pos,
                 g->player_to_move(pos) + 1, rec->stm);
        return false;
    }
    return data_record_fill(rec, g, pos, rec->score, rec->result, err);
}

/* --merge appends the inputs' records as stored; --refeature (e non-NULL) appends them with
 * their features made again by the game's features now, from inputs of that game in any
 * feature set. Every input is checked whole first, so that a bad one appends nothing. */
static int merge_files(Engine *e, bool mirror, const char *out_path, char **in, int n_in) {
    char err[ERR_STR_MAX];
    DataHeader h;
    bool have = false;
    if (e) data_header_of(engine_game(e), &h), have = true;
    DataRecord *rec = e ? malloc(sizeof *rec) : NULL;
    uint8_t *buf = e ? malloc(DATA_RECORD_MAX) : NULL;
    if (e && (!rec || !buf)) {
        free(rec), free(buf);
        fprintf(stderr, "simia datagen: out of memory\n");
        return 1;
    }
    int rc = 0;
    for (int pass = 0; pass < 2 && !rc; pass++) {
        FILE *out = NULL;
        uint64_t existing = 0, added = 0;
        if (pass == 1 && !(out = data_open_append(out_path, &h, &existing, err))) {
            fprintf(stderr, "simia datagen: %s\n", err);
            rc = 2;
            break;
        }
        for (int i = 0; i < n_in && !rc; i++) {
            if (same_file(in[i], out_path)) {
                fprintf(stderr, "simia datagen: %s is the output file too\n", in[i]);
                rc = 2;
                break;
            }
            DataReader *r = data_reader_open(in[i], e || !have ? NULL : &h, err);
            if (!r) {
                fprintf(stderr, "simia datagen: %s\n", err);
                rc = 2;
                break;
            }
            if (e && strcmp(data_reader_header(r)->game, h.game)) {
                fprintf(stderr, "simia datagen: %s: data of game '%s', not of '%s'\n", in[i],
                        data_reader_header(r)->game, h.game);
                data_reader_close(r);
                rc = 2;
                break;
            }
            if (!have) h = *data_reader_header(r), have = true;
            const uint8_t *raw;
            size_t len;
            int got;
            while ((got = data_reader_next(r, rec, &raw, &len, err)) == 1) {
                if (e) {
                    uint64_t at = data_reader_offset(r) - len;
                    char why[ERR_STR_MAX];
                    if (!refeature(e, rec, why)) {
                        snprintf(err, ERR_STR_MAX, "%.60s: byte %" PRIu64 ": %.160s", in[i], at, why);
                        got = -1;
                        break;
                    }
                    len = data_record_encode(rec, buf), raw = buf;
                }
                /* The record, then with --mirror its twin under the game's symmetry (where
                 * the position has one). */
                for (int twin = 0; twin <= (int)mirror && got == 1; twin++) {
                    if (twin) {
                        const GameOps *g = engine_game(e);
                        GamePos p = *engine_position(e);
                        if (!g->mirror(&p)) break;
                        if (!data_record_fill(rec, g, &p, rec->score, rec->result, err)) {
                            got = -1;
                            break;
                        }
                        len = data_record_encode(rec, buf), raw = buf;
                    }
                    if (out && fwrite(raw, 1, len, out) != len) {
                        snprintf(err, ERR_STR_MAX, "cannot write %.120s: %s", out_path, strerror(errno));
                        got = -1;
                        break;
                    }
                    added++;
                }
                if (got < 0) break;
            }
            data_reader_close(r);
            if (got < 0) {
                fprintf(stderr, "simia datagen: %s\n", err);
                rc = pass ? 1 : 2;
            }
        }
        if (out) {
            if (fclose(out) && !rc) {
                fprintf(stderr, "simia datagen: cannot write %s: %s\n", out_path, strerror(errno));
                rc = 1;
            } else if (!rc) {
                printf("%s %" PRIu64 " positions from %d file%s into %s (%" PRIu64 " positions now)\n",
                       e ? "refeatured" : "merged", added, n_in, n_in == 1 ? "" : "s", out_path, existing + added);
            }
        }
    }
    free(rec), free(buf);
    return rc;
}

/* ---- arguments ---- */

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "simia datagen: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, "\n%s", DATAGEN_USAGE);
    va_end(ap);
    return 2;
}

int datagen_run(Engine *e, bool game_named, int argc, char **argv) {
    Config c;
    memset(&c, 0, sizeof c);
    c.game = engine_game(e);
    c.nodes = DEFAULT_NODES, c.max_plies = DEFAULT_MAX_PLIES, c.threads = 1, c.hash_mb = DEFAULT_HASH_MB;
    c.random_plies = -1;
    bool seeded = false;
    const char *check = NULL, *merge = NULL;
    bool refeat = false, mirror = false;
    int merge_at = argc;
    const char *names[64], *values[64];
    char name_buf[64][128];
    c.opt_names = names, c.opt_values = values;
    uint64_t v;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = strcmp(a, "--check") && strcmp(a, "--merge") && strcmp(a, "--refeature") &&
                     strcmp(a, "--keep-noisy") && strcmp(a, "--mirror") && !strncmp(a, "--", 2);
        if (takes && !next) return usage_error("%s needs a value", a);
        if (!strcmp(a, "--check") && next) {
            check = next, i++;
        } else if ((!strcmp(a, "--merge") || !strcmp(a, "--refeature")) && next) {
            merge = next, merge_at = i + 2, refeat = !strcmp(a, "--refeature");
            break;
        } else if (!strcmp(a, "--keep-noisy")) {
            c.keep_noisy = true;
        } else if (!strcmp(a, "--mirror")) {
            mirror = true;
        } else if (!strcmp(a, "--out")) {
            c.out_path = next, i++;
        } else if (!strcmp(a, "--games")) {
            c.games_path = next, i++;
        } else if (!strcmp(a, "--openings")) {
            c.openings_path = next, i++;
        } else if (!strcmp(a, "--positions")) {
            if (!parse_u64(a, next, 1, UINT64_MAX / 2, &c.positions)) return 2;
            i++;
        } else if (!strcmp(a, "--nodes")) {
            if (!parse_u64(a, next, 1, UINT64_MAX / 2, &c.nodes)) return 2;
            i++;
        } else if (!strcmp(a, "--random-plies")) {
            if (!parse_u64(a, next, 0, 1000, &v)) return 2;
            c.random_plies = (int)v, i++;
        } else if (!strcmp(a, "--max-plies")) {
            if (!parse_u64(a, next, 1, 1000000, &v)) return 2;
            c.max_plies = (int)v, i++;
        } else if (!strcmp(a, "--threads")) {
            if (!parse_u64(a, next, 1, 1024, &v)) return 2;
            c.threads = (int)v, i++;
        } else if (!strcmp(a, "--hash")) {
            if (!parse_u64(a, next, 1, 65536, &v)) return 2;
            c.hash_mb = (int)v, i++;
        } else if (!strcmp(a, "--seed")) {
            if (!parse_u64(a, next, 0, UINT64_MAX, &c.seed)) return 2;
            seeded = true, i++;
        } else if (!strcmp(a, "--option")) {
            const char *eq = strchr(next, '=');
            if (!eq || eq == next || (size_t)(eq - next) >= sizeof name_buf[0])
                return usage_error("--option needs NAME=VALUE, not '%s'", next);
            if (c.n_opts == 64) return usage_error("%s", "too many --option");
            memcpy(name_buf[c.n_opts], next, (size_t)(eq - next));
            name_buf[c.n_opts][eq - next] = 0;
            names[c.n_opts] = name_buf[c.n_opts], values[c.n_opts] = eq + 1, c.n_opts++;
            i++;
        } else {
            return usage_error("unknown or incomplete argument '%s'", a);
        }
    }
    if (check) {
        DataHeader h;
        data_header_of(c.game, &h);
        return check_file(check, game_named ? &h : NULL);
    }
    if (!merge && !c.out_path)
        return usage_error("%s", "--out FILE is needed (or --check FILE, --merge OUT IN..., --refeature OUT IN...)");
    char err[ERR_STR_MAX];
    /* Options are checked once here, so that a bad one is refused before any work; they
     * also say how --refeature reads the positions (a Zoo board's size). */
    for (int i = 0; i < c.n_opts; i++)
        if (!engine_set_option(e, names[i], values[i], err)) return usage_error("%s", err);
    if (mirror && !refeat) return usage_error("%s", "--mirror goes with --refeature");
    if (mirror && !c.game->caps.mirror) return usage_error("%s has no board symmetry for --mirror", c.game->name);
    if (merge) {
        if (merge_at >= argc) return usage_error("%s needs an output file and at least one input", argv[merge_at - 2]);
        return merge_files(refeat ? e : NULL, mirror, merge, argv + merge_at, argc - merge_at);
    }
    if (c.openings_path && !load_openings(&c, e, err)) {
        fprintf(stderr, "simia datagen: %s\n", err);
        for (int i = 0; i < c.n_openings; i++) free(c.openings[i]);
        free(c.openings);
        return 2;
    }
    if (c.random_plies < 0) c.random_plies = c.openings_path ? 0 : DEFAULT_RANDOM_PLIES;
    if (!seeded) {
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        c.seed = ((uint64_t)ts.tv_sec * 1000000007u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    }
    int rc = run_job(&c);
    for (int i = 0; i < c.n_openings; i++) free(c.openings[i]);
    free(c.openings);
    return rc;
}
