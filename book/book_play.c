/* book_play.c — the book in play: its four options, loading the book at its first use
 * (a bad file is told once, then the engine plays without it), and answering `go`. */
#include "book_play.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"

/* Where the games' folders are (each ships its book as <game>/opening.book): CMake says. */
#ifndef SIMIA_GAMES_DIR
#define SIMIA_GAMES_DIR "engine/games"
#endif

/* Seeds the choice among book moves: a fresh engine makes the same choices (repeatable
 * runs and tests); its later games differ because the generator moves on. */
#define BOOK_PRNG_SEED 0x424F4F4B53454544ULL /* "BOOKSEED" */

struct BookPlayer {
    Engine *e;
    Book book;
    bool loaded;    /* book holds the file named by path */
    bool attempted; /* loading path was tried (and failed, unless loaded) */
    char path[OPTION_STR_MAX];
    Prng rng;
};

void book_default_path(const GameOps *g, char *out, size_t size) {
    snprintf(out, size, "%s/%s/opening.book", SIMIA_GAMES_DIR, g->name);
}

void book_player_path(const BookPlayer *bp, char *out, size_t size) {
    const Option *o = options_find(engine_options(bp->e), "BookFile");
    if (o && o->str[0]) snprintf(out, size, "%s", o->str);
    else book_default_path(engine_game(bp->e), out, size);
}

static void forget(BookPlayer *bp) {
    book_free(&bp->book);
    bp->loaded = bp->attempted = false;
}

/* A new file name, or the book switched on again: the next use (re)loads. */
static bool apply_file(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)v, (void)str, (void)err;
    forget(owner);
    return true;
}

static bool apply_own(void *owner, const Option *o, int64_t v, const char *str, char *err) {
    (void)o, (void)str, (void)err;
    BookPlayer *bp = owner;
    if (v && !bp->loaded) bp->attempted = false; /* the file may have been fixed since */
    return true;
}

/* Loads the book on its first use; says why not (once per file name) on failure. */
static bool ready(BookPlayer *bp, char *note, size_t size) {
    char path[OPTION_STR_MAX];
    book_player_path(bp, path, sizeof path);
    if (bp->loaded && !strcmp(path, bp->path)) return true;
    if (bp->attempted && !strcmp(path, bp->path)) return false;
    forget(bp);
    snprintf(bp->path, sizeof bp->path, "%s", path);
    bp->attempted = true;
    char err[ERR_STR_MAX];
    if (!book_load(&bp->book, path, engine_game(bp->e), err)) {
        snprintf(note, size, "error: %s; playing without a book", err);
        return false;
    }
    bp->loaded = true;
    return true;
}

static Move pre_go(void *ctx, const GamePos *pos, const SearchLimits *l, char *note, size_t size) {
    BookPlayer *bp = ctx;
    Engine *e = bp->e;
    const GameOps *g = engine_game(e);
    if (!engine_option_int(e, "OwnBook") || g->ply(pos) >= engine_option_int(e, "BookDepth")) return MOVE_NONE;
    if (!ready(bp, note, size)) return MOVE_NONE;
    BookPick pick;
    Move m = book_pick(&bp->book, g, pos, engine_option_int(e, "BookVariety") != 0, &bp->rng, l->searchmoves,
                       l->n_searchmoves, &pick);
    if (m == MOVE_NONE) {
        if (pick.illegal)
            snprintf(note, size, "book: %d entr%s for this position's key not legal here (a key collision), ignored",
                     pick.illegal, pick.illegal == 1 ? "y" : "ies");
        return MOVE_NONE;
    }
    char ms[MOVE_STR_MAX];
    g->print_move(pos, m, ms);
    snprintf(note, size, "book move %s weight %" PRIu64 "%% score %d (%d book move%s here)", ms,
             (uint64_t)pick.entry->weight * 100 / pick.total_weight, pick.entry->score, pick.candidates,
             pick.candidates == 1 ? "" : "s");
    return m;
}

BookPlayer *book_player_attach(Engine *e) {
    BookPlayer *bp = calloc(1, sizeof *bp);
    if (!bp) return NULL;
    bp->e = e;
    bp->rng.s = BOOK_PRNG_SEED;
    const Option opts[] = {
        {.name = "OwnBook", .type = OPT_CHECK, .def = 0, .min = 0, .max = 1, .apply = apply_own},
        {.name = "BookFile", .type = OPT_STRING, .def_str = "", .apply = apply_file},
        {.name = "BookDepth", .type = OPT_SPIN, .def = 1000, .min = 0, .max = 1000000},
        {.name = "BookVariety", .type = OPT_CHECK, .def = 1, .min = 0, .max = 1},
    };
    for (size_t i = 0; i < sizeof opts / sizeof opts[0]; i++) {
        Option o = opts[i];
        o.owner = bp;
        engine_add_option(e, &o);
    }
    engine_set_pre_go(e, pre_go, bp);
    return bp;
}

void book_player_free(BookPlayer *bp) {
    if (!bp) return;
    book_free(&bp->book);
    free(bp);
}
