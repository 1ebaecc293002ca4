/* selfplay.c — the `simia selfplay` job: one fast game of the engine against itself,
 * printed move by move with the board and the result, optionally saved as a record. */
#include "selfplay.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "output.h"

const char SELFPLAY_USAGE[] =
    "  simia selfplay [--movetime MS] [--depth N] [--nodes N] [--fen POSITION]\n"
    "                 [--option NAME=VALUE]... [--max-plies N] [--quiet] [--out FILE]\n"
    "      Plays one game against itself and prints every move with the board, then the\n"
    "      result. Each move is searched with the given limits (default: --movetime 100).\n"
    "      --fen starts from a position string instead of the start position; --option sets\n"
    "      an engine option (e.g. --option PieRule=false); --max-plies ends an overlong game\n"
    "      unfinished (default 1000); --quiet prints the moves without boards; --out writes\n"
    "      the game as one line 'position startpos|fen ... moves ...' that the protocol's\n"
    "      position command accepts.\n";

static bool parse_count(const char *flag, const char *s, int64_t min, int64_t *out) {
    char *end;
    errno = 0;
    long long v = s ? strtoll(s, &end, 10) : 0;
    if (!s || end == s || *end || errno || v < min) {
        fprintf(stderr, "simia selfplay: %s needs a number >= %" PRId64 "\n", flag, min);
        return false;
    }
    *out = v;
    return true;
}

/* Appends " word" to a growing string. */
static bool append(char **s, size_t *len, size_t *cap, const char *word) {
    size_t w = strlen(word);
    if (*len + w + 2 > *cap) {
        size_t c = (*cap ? *cap * 2 : 1024) + w;
        char *n = realloc(*s, c);
        if (!n) return false;
        *s = n, *cap = c;
    }
    (*s)[(*len)++] = ' ';
    memcpy(*s + *len, word, w + 1);
    *len += w;
    return true;
}

/* The result as `query result` names it, then in words with why the game ended:
 * "p2win (player 2 wins: Ivory's queen captured)", "draw (...)", "none (unfinished)". */
static void print_result(Engine *e, int plies) {
    static const char *const CODE[] = {[RESULT_NONE] = "none", [RESULT_P1_WIN] = "p1win",
                                       [RESULT_P2_WIN] = "p2win", [RESULT_DRAW] = "draw"};
    static const char *const WORDS[] = {[RESULT_NONE] = "unfinished", [RESULT_P1_WIN] = "player 1 wins",
                                        [RESULT_P2_WIN] = "player 2 wins", [RESULT_DRAW] = ""};
    GameResult r = engine_result(e);
    char why[ERR_STR_MAX], text[ERR_STR_MAX + 32];
    engine_end_reason(e, why, sizeof why);
    snprintf(text, sizeof text, "%s%s%s", WORDS[r], WORDS[r][0] && why[0] ? ": " : "", why);
    output_line("Result: %s%s%s%s after %d plies", CODE[r], text[0] ? " (" : "", text, text[0] ? ")" : "", plies);
}

int selfplay_run(Engine *e, int argc, char **argv) {
    SearchLimits limits;
    search_limits_init(&limits);
    const char *fen = NULL, *out_path = NULL;
    int64_t max_plies = 1000, v;
    bool quiet = false, limited = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *next = i + 1 < argc ? argv[i + 1] : NULL;
        char err[ERR_STR_MAX];
        if (!strcmp(a, "--movetime")) {
            if (!parse_count(a, next, 1, &v)) return 2;
            limits.movetime = v, limited = true, i++;
        } else if (!strcmp(a, "--depth")) {
            if (!parse_count(a, next, 1, &v)) return 2;
            limits.depth = v < MAX_PLY - 1 ? (int)v : MAX_PLY - 1, limited = true, i++;
        } else if (!strcmp(a, "--nodes")) {
            if (!parse_count(a, next, 1, &v)) return 2;
            limits.nodes = (uint64_t)v, limited = true, i++;
        } else if (!strcmp(a, "--max-plies")) {
            if (!parse_count(a, next, 1, &max_plies)) return 2;
            i++;
        } else if (!strcmp(a, "--fen") && next) {
            fen = next, i++;
        } else if (!strcmp(a, "--out") && next) {
            out_path = next, i++;
        } else if (!strcmp(a, "--option") && next) {
            char name[256];
            const char *eq = strchr(next, '=');
            if (!eq || eq == next || (size_t)(eq - next) >= sizeof name) {
                fprintf(stderr, "simia selfplay: --option needs NAME=VALUE, not '%s'\n", next);
                return 2;
            }
            memcpy(name, next, (size_t)(eq - next));
            name[eq - next] = '\0';
            if (!engine_set_option(e, name, eq + 1, err)) {
                fprintf(stderr, "simia selfplay: %s\n", err);
                return 2;
            }
            i++;
        } else if (!strcmp(a, "--quiet")) {
            quiet = true;
        } else {
            fprintf(stderr, "simia selfplay: unknown or incomplete argument '%s'\n%s", a, SELFPLAY_USAGE);
            return 2;
        }
    }
    if (!limited) limits.movetime = 100;

    const GameOps *g = engine_game(e);
    char err[ERR_STR_MAX];
    if (!engine_set_position(e, fen, NULL, 0, err)) {
        fprintf(stderr, "simia selfplay: %s\n", err);
        return 2;
    }
    char *record = NULL;
    size_t rlen = 0, rcap = 0;
    char(*moves)[MOVE_STR_MAX] = NULL;
    const char **ptrs = NULL;
    int n_moves = 0;
    bool ok = append(&record, &rlen, &rcap, "position") &&
              append(&record, &rlen, &rcap, fen ? "fen" : "startpos") && (!fen || append(&record, &rlen, &rcap, fen)) &&
              append(&record, &rlen, &rcap, "moves");
    char text[16384];
    /* How to read what follows, once: the board's symbols (the game's words) and whose view
     * a score takes, which a newcomer cannot guess from "I20" or "+891". */
    output_line("Legend (%s): %s; a score is the mover's (+: good for the player who moves)", g->title, g->legend);
    if (!quiet) {
        g->display(engine_position(e), text, sizeof text);
        output_text(text);
    }
    while (ok && !engine_game_over(e) && n_moves < max_plies && !output_closed()) {
        SearchRequest rq = {.position = fen, .moves = ptrs, .n_moves = n_moves, .limits = limits};
        SearchResult rep;
        int mover = engine_player_to_move(e);
        if (!engine_search(e, &rq, &rep, err)) {
            fprintf(stderr, "simia selfplay: %s\n", err);
            ok = false;
            break;
        }
        char ms[MOVE_STR_MAX];
        g->print_move(engine_position(e), rep.best, ms);
        char score[32];
        if (rep.score > SCORE_WIN_MIN || rep.score < -SCORE_WIN_MIN)
        {
            int plies = SCORE_WIN - (rep.score > 0 ? rep.score : -rep.score);
            snprintf(score, sizeof score, "%s in %d %s", rep.score > 0 ? "win" : "loss", plies,
                     plies == 1 ? "ply" : "plies");
        }
        else snprintf(score, sizeof score, "%+d", (int)rep.score);
        output_line("ply %d: player %d plays %s   (depth %d, score %s for player %d, %" PRIu64 " nodes, %" PRId64 " ms)",
                    n_moves + 1, mover + 1, ms, rep.depth, score, mover + 1, rep.nodes, rep.time_ms);
        /* The record, and the replay: every move goes through the referee again. */
        char(*grown)[MOVE_STR_MAX] = realloc(moves, sizeof *moves * (size_t)(n_moves + 1));
        const char **grown_ptrs = realloc(ptrs, sizeof *ptrs * (size_t)(n_moves + 1));
        if (grown) moves = grown;
        if (grown_ptrs) ptrs = grown_ptrs;
        if (!grown || !grown_ptrs || !append(&record, &rlen, &rcap, ms)) {
            ok = false;
            break;
        }
        memcpy(moves[n_moves++], ms, MOVE_STR_MAX);
        for (int k = 0; k < n_moves; k++) ptrs[k] = moves[k];
        if (!engine_set_position(e, fen, ptrs, n_moves, err)) {
            fprintf(stderr, "simia selfplay: internal error, the engine's move was refused: %s\n", err);
            ok = false;
            break;
        }
        if (!quiet) {
            g->display(engine_position(e), text, sizeof text);
            output_text(text);
        }
    }
    free(moves);
    free(ptrs);
    if (ok) {
        print_result(e, n_moves);
        if (out_path) {
            FILE *f = fopen(out_path, "w");
            if (!f || fprintf(f, "%s\n", record + 1) < 0 || fclose(f)) {
                fprintf(stderr, "simia selfplay: cannot write %s: %s\n", out_path, strerror(errno));
                ok = false;
            } else {
                output_line("Game record written to %s", out_path);
            }
        }
    }
    free(record);
    return ok ? 0 : 1;
}
