/* bench.c — the benchmark's command line and its search modes: the signature run (nodes
 * and nodes/second over the fixed positions) and thread scaling, through the engine API. */
#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench_data.h"
#include "bench_internal.h"

const char BENCH_USAGE[] =
    "  simia bench [DEPTH [THREADS [HASH]]] [--json]\n"
    "      Searches the game's benchmark positions to DEPTH (default: the game's own, " BENCH_DEPTH_STR "\n"
    "      for Monkey Queen), one thread and a new game each; prints a line per position, then\n"
    "      'Nodes searched: N' (with one thread the signature of the search) and 'Nodes/second: M'.\n"
    "      Every bench mode plays the game of --game.\n"
    "  simia bench perft [DEPTH] [--json]\n"
    "      Perft from the start and a few positions; prints leaves/second.\n"
    "  simia bench playouts [COUNT] [--seed S] [--list] [--json]\n"
    "      Random games from the start, each move uniform among the legal ones (drawn\n"
    "      by index, or with --list from the listed moves); prints plies/second.\n"
    "  simia bench threads [DEPTH [MAX_THREADS [HASH]]] [--json]\n"
    "      Time to DEPTH over the benchmark positions with 1, 2, 4, ... threads.\n";

#define BENCH_HASH_MB 16
#define PROGRESS_NS 2000000000LL

int64_t bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t bench_cpu_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

void bench_progress(BenchRun *r, const char *fmt, ...) {
    int64_t now = bench_now_ns();
    if (now - r->start_ns < PROGRESS_NS || now - r->last_progress_ns < PROGRESS_NS) return;
    r->last_progress_ns = now;
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "bench: ");
    vfprintf(stderr, fmt, ap);
    fprintf(stderr, " (%.1f s)\n", (double)(now - r->start_ns) / 1e9);
    va_end(ap);
}

int bench_fail(BenchRun *r, int status, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(r->err, ERR_STR_MAX, fmt, ap);
    va_end(ap);
    return status;
}

bool bench_parse_int(const char *s, long min, long max, long *v) {
    char *end;
    errno = 0;
    long x = strtol(s, &end, 10);
    if (end == s || *end || errno || x < min || x > max) return false;
    *v = x;
    return true;
}

void bench_json_string(FILE *f, const char *s) {
    fputc('"', f);
    for (; *s; s++) {
        unsigned char ch = (unsigned char)*s;
        if (ch == '"' || ch == '\\') fprintf(f, "\\%c", ch);
        else if (ch < 0x20) fprintf(f, "\\u%04x", ch);
        else fputc(ch, f);
    }
    fputc('"', f);
}

/* ---- the position list ---------------------------------------------------------------
 * One position per line: `label | position string [| perft DEPTH]`; '#' starts a
 * comment line. */

static char *trim(char *s) {
    while (*s == ' ' || *s == '\t') s++;
    size_t n = strlen(s);
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t' || s[n - 1] == '\r')) s[--n] = 0;
    return s;
}

static bool parse_entry(BenchRun *r, char *line, int line_no, BenchPos *bp) {
    const GameOps *g = engine_game(r->e);
    char *fields[3] = {line, NULL, NULL};
    int nf = 1;
    for (char *s = line; *s && nf <= 3; s++)
        if (*s == '|') {
            *s = 0;
            if (nf == 3) nf++;
            else fields[nf++] = s + 1;
        }
    if (nf < 2 || nf > 3)
        return bench_fail(r, 1, "bench positions line %d: expected 'label | position [| perft DEPTH]'", line_no), false;
    char *label = trim(fields[0]), *fen = trim(fields[1]);
    if (!*label || strlen(label) >= BENCH_LABEL_MAX || strlen(fen) >= POS_STR_MAX)
        return bench_fail(r, 1, "bench positions line %d: empty or overlong label or position", line_no), false;
    long depth = 0;
    if (nf == 3) {
        char *p = trim(fields[2]);
        if (strncmp(p, "perft ", 6) || !bench_parse_int(trim(p + 6), 1, 32, &depth))
            return bench_fail(r, 1, "bench positions line %d: third field must be 'perft DEPTH'", line_no), false;
    }
    GameConfig cfg = engine_game_config(r->e);
    GamePos pos;
    char err[ERR_STR_MAX];
    if (!g->parse_pos(&pos, fen, &cfg, err))
        return bench_fail(r, 1, "bench positions line %d: %s", line_no, err), false;
    if (game_result(g, &pos) != RESULT_NONE)
        return bench_fail(r, 1, "bench positions line %d: the game is over there", line_no), false;
    snprintf(bp->label, sizeof bp->label, "%s", label);
    snprintf(bp->fen, sizeof bp->fen, "%s", fen);
    bp->perft_depth = (int)depth;
    return true;
}

int bench_positions(BenchRun *r, BenchPos *list, int max) {
    const GameOps *g = engine_game(r->e);
    const char *text = NULL;
    for (int i = 0; i < BENCH_DATA_COUNT; i++)
        if (!strcmp(BENCH_DATA[i].game, g->name)) text = BENCH_DATA[i].text;
    if (!text) return bench_fail(r, -1, "no benchmark positions for the game '%s'", g->name);
    int n = 0, line_no = 0;
    for (const char *s = text; *s;) {
        const char *eol = strchr(s, '\n');
        size_t len = eol ? (size_t)(eol - s) : strlen(s);
        char buf[POS_STR_MAX + 2 * BENCH_LABEL_MAX];
        line_no++;
        if (len >= sizeof buf) return bench_fail(r, -1, "bench positions line %d: too long", line_no);
        memcpy(buf, s, len);
        buf[len] = 0;
        s += len + (eol != NULL);
        char *line = trim(buf);
        if (!*line || *line == '#') continue;
        long d;
        if (!strncmp(line, "depth ", 6)) {
            if (!bench_parse_int(trim(line + 6), 1, MAX_PLY - 1, &d))
                return bench_fail(r, -1, "bench positions line %d: 'depth N' needs N in 1..%d", line_no, MAX_PLY - 1);
            if (!r->depth) r->depth = (int)d;
            continue;
        }
        if (n == max) return bench_fail(r, -1, "more than %d bench positions", max);
        if (!parse_entry(r, line, line_no, &list[n])) return -1;
        n++;
    }
    if (!n) return bench_fail(r, -1, "the bench position list of '%s' is empty", g->name);
    return n;
}

/* ---- options for the run, restored afterwards ---------------------------------------- */

/* A value as the option table reads it: true/false for a check, else the number. */
static void option_text(const Option *o, int64_t value, char *out, size_t size) {
    if (o->type == OPT_CHECK) snprintf(out, size, "%s", value ? "true" : "false");
    else if (o->type == OPT_COMBO) snprintf(out, size, "%s", o->vars[value]);
    else snprintf(out, size, "%" PRId64, value);
}

bool bench_set_option(BenchRun *r, SavedOptions *s, const char *name, long value, bool required) {
    Option *o = options_find(engine_options(r->e), name);
    if (!o) {
        if (required) bench_fail(r, 1, "this build has no %s option", name);
        return !required;
    }
    int64_t before = o->value;
    char v[32], err[ERR_STR_MAX];
    option_text(o, value, v, sizeof v);
    if (before == value) return true;
    if (!engine_set_option(r->e, name, v, err)) return bench_fail(r, 1, "%s %ld: %s", name, value, err), false;
    for (int i = 0; i < s->n; i++)
        if (!strcmp(s->opt[i].name, name)) return true; /* the first value is the one to restore */
    if (s->n < SAVED_MAX) s->opt[s->n].name = name, s->opt[s->n++].value = before;
    return true;
}

bool bench_game_defaults(BenchRun *r, SavedOptions *s) {
    const GameOps *g = engine_game(r->e);
    for (int i = 0; i < g->n_options; i++)
        if (!bench_set_option(r, s, engine_game_option_name(r->e, i), g->options[i].def, true)) return false;
    return bench_set_option(r, s, "Repetition", 1, true);
}

void bench_restore(BenchRun *r, SavedOptions *s) {
    char v[32], err[ERR_STR_MAX];
    for (int i = s->n - 1; i >= 0; i--) {
        Option *o = options_find(engine_options(r->e), s->opt[i].name);
        option_text(o, s->opt[i].value, v, sizeof v);
        engine_set_option(r->e, s->opt[i].name, v, err);
    }
    s->n = 0;
}

/* ---- searching the positions -------------------------------------------------------- */

typedef struct {
    pthread_mutex_t lock;
    const GameOps *g;
    uint64_t nodes;
    int depth;
    Score score;
    char best[MOVE_STR_MAX];
} Capture;

static void on_info(void *ctx, const SearchInfo *in) {
    Capture *c = ctx;
    pthread_mutex_lock(&c->lock);
    if (in->nodes > c->nodes) c->nodes = in->nodes;
    if (in->multipv <= 1 && in->depth >= c->depth) c->depth = in->depth, c->score = in->score;
    pthread_mutex_unlock(&c->lock);
}

static void on_currmove(void *ctx, const GamePos *root, Move m, int number, int depth) {
    (void)ctx, (void)root, (void)m, (void)number, (void)depth;
}

static void on_message(void *ctx, const char *text) {
    (void)ctx;
    fprintf(stderr, "bench: engine says: %s\n", text);
}

static void on_bestmove(void *ctx, const GamePos *root, Move best, Move ponder) {
    (void)ponder;
    Capture *c = ctx;
    pthread_mutex_lock(&c->lock);
    c->g->print_move(root, best, c->best);
    pthread_mutex_unlock(&c->lock);
}

typedef struct {
    uint64_t nodes;
    int64_t ns, cpu_ns; /* wall-clock and CPU time of the searches */
} Totals;

static uint64_t per_second(uint64_t count, int64_t ns) {
    return ns > 0 ? (uint64_t)((double)count * 1e9 / (double)ns) : 0;
}

/* Searches every position to depth from a new game; prints a line per position when
 * print is set. Returns false (r->err) if the engine refuses. */
static bool search_all(BenchRun *r, const BenchPos *list, int n, int depth, bool print, Totals *t) {
    char err[ERR_STR_MAX];
    t->nodes = 0;
    t->ns = t->cpu_ns = 0;
    for (int i = 0; i < n; i++) {
        engine_new_game(r->e);
        if (!engine_set_position(r->e, list[i].fen, NULL, 0, err))
            return bench_fail(r, 1, "position %d: %s", i + 1, err), false;
        Capture c = {.g = engine_game(r->e), .best = "(none)"};
        pthread_mutex_init(&c.lock, NULL);
        SearchReport rep = {.ctx = &c, .info = on_info, .currmove = on_currmove,
                            .message = on_message, .bestmove = on_bestmove};
        SearchLimits l;
        search_limits_init(&l);
        l.depth = depth;
        int64_t t0 = bench_now_ns(), c0 = bench_cpu_ns();
        bool ok = engine_go(r->e, &l, &rep, err);
        if (ok) engine_wait(r->e);
        int64_t ns = bench_now_ns() - t0;
        t->cpu_ns += bench_cpu_ns() - c0;
        pthread_mutex_destroy(&c.lock);
        if (!ok) return bench_fail(r, 1, "position %d: %s", i + 1, err), false;
        t->nodes += c.nodes;
        t->ns += ns;
        if (print && r->json) {
            fprintf(r->out, "%s\n    {\"index\": %d, \"label\": ", i ? "," : "", i + 1);
            bench_json_string(r->out, list[i].label);
            fprintf(r->out, ", \"depth\": %d, \"nodes\": %" PRIu64 ", \"time_ms\": %.3f, \"nps\": %" PRIu64
                            ", \"score\": %d, \"bestmove\": ",
                    c.depth, c.nodes, (double)ns / 1e6, per_second(c.nodes, ns), (int)c.score);
            bench_json_string(r->out, c.best);
            fputc('}', r->out);
        } else if (print) {
            fprintf(r->out, "position %d label %s depth %d nodes %" PRIu64 " time_ms %.3f nps %" PRIu64
                            " score %d bestmove %s\n",
                    i + 1, list[i].label, c.depth, c.nodes, (double)ns / 1e6, per_second(c.nodes, ns),
                    (int)c.score, c.best);
        }
        fflush(r->out);
        bench_progress(r, "%d/%d positions searched", i + 1, n);
    }
    return true;
}

static int bench_search(BenchRun *r, long threads, long hash, bool hash_given) {
    static BenchPos list[BENCH_POS_MAX];
    SavedOptions saved = {.n = 0};
    int n = 0, rc = 1;
    Totals t;
    if (bench_game_defaults(r, &saved) && (n = bench_positions(r, list, BENCH_POS_MAX)) > 0 &&
        bench_set_option(r, &saved, "Threads", threads, threads != 1) &&
        bench_set_option(r, &saved, "Hash", hash, hash_given)) {
        const GameOps *g = engine_game(r->e);
        long depth = r->depth ? r->depth : BENCH_DEPTH;
        if (r->json) {
            fprintf(r->out, "{\"bench\": \"search\", \"version\": \"%s\", \"game\": \"%s\", \"build\": \"%s\", "
                            "\"depth\": %ld, \"threads\": %ld, \"hash_mb\": %ld, \"positions\": [",
                    SIMIA_VERSION, g->name, g->isa, depth, threads, hash);
        }
        if (search_all(r, list, n, (int)depth, true, &t)) {
            EvalSpeed ev;
            bench_eval_speed(r, list, n, &ev);
            if (r->json) {
                fprintf(r->out, "\n  ], \"nodes\": %" PRIu64 ", \"time_ms\": %.3f, \"cpu_ms\": %.3f, \"nps\": %" PRIu64
                                ", \"nodes_per_cpu_second\": %" PRIu64 ", \"evals_per_cpu_second\": %" PRIu64,
                        t.nodes, (double)t.ns / 1e6, (double)t.cpu_ns / 1e6, per_second(t.nodes, t.ns),
                        per_second(t.nodes, t.cpu_ns), ev.classical);
                if (ev.hidden) fprintf(r->out, ", \"nnue_evals_per_cpu_second\": %" PRIu64 "}\n", ev.nnue);
                else fprintf(r->out, ", \"nnue_evals_per_cpu_second\": null}\n");
            } else {
                fprintf(r->out, "Positions: %d\nDepth: %ld\nThreads: %ld\nHash: %ld\nBuild: %s %s\n"
                                "Time (ms): %.0f\nCPU time (ms): %.0f\nNodes/CPU-second: %" PRIu64 "\n"
                                "Nodes searched: %" PRIu64 "\nNodes/second: %" PRIu64 "\n",
                        n, depth, threads, hash, SIMIA_VERSION, g->isa, (double)t.ns / 1e6, (double)t.cpu_ns / 1e6,
                        per_second(t.nodes, t.cpu_ns), t.nodes, per_second(t.nodes, t.ns));
                if (ev.hidden)
                    fprintf(r->out, "Evaluations/CPU-second: classical %" PRIu64 ", NNUE %" PRIu64 " (hidden %d, %s)\n",
                            ev.classical, ev.nnue, ev.hidden, ev.kernel);
                else
                    fprintf(r->out, "Evaluations/CPU-second: classical %" PRIu64 ", NNUE none (%s)\n", ev.classical,
                            ev.why);
            }
            rc = 0;
        } else if (r->json) {
            fprintf(r->out, "\n  ]}\n");
        }
    }
    bench_restore(r, &saved);
    return rc;
}

/* 1, 2, 4, ... and max itself. */
static long next_thread_count(long th, long max) {
    return th < max && th * 2 > max ? max : th * 2;
}

/* Time to depth over all positions with 1, 2, 4, ... threads, up to max_threads. */
static int bench_threads(BenchRun *r, long max_threads, long hash, bool hash_given) {
    static BenchPos list[BENCH_POS_MAX];
    SavedOptions saved = {.n = 0};
    int n = 0, rc = 0;
    if (!bench_game_defaults(r, &saved) || (n = bench_positions(r, list, BENCH_POS_MAX)) < 0 ||
        !bench_set_option(r, &saved, "Hash", hash, hash_given)) {
        bench_restore(r, &saved);
        return 1;
    }
    long depth = r->depth ? r->depth : BENCH_DEPTH;
    if (r->json)
        fprintf(r->out, "{\"bench\": \"threads\", \"version\": \"%s\", \"game\": \"%s\", \"depth\": %ld, "
                        "\"positions\": %d, \"runs\": [",
                SIMIA_VERSION, engine_game(r->e)->name, depth, n);
    else
        fprintf(r->out, "Positions: %d\nDepth: %ld\n", n, depth);
    int64_t base_ns = 0;
    for (long th = 1; th <= max_threads; th = next_thread_count(th, max_threads)) {
        Totals t;
        if (!bench_set_option(r, &saved, "Threads", th, th != 1) || !search_all(r, list, n, (int)depth, false, &t)) {
            rc = 1;
            break;
        }
        if (th == 1) base_ns = t.ns;
        double speedup = t.ns > 0 ? (double)base_ns / (double)t.ns : 0;
        if (r->json)
            fprintf(r->out, "%s\n    {\"threads\": %ld, \"time_ms\": %.3f, \"speedup\": %.3f, \"nodes\": %" PRIu64
                            ", \"nps\": %" PRIu64 "}",
                    th > 1 ? "," : "", th, (double)t.ns / 1e6, speedup, t.nodes, per_second(t.nodes, t.ns));
        else
            fprintf(r->out, "threads %ld time_ms %.0f speedup %.2f nodes %" PRIu64 " nps %" PRIu64 "\n", th,
                    (double)t.ns / 1e6, speedup, t.nodes, per_second(t.nodes, t.ns));
        fflush(r->out);
    }
    if (r->json) fprintf(r->out, "\n  ]}\n");
    bench_restore(r, &saved);
    return rc;
}

/* ---- the command line -------------------------------------------------------------- */

/* Up to three numbers after the mode word, each in its range; returns how many. */
static int numbers(BenchRun *r, int argc, char **argv, const char *const names[], const long lo[],
                   const long hi[], long v[], int max) {
    if (argc > max) return bench_fail(r, -1, "too many arguments ('%.32s' and after)", argv[max]);
    for (int i = 0; i < argc; i++)
        if (!bench_parse_int(argv[i], lo[i], hi[i], &v[i]))
            return bench_fail(r, -1, "%s must be a number %ld..%ld, not '%.32s'", names[i], lo[i], hi[i], argv[i]);
    return argc;
}

int bench_main(Engine *e, int argc, char **argv, FILE *out, char *err) {
    BenchRun r = {.e = e, .out = out, .err = err, .start_ns = bench_now_ns()};
    r.last_progress_ns = r.start_ns;
    err[0] = 0;
    if (engine_searching(e)) return bench_fail(&r, 1, "a search is running (send stop first)");
    /* Flags anywhere; what remains is the mode and its numbers. */
    char *args[16];
    int n = 0;
    for (int i = 0; i < argc; i++) {
        if (!strcmp(argv[i], "--json")) r.json = true;
        else if (n < 16) args[n++] = argv[i];
        else return bench_fail(&r, 2, "too many arguments");
    }
    int rc;
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    if (n && !strcmp(args[0], "perft")) {
        rc = bench_perft(&r, n - 1, args + 1);
    } else if (n && !strcmp(args[0], "playouts")) {
        rc = bench_playouts(&r, n - 1, args + 1);
    } else if (n && !strcmp(args[0], "threads")) {
        static const char *const names[] = {"depth", "max threads", "hash (MB)"};
        static const long lo[] = {1, 1, 1}, hi[] = {MAX_PLY - 1, 1024, 1 << 20};
        long v[3] = {0, nproc > 0 ? nproc : 1, BENCH_HASH_MB};
        int k = numbers(&r, n - 1, args + 1, names, lo, hi, v, 3);
        r.depth = (int)v[0];
        rc = k < 0 ? 2 : bench_threads(&r, v[1], v[2], k >= 3);
    } else {
        static const char *const names[] = {"depth", "threads", "hash (MB)"};
        static const long lo[] = {1, 1, 1}, hi[] = {MAX_PLY - 1, 1024, 1 << 20};
        long v[3] = {0, 1, BENCH_HASH_MB};
        if (n && !bench_parse_int(args[0], 0, MAX_PLY, &v[0]))
            return bench_fail(&r, 2, "unknown mode '%.32s' (search depth, perft, playouts or threads)", args[0]);
        int k = numbers(&r, n, args, names, lo, hi, v, 3);
        r.depth = (int)v[0];
        rc = k < 0 ? 2 : bench_search(&r, v[1], v[2], k >= 3);
    }
    /* Leave a defined state behind: a new game at the start position. */
    char perr[ERR_STR_MAX];
    engine_new_game(e);
    engine_set_position(e, NULL, NULL, 0, perr);
    fflush(out);
    return rc;
}
