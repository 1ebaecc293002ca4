/* book_openings.c — opening suites for arenas: random games of a few plies from a seeded
 * generator, each end position searched and kept when balanced, never twice the same. */
#include "book_openings.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book_search.h"
#include "engine/prng.h"

void book_openings_defaults(BookOpeningsParams *p) {
    memset(p, 0, sizeof *p);
    p->plies = 4;
    p->max_score = 50;
    p->count = 100;
    p->depth = 6;
    p->movetime = -1;
    p->seed = 1;
}

/* Seen keys: a sorted-insert array would do for a few thousand; a small open table is as short. */
typedef struct {
    Key *k;
    size_t cap, n;
} Seen;

static bool seen_add(Seen *s, Key key) { /* false: already there (or no memory) */
    if ((s->n + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 1024;
        Key *nk = calloc(cap, sizeof *nk);
        if (!nk) return false;
        for (size_t i = 0; i < s->cap; i++)
            if (s->k[i]) {
                size_t j = (size_t)(s->k[i] * 0x9E3779B97F4A7C15ULL >> 17) & (cap - 1);
                while (nk[j]) j = (j + 1) & (cap - 1);
                nk[j] = s->k[i];
            }
        free(s->k);
        s->k = nk, s->cap = cap;
    }
    key = key ? key : 1; /* 0 marks an empty slot */
    size_t j = (size_t)(key * 0x9E3779B97F4A7C15ULL >> 17) & (s->cap - 1);
    for (; s->k[j]; j = (j + 1) & (s->cap - 1))
        if (s->k[j] == key) return false;
    s->k[j] = key;
    s->n++;
    return true;
}

bool book_openings(Engine *e, const BookOpeningsParams *p, char *err) {
    const GameOps *g = engine_game(e);
    if (p->plies < 0 || p->max_score < 0 || p->count < 1 || (p->depth <= 0 && p->movetime <= 0)) {
        snprintf(err, ERR_STR_MAX, "bad parameters: need plies >= 0, max-score >= 0, count >= 1, a depth or a movetime");
        return false;
    }
    char ignored[ERR_STR_MAX];
    engine_set_option(e, "OwnBook", "false", ignored);
    if (!engine_set_position(e, p->fen, NULL, 0, err)) return false;
    GamePos root = *engine_position(e);
    SearchLimits limits;
    search_limits_init(&limits);
    if (p->depth > 0) limits.depth = p->depth;
    if (p->movetime > 0) limits.movetime = p->movetime;
    bool to_stdout = !p->out || !strcmp(p->out, "-");
    FILE *f = to_stdout ? stdout : fopen(p->out, "w");
    if (!f) {
        snprintf(err, ERR_STR_MAX, "cannot write '%.100s': %s", p->out, strerror(errno));
        return false;
    }
    char fen[POS_STR_MAX];
    g->print_pos(&root, fen);
    fprintf(f, "# Simia opening suite for %s: %d random plies from '%s', kept when |score| <= %d at %s %" PRId64
               "%s, seed %" PRIu64 "\n",
            g->name, p->plies, fen, p->max_score, p->depth > 0 ? "depth" : "movetime",
            p->depth > 0 ? (int64_t)p->depth : p->movetime, p->depth > 0 ? "" : " ms", p->seed);
    Prng rng = {p->seed};
    Seen seen = {0};
    int attempts = p->attempts > 0 ? p->attempts : 50 * p->count, found = 0, tried = 0, searched = 0;
    int64_t t0 = book_now_ms();
    bool ok = true;
    while (ok && found < p->count && tried < attempts) {
        tried++;
        GamePos pos = root;
        bool over = false;
        for (int i = 0; i < p->plies && !over; i++) {
            Move list[MAX_MOVES];
            int n = g->gen_moves(&pos, list, GEN_ALL);
            if (n == 0 || g->terminal(&pos) != OUTCOME_ONGOING) {
                over = true;
                break;
            }
            GameUndo u;
            g->make(&pos, list[prng_below(&rng, (uint32_t)n)], &u);
        }
        if (over || g->terminal(&pos) != OUTCOME_ONGOING || g->count_moves(&pos) == 0) continue;
        if (!seen_add(&seen, g->key(&pos))) continue;
        BookSearchResult r;
        if (!book_search(e, &pos, &limits, 1, NULL, &r, err) && !r.scored) {
            ok = false;
            break;
        }
        searched++;
        Score s = r.n ? r.lines[0].score : r.best_score;
        bool keep = s >= -p->max_score && s <= p->max_score;
        if (keep) {
            g->print_pos(&pos, fen);
            if (fprintf(f, "%s\n", fen) < 0 || fflush(f)) {
                snprintf(err, ERR_STR_MAX, "cannot write '%.100s': %s", to_stdout ? "stdout" : p->out, strerror(errno));
                ok = false;
            }
            found++;
        }
        if (!p->quiet) {
            char el[32], eta[32];
            int64_t ms = book_now_ms() - t0;
            book_format_duration(ms, el, sizeof el);
            book_format_duration(found ? ms * (p->count - found) / found : 0, eta, sizeof eta);
            fprintf(stderr, "book openings: %d/%d kept, %d searched, %d games tried; score %+d depth %d %s; elapsed %s, ETA %s\n",
                    found, p->count, searched, tried, (int)s, r.depth, keep ? "kept" : "dropped", el, found ? eta : "?");
        }
    }
    free(seen.k);
    if (!to_stdout && fclose(f) && ok) {
        snprintf(err, ERR_STR_MAX, "cannot write '%.100s': %s", p->out, strerror(errno));
        ok = false;
    }
    if (ok && found < p->count) {
        snprintf(err, ERR_STR_MAX, "found only %d balanced positions in %d random games (raise --attempts or --max-score)",
                 found, tried);
        ok = false;
    }
    return ok;
}
