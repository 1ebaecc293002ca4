/* main.c — the simia executable: with no arguments the UGI loop, with arguments one-shot
 * jobs (perft, selfplay, datagen, bench, --version, --help) that print their result and exit. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "bench/bench.h"
#include "book/book_cli.h"
#include "book/book_play.h"
#include "engine/engine.h"
#include "engine/games/registry.h"
#include "engine/perft.h"
#include "output.h"
#include "datagen.h"
#include "selfplay.h"
#include "ugi.h"

#ifndef SIMIA_VERSION
#define SIMIA_VERSION "dev"
#endif

static void usage(FILE *f) {
    fprintf(f,
            "Simia %s, a game engine for abstract strategy board games.\n"
            "\n"
            "Games (--game NAME; the default is %s):\n",
            SIMIA_VERSION, game_default()->name);
    for (int i = 0; i < GAMES_COUNT; i++) fprintf(f, "  %-16s %s\n", GAMES[i]->name, GAMES[i]->title);
    fprintf(f,
            "\n"
            "Usage:\n"
            "  simia [--game NAME]\n"
            "      Speaks UGI (UCI generalised to any two-player game) on stdin/stdout: what\n"
            "      tournament managers and GUIs run. Type 'ugi' to see its options, 'quit' to leave.\n"
            "      --game NAME chooses the game (as the option Game does); it goes with every job\n"
            "      below too, anywhere on the line (e.g. simia --game %s perft 3).\n"
            "  simia perft DEPTH [startpos | POSITION] [moves MOVE...]\n"
            "      Counts the leaves of the legal-move tree DEPTH plies deep, one line per move\n"
            "      and a total (the time goes to stderr). POSITION is a position string, quoted\n"
            "      or not; the moves are played from it first.\n"
            "%s"
            "%s"
            "%s"
            "%s"
            "  simia --version    prints the name and version.\n"
            "  simia --help       prints this text.\n",
            GAMES[GAMES_COUNT - 1]->name, SELFPLAY_USAGE, DATAGEN_USAGE, BOOK_USAGE, BENCH_USAGE);
}

/* Takes `--game NAME` (or `--game=NAME`) out of argv, wherever it stands; returns the game
 * (the default without it; *named says which) or NULL with a message on stderr for an
 * unknown or missing name. */
static const GameOps *take_game(int *argc, char **argv, bool *named) {
    const char *name = NULL;
    int out = 1;
    for (int i = 1; i < *argc; i++) {
        if (!strcmp(argv[i], "--game") || !strncmp(argv[i], "--game=", 7)) {
            const char *v = argv[i][6] == '=' ? argv[i] + 7 : i + 1 < *argc ? argv[++i] : NULL;
            if (!v || !*v) {
                fprintf(stderr, "simia: --game needs a game's name\n");
                return NULL;
            }
            name = v;
            continue;
        }
        argv[out++] = argv[i];
    }
    *argc = out;
    argv[out] = NULL;
    *named = name != NULL;
    if (!name) return game_default();
    const GameOps *g = game_find(name);
    if (!g) {
        char names[512];
        game_names(names, sizeof names, ", ");
        fprintf(stderr, "simia: unknown game '%.64s'; the games are: %s\n", name, names);
    }
    return g;
}

static int64_t now_ms(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

/* simia perft DEPTH [startpos | POSITION...] [moves MOVE...] */
static int job_perft(Engine *e, int argc, char **argv) {
    char *end;
    errno = 0;
    long depth = argc > 0 ? strtol(argv[0], &end, 10) : -1;
    if (argc < 1 || end == argv[0] || *end || errno || depth < 0 || depth > 32) {
        fprintf(stderr, "simia perft: the depth must be a number 0..32\n");
        return 2;
    }
    int i = 1, moves_at = argc;
    for (int k = 1; k < argc; k++)
        if (!strcmp(argv[k], "moves")) {
            moves_at = k;
            break;
        }
    /* The position string: the arguments before "moves", joined (quoted or not). */
    size_t len = 1;
    for (int k = i; k < moves_at; k++) len += strlen(argv[k]) + 1;
    char *fen = calloc(1, len);
    if (!fen) return 1;
    for (int k = i; k < moves_at; k++) {
        if (k > i) strcat(fen, " ");
        strcat(fen, argv[k]);
    }
    bool start = !*fen || !strcmp(fen, "startpos");
    char err[ERR_STR_MAX];
    int n_moves = moves_at < argc ? argc - moves_at - 1 : 0;
    bool ok = engine_set_position(e, start ? NULL : fen, (const char *const *)argv + moves_at + 1, n_moves, err);
    free(fen);
    if (!ok) {
        fprintf(stderr, "simia perft: %s\n", err);
        return 2;
    }
    GamePos p = *engine_position(e);
    int64_t t0 = now_ms();
    uint64_t nodes = perft_divide(engine_game(e), &p, (int)depth, stdout);
    int64_t ms = now_ms() - t0;
    fflush(stdout);
    fprintf(stderr, "%" PRIu64 " leaves in %" PRId64 " ms (%" PRIu64 " leaves/s)\n", nodes, ms,
            nodes * 1000 / (uint64_t)(ms > 0 ? ms : 1));
    return ferror(stdout) ? 1 : 0;
}

int main(int argc, char **argv) {
    output_init();
    bool game_named;
    const GameOps *game = take_game(&argc, argv, &game_named);
    if (!game) return 2;
    if (argc >= 2 && (!strcmp(argv[1], "--version") || !strcmp(argv[1], "-v"))) {
        printf("Simia %s\n", SIMIA_VERSION);
        return 0;
    }
    if (argc >= 2 && (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help"))) {
        usage(stdout);
        return 0;
    }
    Engine *e = engine_create(game);
    if (!e) {
        fprintf(stderr, "simia: out of memory\n");
        return 1;
    }
    BookPlayer *book = book_player_attach(e); /* the book's options, before the first `ugi` */
    if (!book) {
        engine_destroy(e);
        fprintf(stderr, "simia: out of memory\n");
        return 1;
    }
    int rc;
    if (argc < 2) {
        Ugi *u = ugi_create(e);
        rc = u ? ugi_loop(u, STDIN_FILENO) : 1;
        ugi_destroy(u);
    } else if (!strcmp(argv[1], "perft")) {
        rc = job_perft(e, argc - 2, argv + 2);
    } else if (!strcmp(argv[1], "selfplay")) {
        rc = selfplay_run(e, argc - 2, argv + 2);
    } else if (!strcmp(argv[1], "datagen")) {
        rc = datagen_run(e, game_named, argc - 2, argv + 2);
    } else if (!strcmp(argv[1], "book")) {
        rc = book_cli_run(e, argc - 2, argv + 2);
    } else if (!strcmp(argv[1], "bench")) {
        char err[ERR_STR_MAX];
        rc = bench_main(e, argc - 2, argv + 2, stdout, err);
        if (rc) fprintf(stderr, "simia bench: %s\n", err);
    } else {
        fprintf(stderr, "simia: unknown job '%s'\n\n", argv[1]);
        usage(stderr);
        rc = 2;
    }
    engine_destroy(e);
    book_player_free(book);
    output_shutdown();
    return rc;
}
