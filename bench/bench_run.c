/* bench_run.c — what every benchmark mode shares: clocks, progress on stderr, failure
 * messages, argument and JSON helpers, the run engine's options and the position list. */
#include "bench_run.h"

#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench_data.h"

#define PROGRESS_NS 2000000000LL

int64_t bench_now_ns(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

int64_t bench_cpu_ns(void) {
    struct timespec ts;
    if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return bench_now_ns(); /* none (WebAssembly): the wall clock */
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

/* ---- the run's engine ----------------------------------------------------------------- */

bool bench_set_option(BenchRun *r, const char *name, long value) {
    if (engine_option_int(r->e, name) == value) return true;
    char v[32], err[ERR_STR_MAX];
    snprintf(v, sizeof v, "%ld", value);
    if (!engine_set_option(r->e, name, v, err)) return bench_fail(r, 1, "%s %ld: %s", name, value, err), false;
    return true;
}
