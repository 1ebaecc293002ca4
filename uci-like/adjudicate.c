/* adjudicate.c — when `simia datagen` scores a game without playing it out: a win once the
 * searches agree on a decided score for some plies in a row, a draw after a long dead stretch. */
#include "adjudicate.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Defaults: measured on a few hundred games a game (engine/nnue/DATA.md). */
#define WIN_SCORE 1500
#define WIN_PLIES 4
#define DRAW_SCORE 10
#define DRAW_PLIES 8
#define DRAW_AFTER 40
/* A forced win both players' searches see (two plies in a row) ends the game at once. */
#define FORCED_PLIES 2

void adjudication_defaults(Adjudication *a) {
    *a = (Adjudication){.win_score = WIN_SCORE,
                        .win_plies = WIN_PLIES,
                        .draw_score = DRAW_SCORE,
                        .draw_plies = DRAW_PLIES,
                        .draw_after = DRAW_AFTER};
}

/* n numbers separated by ':' (each within its range), or "off": false for anything else. */
static bool parse_fields(const char *text, int n, const int *lo, const int *hi, int *out, bool *off) {
    *off = text && !strcmp(text, "off");
    if (*off) return true;
    const char *s = text;
    for (int i = 0; i < n; i++) {
        if (!s || *s < '0' || *s > '9') return false;
        char *end;
        errno = 0;
        long v = strtol(s, &end, 10);
        if (errno || v < lo[i] || v > hi[i] || *end != (i + 1 < n ? ':' : '\0')) return false;
        out[i] = (int)v;
        s = end + 1;
    }
    return true;
}

bool adjudication_parse_win(Adjudication *a, const char *text, char *err) {
    static const int lo[] = {1, 1}, hi[] = {SCORE_WIN, 1000};
    int v[2];
    bool off;
    if (!parse_fields(text, 2, lo, hi, v, &off)) {
        snprintf(err, ERR_STR_MAX, "--adjudicate-win needs SCORE:PLIES (SCORE 1..%d, PLIES 1..1000) or off, not '%.60s'",
                 SCORE_WIN, text ? text : "(nothing)");
        return false;
    }
    a->win_plies = off ? 0 : v[1];
    if (!off) a->win_score = v[0];
    return true;
}

bool adjudication_parse_draw(Adjudication *a, const char *text, char *err) {
    static const int lo[] = {0, 1, 0}, hi[] = {SCORE_WIN_MIN - 1, 1000, 1000000};
    int v[3];
    bool off;
    if (!parse_fields(text, 3, lo, hi, v, &off)) {
        snprintf(err, ERR_STR_MAX,
                 "--adjudicate-draw needs SCORE:PLIES:AFTER (SCORE 0..%d, PLIES 1..1000, AFTER 0..1000000) or off, "
                 "not '%.60s'",
                 SCORE_WIN_MIN - 1, text ? text : "(nothing)");
        return false;
    }
    a->draw_plies = off ? 0 : v[1];
    if (!off) a->draw_score = v[0], a->draw_after = v[2];
    return true;
}

void adjudication_describe(const Adjudication *a, bool draws, char *out, size_t size) {
    char win[64] = "no win adjudication", draw[96] = "no draw adjudication";
    if (a->win_plies)
        snprintf(win, sizeof win, "a win at %d+ for %d plies (a forced win for %d)", a->win_score, a->win_plies,
                 FORCED_PLIES);
    if (!draws) snprintf(draw, sizeof draw, "no draws in this game");
    else if (a->draw_plies)
        snprintf(draw, sizeof draw, "a draw within +-%d for %d plies from ply %d", a->draw_score, a->draw_plies,
                 a->draw_after);
    snprintf(out, size, "%s, %s", win, draw);
}

GameResult adjudication_step(const Adjudication *a, AdjudicationState *s, bool draws, int ply, int player,
                             Score score, bool scored) {
    if (!scored) {
        s->win_run = s->forced_run = s->draw_run = 0;
        return RESULT_NONE;
    }
    /* The score for player 1: a run is the same player's win seen from both sides. */
    Score p1 = player == PLAYER_1 ? score : -score;
    int leader = p1 > 0 ? PLAYER_1 : PLAYER_2;
    if (p1 >= a->win_score || -p1 >= a->win_score) {
        s->win_run = s->win_run && s->win_player == leader ? s->win_run + 1 : 1;
        s->win_player = leader;
    } else {
        s->win_run = 0;
    }
    if (p1 >= SCORE_WIN_MIN || -p1 >= SCORE_WIN_MIN) {
        s->forced_run = s->forced_run && s->forced_player == leader ? s->forced_run + 1 : 1;
        s->forced_player = leader;
    } else {
        s->forced_run = 0;
    }
    s->draw_run = ply >= a->draw_after && score <= a->draw_score && score >= -a->draw_score ? s->draw_run + 1 : 0;
    if (a->win_plies && s->forced_run >= FORCED_PLIES)
        return s->forced_player == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN;
    if (a->win_plies && s->win_run >= a->win_plies) return s->win_player == PLAYER_1 ? RESULT_P1_WIN : RESULT_P2_WIN;
    if (draws && a->draw_plies && s->draw_run >= a->draw_plies) return RESULT_DRAW;
    return RESULT_NONE;
}
