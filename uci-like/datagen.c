/* datagen.c — the `simia datagen` job: self-play games at a fixed node count per move on
 * worker threads, adjudicated once decided, the positions they keep written to a training-data
 * file; and the command line of the file jobs (datatools.c). */
#include "datagen.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "adjudicate.h"
#include "datatools.h"
#include "engine/nnue/data.h"
#include "engine/prng.h"

const char DATAGEN_USAGE[] =
    "  simia datagen --out FILE [--positions N] [--nodes N] [--random-plies K]\n"
    "                [--threads T] [--seed S] [--hash MB] [--max-plies N]\n"
    "                [--openings FILE] [--games FILE] [--keep quiet|noisy|all]\n"
    "                [--adjudicate-win SCORE:PLIES|off] [--adjudicate-draw SCORE:PLIES:AFTER|off]\n"
    "                [--option NAME=VALUE]...\n"
    "      Plays games against itself, each move searched at --nodes (default 5000), after K\n"
    "      random legal plies (default 8; from a line of --openings FILE when given, K\n"
    "      default 0), and appends the positions it keeps (below) to FILE: the position, the\n"
    "      search's score, the static evaluation and the game's result, for the player\n"
    "      deciding, and flags (engine/nnue/DATA.md). Stops after --positions (default: at\n"
    "      Ctrl-C, which leaves a whole file). Game i uses seed S+i (default S: from the clock,\n"
    "      printed); one thread gives the same file for a seed. --max-plies (default 600)\n"
    "      drops longer games; --games logs each game's moves and scores; each thread has\n"
    "      its own engine with a hash of --hash MB (default 4). A position is kept when its\n"
    "      search scored it short of a won or lost score, and --keep takes it: quiet (its best\n"
    "      move quiet, the player deciding not in check), noisy (default; any best move, not\n"
    "      in check; --keep-noisy says the same) or all. A game is adjudicated a win once the\n"
    "      searches of PLIES plies in a row give one player SCORE or more (default 1500:4;\n"
    "      a forced win seen by both players: 2 plies), and in a game that can draw, a draw\n"
    "      once those of PLIES plies in a row from ply AFTER on are within +-SCORE (default\n"
    "      10:8:40); off plays it out. A move that wins on the spot is played unsearched.\n"
    "  simia datagen --check FILE\n"
    "      Checks a data or features file (of the game --game names, when given) and prints\n"
    "      its counts.\n"
    "  simia datagen --merge OUT IN...\n"
    "      Appends the records of the data files IN to OUT, after checking them all.\n"
    "  simia datagen [--option NAME=VALUE]... [--mirror] --refeature OUT IN...\n"
    "      The same for data of the game in an older format or feature set: each record is\n"
    "      made again from its position string, read under the options given before it\n"
    "      (e.g. a Zoo board's ZooWidth, ZooHeight). --mirror also appends each record's twin\n"
    "      under the game's board symmetry (the board mirrored left to right; a position\n"
    "      without a twin, as a Zoo position with an elephant that has never moved, gets\n"
    "      none), the same labels.\n"
    "  simia datagen [--option NAME=VALUE]... [--mirror] [--keep quiet|noisy|all]\n"
    "                [--noisy-gap N] --features OUT IN...\n"
    "      Writes the new features file OUT for the trainer: the records of the data files IN\n"
    "      that --keep takes (default all), each with its features as the game makes them\n"
    "      now; --noisy-gap N also drops those whose best move is noisy and whose score and\n"
    "      static evaluation differ by more than N; --mirror adds each one's twin.\n";

#define PROGRESS_MS 1000
#define DEFAULT_NODES 5000
#define DEFAULT_RANDOM_PLIES 8
#define DEFAULT_MAX_PLIES 600
#define DEFAULT_HASH_MB 4
#define DEFAULT_KEEP DATA_KEEP_NOISY
#define UNSCORED INT_MIN         /* a ply whose search gave no score, in the games log */
#define WON_AT_ONCE (INT_MIN + 1) /* a winning move played without a search */

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
    DataKeep keep;
    Adjudication adjudication;
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
    uint64_t written, games, dropped, adjudicated, wins, draws, losses;
    /* What the searches went to: a game dropped at the ply limit costs all of its searches
     * and gives nothing; a game that ended in its random opening cost none. */
    uint64_t opening_ended, searches, dropped_searches;
    bool failed;
    char error[ERR_STR_MAX];
    atomic_bool stop;
    atomic_uint_fast64_t next_game;
    atomic_int running;
} Shared;

typedef struct {
    Shared *sh;
    Engine *e;
    pthread_t thread;
    DataRecord *kept; /* the game's kept positions, their result filled in at its end */
    int n_kept, cap_kept;
    const char *fen; /* the game's first position (an opening), or NULL: the start */
    char (*moves)[MOVE_STR_MAX];
    const char **ptrs;
    int *scores; /* each ply's score for player 1 (UNSCORED, WON_AT_ONCE), for the games log */
    int n_moves, cap_moves, n_scores;
    uint64_t searches;      /* the game's searches so far */
    GameResult adjudicated; /* RESULT_NONE: played out */
    uint64_t index;         /* the game's number */
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

/* Room for one more move (and its score). */
static bool grow_moves(Worker *w) {
    if (w->n_moves < w->cap_moves) return true;
    int cap = w->cap_moves ? 2 * w->cap_moves : 256;
    char(*m)[MOVE_STR_MAX] = realloc(w->moves, sizeof *m * (size_t)cap);
    if (!m) return false;
    w->moves = m;
    const char **p = realloc(w->ptrs, sizeof *p * (size_t)cap);
    if (!p) return false;
    w->ptrs = p;
    int *s = realloc(w->scores, sizeof *s * (size_t)cap);
    if (!s) return false;
    w->scores = s, w->cap_moves = cap;
    return true;
}

static DataRecord *push_kept(Worker *w) {
    if (w->n_kept == w->cap_kept) {
        int cap = w->cap_kept ? 2 * w->cap_kept : 64;
        DataRecord *k = realloc(w->kept, sizeof *k * (size_t)cap);
        if (!k) return NULL;
        w->kept = k, w->cap_kept = cap;
    }
    return &w->kept[w->n_kept++];
}

/* Plays the move (text) through the engine's referee. */
static bool play(Worker *w, const char *fen, const char *text, char *err) {
    if (!grow_moves(w)) {
        snprintf(err, ERR_STR_MAX, "out of memory");
        return false;
    }
    memcpy(w->moves[w->n_moves++], text, MOVE_STR_MAX);
    for (int k = 0; k < w->n_moves; k++) w->ptrs[k] = w->moves[k];
    return engine_set_position(w->e, fen, w->ptrs, w->n_moves, err);
}

typedef enum { GAME_DONE, GAME_DROPPED, GAME_OPENING_ENDED, GAME_STOPPED, GAME_FAILED } GameEnd;

/* What a searched position is, as its record's flags say it. */
static unsigned flags_of(const GameOps *g, const GamePos *p, Move best) {
    return (g->is_noisy(p, best) ? DATA_NOISY : 0u) | (g->caps.in_check && g->in_check(p) ? DATA_IN_CHECK : 0u);
}

/* Plays game number index until its rules or the adjudication end it: w->kept holds its
 * kept positions, their results filled in. */
static GameEnd play_game(Worker *w, uint64_t index, GameResult *result) {
    const Config *c = w->sh->cfg;
    const GameOps *g = engine_game(w->e);
    Prng rng = {c->seed + index};
    char err[ERR_STR_MAX];
    const char *fen = w->fen = c->n_openings ? c->openings[index % (uint64_t)c->n_openings] : NULL;
    w->n_kept = w->n_moves = w->n_scores = 0;
    w->searches = 0;
    w->adjudicated = RESULT_NONE;
    w->index = index;
    AdjudicationState adj = {0};
    engine_new_game(w->e);
    if (!engine_set_position(w->e, fen, NULL, 0, err)) {
        fail(w->sh, "simia datagen: an opening was refused: %s", err);
        return GAME_FAILED;
    }
    for (int k = 0; k < c->random_plies; k++) {
        if (engine_game_over(w->e)) return GAME_OPENING_ENDED;
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
        /* A move that wins on the spot ends the game by its rules: a search would only find
         * it, with a won score, whose position is never kept. */
        const GamePos *p = engine_position(w->e);
        Move win = g->caps.winning_move ? g->winning_move(p) : MOVE_NONE;
        if (win != MOVE_NONE) {
            char ms[MOVE_STR_MAX];
            g->print_move(p, win, ms);
            if (!play(w, fen, ms, err)) {
                fail(w->sh, "simia datagen: internal error, a winning move was refused: %s", err);
                return GAME_FAILED;
            }
            w->scores[w->n_scores++] = WON_AT_ONCE;
            continue;
        }
        Move best;
        Score score;
        bool scored;
        if (!search_position(w->e, fen, w->ptrs, w->n_moves, c->nodes, &best, &score, &scored, err)) {
            fail(w->sh, "simia datagen: %s", err);
            return GAME_FAILED;
        }
        w->searches++;
        p = engine_position(w->e);
        unsigned flags = flags_of(g, p, best) | (w->n_kept ? 0u : DATA_GAME_START);
        bool decided = score >= SCORE_WIN_MIN || score <= -SCORE_WIN_MIN;
        if (scored && !decided && data_keeps(c->keep, flags)) {
            DataRecord *k = push_kept(w);
            if (!k) {
                fail(w->sh, "simia datagen: out of memory");
                return GAME_FAILED;
            }
            data_record_fill(k, g, p, score, engine_static_eval(w->e), 0, flags);
        }
        int player = g->player_to_move(p);
        if (!grow_moves(w)) {
            fail(w->sh, "simia datagen: out of memory");
            return GAME_FAILED;
        }
        w->scores[w->n_scores++] = !scored ? UNSCORED : player == PLAYER_1 ? (int)score : -(int)score;
        w->adjudicated = adjudication_step(&c->adjudication, &adj, g->caps.draws, w->n_moves, player, score, scored);
        if (w->adjudicated != RESULT_NONE) break;
        char ms[MOVE_STR_MAX];
        g->print_move(p, best, ms);
        if (!play(w, fen, ms, err)) {
            fail(w->sh, "simia datagen: internal error, the engine's move was refused: %s", err);
            return GAME_FAILED;
        }
    }
    *result = w->adjudicated != RESULT_NONE ? w->adjudicated : engine_result(w->e);
    int winner = *result == RESULT_P1_WIN ? 1 : *result == RESULT_P2_WIN ? 2 : 0;
    for (int i = 0; i < w->n_kept; i++) {
        DataRecord *r = &w->kept[i];
        r->result = (int8_t)(winner == 0 ? 0 : winner == r->stm ? 1 : -1);
        if (w->adjudicated != RESULT_NONE) r->flags |= DATA_ADJUDICATED;
    }
    return GAME_DONE;
}

static const char *result_name(GameResult r) {
    return r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : "draw";
}

/* The game's line in the --games log. */
static bool log_game(Worker *w, FILE *f, GameResult result, uint64_t kept) {
    const char *how = w->adjudicated == RESULT_NONE ? "no" : w->adjudicated == RESULT_DRAW ? "draw" : "win";
    fprintf(f, "result=%s kept=%" PRIu64 " adjudicated=%s game=%" PRIu64 " position %s%s moves", result_name(result),
            kept, how, w->index, w->fen ? "fen " : "startpos", w->fen ? w->fen : "");
    for (int i = 0; i < w->n_moves; i++) fprintf(f, " %s", w->moves[i]);
    fprintf(f, " scores");
    for (int i = 0; i < w->n_scores; i++) {
        if (w->scores[i] == UNSCORED) fprintf(f, " -");
        else if (w->scores[i] == WON_AT_ONCE) fprintf(f, " *");
        else fprintf(f, " %d", w->scores[i]);
    }
    return fprintf(f, "\n") > 0 && !fflush(f);
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
        const DataRecord *r = &w->kept[i];
        size_t len = data_record_encode(r, buf);
        ok = fwrite(buf, 1, len, sh->out) == len;
        sh->wins += r->result > 0, sh->draws += r->result == 0, sh->losses += r->result < 0;
    }
    ok = ok && !fflush(sh->out);
    if (ok && sh->games_out) ok = log_game(w, sh->games_out, result, n);
    if (!ok) {
        snprintf(sh->error, sizeof sh->error, "simia datagen: cannot write %.100s: %s", c->out_path, strerror(errno));
        sh->failed = true;
        atomic_store(&sh->stop, true);
    }
    sh->written += n;
    sh->games++;
    sh->searches += w->searches;
    sh->adjudicated += w->adjudicated != RESULT_NONE;
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
        else if (end == GAME_DROPPED || end == GAME_OPENING_ENDED) {
            pthread_mutex_lock(&sh->lock);
            if (end == GAME_DROPPED) sh->dropped++, sh->searches += w->searches, sh->dropped_searches += w->searches;
            else sh->opening_ended++;
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
    uint64_t written = sh->written, games = sh->games, dropped = sh->dropped, adjudicated = sh->adjudicated;
    uint64_t opening_ended = sh->opening_ended, searches = sh->searches, dropped_searches = sh->dropped_searches;
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
    fprintf(stderr, "datagen: %" PRIu64 " positions (%.0f/s), %" PRIu64 " games (%" PRIu64 " adjudicated, %" PRIu64
                    " dropped), %" PRId64 ".%01" PRId64 " s%s%s\n",
            written, rate, games, adjudicated, dropped, ms / 1000, ms % 1000 / 100, eta, final ? ", done" : "");
    if (final)
        fprintf(stderr,
                "datagen: %" PRIu64 " searches, %" PRIu64 " (%.1f%%) in the %" PRIu64
                " games dropped at the ply limit; %" PRIu64 " games ended in their random opening (no search)\n",
                searches, dropped_searches, searches ? 100.0 * (double)dropped_searches / (double)searches : 0.0,
                dropped, opening_ended);
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
        char adj[192];
        adjudication_describe(&c->adjudication, c->game->caps.draws, adj, sizeof adj);
        fprintf(stderr,
                "datagen: %s, %" PRIu64 " nodes a move, %d random plies, %s kept, %s, %d thread%s, seed %" PRIu64
                ", %s %s (%" PRIu64 " positions there)\n",
                c->game->name, c->nodes, c->random_plies, data_keep_name(c->keep), adj, c->threads,
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
                            ", loss %" PRIu64 " for the player deciding, %" PRIu64 " of %" PRIu64
                            " games adjudicated%s\n",
                    c->out_path, existing + sh.written, sh.wins, sh.draws, sh.losses, sh.adjudicated, sh.games,
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
        free(w[i].scores);
    }
    free(w);
    pthread_mutex_destroy(&sh.lock);
    return rc;
}

/* ---- arguments ---- */

static int usage_error(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static int usage_error(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "simia datagen: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (simia --help shows the usage)\n");
    va_end(ap);
    return 2;
}

/* The flags that take no value. */
static bool is_switch(const char *a) {
    static const char *const SWITCHES[] = {"--check", "--merge", "--refeature", "--features", "--keep-noisy", "--mirror"};
    for (size_t i = 0; i < sizeof SWITCHES / sizeof SWITCHES[0]; i++)
        if (!strcmp(a, SWITCHES[i])) return true;
    return false;
}

int datagen_run(Engine *e, bool game_named, int argc, char **argv) {
    Config c;
    memset(&c, 0, sizeof c);
    c.game = engine_game(e);
    c.nodes = DEFAULT_NODES, c.max_plies = DEFAULT_MAX_PLIES, c.threads = 1, c.hash_mb = DEFAULT_HASH_MB;
    c.random_plies = -1;
    adjudication_defaults(&c.adjudication);
    bool seeded = false, keep_given = false, gap_given = false, adjudication_given = false;
    const char *check = NULL, *tool = NULL, *tool_out = NULL;
    FeatureJob fj = {.keep = DATA_KEEP_ALL, .noisy_gap = -1, .mirror = false};
    DataKeep keep = DEFAULT_KEEP;
    int tool_at = argc;
    const char *names[64], *values[64];
    char name_buf[64][128], err[ERR_STR_MAX];
    c.opt_names = names, c.opt_values = values;
    uint64_t v;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        bool takes = !is_switch(a) && !strncmp(a, "--", 2);
        if (takes && !next) return usage_error("%s needs a value", a);
        if (!strcmp(a, "--check") && next) {
            check = next, i++;
        } else if ((!strcmp(a, "--merge") || !strcmp(a, "--refeature") || !strcmp(a, "--features")) && next) {
            tool = a, tool_out = next, tool_at = i + 2;
            break;
        } else if (!strcmp(a, "--keep-noisy")) {
            keep = DATA_KEEP_NOISY, keep_given = true;
        } else if (!strcmp(a, "--keep")) {
            if (!data_keep_parse(next, &keep)) return usage_error("--keep needs quiet, noisy or all, not '%s'", next);
            keep_given = true, i++;
        } else if (!strcmp(a, "--mirror")) {
            fj.mirror = true;
        } else if (!strcmp(a, "--noisy-gap")) {
            if (!parse_u64(a, next, 0, 2 * DATA_SCORE_MAX, &v)) return 2;
            fj.noisy_gap = (int)v, gap_given = true, i++;
        } else if (!strcmp(a, "--adjudicate-win") || !strcmp(a, "--adjudicate-draw")) {
            bool ok = a[13] == 'w' ? adjudication_parse_win(&c.adjudication, next, err)
                                   : adjudication_parse_draw(&c.adjudication, next, err);
            if (!ok) return usage_error("%s", err);
            adjudication_given = true, i++;
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
    if (check) return datatools_check(check, game_named ? c.game->name : NULL);
    if (!tool && !c.out_path)
        return usage_error("%s", "--out FILE is needed (or --check FILE, --merge OUT IN..., --refeature OUT IN..., "
                                 "--features OUT IN...)");
    bool features = tool && !strcmp(tool, "--features"), refeat = tool && !strcmp(tool, "--refeature");
    /* Options are checked once here, so that a bad one is refused before any work; they
     * also say how --refeature and --features read the positions (a Zoo board's size). */
    for (int i = 0; i < c.n_opts; i++)
        if (!engine_set_option(e, names[i], values[i], err)) return usage_error("%s", err);
    if (fj.mirror && !refeat && !features) return usage_error("%s", "--mirror goes with --refeature or --features");
    if (fj.mirror && !c.game->caps.mirror) return usage_error("%s has no board symmetry for --mirror", c.game->name);
    if (gap_given && !features) return usage_error("%s", "--noisy-gap goes with --features");
    if (keep_given && tool && !features) return usage_error("%s", "--keep goes with --out or --features");
    if (adjudication_given && tool) return usage_error("%s", "--adjudicate-win and --adjudicate-draw go with --out");
    if (tool) {
        if (tool_at >= argc) return usage_error("%s needs an output file and at least one input", tool);
        if (features) {
            if (keep_given) fj.keep = keep;
            if (!c.game->features || c.game->nnue_features <= 0)
                return usage_error("%s offers no features for --features", c.game->name);
            return datatools_features(e, &fj, tool_out, argv + tool_at, argc - tool_at);
        }
        if (refeat) return datatools_refeature(e, fj.mirror, tool_out, argv + tool_at, argc - tool_at);
        return datatools_merge(tool_out, argv + tool_at, argc - tool_at);
    }
    c.keep = keep;
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
