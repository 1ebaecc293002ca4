/* book_search.c — one search of a position for the book tools, through engine_search: the
 * exact lines of the deepest completed iteration, as move texts a book entry can hold. */
#include "book_search.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

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
    if (multipv_ok) *multipv_ok = true; /* the engine searches any number of lines it is asked */
    char fen[POS_STR_MAX];
    g->print_pos(pos, fen);
    SearchRequest rq = {.position = fen, .limits = *limits,
                        .multipv = multipv < BOOK_SEARCH_LINES ? multipv : BOOK_SEARCH_LINES};
    SearchResult res;
    engine_new_game(e);
    int64_t t0 = book_now_ms();
    if (!engine_search(e, &rq, &res, err)) return false;
    r->ms = book_now_ms() - t0;
    r->depth = res.lines_depth;
    r->scored = res.line_set[0];
    r->best_score = res.line[0].score;
    int n = 0;
    for (int i = 0; i < BOOK_SEARCH_LINES; i++) {
        if (!res.line_set[i]) continue;
        char text[MOVE_STR_MAX];
        g->print_move(engine_position(e), res.line[i].move, text);
        size_t len = strlen(text);
        if (len > BOOK_MOVE_MAX) continue; /* cannot be stored (said below if no line can) */
        memcpy(r->lines[n].move, text, len + 1);
        r->lines[n++].score = res.line[i].score;
    }
    if (n == 0) {
        char text[MOVE_STR_MAX] = "none";
        if (res.best != MOVE_NONE) g->print_move(pos, res.best, text);
        snprintf(err, ERR_STR_MAX, "the search of %.120s reported no exact score (best move %s%s)", fen, text,
                 strlen(text) > BOOK_MOVE_MAX ? ", a move text too long for a book entry" : "");
        return false;
    }
    r->n = n;
    qsort(r->lines, (size_t)n, sizeof *r->lines, line_cmp);
    return true;
}
