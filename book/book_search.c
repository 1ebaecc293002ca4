/* book_search.c — one search of a position for the book tools, through engine.h: the
 * exact lines of the deepest completed iteration, collected from the info reports. */
#include "book_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    const GameOps *g;
    BookSearchResult *r;
    bool set[BOOK_SEARCH_LINES];
    Move best;
} Collect;

/* Called from the search thread; read by the caller after engine_wait. */
static void on_info(void *ctx, const SearchInfo *in) {
    Collect *c = ctx;
    if (in->bound != BOUND_EXACT || in->pv_len < 1 || in->multipv < 1 || in->multipv > BOOK_SEARCH_LINES) return;
    if (in->depth > c->r->depth) {
        c->r->depth = in->depth;
        memset(c->set, 0, sizeof c->set);
        c->r->scored = false;
    } else if (in->depth < c->r->depth) {
        return;
    }
    if (in->multipv == 1) c->r->scored = true, c->r->best_score = in->score;
    JournalMove *l = &c->r->lines[in->multipv - 1];
    char text[MOVE_STR_MAX];
    c->g->print_move(in->root, in->pv[0], text);
    size_t len = strlen(text);
    if (len > BOOK_MOVE_MAX) return; /* cannot be stored (book_search says so) */
    memcpy(l->move, text, len + 1);
    l->score = in->score;
    c->set[in->multipv - 1] = true;
}

static void on_bestmove(void *ctx, const GamePos *root, Move best, Move ponder) {
    (void)root, (void)ponder;
    ((Collect *)ctx)->best = best;
}

int64_t book_now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

void book_format_duration(int64_t ms, char *out, size_t size) {
    int64_t s = ms / 1000;
    if (s >= 3600) snprintf(out, size, "%dh %02dm", (int)(s / 3600), (int)(s / 60 % 60));
    else if (s >= 60) snprintf(out, size, "%dm %02ds", (int)(s / 60), (int)(s % 60));
    else snprintf(out, size, "%d.%ds", (int)s, (int)(ms % 1000 / 100));
}

static int line_cmp(const void *a, const void *b) {
    Score x = ((const JournalMove *)a)->score, y = ((const JournalMove *)b)->score;
    if (x != y) return x > y ? -1 : 1;
    return strcmp(((const JournalMove *)a)->move, ((const JournalMove *)b)->move);
}

bool book_search(Engine *e, const GamePos *pos, const SearchLimits *limits, int multipv, bool *multipv_ok,
                 BookSearchResult *r, char *err) {
    const GameOps *g = engine_game(e);
    memset(r, 0, sizeof *r);
    char value[32], ignored[ERR_STR_MAX];
    snprintf(value, sizeof value, "%d", multipv < BOOK_SEARCH_LINES ? multipv : BOOK_SEARCH_LINES);
    bool mpv = engine_set_option(e, "MultiPV", value, ignored);
    if (multipv_ok) *multipv_ok = mpv;
    char fen[POS_STR_MAX];
    g->print_pos(pos, fen);
    if (!engine_set_position(e, fen, NULL, 0, err)) return false;
    engine_new_game(e);
    Collect c = {.g = g, .r = r};
    SearchReport rep = {.ctx = &c, .info = on_info, .bestmove = on_bestmove};
    int64_t t0 = book_now_ms();
    if (!engine_go(e, limits, &rep, err)) return false;
    engine_wait(e);
    r->ms = book_now_ms() - t0;
    int n = 0;
    for (int i = 0; i < BOOK_SEARCH_LINES; i++)
        if (c.set[i]) r->lines[n++] = r->lines[i];
    if (n == 0) {
        char text[MOVE_STR_MAX] = "none";
        if (c.best != MOVE_NONE) g->print_move(pos, c.best, text);
        snprintf(err, ERR_STR_MAX, "the search of %.120s reported no exact score (best move %s%s)", fen, text,
                 strlen(text) > BOOK_MOVE_MAX ? ", a move text too long for a book entry" : "");
        return false;
    }
    r->n = n;
    qsort(r->lines, (size_t)n, sizeof *r->lines, line_cmp);
    return true;
}
