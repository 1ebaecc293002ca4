/* book_play.c — the book in play: its four options, loading the book at its first use
 * (a bad file is told once, then the engine plays without it), and answering `go`. */
#include "book_play.h"

#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "book.h"

/* Where the games' folders are (each that ships a book holds it as <game>/opening.book), as
 * CMake says: installed, SIMIA_INSTALLED_GAMES_DIR from the executable's own folder (relative,
 * so that an installed tree may move); for a binary in its build tree, the source tree's. */
#ifndef SIMIA_GAMES_DIR
#define SIMIA_GAMES_DIR "engine/games"
#endif
#ifndef SIMIA_INSTALLED_GAMES_DIR
#define SIMIA_INSTALLED_GAMES_DIR "../share/simia/games"
#endif
/* The games that ship a book, each between commas. */
#ifndef SIMIA_BOOK_GAMES
#define SIMIA_BOOK_GAMES ","
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

/* The installed games' folder, from the path of this executable; false where it cannot be
 * told (no /proc). */
static bool installed_games_dir(char *out, size_t size) {
    if (SIMIA_INSTALLED_GAMES_DIR[0] == '/') return snprintf(out, size, "%s", SIMIA_INSTALLED_GAMES_DIR) < (int)size;
    char exe[4096];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n <= 0) return false;
    exe[n] = '\0';
    char *slash = strrchr(exe, '/');
    if (!slash) return false;
    *slash = '\0';
    return snprintf(out, size, "%s/%s", exe, SIMIA_INSTALLED_GAMES_DIR) < (int)size;
}

static bool ships_book(const GameOps *g) {
    char listed[96];
    snprintf(listed, sizeof listed, ",%.80s,", g->name);
    return strstr(SIMIA_BOOK_GAMES, listed) != NULL;
}

static bool readable(const char *path) {
    FILE *f = fopen(path, "rb");
    if (f) fclose(f);
    return f != NULL;
}

bool book_default_path(const GameOps *g, char *out, size_t size, char *why) {
    char dir[4096], installed[4200] = "", source[4200];
    if (installed_games_dir(dir, sizeof dir) &&
        snprintf(installed, sizeof installed, "%s/%s/opening.book", dir, g->name) < (int)sizeof installed &&
        readable(installed))
        return snprintf(out, size, "%s", installed) < (int)size;
    if (snprintf(source, sizeof source, "%s/%s/opening.book", SIMIA_GAMES_DIR, g->name) < (int)sizeof source &&
        readable(source))
        return snprintf(out, size, "%s", source) < (int)size;
    if (!ships_book(g))
        snprintf(why, ERR_STR_MAX, "no book for this game (%s ships none; BookFile may name one)", g->title);
    else
        snprintf(why, ERR_STR_MAX, "the book of %s is missing: neither '%.90s' nor '%.90s' exists; BookFile may name one",
                 g->title, installed[0] ? installed : "(the installed one)", source);
    return false;
}

bool book_player_path(const BookPlayer *bp, char *out, size_t size, char *why) {
    const Option *o = options_find(engine_options(bp->e), "BookFile");
    if (o && o->str[0]) return snprintf(out, size, "%s", o->str) < (int)size;
    return book_default_path(engine_game(bp->e), out, size, why);
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

/* Loads the book on its first use; says why not (once per file name, or per game without
 * one) on failure. */
static bool ready(BookPlayer *bp, char *note, size_t size) {
    char path[OPTION_STR_MAX], why[ERR_STR_MAX];
    bool found = book_player_path(bp, path, sizeof path, why);
    /* no file: a name no file has, for the game, so that its note too is told once */
    if (!found) snprintf(path, sizeof path, "\n%s", engine_game(bp->e)->name);
    if (bp->loaded && !strcmp(path, bp->path)) return true;
    if (bp->attempted && !strcmp(path, bp->path)) return false;
    forget(bp);
    snprintf(bp->path, sizeof bp->path, "%s", path);
    bp->attempted = true;
    if (!found) {
        /* A game that ships no book is no error: OwnBook is on for every game an arena plays. */
        snprintf(note, size, "%s%s; playing without a book", ships_book(engine_game(bp->e)) ? "error: " : "", why);
        return false;
    }
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
