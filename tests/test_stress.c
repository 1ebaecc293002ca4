/* test_stress.c — the engine under a hostile arena: sessions of random, partly hostile command
 * sequences held with the real executable, each from a printed seed, in every registered game
 * (chosen by --game or by the Game option, and switched mid-session). Checked on every line:
 * isready always answered, no hang (every wait bounded), exactly one bestmove per go and a
 * legal one (checked here with the game contract, in the position the test set), the referee's
 * answers (repetition included), only protocol lines on stdout, exit status 0 on quit and at
 * end of input.
 *
 * Environment: SIMIA_STRESS_SEED=N      the first session's seed (session i uses N + i);
 *              SIMIA_STRESS_SESSIONS=K  how many sessions (default 40);
 *              SIMIA_STRESS_SECONDS=S   a soak: new sessions until S seconds have passed;
 *              SIMIA_STRESS_TRANSCRIPT=F every line sent and received, whole, into file F.
 * A failure prints the session's seed and the line that reruns just that session. */
#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "childproc.h"
#include "engine/games/registry.h"
#include "engine/prng.h"
#include "engine/strength.h"

/* A wait this long is a hang: far above what a healthy engine needs for anything the test
 * asks, sanitizer builds included (searches here are bounded to well under a second). */
#define HANG_MS 20000
#define DEFAULT_SESSIONS 40
#define HISTORY 80 /* lines kept for a failure report */
#define MAX_OPTS 128
#define MAX_GOS 4
#define MAX_QUERIES 16

static const char *PROG = "tests/test_stress";
static FILE *TRANSCRIPT; /* SIMIA_STRESS_TRANSCRIPT */

typedef enum { ST_NONE, ST_PLAYING, ST_FORFEIT } Status;

typedef struct {
    char name[64], type[16];
    long long def, min, max;
    char vars[16][32]; /* combo */
    int n_vars;
} Opt;

/* A go the engine owes a bestmove for (or, if sent while another search may have been
 * running, a refusal). */
typedef struct {
    const GameOps *g;
    GamePos root;
    bool expect_null; /* bestmove 0000: nothing to search there, or a malformed go */
    bool may_refuse;  /* sent while the previous search might still run */
    bool unbounded;   /* ends only on stop (infinite, ponder, no limit for the mover...) */
    bool ponder_ok;   /* Ponder was on: bestmove may carry a ponder move */
    bool show_wdl;    /* UCI_ShowWDL was on: every info line with a score carries wdl */
    int n_search;
    Move search[8]; /* searchmoves */
} PendingGo;

typedef struct {
    uint64_t seed;
    Prng rng;
    Child *c;
    char log_path[64];
    /* the options the engine announced, and the values the test set */
    Opt opt[MAX_OPTS];
    int n_opt;
    int game_opt[GAMES_MAX][GAME_MAX_OPTIONS]; /* every game's option values */
    bool ponder_on, repetition, show_wdl;
    /* the game and the position the engine must hold (the referee's state) */
    const GameOps *g;
    Status status;
    GamePos pos;
    int loser; /* under ST_FORFEIT */
    Key *keys; /* the positions since the position command's start (repetition) */
    int n_keys, keys_cap;
    /* what the engine owes */
    PendingGo go[MAX_GOS];
    int n_go;
    int ready_owed, ugi_owed;
    char query_expect[MAX_QUERIES][8];
    int n_query;
    int readyoks, isreadys;  /* seen / sent */
    int free_form_until;     /* lines of d, eval and perft allowed until readyok no. */
    /* counts, and the record for a failure report */
    int errors, commands, bestmoves;
    bool unsynced; /* commands sent since the last readyok was awaited */
    char *hist[HISTORY];
    int hist_n;
} Session;

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static void sleep_ms(int ms) {
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    while (nanosleep(&ts, &ts) && errno == EINTR) {
    }
}

static uint32_t below(Session *S, uint32_t n) { return n ? prng_below(&S->rng, n) : 0; }
static bool chance(Session *S, int percent) { return below(S, 100) < (uint32_t)percent; }

/* ---- the record and failures ---- */

static void record(Session *S, const char *dir, const char *text, size_t len) {
    if (TRANSCRIPT) {
        fprintf(TRANSCRIPT, "%s ", dir);
        fwrite(text, 1, len, TRANSCRIPT);
        fputc('\n', TRANSCRIPT);
        fflush(TRANSCRIPT);
    }
    if (len > 160) len = 160;
    char *s = malloc(len + 8);
    if (!s) return;
    int n = snprintf(s, 8, "%s ", dir);
    for (size_t i = 0; i < len; i++) {
        unsigned char ch = (unsigned char)text[i];
        s[n++] = ch >= 0x20 && ch < 0x7f ? (char)ch : '?';
    }
    s[n] = '\0';
    free(S->hist[S->hist_n % HISTORY]);
    S->hist[S->hist_n++ % HISTORY] = s;
}

static void fail(Session *S, const char *fmt, ...) __attribute__((format(printf, 2, 3), noreturn));
static void fail(Session *S, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "\nSTRESS FAILURE (session seed %" PRIu64 ", command %d): ", S->seed, S->commands);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n--- the last lines sent (>) and received (<) ---\n");
    int from = S->hist_n > HISTORY ? S->hist_n - HISTORY : 0;
    for (int i = from; i < S->hist_n; i++) fprintf(stderr, "%s\n", S->hist[i % HISTORY]);
    fprintf(stderr, "--- (SIMIA_STRESS_TRANSCRIPT=FILE keeps every line whole)\n--- rerun this session alone with:\n    SIMIA_STRESS_SEED=%" PRIu64
                    " SIMIA_STRESS_SESSIONS=1 %s\n", S->seed, PROG);
    exit(1);
}

/* ---- the model: what the engine must hold after a position command ---- */

static GameConfig config(const Session *S) {
    GameConfig c;
    memset(&c, 0, sizeof c);
    int gi = game_index(S->g);
    for (int i = 0; i < S->g->n_options && i < GAME_MAX_OPTIONS; i++) c.v[i] = S->game_opt[gi][i];
    return c;
}

/* The position's occurrences so far (its own included): the third ends the game. */
static int occurrences(const Session *S, Key k) {
    int n = 0;
    for (int i = 0; i < S->n_keys; i++) n += S->keys[i] == k;
    return n;
}

static void remember(Session *S, const GamePos *p) {
    if (S->n_keys == S->keys_cap) {
        S->keys_cap = S->keys_cap ? 2 * S->keys_cap : 256;
        S->keys = realloc(S->keys, sizeof *S->keys * (size_t)S->keys_cap);
        if (!S->keys) abort();
    }
    S->keys[S->n_keys++] = S->g->key(p);
}

static bool repeated(const Session *S, const GamePos *p) {
    return S->repetition && S->g->repetition_outcome && occurrences(S, S->g->key(p)) >= 3;
}

/* As the engine applies `position`: a bad string leaves none, an illegal move the prefix
 * and a loss for the player who made it. */
static void model_position(Session *S, const char *fen, char **moves, int n) {
    const GameOps *G = S->g;
    GameConfig cfg = config(S);
    char err[ERR_STR_MAX];
    GamePos p;
    if (fen) {
        if (!G->parse_pos(&p, fen, &cfg, err)) {
            S->status = ST_NONE;
            return;
        }
    } else {
        G->startpos(&p, &cfg);
    }
    S->status = ST_PLAYING;
    S->n_keys = 0;
    remember(S, &p);
    for (int i = 0; i < n; i++) {
        bool over = game_result(G, &p) != RESULT_NONE || repeated(S, &p);
        Move m = over ? MOVE_NONE : G->parse_move(&p, moves[i]);
        if (m == MOVE_NONE) {
            S->status = ST_FORFEIT;
            S->loser = G->player_to_move(&p);
            break;
        }
        GameUndo u;
        G->make(&p, m, &u);
        remember(S, &p);
    }
    S->pos = p;
}

static GameResult model_result(const Session *S) {
    if (S->status == ST_NONE) return RESULT_NONE;
    if (S->status == ST_FORFEIT) return S->loser == PLAYER_1 ? RESULT_P2_WIN : RESULT_P1_WIN;
    GameResult r = game_result(S->g, &S->pos);
    if (r != RESULT_NONE || !repeated(S, &S->pos)) return r;
    Outcome o = S->g->repetition_outcome(&S->pos);
    if (o != OUTCOME_WIN && o != OUTCOME_LOSS) return RESULT_DRAW;
    return (S->g->player_to_move(&S->pos) == PLAYER_1) == (o == OUTCOME_WIN) ? RESULT_P1_WIN : RESULT_P2_WIN;
}

static bool playable(const Session *S) { return S->status == ST_PLAYING && model_result(S) == RESULT_NONE; }

/* ---- reading: every line the engine prints is checked as it arrives ---- */

static bool starts(const char *s, const char *prefix) { return !strncmp(s, prefix, strlen(prefix)); }

static void parse_option_line(Session *S, const char *l) {
    const char *name = l + strlen("option name "), *type = strstr(name, " type ");
    if (!type || S->n_opt == MAX_OPTS) return;
    Opt *o = &S->opt[S->n_opt];
    memset(o, 0, sizeof *o);
    snprintf(o->name, sizeof o->name, "%.*s", (int)(type - name), name);
    sscanf(type, " type %15s", o->type);
    const char *d = strstr(type, " default "), *mn = strstr(type, " min "), *mx = strstr(type, " max ");
    if (d) o->def = strtoll(d + 9, NULL, 10);
    if (d && !strcmp(o->type, "check")) o->def = !strncmp(d + 9, "true", 4);
    if (mn) o->min = strtoll(mn + 5, NULL, 10);
    if (mx) o->max = strtoll(mx + 5, NULL, 10);
    for (const char *v = strstr(type, " var "); v && o->n_vars < 16; v = strstr(v + 1, " var ")) {
        sscanf(v + 5, "%31s", o->vars[o->n_vars]);
        if (d && !strncmp(d + 9, o->vars[o->n_vars], strlen(o->vars[o->n_vars]))) o->def = o->n_vars;
        o->n_vars++;
    }
    for (int i = 0; i < S->n_opt; i++)
        if (!strcmp(S->opt[i].name, o->name)) return; /* announced again by a later ugi */
    S->n_opt++;
}

static void on_bestmove(Session *S, const char *l) {
    if (!S->n_go) fail(S, "a bestmove nobody asked for: '%s'", l);
    PendingGo *g = &S->go[0];
    char w[4][64];
    int n = 0;
    const char *s = l;
    while (*s && n < 4) { /* exactly single spaces between words, nothing trailing */
        const char *e = strchr(s, ' ');
        size_t len = e ? (size_t)(e - s) : strlen(s);
        if (!len || len >= sizeof w[0]) fail(S, "malformed bestmove line '%s'", l);
        memcpy(w[n], s, len);
        w[n++][len] = '\0';
        s += len;
        if (*s == ' ') s++;
        if (e && !*s) fail(S, "bestmove line ends in a space: '%s'", l);
    }
    if (*s || (n != 2 && n != 4) || (n == 4 && strcmp(w[2], "ponder")))
        fail(S, "bestmove line must be 'bestmove M' or 'bestmove M ponder P': '%s'", l);
    if (g->expect_null) {
        if (strcmp(w[1], "0000") || n != 2) fail(S, "expected 'bestmove 0000' (nothing to search), got '%s'", l);
    } else {
        const GameOps *G = g->g;
        Move m = G->parse_move(&g->root, w[1]);
        if (m == MOVE_NONE) fail(S, "ILLEGAL bestmove '%s' in the position of its go", w[1]);
        if (g->n_search) {
            bool listed = false;
            for (int i = 0; i < g->n_search; i++) listed |= g->search[i] == m;
            if (!listed) fail(S, "bestmove '%s' is not among the searchmoves", w[1]);
        }
        if (n == 4) {
            if (!g->ponder_ok) fail(S, "a ponder move while the Ponder option is off: '%s'", l);
            GamePos after = g->root;
            GameUndo u;
            G->make(&after, m, &u);
            if (G->parse_move(&after, w[3]) == MOVE_NONE) fail(S, "illegal ponder move in '%s'", l);
        }
    }
    memmove(&S->go[0], &S->go[1], sizeof S->go[0] * (size_t)--S->n_go);
    S->bestmoves++;
}

/* An info line with a score carries " wdl W D L" (per mille, summing to 1000, before the
 * nodes) exactly when UCI_ShowWDL was on at its go. */
static void check_wdl(Session *S, const char *l, bool on) {
    const char *at = strstr(l, " wdl ");
    if (!on) {
        if (at) fail(S, "wdl while UCI_ShowWDL is off: '%s'", l);
        return;
    }
    int w[3];
    if (!at || sscanf(at, " wdl %d %d %d", &w[0], &w[1], &w[2]) != 3 || w[0] < 0 || w[1] < 0 || w[2] < 0 ||
        w[0] + w[1] + w[2] != 1000 || (strstr(l, " nodes ") && at > strstr(l, " nodes ")))
        fail(S, "UCI_ShowWDL is on: expected ' wdl W D L' summing to 1000 after the score: '%s'", l);
}

static void on_line(Session *S, const char *l) {
    record(S, "<", l, strlen(l));
    bool free_form = S->readyoks < S->free_form_until;
    if (starts(l, "bestmove")) {
        on_bestmove(S, l);
    } else if (!strcmp(l, "readyok")) {
        if (!S->ready_owed) fail(S, "readyok without isready");
        S->ready_owed--, S->readyoks++;
    } else if (starts(l, "info string error: go: refused")) {
        S->errors++;
        int i = S->n_go - 1;
        while (i >= 0 && !S->go[i].may_refuse) i--;
        if (i < 0) fail(S, "a go refused although no search could have been running");
        memmove(&S->go[i], &S->go[i + 1], sizeof S->go[0] * (size_t)(S->n_go - i - 1));
        S->n_go--;
    } else if (starts(l, "info string ")) {
        S->errors += starts(l, "info string error: ");
    } else if (starts(l, "info ")) {
        if (!S->n_go && !free_form) fail(S, "search output with no search running: '%s'", l);
        if (S->n_go && strstr(l, " score ")) check_wdl(S, l, S->go[0].show_wdl);
    } else if (starts(l, "response ")) {
        if (!S->n_query) fail(S, "a response to no query: '%s'", l);
        if (strcmp(l + 9, S->query_expect[0]))
            fail(S, "the referee says '%s', expected 'response %s'", l, S->query_expect[0]);
        memmove(S->query_expect[0], S->query_expect[1], sizeof S->query_expect[0] * (size_t)--S->n_query);
    } else if (S->ugi_owed && (starts(l, "id name ") || starts(l, "id author ") || !strcmp(l, "ugiok") ||
                               !strcmp(l, "uciok"))) {
        S->ugi_owed -= !strcmp(l, "ugiok") || !strcmp(l, "uciok"); /* `uci` is answered in UCI */
    } else if (S->ugi_owed && starts(l, "option name ")) {
        parse_option_line(S, l);
    } else if (free_form) {
        if (starts(l, "Fen: ") && S->status != ST_NONE) {
            char fen[POS_STR_MAX], err[ERR_STR_MAX];
            GamePos q;
            GameConfig cfg = config(S);
            S->g->print_pos(&S->pos, fen);
            if (S->g->parse_pos(&q, fen, &cfg, err) && strcmp(l + 5, fen))
                fail(S, "the engine holds '%s', the test set '%s'", l + 5, fen);
        }
    } else {
        fail(S, "not a protocol line on stdout: '%s'", l);
    }
}

/* Reads lines until cond holds; a wait longer than HANG_MS, or the engine's death, fails. */
static void wait_for(Session *S, bool (*cond)(const Session *), const char *what) {
    int64_t deadline = now_ms() + HANG_MS;
    while (!cond(S)) {
        int64_t left = deadline - now_ms();
        const char *l = left > 0 ? child_line(S->c, (int)left) : NULL;
        if (!l) {
            int st = child_wait(S->c, 0);
            if (st >= 0) fail(S, "the engine died (status %d) while the test waited for %s", st, what);
            fail(S, "HANG: no %s within %d ms", what, HANG_MS);
        }
        on_line(S, l);
    }
}

/* Whatever output is already there. */
static void drain(Session *S) {
    const char *l;
    while ((l = child_line(S->c, 0))) on_line(S, l);
}

static bool no_ready_owed(const Session *S) { return S->ready_owed == 0; }
static bool no_go_owed(const Session *S) { return S->n_go == 0; }
static bool no_ugi_owed(const Session *S) { return S->ugi_owed == 0; }

/* ---- writing, with the spellings arenas use: any case for the command word, runs of
 * blanks and tabs between words, CRLF ---- */

static void send_raw(Session *S, const char *data, size_t len) {
    record(S, ">", data, len && data[len - 1] == '\n' ? len - 1 : len);
    if (!child_write(S->c, data, len, HANG_MS)) fail(S, "the engine stopped reading its input");
    S->commands++;
    S->unsynced = true;
}

static void send_line(Session *S, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void send_line(Session *S, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *line = malloc((size_t)n + 1), *out = malloc((size_t)n * 4 + 8);
    if (!line || !out) fail(S, "out of memory");
    va_start(ap, fmt);
    vsnprintf(line, (size_t)n + 1, fmt, ap);
    va_end(ap);
    size_t o = 0;
    bool blanks = chance(S, 15), caps = chance(S, 15);
    if (chance(S, 5)) out[o++] = '\t';
    bool first = true;
    for (const char *s = line; *s; s++) {
        if (*s == ' ') {
            first = false;
            if (blanks)
                for (uint32_t k = 1 + below(S, 3); k--;) out[o++] = chance(S, 50) ? ' ' : '\t';
            else out[o++] = ' ';
        } else {
            out[o++] = first && caps && *s >= 'a' && *s <= 'z' ? (char)(*s - 32) : *s;
        }
    }
    if (chance(S, 5)) out[o++] = ' ';
    if (chance(S, 15)) out[o++] = '\r';
    out[o++] = '\n';
    send_raw(S, out, o);
    free(line);
    free(out);
}

static void isready(Session *S) {
    send_line(S, "isready");
    S->ready_owed++, S->isreadys++;
}

/* isready, and its answer (and everything before it). */
static void sync_ready(Session *S) {
    isready(S);
    wait_for(S, no_ready_owed, "readyok");
    S->unsynced = false;
}

/* Sends one command while no search runs and checks, at the next readyok, that it drew an
 * error line exactly when it deserved one (expect_error: 1 yes, 0 no). */
static void idle_raw_checked(Session *S, int expect_error, const char *data, size_t len) {
    if (S->unsynced) sync_ready(S); /* the errors of earlier commands are counted before */
    int before = S->errors;
    send_raw(S, data, len);
    sync_ready(S);
    int got = S->errors - before;
    if (expect_error == 0 && got) fail(S, "an error line for a valid command: '%.100s'", data);
    if (expect_error == 1 && !got) fail(S, "no error line for a bad command: '%.100s'", data);
}

static void idle_command_checked(Session *S, int expect_error, const char *line) {
    size_t n = strlen(line);
    char *l = malloc(n + 2);
    memcpy(l, line, n);
    l[n] = '\n';
    idle_raw_checked(S, expect_error, l, n + 1);
    free(l);
}

/* ---- positions ---- */

/* A legal game from the start position (current options), up to max plies; the moves are
 * written into text (space-separated, a leading space each). Returns the plies. */
static int random_game_moves(Session *S, GamePos *p, int max, char **text, size_t *len, size_t *cap) {
    const GameOps *G = S->g;
    GameConfig cfg = config(S);
    G->startpos(p, &cfg);
    Move list[MAX_MOVES];
    int plies = 0;
    while (plies < max) {
        int n = G->gen_moves(p, list, GEN_ALL);
        if (!n || game_result(G, p) != RESULT_NONE) break;
        Move m = list[below(S, (uint32_t)n)];
        char ms[MOVE_STR_MAX];
        G->print_move(p, m, ms);
        if (*len + MOVE_STR_MAX + 2 > *cap) {
            *cap = (*cap + MOVE_STR_MAX + 2) * 2;
            *text = realloc(*text, *cap);
            if (!*text) abort();
        }
        *len += (size_t)sprintf(*text + *len, " %s", ms);
        GameUndo u;
        G->make(p, m, &u);
        plies++;
    }
    return plies;
}

/* Monkey Queen: a board built square by square, from empty to all 144 squares full, queens
 * up to 99 high; now and then one byte spoiled. */
static void random_mq_board(Session *S, char *fen) {
    int density = (int)below(S, 101), hq[2] = {2 + (int)below(S, 98), 2 + (int)below(S, 98)};
    if (chance(S, 20)) density = 100;
    if (chance(S, 30)) hq[0] = hq[1] = 99;
    int qsq[2] = {(int)below(S, 144), (int)below(S, 144)};
    if (qsq[1] == qsq[0]) qsq[1] = (qsq[0] + 1) % 144;
    char *o = fen;
    for (int r = 11; r >= 0; r--) {
        int empty = 0;
        for (int f = 0; f < 12; f++) {
            int sq = r * 12 + f;
            char piece = 0;
            if (sq == qsq[0] || sq == qsq[1]) piece = sq == qsq[0] ? 'I' : 'C';
            else if ((int)below(S, 100) < density) piece = chance(S, 50) ? 'i' : 'c';
            if (!piece) {
                empty++;
                continue;
            }
            if (empty) o += sprintf(o, "%d", empty), empty = 0;
            if (piece == 'I' || piece == 'C') o += sprintf(o, "%c[%d]", piece, hq[piece == 'C']);
            else *o++ = piece;
        }
        if (empty) o += sprintf(o, "%d", empty);
        if (r) *o++ = '/';
    }
    static const char *const TAILS[] = {" i - ", " c - ", " i w ", " c a ", " i s ", " c s "};
    o += sprintf(o, "%s%d", TAILS[below(S, 6)], chance(S, 80) ? (int)below(S, 300) : (int)below(S, 1000000000));
    if (chance(S, 10)) fen[below(S, (uint32_t)(o - fen))] = "x[]0/9 Ic"[below(S, 9)];
}

/* Any game: the position string of a played position, now and then with bytes spoiled
 * (letters, digits, brackets, separators) or a field cut off. */
static void random_board(Session *S, char *fen, const GamePos *played) {
    if (!strcmp(S->g->name, "monkeyqueen") && chance(S, 70)) {
        random_mq_board(S, fen);
        return;
    }
    S->g->print_pos(played, fen);
    size_t len = strlen(fen);
    int spoil = chance(S, 40) ? 1 + (int)below(S, 3) : 0;
    for (int i = 0; i < spoil && len; i++) fen[below(S, (uint32_t)len)] = "x[]0/9 ()@-+=1Tt"[below(S, 16)];
    if (chance(S, 10)) {
        char *sp = strrchr(fen, ' ');
        if (sp) *sp = '\0';
    }
}

/* Cuts a string of moves into words (in place). */
static int split(char *s, char **w, int max) {
    int n = 0;
    for (char *t = strtok(s, " "); t && n < max; t = strtok(NULL, " ")) w[n++] = t;
    return n;
}

static const char *const JUNK_MOVES[] = {"a1a1", "z9z9", "g1", "swap", "l12l13", "0000", "g1g7x", "m1m2", "SWAP", "a0a1"};

static void cmd_position(Session *S) {
    const GameOps *G = S->g;
    char *moves = NULL, fen[2048];
    size_t len = 0, cap = 0;
    GamePos p;
    int kind = (int)below(S, 100);
    if (kind < 8) { /* malformed commands: no valid position afterwards */
        static const char *const BAD[] = {"position", "position fen", "position foo", "position startpos extra",
                                          "position startpos moves g1g7 garbage then", "position fen moves g1g7",
                                          "position FEN", "position fen 12/12 i - 0"};
        const char *b = BAD[below(S, sizeof BAD / sizeof BAD[0])];
        /* "startpos moves g1g7 garbage then" is a legal move then an illegal one: a forfeit */
        if (!strncmp(b, "position startpos moves", 23)) {
            char buf[64];
            snprintf(buf, sizeof buf, "%s", b + 24);
            char *w[8];
            int n = split(buf, w, 8);
            model_position(S, NULL, w, n);
        } else {
            S->status = ST_NONE;
        }
        if (!S->n_go) idle_command_checked(S, 1, b);
        else send_line(S, "%s", b);
        return;
    }
    /* moves from the start, or a position string: reached by play, or built */
    bool from_fen = kind >= 50;
    int plies = kind < 15 ? 0 : (int)below(S, chance(S, 20) ? 2000 : 40);
    random_game_moves(S, &p, plies, &moves, &len, &cap);
    char *list = NULL;
    size_t llen = 0, lcap = 0;
    if (from_fen) {
        if (kind < 75) G->print_pos(&p, fen);
        else random_board(S, fen, &p);
        GamePos q;
        GameConfig cfg = config(S);
        char err[ERR_STR_MAX];
        if (G->parse_pos(&q, fen, &cfg, err)) { /* a few moves on from there */
            int n = (int)below(S, 6);
            Move l[MAX_MOVES];
            for (int i = 0; i < n; i++) {
                int k = G->gen_moves(&q, l, GEN_ALL);
                if (!k || game_result(G, &q) != RESULT_NONE) break;
                Move m = l[below(S, (uint32_t)k)];
                char ms[MOVE_STR_MAX];
                G->print_move(&q, m, ms);
                if (llen + MOVE_STR_MAX + 2 > lcap) lcap = (lcap + 32) * 2, list = realloc(list, lcap);
                llen += (size_t)sprintf(list + llen, " %s", ms);
                GameUndo u;
                G->make(&q, m, &u);
            }
        }
    } else {
        list = moves, llen = len, lcap = cap, moves = NULL;
    }
    /* sometimes an illegal move, and then thousands of plies of whatever */
    if (chance(S, 15)) {
        int extra = chance(S, 10) ? 3000 : 1 + (int)below(S, 3);
        for (int i = 0; i < extra; i++) {
            const char *j = JUNK_MOVES[below(S, sizeof JUNK_MOVES / sizeof JUNK_MOVES[0])];
            if (llen + 16 > lcap) lcap = (lcap + 32) * 2, list = realloc(list, lcap);
            llen += (size_t)sprintf(list + llen, " %s", j);
        }
    }
    if (chance(S, 10) && list) /* moves in capitals are accepted too */
        for (size_t i = 0; i < llen; i++)
            if (list[i] >= 'a' && list[i] <= 'z') list[i] = (char)(list[i] - 32);
    /* the model first (split needs a copy) */
    char *copy = strdup(list ? list : "");
    int maxw = (int)(llen / 2 + 2);
    char **w = malloc(sizeof *w * (size_t)maxw);
    int n = split(copy, w, maxw);
    model_position(S, from_fen ? fen : NULL, w, n);
    free(w);
    free(copy);
    size_t size = llen + strlen(fen) + 64;
    char *line = malloc(size);
    if (from_fen) snprintf(line, size, "position fen %s%s%s", fen, list || chance(S, 30) ? " moves" : "", list ? list : "");
    else snprintf(line, size, "position startpos%s%s", list || chance(S, 30) ? " moves" : "", list ? list : "");
    if (!S->n_go && chance(S, 50)) idle_command_checked(S, S->status != ST_PLAYING, line);
    else send_line(S, "%s", line);
    free(line);
    free(list);
    free(moves);
}

/* ---- options ---- */

static Opt *find_opt(Session *S, const char *name) {
    for (int i = 0; i < S->n_opt; i++)
        if (!strcasecmp(S->opt[i].name, name)) return &S->opt[i];
    return NULL;
}

/* The largest value the test sets for an option: small tables and few threads keep a
 * session light; the rest of the range is the engine's to check. */
static long long top_value(const Opt *o) {
    if (!strcasecmp(o->name, "Hash")) return o->max < 64 ? o->max : 64;
    if (!strcasecmp(o->name, "Threads")) return o->max < 4 ? o->max : 4;
    if (!strcasecmp(o->name, "Move Overhead")) return o->max < 30 ? o->max : 30;
    /* Many lines multiply a search: on a crowded board even depth 1 of 100 lines takes seconds. */
    if (!strcasecmp(o->name, "MultiPV")) return o->max < 4 ? o->max : 4;
    return o->max;
}

/* Records the value of a game's rule option (announced as its prefix and name); false for a
 * value the game refuses (e.g. an even board width). Other options: true. */
static bool set_game_option(Session *S, const char *name, long long v) {
    for (int g = 0; g < GAMES_COUNT; g++)
        for (int i = 0; i < GAMES[g]->n_options && i < GAME_MAX_OPTIONS; i++) {
            char full[96];
            snprintf(full, sizeof full, "%s%s", GAMES[g]->option_prefix, GAMES[g]->options[i].name);
            if (strcasecmp(full, name)) continue;
            if (GAMES[g]->options[i].refuse && GAMES[g]->options[i].refuse((int)v)) return false;
            S->game_opt[g][i] = (int)v;
            return true;
        }
    return true;
}

/* `setoption name Game value X` while idle: the engine plays X from its start position
 * (also when X is the game already played); a name that is no game is refused. */
static void cmd_game(Session *S, bool bad) {
    const GameOps *g = game_find(GAMES[below(S, (uint32_t)GAMES_COUNT)]->name);
    char line[128];
    snprintf(line, sizeof line, "setoption name Game value %s", bad ? "tictactoe" : g->name);
    if (chance(S, 20))
        for (char *c = line + 25; *c; c++) *c = (char)(*c >= 'a' && *c <= 'z' ? *c - 32 : *c);
    idle_command_checked(S, bad, line);
    if (bad) return;
    S->g = g;
    model_position(S, NULL, NULL, 0);
}

static void cmd_setoption(Session *S) {
    char line[512];
    int valid = 1;
    if (!S->n_opt || chance(S, 5)) {
        snprintf(line, sizeof line, "%s", chance(S, 50) ? "setoption name NoSuchOption value 3" : "setoption value 3");
        valid = 0;
    } else {
        Opt *o = &S->opt[below(S, (uint32_t)S->n_opt)];
        if (!strcmp(o->type, "spin")) {
            long long v = o->min + (long long)below(S, (uint32_t)(top_value(o) - o->min + 1));
            char vs[64];
            snprintf(vs, sizeof vs, "%lld", v);
            if (chance(S, 25)) { /* out of range or not a number */
                valid = 0;
                static const char *const BAD[] = {"abc", "", "1e3", "12x", "99999999999999999999999"};
                int k = (int)below(S, 7);
                /* UCI_Elo is announced over the game's scale but takes every game's (an arena
                 * may set it before Game): out of range is beyond all of them */
                long long lo = o->min, hi = o->max;
                if (!strcasecmp(o->name, "UCI_Elo")) {
                    int a, b;
                    strength_range(&a, &b);
                    lo = a, hi = b;
                }
                if (k == 5) snprintf(vs, sizeof vs, "%lld", lo - 1);
                else if (k == 6 && hi < LLONG_MAX) snprintf(vs, sizeof vs, "%lld", hi + 1);
                else snprintf(vs, sizeof vs, "%s", BAD[k % 5]);
            }
            snprintf(line, sizeof line, "setoption name %s value %s", o->name, vs);
            if (valid && !set_game_option(S, o->name, v)) valid = 0;
        } else if (!strcmp(o->type, "check")) {
            int k = (int)below(S, 5);
            static const char *const VALS[] = {"true", "false", "TRUE", "False", "maybe"};
            valid = k < 4;
            snprintf(line, sizeof line, "setoption name %s value %s", o->name, VALS[k]);
            if (valid) {
                set_game_option(S, o->name, k % 2 == 0);
                if (!strcasecmp(o->name, "Ponder")) S->ponder_on = k % 2 == 0;
                if (!strcasecmp(o->name, "Repetition")) S->repetition = k % 2 == 0;
                if (!strcasecmp(o->name, "UCI_ShowWDL")) S->show_wdl = k % 2 == 0;
            }
        } else if (!strcmp(o->type, "combo") && !strcasecmp(o->name, "Game")) {
            if (S->n_go) return; /* switched only when idle: the engine resets the position */
            cmd_game(S, chance(S, 10));
            return;
        } else if (!strcmp(o->type, "combo") && o->n_vars) {
            int k = (int)below(S, (uint32_t)o->n_vars + 1);
            valid = k < o->n_vars;
            snprintf(line, sizeof line, "setoption name %s value %s", o->name, valid ? o->vars[k] : "no-such-value");
            if (valid) set_game_option(S, o->name, k);
        } else if (!strcmp(o->type, "button")) {
            snprintf(line, sizeof line, "setoption name %s", o->name);
        } else if (!strcasecmp(o->name, "Debug Log File")) {
            snprintf(line, sizeof line, "setoption name %s value %s", o->name, chance(S, 60) ? S->log_path : "<empty>");
        } else {
            return; /* another string option (a file the engine would read): not here */
        }
    }
    /* Hash and Threads (and the hash button) may be refused during a search */
    if (S->n_go) send_line(S, "%s", line);
    else idle_command_checked(S, valid ? 0 : 1, line);
}

/* Hash beyond what the machine has: refused with a message, the engine plays on. */
static void cmd_hash_too_big(Session *S) {
    Opt *o = find_opt(S, "Hash");
    if (!o || S->n_go) return;
    long long phys = (long long)sysconf(_SC_PHYS_PAGES) / 1024 * (long long)sysconf(_SC_PAGESIZE) / 1024;
    long long v = chance(S, 50) && o->max < LLONG_MAX ? o->max + 1 : phys * 2;
    if (v <= 0 || (v <= o->max && phys <= 0)) return;
    char line[128];
    snprintf(line, sizeof line, "setoption name Hash value %lld", v);
    idle_command_checked(S, 1, line);
}

/* ---- go ---- */

static void cmd_query(Session *S) {
    static const char *const Q[] = {"gameover", "p1turn", "result"};
    int k = (int)below(S, 3);
    const char *a;
    if (k == 0) a = S->status != ST_PLAYING || model_result(S) != RESULT_NONE ? "true" : "false";
    else if (k == 1) a = S->status == ST_NONE || S->g->player_to_move(&S->pos) == PLAYER_1 ? "true" : "false";
    else {
        static const char *const R[] = {[RESULT_NONE] = "none", [RESULT_P1_WIN] = "p1win",
                                        [RESULT_P2_WIN] = "p2win", [RESULT_DRAW] = "draw"};
        a = R[model_result(S)];
    }
    if (S->n_query >= MAX_QUERIES - 1) sync_ready(S); /* the responses come before the readyok */
    snprintf(S->query_expect[S->n_query++], sizeof S->query_expect[0], "%s", a);
    send_line(S, "query %s", Q[k]);
}

/* Sends a random go; registers what it owes. */
static void send_go(Session *S, bool may_refuse) {
    char line[1024];
    int o = snprintf(line, sizeof line, "go");
    PendingGo g;
    memset(&g, 0, sizeof g);
    g.g = S->g;
    g.root = S->pos;
    g.may_refuse = may_refuse;
    g.ponder_ok = S->ponder_on;
    g.show_wdl = S->show_wdl;
    bool bad = false, bounded = false;
    int kind = (int)below(S, 13);
    const char *p1 = chance(S, 30) ? "wtime" : "p1time", *p2 = p1[0] == 'w' ? "btime" : "p2time";
    switch (kind) {
    case 0:
        o += snprintf(line + o, sizeof line - (size_t)o, " depth %d", 1 + (int)below(S, 3)), bounded = true;
        break;
    case 1:
        o += snprintf(line + o, sizeof line - (size_t)o, " nodes %d", 1 + (int)below(S, 20000)), bounded = true;
        break;
    case 2:
        o += snprintf(line + o, sizeof line - (size_t)o, " movetime %d", (int)below(S, 40)), bounded = true;
        break;
    case 3: /* a clock for each player, and sometimes increments and moves to go */
        o += snprintf(line + o, sizeof line - (size_t)o, " %s %d %s %d", p1, (int)below(S, 1000), p2,
                      (int)below(S, 1000));
        if (chance(S, 50))
            o += snprintf(line + o, sizeof line - (size_t)o, " %s %d %s %d", p1[0] == 'w' ? "winc" : "p1inc",
                          (int)below(S, 30), p1[0] == 'w' ? "binc" : "p2inc", (int)below(S, 30));
        if (chance(S, 30)) o += snprintf(line + o, sizeof line - (size_t)o, " movestogo %d", (int)below(S, 40));
        bounded = true;
        break;
    case 4:
        o += snprintf(line + o, sizeof line - (size_t)o, " infinite");
        break;
    case 5: /* pondering, on a clock */
        o += snprintf(line + o, sizeof line - (size_t)o, " ponder %s %d %s %d", p1, 50 + (int)below(S, 500), p2,
                      50 + (int)below(S, 500));
        break;
    case 6: /* no limit at all, or a depth that takes forever: stopped */
        if (chance(S, 50)) o += snprintf(line + o, sizeof line - (size_t)o, " depth 100");
        break;
    case 7: { /* searchmoves: some of the legal moves */
        const GameOps *G = S->g;
        Move l[MAX_MOVES];
        int n = playable(S) ? G->gen_moves(&S->pos, l, GEN_ALL) : 0;
        o += snprintf(line + o, sizeof line - (size_t)o, " searchmoves");
        int k = n ? 1 + (int)below(S, n < 8 ? (uint32_t)n : 8) : 0;
        for (int i = 0; i < k; i++) {
            Move m = l[below(S, (uint32_t)n)];
            char ms[MOVE_STR_MAX];
            G->print_move(&S->pos, m, ms);
            o += snprintf(line + o, sizeof line - (size_t)o, " %s", ms);
            g.search[g.n_search++] = m;
        }
        if (!k) o += snprintf(line + o, sizeof line - (size_t)o, " a1a2"); /* not read: nothing to search */
        if (chance(S, 70)) o += snprintf(line + o, sizeof line - (size_t)o, " depth %d", 1 + (int)below(S, 3)), bounded = true;
        break;
    }
    case 8: { /* malformed */
        static const char *const BAD[] = {" depth", " depth -1", " nodes 0", " movetime -5", " bogus", " depth x",
                                          " movestogo -1", " perft 99", " searchmoves", " p1time", " mate",
                                          " mate 0", " mate -2", " mate x"};
        o += snprintf(line + o, sizeof line - (size_t)o, "%s", BAD[below(S, sizeof BAD / sizeof BAD[0])]);
        bad = true;
        break;
    }
    case 12: /* go mate: alone it ends at the depth of its moves; or with a limit of its own */
        o += snprintf(line + o, sizeof line - (size_t)o, " mate %d", 1 + (int)below(S, 2));
        if (chance(S, 40)) o += snprintf(line + o, sizeof line - (size_t)o, " movetime %d", (int)below(S, 40));
        bounded = true;
        break;
    default: /* two limits at once */
        o += snprintf(line + o, sizeof line - (size_t)o, " depth %d movetime %d", 1 + (int)below(S, 3),
                      (int)below(S, 30));
        bounded = true;
        break;
    }
    (void)o;
    g.expect_null = bad || !playable(S);
    g.unbounded = !bounded && !g.expect_null;
    if (S->n_go == MAX_GOS) fail(S, "test bug: too many gos outstanding");
    S->go[S->n_go++] = g;
    send_line(S, "%s", line);
}

static bool any_unbounded(const Session *S) {
    for (int i = 0; i < S->n_go; i++)
        if (S->go[i].unbounded) return true;
    return false;
}

/* Something done while a search runs, after a random pause. */
static void mid_search(Session *S) {
    sleep_ms(chance(S, 30) ? 0 : (int)below(S, 25));
    int k = (int)below(S, 100);
    if (k < 25) {
        isready(S); /* answered at once, also mid-search */
        wait_for(S, no_ready_owed, "readyok while searching");
    } else if (k < 40) {
        cmd_query(S);
    } else if (k < 50) {
        if (S->n_go == 1) send_go(S, true); /* refused, unless the search has just ended */
    } else if (k < 60) {
        cmd_position(S); /* the running search keeps its own root */
    } else if (k < 70) {
        cmd_setoption(S);
    } else if (k < 76) {
        send_line(S, "ponderhit");
    } else if (k < 82) {
        send_line(S, "%s", chance(S, 50) ? "d" : "eval");
        S->free_form_until = S->isreadys + 1;
        sync_ready(S); /* read before the test moves on to another position */
    } else if (k < 88) {
        send_line(S, "\x01junk while searching \x7f");
    } else if (k < 94) {
        send_line(S, "uginewgame"); /* ends the search: its bestmove comes first */
    } else {
        send_line(S, "stop");
    }
}

static void cmd_go(Session *S) {
    send_go(S, S->n_go > 0);
    for (int n = chance(S, 40) ? 0 : (int)below(S, 4); n--;) mid_search(S);
    if (any_unbounded(S) || chance(S, 40)) {
        sleep_ms((int)below(S, 30));
        send_line(S, "stop");
    }
    wait_for(S, no_go_owed, "bestmove");
}

/* ---- the rest ---- */

static void cmd_junk(Session *S) {
    int k = (int)below(S, 100);
    if (k < 50) { /* binary: never a newline inside, never a command word first */
        size_t n = 1 + below(S, 300);
        char *b = malloc(n + 2);
        b[0] = (char)(0x80 + below(S, 0x80));
        for (size_t i = 1; i < n; i++) {
            char ch = (char)below(S, 256);
            b[i] = ch == '\n' || ch == '\r' ? ' ' : ch;
        }
        b[n] = '\n';
        send_raw(S, b, n + 1);
        free(b);
        if (!S->n_go) sync_ready(S);
    } else if (k < 80) { /* printable nonsense, and commands with missing pieces */
        static const char *const J[] = {"hello engine", "setoption", "setoption name", "query", "query foo",
                                        "ponderhit", "stop", "gox", "isready now", "uginewgame 7"};
        const char *j = J[below(S, sizeof J / sizeof J[0])];
        if (!strncmp(j, "query", 5)) return; /* answered "response unknown": not mixed into query checks */
        send_line(S, "%s", j);
        if (!strncmp(j, "isready", 7)) S->ready_owed++, S->isreadys++; /* and a word too many */
    } else if (k < 97) { /* a long line under the limit: a position with a huge junk tail */
        size_t n = 1000 + below(S, 200000);
        char *b = malloc(n + 32);
        size_t o = (size_t)sprintf(b, "position startpos moves");
        while (o < n) o += (size_t)sprintf(b + o, " %s", JUNK_MOVES[below(S, 10)]);
        b[o++] = '\n';
        send_raw(S, b, o);
        char *first = b + strlen("position startpos moves ");
        first[strcspn(first, " \n")] = '\0';
        model_position(S, NULL, &first, 1); /* the first junk word forfeits */
        free(b);
        if (!S->n_go) sync_ready(S);
    } else { /* over the line limit (1 MiB): dropped in constant memory, with a message */
        size_t n = (1u << 20) + 1 + below(S, 100000);
        char *b = malloc(n + 1);
        memset(b, 'q', n);
        b[n] = '\n';
        if (S->n_go) send_raw(S, b, n + 1);
        else idle_raw_checked(S, 1, b, n + 1);
        free(b);
    }
}

static void cmd_other(Session *S) {
    int k = (int)below(S, 100);
    if (k < 20) {
        send_line(S, "%s", chance(S, 70) ? "ugi" : "uci");
        S->ugi_owed++;
        wait_for(S, no_ugi_owed, "ugiok or uciok");
    } else if (k < 30) {
        send_line(S, "%s", chance(S, 70) ? "uginewgame" : "ucinewgame");
    } else if (k < 32) {
        cmd_game(S, chance(S, 10));
    } else if (k < 60) {
        send_line(S, "d");
        S->free_form_until = S->isreadys + 1;
        sync_ready(S);
    } else if (k < 70) {
        send_line(S, "eval");
        S->free_form_until = S->isreadys + 1;
        sync_ready(S);
    } else if (k < 75) { /* debug: on and off are quiet, anything else one error */
        static const char *const D[] = {"debug on", "debug off", "DEBUG ON", "debug", "debug loud"};
        int d = (int)below(S, 5);
        if (S->n_go) send_line(S, "%s", D[d]);
        else idle_command_checked(S, d >= 3, D[d]);
    } else if (k < 88) { /* (not bench: a job of minutes by design, which blocks isready) */
        send_line(S, "go perft %d", 1 + (int)below(S, 2));
        S->free_form_until = S->isreadys + 1;
        sync_ready(S);
    } else {
        send_line(S, "%s", chance(S, 50) ? "stop" : "ponderhit");
    }
}

/* ---- a session ---- */

static void session_end(Session *S) {
    int k = (int)below(S, 100);
    bool searching = chance(S, 40);
    if (searching) {
        if (!playable(S)) model_position(S, NULL, NULL, 0), send_line(S, "position startpos");
        PendingGo g; /* (a start position can be lost already: IvoryHeight 2 has no move) */
        memset(&g, 0, sizeof g);
        g.g = S->g;
        g.root = S->pos;
        g.expect_null = !playable(S);
        g.unbounded = !g.expect_null;
        g.ponder_ok = S->ponder_on;
        g.show_wdl = S->show_wdl;
        S->go[S->n_go++] = g;
        send_line(S, "go infinite");
        sleep_ms((int)below(S, 30));
    }
    if (k < 50) {
        send_line(S, "quit");
    } else if (k < 80) {
        child_close_stdin(S->c);
    } else { /* end of input in the middle of a line (which still counts as a line) */
        static const char *const PART[] = {"position startpos moves g1", "isr", "setoption name Hash val"};
        const char *p = PART[below(S, 3)];
        if (!strncmp(p, "position", 8)) model_position(S, NULL, (char *[]){"g1"}, 1);
        send_raw(S, p, strlen(p));
        child_close_stdin(S->c);
    }
    int st = child_wait(S->c, HANG_MS);
    if (st == -1) fail(S, "HANG: the engine did not exit within %d ms after %s", HANG_MS, k < 50 ? "quit" : "end of input");
    drain(S);
    if (st != 0) fail(S, "the engine exited with status %d after %s", st, k < 50 ? "quit" : "end of input");
    if (S->n_go) fail(S, "the engine left without the bestmove of a search (%d owed)", S->n_go);
    if (S->ready_owed || S->n_query) fail(S, "the engine left with isready or a query unanswered");
}

static void run_session(uint64_t seed, int *commands, int *bestmoves) {
    Session *S = calloc(1, sizeof *S);
    S->seed = seed;
    S->rng.s = seed;
    for (int g = 0; g < GAMES_COUNT; g++)
        for (int i = 0; i < GAMES[g]->n_options && i < GAME_MAX_OPTIONS; i++) S->game_opt[g][i] = GAMES[g]->options[i].def;
    S->repetition = true;
    /* Each session starts in a game of its own: by --game, or the default game. */
    bool by_arg = chance(S, 80);
    S->g = game_find(GAMES[by_arg ? seed % (uint64_t)GAMES_COUNT : 0]->name);
    model_position(S, NULL, NULL, 0);
    snprintf(S->log_path, sizeof S->log_path, "/tmp/simia-stress-%d.log", (int)getpid());
    char game_arg[64];
    snprintf(game_arg, sizeof game_arg, "%s", S->g->name);
    char *argv_game[] = {SIMIA_BINARY, "--game", game_arg, NULL}, *argv_plain[] = {SIMIA_BINARY, NULL};
    S->c = child_start(by_arg ? argv_game : argv_plain);
    if (!S->c) fail(S, "cannot start %s", SIMIA_BINARY);
    /* the handshake, mostly (some GUIs go straight to work) */
    if (chance(S, 90)) {
        send_line(S, "ugi");
        S->ugi_owed++;
        wait_for(S, no_ugi_owed, "ugiok");
    }
    int steps = 20 + (int)below(S, 100);
    for (int i = 0; i < steps; i++) {
        int k = (int)below(S, 100);
        if (k < 22) cmd_position(S);
        else if (k < 50) cmd_go(S);
        else if (k < 60) cmd_setoption(S);
        else if (k < 62) cmd_hash_too_big(S);
        else if (k < 72) cmd_query(S);
        else if (k < 78) sync_ready(S);
        else if (k < 86) cmd_junk(S);
        else cmd_other(S);
        drain(S);
    }
    sync_ready(S); /* every query answered by now */
    if (S->n_query) fail(S, "%d queries unanswered", S->n_query);
    session_end(S);
    *commands += S->commands;
    *bestmoves += S->bestmoves;
    child_free(S->c);
    unlink(S->log_path);
    for (int i = 0; i < HISTORY; i++) free(S->hist[i]);
    free(S->keys);
    free(S);
}

static long long env_ll(const char *name, long long def) {
    const char *v = getenv(name);
    if (!v || !*v) return def;
    char *end;
    long long x = strtoll(v, &end, 0);
    if (*end || x < 0) {
        fprintf(stderr, "%s='%s' is not a number\n", name, v);
        exit(2);
    }
    return x;
}

int main(int argc, char **argv) {
    (void)argc;
    PROG = argv[0];
    struct timespec ts;
    clock_gettime(CLOCK_REALTIME, &ts);
    uint64_t fresh = ((uint64_t)ts.tv_sec * 1000003u) ^ (uint64_t)ts.tv_nsec ^ ((uint64_t)getpid() << 32);
    uint64_t seed = (uint64_t)env_ll("SIMIA_STRESS_SEED", (long long)(fresh & 0x7fffffffffffffffull));
    long long sessions = env_ll("SIMIA_STRESS_SESSIONS", DEFAULT_SESSIONS);
    long long seconds = env_ll("SIMIA_STRESS_SECONDS", 0);
    const char *transcript = getenv("SIMIA_STRESS_TRANSCRIPT");
    if (transcript && *transcript && !(TRANSCRIPT = fopen(transcript, "w"))) {
        fprintf(stderr, "cannot write %s\n", transcript);
        return 2;
    }
    fprintf(stderr, "test_stress: seed %" PRIu64 " (rerun: SIMIA_STRESS_SEED=%" PRIu64 "), %s\n", seed, seed,
            seconds ? "soak" : "sessions");
    int64_t t0 = now_ms();
    int commands = 0, bestmoves = 0;
    long long done = 0;
    for (; seconds ? now_ms() - t0 < seconds * 1000 : done < sessions; done++)
        run_session(seed + (uint64_t)done, &commands, &bestmoves);
    fprintf(stderr, "test_stress: %lld sessions, %d commands, %d bestmoves checked, %.1f s; all well\n", done,
            commands, bestmoves, (double)(now_ms() - t0) / 1000.0);
    return 0;
}
