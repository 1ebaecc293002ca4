/* player.c — the UGI loop of the reference opponents: handshake, options (Game switches
 * the game; the rest are accepted), positions refereed by the engine object, queries, and
 * go answered at once with the player's move. */
#include "player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <time.h>
#include <unistd.h>

#include "engine/games/registry.h"

int player_moves(const GameOps *g, const GamePos *pos, Move *list) { return g->gen_moves(pos, list, GEN_ALL); }

#define MAX_TOKENS 4096

/* position startpos|fen <string...> [moves ...] */
static void set_position(Engine *e, char **tok, int n) {
    char err[ERR_STR_MAX], fen[POS_STR_MAX] = "";
    int i = 1, moves_at = n;
    for (int k = 1; k < n; k++)
        if (!strcasecmp(tok[k], "moves")) {
            moves_at = k;
            break;
        }
    const char *f = NULL;
    if (i < n && !strcasecmp(tok[i], "fen")) {
        for (int k = i + 1; k < moves_at; k++) {
            if (strlen(fen) + strlen(tok[k]) + 2 >= sizeof fen) break;
            if (k > i + 1) strcat(fen, " ");
            strcat(fen, tok[k]);
        }
        f = fen;
    }
    int n_moves = moves_at < n ? n - moves_at - 1 : 0;
    if (!engine_set_position(e, f, (const char *const *)tok + moves_at + 1, n_moves, err))
        printf("info string error: %s\n", err);
}

/* setoption name NAME [value VALUE]: the engine object keeps the game's options (Game and
 * the rules' options, which the referee needs); an unknown one is told, not fatal. */
static void set_option(Engine *e, char **tok, int n) {
    char name[256] = "", value[256] = "", err[ERR_STR_MAX];
    int i = 2;
    for (; i < n && strcasecmp(tok[i], "value"); i++)
        if (strlen(name) + strlen(tok[i]) + 2 < sizeof name) strcat(strcat(name, *name ? " " : ""), tok[i]);
    bool has_value = i < n;
    for (i++; i < n; i++)
        if (strlen(value) + strlen(tok[i]) + 2 < sizeof value) strcat(strcat(value, *value ? " " : ""), tok[i]);
    if (n < 3 || strcasecmp(tok[1], "name"))
        printf("info string error: setoption: expected 'setoption name <name> [value <value>]'\n");
    else if (!engine_set_option(e, name, has_value ? value : NULL, err))
        printf("info string error: setoption: %s\n", err);
}

static void answer_query(Engine *e, const char *what) {
    if (!what) what = "";
    if (!strcasecmp(what, "gameover")) printf("response %s\n", engine_game_over(e) ? "true" : "false");
    else if (!strcasecmp(what, "p1turn")) printf("response %s\n", engine_player_to_move(e) == PLAYER_1 ? "true" : "false");
    else if (!strcasecmp(what, "result")) {
        GameResult r = engine_result(e);
        printf("response %s\n", r == RESULT_P1_WIN ? "p1win" : r == RESULT_P2_WIN ? "p2win" : r == RESULT_DRAW ? "draw" : "none");
    } else
        printf("response unknown\n");
}

int player_main(const char *name, ChooseMove choose, int argc, char **argv) {
    const GameOps *g = game_default();
    uint64_t seed = (uint64_t)time(NULL) * 1000003u ^ (uint64_t)getpid();
    for (int i = 1; i + 1 < argc; i++) {
        if (!strcmp(argv[i], "--seed")) seed = strtoull(argv[i + 1], NULL, 10);
        if (!strcmp(argv[i], "--game") && !(g = game_find(argv[i + 1]))) {
            char names[512];
            game_names(names, sizeof names, ", ");
            fprintf(stderr, "%s: unknown game '%s'; the games are: %s\n", name, argv[i + 1], names);
            return 2;
        }
    }
    Engine *e = engine_create(g);
    if (!e) return 1;
    Prng rng = {seed};
    setvbuf(stdout, NULL, _IOLBF, 0);
    static char line[1 << 20];
    static char *tok[MAX_TOKENS];
    while (fgets(line, sizeof line, stdin)) {
        g = engine_game(e);
        int n = 0;
        for (char *t = strtok(line, " \t\r\n"); t && n < MAX_TOKENS; t = strtok(NULL, " \t\r\n")) tok[n++] = t;
        if (n == 0) continue;
        const char *c = tok[0];
        if (!strcasecmp(c, "ugi") || !strcasecmp(c, "uci")) {
            printf("id name %s\nid author the Simia developers\n%s\n", name, strcasecmp(c, "uci") ? "ugiok" : "uciok");
        } else if (!strcasecmp(c, "isready")) {
            printf("readyok\n");
        } else if (!strcasecmp(c, "setoption")) {
            set_option(e, tok, n);
            g = engine_game(e);
        } else if (!strcasecmp(c, "position")) {
            set_position(e, tok, n);
        } else if (!strcasecmp(c, "query")) {
            answer_query(e, n > 1 ? tok[1] : NULL);
        } else if (!strcasecmp(c, "go")) {
            char ms[MOVE_STR_MAX] = "0000";
            if (!engine_game_over(e)) g->print_move(engine_position(e), choose(g, engine_position(e), &rng), ms);
            printf("bestmove %s\n", ms);
        } else if (!strcasecmp(c, "quit")) {
            break;
        }
        fflush(stdout);
    }
    engine_destroy(e);
    return 0;
}
