/* conversation.h — helpers for Check suites that talk to the real simia executable over pipes
 * (childproc.h): start, options, queries, the referee's answers, bestmove, quit; every wait bounded. */
#ifndef SIMIA_CONVERSATION_H
#define SIMIA_CONVERSATION_H

#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "childproc.h"

/* ms: a hang bound, far above anything a healthy engine needs here (sanitizer builds
 * included); tests bound hangs, never speed. */
#define WAIT 20000

/* The engine started playing game (--game NAME), or the default game for NULL. */
static inline Child *start_game(const char *game) {
    char *argv[] = {SIMIA_BINARY, "--game", (char *)game, NULL};
    if (!game) argv[1] = NULL;
    Child *c = child_start(argv);
    ck_assert_ptr_nonnull(c);
    return c;
}
static inline Child *start(void) { return start_game(NULL); }

static inline void send_ok(Child *c, const char *line) {
    ck_assert_msg(child_send(c, "%s", line), "send '%.80s'", line);
}

static inline void ready(Child *c) {
    send_ok(c, "isready");
    ck_assert_msg(child_expect(c, "readyok", WAIT), "no readyok; transcript:\n%.4000s", child_transcript(c));
}

static inline void quit(Child *c) {
    child_send(c, "quit");
    ck_assert_int_eq(child_wait(c, WAIT), 0);
    child_free(c);
}

/* Sends hello ("ugi" or "uci") and waits for its ok; each text given (NULL-ended) must stand in
 * what came before it: an option's whole line ending in '\n', or a part of one. Returns the
 * transcript (from hello on) for checks beyond that. */
static inline const char *announced(Child *c, const char *hello, const char *const *texts) {
    char ok[16];
    snprintf(ok, sizeof ok, "%sok", hello);
    child_transcript_reset(c);
    send_ok(c, hello);
    ck_assert_msg(child_expect(c, ok, WAIT), "no %s; transcript:\n%.4000s", ok, child_transcript(c));
    const char *t = child_transcript(c);
    for (; *texts; texts++) ck_assert_msg(strstr(t, *texts), "%s: no '%s' in:\n%.4000s", hello, *texts, t);
    return t;
}
#define ANNOUNCED(c, hello, ...) announced(c, hello, (const char *const[]){__VA_ARGS__, NULL})

/* The answer to a query: the second word of its response line (exactly two words). */
static char conversation_answer[64];
static inline const char *ask(Child *c, const char *what) {
    ck_assert(child_send(c, "query %s", what));
    const char *l = child_expect(c, "response ", WAIT);
    ck_assert_msg(l, "no response to query %s", what);
    ck_assert_msg(!strchr(l + 9, ' '), "response of more than two words: '%s'", l);
    snprintf(conversation_answer, sizeof conversation_answer, "%s", l + 9);
    return conversation_answer;
}

/* Sends a command, then isready, and returns how many error lines came in between (the
 * output of earlier commands is read first). */
static inline int errors_of(Child *c, const char *line) {
    ready(c);
    child_transcript_reset(c);
    send_ok(c, line);
    ready(c);
    return child_count(c, "info string error:");
}

/* The first line of `d` that starts with prefix, without the prefix (e.g. d_line(c,
 * "Status: ")); the output of earlier commands is read first. */
static char conversation_d_line[512];
static inline const char *d_line(Child *c, const char *prefix) {
    ready(c);
    child_transcript_reset(c);
    send_ok(c, "d");
    const char *l = child_expect(c, prefix, WAIT);
    ck_assert_msg(l, "no '%s' line; transcript:\n%.4000s", prefix, child_transcript(c));
    snprintf(conversation_d_line, sizeof conversation_d_line, "%s", l + strlen(prefix));
    return conversation_d_line;
}

/* The move of a bestmove line, checked to be exactly two words. */
static char conversation_best[64];
static inline const char *bestmove(Child *c, int timeout_ms) {
    const char *l = child_expect(c, "bestmove", timeout_ms);
    ck_assert_msg(l, "no bestmove; transcript:\n%.4000s", child_transcript(c));
    ck_assert_msg(!strncmp(l, "bestmove ", 9) && !strchr(l + 9, ' '), "bestmove line '%s'", l);
    snprintf(conversation_best, sizeof conversation_best, "%s", l + 9);
    return conversation_best;
}

/* The referee's answers at once: query gameover, result and (unless NULL) p1turn. */
static inline void referee(Child *c, const char *gameover, const char *result, const char *p1turn) {
    ck_assert_str_eq(ask(c, "gameover"), gameover);
    ck_assert_str_eq(ask(c, "result"), result);
    if (p1turn) ck_assert_str_eq(ask(c, "p1turn"), p1turn);
}

/* A position command that ends the game without an error: over, with result, and a go
 * there answers bestmove 0000. */
static inline void ends_with(Child *c, const char *position, const char *result) {
    ck_assert_msg(errors_of(c, position) == 0, "'%s': %s", position, child_transcript(c));
    referee(c, "true", result, NULL);
    ck_assert_int_eq(errors_of(c, "go depth 3"), 1);
    ck_assert_int_eq(child_count(c, "bestmove 0000"), 1);
}

/* A position command taken without an error, the game going on. */
static inline void goes_on(Child *c, const char *position) {
    ck_assert_msg(errors_of(c, position) == 0, "'%s': %s", position, child_transcript(c));
    referee(c, "false", "none", NULL);
}

/* ends_with, and d's Status line as given (its start: "game over, ... (reason"). */
static inline void ends_as(Child *c, const char *position, const char *result, const char *status) {
    ends_with(c, position, result);
    const char *l = d_line(c, "Status: ");
    ck_assert_msg(!strncmp(l, status, strlen(status)), "'%s': status '%s', not '%s'", position, l, status);
}

/* A bad position command: one error line that says why, no game to play (over, no result),
 * and a go there answers bestmove 0000. */
static inline void refused_position(Child *c, const char *position, const char *why) {
    ck_assert_msg(errors_of(c, position) == 1, "'%s': expected one error:\n%s", position, child_transcript(c));
    ck_assert_msg(strstr(child_transcript(c), why), "'%s': the error does not say '%s':\n%s", position, why,
                  child_transcript(c));
    referee(c, "true", "none", "true");
    ck_assert_int_eq(errors_of(c, "go depth 1"), 1);
    ck_assert_int_eq(child_count(c, "bestmove 0000"), 1);
}

/* The node count of go perft depth. */
static inline long perft_of(Child *c, int depth) {
    ck_assert(child_send(c, "go perft %d", depth));
    const char *l = child_expect(c, "Nodes searched: ", 3 * WAIT);
    ck_assert_msg(l, "no perft count; transcript:\n%.4000s", child_transcript(c));
    return atol(l + 16);
}

/* A position command whose moves forfeit the game (an illegal move, or a move after the end):
 * one error line, the game over, the result as given. */
static inline void forfeited(Child *c, const char *position, const char *result) {
    ck_assert_msg(errors_of(c, position) == 1, "'%s': expected one error:\n%s", position, child_transcript(c));
    referee(c, "true", result, NULL);
}

/* The first line of d starting with prefix holds want. */
static inline void d_says(Child *c, const char *prefix, const char *want) {
    const char *l = d_line(c, prefix);
    ck_assert_msg(strstr(l, want), "'%s%s' lacks '%s'", prefix, l, want);
}

/* A position command whose move at ply, bad, is illegal: forfeited, its error and d's reason
 * naming the move and the ply. */
static inline void illegal_at(Child *c, const char *position, const char *bad, int ply, const char *result) {
    char want[96];
    snprintf(want, sizeof want, "illegal move '%s' at ply %d", bad, ply);
    forfeited(c, position, result);
    ck_assert_msg(strstr(child_transcript(c), want), "'%s': the error does not say \"%s\":\n%s", position, want,
                  child_transcript(c));
    d_says(c, "Status: ", want);
}

#endif
