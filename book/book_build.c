/* book_build.c — the book builder: explores the opening tree ply by ply (every move near
 * the root, the best few further on), searches each position once (journal), then
 * minimaxes the tree and turns the backed-up scores into weighted book entries. */
#include "book_build.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "book_journal.h"
#include "book_search.h"

#define UNKNOWN INT32_MIN

void book_build_defaults(BookBuildParams *p) {
    memset(p, 0, sizeof *p);
    p->plies = 6;
    p->full_plies = 1;
    p->depth = 8;
    p->movetime = -1;
    p->widths[0] = 4, p->widths[1] = 2, p->widths[2] = 1;
    p->n_widths = 3;
    p->margin = 30;
}

bool book_build_parse_widths(BookBuildParams *p, const char *text) {
    int n = 0;
    const char *s = text;
    while (*s) {
        char *end;
        long v = strtol(s, &end, 10);
        if (end == s || v < 1 || v > BOOK_SEARCH_LINES || n == BOOK_BUILD_MAX_PLIES) return false;
        p->widths[n++] = (int)v;
        s = end;
        if (*s == ',' && s[1]) s++;
        else if (*s) return false;
    }
    if (n == 0) return false;
    p->n_widths = n;
    return true;
}

/* ---- a small map from keys to scores (also used as a set) ---- */

typedef struct {
    Key *keys;
    int32_t *vals;
    uint8_t *used;
    size_t cap, n;
} KeyMap;

static size_t map_slot(Key k, size_t cap) { return (size_t)((k * 0x9E3779B97F4A7C15ULL) >> 17) & (cap - 1); }

static bool map_get(const KeyMap *m, Key k, int32_t *val) {
    if (!m->cap) return false;
    for (size_t s = map_slot(k, m->cap); m->used[s]; s = (s + 1) & (m->cap - 1))
        if (m->keys[s] == k) {
            if (val) *val = m->vals[s];
            return true;
        }
    return false;
}

static bool map_put(KeyMap *m, Key k, int32_t val) {
    if ((m->n + 1) * 2 > m->cap) {
        KeyMap g = {.cap = m->cap ? m->cap * 2 : 1024};
        g.keys = calloc(g.cap, sizeof *g.keys);
        g.vals = calloc(g.cap, sizeof *g.vals);
        g.used = calloc(g.cap, 1);
        if (!g.keys || !g.vals || !g.used) {
            free(g.keys), free(g.vals), free(g.used);
            return false;
        }
        for (size_t i = 0; i < m->cap; i++)
            if (m->used[i]) map_put(&g, m->keys[i], m->vals[i]);
        free(m->keys), free(m->vals), free(m->used);
        *m = g;
    }
    size_t s = map_slot(k, m->cap);
    while (m->used[s] && m->keys[s] != k) s = (s + 1) & (m->cap - 1);
    if (!m->used[s]) m->n++;
    m->used[s] = 1, m->keys[s] = k, m->vals[s] = val;
    return true;
}

static void map_free(KeyMap *m) {
    free(m->keys), free(m->vals), free(m->used);
    memset(m, 0, sizeof *m);
}

/* ---- the build ---- */

typedef struct {
    Engine *e;
    const GameOps *g;
    const BookBuildParams *p;
    bool multipv; /* the engine has a MultiPV option (otherwise one line per search) */
    Journal j;
    SearchLimits limits;
    int64_t t0, search_ms;
    int searched, reused;
    BookEntry *entries;
    size_t n_entries, cap_entries;
    KeyMap emitted, memo;
    char *err;
    bool failed;
} Build;

typedef struct {
    GamePos *pos;
    size_t n, cap;
} Level;

static bool level_add(Level *l, const GamePos *p) {
    if (l->n == l->cap) {
        size_t cap = l->cap ? l->cap * 2 : 64;
        GamePos *np = realloc(l->pos, cap * sizeof *np);
        if (!np) return false;
        l->pos = np, l->cap = cap;
    }
    l->pos[l->n++] = *p;
    return true;
}

static Outcome outcome_of(const GameOps *g, const GamePos *p) {
    Outcome o = g->terminal(p);
    if (o == OUTCOME_ONGOING && g->count_moves(p) == 0) o = g->no_moves_outcome(p);
    return o;
}

/* Lines searched and kept at a ply (the first width at the full-width plies). */
static int width(const Build *b, int ply) {
    if (!b->multipv) return 1;
    int i = ply - b->p->full_plies;
    if (i < 0) i = 0;
    return b->p->widths[i < b->p->n_widths ? i : b->p->n_widths - 1];
}

static bool satisfied(const Build *b, const JournalNode *jn, int ply) {
    if (!jn) return false;
    /* A forced result is final; a search may stop short of the depth once it sees one. */
    bool forced = jn->n > 0 && (jn->moves[0].score > SCORE_WIN_MIN || jn->moves[0].score < -SCORE_WIN_MIN);
    if (b->p->depth > 0 && jn->depth < b->p->depth && !forced) return false;
    return jn->multipv >= width(b, ply) || jn->n < jn->multipv; /* fewer lines: all legal moves seen */
}

/* The lines of a searched position worth exploring: close enough to the best, at most k. */
static int kept_lines(const Build *b, const JournalNode *jn, int ply) {
    int kept = 0;
    while (kept < jn->n && kept < width(b, ply) && (int64_t)jn->moves[0].score - jn->moves[kept].score <= b->p->margin)
        kept++;
    return kept;
}

static void progress(const Build *b, int ply, size_t done, size_t todo, const BookSearchResult *r, double future) {
    if (b->p->quiet) return;
    char took[32], eta[32], total[32];
    int64_t avg = b->searched ? b->search_ms / b->searched : 0;
    double left = ((double)(todo - done) + future) * (double)avg;
    book_format_duration(r->ms, took, sizeof took);
    book_format_duration((int64_t)left, eta, sizeof eta);
    book_format_duration(book_now_ms() - b->t0, total, sizeof total);
    fprintf(stderr,
            "book build: ply %d/%d  position %zu/%zu  depth %d  %s %+d  %s | searched %d, ~%.0f to go, "
            "elapsed %s, ETA %s\n",
            ply, b->p->plies - 1, done, todo, r->depth, r->n ? r->lines[0].move : "-", r->n ? r->lines[0].score : 0,
            took, b->searched, (double)(todo - done) + future, total, eta);
}

/* Searches the positions of one ply that the journal does not already answer. growth:
 * positions per position at the next plies, for the time estimate. */
static bool search_level(Build *b, const Level *l, int ply, double growth) {
    size_t todo = 0, done = 0;
    for (size_t i = 0; i < l->n; i++)
        if (!satisfied(b, journal_find(&b->j, b->g->key(&l->pos[i])), ply)) todo++;
    b->reused += (int)(l->n - todo);
    double future = 0, size = (double)l->n;
    for (int q = ply + 1; q < b->p->plies; q++) future += (size *= growth < width(b, q) ? growth : width(b, q));
    if (!b->p->quiet)
        fprintf(stderr, "book build: ply %d/%d: %zu positions, %zu to search (MultiPV %d), %zu from the journal\n",
                ply, b->p->plies - 1, l->n, todo, width(b, ply), l->n - todo);
    for (size_t i = 0; i < l->n; i++) {
        Key key = b->g->key(&l->pos[i]);
        if (satisfied(b, journal_find(&b->j, key), ply)) continue;
        BookSearchResult r;
        int lines = width(b, ply);
        if (!book_search(b->e, &l->pos[i], &b->limits, lines, NULL, &r, b->err)) return false;
        if (!journal_add(&b->j, key, r.depth, lines, r.lines, r.n, b->err)) return false;
        b->searched++;
        b->search_ms += r.ms;
        progress(b, ply, ++done, todo, &r, future);
    }
    return true;
}

/* The positions of the next ply: after every legal move below full_plies, after the kept
 * lines further on; finished games and repeats left out. */
static bool expand(Build *b, const Level *l, int ply, Level *next) {
    KeyMap seen = {0};
    bool ok = true;
    for (size_t i = 0; i < l->n && ok; i++) {
        const GamePos *p = &l->pos[i];
        Move list[MAX_MOVES];
        int n = 0;
        if (ply < b->p->full_plies) {
            n = b->g->gen_moves(p, list, GEN_ALL);
        } else {
            const JournalNode *jn = journal_find(&b->j, b->g->key(p));
            int kept = jn ? kept_lines(b, jn, ply) : 0;
            for (int k = 0; k < kept; k++) {
                Move m = b->g->parse_move(p, jn->moves[k].move);
                if (m != MOVE_NONE) list[n++] = m;
            }
        }
        for (int k = 0; k < n && ok; k++) {
            GamePos c = *p;
            GameUndo u;
            b->g->make(&c, list[k], &u);
            Key ck = b->g->key(&c);
            if (outcome_of(b->g, &c) != OUTCOME_ONGOING || map_get(&seen, ck, NULL)) continue;
            ok = map_put(&seen, ck, 0) && level_add(next, &c);
        }
    }
    map_free(&seen);
    if (!ok) snprintf(b->err, ERR_STR_MAX, "out of memory exploring ply %d", ply + 2);
    return ok;
}

/* ---- minimax and entries ---- */

/* A child's score seen from its parent: negated, a forced result one ply further away. */
static Score backed(Score v) {
    Score s = -v;
    if (s > SCORE_WIN_MIN) s--;
    else if (s < -SCORE_WIN_MIN) s++;
    return s;
}

typedef struct {
    char move[BOOK_MOVE_MAX + 1];
    Score score;
} Scored;

static int scored_cmp(const void *a, const void *b) {
    const Scored *x = a, *y = b;
    if (x->score != y->score) return x->score > y->score ? -1 : 1;
    return strcmp(x->move, y->move);
}

static void emit(Build *b, Key key, Scored *s, int n, int ply) {
    if (map_get(&b->emitted, key, NULL)) return;
    if (!map_put(&b->emitted, key, 0)) {
        b->failed = true;
        return;
    }
    qsort(s, (size_t)n, sizeof *s, scored_cmp);
    for (int i = 0; i < n && i < width(b, ply); i++) {
        int64_t diff = (int64_t)s[0].score - s[i].score;
        if (diff > b->p->margin) break;
        if (b->n_entries == b->cap_entries) {
            size_t cap = b->cap_entries ? b->cap_entries * 2 : 1024;
            BookEntry *ne = realloc(b->entries, cap * sizeof *ne);
            if (!ne) {
                b->failed = true;
                return;
            }
            b->entries = ne, b->cap_entries = cap;
        }
        BookEntry *e = &b->entries[b->n_entries++];
        memset(e, 0, sizeof *e);
        e->key = key;
        memcpy(e->move, s[i].move, sizeof e->move);
        /* Linear in the score lost: the best gets the most, the edge of the margin 1. */
        e->weight = (uint16_t)(b->p->margin > 0 ? 1 + (BOOK_WEIGHT_MAX - 1) * (b->p->margin - diff) / b->p->margin
                                                : BOOK_WEIGHT_MAX);
        Score sc = s[i].score;
        e->score = (int16_t)(sc > 32767 ? 32767 : sc < -32767 ? -32767 : sc);
    }
}

/* The backed-up score of pos (for its side to move), or UNKNOWN beyond the tree or where no
 * search was recorded; records the book entries of each position on its first visit. */
static Score value(Build *b, const GamePos *pos, int ply) {
    const GameOps *g = b->g;
    Outcome o = outcome_of(g, pos);
    if (o != OUTCOME_ONGOING) return o == OUTCOME_WIN ? SCORE_WIN : o == OUTCOME_LOSS ? -SCORE_WIN : SCORE_DRAW;
    if (ply >= b->p->plies || b->failed) return UNKNOWN;
    Key key = g->key(pos), mk = key ^ ((Key)(ply + 1) * 0xD6E8FEB86659FD93ULL);
    int32_t memo;
    if (map_get(&b->memo, mk, &memo)) return memo;
    Scored *s = malloc(sizeof *s * MAX_MOVES);
    if (!s) {
        b->failed = true;
        return UNKNOWN;
    }
    int n = 0;
    GameUndo u;
    if (ply < b->p->full_plies) {
        Move list[MAX_MOVES];
        int nm = g->gen_moves(pos, list, GEN_ALL);
        for (int i = 0; i < nm; i++) {
            GamePos c = *pos;
            g->make(&c, list[i], &u);
            Score v = value(b, &c, ply + 1);
            if (v == UNKNOWN) continue;
            char text[MOVE_STR_MAX];
            g->print_move(pos, list[i], text);
            if (strlen(text) > BOOK_MOVE_MAX) continue;
            memcpy(s[n].move, text, strlen(text) + 1);
            s[n++].score = backed(v);
        }
    } else {
        const JournalNode *jn = journal_find(&b->j, key);
        int kept = jn ? kept_lines(b, jn, ply) : 0;
        for (int i = 0; jn && i < jn->n; i++) {
            Move m = g->parse_move(pos, jn->moves[i].move);
            if (m == MOVE_NONE) continue;
            Score sc = jn->moves[i].score;
            if (i < kept && ply + 1 < b->p->plies) {
                GamePos c = *pos;
                g->make(&c, m, &u);
                Score v = value(b, &c, ply + 1);
                if (v != UNKNOWN) sc = backed(v);
            }
            s[n] = (Scored){.score = sc};
            memcpy(s[n++].move, jn->moves[i].move, sizeof s->move);
        }
    }
    Score best = UNKNOWN;
    for (int i = 0; i < n; i++)
        if (s[i].score > best) best = s[i].score;
    if (n) emit(b, key, s, n, ply);
    free(s);
    if (!map_put(&b->memo, mk, best)) b->failed = true;
    return best;
}

bool book_build(Engine *e, const BookBuildParams *p, char *err) {
    const GameOps *g = engine_game(e);
    if (p->plies < 1 || p->plies > BOOK_BUILD_MAX_PLIES || p->full_plies < 0 || p->full_plies >= p->plies ||
        p->n_widths < 1 || p->margin < 0 || (p->depth <= 0 && p->movetime <= 0)) {
        snprintf(err, ERR_STR_MAX,
                 "bad parameters: need 1 <= plies <= %d, 0 <= full-plies < plies, widths, margin >= 0, and a "
                 "depth or a movetime",
                 BOOK_BUILD_MAX_PLIES);
        return false;
    }
    Build b = {.e = e, .g = g, .p = p, .err = err, .t0 = book_now_ms()};
    b.multipv = options_find(engine_options(e), "MultiPV") != NULL;
    if (!b.multipv && !p->quiet)
        fprintf(stderr, "book build: this engine has no MultiPV option; one line per position\n");
    char ignored[ERR_STR_MAX];
    engine_set_option(e, "OwnBook", "false", ignored); /* the builder asks the search, never a book */
    search_limits_init(&b.limits);
    if (p->depth > 0) b.limits.depth = p->depth;
    if (p->movetime > 0) b.limits.movetime = p->movetime;
    char jpath[4096];
    snprintf(jpath, sizeof jpath, "%s%s", p->journal ? p->journal : p->out, p->journal ? "" : ".journal");
    if (!engine_set_position(e, p->fen, NULL, 0, err)) return false;
    GamePos root = *engine_position(e);
    if (outcome_of(g, &root) != OUTCOME_ONGOING) {
        snprintf(err, ERR_STR_MAX, "the root position is a finished game");
        return false;
    }
    if (!journal_open(&b.j, jpath, g, err)) return false;
    if (!p->quiet) fprintf(stderr, "book build: journal %s holds %zu searched positions\n", jpath, b.j.count);

    Level level = {0};
    bool ok = level_add(&level, &root);
    if (!ok) snprintf(err, ERR_STR_MAX, "out of memory");
    /* Positions per position beyond the full-width plies, until measured: for the ETA. */
    double growth = 2;
    for (int ply = 0; ok && ply < p->plies; ply++) {
        if (ply >= p->full_plies) ok = search_level(&b, &level, ply, growth);
        if (!ok || ply + 1 == p->plies) break;
        Level next = {0};
        ok = expand(&b, &level, ply, &next);
        if (ok && ply >= p->full_plies && level.n) growth = (double)next.n / (double)level.n;
        else if (ok) growth = 2;
        free(level.pos);
        level = next;
    }
    free(level.pos);
    if (ok) {
        Score v = value(&b, &root, 0);
        if (b.failed) {
            snprintf(err, ERR_STR_MAX, "out of memory in the minimax");
            ok = false;
        } else {
            book_sort(b.entries, b.n_entries);
            ok = book_write(p->out, g, b.entries, b.n_entries, (uint32_t)p->plies,
                            (uint32_t)(p->depth > 0 ? p->depth : 0), err);
            if (ok && !p->quiet) {
                char total[32];
                book_format_duration(book_now_ms() - b.t0, total, sizeof total);
                fprintf(stderr,
                        "book build: wrote %s: %zu entries for %zu positions; root score %d; %d positions searched now, "
                        "%d taken from the journal; %s\n",
                        p->out, b.n_entries, b.emitted.n, v == UNKNOWN ? 0 : (int)v, b.searched, b.reused, total);
            }
        }
    }
    free(b.entries);
    map_free(&b.emitted);
    map_free(&b.memo);
    journal_close(&b.j);
    return ok;
}
