/* simia_wasm.c — the engine in a web page's Worker: the UGI command table of the native engine
 * (uci-like/ugi.c) driven one line at a time from JavaScript, the output handed back line by
 * line, and the search's slices (pool_yield, engine/yield.h) in which a stop gets in.
 *
 * Built only by emscripten (uci-like/web/wasm/wasm.cmake), into build/wasm/simia.js and
 * simia.wasm: run by node, main() is the native command line (`node simia.js --game zoo
 * bench`); in a page, uci-like/web/worker.js loads it without running main and calls:
 *   simia_start()      once: the engine, its options and the output sink, as main() makes them;
 *   simia_line(LINE)   one protocol line, as the native loop runs it after reading it. A `go`
 *                      searches to its bestmove before it returns; every ~50 ms the search gives
 *                      the Worker's event loop a turn (asyncify), so lines sent meanwhile are
 *                      queued by worker.js, and those a search takes at once (stop, ponderhit,
 *                      isready) are taken from that queue here. Returns 0 after `quit`.
 * The queue is worker.js's (Module.simiaQueue, lines in arrival order); output goes through
 * Module.simiaOutput(text), one call per unit of whole lines. */
#include <emscripten.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "book/book_play.h"
#include "engine/engine.h"
#include "engine/games/registry.h"
#include "engine/threads.h"
#include "engine/yield.h"
#include "engine/timeman.h"
#include "uci-like/output.h"
#include "uci-like/ugi.h"

/* How long the search runs between two turns of the event loop: the longest a stop waits. */
#define SLICE_MS 50
/* While an infinite or ponder search waits for its stop: the Worker sleeps this long a turn. */
#define IDLE_MS 10

int simia_start(void);
int simia_line(const char *line);

static Engine *engine;
static BookPlayer *book;
static Ugi *ugi;
static int64_t last_turn_ms;

EM_JS(void, js_output, (const char *text, size_t len), { Module.simiaOutput(UTF8ToString(text, len)); });

#ifndef SIMIA_WASM_NO_SLICES /* a build without asyncify (wasm.cmake) has no slices, no stop */
/* The first queued line (a malloc'd copy), or NULL; js_drop_line removes it. */
EM_JS(char *, js_peek_line, (void), {
    const q = Module.simiaQueue;
    if (!q || !q.length) return 0;
    const n = lengthBytesUTF8(q[0]) + 1, p = _malloc(n);
    if (p) stringToUTF8(q[0], p, n);
    return p;
});
EM_JS(void, js_drop_line, (void), { Module.simiaQueue.shift(); });

/* A turn of the event loop: a message to itself (no 4 ms timer clamp), or a sleep of ms. */
EM_ASYNC_JS(void, js_turn, (int ms), {
    await new Promise((resolve) => {
        if (ms > 0) { setTimeout(resolve, ms); return; }
        const c = new MessageChannel();
        c.port1.onmessage = () => { c.port1.close(); resolve(); };
        c.port2.postMessage(0);
    });
});

/* The line's first word is `word` (as the command table matches it: case aside). */
static bool first_word(const char *line, const char *word) {
    while (*line == ' ' || *line == '\t') line++;
    size_t n = strlen(word);
    return !strncasecmp(line, word, n) && (!line[n] || line[n] == ' ' || line[n] == '\t');
}

/* During a search: the queued lines a search takes at once, in order, up to the first other
 * one (it runs after the bestmove, as the native loop would read it then). A stop is taken
 * last: what follows it waits for the bestmove, as after the native `stop`. */
static void take_search_lines(void) {
    char *line;
    while ((line = js_peek_line()) != NULL) {
        if (first_word(line, "stop")) {
            js_drop_line();
            output_log_input(line, strlen(line));
            engine_stop(engine);
            free(line);
            return;
        }
        if (first_word(line, "quit")) { /* stop here; the quit itself runs after the bestmove */
            engine_stop(engine);
            free(line);
            return;
        }
        if (!first_word(line, "isready") && !first_word(line, "ponderhit")) {
            free(line);
            return;
        }
        js_drop_line();
        output_log_input(line, strlen(line));
        ugi_command(ugi, line);
        free(line);
    }
}

#endif

static void to_page(void *ctx, const char *text, size_t len) {
    (void)ctx;
    js_output(text, len);
}

/* The search's slices (engine/threads.h): nothing changes the search but a stop. */
bool pool_yield(bool idle) {
#ifdef SIMIA_WASM_NO_SLICES
    (void)idle;
    return false;
#else
    if (!ugi) return false; /* the command line (node): no page, nothing comes */
    if (!idle && timeman_now_ms() - last_turn_ms < SLICE_MS) return true;
    js_turn(idle ? IDLE_MS : 0);
    last_turn_ms = timeman_now_ms();
    take_search_lines();
    return true;
#endif
}

EMSCRIPTEN_KEEPALIVE int simia_start(void) {
    if (ugi) return 1;
    output_init();
    output_set_sink(to_page, NULL);
    engine = engine_create(game_default());
    book = engine ? book_player_attach(engine) : NULL; /* the book's options, before the first `ugi` */
    ugi = book ? ugi_create(engine) : NULL;
    return ugi != NULL;
}

EMSCRIPTEN_KEEPALIVE int simia_line(const char *line) {
    if (!ugi) return 0;
    size_t len = strlen(line);
    char *copy = malloc(len + 1); /* ugi_command cuts it in place */
    if (!copy) return 1;
    memcpy(copy, line, len + 1);
    while (len && (copy[len - 1] == '\r' || copy[len - 1] == '\n')) copy[--len] = '\0';
    output_log_input(copy, len);
    last_turn_ms = timeman_now_ms();
    bool more = ugi_command(ugi, copy);
    free(copy);
    return more;
}
