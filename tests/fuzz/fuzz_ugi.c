/* fuzz_ugi.c — libFuzzer target for the whole UGI command loop: any bytes, cut into lines by
 * the real reader and run by the real command table on a fresh engine, in process, with the
 * output caught in memory. Checked: no crash, leak or hang; the output stays protocol
 * (whole lines of printable ASCII); every isready gets its readyok; no go gets two bestmoves
 * and none goes unanswered.
 *
 * Bounded in a fuzz-only way that leaves the production code alone: the harness lowers the
 * Hash and Threads maxima in the option table, points Debug Log File at /dev/null, caps
 * `go perft` depths at 2 and skips `bench` lines (minutes of work by design). Everything else
 * runs as in the engine: a search started by `go infinite` is ended, as by the real loop at
 * end of input, by stopping and joining it before the engine is destroyed. */
#include <ctype.h>
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/engine.h"
#include "engine/games/registry.h"
#include "uci-like/input.h"
#include "uci-like/output.h"
#include "uci-like/ugi.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define PERFT_CAP 2
#define HASH_CAP_MB 4
#define THREADS_CAP 3

/* ---- the output, caught in memory (the sink runs under the output lock) ---- */

typedef struct {
    char *text;
    size_t len, cap;
    int units; /* calls: each must hold whole lines */
    bool torn; /* a unit that did not end in '\n' */
} Caught;

static void catch_output(void *ctx, const char *text, size_t len) {
    Caught *c = ctx;
    if (c->len + len + 1 > c->cap) {
        size_t cap = (c->len + len + 1) * 2;
        char *t = realloc(c->text, cap);
        if (!t) abort();
        c->text = t, c->cap = cap;
    }
    memcpy(c->text + c->len, text, len);
    c->len += len;
    c->text[c->len] = '\0';
    c->units++;
    if (!len || text[len - 1] != '\n') c->torn = true;
}

/* Lines of the caught output that are exactly `line` / start with `prefix`. */
static int count_lines(const Caught *c, const char *prefix, bool whole) {
    int n = 0;
    size_t pl = strlen(prefix);
    for (const char *s = c->text; s && *s;) {
        const char *nl = strchr(s, '\n');
        size_t len = nl ? (size_t)(nl - s) : strlen(s);
        if (len >= pl && !strncmp(s, prefix, pl) && (!whole || len == pl)) n++;
        s = nl ? nl + 1 : s + len;
    }
    return n;
}

/* ---- the sandbox ---- */

static bool log_to_dev_null(void *owner, const Option *opt, int64_t value, const char *str, char *err) {
    (void)owner, (void)opt, (void)value;
    return output_set_log(*str ? "/dev/null" : "", err, ERR_STR_MAX);
}

static void sandbox_options(Engine *e) {
    OptionTable *t = engine_options(e);
    Option *o = options_find(t, "Hash");
    char err[ERR_STR_MAX];
    if (o) {
        o->max = HASH_CAP_MB;
        engine_set_option(e, "Hash", "1", err);
    }
    if ((o = options_find(t, "Threads"))) o->max = THREADS_CAP;
    if ((o = options_find(t, "Debug Log File"))) o->apply = log_to_dev_null;
}

/* The line's whitespace-separated words, as ugi.c cuts them (in a scratch copy). */
static int words(const char *line, char *scratch, char **w, int max) {
    strcpy(scratch, line);
    int n = 0;
    for (char *s = scratch; *s && n < max;) {
        while (*s && isspace((unsigned char)*s)) *s++ = '\0';
        if (!*s) break;
        w[n++] = s;
        while (*s && !isspace((unsigned char)*s)) s++;
    }
    return n;
}

typedef struct {
    int isready, go, go_perft; /* lines that ran */
} Counts;

/* Counts the line's command and applies the caps; false: skip the line. */
static bool sandbox_line(char *line, size_t len, Counts *k) {
    int max = (int)(len / 2 + 1);
    char *scratch = malloc(len + 1), **w = malloc(sizeof *w * (size_t)max);
    if (!scratch || !w) abort();
    int n = words(line, scratch, w, max);
    bool run = true;
    if (n && !strcasecmp(w[0], "bench")) run = false;
    else if (n && !strcasecmp(w[0], "isready")) k->isready++;
    else if (n && !strcasecmp(w[0], "go")) {
        k->go++;
        bool perft = false;
        for (int i = 1; i < n; i++) {
            if (strcasecmp(w[i], "perft")) continue;
            perft = true;
            if (i + 1 == n) break;
            char *end;
            errno = 0;
            long long v = strtoll(w[i + 1], &end, 10);
            if (end != w[i + 1] && !*end && (errno || v > PERFT_CAP)) {
                /* the same word in the real line: the cap, padded with spaces */
                char *at = line + (w[i + 1] - scratch);
                memset(at, ' ', strlen(w[i + 1]));
                at[0] = (char)('0' + PERFT_CAP);
            }
        }
        k->go_perft += perft;
    }
    free(scratch);
    free(w);
    return run;
}

/* ---- one input ---- */

static void fail_with(const Caught *c, const char *what) {
    fprintf(stderr, "fuzz_ugi: %s\n--- output ---\n%s--- end ---\n", what, c->text ? c->text : "");
    abort();
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    static int fd = -1;
    if (fd < 0) {
        output_init();
        atexit(output_shutdown); /* the perft stream, as the engine's main closes it */
        fd = memfd_create("fuzz_ugi", MFD_CLOEXEC);
        if (fd < 0) abort();
    }
    /* The input as a file the real reader reads to its end. */
    if (ftruncate(fd, 0) || (size && pwrite(fd, data, size, 0) != (ssize_t)size) || lseek(fd, 0, SEEK_SET))
        abort();

    Caught out = {0};
    output_set_sink(catch_output, &out);
    Engine *e = engine_create(game_default());
    Ugi *u = e ? ugi_create(e) : NULL;
    LineReader *r = reader_create(fd, -1);
    if (!e || !u || !r) abort();
    sandbox_options(e);

    Counts k = {0};
    for (;;) {
        char *line;
        size_t len;
        LineStatus st = reader_next(r, &line, &len);
        if (st == LINE_EOF || st == LINE_WOKEN) break;
        if (st == LINE_TOO_LONG) continue;
        output_log_input(line, len);
        if (!sandbox_line(line, len, &k)) continue;
        if (!ugi_command(u, line)) break; /* quit */
    }
    reader_destroy(r);
    ugi_destroy(u); /* like the loop at end of input: a running search is stopped and joined */
    engine_destroy(e);
    char err[ERR_STR_MAX];
    output_set_log("", err, sizeof err);
    output_set_sink(NULL, NULL);

    if (out.torn) fail_with(&out, "a unit of output that is not whole lines");
    for (size_t i = 0; i < out.len; i++) {
        unsigned char ch = (unsigned char)out.text[i];
        if (ch != '\n' && (ch < 0x20 || ch > 0x7e)) fail_with(&out, "a raw byte in the output");
    }
    if (count_lines(&out, "readyok", true) != k.isready) fail_with(&out, "not one readyok per isready");
    /* A go is answered by one bestmove, unless it was refused (a search was running) or ran
     * a perft (a go naming perft may also fail to parse and get its bestmove 0000). */
    int best = count_lines(&out, "bestmove ", false);
    int refused = count_lines(&out, "info string error: go: refused", false);
    if (best > k.go - refused) fail_with(&out, "more bestmoves than go commands");
    if (best < k.go - refused - k.go_perft) fail_with(&out, "a go without its bestmove");
    free(out.text);
    return 0;
}
