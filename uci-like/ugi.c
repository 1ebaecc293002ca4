/* ugi.c — the UGI protocol front end: a table of commands (name -> handler), one error
 * policy, and the search's reports turned into info/bestmove lines. Knows no game. */
#include "ugi.h"

#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench/bench.h"
#include "engine/nnue/nnue.h"
#include "engine/perft.h"
#include "engine/timeman.h"
#include "input.h"
#include "output.h"

#ifndef SIMIA_VERSION
#define SIMIA_VERSION "dev"
#endif

#define PERFT_MAX_DEPTH 32
#define EVAL_TOLD_MAX (OPTION_STR_MAX + 256) /* what evaluates: an EvalFile path and more */

/* A command line cut into tokens: tok[i] is NUL-terminated in a private copy, off[i] is
 * where it starts in the raw line (for values that keep their inner spacing). */
typedef struct {
    const char *raw;
    char *copy;
    size_t copy_size;
    char **tok;
    size_t *off;
    int n, cap;
} Args;

struct Ugi {
    Engine *e;
    Args args;
    char *join; /* scratch for a position string joined from tokens */
    size_t join_size;
    /* Set from `go` until the search has reported its bestmove (cleared by the search
     * thread just before it prints it): a `go` is refused while it is set. */
    atomic_bool search_active;
    atomic_bool pondering; /* the running search was started with `go ponder` */
    bool ponder_allowed;   /* the Ponder option at `go`: bestmove may name a ponder move */
    int64_t line_ms;       /* when the command being executed was read (timeman_now_ms) */
    char position_error[ERR_STR_MAX]; /* why the held position is not a playable one */
    bool show_wdl;         /* UCI_ShowWDL at `go`: info lines carry wdl, from the model below */
    int mate_moves;        /* `go mate N`: N (set before its search starts), else 0 */
    bool mate_found;       /* the search's last first line proves a win within mate_moves */
    WdlModel wdl;
    /* What evaluates, as last told (an `info string`): told at the first isready, then
     * whenever an option changes it and after every EvalFile. Empty: not told yet. */
    char eval_told[EVAL_TOLD_MAX];
};

/* ------------------------------------------------------------------------------------ */
/* The error policy: one `info string error: ...` line per bad command, in plain ASCII
 * (bytes a peer sent us are escaped, so junk never breaks a line or a decoder). */

/* Text for stdout: printable ASCII kept, any other byte written \xHH. out holds at least
 * 4 * strlen(in) + 1 bytes. */
static void escape(const char *in, char *out) {
    size_t n = 0;
    for (const unsigned char *p = (const unsigned char *)in; *p; p++) {
        if (*p >= 0x20 && *p < 0x7f) out[n++] = (char)*p;
        else n += (size_t)snprintf(out + n, 5, "\\x%02x", *p);
    }
    out[n] = '\0';
}

static void fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void fail(const char *fmt, ...) {
    char msg[ERR_STR_MAX * 2], clean[sizeof msg * 4];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    escape(msg, clean);
    output_line("info string error: %s", clean);
}

/* A token as quoted in messages: at most 40 bytes of it. */
#define CLIP_MAX 40
#define CLIP(s) CLIP_MAX, (s), strlen(s) > CLIP_MAX ? "..." : ""
#define CLIP_FMT "'%.*s%s'"

/* ------------------------------------------------------------------------------------ */
/* Tokens */

static bool is_sep(unsigned char c) { return isspace(c) != 0; }

static bool tokenize(Args *a, const char *line) {
    size_t len = strlen(line);
    if (len + 1 > a->copy_size) {
        char *c = realloc(a->copy, len + 1);
        if (!c) return false;
        a->copy = c, a->copy_size = len + 1;
    }
    memcpy(a->copy, line, len + 1);
    a->raw = line;
    a->n = 0;
    for (size_t i = 0; i < len;) {
        while (i < len && is_sep((unsigned char)a->copy[i])) a->copy[i++] = '\0';
        if (i >= len) break;
        if (a->n == a->cap) {
            int cap = a->cap ? a->cap * 2 : 64;
            char **t = realloc(a->tok, sizeof *t * (size_t)cap);
            if (!t) return false;
            a->tok = t;
            size_t *o = realloc(a->off, sizeof *o * (size_t)cap);
            if (!o) return false;
            a->off = o;
            a->cap = cap;
        }
        a->tok[a->n] = a->copy + i;
        a->off[a->n++] = i;
        while (i < len && !is_sep((unsigned char)a->copy[i])) i++;
    }
    return true;
}

static bool tok_is(const char *t, const char *word) { return !strcasecmp(t, word); }

/* Joins tok[from, to) with single spaces into u->join. */
static const char *join_tokens(Ugi *u, int from, int to) {
    size_t need = 1;
    for (int i = from; i < to; i++) need += strlen(u->args.tok[i]) + 1;
    if (need > u->join_size) {
        char *j = realloc(u->join, need);
        if (!j) return NULL;
        u->join = j, u->join_size = need;
    }
    size_t n = 0;
    for (int i = from; i < to; i++) {
        if (i > from) u->join[n++] = ' ';
        size_t l = strlen(u->args.tok[i]);
        memcpy(u->join + n, u->args.tok[i], l);
        n += l;
    }
    u->join[n] = '\0';
    return u->join;
}

/* A whole token as a decimal integer. */
static bool parse_i64(const char *s, int64_t *v) {
    char *end;
    errno = 0;
    long long x = strtoll(s, &end, 10);
    if (end == s || *end || errno) return false;
    *v = x;
    return true;
}

/* ------------------------------------------------------------------------------------ */
/* Search reports: called from the search thread; every line goes out whole. */

static void format_pv(const GameOps *g, const GamePos *root, const Move *pv, int n, char *out,
                      size_t size) {
    GamePos p = *root;
    size_t len = 0;
    out[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (!g->is_legal(&p, pv[i])) break; /* a stale line from the hash: cut it there */
        char ms[MOVE_STR_MAX];
        g->print_move(&p, pv[i], ms);
        int w = snprintf(out + len, size - len, " %s", ms);
        if (w < 0 || (size_t)w >= size - len) break;
        len += (size_t)w;
        GameUndo undo;
        g->make(&p, pv[i], &undo);
    }
}

static void on_info(void *ctx, const SearchInfo *in) {
    Ugi *u = ctx;
    char score[80], pv[MAX_PLY * (MOVE_STR_MAX + 1) + 1];
    Score s = in->score;
    if (s > SCORE_WIN_MIN || s < -SCORE_WIN_MIN) {
        int plies = SCORE_WIN - (s > 0 ? s : -s);
        snprintf(score, sizeof score, "mate %d", s > 0 ? (plies + 1) / 2 : -(plies / 2));
    } else {
        snprintf(score, sizeof score, "cp %d", (int)s);
    }
    if (u->show_wdl) {
        int w[3];
        wdl_of(&u->wdl, s, w);
        snprintf(score + strlen(score), sizeof score - strlen(score), " wdl %d %d %d", w[0], w[1], w[2]);
    }
    if (u->mate_moves && in->multipv <= 1) /* as the search's own test ends a go mate */
        u->mate_found = s > SCORE_WIN_MIN && SCORE_WIN - s <= 2 * u->mate_moves - 1 && in->bound != BOUND_UPPER;
    if (in->bound == BOUND_LOWER) strcat(score, " lowerbound");
    if (in->bound == BOUND_UPPER) strcat(score, " upperbound");
    format_pv(engine_game(u->e), in->root, in->pv, in->pv_len < MAX_PLY ? in->pv_len : MAX_PLY, pv,
              sizeof pv);
    output_line("info depth %d seldepth %d multipv %d score %s nodes %" PRIu64 " nps %" PRIu64
                " time %" PRId64 " hashfull %d%s%s",
                in->depth, in->seldepth, in->multipv > 0 ? in->multipv : 1, score, in->nodes, in->nps,
                in->time_ms, in->hashfull, in->pv_len ? " pv" : "", pv);
}

static void on_currmove(void *ctx, const GamePos *root, Move m, int number, int depth) {
    Ugi *u = ctx;
    char ms[MOVE_STR_MAX];
    engine_game(u->e)->print_move(root, m, ms);
    output_line("info depth %d currmove %s currmovenumber %d", depth, ms, number);
}

static void on_message(void *ctx, const char *text) {
    (void)ctx;
    output_line("info string %s", text);
}

static void on_bestmove(void *ctx, const GamePos *root, Move best, Move ponder) {
    Ugi *u = ctx;
    const GameOps *g = engine_game(u->e);
    char bs[MOVE_STR_MAX] = "0000", ps[MOVE_STR_MAX] = "";
    if (best == MOVE_NONE || !g->is_legal(root, best)) {
        /* The referee's last line of defence: never hand an arena an illegal move. */
        Move list[MAX_MOVES];
        int n = g->gen_moves(root, list, GEN_ALL);
        if (n > 0) {
            fail("internal: the search returned no legal move; playing the first legal one");
            best = list[0];
        } else {
            best = MOVE_NONE;
        }
    }
    if (best != MOVE_NONE) {
        g->print_move(root, best, bs);
        if (u->ponder_allowed && ponder != MOVE_NONE) {
            GamePos p = *root;
            GameUndo undo;
            g->make(&p, best, &undo);
            if (g->is_legal(&p, ponder)) g->print_move(&p, ponder, ps);
        }
    }
    /* A go mate N that ends without the win asked for says so: its bestmove is then only the
     * best move found, which a GUI must not take for the start of a mate. */
    if (u->mate_moves && !u->mate_found && best != MOVE_NONE)
        output_line("info string no mate in %d found", u->mate_moves);
    u->mate_moves = 0;
    /* Cleared before printing: a `go` that follows the bestmove must never be refused; it
     * waits (engine_wait) for this thread to finish instead. */
    atomic_store(&u->pondering, false);
    atomic_store(&u->search_active, false);
    if (*ps) output_line("bestmove %s ponder %s", bs, ps);
    else output_line("bestmove %s", bs);
}

/* ------------------------------------------------------------------------------------ */
/* Commands */

typedef bool (*Handler)(Ugi *u, Args *a); /* false: end the session */

/* `ugi` or `uci`: answered in the dialect asked (a UCI GUI waits for uciok). The options of
 * the game in play (engine_option_shown): after `setoption name Game` a new handshake lists
 * the new game's. */
static bool cmd_ugi(Ugi *u, Args *a) {
    output_line("id name Simia %s", SIMIA_VERSION);
    output_line("id author the Simia developers");
    OptionTable *t = engine_options(u->e);
    for (int i = 0; i < t->count; i++) {
        Option shown;
        if (!engine_option_shown(u->e, i, &shown)) continue;
        char line[OPTION_STR_MAX + 256];
        options_describe(&shown, line, sizeof line);
        output_line("%s", line);
    }
    output_line("%s", tok_is(a->tok[0], "uci") ? "uciok" : "ugiok");
    return true;
}

/* Tells what evaluates (an `info string`) when it differs from what was told last, or
 * always. */
static void tell_eval(Ugi *u, bool always) {
    char d[EVAL_TOLD_MAX], e[EVAL_TOLD_MAX - 64];
    engine_describe_eval(u->e, e, sizeof e);
    snprintf(d, sizeof d, "evaluation of %s: %s", engine_game(u->e)->title, e);
    if (!always && !strcmp(d, u->eval_told)) return;
    snprintf(u->eval_told, sizeof u->eval_told, "%s", d);
    output_line("info string %s", d);
}

static bool cmd_isready(Ugi *u, Args *a) {
    (void)a;
    if (!atomic_load(&u->search_active) && !engine_searching(u->e)) engine_prepare(u->e);
    tell_eval(u, false); /* the first time: after the handshake's options, before play */
    output_line("readyok");
    return true;
}

static bool cmd_debug(Ugi *u, Args *a) {
    if (a->n < 2 || (!tok_is(a->tok[1], "on") && !tok_is(a->tok[1], "off"))) {
        if (a->n < 2) fail("debug: expected 'debug on' or 'debug off'");
        else fail("debug: expected on or off, not " CLIP_FMT, CLIP(a->tok[1]));
        return true;
    }
    engine_set_debug(u->e, tok_is(a->tok[1], "on")); /* read by the next go, never by a running search */
    return true;
}

static bool cmd_setoption(Ugi *u, Args *a) {
    /* A search that has printed its bestmove may still be ending: an arena that changes
     * Hash or Threads right after a bestmove must not be told a search is running. */
    if (!atomic_load(&u->search_active)) engine_wait(u->e);
    if (a->n < 3 || !tok_is(a->tok[1], "name")) {
        fail("setoption: expected 'setoption name <name> [value <value>]'");
        return true;
    }
    int v = 2;
    while (v < a->n && !tok_is(a->tok[v], "value")) v++;
    if (v == 2) {
        fail("setoption: missing option name before 'value'");
        return true;
    }
    const char *name = join_tokens(u, 2, v), *value = NULL;
    char *vbuf = NULL;
    if (v < a->n) { /* the raw rest of the line: a value keeps its inner spacing */
        const char *s = v + 1 < a->n ? a->raw + a->off[v + 1] : "";
        size_t len = strlen(s);
        while (len && is_sep((unsigned char)s[len - 1])) len--;
        vbuf = malloc(len + 1);
        if (vbuf) memcpy(vbuf, s, len), vbuf[len] = '\0';
        value = vbuf ? vbuf : "";
    }
    char err[ERR_STR_MAX];
    OptionTable *t = engine_options(u->e);
    if (!name) fail("setoption: out of memory");
    else if (!engine_set_option(u->e, name, value, err)) fail("setoption: %s", err);
    else if (u->eval_told[0]) tell_eval(u, options_find(t, name) == options_find(t, "EvalFile"));
    free(vbuf);
    return true;
}

static bool cmd_newgame(Ugi *u, Args *a) {
    (void)a;
    if (atomic_load(&u->search_active)) engine_stop(u->e); /* its bestmove is printed */
    engine_wait(u->e);
    engine_new_game(u->e);
    return true;
}

/* A position command too malformed to say which position: none is held afterwards. */
static void position_failed(Ugi *u, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void position_failed(Ugi *u, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(u->position_error, sizeof u->position_error, fmt, ap);
    va_end(ap);
    engine_clear_position(u->e);
    fail("position: %s; no valid position now", u->position_error);
}

static bool cmd_position(Ugi *u, Args *a) {
    if (a->n < 2) {
        position_failed(u, "expected 'startpos' or 'fen <position string>'");
        return true;
    }
    const char *fen = NULL;
    int i = 2;
    if (tok_is(a->tok[1], "fen")) {
        while (i < a->n && !tok_is(a->tok[i], "moves")) i++;
        if (i == 2) {
            position_failed(u, "no position string after " CLIP_FMT, CLIP(a->tok[1]));
            return true;
        }
        fen = join_tokens(u, 2, i);
        if (!fen) {
            position_failed(u, "out of memory");
            return true;
        }
    } else if (!tok_is(a->tok[1], "startpos")) {
        position_failed(u, "unknown token " CLIP_FMT " (expected startpos or fen)", CLIP(a->tok[1]));
        return true;
    }
    if (i < a->n && !tok_is(a->tok[i], "moves")) {
        position_failed(u, "unexpected token " CLIP_FMT " (expected moves)", CLIP(a->tok[i]));
        return true;
    }
    int first = i + 1 < a->n ? i + 1 : a->n;
    char err[ERR_STR_MAX];
    if (engine_set_position(u->e, fen, (const char *const *)a->tok + first, a->n - first, err)) {
        u->position_error[0] = '\0';
    } else {
        snprintf(u->position_error, sizeof u->position_error, "%s", err);
        if (engine_position_status(u->e) == POS_NONE)
            fail("position: invalid position string: %s; no valid position now", err);
        else
            fail("position: %s", err);
    }
    return true;
}

/* The parameters of `go`. */
typedef enum { GP_TIME, GP_INC, GP_MOVESTOGO, GP_MOVETIME, GP_DEPTH, GP_NODES, GP_MATE, GP_INFINITE,
               GP_PONDER, GP_PERFT, GP_SEARCHMOVES } GoKind;
static const struct {
    const char *name;
    GoKind kind;
    int player;
} GO_PARAMS[] = {
    {"p1time", GP_TIME, PLAYER_1},   {"p2time", GP_TIME, PLAYER_2},   {"wtime", GP_TIME, PLAYER_1},
    {"btime", GP_TIME, PLAYER_2},    {"p1inc", GP_INC, PLAYER_1},     {"p2inc", GP_INC, PLAYER_2},
    {"winc", GP_INC, PLAYER_1},      {"binc", GP_INC, PLAYER_2},      {"movestogo", GP_MOVESTOGO, 0},
    {"movetime", GP_MOVETIME, 0},    {"depth", GP_DEPTH, 0},          {"nodes", GP_NODES, 0},
    {"infinite", GP_INFINITE, 0},    {"ponder", GP_PONDER, 0},        {"perft", GP_PERFT, 0},
    {"searchmoves", GP_SEARCHMOVES, 0}, {"mate", GP_MATE, 0},
};
#define GO_PARAMS_N ((int)(sizeof GO_PARAMS / sizeof GO_PARAMS[0]))

static int go_param(const char *t) {
    for (int i = 0; i < GO_PARAMS_N; i++)
        if (tok_is(t, GO_PARAMS[i].name)) return i;
    return -1;
}

/* Parses `go`'s arguments into limits (perft: *perft >= 0). On a bad argument says why
 * (one error line) and returns false. searchmoves are read against the current position
 * only when it is playable (otherwise the search is refused anyway). */
static bool parse_go(Ugi *u, Args *a, SearchLimits *l, int *perft) {
    const GameOps *g = engine_game(u->e);
    bool playable = !engine_game_over(u->e);
    *perft = -1;
    for (int i = 1; i < a->n; i++) {
        int k = go_param(a->tok[i]);
        if (k < 0) {
            fail("go: unknown parameter " CLIP_FMT, CLIP(a->tok[i]));
            return false;
        }
        GoKind kind = GO_PARAMS[k].kind;
        if (kind == GP_INFINITE) {
            l->infinite = true;
            continue;
        }
        if (kind == GP_PONDER) {
            l->ponder = true;
            continue;
        }
        if (kind == GP_SEARCHMOVES) {
            int j = i + 1;
            for (; j < a->n && go_param(a->tok[j]) < 0; j++) {
                if (!playable) continue;
                Move m = g->parse_move(engine_position(u->e), a->tok[j]);
                if (m == MOVE_NONE) {
                    fail("go: searchmoves: " CLIP_FMT " is not a legal move here", CLIP(a->tok[j]));
                    return false;
                }
                bool repeated = false; /* a move named twice is one move to search */
                for (int s = 0; s < l->n_searchmoves && !repeated; s++) repeated = l->searchmoves[s] == m;
                if (repeated) continue;
                if (l->n_searchmoves == MAX_SEARCHMOVES) {
                    fail("go: searchmoves: more than %d moves", MAX_SEARCHMOVES);
                    return false;
                }
                l->searchmoves[l->n_searchmoves++] = m;
            }
            if (j == i + 1) {
                fail("go: searchmoves needs at least one move");
                return false;
            }
            i = j - 1;
            continue;
        }
        int64_t v;
        if (i + 1 >= a->n || !parse_i64(a->tok[i + 1], &v)) {
            if (i + 1 >= a->n) fail("go: %s needs a number", GO_PARAMS[k].name);
            else fail("go: %s needs a number, not " CLIP_FMT, GO_PARAMS[k].name, CLIP(a->tok[i + 1]));
            return false;
        }
        i++;
        switch (kind) {
        case GP_TIME: /* an overdrawn clock (some GUIs send it negative) is an empty one */
            l->time[GO_PARAMS[k].player] = v > 0 ? v : 0;
            break;
        case GP_INC:
            l->inc[GO_PARAMS[k].player] = v > 0 ? v : 0;
            break;
        case GP_MOVESTOGO:
            if (v < 0 || v > 1000000) {
                fail("go: movestogo must be 0..1000000, not %" PRId64, v);
                return false;
            }
            l->movestogo = (int)v;
            break;
        case GP_MOVETIME:
            if (v < 0) {
                fail("go: movetime must not be negative (%" PRId64 ")", v);
                return false;
            }
            l->movetime = v;
            break;
        case GP_DEPTH:
            if (v < 1) {
                fail("go: depth must be at least 1, not %" PRId64, v);
                return false;
            }
            l->depth = v < MAX_PLY - 1 ? (int)v : MAX_PLY - 1;
            break;
        case GP_NODES:
            if (v < 1) {
                fail("go: nodes must be at least 1, not %" PRId64, v);
                return false;
            }
            l->nodes = (uint64_t)v;
            break;
        case GP_MATE: /* mate 0 would ask for a win already on the board: nothing to search for */
            if (v < 1) {
                fail("go: mate needs a number of moves of at least 1, not %" PRId64, v);
                return false;
            }
            l->mate = v < MAX_PLY ? (int)v : MAX_PLY; /* beyond: every depth the search has */
            break;
        case GP_PERFT:
            if (v < 0 || v > PERFT_MAX_DEPTH) {
                fail("go: perft depth must be 0..%d, not %" PRId64, PERFT_MAX_DEPTH, v);
                return false;
            }
            *perft = (int)v;
            break;
        default:
            break;
        }
    }
    return true;
}

static void run_perft(Ugi *u, int depth) {
    if (engine_position_status(u->e) == POS_NONE) {
        fail("go perft: no valid position (%s)", u->position_error);
        return;
    }
    FILE *f = output_stream();
    if (!f) {
        fail("go perft: cannot open the output stream");
        return;
    }
    GamePos p = *engine_position(u->e);
    perft_divide(engine_game(u->e), &p, depth, f);
    fflush(f);
}

static bool cmd_go(Ugi *u, Args *a) {
    if (atomic_load(&u->search_active)) {
        fail("go: refused, a search is already running (send stop first); it goes on");
        return true;
    }
    engine_wait(u->e); /* a search that has just printed its bestmove may still be ending */
    SearchLimits l;
    search_limits_init(&l);
    l.start_ms = u->line_ms;
    int perft;
    if (!parse_go(u, a, &l, &perft)) {
        output_line("bestmove 0000");
        return true;
    }
    if (perft >= 0) {
        run_perft(u, perft);
        return true;
    }
    engine_prepare(u->e);
    u->ponder_allowed = engine_option_int(u->e, "Ponder") != 0;
    u->show_wdl = engine_option_int(u->e, "UCI_ShowWDL") != 0;
    u->wdl = engine_wdl_model(u->e);
    u->mate_moves = l.mate, u->mate_found = false;
    atomic_store(&u->pondering, l.ponder);
    atomic_store(&u->search_active, true);
    SearchReport r = {.ctx = u, .info = on_info, .currmove = on_currmove, .message = on_message,
                      .bestmove = on_bestmove};
    char err[ERR_STR_MAX];
    if (!engine_go(u->e, &l, &r, err)) {
        u->mate_moves = 0;
        atomic_store(&u->search_active, false);
        atomic_store(&u->pondering, false);
        if (engine_position_status(u->e) == POS_NONE && u->position_error[0])
            fail("go: %s: %s", err, u->position_error);
        else fail("go: %s", err);
        output_line("bestmove 0000");
    }
    return true;
}

static bool cmd_stop(Ugi *u, Args *a) {
    (void)a;
    /* No search: nothing to do (a stop racing a bestmove is normal, not an error). */
    engine_stop(u->e);
    engine_wait(u->e); /* its bestmove is out before the next command is read */
    return true;
}

static bool cmd_ponderhit(Ugi *u, Args *a) {
    (void)a;
    if (!atomic_load(&u->search_active) || !atomic_exchange(&u->pondering, false)) {
        fail("ponderhit: no search is pondering");
        return true;
    }
    engine_ponderhit(u->e);
    return true;
}

static bool cmd_quit(Ugi *u, Args *a) {
    (void)a;
    engine_stop(u->e);
    engine_wait(u->e);
    return false;
}

static bool cmd_query(Ugi *u, Args *a) {
    if (a->n < 2) {
        output_line("response unknown");
        fail("query: expected gameover, p1turn or result");
        return true;
    }
    const char *q = a->tok[1];
    if (tok_is(q, "gameover")) {
        output_line("response %s", engine_game_over(u->e) ? "true" : "false");
    } else if (tok_is(q, "p1turn")) {
        output_line("response %s", engine_player_to_move(u->e) == PLAYER_1 ? "true" : "false");
    } else if (tok_is(q, "result")) {
        static const char *const NAMES[] = {[RESULT_NONE] = "none", [RESULT_P1_WIN] = "p1win",
                                            [RESULT_P2_WIN] = "p2win", [RESULT_DRAW] = "draw"};
        output_line("response %s", NAMES[engine_result(u->e)]);
    } else {
        output_line("response unknown");
        fail("query: unknown query " CLIP_FMT " (expected gameover, p1turn or result)", CLIP(q));
        return true;
    }
    if (a->n > 2) fail("query: ignored unexpected argument " CLIP_FMT, CLIP(a->tok[2]));
    return true;
}

/* Appends to text[size] at *n; never past the end, whatever the lengths. */
static void append(char *text, size_t size, size_t *n, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void append(char *text, size_t size, size_t *n, const char *fmt, ...) {
    if (*n >= size - 1) return;
    va_list ap;
    va_start(ap, fmt);
    int w = vsnprintf(text + *n, size - *n, fmt, ap);
    va_end(ap);
    if (w > 0) *n += (size_t)w < size - *n ? (size_t)w : size - 1 - *n;
}

static bool cmd_display(Ugi *u, Args *a) {
    (void)a;
    if (engine_position_status(u->e) == POS_NONE) {
        fail("d: no valid position (%s)", u->position_error);
        return true;
    }
    const GameOps *g = engine_game(u->e);
    const GamePos *p = engine_position(u->e);
    size_t size = 16384;
    char *text = malloc(size);
    if (!text) return true;
    g->display(p, text, size / 2);
    size_t n = strlen(text);
    char fen[POS_STR_MAX], err[ERR_STR_MAX];
    g->print_pos(p, fen);
    GamePos check;
    GameConfig cfg = engine_game_config(u->e);
    if (g->parse_pos(&check, fen, &cfg, err)) append(text, size, &n, "Fen: %s\n", fen);
    else append(text, size, &n, "Fen: (none: a position one cannot start from)\n");
    append(text, size, &n, "Key: %016" PRIx64 "\n", g->key(p));
    /* the game's, not the position's: whether any of its rules ends a game drawn (a GUI
     * offers a draw only where one can happen) */
    append(text, size, &n, "Draws: %s\n", g->caps.draws ? "possible" : "none (every game has a winner)");
    static const char *const WINNER[] = {[RESULT_P1_WIN] = "player 1 wins", [RESULT_P2_WIN] = "player 2 wins",
                                         [RESULT_DRAW] = "a draw", [RESULT_NONE] = "no result"};
    if (engine_game_over(u->e)) {
        /* the reason of a forfeit quotes the illegal move as it came: bytes a peer sent are escaped */
        char why[ERR_STR_MAX], clean[sizeof why * 4];
        engine_end_reason(u->e, why, sizeof why);
        escape(why, clean);
        append(text, size, &n, "Status: game over, %s%s%s%s\n", WINNER[engine_result(u->e)], clean[0] ? " (" : "",
               clean, clean[0] ? ")" : "");
    } else {
        append(text, size, &n, "Status: playing, player %d to move\n", engine_player_to_move(u->e) + 1);
    }
    output_text(text);
    free(text);
    return true;
}

enum { BUCKET_LINE_MAX = 48 }; /* "NNUE output bucket: b of N" */
static bool cmd_eval(Ugi *u, Args *a) {
    (void)a;
    if (engine_position_status(u->e) == POS_NONE) {
        fail("eval: no valid position (%s)", u->position_error);
        return true;
    }
    char text[8192], eval[EVAL_TOLD_MAX];
    const GameOps *g = engine_game(u->e);
    size_t n = (size_t)snprintf(text, sizeof text, "Game: %s (%s)\n", g->title, g->name);
    g->eval_trace(engine_position(u->e), text + n, sizeof text - n - ERR_STR_MAX - 2 * EVAL_TOLD_MAX - BUCKET_LINE_MAX);
    /* The learned evaluation's line: exactly one, its value or why there is none. */
    const char *why;
    const NnueNet *net = engine_net(u->e, &why);
    n = strlen(text);
    if (net)
        n += (size_t)snprintf(text + n, sizeof text - n, "NNUE evaluation: %d (player to move)\n",
                              (int)nnue_evaluate_fresh(net, g, engine_position(u->e), NNUE_KERNEL_BEST));
    else
        n += (size_t)snprintf(text + n, sizeof text - n, "NNUE evaluation: none (%s)\n", why);
    /* The game's stage, which picks a bucketed net's output layer (any net's data, too). */
    if (g->nnue_buckets > 1)
        n += (size_t)snprintf(text + n, sizeof text - n, "NNUE output bucket: %d of %d\n",
                              g->nnue_bucket(engine_position(u->e)), g->nnue_buckets);
    /* what the search plays with (eval shows the net's value even while Use NNUE is off) */
    engine_describe_eval(u->e, eval, sizeof eval);
    snprintf(text + n, sizeof text - n, "Search evaluation: %s\n", eval);
    output_text(text);
    return true;
}

static bool cmd_bench(Ugi *u, Args *a) {
    if (atomic_load(&u->search_active)) {
        fail("bench: refused, a search is running (send stop first)");
        return true;
    }
    engine_wait(u->e);
    FILE *f = output_stream();
    if (!f) {
        fail("bench: cannot open the output stream");
        return true;
    }
    char err[ERR_STR_MAX];
    int rc = bench_main(u->e, a->n - 1, a->tok + 1, f, err);
    fflush(f);
    if (rc) fail("bench: %s", err);
    /* bench ran on an engine of its own; what follows a bench is still a new game from the
     * start position, as it always was */
    engine_new_game(u->e);
    if (engine_set_position(u->e, NULL, NULL, 0, err)) u->position_error[0] = '\0';
    return true;
}

static const struct {
    const char *name;
    Handler run;
    int max_args; /* more are reported and ignored; -1: any number */
} COMMANDS[] = {
    {"ugi", cmd_ugi, 0},          {"uci", cmd_ugi, 0},          {"isready", cmd_isready, 0},
    {"setoption", cmd_setoption, -1}, {"uginewgame", cmd_newgame, 0}, {"ucinewgame", cmd_newgame, 0},
    {"position", cmd_position, -1}, {"go", cmd_go, -1},         {"stop", cmd_stop, 0},
    {"ponderhit", cmd_ponderhit, 0}, {"quit", cmd_quit, 0},     {"query", cmd_query, -1},
    {"d", cmd_display, 0},        {"eval", cmd_eval, 0},        {"bench", cmd_bench, -1},
    {"debug", cmd_debug, 1},
};

bool ugi_command(Ugi *u, char *line) {
    Args *a = &u->args;
    u->line_ms = timeman_now_ms();
    if (!tokenize(a, line)) {
        fail("out of memory reading a command");
        return true;
    }
    if (a->n == 0) return true;
    for (size_t i = 0; i < sizeof COMMANDS / sizeof COMMANDS[0]; i++) {
        if (!tok_is(a->tok[0], COMMANDS[i].name)) continue;
        if (!COMMANDS[i].run(u, a)) return false;
        if (COMMANDS[i].max_args >= 0 && a->n - 1 > COMMANDS[i].max_args)
            fail("%s: ignored unexpected argument " CLIP_FMT, COMMANDS[i].name,
                 CLIP(a->tok[COMMANDS[i].max_args + 1]));
        return true;
    }
    fail("unknown command " CLIP_FMT, CLIP(a->tok[0]));
    return true;
}

/* ------------------------------------------------------------------------------------ */

static bool apply_debug_log(void *owner, const Option *opt, int64_t value, const char *str, char *err) {
    (void)owner, (void)opt, (void)value;
    return output_set_log(str, err, ERR_STR_MAX);
}

Ugi *ugi_create(Engine *e) {
    Ugi *u = calloc(1, sizeof *u);
    if (!u) return NULL;
    u->e = e;
    atomic_init(&u->search_active, false);
    atomic_init(&u->pondering, false);
    Option log = {.name = "Debug Log File", .type = OPT_STRING, .def_str = "", .apply = apply_debug_log};
    engine_add_option(e, &log);
    return u;
}

void ugi_destroy(Ugi *u) {
    if (!u) return;
    engine_stop(u->e);
    engine_wait(u->e);
    free(u->args.copy);
    free(u->args.tok);
    free(u->args.off);
    free(u->join);
    free(u);
}

int ugi_loop(Ugi *u, int fd) {
    LineReader *r = reader_create(fd, output_wake_fd());
    if (!r) return 1;
    for (;;) {
        char *line;
        size_t len;
        LineStatus st = reader_next(r, &line, &len);
        if (st == LINE_EOF || st == LINE_WOKEN) break;
        if (st == LINE_TOO_LONG) {
            char note[64];
            int n = snprintf(note, sizeof note, "(a line of %zu bytes, dropped)", len);
            output_log_input(note, (size_t)n);
            fail("line of %zu bytes ignored: longer than the limit of %zu bytes", len, INPUT_LINE_MAX);
            continue;
        }
        output_log_input(line, len);
        if (!ugi_command(u, line) || output_closed()) break;
    }
    engine_stop(u->e);
    engine_wait(u->e);
    reader_destroy(r);
    return 0;
}
