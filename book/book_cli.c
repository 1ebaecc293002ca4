/* book_cli.c — the book's command-line jobs: argument parsing for build and openings,
 * and the two views for people, probe (a position's book moves) and dump (a whole book). */
#include "book_cli.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "book.h"
#include "book_build.h"
#include "book_openings.h"
#include "book_play.h"
#include "book_search.h"

const char BOOK_USAGE[] =
    "  simia book build --out FILE [--plies N] [--full-plies N] [--depth D] [--movetime MS]\n"
    "                   [--width W,W...] [--margin CP] [--journal FILE] [--fen POSITION]\n"
    "                   [--threads N] [--hash MB] [--option NAME=VALUE]... [--quiet]\n"
    "      Builds an opening book: every move at plies below --full-plies (default 1);\n"
    "      further on, each position searched with MultiPV W (--width, one value per ply,\n"
    "      the last repeating; default 4,2,1) and the moves within --margin centi-units of\n"
    "      the best (default 30) kept and explored, to --plies (default 6). Each position is\n"
    "      searched to --depth (default 8) and/or for --movetime; scores are minimaxed and\n"
    "      weighted. Searches are kept in the journal (default FILE.journal): running again\n"
    "      resumes, or extends with more plies, depth or width.\n"
    "  simia book openings --plies N --max-score CP [--count K] [--depth D | --movetime MS]\n"
    "                   [--seed S] [--attempts A] [--out FILE] [--fen POSITION]\n"
    "                   [--threads N] [--hash MB] [--option NAME=VALUE]... [--quiet]\n"
    "      Writes K (default 100) distinct position strings, one per line (an arena's openings\n"
    "      file), each reached by N random plies and scored within +-CP by a search to depth D\n"
    "      (default 6). The random play is seeded (default 1): the same command, the same file.\n"
    "  simia book probe [--book FILE] [--option NAME=VALUE]... [startpos | POSITION] [moves MOVE...]\n"
    "      Lists the book's moves for a position (default book: the shipped one).\n"
    "  simia book dump [FILE]\n"
    "      Checks a book and prints its header and every entry.\n";

static bool parse_num(const char *flag, const char *s, int64_t min, int64_t max, int64_t *out) {
    char *end;
    errno = 0;
    long long v = s ? strtoll(s, &end, 10) : 0;
    if (!s || end == s || *end || errno || v < min || v > max) {
        fprintf(stderr, "simia book: %s needs a number from %" PRId64 " to %" PRId64 "\n", flag, min, max);
        return false;
    }
    *out = v;
    return true;
}

/* --option NAME=VALUE, --threads N, --hash MB: engine options. */
static bool engine_arg(Engine *e, const char *flag, const char *next, bool *used) {
    char err[ERR_STR_MAX], name[256];
    const char *value = next;
    *used = true;
    if (!strcmp(flag, "--threads")) snprintf(name, sizeof name, "Threads");
    else if (!strcmp(flag, "--hash")) snprintf(name, sizeof name, "Hash");
    else if (!strcmp(flag, "--option")) {
        const char *eq = next ? strchr(next, '=') : NULL;
        if (!eq || eq == next || (size_t)(eq - next) >= sizeof name) {
            fprintf(stderr, "simia book: --option needs NAME=VALUE\n");
            return false;
        }
        memcpy(name, next, (size_t)(eq - next));
        name[eq - next] = '\0';
        value = eq + 1;
    } else {
        *used = false;
        return true;
    }
    if (!next) {
        fprintf(stderr, "simia book: %s needs a value\n", flag);
        return false;
    }
    if (!engine_set_option(e, name, value, err)) {
        fprintf(stderr, "simia book: %s\n", err);
        return false;
    }
    return true;
}

/* One flag of a job: a number into num (within min..max) or a string into str. */
typedef struct {
    const char *flag;
    int64_t min, max;
    int64_t *num;
    const char **str;
    bool given;
} ArgSpec;

/* Parses a job's arguments: its own flags, the engine's (--option, --threads, --hash) and
 * --quiet. Says what is wrong on stderr and returns false on a bad argument. */
static bool parse_args(Engine *e, const char *job, int argc, char **argv, ArgSpec *spec, int n, bool *quiet) {
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        bool used;
        if (!engine_arg(e, a, next, &used)) return false;
        if (used) {
            i++;
            continue;
        }
        if (!strcmp(a, "--quiet")) {
            *quiet = true;
            continue;
        }
        ArgSpec *s = NULL;
        for (int k = 0; k < n && !s; k++)
            if (!strcmp(a, spec[k].flag)) s = &spec[k];
        if (!s || !next) {
            fprintf(stderr, "simia book %s: %s argument '%s'\n", job, s ? "incomplete" : "unknown", a);
            return false;
        }
        i++;
        if (s->str) *s->str = next;
        else if (!parse_num(a, next, s->min, s->max, s->num)) return false;
        s->given = true;
    }
    return true;
}

static int job_build(Engine *e, int argc, char **argv) {
    BookBuildParams p;
    book_build_defaults(&p);
    int64_t plies = p.plies, full = p.full_plies, depth = p.depth, movetime = p.movetime, margin = p.margin;
    const char *widths = NULL;
    ArgSpec spec[] = {
        {"--out", 0, 0, NULL, &p.out, false},
        {"--journal", 0, 0, NULL, &p.journal, false},
        {"--fen", 0, 0, NULL, &p.fen, false},
        {"--plies", 1, BOOK_BUILD_MAX_PLIES, &plies, NULL, false},
        {"--full-plies", 0, BOOK_BUILD_MAX_PLIES, &full, NULL, false},
        {"--depth", 1, MAX_PLY - 1, &depth, NULL, false},
        {"--movetime", 1, INT64_MAX / 2, &movetime, NULL, false},
        {"--width", 0, 0, NULL, &widths, false},
        {"--margin", 0, SCORE_WIN, &margin, NULL, false},
    };
    if (!parse_args(e, "build", argc, argv, spec, (int)(sizeof spec / sizeof spec[0]), &p.quiet)) return 2;
    if (!p.out) {
        fprintf(stderr, "simia book build: --out FILE is required\n");
        return 2;
    }
    p.plies = (int)plies, p.full_plies = (int)full, p.depth = (int)depth, p.movetime = movetime;
    p.margin = (int)margin;
    if (widths && !book_build_parse_widths(&p, widths)) {
        fprintf(stderr, "simia book build: --width needs numbers 1..%d separated by commas, not '%s'\n",
                BOOK_SEARCH_LINES, widths);
        return 2;
    }
    if (spec[6].given && !spec[5].given) p.depth = 0; /* by time only */
    if (p.full_plies >= p.plies) {
        fprintf(stderr, "simia book build: --full-plies (%d) must be below --plies (%d)\n", p.full_plies, p.plies);
        return 2;
    }
    char err[ERR_STR_MAX];
    if (!book_build(e, &p, err)) {
        fprintf(stderr, "simia book build: %s\n", err);
        return 1;
    }
    return 0;
}

static int job_openings(Engine *e, int argc, char **argv) {
    BookOpeningsParams p;
    book_openings_defaults(&p);
    int64_t plies = p.plies, score = p.max_score, count = p.count, depth = p.depth, movetime = p.movetime,
            seed = (int64_t)p.seed, attempts = p.attempts;
    ArgSpec spec[] = {
        {"--plies", 0, 1000, &plies, NULL, false},
        {"--max-score", 0, SCORE_WIN, &score, NULL, false},
        {"--depth", 1, MAX_PLY - 1, &depth, NULL, false},
        {"--movetime", 1, INT64_MAX / 2, &movetime, NULL, false},
        {"--count", 1, 10000000, &count, NULL, false},
        {"--seed", 0, INT64_MAX, &seed, NULL, false},
        {"--attempts", 1, INT32_MAX, &attempts, NULL, false},
        {"--out", 0, 0, NULL, &p.out, false},
        {"--fen", 0, 0, NULL, &p.fen, false},
    };
    if (!parse_args(e, "openings", argc, argv, spec, (int)(sizeof spec / sizeof spec[0]), &p.quiet)) return 2;
    if (!spec[0].given || !spec[1].given) {
        fprintf(stderr, "simia book openings: --plies N and --max-score CP are required\n");
        return 2;
    }
    p.plies = (int)plies, p.max_score = (int)score, p.count = (int)count, p.depth = (int)depth;
    p.movetime = movetime, p.seed = (uint64_t)seed, p.attempts = (int)attempts;
    if (spec[3].given && !spec[2].given) p.depth = 0; /* by time only */
    char err[ERR_STR_MAX];
    if (!book_openings(e, &p, err)) {
        fprintf(stderr, "simia book openings: %s\n", err);
        return 1;
    }
    return 0;
}

static int job_probe(Engine *e, int argc, char **argv) {
    const char *path = NULL;
    int i = 0;
    for (; i < argc; i++) {
        bool used;
        if (!strcmp(argv[i], "--book") && i + 1 < argc) {
            path = argv[++i];
        } else if (!strncmp(argv[i], "--", 2)) {
            if (!engine_arg(e, argv[i], i + 1 < argc ? argv[i + 1] : NULL, &used)) return 2;
            if (!used) {
                fprintf(stderr, "simia book probe: unknown argument '%s'\n", argv[i]);
                return 2;
            }
            i++;
        } else {
            break;
        }
    }
    /* The position: the words up to "moves", joined; then the moves. */
    int moves_at = argc;
    for (int k = i; k < argc; k++)
        if (!strcmp(argv[k], "moves")) {
            moves_at = k;
            break;
        }
    char fen[POS_STR_MAX * 2] = "";
    for (int k = i; k < moves_at; k++) {
        if (strlen(fen) + strlen(argv[k]) + 2 > sizeof fen) break;
        if (k > i) strcat(fen, " ");
        strcat(fen, argv[k]);
    }
    bool start = !fen[0] || !strcmp(fen, "startpos");
    char err[ERR_STR_MAX];
    int n_moves = moves_at < argc ? argc - moves_at - 1 : 0;
    if (!engine_set_position(e, start ? NULL : fen, (const char *const *)argv + moves_at + 1, n_moves, err)) {
        fprintf(stderr, "simia book probe: %s\n", err);
        return 2;
    }
    const GameOps *g = engine_game(e);
    char def[4096];
    if (!path && !book_default_path(g, def, sizeof def, err)) {
        fprintf(stderr, "simia book probe: %s\n", err);
        return 1;
    }
    if (!path) path = def;
    Book b;
    if (!book_load(&b, path, g, err)) {
        fprintf(stderr, "simia book probe: %s\n", err);
        return 1;
    }
    const GamePos *pos = engine_position(e);
    const BookEntry *first;
    size_t n = book_find(&b, g->key(pos), &first);
    uint64_t total = 0;
    for (size_t k = 0; k < n; k++)
        if (g->parse_move(pos, first[k].move) != MOVE_NONE) total += first[k].weight;
    g->print_pos(pos, fen);
    printf("Position: %s\nKey: %016" PRIx64 "\nBook: %s, %zu entr%s here\n", fen, g->key(pos), path, n,
           n == 1 ? "y" : "ies");
    for (size_t k = 0; k < n; k++) {
        bool legal = g->parse_move(pos, first[k].move) != MOVE_NONE;
        printf("  %-8s weight %5u (%3" PRIu64 "%%)  score %+6d%s\n", first[k].move, first[k].weight,
               legal && total ? (uint64_t)first[k].weight * 100 / total : 0, first[k].score,
               legal ? "" : "  (not legal here: a key collision)");
    }
    book_free(&b);
    return ferror(stdout) ? 1 : 0;
}

static int job_dump(Engine *e, int argc, char **argv) {
    const GameOps *g = engine_game(e);
    char def[4096];
    const char *path = argc > 0 ? argv[0] : NULL;
    char err[ERR_STR_MAX];
    if (!path && !book_default_path(g, def, sizeof def, err)) {
        fprintf(stderr, "simia book dump: %s\n", err);
        return 1;
    }
    if (!path) path = def;
    Book b;
    if (!book_load(&b, path, g, err)) {
        fprintf(stderr, "simia book dump: %s\n", err);
        return 1;
    }
    size_t positions = 0;
    for (size_t i = 0; i < b.count; i++) positions += i == 0 || b.entries[i].key != b.entries[i - 1].key;
    printf("# book %s: format %d, game %s, key check %016" PRIx64 ", %zu entries for %zu positions, built to %" PRIu32
           " plies at depth %" PRIu32 "\n# key move weight score learn\n",
           path, BOOK_VERSION, b.game, b.key_check, b.count, positions, b.plies, b.depth);
    for (size_t i = 0; i < b.count; i++)
        printf("%016" PRIx64 " %s %u %d %" PRIu32 "\n", b.entries[i].key, b.entries[i].move, b.entries[i].weight,
               b.entries[i].score, b.entries[i].learn);
    book_free(&b);
    return ferror(stdout) ? 1 : 0;
}

int book_cli_run(Engine *e, int argc, char **argv) {
    if (argc < 1) {
        fprintf(stderr, "simia book: which job? build, openings, probe or dump\n\n%s", BOOK_USAGE);
        return 2;
    }
    if (!strcmp(argv[0], "build")) return job_build(e, argc - 1, argv + 1);
    if (!strcmp(argv[0], "openings")) return job_openings(e, argc - 1, argv + 1);
    if (!strcmp(argv[0], "probe")) return job_probe(e, argc - 1, argv + 1);
    if (!strcmp(argv[0], "dump")) return job_dump(e, argc - 1, argv + 1);
    fprintf(stderr, "simia book: unknown job '%s'\n\n%s", argv[0], BOOK_USAGE);
    return 2;
}
